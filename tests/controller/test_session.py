"""Session: one legality check for everyone, listeners after every move, saves that replay."""

from __future__ import annotations

import copy
import json

import pytest

from canasta_game.controller.session import Session
from canasta_game.engine.actions import Discard, DrawStock
from canasta_game.engine.codec import state_to_dict
from canasta_game.engine.reasons import Reason
from canasta_game.engine.rules import PRESETS, preset
from canasta_game.engine.state import Phase


def _autoplay_hand(session: Session) -> None:
    for _ in range(3000):
        if session.hand_over:
            return
        assert session.bot_step() is not None
    raise AssertionError("hand did not end")


def test_illegal_move_changes_nothing_and_names_the_rule() -> None:
    session = Session.new(preset("classic-4"), 11, human_seat=1)
    before = session.state
    # seat 1 is left of the dealer only if the dealer is seat 0; act with the wrong seat
    wrong = (session.state.actor + 1) % 4
    result = session.play(DrawStock(wrong))
    assert isinstance(result, Reason)
    assert result.rule == "C-TURN-1"
    assert session.state is before and session.log == []


def test_legal_move_is_logged_and_listeners_run() -> None:
    session = Session.new(preset("classic-4"), 3, human_seat=None, level="easy")
    seen: list[int] = []
    session.on_change.append(lambda s: seen.append(len(s.log)))
    actor = session.state.actor
    events = session.play(DrawStock(actor))
    assert isinstance(events, list) and events
    assert session.state.phase is Phase.PLAY
    assert seen == [1]
    card = session.state.hands[actor][0]
    assert isinstance(session.play(Discard(actor, card)), list)
    assert seen == [1, 2]


def test_a_finished_hand_is_recorded_once_and_the_deal_rotates() -> None:
    session = Session.new(preset("classic-4"), 8, human_seat=None, level="easy")
    dealer = session.state.dealer
    _autoplay_hand(session)
    assert session.match.hands_played == 1
    score = session.hand_score
    assert score is not None
    assert session.match.scores == score.totals
    session.next_hand()
    assert session.state.dealer == (dealer + 1) % 4
    assert session.log == [] and session.state.phase is Phase.DRAW
    with pytest.raises(ValueError):
        session.next_hand()


def test_payload_round_trip_restores_the_exact_position() -> None:
    session = Session.new(preset("classic-2"), 21, human_seat=0, level="easy")
    for _ in range(25):
        if session.bot_to_act:
            session.bot_step()
        else:
            moves = session.legal()
            session.play(moves[-1])
    payload = json.loads(json.dumps(session.to_payload()))
    again = Session.from_payload(payload)
    assert again.state == session.state
    assert again.match == session.match
    assert again.log == session.log
    assert again.human_seat == 0 and again.level == "easy"


def test_tampered_saves_are_refused() -> None:
    session = Session.new(preset("classic-4"), 4, human_seat=None, level="easy")
    for _ in range(12):
        session.bot_step()
    payload = json.loads(json.dumps(session.to_payload()))

    wrong_snapshot = copy.deepcopy(payload)
    wrong_snapshot["snapshot"]["turn"] += 1
    with pytest.raises(ValueError, match="does not match"):
        Session.from_payload(wrong_snapshot)

    wrong_move = copy.deepcopy(payload)
    wrong_move["hand"]["actions"][0]["seat"] = (wrong_move["hand"]["actions"][0]["seat"] + 1) % 4
    with pytest.raises(ValueError):
        Session.from_payload(wrong_move)

    with pytest.raises(ValueError):
        Session.from_payload({"format": "something else"})
    with pytest.raises(ValueError):
        Session.from_payload({**payload, "match": {}})


def test_from_state_wraps_an_explicit_position() -> None:
    from canasta_game.engine.setup import state_from_setup

    state = state_from_setup(
        preset("classic-4"),
        ["Kh Kd 5c", "4c 4d 9s", "7c 7d 8s", "6c 6d Ts"],
        stock="Qh Qd",
        pile="Ks",
        scores=(0, 0),
    )
    session = Session.from_state(state, human_seat=0)
    assert session.state == state
    assert session.human_to_act
    assert session.view().hand == state.hands[0]
    assert state_to_dict(session.state) == state_to_dict(state)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_presets_match_survives_a_save_at_many_points(name: str) -> None:
    """Issue 5: a save taken at any point restores the same position and match."""
    session = Session.new(preset(name), f"save:{name}", human_seat=None, level="easy")
    checked = 0
    for step in range(4000):
        if session.hand_over:
            if session.match.hands_played >= 2 or session.match.over:
                break
            session.next_hand()
        if step % 5 == 0:
            again = Session.from_payload(json.loads(json.dumps(session.to_payload())))
            assert again.state == session.state
            assert again.match == session.match
            assert again.log == session.log
            checked += 1
        session.bot_step()
    assert session.match.hands_played >= 1
    assert checked >= 10


@pytest.mark.parametrize("name", ["classic-5", "classic-6", "classic-6x2"])
def test_issue15_fault9_every_seat_has_a_name_of_its_own(name: str) -> None:
    """Issue 15, fault 9: no "Player 2..6": each seat is named, every name differs."""
    from canasta_game.controller.hints import seat_name

    session = Session.new(preset(name), 1, human_seat=0)
    names = [seat_name(session, seat) for seat in range(session.rules.players)]
    assert len(set(names)) == len(names)
    assert not any(n.startswith("Player") for n in names)
