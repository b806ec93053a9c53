"""Can the player still end this turn with no cards? (C-OUT-1, C-OUT-5, C-OUT-7, C-TURN-7)

Asking "may I go out?", melding black threes and every action near the end of a hand must
leave a legal way to finish the turn, so the engine needs an exact answer, fast. Cards of one
rank are interchangeable, so the hand reduces to counts: every natural rank must join its
meld (or form a new one with two or more; beside its meld too where SAM-12 or
O-PILE-CONFLICT=A allow, searched last), black threes form one meld of three or more, and
the wild cards are spread over the melds within their caps. A small dynamic programme over
the melds finds whether some spread reaches the canastas the side needs; at most one card
(of any kind) is kept back as the final discard.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from operator import attrgetter

from canasta_game.engine import handfoot
from canasta_game.engine.cards import (
    ACE,
    BLACK_THREE_KEY,
    CALIENTE,
    FOUR,
    IS_BLACK_THREE,
    IS_NATURAL,
    IS_WILD,
    RANK_OF,
    SEQUENCE_KEY,
    SUIT_OF,
    WILD_KEY,
)
from canasta_game.engine.cuban import first_round
from canasta_game.engine.mac import open_pure_meld
from canasta_game.engine.mac_out import out_meld
from canasta_game.engine.meldrules import UNLIMITED, check_counts, may_open_beside, wild_cap
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import ASKED_NO, ASKED_YES, State, TableMeld

_WILD = -1
_BLACK = -2


def must_ask(state: State) -> bool:
    """BRA-11: going out needs the partner's "yes" (a side of one has nobody to ask)."""
    rules = state.rules
    return rules.out_must_ask and len(rules.side_seats[state.side_of(state.current)]) > 1


def ask_rule(rules: Rules) -> str:
    """The rule that makes a player ask before going out: BRA-11, or HF-16 with a foot."""
    return "HF-16" if rules.foot_size else "BRA-11"


def can_go_out(state: State, asking: bool = False) -> bool:
    """True when the current player can meld and discard down to zero cards this turn
    (``asking``: as if the partner had said yes, BRA-11)."""
    global _solved
    if state.question is ASKED_NO:
        return False
    if not asking and must_ask(state) and state.question is not ASKED_YES:
        return False
    if state.rules.book_quota or state.rules.books_closed:
        return handfoot.can_go_out(state)  # HF-9, HF-16, HF-17: books of seven at most
    side = state.side_of(state.current)
    if state.rules.out_needs_discard:
        return _discard_out(state, side)
    hand, melds = state.hands[state.current], state.melds[side]
    solved = _solved
    if solved is not None and solved[0] is state and solved[1] is hand and solved[2] is melds:
        return solved[3]
    out = _simple_out(state.rules, hand, melds) or any(
        _hand_out(state, side, cards, runs) for cards, runs in _run_choices(state, side)
    )
    _solved = (state, hand, melds, out)
    return out


#: ``can_go_out``'s last search: the state, its hand and the side's melds (held: the same
#: objects are the same cards) and the answer. The same state is often asked twice in a
#: row: "may I go out?" (C-OUT-7) checked for the move list, then applied; or asked after
#: the black-three meld was (C-B3-2, ``fastgen._threes_meldable``). One tuple, set at once:
#: a search on another thread (a Hard search beside the table) reads a whole pass or none.
_solved: tuple[State, tuple[int, ...], tuple[TableMeld, ...], bool] | None = None


def general_solver(rules: Rules) -> bool:
    """Does the general solver (and its cheap cuts: ``surely_stuck``, ``within_reach``)
    answer "may I go out?" under ``rules``? Not with books (HF-9, HF-17: ``handfoot``) nor
    a final discard required (MAC-30: ``_discard_out``)."""
    return not (rules.book_quota or rules.books_closed or rules.out_needs_discard)


def same_after_threes(rules: Rules, blacks: int) -> bool:
    """Does ``can_go_out`` answer the same after the player melds all ``blacks`` (three or
    more) black threes of the hand as before? Where the general solver answers (no books,
    HF-9, nor a final discard required, MAC-30) and the rules meld them (IT-14, HF-12): the
    solver never counts that meld (C-B3-1), the sequences settle alike (a three ends none,
    SAM-11), the cuts read no black three of three or more (``_cut``), and the one way the
    threes in hand add is discarding one (C-OUT-2), which leaves two, no meld (C-B3-1), or
    three and more with every other card melded, the "no discard" way after them unless
    IT-20 demands a discard. So "may I meld my black threes?" (C-B3-2) answered on the hand
    needs no second solve after the meld."""
    return rules.b3_meld and general_solver(rules) and (blacks == 3 or not rules.out_discard)


def out_by_discard(state: State) -> bool:
    """A cheap sufficient condition of ``can_go_out`` for a hand of one card (about half the
    "yes" answers the move generator asks for: a meld that keeps one card): the card may be
    the final discard (C-OUT-2; O-OUT-NOWILD3, CUB-7 for a wild card or black three) and the
    side's melds as they lie already make the quota (C-OUT-1, O-OUT-CLEAN, BOL-9). That is
    one branch of the solver, taken the way it takes it (``_hand_out`` discarding that card,
    ``_layouts``' layout of the melds as they are, ``_spread_none``): True only where it
    says yes, False where the solver must answer. Rules this does not cover (books, a
    final discard required, IT-20, caps on meld sizes, wild melds, Calientes) answer False."""
    return _discard_lying(
        state, state.hands[state.current], state.melds[state.side_of(state.current)]
    )


def _discard_lying(state: State, hand: tuple[int, ...], melds: tuple[TableMeld, ...]) -> bool:
    """``out_by_discard`` with ``hand`` the player's and ``melds`` the side's."""
    rules = state.rules
    if len(hand) != 1 or state.question is ASKED_NO:
        return False
    if must_ask(state) and state.question is not ASKED_YES:
        return False  # BRA-11
    if (
        rules.book_quota
        or rules.books_closed
        or rules.out_needs_discard
        or rules.out_clean_and_dirty
        or rules.meld_max
        or rules.wild_melds
        or rules.calientes
    ):
        return False
    last = hand[0]
    if (IS_WILD[last] or IS_BLACK_THREE[last]) and rules.out_nowild3:
        return False  # O-OUT-NOWILD3
    if IS_BLACK_THREE[last] and first_round(state):
        return False  # CUB-7
    return _lying_out(rules, melds)


def simple_out_with(state: State, hand: tuple[int, ...], melds: tuple[TableMeld, ...]) -> bool:
    """A cheap sufficient condition of ``can_go_out`` on ``state`` with ``hand`` in the
    player's hand and ``melds`` the side's (a meld's outcome, C-TURN-7), asked before that
    state is built: ``can_go_out``'s own first steps, the question (C-OUT-6, BRA-11) and
    then ``_simple_out`` (``out_by_discard`` for one card); False where they do not say
    yes (the caller then solves)."""
    if len(hand) == 1:
        return _discard_lying(state, hand, melds)
    if state.question is ASKED_NO or (must_ask(state) and state.question is not ASKED_YES):
        return False
    if state.rules.out_needs_discard:
        return False  # MAC-30 (books, HF-9, are ``_simple_out``'s own "no")
    return _simple_out(state.rules, hand, melds)


def _simple_out(rules: Rules, hand: tuple[int, ...], melds: tuple[TableMeld, ...]) -> bool:
    """``out_by_discard`` for a hand of two cards or more (``can_go_out`` asks it before its
    search): naturals only, each of a rank the side has a group of (C-MELD-2), three or more
    of a rank it has none of (a new group, C-MELD-1), or the one card left over, the
    discard (C-OUT-2); the side's melds as they lie make the quota (``_lying_out``).
    Naturals joining a group keep it within its cap (``wild_cap`` never falls as naturals
    join, C-MELD-3, O-MELD-WILD), a canasta and a natural one stay so: the search's layout
    of every natural on its rank's group (``_layouts``, ``_spread_none``) says yes. Rules it
    does not cover are those of ``out_by_discard`` and a final discard required (IT-20:
    three queens, a new group, cannot spare one): False."""
    if (
        rules.out_discard
        or rules.book_quota
        or rules.books_closed
        or rules.out_clean_and_dirty
        or rules.meld_max
        or rules.wild_melds
        or rules.calientes
    ):
        return False
    keys = _table_keys(melds)[0]
    new: dict[int, int] = {}  # (the ranks the side has no group of)
    kind_of = _KIND_OF
    for card in hand:
        kind = kind_of[card]
        if kind < 0:
            return False  # (a wild card or a black three: the search places it)
        if kind not in keys:
            new[kind] = new.get(kind, 0) + 1
    if 2 in new.values() or sum(1 for count in new.values() if count == 1) > 1:
        return False  # (a pair needs a wild card; two lone cards, two discards)
    return _lying_out(rules, melds)


def _lying_out(rules: Rules, melds: tuple[TableMeld, ...]) -> bool:
    """Do the side's ``melds`` as they lie make the quota to go out (C-OUT-1, O-OUT-CLEAN,
    BOL-9), none over its cap (C-MELD-3)?"""
    full = rules.canasta_size
    fixed = _fixed_cap(rules)
    runs = canastas = naturals = 0
    for meld in melds:
        key = meld.key
        size = meld.naturals + meld.wilds
        if key >= SEQUENCE_KEY:
            runs += size >= full
        elif key != BLACK_THREE_KEY and key != WILD_KEY:
            if meld.wilds > (wild_cap(rules, meld.naturals, size) if fixed is None else fixed):
                return False  # (``_spread_none``: a meld over its cap, C-MELD-3)
            if size >= full:
                canastas += 1
                naturals += not meld.wilds
    if rules.out_needs_sequence and not runs:
        return False  # BOL-9
    return canastas >= rules.go_out_canastas - runs and naturals >= _natural_need(rules)


def _discard_out(state: State, side: int) -> bool:
    """MAC-30: going out is always the discard of the last card (not a three), so the player
    can go out this turn only holding one card with the canastas (MAC-29, and whatever else
    ``turn.going_out_problem`` asks) and no incomplete pure-ace, sevens or wild meld (MAC-31).
    With more cards in hand, one meld action must lay all but one first (``mac_out``)."""
    hand = state.hands[state.current]
    if len(hand) > 1:
        return out_meld(state) is not None  # MAC-32: a "yes" must be possible to obey
    if not hand or state.rules.is_bonus_three(hand[0]):
        return False
    if state.rules.out_nowild3 and (IS_WILD[hand[0]] or IS_BLACK_THREE[hand[0]]):
        return False  # O-OUT-NOWILD3 switched on this game
    rules = state.rules
    melds = state.melds[side]
    if state.canastas(side) < rules.go_out_canastas:
        return False
    naturals = sum(1 for m in melds if m.is_canasta and m.is_natural)
    if naturals < _natural_need(rules):
        return False  # O-OUT-CLEAN switched on this game
    if rules.out_needs_sequence and not any(m.is_canasta and m.key >= SEQUENCE_KEY for m in melds):
        return False  # BOL-9 switched on this game
    return open_pure_meld(state, side) is None


def _run_choices(state: State, side: int) -> Iterator[tuple[tuple[int, ...], list[int]]]:
    """The hand with the side's sequences as they are, then with every hand card that fits
    an end of an incomplete sequence added (SAM-11): the sizes of the sequences after each.

    Sequences are settled first and greedily, so the answer may miss a way out that needs
    a card split between a sequence and a group; it never finds one that is not there.
    """
    runs = [m for m in state.melds[side] if m.key >= SEQUENCE_KEY]
    hand = state.hands[state.current]
    yield hand, [m.naturals + m.wilds for m in runs]
    if not runs:
        return
    rest = list(hand)
    sizes: list[int] = []
    for meld in runs:
        suit = meld.key - SEQUENCE_KEY
        low, high = RANK_OF[meld.cards[0]], RANK_OF[meld.cards[-1]]
        grew = True
        while grew and high - low + 1 < meld.canasta_size:
            grew = False
            for card in rest:
                rank = RANK_OF[card]
                fits = IS_NATURAL[card] and SUIT_OF[card] == suit
                if fits and (rank == low - 1 >= FOUR or rank == high + 1 <= ACE):
                    low, high = min(low, rank), max(high, rank)
                    rest.remove(card)
                    grew = True
                    break
        sizes.append(high - low + 1)
    if len(rest) < len(hand):
        yield tuple(rest), sizes


def within_reach(state: State, counts: tuple[dict[int, int], int, int] | None = None) -> bool:
    """A quick necessary condition of ``can_go_out(state, asking=True)``: False when the
    solver's two cheap cuts (``_cut``) rule going out out for every way of settling the
    side's sequences, so "may I go out?" (C-OUT-7) is refused without the search. Rules with
    books or the final discard (HF-9, MAC-30) have no cut here: True. ``counts``: the hand's
    ``_counts`` where the caller has them already. A pass is kept (``_reached``): "may I go
    out?" asked next (C-OUT-7) solves the same state, and its first hand needs no new cut."""
    global _reached
    if state.question is ASKED_NO:
        return False
    rules = state.rules
    if not general_solver(rules):
        return True
    side = state.side_of(state.current)
    # (no sequence to settle, SAM-11: the hand as it is, without the generator)
    choices = _run_choices(state, side) if rules.sequences else ((state.hands[state.current], ()),)
    for hand, runs in choices:
        run_canastas = sum([size >= rules.canasta_size for size in runs]) if runs else 0
        if rules.out_needs_sequence and not run_canastas:
            continue  # BOL-9
        whole = counts is not None and hand is state.hands[state.current]
        naturals, wilds, blacks = counts if whole else _counts(hand)  # type: ignore[misc]
        stuck = _cut(state, side, naturals, wilds, blacks, run_canastas)
        if stuck is not None:
            _reached = (state, hand, (naturals, wilds, blacks), stuck)
            return True
    return False


#: ``within_reach``'s last pass: the state, the hand (the choice of ``_run_choices``, held:
#: the same object is the same cards), its ``_counts`` and what ``_cut`` answered.
_reached: tuple[State, tuple[int, ...], tuple[dict[int, int], int, int], list[int]] | None = None


def surely_stuck(naturals: dict[int, list[int]], blacks: int, melds: tuple[TableMeld, ...]) -> bool:
    """A cheaper cut before ``within_reach`` (most "may I go out?" answers are "no"): True
    when two or more cards of the hand (``naturals`` by rank, ``blacks`` black threes) are
    left over whichever way the side's sequences are settled, so ``within_reach`` is False.
    Counted are a lone natural of a rank the side has no group of (C-MELD-2) unless its suit
    is that of an incomplete sequence it might extend (SAM-11: ``_run_choices`` only ever
    removes such cards), and one or two black threes (C-B3-1): each is in ``_unmeldable``'s
    list for every choice, and ``_cut`` refuses two of them (C-OUT-2: one discard)."""
    keys, suits = _table_keys(melds)
    stuck = 1 if 0 < blacks < 3 else 0
    for rank, cards in naturals.items():
        if len(cards) == 1 and rank not in keys and (not suits or SUIT_OF[cards[0]] not in suits):
            stuck += 1
            if stuck > 1:
                return True
    return False


def stuck_after(
    left: list[int], melds: tuple[TableMeld, ...], new: tuple[tuple[int, ...], ...]
) -> bool:
    """A cheaper cut before a meld's state is built (most "meld all" with black threes leave
    cards no meld takes): True when ``can_go_out`` is surely False for the hand ``left`` once
    the groups ``new`` are laid beside the side's ``melds`` (and anything added to them).
    The ranks that could have a group then are ``melds``' and ``new``'s groups'; the suits of
    an incomplete sequence at most ``melds``' incomplete ones and ``new``'s sequences'. A
    natural of such a suit is the only card ``_run_choices`` takes off the hand; the others
    stay in every hand the solver tries, so two lone naturals of ranks with no group
    (``_unmeldable``, C-MELD-2: C-OUT-2 allows one discard) or more pairs of such ranks than
    wild cards (``_pairs_short``, C-MELD-1) are cut there in every one of them."""
    keys, suits = _table_keys(melds)
    ranks: set[int] = set()
    runs: set[int] = set()
    for group in new:
        kinds = {_KIND_OF[card] for card in group if IS_NATURAL[card]}
        if len(kinds) == 1:
            ranks |= kinds
        elif kinds:
            runs.add(SUIT_OF[next(card for card in group if IS_NATURAL[card])])  # SAM-9
    by_rank: dict[int, list[int]] = {}
    wilds = 0
    for card in left:
        kind = _KIND_OF[card]
        if kind >= 0:
            by_rank.setdefault(kind, []).append(card)
        elif kind == _WILD:
            wilds += 1
    lone = pairs = 0
    for rank, cards in by_rank.items():
        if len(cards) > 2 or rank in keys or rank in ranks:
            continue
        if any(SUIT_OF[card] in suits or SUIT_OF[card] in runs for card in cards):
            continue  # (it may end a sequence: SAM-11)
        if len(cards) == 1:
            lone += 1
        else:
            pairs += 1
    return lone > 1 or pairs > wilds


def _counts(hand: tuple[int, ...]) -> tuple[dict[int, int], int, int]:
    """The hand as (naturals by rank, wild cards, black threes)."""
    naturals: dict[int, int] = {}
    wilds = blacks = 0
    kind_of = _KIND_OF
    for card in hand:
        kind = kind_of[card]
        if kind >= 0:
            naturals[kind] = naturals.get(kind, 0) + 1
        elif kind == _WILD:
            wilds += 1
        else:
            blacks += 1
    return naturals, wilds, blacks


#: Per card uid: ``_WILD``, ``_BLACK`` or else its rank (``_counts``: one look-up a card).
_KIND_OF: tuple[int, ...] = tuple(
    _WILD if IS_WILD[c] else _BLACK if IS_BLACK_THREE[c] else RANK_OF[c]
    for c in range(len(RANK_OF))
)


def _cut(
    state: State, side: int, naturals: dict[int, int], wilds: int, blacks: int, run_canastas: int
) -> list[int] | None:
    """The solver's cheap exact cuts: None when going out is impossible, two or more cards no
    meld can take (only one can be the discard, C-OUT-2), more pairs than wild cards
    (``_pairs_short``) or too few canastas in reach (C-OUT-1); else the kinds of card that
    must be the discard (at most one)."""
    keys = _table_keys(state.melds[side])[0]
    stuck = _unmeldable(state, naturals, blacks, keys)
    if len(stuck) > 1 or _pairs_short(naturals, wilds, keys):
        return None
    if not _canastas_in_reach(state, side, naturals, wilds, run_canastas):
        return None
    return stuck


def _hand_out(state: State, side: int, hand: tuple[int, ...], runs: list[int]) -> bool:
    """Can ``hand`` be melded (all but one discard) with the sequences at sizes ``runs``?"""
    rules = state.rules
    full = rules.canasta_size
    run_canastas = sum([size >= full for size in runs]) if runs else 0
    if rules.out_needs_sequence and not run_canastas:
        return False  # BOL-9: groups never make an escalera
    reached = _reached
    if reached is not None and reached[0] is state and reached[1] is hand:
        (naturals, wilds, blacks), stuck = reached[2], reached[3]  # (``within_reach`` cut it)
    else:
        naturals, wilds, blacks = _counts(hand)
        cut = _cut(state, side, naturals, wilds, blacks, run_canastas)
        if cut is None:
            return False  # (most hands asked: no discard is tried)
        stuck = cut
    discards: list[int | None] = [*([] if rules.out_discard else [None]), *naturals]  # IT-20
    if wilds and not rules.out_nowild3:
        discards.append(_WILD)
    if blacks and not rules.out_nowild3 and not first_round(state):  # CUB-7
        discards.append(_BLACK)
    if stuck:
        discards = [d for d in discards if d == stuck[0]]
    # (the cards tried, where a new group of a melded rank may follow: SAM-12, O-PILE-CONFLICT=A)
    tried: list[tuple[dict[int, int], int, int]] | None = (
        [] if rules.sequences or rules.pile_conflict == "A" else None
    )
    for discard in discards:
        nat = dict(naturals)
        w, b = wilds, blacks
        if discard == _WILD:
            w -= 1
        elif discard == _BLACK:
            b -= 1
        elif discard is not None:
            nat[discard] -= 1
        if _meldable(rules, state, side, nat, w, b, run_canastas):
            return True
        if tried is not None:
            tried.append((nat, w, b))
    if tried is None or not _may_split(rules, state.melds[side], naturals, wilds):
        return False  # (most hands: no new group of a melded rank could be made)
    # SAM-12: a second group of a melded rank, only once every way without one has failed
    return any(_meldable(rules, state, side, *cards, run_canastas, True) for cards in tried)


def group_keys(melds: tuple[TableMeld, ...]) -> frozenset[int]:
    """The ranks of the side's groups a natural may join (not black threes, C-B3-1, nor a
    wild meld, O-WILD-MELDS; sequence keys never equal a rank)."""
    return _table_keys(melds)[0]


def _table_keys(melds: tuple[TableMeld, ...]) -> tuple[frozenset[int], frozenset[int]]:
    """``group_keys`` of the side's melds and the suits of its incomplete sequences (SAM-11),
    kept per melds tuple (``_KEYS``): a side's melds stay the same object from turn to turn
    until it melds, and nearly every play list asks "may I go out?" of them (C-OUT-7), some
    twice. A tuple held there cannot change nor be freed, so its id is the same melds."""
    entry = _KEYS.get(id(melds))
    if entry is not None:
        return entry[1]
    keys = frozenset(map(_KEY_OF, melds)) - _NOT_RANKS
    suits = (
        frozenset(
            m.key - SEQUENCE_KEY
            for m in melds
            if m.key >= SEQUENCE_KEY and m.naturals + m.wilds < m.canasta_size
        )
        if keys and max(keys) >= SEQUENCE_KEY
        else _NO_SUITS  # (most tables: no sequence)
    )
    if len(_KEYS) >= _KEYS_KEPT:
        _KEYS.clear()  # (the melds of tables long gone)
    found = (keys, suits)
    _KEYS[id(melds)] = (melds, found)
    return found


_KEY_OF = attrgetter("key")
_NOT_RANKS = frozenset((BLACK_THREE_KEY, WILD_KEY))
_NO_SUITS: frozenset[int] = frozenset()

#: ``_table_keys``' answers by the id of the melds tuple (held, so the id is not reused).
_KEYS: dict[int, tuple[tuple[TableMeld, ...], tuple[frozenset[int], frozenset[int]]]] = {}
_KEYS_KEPT = 64


def _unmeldable(
    state: State, naturals: dict[int, int], blacks: int, keys: frozenset[int]
) -> list[int]:
    """The kinds of card that no meld this turn can take, so one of them must be the discard:
    a lone natural of a rank the side has not melded (``keys``, C-MELD-2) and one or two
    black threes (C-B3-1). A cheap exact cut before the search: most hands have several."""
    stuck = [rank for rank, count in naturals.items() if count == 1 and rank not in keys]
    if CALIENTE in naturals:  # CAL-5: never melded, however many
        stuck = [r for r in stuck if r != CALIENTE] + [CALIENTE] * naturals[CALIENTE]
    if blacks in (1, 2) or (blacks and not state.rules.b3_meld):
        stuck.extend([_BLACK] * (blacks if not state.rules.b3_meld else 1))  # IT-14, HF-12
    return stuck


def _pairs_short(naturals: dict[int, int], wilds: int, keys: frozenset[int]) -> bool:
    """More pairs of ranks the side has not melded (``keys``) than wild cards: each such pair
    needs a wild card to be a meld (C-MELD-1, C-MELD-2), and no final discard helps (one card
    off a pair leaves a natural no meld takes, one off a triple makes another pair, a wild
    card discarded is one fewer). A cheap exact cut: the search (``_layouts``, ``_spread``)
    asks exactly this of every spread."""
    pairs = [rank for rank, count in naturals.items() if count == 2]
    return len(pairs) > wilds and len([rank for rank in pairs if rank not in keys]) > wilds


def _canastas_in_reach(
    state: State, side: int, naturals: dict[int, int], wilds: int, run_canastas: int
) -> bool:
    """A cheap exact cut before the search (most answers are "no"): could the side have the
    canastas going out needs (C-OUT-1) if every meld took every natural of its rank and as
    many of the hand's wild cards as its cap allows at any size (C-MELD-3, O-MELD-WILD)? Each
    meld the search may build is counted at most once, so when even this count falls short,
    no spread of the cards reaches it. Where groups of one rank may be joined (SAM-12) a rank
    counts the more of its groups' own count and its cards taken together."""
    rules = state.rules
    full = rules.canasta_size
    need = rules.go_out_canastas
    reach = run_canastas
    # every term of the count below is at least what a meld reaches alone: once those alone
    # make the quota, the answer is yes (most sides asked about hold their canastas already)
    least = reach
    fixed = _fixed_cap(rules)
    joins = rules.sequences  # SAM-12: groups of one rank may be joined
    pooled: dict[int, list[int]] = {}  # SAM-12: key -> [its groups' cards, groups, canastas]
    for meld in state.melds[side]:
        key = meld.key
        if key == BLACK_THREE_KEY or key >= SEQUENCE_KEY:
            continue
        size = meld.naturals + meld.wilds
        if key == WILD_KEY:
            made = size + wilds >= full
            reach += made
            least += made
            if least >= need:
                return True
            continue
        count = naturals.get(key, 0)
        cap = wild_cap(rules, meld.naturals + count, UNLIMITED) if fixed is None else fixed
        room = max(0, cap - meld.wilds)
        alone = size + count + min(wilds, room) >= full
        least += alone
        if least >= need:
            return True
        if not joins:
            reach += alone  # (no joining: each group counts alone)
            continue
        pool = pooled.get(key)
        if pool is None:
            pooled[key] = [count + wilds + size, 1, alone]
        else:
            pool[0] += size
            pool[1] += 1
            pool[2] += alone
    for cards, number, alone in pooled.values():
        # joined groups (SAM-12) hold their cards together: at most a canasta per seven
        joined = min(number, cards // full) if number > 1 else 0
        reach += max(alone, joined)
    for count in naturals.values():
        if count >= 2:
            cap = wild_cap(rules, count, UNLIMITED) if fixed is None else fixed
            reach += count + min(wilds, cap) >= full
    reach += rules.wild_melds and wilds >= full
    return reach >= need


def _meldable(
    rules: Rules,
    state: State,
    side: int,
    naturals: dict[int, int],
    wilds: int,
    blacks: int,
    run_canastas: int,
    second: bool = False,
) -> bool:
    """Can all these cards be melded at once, reaching the side's go-out quota? (``second``:
    with a new group of a melded rank, ``_second_groups``; else as ``_layouts`` lays them)"""
    if blacks in (1, 2):
        return False
    melds = state.melds[side]
    # (WILD_KEY: the wild meld, O-WILD-MELDS, which no side holds without the rule)
    wild_meld_size = (
        next((m.size for m in melds if m.key == WILD_KEY), None) if rules.wild_melds else None
    )
    found = (
        _second_groups(rules, melds, naturals, wilds)
        if second
        else _layouts(rules, melds, naturals)
    )
    return any(_reaches(rules, entries, wilds, wild_meld_size, run_canastas) for entries in found)


def _may_split(
    rules: Rules, melds: tuple[TableMeld, ...], naturals: dict[int, int], wilds: int
) -> bool:
    """A quick necessary condition of ``_second_groups`` finding a layout for ``naturals``
    and ``wilds`` or fewer, under rules that allow one: a melded rank with two
    naturals in hand (seven without a wild card, the least ``_second_groups`` tries)."""
    low = 2 if wilds or rules.meld_max else rules.canasta_size
    keys = group_keys(melds)
    return any(count >= low and key in keys for key, count in naturals.items())


def _layouts(
    rules: Rules, melds: tuple[TableMeld, ...], naturals: dict[int, int]
) -> Iterator[list[list[int]]]:
    """The side's regular melds after the hand's naturals join them, as solver entries
    ``[naturals, wilds, size, least wilds to add, locked]``: one layout for most sides; where
    SAM-12 lets a side hold and join several groups of one rank, one per way of joining its
    groups and of sharing the hand's naturals of that rank between them (a 4-card and a
    3-card group of kings joined are a canasta, two groups of six share two kings). A new
    group of a rank the side has melded is ``_second_groups``' search."""
    locked = rules.no_wild_on_canasta  # SAM-15: a canasta takes no more wild cards
    groups: dict[int, list[TableMeld]] = {}
    for meld in melds:
        key = meld.key  # (not black threes, no sequence, no wild meld)
        if key < SEQUENCE_KEY and key != BLACK_THREE_KEY and key != WILD_KEY:
            groups.setdefault(key, []).append(meld)
    fixed: list[list[int]] = []
    choices: list[list[list[list[int]]]] = []
    for key, metas in groups.items():
        count = naturals.get(key, 0)
        if len(metas) == 1:  # (most ranks: the one meld takes the naturals)
            meld = metas[0]
            size = meld.naturals + meld.wilds
            done = int(locked and size >= meld.canasta_size)
            fixed.append([meld.naturals + count, meld.wilds, size + count, 0, done])
            continue
        if rules.sequences:  # SAM-12: several groups of a rank
            choices.append(list(_joined_options(rules, metas, count)))
            continue
        entries = [[m.naturals, m.wilds, m.size, 0, int(locked and m.is_canasta)] for m in metas]
        # naturals go to the open meld of a rank (O-PILE-CONFLICT=A)
        target = next((e for e in entries if e[2] < rules.canasta_size), entries[0])
        target[0] += count
        target[2] += count
        fixed.extend(entries)
    for rank, count in naturals.items():
        if count and rank not in groups:
            if count < 2:
                return  # C-MELD-2: a lone natural cannot start a meld
            fixed.append([count, 0, count, max(0, 3 - count), 0])
    if rules.meld_max and any(entry[2] > rules.meld_max for entry in fixed):
        return  # CUB-4: no meld grows past the largest
    if not choices:
        yield fixed  # (the one layout of most sides; the spreads only read the entries)
        return
    for picked in product(*choices):
        yield fixed + [e for option in picked for e in option]


def _second_groups(
    rules: Rules, melds: tuple[TableMeld, ...], naturals: dict[int, int], wilds: int
) -> Iterator[list[list[int]]]:
    """SAM-12: the layouts where hand naturals of a rank the side has melded start a new group
    of that rank (``_shares_tried``, for each such rank or several), the rest going as
    ``_layouts`` sends them. It can be the only way out: a completed canasta takes no more
    wild cards (SAM-15) and a group at its cap none (SAM-13), so two kings and a wild card,
    or five kings and two wild cards (a canasta), must be a group of their own. Where the cap
    is the same for every meld (``_fixed_cap``) a new group short of a canasta must hold a
    wild card: without one it does no more than its naturals joining the rank's group (no
    smaller, the same cap), a layout tried without it. O-PILE-CONFLICT=A allows one such
    group beside a rank's completed canastas (``may_open_beside``)."""
    if not rules.sequences and rules.pile_conflict != "A":
        return
    low = 2 if wilds or rules.meld_max else rules.canasta_size
    ranks = [key for key, count in naturals.items() if count >= low]
    if not ranks:
        return  # (most hands asked: no seven naturals of a rank, no wild card)
    keys = group_keys(melds)  # (a sequence's key is never a rank)
    fixed = _fixed_cap(rules)
    if fixed is not None and _room(rules, melds, naturals, keys, fixed) >= wilds:
        low = max(low, rules.canasta_size - min(wilds, fixed))  # (only a canasta can help)
    options = [
        [(key, share) for share in _shares_tried(rules, naturals[key], wilds, low, fixed)]
        for key in ranks
        if naturals[key] >= low and key in keys and _beside(rules, melds, key)
    ]
    full = rules.canasta_size
    for picked in product(*([None, *shares] for shares in options)):
        chosen = [pair for pair in picked if pair is not None]
        if not chosen:
            continue  # (the layouts with no new group: ``_layouts`` answered them)
        short = sum(share < full for _, share in chosen)
        if fixed is not None and short > wilds:
            continue  # (each new group short of a canasta needs a wild card of its own)
        rest = dict(naturals)
        extra: list[list[int]] = []
        for key, share in chosen:
            rest[key] -= share
            least = 1 if fixed is not None and share < full else 0
            extra.append([share, 0, share, max(least, 3 - share), 0])  # C-MELD-1: 3 cards
        for entries in _layouts(rules, melds, rest):
            yield entries + extra


def _shares_tried(rules: Rules, count: int, wilds: int, low: int, fixed: int | None) -> list[int]:
    """How many of a rank's ``count`` naturals in hand a new group of it may take (``low``
    and up). With a cap the same for every meld (``fixed``) a group short of a canasta does
    no more with four naturals or more than with three holding the same wild cards (the rest
    joining the rank's group, no smaller, the same cap): two, three, and the shares that can
    make a canasta with the wild cards at hand."""
    if fixed is None:
        return list(range(low, count + 1))
    top = rules.canasta_size - min(wilds, fixed)
    return [share for share in range(low, count + 1) if share <= 3 or share >= top]


def _room(
    rules: Rules,
    melds: tuple[TableMeld, ...],
    naturals: dict[int, int],
    keys: frozenset[int],
    cap: int,
) -> int:
    """How many wild cards the layouts without a second group can surely take, the cap
    ``cap`` being the same for every meld: each group of a rank the side holds one group of,
    unless it is a completed canasta (SAM-15), and each new group of the hand's pairs and
    more (a rank with several groups counts none: joined they may hold no more). Where that
    is all the hand's wild cards and no natural canasta is needed (O-OUT-CLEAN), a second
    group short of a canasta cannot help: its wild cards would fit there, with no canasta
    fewer, and its naturals join their rank's group."""
    if _natural_need(rules):
        return -1
    locked = rules.no_wild_on_canasta
    room: dict[int, int] = {}
    for meld in melds:
        key = meld.key
        if key < SEQUENCE_KEY and key != BLACK_THREE_KEY and key != WILD_KEY:
            alone = 0 if locked and meld.is_canasta else max(0, cap - meld.wilds)
            room[key] = 0 if key in room else alone
    new = sum(1 for rank, count in naturals.items() if count >= 2 and rank not in keys)
    return sum(room.values()) + cap * new


def _fixed_cap(rules: Rules) -> int | None:
    """The wild-card cap when it is the same for every meld of two naturals or more, of any
    size (SAM-13's two, C-MELD-3's three; not O-MELD-WILD's caps by naturals, nor
    O-PILE-CONFLICT=B's big melds), and melds have no largest size (CUB-4); else None. Then
    ``wild_cap`` answers it for any meld, so the solver's counts read it instead. Kept in
    ``rules.memo`` (a frozen value: the same rules, the same cap)."""
    memo = rules.memo
    if _FIXED_CAP in memo:
        return memo[_FIXED_CAP]  # type: ignore[no-any-return]
    cap: int | None = wild_cap(rules, 2, 3)
    if rules.meld_max or cap != wild_cap(rules, UNLIMITED, UNLIMITED):
        cap = None
    memo[_FIXED_CAP] = cap
    return cap


_FIXED_CAP = "going_out.fixed_cap"


def _natural_need(rules: Rules) -> int:
    """O-OUT-CLEAN: ``rules.natural_canastas_to_go_out()`` kept in ``rules.memo`` (the method
    builds a table each call, and every spread the search tries asks it)."""
    need = rules.memo.get(_NATURAL_NEED)
    if need is None:
        need = rules.memo[_NATURAL_NEED] = rules.natural_canastas_to_go_out()
    return need


_NATURAL_NEED = "going_out.natural_need"


def _beside(rules: Rules, melds: tuple[TableMeld, ...], key: int) -> bool:
    """May the side start another group of ``key``, a rank it has melded? SAM-12 always;
    O-PILE-CONFLICT=A beside completed canastas only."""
    return rules.sequences or may_open_beside(rules, [m for m in melds if m.key == key])


def _joined_options(rules: Rules, metas: list[TableMeld], count: int) -> Iterator[list[list[int]]]:
    """SAM-12/SAM-13/SAM-15: every way to join ``metas`` (groups of one rank) into blocks
    the rules allow, each with every share of the hand's ``count`` naturals of that rank."""
    locked = rules.no_wild_on_canasta
    for blocks in _partitions(metas):
        if any(_join_refused(rules, block) for block in blocks):
            continue
        for shares in _shares(count, len(blocks)):
            entries = []
            for block, share in zip(blocks, shares, strict=True):
                nat = sum(m.naturals for m in block) + share
                size = sum(m.size for m in block) + share
                done = size - share >= rules.canasta_size
                entries.append([nat, sum(m.wilds for m in block), size, 0, int(locked and done)])
            yield entries


def _join_refused(rules: Rules, block: list[TableMeld]) -> bool:
    """Groups that may not be joined: a wild card would join a completed canasta (SAM-15) or
    the joined group breaks SAM-13."""
    if len(block) == 1:
        return False
    wilds = sum(m.wilds for m in block)
    if rules.no_wild_on_canasta and any(m.is_canasta and wilds > m.wilds for m in block):
        return True
    return check_counts(rules, sum(m.naturals for m in block), wilds) is not None


def _partitions(items: list[TableMeld]) -> Iterator[list[list[TableMeld]]]:
    """Every way to split ``items`` into non-empty blocks (a side rarely holds more than two
    or three groups of one rank)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for blocks in _partitions(rest):
        yield [[first], *blocks]
        for index in range(len(blocks)):
            yield [*blocks[:index], [first, *blocks[index]], *blocks[index + 1 :]]


def _shares(count: int, places: int) -> Iterator[tuple[int, ...]]:
    """Every way to hand ``count`` like cards to ``places`` melds."""
    if places == 1:
        yield (count,)
        return
    for first in range(count + 1):
        for rest in _shares(count - first, places - 1):
            yield (first, *rest)


def _reaches(
    rules: Rules,
    entries: list[list[int]],
    wilds: int,
    wild_meld_size: int | None,
    run_canastas: int,
) -> bool:
    """Can ``wilds`` wild cards be spread over ``entries`` (and the wild meld, where the
    rules have one) so that the side reaches the canastas going out needs?"""
    full = rules.canasta_size
    locked = rules.no_wild_on_canasta
    need_q = rules.go_out_canastas - run_canastas
    need_natural = _natural_need(rules)
    need_dirty = 1 if rules.out_clean_and_dirty else 0  # IT-20

    wild_meld_options: list[int] = [0]
    if rules.wild_melds:
        if wild_meld_size is not None:
            wild_meld_options = list(range(wilds + 1))
        else:
            wild_meld_options = [0, *range(3, wilds + 1)]
        if locked:  # BOL-3: a wild meld stops at a canasta
            start = wild_meld_size or 0
            wild_meld_options = [n for n in wild_meld_options if n == 0 or start + n <= full]
        if rules.meld_max:  # CUB-4: nor past the largest meld
            start = wild_meld_size or 0
            top = rules.meld_max
            wild_meld_options = [n for n in wild_meld_options if n == 0 or start + n <= top]
    for to_wild_meld in wild_meld_options:
        rest = wilds - to_wild_meld
        final_wild_meld = (wild_meld_size or 0) + to_wild_meld
        has_wild_meld = wild_meld_size is not None or to_wild_meld > 0
        if has_wild_meld and final_wild_meld < full and rest > 0:
            continue  # O-WILD-MELDS: wild cards go only to an incomplete wild meld
        extra = 1 if has_wild_meld and final_wild_meld >= full else 0
        dirty = need_dirty - extra  # IT-20: a canasta of wild cards counts as dirty
        if _spread(rules, entries, rest, (need_q - extra, need_natural, dirty)):
            return True
    return False


def _spread(
    rules: Rules, entries: list[list[int]], wilds: int, needs: tuple[int, int, int]
) -> bool:
    """Spread exactly ``wilds`` wild cards over ``entries`` to reach the canasta counts:
    ``needs`` is (canastas, natural canastas, canastas with wild cards: IT-20)."""
    caps = (max(needs[0], 0), max(needs[1], 0), max(needs[2], 0))
    if not wilds:
        return _spread_none(rules, entries, caps)
    return _spread_dp(rules, entries, wilds, caps)


def _spread_dp(
    rules: Rules, entries: list[list[int]], wilds: int, caps: tuple[int, int, int]
) -> bool:
    """``_spread`` by a small dynamic programme over the melds, for any number of wild cards
    (``caps``: the needs, none below zero). A meld's ways to take wild cards do not depend on
    how many the melds before it took (``_spread_options``), so they are read once per meld;
    a way that makes no canasta passes the outcomes on unchanged (one set union)."""
    cap_q, cap_n, cap_d = caps
    if not cap_n and not cap_d:
        return _spread_count(rules, entries, wilds, cap_q)
    # reachable[w] = set of (canastas, natural, dirty canastas), each capped at what is needed
    reachable: dict[int, set[tuple[int, int, int]]] = {0: {(0, 0, 0)}}
    for entry in entries:
        options = _spread_options(rules, entry, wilds)
        step: dict[int, set[tuple[int, int, int]]] = {}
        for used, outcomes in reachable.items():
            room = wilds - used
            for add, natural in options:
                if add > room:
                    break  # (the options go up by wild cards)
                bucket = step.setdefault(used + add, set())
                if natural is None:
                    bucket |= outcomes
                    continue
                dirty = not natural
                bucket.update(
                    [
                        (min(cap_q, c + 1), min(cap_n, n + natural), min(cap_d, d + dirty))
                        for c, n, d in outcomes
                    ]
                )
        reachable = step
        if not reachable:
            return False
    return any(c >= cap_q and n >= cap_n and d >= cap_d for c, n, d in reachable.get(wilds, ()))


def _spread_count(rules: Rules, entries: list[list[int]], wilds: int, need: int) -> bool:
    """``_spread_dp`` where only canastas are counted (no natural canasta nor IT-20's dirty one
    asked: most rules, Samba's among them): for each number of wild cards placed, the most
    canastas reachable (at most ``need``; -1: none) is all a later meld needs, more never
    being worse. Under a cap the same for every meld (``_fixed_cap``) no table is needed:
    ``_count_cheapest``."""
    cap = _fixed_cap(rules)
    if cap is not None:
        return _count_cheapest(rules, entries, wilds, need, cap)
    best = [0] + [-1] * wilds
    span = range(wilds + 1)
    for entry in entries:
        options = _spread_options(rules, entry, wilds)
        step = [-1] * (wilds + 1)
        for used in span:
            have = best[used]
            if have < 0:
                continue
            for add, natural in options:
                at = used + add
                if at > wilds:
                    break  # (the options go up by wild cards)
                got = have if natural is None else min(need, have + 1)
                if got > step[at]:
                    step[at] = got
        if max(step) < 0:
            return False
        best = step
    return best[wilds] >= need


def _count_cheapest(
    rules: Rules, entries: list[list[int]], wilds: int, need: int, cap: int
) -> bool:
    """``_spread_count`` where every meld may hold ``cap`` wild cards at any size and melds
    have no largest size (``_fixed_cap``: C-MELD-3, SAM-13): each meld's ways
    (``_spread_options``) are then every count from its ``least`` to its ``most``, so exactly
    ``wilds`` can be placed when the leasts fit and the mosts hold them all, and ``need``
    canastas are reached when the ``need`` cheapest (wild cards past a meld's least to make
    it a canasta) fit in what is left over the leasts: the rest go where there is room."""
    full = rules.canasta_size
    spare = wilds  # (the wild cards past every meld's least)
    room = 0
    costs: list[int] = []
    for _nat, wild, size, least, locked in entries:
        most = min(0 if locked else wilds, cap - wild)  # (SAM-15: none onto a locked canasta)
        if least > most:
            return False
        spare -= least
        room += most - least
        if size + most >= full:
            costs.append(max(0, full - size - least))
    if spare < 0 or room < spare or len(costs) < need:
        return False
    costs.sort()
    return sum(costs[:need]) <= spare


def _spread_options(rules: Rules, entry: list[int], wilds: int) -> list[tuple[int, bool | None]]:
    """The wild cards a solver entry ``[naturals, wilds, size, least, locked]`` may take (of
    ``wilds`` at most, fewest first: ``least`` and up, none for a canasta SAM-15 locks),
    within its cap (C-MELD-3) and the largest meld (CUB-4), each with what it makes: None no
    canasta, True a natural one, False one with wild cards."""
    nat, wild, size, least, locked = entry
    full = rules.canasta_size
    top = rules.meld_max
    options: list[tuple[int, bool | None]] = []
    for add in range(least, (0 if locked else wilds) + 1):
        if wild + add > wild_cap(rules, nat, size + add):
            continue
        if top and size + add > top:
            continue  # CUB-4
        options.append((add, None if size + add < full else wild + add == 0))
    return options


def _spread_none(rules: Rules, entries: list[list[int]], caps: tuple[int, int, int]) -> bool:
    """``_spread`` with no wild card to place (three times in four): every meld stays as the
    naturals leave it, so one pass counts its canastas. A new meld short of three (C-MELD-1),
    a meld over its cap (C-MELD-3) or past the largest (CUB-4) makes the spread impossible."""
    full = rules.canasta_size
    fixed = _fixed_cap(rules)
    canastas = naturals = dirty = 0
    for nat, wild, size, least, _locked in entries:
        if least or wild > (wild_cap(rules, nat, size) if fixed is None else fixed):
            return False
        if rules.meld_max and size > rules.meld_max:
            return False
        if size >= full:
            canastas += 1
            naturals += not wild
            dirty += bool(wild)
    return canastas >= caps[0] and naturals >= caps[1] and dirty >= caps[2]
