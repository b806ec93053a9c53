"""Easy: the sensible beginner a new player can beat.

It melds whatever it can see (naturals first, wild cards only where they complete a canasta
or are needed to open), goes out as soon as it may, takes the pile only when it is small or
it must, never counts cards and discards its least useful card. About one discard in eight
is a seeded mistake (a random non-wild card), which is what makes it beatable. It never does
anything absurd: wild cards are not thrown away while other cards remain.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import TypeVar

from canasta_game.ai import caliente
from canasta_game.ai.acaba import acaba_move, without_acaba
from canasta_game.ai.determinize import self_state
from canasta_game.ai.handsense import (
    completes_canastas,
    goes_out,
    hand_after,
    hand_points,
    side_melds,
    wilds_in,
)
from canasta_game.ai.keep import keeper
from canasta_game.ai.mac import (
    lay_three,
    out_melds,
    pure_discard_cost,
    pure_meld_gain,
    supply,
)
from canasta_game.ai.sequences import combine_value
from canasta_game.ai.situation import read_situation
from canasta_game.engine.actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    CombineMelds,
    Discard,
    DrawStock,
    Meld,
    TakePile,
)
from canasta_game.engine.going_out import can_go_out, must_ask
from canasta_game.engine.movegen import meld_all
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.state import Phase

_M = TypeVar("_M", Meld, TakePile)

MISTAKE_RATE = 0.12
SMALL_PILE = 5
BIG_PILE_WHIM = 0.2


#: A beginner gives a hand up by Acaba only when it is lost by far (BRIT-1).
EASY_ACABA_MARGIN = 1000


class EasyBot:
    """A beginner: greedy melding, small piles only, occasional seeded mistakes."""

    level = "easy"

    def __init__(self, seat: int, seed: int | str) -> None:
        self.seat = seat
        self.rng = random.Random(f"easy:{seed}:{seat}")

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        acaba = acaba_move(view, legal, margin=EASY_ACABA_MARGIN)  # BRIT-1
        if acaba is not None:
            return acaba
        pick = partial(self._pick, view)
        return caliente.decide(view, without_acaba(legal), pick, easy=True)  # CAL-2

    def _pick(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.ANSWER:
            return self._answer(view, legal)
        if view.phase is Phase.DRAW:
            return self._draw(view, legal)
        return self._play(view, legal)

    # --- phases ----------------------------------------------------------------------

    def _answer(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        yes = hand_points(view.rules, view.hand) <= 100
        return next(m for m in legal if isinstance(m, AnswerGoOut) and m.yes is yes)

    def _draw(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        takes = [m for m in legal if isinstance(m, TakePile)]
        draw = next((m for m in legal if isinstance(m, DrawStock)), None)
        if not takes:
            assert draw is not None
            return draw
        takes = self._hopeful(view, takes)
        if not takes and draw is not None:
            return draw
        best = min(takes, key=lambda m: (wilds_in(view.rules, m), -len(m.cards) - len(m.melds)))
        if draw is None:
            return best
        if wilds_in(view.rules, best) and view.is_open(view.side):
            return draw  # a beginner does not spend wild cards on the pile
        if view.pile_size <= SMALL_PILE or self.rng.random() < BIG_PILE_WHIM:
            return best
        return draw

    def _play(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        three = lay_three(view, legal)  # MAC-7: a beginner lays the kept three out at once
        if three is not None:
            return three
        outs = [m for m in legal if goes_out(view, m)] or out_melds(view, legal)  # MAC-30
        if outs:
            return outs[0]
        melds = [m for m in legal if isinstance(m, Meld)]
        state = self_state(view, legal)
        ask = next((m for m in legal if isinstance(m, AskGoOut)), None)
        if ask is not None and must_ask(state) and can_go_out(state, asking=True):
            return ask  # BRA-11, HF-16: going out needs the partner's "yes"
        if melds and can_go_out(state):
            everything = meld_all(state)
            if everything is not None and everything in melds:
                return everything
        combines = [m for m in legal if isinstance(m, CombineMelds)]
        making = [m for m in combines if combine_value(view, m) > 0]
        if making:
            return making[0]  # SAM-12: two groups of one rank that make a canasta
        chosen = self._pick_meld(view, melds)
        if chosen is not None:
            return chosen
        return self._discard(view, [m for m in legal if isinstance(m, Discard)], legal)

    def _hopeful(self, view: PlayerView, moves: Sequence[_M]) -> list[_M]:
        """MAC-31, MAC-41: even a beginner does not start an ace, sevens or wild meld that
        the side can rather not complete (``mac.pure_meld_gain`` below zero); where every
        take would, none is made (all of them, outside Modern American)."""
        odds = supply(view, read_situation(view))
        if odds is None:
            return list(moves)
        return [m for m in moves if pure_meld_gain(view, m, odds) >= 0]

    def _pick_meld(self, view: PlayerView, melds: list[Meld]) -> Meld | None:
        good: list[Meld] = []
        for move in self._hopeful(view, melds):
            wilds = wilds_in(view.rules, move)
            if wilds and view.is_open(view.side) and not completes_canastas(view, move)[0]:
                continue
            if len(hand_after(view.hand, move)) < 2 and not view.must_go_out:
                continue  # keep a card to discard
            good.append(move)
        if not good:
            return None

        def worth(move: Meld) -> tuple[int, int]:
            wilds = wilds_in(view.rules, move)
            return len(move.cards()) - 2 * wilds, -wilds

        return max(good, key=worth)

    def _discard(
        self, view: PlayerView, discards: list[Discard], legal: Sequence[Action]
    ) -> Action:
        if not discards:
            return legal[0]
        keep = keeper(view.rules, view.hand, side_melds(view))
        plain = [m for m in discards if not view.rules.wild[m.card]]
        if plain and self.rng.random() < MISTAKE_RATE:
            return self.rng.choice(plain)
        odds = supply(view, read_situation(view))
        if odds is not None:  # MAC-42: a third ace or seven in hand goes first
            crowd = [m for m in discards if pure_discard_cost(view, m.card, odds) < 0]
            discards = crowd or discards
        return min(discards, key=lambda m: (keep(m.card), m.card))
