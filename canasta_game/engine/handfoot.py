"""Hand and Foot (VARIANTS.md section 5, V-HF): the foot, the books and the way out.

What is new in this game lives here and is called from the shared checks at the points the
rules meet them: picking up the foot (HF-8), the book quota and the foot played before going
out (HF-16, HF-17), whether a player can still go out (the going-out solver for books of at
most seven cards, HF-9), and the foot's cards at the end (HF-21, HF-22).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from canasta_game.engine import events as ev
from canasta_game.engine.cards import IS_BLACK_THREE, IS_RED_THREE, IS_WILD, RANK_OF, WILD_KEY
from canasta_game.engine.cuban import size_problem
from canasta_game.engine.meldrules import CanastaKind, canasta_kind, wild_cap
from canasta_game.engine.reasons import Reason, reason
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import State, TableMeld, evolve

Books = tuple[int, int, int]  # (clean, dirty, wild)


# --- the foot ------------------------------------------------------------------------------


def deal_feet(rules: Rules, cards: list[int], first: int) -> tuple[tuple[int, ...], ...]:
    """HF-3: each player's foot, dealt one card at a time from the top of ``cards`` (which
    loses them), the first to seat ``first``."""
    feet: list[list[int]] = [[] for _ in range(rules.players)]
    for i in range(rules.players * rules.foot_size):
        feet[(first + i) % rules.players].append(cards.pop(0))
    return tuple(tuple(f) for f in feet)


def pick_up_foot(state: State, seat: int, events: list[ev.Event]) -> State:
    """HF-8: the used-up hand is replaced by the foot. Its red threes are laid out and
    replaced from the stock as at the deal (C-R3-2; ENG: no source says otherwise)."""
    rules = state.rules
    side = state.side_of(seat)
    hand = [c for c in state.feet[seat] if not rules.is_bonus_three(c)]
    threes = [c for c in state.feet[seat] if rules.is_bonus_three(c)]
    stock = list(state.stock)
    laid: list[int] = []
    while threes:
        card = threes.pop()
        laid.append(card)
        if stock:
            drawn = stock.pop()
            (threes if rules.is_bonus_three(drawn) else hand).append(drawn)
    events.append(ev.FootPickedUp(seat, len(state.feet[seat])))
    events.extend(ev.BonusThreePlaced(seat, side, c) for c in laid)
    hands = list(state.hands)
    hands[seat] = state.hands[seat] + tuple(hand)
    feet = list(state.feet)
    feet[seat] = ()
    bonus = list(state.bonus_threes)
    bonus[side] = bonus[side] + tuple(laid)
    return evolve(
        state,
        hands=tuple(hands),
        feet=tuple(feet),
        stock=tuple(stock),
        bonus_threes=tuple(bonus),
    )


# --- books and going out -------------------------------------------------------------------


def book_counts(melds: Sequence[TableMeld]) -> Books:
    """HF-9: the side's clean, dirty and wild books."""
    kinds = [canasta_kind(m) for m in melds]
    return (
        kinds.count(CanastaKind.NATURAL),
        kinds.count(CanastaKind.MIXED),
        kinds.count(CanastaKind.WILD),
    )


def quota_met(quota: Sequence[int], books: Books) -> bool:
    """HF-17: the books a side needs to go out. A clean book beyond the clean ones needed
    stands in for a dirty one (ENG: a clean book is a dirty book's better)."""
    clean, dirty, wild = books
    return wild >= quota[2] and clean >= quota[0] and clean - quota[0] + dirty >= quota[1]


def books_missing(quota: Sequence[int], books: Books) -> Books:
    """HF-17: the (clean, dirty, wild) books a side still lacks to go out; a clean book
    beyond those needed stands in for a dirty one, as in ``quota_met``."""
    if not quota:
        return (0, 0, 0)
    clean, dirty, wild = books
    spare = max(0, clean - quota[0])
    return (
        max(0, quota[0] - clean),
        max(0, quota[1] - dirty - spare),
        max(0, quota[2] - wild),
    )


def out_problem(state: State, side: int) -> Reason | None:
    """HF-16 and HF-17 for the player going out now: the foot played and the book quota."""
    rules = state.rules
    if state.has_foot(state.current):
        return reason("HF-16", "out_foot_first")
    if rules.book_quota and not quota_met(rules.book_quota, book_counts(state.melds[side])):
        clean, dirty, wild = rules.book_quota
        return reason("HF-17", "out_books", clean=clean, dirty=dirty, wild=wild)
    return None


def book_full(rules: Rules, size: int) -> Reason | None:
    """HF-9: no meld grows past a book."""
    if rules.books_closed and size > rules.canasta_size:
        return reason("HF-9", "book_full", size=rules.canasta_size)
    return None


def takes_no_more(rules: Rules, meld: TableMeld) -> bool:
    """May no card join ``meld`` any more? A finished book (HF-9) or a meld holding the most
    cards a meld may (CUB-4, MAC-15). The computer players read this, so that a card of such
    a rank is not kept as one that grows a meld."""
    grown = meld.naturals + meld.wilds + 1
    return book_full(rules, grown) is not None or size_problem(rules, grown) is not None


def can_go_out(state: State) -> bool:
    """Can the current player meld all but one card and discard it, reaching the quota?

    Cards of one rank are alike, so the hand is counted. Each rank's naturals fill the open
    meld of the rank to a book and start new melds beside it (HF-9); a search over how many
    wild cards each meld gets (within HF-10's cap), with the rest going to wild melds
    (HF-11), looks for a spread that reaches the quota. It keeps to spreads it can prove
    legal, so it may miss an odd way out, but never finds one that is not there.
    """
    rules = state.rules
    seat = state.current
    if state.has_foot(seat):
        return False
    side = state.side_of(seat)
    naturals: dict[int, int] = {}
    wilds = blacks = 0
    for card in state.hands[seat]:
        if IS_WILD[card]:
            wilds += 1
        elif IS_BLACK_THREE[card] or IS_RED_THREE[card]:
            blacks += 1  # HF-12: a three can only be the discard
        else:
            naturals[RANK_OF[card]] = naturals.get(RANK_OF[card], 0) + 1
    if blacks > 1:
        return False
    opened = {m.key: (m.naturals, m.wilds) for m in state.melds[side] if _open_group(rules, m)}
    wild_open = next(
        (m.size for m in state.melds[side] if m.key == WILD_KEY and not m.is_canasta), 0
    )
    stuck = [r for r, n in naturals.items() if n == 1 and r not in opened]
    if len(stuck) + blacks > 1:
        return False
    discards: list[int | None] = [None] if not rules.out_needs_discard else []
    if blacks:
        discards = [-2]
    elif stuck:
        discards = [stuck[0]]
    else:
        discards += [*naturals, *([-1] if wilds else [])]
    books = book_counts(state.melds[side])
    for discard in discards:
        nat = dict(naturals)
        w = wilds - (discard == -1)
        if discard is not None and discard >= 0:
            nat[discard] -= 1
        items = tuple(
            sorted(
                (nat.get(r, 0), *opened.get(r, (0, 0)))
                for r in set(nat) | set(opened)
                if nat.get(r, 0) or r in opened
            )
        )
        if _spread(rules, items, w, wild_open, books):
            return True
    return False


def _open_group(rules: Rules, meld: TableMeld) -> bool:
    return (
        meld.key not in (WILD_KEY,) and not meld.is_black_threes and meld.size < rules.canasta_size
    )


def _spread(
    rules: Rules, items: tuple[tuple[int, int, int], ...], wilds: int, wild_open: int, books: Books
) -> bool:
    quota = rules.book_quota or (0, 0, 0)
    cap = (quota[0] + quota[1], quota[1], quota[2])

    @cache
    def search(index: int, left: int, clean: int, dirty: int) -> bool:
        if index == len(items):
            wild_books = _wild_books(rules, left, wild_open)
            if wild_books is None:
                return False
            return quota_met(quota, (clean, dirty, books[2] + wild_books))
        hand, nat, wild = items[index]
        for k in range(min(3, left) + 1):
            made = _place(rules, hand, nat, wild, k)
            if made is None:
                continue
            c = min(cap[0], clean + made[0])
            d = min(cap[1] + cap[0], dirty + made[1])
            if search(index + 1, left - k, c, d):
                return True
        return False

    return search(0, wilds, books[0], books[1])


def _place(rules: Rules, hand: int, nat: int, wild: int, k: int) -> tuple[int, int] | None:
    """``hand`` naturals and ``k`` wild cards of one rank onto its open meld (``nat`` +
    ``wild``, none if both are 0) and then into new melds beside the book it makes: the
    (clean, dirty) books made, or None if they cannot all be laid."""
    full = rules.canasta_size
    clean = dirty = 0
    if nat or wild:
        room = full - nat - wild
        x = min(hand, room)
        y = min(k, room - x)
        nat, wild, hand, k = nat + x, wild + y, hand - x, k - y
        if wild > wild_cap(rules, nat, nat + wild) or (wild and nat < 2):
            return None
        if nat + wild == full:
            clean, dirty = (1, 0) if wild == 0 else (0, 1)
        elif hand or k:
            return None
    while hand or k:
        x = min(hand, full)
        y = min(k, full - x)
        if x < 2 or x + y < 3 or y > wild_cap(rules, x, x + y):
            return None
        if x + y == full:
            clean, dirty = (clean + 1, dirty) if y == 0 else (clean, dirty + 1)
        elif hand - x or k - y:
            return None
        hand, k = hand - x, k - y
    return clean, dirty


def _wild_books(rules: Rules, left: int, wild_open: int) -> int | None:
    """HF-11: ``left`` wild cards onto the open wild meld (``wild_open`` cards, 0 if none)
    and new wild melds of 3 to 7: the most wild books they make, or None if they cannot."""
    full = rules.canasta_size
    if left == 0:
        return 0
    if not rules.wild_melds:
        return None
    made = 0
    if wild_open:
        if left <= full - wild_open:
            return 1 if left == full - wild_open else 0
        left -= full - wild_open
        made = 1
    books, rest = divmod(left, full)
    if rest == 0 or rest >= 3:
        return made + books  # books first, then one open wild meld (HF-9: only beside books)
    return None


# --- the end of the hand -------------------------------------------------------------------


def foot_cards(state: State, side: int) -> tuple[int, ...]:
    """HF-22: the cards of the side's feet that were never picked up."""
    if not state.feet:
        return ()
    return tuple(c for s in state.rules.side_seats[side] for c in state.feet[s])


def caught_red_threes(state: State, side: int) -> int:
    """HF-21: red threes still in a hand or an unplayed foot of the side."""
    held = (c for s in state.rules.side_seats[side] for c in state.hands[s])
    return sum(1 for c in (*held, *foot_cards(state, side)) if IS_RED_THREE[c])
