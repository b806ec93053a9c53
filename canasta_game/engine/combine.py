"""SAM-12: a side of the sequence family may hold several groups of one rank and may combine
two of them at any time in its turn, if the result obeys SAM-13 (and SAM-15: no wild card
joins a completed canasta this way either).

Combining moves no card between hand and table, so it never finishes a turn: the player still
discards (or goes out) afterwards.
"""

from __future__ import annotations

from canasta_game.engine import events as ev
from canasta_game.engine.actions import CombineMelds
from canasta_game.engine.meldrules import MeldKind, check_counts, meld_kind, wild_onto_canasta
from canasta_game.engine.reasons import Reason, reason
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import State, TableMeld, evolve
from canasta_game.engine.turn import LEGAL, Laying, Result, set_at


def several_groups(rules: Rules, key: int) -> bool:
    """SAM-12: in the sequence family a side may start another group of a rank it holds."""
    return rules.sequences and meld_kind(key) is MeldKind.GROUP


def combine(state: State, action: CombineMelds, build: bool) -> Result:
    """SAM-12, SAM-13, SAM-15: meld ``action.mid`` joins meld ``action.into``."""
    side = state.side_of(state.current)
    melds = state.melds[side]
    into = next((m for m in melds if m.mid == action.into), None)
    other = next((m for m in melds if m.mid == action.mid), None)
    if into is None or other is None or into is other:
        theirs = {m.mid for k, ms in enumerate(state.melds) if k != side for m in ms}
        if {action.into, action.mid} & theirs:
            return reason("C-TURN-6", "meld_not_yours")
        return reason("C-MELD-6", "meld_no_such")
    if not several_groups(state.rules, into.key):
        return reason("C-MELD-5", "meld_exists", rank=into.key)
    if other.key != into.key:
        return reason("SAM-12", "combine_one_rank")
    problem = _joined_problem(state.rules, into, other)
    if problem is not None:
        return problem
    if not build:
        return LEGAL
    laying = Laying.start(state)
    laying.melds.remove(other)
    laying.extend(into, other.cards, other.naturals, other.wilds)
    laying.touched_old = True
    state = evolve(
        state,
        melds=set_at(state.melds, side, tuple(laying.melds)),
        turn_melded=True,
        turn_touched_old=True,
    )
    events: list[ev.Event] = laying.events
    return state, events


def _joined_problem(rules: Rules, into: TableMeld, other: TableMeld) -> Reason | None:
    """SAM-15 (no wild card onto a completed canasta, either way round), then SAM-13."""
    problem = wild_onto_canasta(rules, into, other.wilds) or wild_onto_canasta(
        rules, other, into.wilds
    )
    if problem is not None:
        return problem
    return check_counts(rules, into.naturals + other.naturals, into.wilds + other.wilds)
