"""Cuban Canasta's own rules (VARIANTS.md section 6, CUB-4..8) as small named checks.

The rest of Cuban is Classic with other numbers (``rules.SPANISH_PRESETS``); what is truly
new is a cap on a meld's size, the value of a wild canasta by its cards, the first round's
ban on discarding black threes and the black threes set aside from a taken pile.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta_game.engine.cards import IS_BLACK_THREE, JOKER, RANK_OF, TWO
from canasta_game.engine.reasons import Reason, reason
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import State, TableMeld

#: CUB-5: a wild canasta of seven 2s, and one of four jokers and three 2s.
ALL_TWOS_BONUS = 4000
FOUR_JOKERS_BONUS = 3000
OTHER_WILD_BONUS = 2000


def size_problem(rules: Rules, size: int) -> Reason | None:
    """CUB-4, MAC-15: a meld holds at most ``meld_max`` cards, so no meld grows past it (the
    refusal cites the game's own rule)."""
    if rules.meld_max and size > rules.meld_max:
        return reason(rules.meld_max_rule, "meld_max", size=rules.meld_max)
    return None


def wild_canasta_bonus(meld: TableMeld) -> int:
    """CUB-5: seven 2s 4000; four jokers with three 2s 3000; any other mix 2000."""
    jokers = sum(1 for c in meld.cards if RANK_OF[c] == JOKER)
    twos = sum(1 for c in meld.cards if RANK_OF[c] == TWO)
    if jokers == 0:
        return ALL_TWOS_BONUS
    if jokers == 4 and twos == 3:
        return FOUR_JOKERS_BONUS
    return OTHER_WILD_BONUS


def first_round(state: State) -> bool:
    """CUB-7: the first round of turns, while no black three may be discarded."""
    return state.rules.b3_first_round and state.turn < state.rules.players


def discard_problem(state: State, card: int) -> Reason | None:
    """CUB-7: no black three is discarded during the first round of turns."""
    if IS_BLACK_THREE[card] and first_round(state):
        return reason("CUB-7", "b3_first_round")
    return None


def only_black_threes(state: State, hand: Sequence[int]) -> bool:
    """CUB-7 with C-TURN-7: a hand of black threes alone cannot be discarded from in the
    first round, so the turn could not end."""
    return bool(hand) and first_round(state) and all(IS_BLACK_THREE[c] for c in hand)


def sets_aside(rules: Rules, card: int) -> bool:
    """CUB-8: a black three in a taken pile is set aside instead of joining the hand."""
    return rules.b3_set_aside and IS_BLACK_THREE[card]


def set_aside_points(rules: Rules, count: int) -> int:
    """CUB-8: 5 for each black three set aside, 100 when the side holds all of the pack's."""
    if count >= 2 * rules.decks:
        return rules.b3_set_aside_all
    return count * rules.b3_set_aside_each
