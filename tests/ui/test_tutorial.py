"""Issue 15, learn at the table: the guided first hand is played with the table's real
gestures from its first step to going out; it never touches the saved match."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from canasta_game.controller.tutorial import tutorial_session
from canasta_game.engine.cards import face_text
from canasta_game.i18n import _
from canasta_game.persistence import DataDirs
from canasta_game.ui.shell.boot import build_context
from canasta_game.ui.shell.driver import ShellDriver
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.start_screen import StartScreen
from canasta_game.ui.table.coach import Coach
from canasta_game.ui.table.driver import TableDriver
from canasta_game.ui.table.table_scene import TableScene


@pytest.fixture
def guided() -> Iterator[TableDriver]:
    session = tutorial_session()
    driver = TableDriver(session, delay=0.05)
    driver.scene.close()
    coach = Coach(driver.context.ui_manager, session, on_leave=lambda: None)
    driver.scene = TableScene(
        session, driver.context, pacer=driver.pacer, size=driver.size, coach=coach
    )
    driver.settle()
    yield driver
    driver.close()


def _meld_of(driver: TableDriver, face: str) -> int:
    return next(m.mid for m in driver.session.state.melds[0] if face_text(m.cards[0])[0] == face[0])


def test_the_guided_hand_walks_from_drawing_to_going_out(guided: TableDriver) -> None:
    driver = guided
    coach = driver.scene.coach
    assert coach is not None and coach.step == 0
    driver.click(driver.stock_point())  # 1: draw
    driver.settle()
    assert coach.step == 1
    driver.drag_cards(driver.cards("Kc", "Kd", "Ks", "Kh"), driver.table_point())
    driver.settle()
    driver.drag_cards(driver.cards("Qc", "Qd", "Qh"), driver.table_point())
    driver.settle()
    driver.key(pygame.K_RETURN)  # 2: the staged melds reach the minimum (C-INIT)
    driver.settle()
    assert coach.step == 2
    driver.drag_cards([driver.find("4d")], driver.pile_point())  # 3: discard
    driver.settle()
    assert driver.until_my_turn()
    assert coach.step == 3
    assert face_text(driver.session.state.pile[-1]) == "9s"  # the puppets kept the script
    driver.select(driver.cards("9h", "9d"))
    driver.click(driver.pile_point())  # 4: take the frozen pile with a natural pair
    driver.settle()
    assert coach.step == 4
    driver.drag_cards(driver.cards("Kc", "Kd", "Ks"), driver.meld_point(_meld_of(driver, "K")))
    driver.settle()
    assert coach.step == 5  # 5: a canasta
    driver.drag_cards(driver.cards("6s", "6d", "6h"), driver.table_point())
    driver.settle()
    driver.drag_cards([driver.find("2c")], driver.meld_point(_meld_of(driver, "9")))
    driver.settle()
    driver.drag_cards([driver.find("4d")], driver.pile_point())  # 6: going out
    driver.settle()
    assert driver.session.hand_over
    assert coach.step == len(coach.steps) - 1


def test_the_guided_hand_starts_from_the_start_and_rules_screens_and_is_never_saved(
    tmp_path: Path,
) -> None:
    ctx = build_context(DataDirs(tmp_path / "game"), size=(1024, 640), headless=True)
    flow = Flow(ctx)
    flow.boot()
    driver = ShellDriver(ctx)
    try:
        driver.frames(2)
        driver.click(_("First hand, guided"))
        table = ctx.stack.top
        assert isinstance(table, TableScene) and table.coach is not None
        driver.frames(5)
        assert not ctx.store.exists()  # no save made, none retired
        driver.click(_("Leave the guided hand"))
        assert isinstance(ctx.stack.top, StartScreen)
        driver.click(_("Rules"))
        driver.click(_("First hand, guided"))
        table = ctx.stack.top
        assert isinstance(table, TableScene) and table.coach is not None
    finally:
        ctx.stack.close_all()


def test_the_hint_line_agrees_with_the_first_step(guided: TableDriver) -> None:
    """Issue 15: step 1 asks for a draw from the stock, so the hint line must not offer the
    pile (the prepared deal could take it with the two 6s)."""
    scene = guided.scene
    assert scene.coach is not None and scene.coach.step == 0
    assert scene.info is not None
    assert scene.info.hint == _("Draw a card from the stock")
    guided.click(guided.stock_point())
    guided.settle()
    assert scene.coach.step == 1
    assert scene.info.hint != _("Draw a card from the stock")  # later steps: the table's own
