"""Italian Canasta (V-IT, seed 003): the rules no other preset has, each a small named check.

The deal (IT-3, IT-4, IT-5), the opening before the draw and its cleanness (IT-7, IT-9..11),
the pile that only an open side takes with two naturals, three when frozen (IT-17..19), the
card drawn after taking it (IT-6), the clean and dirty canastas needed to close (IT-20) and
the red threes signed by the canastas made (IT-24). ``Rules`` switches each one on; the
shared checks call in here only when their switch is on.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta_game.engine import events as ev
from canasta_game.engine.cards import (
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_WILD,
    JOKER,
    RANK_OF,
    TWO,
)
from canasta_game.engine.reasons import Reason, reason
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import State, TableMeld, evolve

#: IT-4: the number a natural upcard shows is its rank index + 2 (4 is index 2, ace 12 = 14).
_NUMBER_OFFSET = 2

# --- the deal ------------------------------------------------------------------------------


def packet_size(rules: Rules, upcard: int) -> int:
    """IT-4, IT-C2: face-down cards put under a natural upcard: its number (4-10 at face
    value, J 11, Q 12, K 13, A 14), one fewer when the upcard counts itself (COUNTING)."""
    number = RANK_OF[upcard] + _NUMBER_OFFSET
    return number - 1 if rules.upcard_packet == "COUNTING" else number


def turns_again(card: int) -> bool:
    """IT-5: a black three, a 2 or a joker upcard is turned over by another card (and a red
    three too, ENG: it stays in the pile crosswise, freezing it)."""
    return IS_WILD[card] or IS_BLACK_THREE[card] or IS_RED_THREE[card]


def deal_pile(rules: Rules, stock: list[int]) -> tuple[tuple[int, ...], int, bool]:
    """IT-4, IT-5: the starting pile as (cards bottom first, face-down count, frozen).

    The dealer turns cards until a natural one shows; each card turned before it stays face
    up in the pile, and a wild card or red three among them freezes it (IT-5). Then the
    packet of face-down cards goes under the whole pile (ENG: under the turned cards too, so
    the face-down cards are always the pile's bottom ones).
    """
    turned: list[int] = []
    while stock:
        card = stock.pop()
        turned.append(card)
        if not turns_again(card):
            break
    frozen = any(rules.freezes_pile(c) for c in turned)
    count = packet_size(rules, turned[-1]) if turned and not turns_again(turned[-1]) else 0
    packet = [stock.pop() for _ in range(min(count, len(stock)))]
    return (*packet, *turned), len(packet), frozen


# --- the opening ---------------------------------------------------------------------------


def _clean_wild_opening(meld: TableMeld) -> bool:
    """IT-11: three 2s (60) and JK-JK-2 (120) count as clean openings."""
    ranks = sorted(RANK_OF[c] for c in meld.cards)
    return ranks in ([TWO, TWO, TWO], [TWO, JOKER, JOKER])


def is_dirty_opening(melds: Sequence[TableMeld]) -> bool:
    """IT-9, IT-11: an opening is dirty when a meld holds a wild card, the two exceptions
    apart."""
    return any(m.wilds and not (m.is_wild_meld and _clean_wild_opening(m)) for m in melds)


def opening_problem(state: State, side: int, new: Sequence[TableMeld]) -> Reason | None:
    """IT-9: an opening whose minimum is below ``clean_opening_below`` (the 50) must be
    clean; openings of 90 and more may be dirty."""
    rules = state.rules
    if not rules.clean_opening_below:
        return None
    need, _ = state.minimum(side)
    if need < rules.clean_opening_below and is_dirty_opening(new):
        return reason("IT-9", "opening_clean", need=need)
    return None


def may_open_before_draw(state: State) -> bool:
    """IT-7: a closed side's player may open from the hand alone before drawing."""
    return state.rules.open_before_draw and not state.melds[state.side_of(state.current)]


def before_draw_problem(rest: tuple[int, ...]) -> Reason | None:
    """IT-7 (ENG): the opening before the draw keeps a card in hand; closing comes after a
    draw (the seed's turn list: "pescare, calare e chiudere")."""
    return None if rest else reason("IT-7", "open_keep_card")


# --- the pile ------------------------------------------------------------------------------


def pile_closed(state: State) -> Reason | None:
    """IT-17: only an open side takes the pile; IT-10: not in the turn of a dirty opening."""
    if not state.rules.italian_pile:
        return None
    if not state.melds[state.side_of(state.current)]:
        return reason("IT-17", "pile_open_only")
    if state.opened_dirty:
        return reason("IT-10", "pile_after_dirty_opening")
    return None


def naturals_needed(pile_frozen: bool) -> int:
    """IT-17, IT-19: two naturals of the top card's rank, three when a wild card froze it."""
    return 3 if pile_frozen else 2


def take_problem(state: State, naturals: int) -> Reason | None:
    """IT-17, IT-19: the naturals shown with the top card."""
    need = naturals_needed(state.pile_frozen)
    if naturals >= need:
        return None
    rule = "IT-19" if state.pile_frozen else "IT-17"
    return reason(rule, "pile_naturals", rank=RANK_OF[state.pile[-1]], need=need)


def draw_after_take(state: State, events: list[ev.Event]) -> State:
    """IT-6: whoever takes the pile then draws ``pile_draw`` cards from the stock; a red
    three drawn is laid out and replaced (C-R3-3). An empty stock gives nothing (ENG: the
    hand ends at the next draw, C-STOCK-1)."""
    rules = state.rules
    seat = state.current
    side = state.side_of(seat)
    stock = state.stock
    drawn: list[int] = []
    placed: list[int] = []
    while len(drawn) < rules.pile_draw and stock:
        card, stock = stock[-1], stock[:-1]
        (placed if rules.is_bonus_three(card) else drawn).append(card)
    if drawn:
        events.append(ev.CardsDrawn(seat, tuple(drawn)))
    events.extend(ev.BonusThreePlaced(seat, side, c) for c in placed)
    hands = list(state.hands)
    hands[seat] = hands[seat] + tuple(drawn)
    threes = list(state.bonus_threes)
    threes[side] = threes[side] + tuple(placed)
    return evolve(state, stock=stock, hands=tuple(hands), bonus_threes=tuple(threes))


# --- closing and red threes ------------------------------------------------------------------


def canasta_kinds(melds: Sequence[TableMeld]) -> tuple[bool, bool]:
    """(a clean canasta, a dirty canasta) among ``melds``: clean is natural cards only, dirty
    any canasta with a wild card, a canasta of wild cards included (ENG, README)."""
    clean = any(m.is_canasta and not m.is_black_threes and m.wilds == 0 for m in melds)
    dirty = any(m.is_canasta and m.wilds > 0 for m in melds)
    return clean, dirty


def closing_problem(rules: Rules, melds: Sequence[TableMeld]) -> Reason | None:
    """IT-20, IT-C4: closing needs at least one clean and one dirty canasta."""
    if not rules.out_clean_and_dirty or all(canasta_kinds(melds)):
        return None
    return reason("IT-20", "out_clean_and_dirty")


def red_three_sign(melds: Sequence[TableMeld]) -> int:
    """IT-24: red threes count plus with a clean and a dirty canasta, nothing with clean ones
    only, minus with dirty ones only, and minus twice over with no canasta."""
    clean, dirty = canasta_kinds(melds)
    if clean and dirty:
        return 1
    if clean:
        return 0
    return -1 if dirty else -2
