"""House tables saved by name (issue 13), driven by posted mouse clicks and typed keys:
Custom rules, a switch, a name, Save, the rule set list, a match, a restart, Delete."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import dataclasses
import json
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox, UITextEntryLine

from canasta_game.engine.rules import PRESETS
from canasta_game.i18n import LANGUAGES, _, set_language
from canasta_game.persistence import DataDirs
from canasta_game.persistence.house_tables import HouseTable
from canasta_game.ui.shell.boot import build_context
from canasta_game.ui.shell.custom_rules_screen import ROW_H, CustomRulesScreen
from canasta_game.ui.shell.driver import ShellDriver
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.gui_scene import GuiScene
from canasta_game.ui.shell.house_rules import options_of, table_check
from canasta_game.ui.shell.match_setup import PLAYER_COUNTS, presets_for
from canasta_game.ui.shell.new_game_screen import NewGameScreen

NAME = "Babička's table"


@pytest.fixture(autouse=True)
def _private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def start(folder: Path, size: tuple[int, int] = (1280, 800)) -> tuple[ShellDriver, Flow]:
    ctx = build_context(DataDirs(folder), size=size, headless=True)
    flow = Flow(ctx)
    flow.boot()
    driver = ShellDriver(ctx)
    driver.frames(2)
    return driver, flow


def stop(driver: ShellDriver) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    driver.frames(1)
    driver.ctx.stack.close_all()


def custom_screen(driver: ShellDriver) -> CustomRulesScreen:
    top = driver.ctx.stack.top
    assert isinstance(top, CustomRulesScreen)
    return top


def page_with(driver: ShellDriver, field: str) -> CustomRulesScreen:
    """Turn the pages with Next until ``field``'s switch or values are shown."""
    screen = custom_screen(driver)
    while field not in screen.controls:
        driver.click(_("Next"))
    return screen


def choose(driver: ShellDriver, menu: UIDropDownMenu, text: str) -> None:
    """Open a drop-down with a click and click the line ``text`` in it."""
    driver.click_at(menu.rect.center)
    line = driver.in_list(text)
    if line is not None and line.rect.center == menu.rect.center:  # the closed menu's face
        line = None
    assert line is not None, f"{text!r} is not offered"
    driver.click_at(line.rect.center, frames=8)  # press, selection, change: frames apart


def type_name(driver: ShellDriver, text: str) -> None:
    entry = next(iter(driver.visible(UITextEntryLine)))
    driver.click_at(entry.rect.center)
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    driver.frames(3)


def rule_set_menu(driver: ShellDriver) -> UIDropDownMenu:
    """New game's rule set list (the drop-down in the Rules row, above Play to)."""
    menus = sorted(driver.visible(UIDropDownMenu), key=lambda m: m.rect.y)
    return menus[0]  # type: ignore[return-value]


def shown(menu: UIDropDownMenu) -> str:
    return menu.selected_option[0]


def save_a_table(driver: ShellDriver) -> None:
    """New game -> Custom rules -> black threes freeze, 13 cards, a name -> Save."""
    driver.click(_("New game"))
    driver.click(_("Custom rules"))
    screen = page_with(driver, "b3_freeze")
    driver.click_at(screen.controls["b3_freeze"].rect.center)  # type: ignore[attr-defined]
    screen = page_with(driver, "deal_size")
    choose(driver, screen.controls["deal_size"], "13")  # type: ignore[arg-type]
    type_name(driver, NAME)
    driver.click(_("Save"))


def test_a_house_table_is_saved_played_and_found_again_after_a_restart(tmp_path: Path) -> None:
    driver, flow = start(tmp_path)
    save_a_table(driver)
    assert isinstance(driver.ctx.stack.top, NewGameScreen)
    assert shown(rule_set_menu(driver)) == _("{name} (house rules)").format(name=NAME)
    driver.click(_("Start"))
    assert flow.session is not None
    rules = flow.session.rules
    assert rules.b3_freeze and rules.deal_size == 13
    assert driver.ctx.settings.house == NAME
    stop(driver)

    driver, flow = start(tmp_path)  # a restart: the table is read from disk again
    driver.click(_("Continue"))
    assert flow.session is not None
    assert flow.session.rules == rules  # the saved match resumes under the house table
    flow.show_start()
    driver.frames(2)
    driver.click(_("New game"))
    menu = rule_set_menu(driver)
    assert shown(menu) == _("{name} (house rules)").format(name=NAME)
    choose(driver, menu, _("Classic, two partnerships"))
    assert driver.ctx.stack.top.draft.options == {}  # type: ignore[union-attr]
    choose(driver, rule_set_menu(driver), _("{name} (house rules)").format(name=NAME))
    driver.click(_("Start"))
    assert flow.session is not None and flow.session.rules == rules
    stop(driver)


def test_a_house_table_can_be_deleted(tmp_path: Path) -> None:
    driver, _flow = start(tmp_path)
    save_a_table(driver)
    folder = DataDirs(tmp_path).house_tables_dir
    assert len(list(folder.glob("*.json"))) == 1
    driver.click(_("Custom rules"))
    assert custom_screen(driver).table is not None  # editing the saved table
    driver.click(_("Delete"))
    assert isinstance(driver.ctx.stack.top, NewGameScreen)
    assert shown(rule_set_menu(driver)) == _("Classic, two partnerships")
    assert list(folder.iterdir()) == []  # the file and its backup
    stop(driver)
    driver, _flow = start(tmp_path)
    driver.click(_("New game"))
    driver.click_at(rule_set_menu(driver).rect.center)
    texts = {getattr(b, "text", "") for b in driver.visible(UIButton)}
    assert _("{name} (house rules)").format(name=NAME) not in texts
    stop(driver)


def test_c_deal_an_impossible_combination_is_refused_beside_its_switch(tmp_path: Path) -> None:
    """C-DEAL: 21 cards to each of four players leave no stock; the engine refuses, the
    value stays 11, and the reason is written in the row of that switch."""
    driver, _flow = start(tmp_path)
    driver.click(_("New game"))
    driver.click(_("Custom rules"))
    screen = page_with(driver, "deal_size")
    choose(driver, screen.controls["deal_size"], "21")  # type: ignore[arg-type]
    screen = custom_screen(driver)
    assert "deal_size" not in screen.options
    menu = screen.controls["deal_size"]
    assert shown(menu) == "11"  # type: ignore[arg-type]
    reason = table_check(HouseTable(name="t", base="classic-4", options={"deal_size": 21}))
    rows = [box for box in driver.visible(UITextBox) if reason in box.html_text]
    assert len(rows) == 1
    assert _("Cards dealt to each player") in rows[0].html_text
    assert abs(rows[0].rect.top - menu.rect.top) < 20  # next to the switch  # type: ignore[attr-defined]
    choose(driver, custom_screen(driver).controls["deal_size"], "13")  # type: ignore[arg-type]
    assert custom_screen(driver).options == {"deal_size": 13}
    assert not [box for box in driver.visible(UITextBox) if reason in box.html_text]
    stop(driver)


def test_hf_17_a_hand_and_foot_table_picks_its_book_quota(tmp_path: Path) -> None:
    """HF-17: Custom rules of Hand and Foot shows Whitnack's quota, offers the others, and a
    saved table deals the one picked (the going-out check reads it from the rules)."""
    driver, flow = start(tmp_path)
    driver.click(_("New game"))
    choose(driver, rule_set_menu(driver), _("Hand and Foot"))
    driver.click(_("Custom rules"))
    screen = page_with(driver, "book_quota")
    assert shown(screen.controls["book_quota"]) == _("2 clean, 2 dirty, 1 wild")  # type: ignore[arg-type]
    choose(driver, screen.controls["book_quota"], _("1 clean, 1 dirty"))  # type: ignore[arg-type]
    assert custom_screen(driver).options == {"book_quota": "1,1,0"}
    type_name(driver, NAME)
    driver.click(_("Save"))
    assert isinstance(driver.ctx.stack.top, NewGameScreen)
    driver.click(_("Start"))
    assert flow.session is not None and flow.session.rules.book_quota == (1, 1, 0)
    stop(driver)


def test_saving_needs_a_name(tmp_path: Path) -> None:
    driver, _flow = start(tmp_path)
    driver.click(_("New game"))
    driver.click(_("Custom rules"))
    driver.click(_("Save"))
    assert isinstance(driver.ctx.stack.top, CustomRulesScreen)
    labels = [getattr(label, "text", "") for label in driver.visible(UILabel)]
    assert _("Type a name for these rules first.") in labels
    assert not DataDirs(tmp_path).house_tables_dir.exists()
    stop(driver)


def write_table(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def table_json(name: str, **options: object) -> str:
    document = {
        "schema_version": 1,
        "kind": "house-table",
        "name": name,
        "base": "classic-4",
        "options": options,
    }
    return json.dumps(document)


def test_damaged_and_impossible_tables_are_explained_kept_aside_and_never_offered(
    tmp_path: Path,
) -> None:
    folder = DataDirs(tmp_path).house_tables_dir
    write_table(folder, "good.json", table_json("Good", target=10000))
    write_table(folder, "broken.json", '{"schema_version": 1, "kind": "house-ta')
    write_table(folder, "impossible.json", table_json("Huge hands", deal_size=30))
    driver, flow = start(tmp_path)
    driver.click(_("New game"))
    notices = " ".join(driver.ctx.notices.texts())
    assert "broken.corrupt-" in notices and "impossible.corrupt-" in notices
    why = table_check(HouseTable(name="t", base="classic-4", options={"deal_size": 30}))
    assert why is not None and "146" in why
    assert why in notices  # the reason it cannot be dealt (C-DEAL)
    kept = sorted(p.name.split(".")[0] for p in folder.iterdir())
    assert kept == ["broken", "good", "impossible"]  # set aside, not deleted
    assert not (folder / "impossible.json").exists()
    driver.click_at(rule_set_menu(driver).rect.center)
    assert driver.in_list(_("{name} (house rules)").format(name="Good")) is not None
    assert driver.in_list(_("{name} (house rules)").format(name="Huge hands")) is None
    driver.click_at(rule_set_menu(driver).rect.center)  # close the list
    driver.click(_("Start"))
    top = driver.ctx.stack.top
    assert top is not None and not isinstance(top, GuiScene)
    assert flow.session is not None and flow.session.rules.deal_size == 11
    stop(driver)


def test_a_chosen_table_that_was_set_aside_is_not_dealt_from_the_settings(
    tmp_path: Path,
) -> None:
    """Settings still name the table and hold its options; once its file is damaged, New
    game falls back to the base rules rather than dealing the lost table's options."""
    driver, flow = start(tmp_path)
    save_a_table(driver)
    driver.click(_("Start"))  # the choice is remembered when a match starts
    stop(driver)
    for path in DataDirs(tmp_path).house_tables_dir.glob("*.json"):
        path.write_text("{", encoding="utf-8")
    driver, flow = start(tmp_path)
    assert driver.ctx.settings.house == NAME  # not yet known to be lost
    driver.click(_("New game"))
    assert shown(rule_set_menu(driver)) == _("Classic, two partnerships")
    driver.click(_("Start"))
    assert flow.session is not None
    assert flow.session.rules.deal_size == 11 and not flow.session.rules.b3_freeze
    stop(driver)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_option_sentence_is_shown_whole_in_every_language(
    tmp_path: Path, language: str
) -> None:
    """Custom rules writes each option as a sentence; one that needs two lines in a
    language (six in Czech, seven in Spanish, five in Italian) gets a taller row, where a
    scroll bar used to hide its end. Every game's options are paged through with Next, in
    the smallest window: no sentence scrolls, and every option is shown on some page."""
    driver, flow = start(tmp_path, size=(1024, 640))
    ctx = driver.ctx
    checked: set[tuple[str, ...]] = set()
    try:
        for players in PLAYER_COUNTS:
            for name in presets_for(players):
                fields = tuple(row.field for row in options_of(PRESETS[name]))
                if fields in checked:
                    continue  # (the same sentences as a game checked before)
                checked.add(fields)
                settings = dataclasses.replace(
                    ctx.settings, language=language, players=players, preset=name
                )
                ctx.change_settings(settings)
                flow.show_new_game()
                driver.click(_("Custom rules"))
                screen = custom_screen(driver)
                shown: set[str] = set()
                while True:
                    boxes = driver.visible(UITextBox)
                    scrolled = [b.html_text for b in boxes if b.scroll_bar is not None]
                    assert not scrolled, (name, scrolled)
                    tall = [
                        b.html_text
                        for b in boxes
                        if b.rect.height > ROW_H and len(b.text_box_layout.layout_rows) < 2
                    ]
                    assert not tall, (name, tall)  # (a taller row only for two lines)
                    shown |= set(screen.controls)
                    if not driver.button(_("Next")).is_enabled:
                        break
                    driver.click(_("Next"))
                assert shown == set(fields), name
                ctx.stack.close_all()
                flow.boot()
    finally:
        set_language("en")  # (the process's language: the next test expects English)
        stop(driver)
