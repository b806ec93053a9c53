"""The state of the race, read once per decision: turns left, threats, the score.

Several heuristics ask the same questions (how many turns do I really have before the stock
runs out, is an opponent about to go out, is our side ahead on the table, is anyone near the
target), so the answers are computed here from the view and handed around as one value.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from canasta_game.ai.determinize import unseen_cards
from canasta_game.ai.handsense import canasta_count, table_points
from canasta_game.ai.sequences import out_missing
from canasta_game.engine.cards import IS_NATURAL, RANK_OF
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.state import Phase

AVERAGE_CARD = 11  # the mean penalty of an unknown card in hand (108-card pack, red threes out)


def my_turns_left(view: PlayerView) -> int:
    """How many more draws this player gets before the stock runs out (this turn excluded).

    Each turn draws ``k`` cards (a red three costs one more, ignored here), starting with the
    player after the current one; a turn that takes the pile draws nothing, so this is the
    honest lower bound a player counts on near the end.
    """
    players = view.rules.players
    k = view.rules.draw_count
    draws = view.stock_size // k + (1 if view.stock_size % k else 0)
    first = view.current if view.phase is Phase.DRAW else view.current + 1
    mine = (view.seat - first) % players  # the first of the draws that are this player's
    return 0 if mine >= draws else (draws - 1 - mine) // players + 1


def opponent_sides(view: PlayerView) -> list[int]:
    return [s for s in range(view.rules.sides) if s != view.side]


def partners(view: PlayerView) -> list[int]:
    return [s for s in view.rules.side_seats[view.side] if s != view.seat]


@dataclass(frozen=True)
class Situation:
    """Numbers most heuristics need, computed once (``unseen_rank`` when first asked: a
    draw decision never asks, and Hard's playouts ask Medium about every draw)."""

    turns_left: int  # this player's draws before the stock is out
    our_table: int  # cards and canasta bonuses our side has banked
    their_table: int  # the best opposing side's
    our_canastas: int
    can_go_out_quota: bool  # our side has the canastas to go out
    opponent_threat: float  # 0..1: how likely an opponent goes out within a round
    partner_cards: int  # cards our partners hold (0 without partners)
    near_target_us: bool  # our side will pass the target if the hand ends well
    near_target_them: bool
    view: PlayerView = field(repr=False, compare=False)

    @cached_property
    def unseen_rank(self) -> Counter[int]:
        """Natural cards of each rank this player has not seen."""
        return Counter(RANK_OF[c] for c in unseen_cards(self.view) if IS_NATURAL[c])

    @property
    def endgame(self) -> bool:
        return self.turns_left <= 1

    @property
    def table_lead(self) -> int:
        return self.our_table - self.their_table


#: SAM-6, SAM-23: a sequence-family hand draws two a turn and melds runs and groups of up to
#: seven at once, so it goes out from this many more cards than a Classic hand (arena:
#: Medium against Easy, with ``their_race_gain`` and ``sequence_out_first``, won 2-3% more)
SEQUENCE_REACH = 5


def threat_of(view: PlayerView, side: int) -> float:
    """How likely ``side`` goes out soon: it has its canastas and a player with few cards."""
    rules = view.rules
    melds = view.melds[side]
    missing = out_missing(view, side)  # the canastas, and Bolivia's escalera (BOL-9)
    smallest = min(view.hand_sizes[s] for s in rules.side_seats[side])
    if rules.sequences:
        smallest -= SEQUENCE_REACH  # SAM-6: the hand counts as SEQUENCE_REACH cards smaller
    if missing == 0:
        if smallest <= 2:
            return 1.0
        if smallest <= 4:
            return 0.7
        if smallest <= 7:
            return 0.35
        return 0.15
    near = sum(1 for m in melds if not m.is_canasta and m.size >= 5)
    if near >= missing and smallest <= 5:
        return 0.3
    return 0.05 if melds else 0.0


def read_situation(view: PlayerView) -> Situation:
    rules = view.rules
    ours = table_points(rules, view.melds[view.side])
    others = opponent_sides(view)
    theirs = max((table_points(rules, view.melds[s]) for s in others), default=0)
    threat = max((threat_of(view, s) for s in others), default=0.0)
    target = rules.target
    our_score = view.scores[view.side]
    their_score = max((view.scores[s] for s in others), default=0)
    return Situation(
        turns_left=my_turns_left(view),
        our_table=ours,
        their_table=theirs,
        our_canastas=canasta_count(view.melds[view.side]),
        can_go_out_quota=out_missing(view, view.side) == 0,  # BOL-9's escalera included
        opponent_threat=threat,
        partner_cards=sum(view.hand_sizes[s] for s in partners(view)),
        near_target_us=our_score + ours >= target,
        near_target_them=their_score + theirs >= target,
        view=view,
    )
