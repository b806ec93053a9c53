"""The two baseline players, seeing only a ``PlayerView``: the simulator's and the arena's.

``RandomBot`` picks uniformly among the legal moves and ``GreedyBot`` takes every pile it
can, melds everything and discards its least useful card. They are yardsticks, not
opponents for people.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from canasta_game.ai.handsense import side_melds, wilds_in
from canasta_game.ai.keep import keeper
from canasta_game.engine.actions import (
    Acaba,
    Action,
    AnswerGoOut,
    AskGoOut,
    Discard,
    DrawStock,
    Meld,
    TakePile,
)
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.state import ANSWER, DRAW

ACABA_ODDS = 200


class RandomBot:
    """Uniformly random among the legal moves."""

    level = "random"
    reads_view = False  # the play loop need not build a view for it (``ai.play``)

    def __init__(self, seat: int, seed: int | str) -> None:
        self.seat = seat
        self.rng = random.Random(f"random:{seed}:{seat}")

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action:
        # BRIT-1: Acaba ends the hand, so a random player declaring it as often as any other
        # move would end nearly every hand at once; it is chosen one time in ACABA_ODDS.
        if Acaba not in map(type, legal):  # (nearly every list: no filter to build)
            return self.rng.choice(legal)
        plain = [m for m in legal if not isinstance(m, Acaba)]
        if plain and self.rng.randrange(ACABA_ODDS):
            return self.rng.choice(plain)
        return self.rng.choice(legal)


class GreedyBot:
    """Takes the pile whenever it can, melds the most cards it can, discards its least use."""

    level = "greedy"

    def __init__(self, seat: int, seed: int | str) -> None:
        self.seat = seat
        self.rng = random.Random(f"greedy:{seed}:{seat}")

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if view.phase is ANSWER:
            return next(m for m in legal if isinstance(m, AnswerGoOut) and m.yes)
        if view.phase is DRAW:
            takes = [m for m in legal if isinstance(m, TakePile)]
            if takes:
                return max(takes, key=lambda m: len(m.cards) + sum(map(len, m.melds)))
            return next(m for m in legal if isinstance(m, DrawStock))
        melds = [m for m in legal if isinstance(m, Meld)]
        if len(melds) == 1:
            return melds[0]  # (the same choice without weighing it: issue 16's greedy loop)
        if melds:
            return _most_cards(view, melds)
        discards = [m for m in legal if isinstance(m, Discard)]
        if discards:
            value = keeper(view.rules, view.hand, side_melds(view))
            noise = self.rng.random  # (one draw per discard, in the list's order)
            scores = [value(m.card) + noise() * 0.1 for m in discards]
            return discards[scores.index(min(scores))]  # the first of the least kept
        return next(m for m in legal if not isinstance(m, AskGoOut))


def _laid(move: Meld) -> int:
    """How many cards ``move`` lays: ``len(move.cards())`` without building the list."""
    return sum(map(len, move.new)) + sum(len(cards) for _, cards in move.add)


def _most_cards(view: PlayerView, melds: list[Meld]) -> Meld:
    """The first of ``melds`` laying the most cards, the fewest wild cards among those:
    ``max`` by (cards, -wild cards), the wild cards counted only where the most cards tie
    (issue 16: the greedy loop weighed every meld)."""
    sizes = list(map(_laid, melds))
    most = max(sizes)
    best = [m for m, size in zip(melds, sizes, strict=True) if size == most]
    if len(best) == 1:
        return best[0]
    return max(best, key=lambda m: -wilds_in(view.rules, m))
