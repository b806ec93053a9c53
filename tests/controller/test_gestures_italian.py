"""Italian Canasta at the table: a closed side may stage and send its opening before drawing
(IT-7), then take the pile in the same turn after a clean opening (IT-10)."""

from __future__ import annotations

from canasta_game.controller.gestures import Drop, Staging, Target, action_for_drop, legal_targets
from canasta_game.controller.session import Session
from canasta_game.engine.actions import Meld, TakePile
from canasta_game.engine.cards import face_text
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase


def _session(hand: str) -> Session:
    state = state_from_setup(
        preset("italian"),
        [hand, "4c 4d 9s", "7c 7d 8s", "6c 6d Ts"],
        stock="Qh Qd 5h 5d",
        pile="9c 6h Qs",
        melds={1: ["8c 8d 8h"]},
    )
    return Session.from_state(state, human_seat=0, level="easy")


def _cards(session: Session, *faces: str) -> tuple[int, ...]:
    hand = list(session.state.hands[0])
    out = []
    for face in faces:
        card = next(c for c in hand if face_text(c) == face)
        hand.remove(card)
        out.append(card)
    return tuple(out)


def test_a_closed_side_stages_its_opening_before_drawing_it_7() -> None:
    session = _session("Ac Ad As Qc Qd 7s 5c")
    assert session.state.phase is Phase.DRAW
    aces = _cards(session, "Ac", "Ad", "As")
    staging = Staging(session)
    assert Target("table") in legal_targets(session, aces, "hand", staging)
    assert action_for_drop(session, Drop(aces, "hand", Target("table")), staging) is None
    sent = staging.send_action()
    assert isinstance(sent, Meld)
    assert isinstance(session.play(sent), list)  # the opening is down, the draw still to come
    assert session.state.phase is Phase.DRAW
    take = TakePile(0, _cards(session, "Qc", "Qd"))
    assert isinstance(session.play(take), list)  # IT-10: clean, so the pile in the same turn
