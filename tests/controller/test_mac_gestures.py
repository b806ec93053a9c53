"""Modern American at the table: the whole hand dropped on the table is a special hand."""

from __future__ import annotations

from canasta_game.controller.gestures import Drop, Staging, Target, action_for_drop
from canasta_game.controller.session import Session
from canasta_game.engine.actions import Meld
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase

PAIRS = "4c 4d 5c 5d 6c 6d 8c 8d 9c 9d Tc Td Jc Jd"


def _session(hand: str) -> Session:
    state = state_from_setup(
        preset("modern-american"),
        [hand, "4h 4s 9s", "7c 7d 8s", "6h 6s Ts"],
        stock="Qh Qd 5h 5s Kc Kd Ks Kh Qs Qc",
        phase=Phase.PLAY,
    )
    return Session.from_state(state, human_seat=0, level="easy")


def test_whole_hand_on_the_table_lays_a_special_hand_mac_33() -> None:
    session = _session(PAIRS)
    cards = session.state.hands[0]
    drop = Drop(cards, "hand", Target("table"))
    action = action_for_drop(session, drop, Staging(session))
    assert action == Meld(0, (cards,))
    session.play(action)
    assert session.state.end is not None and session.state.end.special == "pairs"


def test_a_hand_that_is_no_special_hand_is_staged_as_before_mac_33() -> None:
    session = _session("4c 4d 4h 5c 5d 6c 6d 8c 8d 9c 9d Tc Td Jc")
    cards = session.state.hands[0]
    staging = Staging(session)
    why = action_for_drop(session, Drop(cards, "hand", Target("table")), staging)
    assert why is not None and why.rule == "C-MELD-1"  # staging takes one meld at a time
    assert session.state.end is None and not staging.cards
