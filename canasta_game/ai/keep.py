"""How much a player wants to keep each card of its hand: the basis of every discard.

Wild cards are worth most (they complete canastas and take frozen piles), then cards of a
rank the side has melded (they grow melds), then pairs and triples (they take the pile and
become melds), then lone cards, cheap ones last. Black threes are kept only as stop cards,
which the discard logic decides; on their own they are worth almost nothing. In the
sequence family a card that extends a sequence of the side or belongs to a run in hand is
kept like a card of a melded rank (``sequences.run_keep_values``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from canasta_game.ai.handsense import melds_by_key, rank_counts
from canasta_game.ai.sequences import run_keep_values, surplus_wilds
from canasta_game.engine.cards import RANK_OF, VALUE_OF
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import TableMeld

SURPLUS_WILD = 40.0  # a wild card no group of the side can take any more


def keep_value(rules: Rules, card: int, hand: Sequence[int], melds: Sequence[TableMeld]) -> float:
    """A score: higher means this card helps the hand more (independent of the opponents)."""
    return keeper(rules, hand, melds)(card)


def keeper(rules: Rules, hand: Sequence[int], melds: Sequence[TableMeld]) -> Callable[[int], float]:
    """``keep_value`` for many cards of one hand: the counts and the melds are read once
    (a discard decision asks for every card in hand). What a card does comes from the
    rules' tables (wild, stop card, cost in hand), so a variant changes it in one place."""
    counts = rank_counts(hand)
    table = melds_by_key(melds, rules)
    wild, stops, cost = rules.wild, rules.stops, rules.hand_cost
    runs = run_keep_values(rules, hand, melds)  # the sequence family's runs (SAM-9)
    surplus = surplus_wilds(rules, hand, melds) > 0  # wild cards with nowhere to go (SAM-10)

    def value_of(card: int) -> float:
        value = group_value(card)
        run = runs.get(card)
        return value if run is None else max(value, run + VALUE_OF[card] / 10.0)

    def group_value(card: int) -> float:
        if wild[card]:
            if surplus:
                return SURPLUS_WILD - cost[card] / 5.0  # the dearer one is thrown first
            return 200.0 + cost[card] / 5.0  # the dearer wild card (a joker) is kept longer
        if stops[card]:
            return 1.0
        rank = RANK_OF[card]
        same = counts[rank]
        meld = table.get(rank)
        value = VALUE_OF[card] / 10.0
        if meld is not None:
            # growing a meld: near-canasta melds want every card
            return 60.0 + 5.0 * min(meld.size, 6) + value
        if same >= 3:
            return 50.0 + value
        if same == 2:
            return 35.0 + value
        return 10.0 + value

    return value_of
