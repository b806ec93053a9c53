"""Issue 11, the table: New game lists every variant that fits the player count, each with
its one-line description, and starts a Samba match; driven by posted mouse clicks."""

from __future__ import annotations

import dataclasses
import os
import warnings

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


import pytest
from pygame_gui.elements import UIDropDownMenu, UILabel

from canasta_game.engine.rules import NEW_GAME_PRESETS, SEQUENCE_PRESETS
from canasta_game.i18n import LANGUAGES, _, set_language
from canasta_game.ui.shell.driver import ShellDriver
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.gui_scene import GuiScene
from canasta_game.ui.shell.match_setup import (
    PLAYER_COUNTS,
    PRESET_TEXTS,
    preset_description,
    preset_label,
    presets_for,
)
from canasta_game.ui.shell.new_game_screen import NewGameScreen


@pytest.fixture
def shell(shell_boot) -> tuple[ShellDriver, Flow]:
    return shell_boot()


def _open_rules_list(driver: ShellDriver) -> None:
    menus = [m for m in driver.visible(UIDropDownMenu) if m.rect.top < 300]
    assert menus, "the Rules list is not shown"
    rules_menu = min(menus, key=lambda m: m.rect.top)
    driver.click_at(rules_menu.rect.center)


def _labels(driver: ShellDriver) -> list[str]:
    return [str(label.text) for label in driver.visible(UILabel)]


def test_every_preset_has_a_name_and_a_description() -> None:
    """Each preset New game offers is named and described in one line (the data table)."""
    for name in NEW_GAME_PRESETS:
        assert name in PRESET_TEXTS, name
        assert preset_label(name) != name and preset_description(name)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_samba_is_offered_for_every_player_count_after_classic(players: int) -> None:
    """Samba plays for 2 to 6 (SAM-2, SAM-3); the list starts with that count's Classic."""
    names = presets_for(players)
    assert names[0] == f"classic-{players}"
    samba = "samba" if players == 4 else f"samba-{players}"
    assert samba in names
    family = [n for n in names if n in SEQUENCE_PRESETS]
    assert family and names.index(family[0]) > names.index(f"classic-{players}")


def test_four_players_get_the_whole_sequence_family() -> None:
    assert {"samba", "bolivia", "brazilian", "chilean", "chilean-216"} <= set(presets_for(4))


@pytest.mark.parametrize("players", ["2", "6"])
def test_new_game_lists_samba_with_its_description_and_starts_it(shell, players: str) -> None:
    """Clicking the player count, opening the Rules list and picking Samba shows Samba's
    one-line description; Start deals a Samba match at the table."""
    driver, flow = shell
    driver.click(_("New game"))
    assert isinstance(driver.ctx.stack.top, NewGameScreen)
    driver.click(players)
    name = f"samba-{players}"
    _open_rules_list(driver)
    shown = {str(b.text) for b in driver.visible()}
    assert preset_label(name) in shown
    assert preset_label(f"classic-{players}") in shown
    driver.click(preset_label(name), frames=5)
    assert preset_description(name) in " ".join(_labels(driver))  # (wrapped where long)
    driver.click(_("Start"))
    top = driver.ctx.stack.top
    assert top is not None and not isinstance(top, GuiScene)  # the table
    assert flow.session is not None
    assert flow.session.rules.name == name
    assert flow.session.rules.sequences
    assert len(flow.session.state.hands[0]) in (13, 15)  # SAM-4
    assert driver.ctx.settings.preset == name  # remembered for next time


def test_four_players_pick_samba_from_the_list(shell) -> None:
    driver, flow = shell
    driver.click(_("New game"))
    driver.click("4")
    _open_rules_list(driver)
    for name in ("samba", "bolivia", "brazilian", "chilean"):
        assert preset_label(name) in {str(b.text) for b in driver.visible()}
    driver.click(preset_label("samba"), frames=5)
    driver.click(_("Start"))
    assert flow.session is not None and flow.session.rules.name == "samba"
    assert len(flow.session.state.hands[0]) == 15  # SAM-4


def test_the_red_three_scale_is_offered_only_where_it_counts(shell) -> None:
    """SAM-28 counts Samba's red threes its own way, so the 100-200-400-800 choice would
    change nothing there; Brazilian (BRA-10) and Classic keep it."""
    driver, _flow = shell
    driver.click(_("New game"))
    driver.click("4")
    scale = _("Red threes count 100, 200, 400, 800")
    driver.checkbox(scale)  # Classic offers it
    for name, offered in (("samba", False), ("brazilian", True)):
        _open_rules_list(driver)
        driver.click(preset_label(name), frames=5)
        try:
            driver.checkbox(scale)
            shown = True
        except LookupError:
            shown = False
        assert shown is offered, name


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_game_description_is_shown_whole_in_every_language(shell_boot, language) -> None:
    """New game shows the chosen game's description whole in the smallest window, wrapped
    onto a second line where a language needs it (Caliente's runs past one line even in
    English): no label cuts its text, and the lines shown read as the description."""
    driver, flow = shell_boot((1024, 640))
    ctx = driver.ctx
    cut: list[str] = []
    try:
        for players in PLAYER_COUNTS:
            for name in presets_for(players):
                settings = dataclasses.replace(
                    ctx.settings, language=language, players=players, preset=name
                )
                ctx.change_settings(settings)
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    flow.show_new_game()
                    driver.frames(2)
                cut += [str(w.message) for w in caught if "too small" in str(w.message)]
                assert preset_description(name) in " ".join(_labels(driver)), (language, name)
                ctx.stack.pop()
    finally:
        set_language("en")  # (the process's language: the next test expects English)
    assert not cut, cut
