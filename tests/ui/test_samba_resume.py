"""Issue 11, the table: a Samba match saved and resumed from the table is the same match.

A Samba match started from New game is played at the table (the human draws two and
discards, the computer players answer), left, and continued from the start screen; then a
hand-made Samba position continues, the human extends a sequence by dragging, and that move
comes back after another restart."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Callable

import pytest

from canasta_game.controller.session import Session
from canasta_game.engine.cards import face_text
from canasta_game.engine.codec import state_to_dict
from canasta_game.engine.meldrules import MeldKind, meld_kind
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase
from canasta_game.i18n import _
from canasta_game.persistence import DataDirs, MatchSaveStore
from canasta_game.ui.shell.driver import ShellDriver
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.match_setup import preset_label
from canasta_game.ui.table import TableScene

Shell = tuple[ShellDriver, Flow]


@pytest.fixture
def shell(shell_boot) -> Callable[[], Shell]:
    return shell_boot


def _table(driver: ShellDriver) -> TableScene:
    table = driver.ctx.stack.top
    assert isinstance(table, TableScene)
    return table


def _continue(boot: Callable[[], Shell]) -> tuple[ShellDriver, Session]:
    """A fresh start of the game, Continue clicked: the table of the saved match."""
    driver, flow = boot()
    driver.click(_("Continue"))
    assert flow.session is not None
    _table(driver)
    return driver, flow.session


def _same(a: Session, b: Session) -> None:
    assert state_to_dict(a.state) == state_to_dict(b.state)
    assert a.log == b.log
    assert a.match.to_dict() == b.match.to_dict()


def test_a_samba_match_played_at_the_table_resumes_exactly(shell) -> None:
    driver, flow = shell()
    driver.click(_("New game"))
    driver.click("4")
    driver.click(_("Easy"))
    menu = min(
        (m for m in driver.visible() if str(getattr(m, "text", "")) == preset_label("classic-4")),
        key=lambda m: m.rect.top,
    )
    driver.click_at(menu.rect.center)
    driver.click(preset_label("samba"), frames=5)
    driver.click(_("Start"))
    session = flow.session
    assert session is not None and session.rules.name == "samba"
    table = _table(driver)
    assert driver.until(lambda: session.human_to_act and not table.busy, timeout_s=60)  # (busy CI)
    driver.click_at(table.layout.stock.center)  # SAM-6: two cards
    driver.frames(30)
    assert session.state.phase is Phase.PLAY and len(session.state.hands[0]) == 17
    uid, rect = table.plan.hand[-1]
    driver.click_at(rect.center, frames=1)
    driver.click_at(rect.center, frames=10)  # a double click discards
    assert session.state.top == uid
    assert driver.until(lambda: session.human_to_act and not table.busy, timeout_s=60)  # (busy CI)
    moves = len(session.log)
    assert moves > 3
    driver.ctx.stack.close_all()
    _driver, resumed = _continue(shell)
    _same(resumed, session)
    assert resumed.rules == preset("samba")


def test_a_sequence_extended_at_the_table_is_there_after_a_restart(tmp_path, shell) -> None:
    state = state_from_setup(
        preset("samba"),
        ["4h 8h Kd Qs", "4c 4d 9s Jc", "7c 7d 8s Jd", "6c 6d Ts Js"],
        stock="Qh Qd 5d 5c 9h 9d 4s Kc Kd Ks",
        pile="9h Qd Ks",
        melds={0: ["5h 6h 7h", "9c 9d 9s"], 1: ["8c 8d 8s"]},
        phase=Phase.PLAY,
        has_melded=(0, 1),
    )
    original = Session.from_state(state, human_seat=0, level="easy")
    MatchSaveStore(DataDirs(tmp_path / "game")).save(original.to_payload())
    table_driver, resumed = _continue(shell)
    _same(resumed, original)
    table = _table(table_driver)
    run = next(m for m in resumed.state.melds[0] if meld_kind(m.key) is MeldKind.SEQUENCE)
    four = next(c for c in resumed.state.hands[0] if face_text(c) == "4h")
    card = next(rect for uid, rect in table.plan.hand if uid == four)
    spot = next(s for s in table.plan.melds if s.mid == run.mid and s.side == 0)
    table_driver.drag((card.left + 10, card.centery), spot.cards.center, frames=20)
    extended = [face_text(c) for c in resumed.state.meld_by_mid(0, run.mid).cards]
    assert extended == ["4h", "5h", "6h", "7h"]
    table_driver.ctx.stack.close_all()
    _driver, again = _continue(shell)
    _same(again, resumed)
    assert [face_text(c) for c in again.state.meld_by_mid(0, run.mid).cards] == extended
