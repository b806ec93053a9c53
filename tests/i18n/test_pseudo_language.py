"""The pseudo-language: every message of the template 40% longer and wrapped in « ».

Driven through the real shell and table, every text a player can see must lie inside the
markers (else it never reached the extractor or the translation functions) and must fit
its place (else a longer language is cut off). The pseudo catalogue is built from the
committed template, so a text the extractor cannot see stays unmarked and fails here.

Adding a screen is one line in ``SCREENS`` (a shell screen or dialog) or ``TABLE`` (a
situation at the table: how the flow starts it, and what the player then does).
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import dataclasses
import gettext
import io
import math
import re
import warnings
from collections.abc import Callable, Iterator
from html import unescape
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox

import canasta_game.i18n
from canasta_game.controller.session import Session
from canasta_game.engine.actions import AskGoOut, Discard
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import DrawKind, Phase
from canasta_game.i18n import LANGUAGE_NAMES
from canasta_game.persistence import DataDirs, record_hand, record_match
from canasta_game.ui.shell.boot import build_context
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.driver import ShellDriver
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.game_menu import QuitQuestion, new_game_question
from canasta_game.ui.shell.gui_scene import GuiScene
from canasta_game.ui.shell.headless import unthreaded_table
from canasta_game.ui.shell.theme import BUTTON_FONT_PX, display_font
from canasta_game.ui.table import TableScene
from canasta_game.ui.table.positions import late_session
from canasta_game.ui.table.text import TextCache

babel_mofile = pytest.importorskip("babel.messages.mofile")
from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

TEMPLATE = Path(canasta_game.i18n.LOCALE_DIR) / "canasta_game.pot"
SIZE = (1024, 640)
PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
MARKED = re.compile(r"«[^«»]*»")
ACCENTS = str.maketrans("aceinorsuyzACEINORSUYZ", "áčéíñóřšúýžÁČÉÍÑÓŘŠÚÝŽ")
NOT_TRANSLATED = set(LANGUAGE_NAMES.values())
"""Each language's own name is shown as it is, whatever the language."""


def pseudo(message: str) -> str:
    """Accented outside the placeholders, padded to 140% and wrapped in markers."""
    parts = PLACEHOLDER.split(message)
    body = "".join(p if PLACEHOLDER.fullmatch(p) else p.translate(ACCENTS) for p in parts)
    padding = "~" * max(1, math.ceil(len(message) * 0.4) - 2)
    return f"«{body}{padding}»"


def pseudo_translations() -> gettext.GNUTranslations:
    with TEMPLATE.open("rb") as handle:
        template = read_po(handle)
    catalog = Catalog(locale="en")
    for message in template:
        if message.id:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = tuple(pseudo(i) for i in ids)
            catalog.add(
                message.id, strings if len(ids) > 1 else strings[0], context=message.context
            )
    buffer = io.BytesIO()
    babel_mofile.write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def outside_markers(text: str) -> list[str]:
    """The words of ``text`` that no marker encloses (markers nest: "«Wait… (C-TURN-1)»")."""
    previous = None
    while previous != text:
        previous, text = text, MARKED.sub(" ", text)
    for name in NOT_TRANSLATED:
        text = text.replace(name, " ")
    return re.findall(r"[^\W\d_]+", text)


# --- the situations ------------------------------------------------------------------------


def finished_hand() -> Session:
    session = Session.new(preset("classic-4"), 3, human_seat=None, level="easy")
    while not session.hand_over:
        session.bot_step()
    session.human_seat = 0
    return session


def deal(current: int) -> Session:
    """A fresh hand of four with seat ``current`` to draw; the human sits in seat 0."""
    state = state_from_setup(
        preset("classic-4"),
        ["Kc Kd 5s 9h", "4c 4d 9s Jc", "7c 7d 8s Jd", "6c 6d Ts Js"],
        stock="Qh Qd 5h",
        pile="9c Kh",
        current=current,
    )
    return Session.from_state(state, human_seat=0, level="easy")


def my_turn_to_draw() -> Session:
    return deal(0)


def wests_turn() -> Session:
    return deal(1)


def a_round_to_watch() -> Session:
    """West to play with a stock that lasts the round, so the log and the sheet fill up."""
    state = state_from_setup(
        preset("classic-4"),
        ["Kc Kd 5s 9h 8d", "4c 4d 9s Jc Jh Js", "7c 7d 8s Jd 6h", "6c 6d Ts Js 5d"],
        stock="Qh Qd 5h Ac Ad 4h 7h 8h Tc Td",
        pile="9c Kh",
        current=1,
    )
    return Session.from_state(state, human_seat=0, level="easy")


def partner_asks() -> Session:
    state = state_from_setup(
        preset("classic-4"),
        ["4s 5s 6s 7s 9d", "Qc Qd Qs 9c", "8c 8d 8h 5c", "6c 6d Ts Js"],
        stock="Qh Qd 5h 5d 9h 9d 4h",
        pile="9c Kh Ks 6h Qh",
        melds={0: ["Kh Kd Ks Kc Kh Kd Ks"]},
        current=2,
        phase=Phase.PLAY,
        drew=DrawKind.STOCK,
    )
    session = Session.from_state(state, human_seat=0, level="easy")
    session.play(AskGoOut(2))
    return session


def statistics_after_a_match(flow: Flow) -> None:
    dirs = flow.ctx.dirs
    record_hand(dirs, "hard", 4, won=True, canastas=2, went_out=True)
    record_match(dirs, "hard", 4, won=True, score=12340)
    flow.show_statistics()


def click_stock(driver: ShellDriver, table: TableScene) -> None:
    driver.click_at(table.layout.stock.center)


def nothing(driver: ShellDriver, table: TableScene) -> None:
    """Look at the table as it is."""


def why(driver: ShellDriver, table: TableScene) -> None:
    """A refusal, then Why? (W): the sentence again with the rule it rests on."""
    click_stock(driver, table)
    driver.press(pygame.K_w)
    assert table.messages.text is not None and "C-" in table.messages.text


def played_round(driver: ShellDriver, table: TableScene) -> None:
    """West, North and East play (at full speed) until the human is to draw again."""
    table.skip_ahead()
    assert driver.until(lambda: table.session.human_to_act and not table.busy)


def move_log(driver: ShellDriver, table: TableScene) -> None:
    played_round(driver, table)
    driver.press(pygame.K_l)
    assert table.log_visible


def score_sheet(driver: ShellDriver, table: TableScene) -> None:
    played_round(driver, table)
    driver.press(pygame.K_t)
    assert table.sheet_visible


def new_game_with(name: str) -> Callable[[Flow], None]:
    """New game opened on ``name``: its label and its one-line description (issue 11)."""

    def show(flow: Flow) -> None:
        settings = flow.ctx.settings
        players = preset(name).players
        flow.ctx.settings_keeper.change(dataclasses.replace(settings, players=players, preset=name))
        flow.show_new_game()

    return show


def brazilian_hand_over() -> Session:
    """The stock runs out after North-South's discard: escalera, bolivia, short sequences,
    black threes in hand and red threes counted minus (BOL-10, BRA-8, BRA-10)."""
    state = state_from_setup(
        preset("brazilian"),
        ["Kh 9c", "4c 7d 3s 3c", "5c 6h", "Jc 3s"],
        pile="9h 2c Qd",
        melds={
            0: ["4s 5s 6s 7s 8s 9s Ts", "2d 2h 2s JK JK 2d 2h", "Th Jh Qh"],
            1: ["4d 5d 6d", "8c 8d 8s"],
        },
        bonus_threes={1: "3d 3h"},
        phase=Phase.PLAY,
        drew=DrawKind.STOCK,
        has_melded=(0, 1, 2, 3),
    )
    session = Session.from_state(state, human_seat=0, level="easy")
    session.play(Discard(0, state.hands[0][0]))
    assert session.hand_over
    return session


def the_menu_then(question: Callable[[ShellContext], GuiScene]) -> Callable[[Flow], None]:
    def show(flow: Flow) -> None:
        flow.begin(my_turn_to_draw())
        flow.open_menu()
        flow.ctx.stack.push(question(flow.ctx))

    return show


SCREENS: dict[str, Callable[[Flow], None]] = {
    "start": lambda flow: None,
    "new game": lambda flow: flow.show_new_game(),
    "settings": lambda flow: flow.show_settings(),
    "rules": lambda flow: flow.show_rules(),
    "statistics": lambda flow: flow.show_statistics(),
    "statistics after a match": statistics_after_a_match,
    "menu": lambda flow: (flow.begin(my_turn_to_draw()), flow.open_menu()),
    "quit question": the_menu_then(QuitQuestion),
    "new-game question": the_menu_then(new_game_question),
    "score dialog": lambda flow: flow.begin(finished_hand()),
    "new game, Samba for six": new_game_with("samba-6"),
    "new game, Brazilian": new_game_with("brazilian"),
    "score dialog, Brazilian": lambda flow: flow.begin(brazilian_hand_over()),
}


def session_from(make: Callable[[], Session]) -> Callable[[Flow], None]:
    return lambda flow: flow.begin(make())


TABLE: dict[str, tuple[Callable[[Flow], None], Callable[[ShellDriver, TableScene], None]]] = {
    "hint line": (session_from(my_turn_to_draw), nothing),
    "refusal": (session_from(wests_turn), click_stock),
    "why": (session_from(wests_turn), why),
    "go-out question": (session_from(partner_asks), nothing),
    "move log": (session_from(a_round_to_watch), move_log),
    "score sheet": (session_from(a_round_to_watch), score_sheet),
    "tutorial, first step": (lambda flow: flow.start_tutorial(), nothing),
    "bolivia, late in a hand": (session_from(lambda: late_session("bolivia")), nothing),
}


# --- driving them ---------------------------------------------------------------------------


class Seen:
    """Texts the table drew with its ``TextCache`` and those that did not fit their width."""

    def __init__(self) -> None:
        self.drawn: list[str] = []
        self.cut: list[str] = []


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Seen]:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    record = Seen()
    render, fit = TextCache.render, TextCache.fit

    def rendering(self: TextCache, text: str, *args: object, **kwargs: object) -> pygame.Surface:
        record.drawn.append(text)
        return render(self, text, *args, **kwargs)  # type: ignore[arg-type]

    def fitting(
        self: TextCache, text: str, px: int, colour: object, width: int, bold: bool = False
    ) -> pygame.Surface:
        surface = fit(self, text, px, colour, width, bold)  # type: ignore[arg-type]
        if surface.get_width() > width:
            record.cut.append(text)
        return surface

    monkeypatch.setattr(TextCache, "render", rendering)
    monkeypatch.setattr(TextCache, "fit", fitting)
    yield record


@pytest.fixture
def pseudo_language(monkeypatch: pytest.MonkeyPatch) -> None:
    translations = pseudo_translations()
    monkeypatch.setattr(canasta_game.i18n.gettext, "translation", lambda *a, **k: translations)


@pytest.fixture
def shell(tmp_path: Path, seen: Seen) -> Iterator[Callable[[str], tuple[ShellDriver, Flow]]]:
    made: list[ShellDriver] = []

    def start(language: str) -> tuple[ShellDriver, Flow]:
        folder = DataDirs(tmp_path / "game")
        ctx = build_context(folder, size=SIZE, headless=True, language=language)
        flow = Flow(ctx, table_factory=unthreaded_table)
        flow.boot()
        driver = ShellDriver(ctx)
        driver.frames(2)
        made.append(driver)
        return driver, flow

    yield start
    for driver in made:
        driver.ctx.stack.close_all()


def widget_texts(driver: ShellDriver) -> list[str]:
    widgets = driver.visible(UILabel) + driver.visible(UIButton)
    texts = [str(w.text) for w in widgets]  # type: ignore[attr-defined]
    for box in driver.visible(UITextBox):
        texts.append(unescape(re.sub("<[^>]+>", " ", str(box.html_text))))  # type: ignore[attr-defined]
    for menu in driver.visible(UIDropDownMenu):
        texts.append(str(menu.selected_option[0]))  # type: ignore[attr-defined]
    return [t for t in texts if t.strip() and t not in ("▼", "▲")]


def assert_nothing_cut(driver: ShellDriver, caught: list[warnings.WarningMessage]) -> None:
    cut = [str(w.message) for w in caught if "too small" in str(w.message)]
    assert not cut, cut
    for button in driver.visible(UIButton):
        text = str(button.text)  # type: ignore[attr-defined]
        if not text.strip() or text in ("▲", "▼"):  # a scroll bar: shapes, not words
            continue
        room = button.rect.width - 8  # the border and the text's padding
        assert button.font.size(text)[0] <= room, text  # type: ignore[attr-defined]
    for box in driver.visible(UITextBox):  # a heading that needs a scroll bar is cut off
        if "@column_heading" in box.combined_element_ids:
            assert box.scroll_bar is None, box.html_text  # type: ignore[attr-defined]
    font = display_font(BUTTON_FONT_PX)
    for button in driver.visible(UIButton):
        if "@shell_button" in button.combined_element_ids:
            assert font.size(button.text)[0] <= button.rect.width - 8, button.text  # type: ignore[attr-defined]


def show_screen(driver: ShellDriver, flow: Flow, screen: str) -> list[warnings.WarningMessage]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        SCREENS[screen](flow)
        driver.frames(3)
    assert isinstance(driver.ctx.stack.top, GuiScene)
    return caught


def show_table(driver: ShellDriver, flow: Flow, situation: str) -> list[warnings.WarningMessage]:
    start, act = TABLE[situation]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        start(flow)
        driver.frames(3)
        table = driver.ctx.stack.top
        assert isinstance(table, TableScene)
        act(driver, table)
        driver.frames(3)
    if situation in ("refusal", "why"):
        assert table.messages.text is not None
    return caught


SITUATIONS = sorted(TABLE)


@pytest.mark.usefixtures("pseudo_language")
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_every_text_of_every_screen_is_translated_and_fits(shell, screen: str) -> None:
    driver, flow = shell("cs")
    caught = show_screen(driver, flow, screen)
    assert not {t: w for t in widget_texts(driver) if (w := outside_markers(t))}
    assert_nothing_cut(driver, caught)


@pytest.mark.usefixtures("pseudo_language")
@pytest.mark.parametrize("situation", SITUATIONS)
def test_every_text_at_the_table_is_translated_and_fits(shell, seen: Seen, situation: str) -> None:
    driver, flow = shell("cs")
    caught = show_table(driver, flow, situation)
    assert not {t: w for t in widget_texts(driver) if (w := outside_markers(t))}
    assert not outside_markers(" ".join(seen.drawn)), seen.drawn
    assert_nothing_cut(driver, caught)
    assert not seen.cut, sorted(set(seen.cut))


@pytest.mark.parametrize("language", ["cs", "es", "it"])
def test_nothing_is_cut_off_in_the_real_languages(shell, seen: Seen, language: str) -> None:
    """Fonts measure real words differently from the pseudo-language (Czech "Nápověda")."""
    for screen in sorted(SCREENS):
        driver, flow = shell(language)
        assert_nothing_cut(driver, show_screen(driver, flow, screen))
    for situation in sorted(TABLE):
        driver, flow = shell(language)
        assert_nothing_cut(driver, show_table(driver, flow, situation))
    assert not seen.cut


def test_the_check_catches_a_text_outside_the_markers() -> None:
    assert outside_markers("«Hrájé {name}~~» West 1 130") == ["West"]
    assert outside_markers("«Wáít: «Wéšt~~» (C-TURN-1)~~~» 12") == []
    assert len(pseudo("Pile {count}")) >= 1.4 * len("Pile {count}")
    assert "{count}" in pseudo("Pile {count}")
