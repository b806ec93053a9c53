"""The simulator's two baseline players: uniform random and a simple greedy melder.

They choose only among ``legal_moves`` (so they can never cheat) and see the full state only
through ``observe``-free helpers that read the acting player's own hand and the table. The
real computer opponents live in ``canasta_game.ai``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from canasta_game.engine.actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    Discard,
    DrawStock,
    Meld,
    TakePile,
)
from canasta_game.engine.cards import IS_BLACK_THREE, IS_WILD, RANK_OF, VALUE_OF
from canasta_game.engine.game import why_illegal
from canasta_game.engine.movegen import legal_moves, meld_all
from canasta_game.engine.state import Phase, State

Policy = Callable[[State], Action]


def random_policy(seed: int | str) -> Policy:
    rng = random.Random(f"random-policy:{seed}")

    def choose(state: State) -> Action:
        return rng.choice(legal_moves(state))

    return choose


def greedy_policy(seed: int | str) -> Policy:
    """Takes the pile when it can, melds everything it legally can, discards its least use."""
    rng = random.Random(f"greedy-policy:{seed}")

    def choose(state: State) -> Action:
        if state.phase is Phase.ANSWER:
            return AnswerGoOut(state.actor, True)
        moves = legal_moves(state)
        if state.phase is Phase.DRAW:
            takes = [m for m in moves if isinstance(m, TakePile)]
            if takes:
                return max(takes, key=lambda m: len(m.cards) + sum(map(len, m.melds)))
            return next(m for m in moves if isinstance(m, DrawStock))
        everything = meld_all(state)
        if everything is not None and why_illegal(state, everything) is None:
            return everything
        melds = [m for m in moves if isinstance(m, Meld)]
        if melds:
            return max(melds, key=lambda m: (len(m.cards()), -_wilds(m)))
        discards = [m for m in moves if isinstance(m, Discard)]
        if discards:
            return min(discards, key=lambda m: _keep_value(state, m.card) + rng.random() * 0.1)
        return next(m for m in moves if not isinstance(m, AskGoOut))

    return choose


def _wilds(move: Meld) -> int:
    return sum(1 for c in move.cards() if IS_WILD[c])


def _keep_value(state: State, card: int) -> float:
    """How much the player wants to keep ``card``: wild cards and pairs most, lone low cards
    least."""
    if IS_WILD[card]:
        return 100.0
    if IS_BLACK_THREE[card]:
        return 2.0
    hand = state.hands[state.current]
    rank = RANK_OF[card]
    same = sum(1 for c in hand if RANK_OF[c] == rank)
    side = state.side_of(state.current)
    on_table = any(m.key == rank for m in state.melds[side])
    return same * 10 + (30 if on_table else 0) + VALUE_OF[card] / 10


POLICIES: dict[str, Callable[[int | str], Policy]] = {
    "random": random_policy,
    "greedy": greedy_policy,
}
