"""British Canasta's "Acaba" (RULES.md V-BRIT, BRIT-1..3): ending the hand by declaration.

During the own turn a player may declare "Acaba": the hand ends at once, every opposing side
scores ``acaba_points`` and the declaring side nothing (BRIT-1; ENG: nothing else is scored).
In a partnership the player may first ask the partner, and the answer binds as "may I go
out?" does (BRIT-2, C-OUT-6): a "yes" ends the hand by Acaba, a "no" forbids it this turn.
With more than two sides (BRIT-3 is silent) every other side scores the 1500 (README).
"""

from __future__ import annotations

from canasta_game.engine import events as ev
from canasta_game.engine.actions import Acaba, AnswerGoOut
from canasta_game.engine.reasons import reason
from canasta_game.engine.state import (
    DrawKind,
    HandEnd,
    Phase,
    Question,
    State,
    answering_partner,
    evolve,
)
from canasta_game.engine.turn import LEGAL, Result, end_hand

ACABA_END = "acaba"  # the HandEnd reason of a hand ended by Acaba


def declare(state: State, action: Acaba, build: bool) -> Result:
    """BRIT-1, BRIT-2: declare Acaba, or ask the partner whether to."""
    rules = state.rules
    if not rules.acaba:
        return reason("BRIT-1", "acaba_off")
    if state.acaba_question is Question.NO:
        return reason("BRIT-2", "acaba_forbidden")
    if state.must_go_out:  # a partner's "yes" or a black-three meld binds first
        if state.question is Question.YES:
            return reason("C-OUT-6", "out_required")
        return reason("C-B3-2", "b3_must_out")
    if action.ask:
        return _ask(state, build)
    if not build:
        return LEGAL
    return _ended(state, [ev.AcabaDeclared(state.current)])


def _ask(state: State, build: bool) -> Result:
    seat = state.current
    if len(state.rules.side_seats[state.side_of(seat)]) < 2:
        return reason("BRIT-2", "ask_not_partner")
    if state.acaba_question is not Question.NONE:
        return reason("BRIT-2", "ask_again")
    if not build:
        return LEGAL
    partner = answering_partner(state.rules, seat)
    asked = evolve(state, phase=Phase.ANSWER, acaba_question=Question.PENDING)
    return asked, [ev.AskedAcaba(seat, partner)]


def answer(state: State, action: AnswerGoOut) -> Result:
    """BRIT-2: the partner's answer binds: "yes" ends the hand by Acaba, "no" forbids it."""
    events: list[ev.Event] = [ev.AnsweredAcaba(action.seat, action.yes)]
    if action.yes:
        events.append(ev.AcabaDeclared(state.current))
        return _ended(state, events)
    phase = Phase.DRAW if state.drew is DrawKind.NONE else Phase.PLAY
    return evolve(state, phase=phase, acaba_question=Question.NO), events


def _ended(state: State, events: list[ev.Event]) -> Result:
    return end_hand(state, HandEnd(ACABA_END, state.current), events)


def acaba_points(state: State, side: int) -> int:
    """BRIT-1 (BRIT-3 for more sides, ENG): what ``side`` scores for a hand ended by Acaba."""
    end = state.end
    assert end is not None and end.seat is not None
    return 0 if state.side_of(end.seat) == side else state.rules.acaba_points
