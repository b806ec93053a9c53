"""While saves fail the player is never told otherwise (issue 17, item 3), and the in-game
menu never throws the running match away without asking (issue 15, item 3)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UILabel, UITextBox

from canasta_game.controller.session import Session
from canasta_game.engine.rules import preset
from canasta_game.i18n import _
from canasta_game.persistence import DataDirs
from canasta_game.ui.shell import loop
from canasta_game.ui.shell.boot import build_context
from canasta_game.ui.shell.driver import ShellDriver
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.game_menu import GameMenu, Question, QuitQuestion
from canasta_game.ui.shell.headless import unthreaded_table
from canasta_game.ui.shell.new_game_screen import NewGameScreen
from canasta_game.ui.shell.start_screen import StartScreen

Shell = tuple[ShellDriver, Flow, Session]


@pytest.fixture
def playing(tmp_path: Path) -> Iterator[Callable[[], Shell]]:
    made: list[ShellDriver] = []

    def start() -> Shell:
        ctx = build_context(DataDirs(tmp_path / "game"), size=(1280, 800), headless=True)
        flow = Flow(ctx, table_factory=unthreaded_table)
        flow.boot()
        driver = ShellDriver(ctx)
        session = Session.new(preset("classic-4"), 5, human_seat=None, level="easy")
        flow.begin(session)
        driver.frames(2)
        made.append(driver)
        return driver, flow, session

    yield start
    for driver in made:
        driver.ctx.stack.close_all()


def break_saving(folder: Path) -> None:
    """The save can no longer replace its file (a folder now stands there, even for root)."""
    (folder / "match.json").unlink()
    (folder / "match.json").mkdir()
    (folder / "match.json" / "keep").write_text("x", encoding="utf-8")


def texts(driver: ShellDriver) -> list[str]:
    shown = [str(label.text) for label in driver.visible(UILabel)]
    return shown + [str(box.html_text) for box in driver.visible(UITextBox)]


def test_while_saves_fail_the_mark_stays_and_the_menu_and_quit_say_so(
    tmp_path: Path, playing: Callable[[], Shell], monkeypatch: pytest.MonkeyPatch
) -> None:
    marks: list[str] = []
    real_mark = loop.draw_mark
    monkeypatch.setattr(loop, "draw_mark", lambda s, t: (marks.append(t), real_mark(s, t))[1])
    driver, _flow, session = playing()
    break_saving(tmp_path / "game")
    moves = len(session.log)
    assert driver.until(lambda: len(session.log) >= moves + 2, dt=1.0)
    driver.frames(30, dt=1.0)  # long after the notice has faded
    assert not driver.ctx.notices.texts()
    marks.clear()
    driver.frames(1)
    assert marks == [_("Not saved")]  # the mark is still drawn

    driver.press(pygame.K_ESCAPE)
    assert isinstance(driver.ctx.stack.top, GameMenu)
    assert _("Your latest moves could not be saved.") in texts(driver)
    assert _("Your match is saved after every move.") not in texts(driver)
    driver.click(_("Quit"))
    assert isinstance(driver.ctx.stack.top, QuitQuestion)
    assert any("could not be saved" in text and "lost" in text for text in texts(driver))
    assert driver.ctx.running


def test_closing_the_window_while_saves_fail_asks_first(
    tmp_path: Path, playing: Callable[[], Shell]
) -> None:
    driver, _flow, session = playing()
    break_saving(tmp_path / "game")
    moves = len(session.log)
    assert driver.until(lambda: len(session.log) > moves, dt=1.0)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    driver.frames(1)
    assert driver.ctx.running and isinstance(driver.ctx.stack.top, QuitQuestion)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # asked and closed again: close
    driver.frames(1)
    assert not driver.ctx.running


def test_closing_the_window_with_everything_saved_just_closes(
    playing: Callable[[], Shell],
) -> None:
    driver, _flow, _session = playing()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    driver.frames(1)
    assert not driver.ctx.running


def test_new_game_from_the_menu_asks_before_setting_the_match_aside(
    tmp_path: Path, playing: Callable[[], Shell]
) -> None:
    driver, flow, session = playing()
    driver.press(pygame.K_ESCAPE)
    driver.click(_("New game"))
    assert isinstance(driver.ctx.stack.top, Question)
    driver.click(_("Keep playing"))
    assert isinstance(driver.ctx.stack.top, GameMenu)
    assert flow.session is session and (tmp_path / "game" / "match.json").exists()
    driver.click(_("New game"))
    driver.click(_("New match"))
    assert isinstance(driver.ctx.stack.top, NewGameScreen)
    assert flow.session is session  # nothing is set aside until Start is pressed


def test_quit_offers_the_start_screen_where_continue_picks_the_match_up(
    playing: Callable[[], Shell],
) -> None:
    driver, flow, session = playing()
    moves = len(session.log)
    assert driver.until(lambda: len(session.log) > moves + 2, dt=1.0)
    driver.press(pygame.K_ESCAPE)
    driver.click(_("Quit"))
    assert isinstance(driver.ctx.stack.top, QuitQuestion)
    assert _("Your match is saved. Continue on the start screen picks it up from here.") in (
        texts(driver)
    )
    log = list(session.log)
    driver.click(_("Start screen"))
    assert isinstance(driver.ctx.stack.top, StartScreen) and driver.ctx.running
    assert driver.button(_("Continue")).is_enabled
    driver.click(_("Continue"))
    assert flow.session is not None and flow.session.log[: len(log)] == log
