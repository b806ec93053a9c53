"""Static evaluation of a (sampled) position for one side, in hand-score points.

Hard's rollouts stop after a few turns; the position they reach is scored as the hand would
score if it ended soon: what each side has banked on the table (cards, canasta bonuses, red
threes), plus the outlook of the cards its players hold (``hand_outlook``: lone cards are
mostly penalties, cards for the side's melds mostly points), plus the canastas its big melds
are likely to become. A finished hand is scored exactly.
The result is this side's figure minus the mean of the other sides'.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta_game.engine.cards import RANK_OF, VALUE_OF
from canasta_game.engine.meldrules import MeldKind, meld_facts
from canasta_game.engine.rules import Rules
from canasta_game.engine.scoring import score_hand
from canasta_game.engine.state import OVER, State

HAND_SHARE = 0.6  # the part of a lone card's value expected to stay in hand at the end
WILD_IN_HAND = 10.0  # a wild card in hand will complete a canasta or freeze a pile
GROWTH = {4: 40.0, 5: 90.0, 6: 160.0}  # chance-weighted canasta bonus by current meld size


def side_value(state: State, side: int) -> float:
    """What ``side`` would roughly bank if the hand ended in a few turns."""
    rules = state.rules
    melds = state.melds[side]
    total = 0.0
    for meld in melds:
        total += sum(VALUE_OF[c] for c in meld.cards)
        if meld.is_black_threes:
            continue
        facts = meld_facts(rules, meld)
        if meld.is_canasta:
            total += facts.bonus  # each kind its own: a samba 1500, a bolivia 2500 (SAM-26, BOL-3)
        elif facts.kind is MeldKind.SEQUENCE:
            # a run grows toward a samba, three times a natural canasta (SAM-26)
            total += GROWTH.get(meld.size, 0.0) * rules.sequence_bonus / rules.natural_canasta_bonus
        else:
            total += GROWTH.get(meld.size, 0.0)
    threes = rules.bonus_three_amount(len(state.bonus_threes[side]))
    total += threes if melds else -threes * 0.5  # a closed side still has time to open
    keys = {m.key for m in melds}
    for seat in rules.side_seats[side]:
        total += hand_outlook(rules, state.hands[seat], keys)
    return total


def hand_outlook(rules: Rules, hand: tuple[int, ...], keys: set[int]) -> float:
    """What the cards in one hand are likely to be worth by the end of the hand.

    Cards of a rank the side has melded will mostly be laid off (half their value banked),
    pairs and triples may still become melds (neutral), wild cards will find a meld; lone
    cards are mostly penalties (HAND_SHARE of their value) and black threes are penalties.
    """
    counts: dict[int, int] = {}
    for card in hand:
        counts[RANK_OF[card]] = counts.get(RANK_OF[card], 0) + 1
    total = 0.0
    for card in hand:
        if rules.stops[card]:
            total -= rules.hand_cost[card]
        elif rules.wild[card]:
            total += WILD_IN_HAND
        elif RANK_OF[card] in keys:
            total += 0.5 * VALUE_OF[card]
        elif counts[RANK_OF[card]] < 2:
            total -= HAND_SHARE * VALUE_OF[card]
    return total


def evaluate(state: State, side: int) -> float:
    """This side's expected hand score minus the others' (exact once the hand is over)."""
    if state.phase is OVER:
        return score_difference(score_hand(state).totals, side)
    return score_difference([side_value(state, s) for s in range(state.rules.sides)], side)


def score_difference(values: Sequence[float], side: int) -> float:
    """``side``'s value minus the mean of the other sides' (a hand's totals once it is over)."""
    others = [float(v) for s, v in enumerate(values) if s != side]
    return float(values[side]) - sum(others) / len(others)
