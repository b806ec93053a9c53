"""The move lists of the commonest positions, built without the generic detours.

``movegen.legal_moves`` is the one generator; for a position this module models it returns
exactly the list ``legal_moves`` would build through ``meld_moves``, the ask check and
``discard_moves`` (the same moves, the same order), only cheaper: it reads the hand once, skips
the branches of variants it does not model, asks ``SimpleMelds`` only for the candidates that
need it, and cuts "may I go out?" short where the going-out solver's cheap cuts already say no
(``going_out.surely_stuck``, then ``going_out.within_reach``).
A closed side's play phase is built the same way (``_openings``: the openings of
``take.initial_batches``, proven from the way they were built). ``draw_moves`` does the same
for an open side's draw phase (the stock draw and the pile takes of ``take.pile_takes``) and
a closed side's (``_closed_draw``: ``take.pile_takes`` asked only where a take may be legal,
its takes carrying the opening, C-PILE-8). A player bound to go out (C-B3-2, C-OUT-6) gets
the list of the same position unbound, filtered (``fastbound``). Everything else (an opening
that asks for a canasta; a hand of one card; an escalera grown past seven, BRA-9; and any
``Rules`` field outside ``constructive.MODELLED_FIELDS``) answers None and takes the general
path, so a new variant is correct first and fast later.

Candidates that are not legal by construction (going out, leaving one card, wild-card
melds) still go through ``why_illegal``, except where only going out is in question: a meld
proven apart from the card it keeps asks the solver (``going_out.out_by_discard`` first),
and a black-three meld that keeps a card asks it after the melds (``threes_out``, C-B3-2).
``tests/engine/test_fastgen.py`` compares
the list with the general path's position by position along seeded self-play, and
``sim --check`` verifies every generated move against ``why_illegal``.
"""

from __future__ import annotations

from operator import itemgetter

from canasta_game.engine import (  # (movegen asks this module first, this one fastbound)
    constructive,
    fastbound,
    movegen,
)
from canasta_game.engine.actions import (
    Action,
    AskGoOut,
    Discard,
    DrawStock,
    Meld,
    meld_of,
    take_of,
)
from canasta_game.engine.cards import (
    ACE,
    BLACK_THREE_KEY,
    FOUR,
    IS_BLACK_THREE,
    IS_WILD,
    JOKER,
    RANK_OF,
    SEQUENCE_KEY,
    VALUE_OF,
    WILD_KEY,
)
from canasta_game.engine.constructive import (
    SimpleMelds,
    SimpleTake,
    counts_fit,
    fit_table,
    too_few_for_top,
)
from canasta_game.engine.fastapply import laid
from canasta_game.engine.game import why_illegal
from canasta_game.engine.going_out import (
    can_go_out,
    out_by_discard,
    same_after_threes,
    simple_out_with,
    stuck_after,
    surely_stuck,
    within_reach,
)
from canasta_game.engine.meldrules import wild_cap, wild_onto_canasta
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import (
    ASKED_NO,
    DRAW,
    NO_QUESTION,
    PLAY,
    State,
    TableMeld,
    evolve,
)
from canasta_game.engine.take import (
    HandGroups,
    initial_batches,
    opening_reach,
    pile_takes,
    sequence_takes,
    sorted_wilds,
    take_is_legal,
    top_target,
)
from canasta_game.engine.turn import (
    frozen_for,
    melded_out_problem,
    pile_blocked,
    remove_cards,
    set_at,
)

Cards = tuple[int, ...]


def models(rules: Rules) -> bool:
    """Does this module model ``rules``? Every field within ``MODELLED_FIELDS`` (the shortcuts'
    checks know them)."""
    return not constructive.needs_full_check(rules)


def play_moves(state: State) -> list[Action] | None:
    """``legal_moves(state)`` for an open side's play phase with two or more cards in hand;
    a player bound to go out (C-B3-2, C-OUT-6) gets ``fastbound.bound_moves``. None where
    this module does not apply."""
    if state.phase is not PLAY or not models(state.rules):
        return None
    if state.must_go_out:
        return fastbound.bound_moves(state)
    seat = state.current
    side = state.rules.seat_side[seat]
    melds = state.melds[side]
    hand = state.hands[seat]
    if len(hand) < 2:
        return None
    if state.rules.sequences:
        for meld in melds:  # (a loop, no generator: every Samba play list asks)
            if meld.key >= SEQUENCE_KEY and meld.naturals + meld.wilds > meld.canasta_size:
                return None  # BRA-9: an escalera past seven only going out (``SimpleMelds``)
    groups = HandGroups(hand)
    if melds:
        keys = {m.key for m in melds}
        moves: list[Action] = _melds(state, groups, melds, keys)
        if state.rules.sequences and len(keys) < len(melds):  # (most sides: no two of a key)
            moves.extend(movegen.combine_moves(state))  # SAM-12
    else:
        opening = _openings(state, groups)
        if opening is None:
            return None
        moves = opening
    if (
        state.question is NO_QUESTION
        and not state.turn_melded
        and state.rules.partnership
        and not surely_stuck(groups.naturals, len(groups.blacks), state.melds[side])
        and within_reach(state, _counts(groups))
    ):
        ask = _ASKS[seat]
        if why_illegal(state, ask) is None:
            moves.append(ask)
    moves.extend(kind_discards(seat, hand))  # C-TURN-4
    return moves


def _openings(state: State, groups: HandGroups) -> list[Action] | None:
    """``movegen.meld_moves`` for a closed side (C-INIT-1..3): the openings of
    ``take.initial_batches`` (distinct batches), then the sequences (SAM-9), black threes
    (C-B3-2: only in the turn going out) and "meld all", in that order, each once; kept when
    legal by construction (``SimpleMelds``, or for an opening batch the counts it was built
    with, ``_opening_proven``), else when ``_allowed``. The batches and "meld all" are not
    built where ``take.opening_reach`` says their points cannot reach the minimum (C-INIT-1:
    none is found, or "meld all" keeps two cards and is refused as short). None where the
    minimum asks for a canasta (O-INIT-HIGH): the general path."""
    seat = state.current
    need, canasta = state.minimum(state.rules.seat_side[seat])
    if canasta:
        return None
    left = len(state.hands[seat])
    out: list[Action] = []
    points, laid = opening_reach(groups)
    if points >= need:
        for batch in initial_batches(state, groups, need):
            move = meld_of(seat, batch, ())
            if _opening_proven(state, groups, batch) or _allowed(state, move):
                out.append(move)
    candidates: list[tuple[Meld, bool]] = []
    if state.rules.sequences:
        simple = SimpleMelds(state, ())
        runs = movegen.sequence_moves(state, groups)
        candidates.extend((move, simple.by_construction(move)) for move in runs)
    if _threes_meldable(state, groups):
        candidates.append((meld_of(seat, (tuple(groups.blacks),), ()), False))
    if len(groups.blacks) >= 3:  # ("meld all" lays them too)
        points += sum(map(VALUE_OF.__getitem__, groups.blacks))
        laid += len(groups.blacks)
    if points >= need or left - laid < 2:
        everything, built = _closed_meld_all(state, groups, need)
        if everything is not None:
            kept = left - sum(map(len, everything.new))  # (a closed side adds to no meld)
            candidates.append((everything, built and kept >= 2))
    seen = {move.new for move in out}  # (a closed side adds to no meld: new groups tell apart)
    for move, exact in candidates:
        if move.new not in seen:
            seen.add(move.new)  # (a duplicate already refused is refused again)
            if exact or _allowed(state, move):
                out.append(move)
    return out


def _closed_meld_all(state: State, groups: HandGroups, need: int) -> tuple[Meld | None, bool]:
    """``movegen.meld_all_proved`` for a closed side whose pairs take every wild card, read
    off the hand's groups: with no meld on the table nothing is added to, no wild meld waits
    (O-WILD-MELDS), no sequence grows (SAM-11), nothing goes beside a meld (SAM-12) and no
    ``meld_max`` is modelled (CUB-4), so "meld all" is every rank of three naturals or more,
    then the pairs each with the next cheapest wild card, then three or more black threes.
    Proven (``_all_proven``) when no black three goes (C-B3-2) and the new groups, natural
    ranks within their counts (C-MELD-1..3: ``counts_fit``), reach ``need`` (C-INIT-1). A
    wild card left over for ``_place_wilds`` takes the general path."""
    wilds = groups.wilds
    pairs = [nats for nats in groups.naturals.values() if len(nats) == 2]
    if len(wilds) > len(pairs):
        return movegen.meld_all_proved(state, groups)
    rules = state.rules
    new = [tuple(nats) for nats in groups.naturals.values() if len(nats) >= 3]
    fit = all(counts_fit(rules, len(group), 0) for group in new)
    if wilds:
        fit = fit and counts_fit(rules, 2, 1)
        new.extend((*nats, wild) for nats, wild in zip(pairs[: len(wilds)], wilds, strict=True))
    proven = (
        fit
        and all(FOUR <= RANK_OF[group[0]] <= ACE for group in new)
        and sum(VALUE_OF[c] for group in new for c in group) >= need
    )
    if len(groups.blacks) >= 3:
        new.append(tuple(groups.blacks))
        proven = False
    if not new:
        return None, False
    return meld_of(state.current, tuple(new), ()), proven


def _allowed(state: State, move: Meld) -> bool:
    """A closed side's candidate that is not legal by construction: not short of the minimum
    (C-INIT-1, ``SimpleMelds.short_of_minimum``: made only here, for the few such
    candidates) and allowed by ``why_illegal``."""
    return not SimpleMelds(state, ()).short_of_minimum(move) and why_illegal(state, move) is None


def _threes_meldable(state: State, groups: HandGroups) -> bool:
    """May the hand's black threes be offered as a meld? Three or more, and only in the turn
    going out (C-B3-2: ``can_go_out``), which ``surely_stuck`` rules out unasked for most
    hands (two cards no meld takes: C-OUT-2)."""
    if len(groups.blacks) < 3:
        return False
    melds = state.melds[state.rules.seat_side[state.current]]
    return not surely_stuck(groups.naturals, len(groups.blacks), melds) and can_go_out(state)


def _opening_proven(state: State, groups: HandGroups, batch: tuple[Cards, ...]) -> bool:
    """``SimpleMelds.by_construction`` of an opening batch of ``take.initial_batches``, from
    the way it was built: each group is every natural of one rank (three, or two with a
    wild card, C-MELD-1, C-MELD-2) and wild cards of one shared pool, ranks distinct
    (C-MELD-5), the points reaching the minimum (C-INIT-1). What is asked: two cards kept
    (C-TURN-7), natural ranks only (C-MELD-1) and each group's counts (C-MELD-3:
    ``counts_fit``)."""
    rules = state.rules
    laid = 0
    for group in batch:
        rank = RANK_OF[group[0]]
        naturals = len(groups.naturals[rank]) if FOUR <= rank <= ACE else 0
        if not naturals or not counts_fit(rules, naturals, len(group) - naturals):
            return False
        laid += len(group)
    return len(state.hands[state.current]) - laid >= 2


#: Per card uid, its kind for a discard: the rank, and the black threes apart (their suit
#: matters, C-B3-1); the discards of a hand are one per kind.
_KIND: tuple[int, ...] = tuple(
    2 * rank + black for rank, black in zip(RANK_OF, IS_BLACK_THREE, strict=True)
)


def kind_discards(seat: int, hand: Cards) -> list[Discard]:
    """``movegen.discard_moves``' list (one discard per kind: the kind's first card in hand,
    in the order of the kinds' first cards), the seat's discard objects picked in one loop."""
    table = _discards(seat)
    seen: set[int] = set()
    out: list[Discard] = []
    for card in hand:
        kind = _KIND[card]
        if kind not in seen:
            seen.add(kind)
            out.append(table[card])
    return out


#: A seat's stock draw and "may I go out?": frozen values, the same object in every
#: position (eight seats: more than any ``Rules.players``).
_DRAWS = tuple(DrawStock(seat) for seat in range(8))
_ASKS = tuple(AskGoOut(seat) for seat in range(8))
_DISCARDS: dict[int, tuple[Discard, ...]] = {}


def _discards(seat: int) -> tuple[Discard, ...]:
    """``Discard(seat, card)`` for every card uid, made once per seat: the moves are frozen
    values, so every position offers the same objects (a position offers a discard per kind
    of card, about half of all the moves generated)."""
    table = _DISCARDS.get(seat)
    if table is None:
        table = _DISCARDS[seat] = tuple(Discard(seat, card) for card in range(len(RANK_OF)))
    return table


#: ``pile_takes``' counts of naturals with the top card, for a hand of 0, 1 or 2 of its rank
#: (with more: none, one, two and all of them).
_TAKE_COUNTS = ((0,), (0, 1), (0, 1, 2))


def draw_moves(state: State) -> list[Action] | None:
    """``movegen.draw_moves`` for an open side that may draw from the stock (C-TURN-2): the
    stock draw, then the takes of the pile (C-PILE-6, C-PILE-7, SAM-18) per count of
    naturals and wild cards with the top card, in ``take.pile_takes``' order, decided by
    ``SimpleTake`` where it knows the answer and by ``take_is_legal`` where not. A closed side
    gets ``_closed_draw``; O-PILE-CONFLICT=A (a separate meld beside a canasta) and an empty
    stock answer None: the general path."""
    rules = state.rules
    if state.phase is not DRAW or state.must_go_out or not models(rules):
        return None
    seat = state.current
    side = rules.seat_side[seat]
    melds = state.melds[side]
    if not state.stock:
        return None
    if not melds:
        return _closed_draw(state, seat)
    if rules.pile_conflict == "A":
        return None
    moves: list[Action] = [_DRAWS[seat]]
    if pile_blocked(state):
        return moves  # C-PILE-5
    if rules.sequences:
        moves.extend(sequence_takes(state, side))  # SAM-18
    hand = state.hands[seat]
    rank = RANK_OF[state.pile[-1]]  # (a natural's: C-PILE-5 blocks every other top card)
    nats = [card for card in hand if RANK_OF[card] == rank]  # (``HandGroups``' list)
    frozen = frozen_for(state, side)
    if too_few_for_top(len(nats), frozen, melds, rank):
        return moves  # C-PILE-6, C-PILE-7
    wilds = sorted_wilds(hand)
    target = top_target(melds, rank, rules.books_closed)
    for n, w, verdict in _take_verdicts(state, side, target, frozen, len(nats), len(wilds)):
        move = take_of(seat, tuple(nats[:n]) + tuple(wilds[:w]))
        if verdict or take_is_legal(state, move):
            moves.append(move)
    return moves


def _take_verdicts(
    state: State, side: int, target: TableMeld | None, frozen: bool, naturals: int, wilds: int
) -> tuple[tuple[int, int, bool | None], ...]:
    """The takes ``draw_moves`` builds for an open side holding ``naturals`` of the top card's
    rank and ``wilds`` wild cards, as (naturals, wild cards, ``SimpleTake.verdict``) in
    ``take.pile_takes``' order, those the verdict refuses left out (C-PILE-4, C-PILE-6: a
    frozen pile needs a natural pair). Where the hand keeps two cards after every one of them
    (C-TURN-7: ``verdict`` never reads the pile then), the verdicts are a function of the
    counts, the pile's freezing, the top card's meld's counts and a pending wild meld
    (O-WILD-MELDS), so they are kept per Rules value and worked out once."""
    rules = state.rules
    key = None
    if len(state.hands[state.current]) >= naturals + 5:  # (a take lays n + w <= naturals + 3)
        pending = rules.wild_melds and any(
            m.is_wild_meld and not m.is_canasta for m in state.melds[side]
        )
        counts = (-1, 0) if target is None else (target.naturals, target.wilds)
        key = (frozen, pending, *counts, naturals, min(3, wilds))
        known = _verdict_table(rules).get(key)
        if known is not None:
            return known
    simple = SimpleTake(state, side, target)
    found = tuple(
        (n, w, verdict)
        for n in (_TAKE_COUNTS[naturals] if naturals < 3 else (0, 1, 2, naturals))
        if n >= 2 or not frozen
        for w in range(min(3, wilds) + 1)
        if (verdict := simple.verdict(n, w)) is not False
    )
    if key is not None:
        _verdict_table(rules)[key] = found
    return found


def _verdict_table(
    rules: Rules,
) -> dict[tuple[object, ...], tuple[tuple[int, int, bool | None], ...]]:
    """``_take_verdicts``' answers of ``rules`` so far, by position key."""
    table = rules.memo.get(_VERDICTS_KEY)
    if table is None:
        table = rules.memo[_VERDICTS_KEY] = {}
    return table  # type: ignore[no-any-return]


_VERDICTS_KEY = "fastgen.take_verdicts"


def _closed_draw(state: State, seat: int) -> list[Action]:
    """``movegen.draw_moves`` for a closed side under modelled rules (no IT-7 opening before
    the draw, no BRIT-1 Acaba): the stock draw, then ``take.pile_takes``, asked only where a
    take may be legal. Most positions have none: the pile is frozen for a closed side
    (C-PILE-4), so the top card needs a natural pair of its rank from the hand (C-PILE-6,
    ``constructive.no_top_card_take``; no sequence takes while frozen, SAM-18), and BRA-6
    forbids the take outright."""
    moves: list[Action] = [_DRAWS[seat]]
    if pile_blocked(state) or state.rules.pile_closed_forbidden:
        return moves  # C-PILE-5, BRA-6
    rank = RANK_OF[state.pile[-1]]
    if list(map(RANK_OF.__getitem__, state.hands[seat])).count(rank) >= 2:
        moves.extend(pile_takes(state))  # C-PILE-8: the takes carry the opening
    return moves


def _counts(groups: HandGroups) -> tuple[dict[int, int], int, int]:
    """``going_out._counts`` of the hand read off its groups (the same in every position
    this module models: no Caliente card, CAL-5, is ever dealt there)."""
    naturals = {rank: len(cards) for rank, cards in groups.naturals.items()}
    return naturals, len(groups.wilds), len(groups.blacks)


def _melds(
    state: State, groups: HandGroups, melds: tuple[TableMeld, ...], keys: set[int]
) -> list[Action]:
    """``movegen.meld_moves`` for an open side: new groups, single additions, the wild meld,
    black threes, "meld all"; each kept when legal by construction or by ``why_illegal``.
    ``keys``: the keys of the side's melds."""
    rules = state.rules
    seat = state.current
    left = len(state.hands[seat])
    pending = rules.wild_melds and any(m.is_wild_meld and not m.is_canasta for m in melds)
    wilds = groups.wilds
    out: list[Action] = []
    counts = _group_wilds(rules)
    for rank, nats in groups.naturals.items():  # new groups (C-MELD-1..3), cheap wilds first
        n = len(nats)
        if n < 2 or rank in keys:
            continue
        for w in counts[n] if n < len(counts) else _fitting_wilds(rules, n):
            if w > len(wilds) or (w and pending):
                break  # (O-WILD-MELDS: why_illegal refuses it whatever is left)
            move = meld_of(seat, (tuple(nats) + tuple(wilds[:w]),), ())
            if left - n - w >= 2 or _checked(state, melds, move, left - n - w, proven=True):
                out.append(move)
    _additions(state, groups, melds, pending, out)
    _rare(state, groups, keys, out)
    return out


def _group_wilds(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """Per count of naturals (up to a canasta's worth and more), ``_fitting_wilds``, made once
    per Rules value: every open side's play list asks it for each pair in hand."""
    table = rules.memo.get(_GROUP_WILDS_KEY)
    if table is None:
        table = tuple(_fitting_wilds(rules, n) for n in range(2 * rules.canasta_size))
        rules.memo[_GROUP_WILDS_KEY] = table
    return table  # type: ignore[no-any-return]


_GROUP_WILDS_KEY = "fastgen.group_wilds"


def _fitting_wilds(rules: Rules, naturals: int) -> tuple[int, ...]:
    """The counts of wild cards, fewest first, with which ``naturals`` naturals of one rank
    make a new group ``why_illegal`` may allow: three cards or more (C-MELD-1, C-MELD-2)
    within the wild-card cap (C-MELD-3, ``wild_cap``; CUB-4 sizes: ``counts_fit``)."""
    top = wild_cap(rules, naturals, naturals + 3)
    return tuple(
        w
        for w in range(0 if naturals >= 3 else 1, min(top, len(RANK_OF)) + 1)
        if naturals + w >= 3 and counts_fit(rules, naturals, w)
    )


def _additions(
    state: State,
    groups: HandGroups,
    melds: tuple[TableMeld, ...],
    pending: bool,
    out: list[Action],
) -> None:
    """The single additions (C-MELD-6) in ``meld_moves``' order: to each group its naturals,
    its cheapest wild card and a joker where the cheapest is a two; to the wild meld a wild
    card. Decided as ``_verdict`` decides them, read inline for a group (the commonest
    candidates there are): its naturals by the cap (C-MELD-3), a wild card by the cap, a
    waiting wild meld (O-WILD-MELDS) and a completed canasta (SAM-15); the full check only
    where fewer than two cards would be kept (``_add``)."""
    rules = state.rules
    seat = state.current
    left = len(state.hands[seat])
    wilds = groups.wilds
    cheap = wilds[0] if wilds else -1
    joker = cheap >= 0 and RANK_OF[wilds[-1]] == JOKER and RANK_OF[cheap] != JOKER
    closed = rules.no_wild_on_canasta  # SAM-15: no wild card joins a completed canasta
    fits = fit_table(rules)  # (``counts_fit`` by ``naturals << 10 | wilds``)
    for meld in melds:
        key = meld.key
        if key == BLACK_THREE_KEY or key >= SEQUENCE_KEY:
            continue
        if key == WILD_KEY:
            if wilds:
                move = _single(seat, meld.mid, cheap)
                _add(state, out, move, 1, _verdict(rules, meld, left, 0, 1, pending))
            continue
        nats = groups.naturals.get(key)
        if nats and fits[(meld.naturals + len(nats)) << 10 | meld.wilds]:
            n = len(nats)
            mid = meld.mid
            move = (
                _single(seat, mid, nats[0]) if n == 1 else meld_of(seat, (), ((mid, tuple(nats)),))
            )
            if left - n >= 2:
                out.append(move)
            else:
                _add(state, out, move, n, None)
        if cheap < 0 or pending or (closed and meld.naturals + meld.wilds >= meld.canasta_size):
            continue
        if fits[meld.naturals << 10 | (meld.wilds + 1)]:
            if left >= 3:  # (legal by construction: two cards or more kept)
                out.append(_single(seat, meld.mid, cheap))
                if joker:
                    out.append(_single(seat, meld.mid, wilds[-1]))
                continue
            _add(state, out, _single(seat, meld.mid, cheap), 1, None)
            if joker:
                _add(state, out, _single(seat, meld.mid, wilds[-1]), 1, None)


#: Single-card additions by ``(mid << 10 | card) << 3 | seat``: frozen values, the same
#: candidate offered turn after turn (a wild card or a natural to each of the side's groups).
#: A hand's meld ids start at 0 (``setup``), so the table stays within seats x melds x uids;
#: a race between threads at worst makes an equal object twice.
_SINGLES: dict[int, Meld] = {}


def _single(seat: int, mid: int, card: int) -> Meld:
    """``meld_of(seat, (), ((mid, (card,)),))``, made once per seat, meld id and card."""
    key = (mid << 10 | card) << 3 | seat
    move = _SINGLES.get(key)
    if move is None:
        move = _SINGLES[key] = meld_of(seat, (), ((mid, (card,)),))
    return move


#: How a ``_rare`` candidate is decided: by ``why_illegal``, as melds proven legal by the
#: way they were built (``movegen.meld_all_proved``: then only the cards left are asked), or
#: (``movegen.sequence_moves`` on an open side: runs of one suit from the hand, SAM-9, SAM-10,
#: and the ends of the side's sequences up to the canasta, SAM-11) legal when it keeps two
#: cards, every position here being one ``SimpleMelds`` applies to. ``_THREES``: a meld
#: laying black threes (``threes_out``); ``_OUT``: the black threes alone where
#: ``_threes_meldable``'s "yes" is ``threes_out``'s answer already (``same_after_threes``).
_CHECK, _PROVE, _RUN, _THREES, _OUT = 0, 1, 2, 3, 4


_CARDS_OF = itemgetter(1)  # (an addition's cards)


def _laid(move: Meld) -> int:
    """How many cards ``move`` lays (``len(move.cards())`` without the list)."""
    return sum(map(len, move.new)) + sum(map(len, map(_CARDS_OF, move.add)))


def threes_out(state: State, move: Meld, keys: set[int]) -> bool | None:
    """``why_illegal(state, move) is None`` for an open side's meld that lays black threes
    and keeps a card, where its other melds are legal by construction (the black threes
    alone, or "meld all" with ``meld_all_proved(threes=True)``'s proof); None where this
    does not decide (the caller asks the full check). The black threes are all the hand's,
    three or more (C-B3-1), a kind of meld the side does not hold (C-MELD-5) under rules
    that meld them (IT-14, HF-12); the meld binds the player to go out this turn (C-B3-2),
    so the move is legal exactly when ``can_go_out`` allows it after the melds
    (``turn.finish_problem``), which reads the hand, the question and the side's melds but
    never a black-three meld (C-B3-1: it is left out of the state asked). Most "meld all"
    asked leave cards no meld takes: ``going_out.stuck_after`` says no before that state is
    built (its melds are meldable by construction, so it would be built); most of its yes
    answers keep one card, the discard onto the melds as they lie (``out_by_discard``)."""
    if not state.rules.b3_meld or BLACK_THREE_KEY in keys:
        return None
    seat = state.current
    laying = set(move.cards())
    left = [card for card in state.hands[seat] if card not in laying]
    if left and stuck_after(left, state.melds[state.rules.seat_side[seat]], move.new):
        return False  # (most "meld all" with black threes: cards no meld takes, C-OUT-2)
    after = _after(state, move, threes=True)
    if after is None or not after.hands[state.current]:
        return None  # (no card kept: going out, ``turn.melded_out_problem``)
    return out_by_discard(after) or can_go_out(after)


def _rare(state: State, groups: HandGroups, keys: set[int], out: list[Action]) -> None:
    """The candidates after the single ones, in ``meld_moves``' order: a wild meld
    (O-WILD-MELDS), new and extended sequences (SAM-9..11), black threes (C-B3-2: only in
    the turn going out) and "meld all" (dropped when an earlier candidate is the same move:
    ``_repeated``); each kept when it is legal by construction (``meld_all_proved``'s proof,
    a sequence built from the hand) or ``why_illegal`` allows it."""
    seat = state.current
    melds = state.melds[state.rules.seat_side[seat]]
    wilds = groups.wilds
    candidates: list[tuple[Meld, int]] = []  # (move, _CHECK / _PROVE / _RUN / ...)
    if state.rules.wild_melds and len(wilds) >= 3 and WILD_KEY not in keys:
        candidates.append((Meld(seat, (tuple(wilds[:3]),)), _CHECK))
    if state.rules.sequences:
        for move in movegen.sequence_moves(state, groups):  # (a loop: no generator)
            candidates.append((move, _RUN))
    meldable = _threes_meldable(state, groups)
    if meldable:
        blacks = len(groups.blacks)
        known = BLACK_THREE_KEY not in keys and same_after_threes(state.rules, blacks)
        candidates.append((Meld(seat, (tuple(groups.blacks),)), _OUT if known else _THREES))
    everything, built = (
        (None, False)
        if _meld_all_refused(groups, meldable) or _meld_all_repeats(state, groups, keys)
        else movegen.meld_all_proved(state, groups, threes=True)
    )
    if everything is not None and not _repeated(everything, out, candidates):
        threes = len(groups.blacks) >= 3  # (then meld all lays them: proven apart from them)
        candidates.append((everything, _CHECK if not built else _THREES if threes else _PROVE))
    for move, provable in candidates:
        left = len(state.hands[seat]) - _laid(move)
        proved = proven = False
        if provable == _OUT and left >= 1:
            out.append(move)  # C-B3-2: the solver said yes to this hand (``_threes_meldable``)
            continue
        if provable == _THREES and left >= 1:
            legal = threes_out(state, move, keys)
            if legal is not None:
                if legal:
                    out.append(move)
                continue
        if provable == _RUN and left >= 2:
            proved = True  # SAM-9..11, SAM-16: built a valid sequence, C-TURN-7 holds
        elif provable == _PROVE:
            proven = True  # its melds legal by construction (``movegen._all_proven``)
            proved = left >= 2
        if proved or _checked(state, melds, move, left, proven=proven):
            out.append(move)


def _meld_all_refused(groups: HandGroups, meldable: bool) -> bool:
    """Is "meld all" sure to be refused, unbuilt (issue 16: about one Samba batch in ten)?
    With three or more black threes it lays them (C-B3-1), which binds the player to go out
    this turn (C-B3-2: ``why_illegal`` allows it only where going out stays possible after
    it, ``threes_out``). Where the black threes alone may not be laid because the player
    cannot go out now (``meldable``: ``_threes_meldable``, the solver's cut or its answer),
    laying more with them changes nothing: a way out after "meld all" would be a way out now
    ("meld all", then that way)."""
    return not meldable and len(groups.blacks) >= 3


def _repeated(move: Meld, out: list[Action], candidates: list[tuple[Meld, int]]) -> bool:
    """Is "meld all" a candidate built before it? Only a batch of one part may be: every
    earlier one is one group or one addition. The other rare candidates are never asked:
    each is of a kind no candidate before it is (a run of three ranks or more, SAM-9, SAM-10;
    an addition to a sequence, which ``sequence_moves`` lists once each, SAM-11; the black
    threes, C-B3-2; a wild meld, O-WILD-MELDS)."""
    if len(move.new) + len(move.add) != 1:
        return False  # (most batches)
    return move in out or any(earlier == move for earlier, _ in candidates)


def _meld_all_repeats(state: State, groups: HandGroups, keys: set[int]) -> bool:
    """Is "meld all" sure to add nothing to an open side's list (issue 16: it was a tenth of
    random self-play)? With no wild card, fewer than three black threes and no cap on a group
    (CUB-4, MAC-15), it lays each melded rank's naturals on its group, each other rank of three
    or more as a new group, and the ends of the side's sequences (SAM-11); fewer than a
    canasta's worth of a melded rank are never laid beside it (SAM-12, O-PILE-CONFLICT=A:
    ``movegen._beside``). When that is one part or none, the batch is the addition
    (``_additions``), the new group (``_melds``) or the extension (``sequence_moves``) built
    before it, which is listed already or was refused by the same exact checks."""
    rules = state.rules
    if groups.wilds or len(groups.blacks) >= 3 or rules.meld_max:
        return False
    parts = 0
    for rank, nats in groups.naturals.items():
        if rank in keys:
            if len(nats) >= rules.canasta_size:
                return False  # (maybe a new group beside it instead)
            parts += 1
        elif len(nats) >= 3:
            parts += 1
    if parts > 1:
        return False
    if rules.sequences:
        melds = state.melds[rules.seat_side[state.current]]
        parts += movegen.runs_extended(state.hands[state.current], melds)
    return parts <= 1


def _verdict(
    rules: Rules, meld: TableMeld, left: int, naturals: int, wilds: int, pending: bool
) -> bool | None:
    """``SimpleMelds.addition_verdict`` for a position this module models: True legal, False
    known illegal (SAM-15/BOL-3, O-WILD-MELDS, C-MELD-3: ``why_illegal`` refuses such an
    addition before it looks at what is left in hand), None for ``why_illegal`` (fewer than
    two cards left: going out, C-TURN-7)."""
    if wild_onto_canasta(rules, meld, wilds) is not None:
        return False
    if meld.is_wild_meld:
        if naturals:
            return False
    elif (wilds and pending) or not counts_fit(rules, meld.naturals + naturals, meld.wilds + wilds):
        return False
    return None if left - naturals - wilds < 2 else True


def _add(state: State, out: list[Action], move: Meld, cards: int, verdict: bool | None) -> None:
    """Append the addition ``move`` (of ``cards`` cards) when ``verdict`` or the check allows
    it."""
    if verdict:
        out.append(move)
        return
    left = len(state.hands[state.current]) - cards
    melds = state.melds[state.side_of(state.current)]
    if _checked(state, melds, move, left, proven=verdict is None):
        out.append(move)


def _checked(
    state: State, melds: tuple[TableMeld, ...], move: Meld, left: int, proven: bool = False
) -> bool:
    """``why_illegal(state, move) is None``, answered "no" unasked by three exact cuts: a move
    that keeps fewer than two cards must go out this turn (C-TURN-7), which a "no" forbids
    (C-OUT-6) and which needs the canastas (C-OUT-1) the side could not reach with the card
    kept (``_canastas_within``); a black-three meld that keeps two or more binds the player to
    go out this turn (C-B3-2), which the solver's cheap cuts may already rule out
    (``_threes_may_go_out``). ``proven``: the melds themselves pass every check but the cards
    left, so a move keeping one card is legal exactly when the player can still go out after
    it (``turn.finish_problem``), and one keeping none when going out is allowed with those
    melds (``turn.melded_out_problem``): asked without the full check."""
    rules = state.rules
    if left < 2:
        if state.question is ASKED_NO:
            return False
        last = None
        if left == 1:
            rest = remove_cards(state.hands[state.current], move.cards(), "C-MELD-6")
            last = rest[0] if isinstance(rest, tuple) and len(rest) == 1 else None
        if _canastas_within(rules, melds, move, left, last) < rules.go_out_canastas:
            return False
        parts = _after_parts(state, move) if proven else None
        if parts is not None:  # C-OUT-1..5 with the melds laid (went_out never refuses)
            if left and simple_out_with(state, *parts):
                return True  # (most yes answers: the state after is never built)
            after = _built(state, parts)
            if left == 0:
                return melded_out_problem(after, rules.seat_side[state.current]) is None
            return can_go_out(after)
    elif not _threes_may_go_out(state, move):
        return False
    return why_illegal(state, move) is None


def _after(state: State, move: Meld, threes: bool = False) -> State | None:
    """The hand and the side's melds after ``move`` (all the going-out solver reads of a
    state), or None where it is no meld or lays black threes unless ``threes`` (C-B3-2:
    ``apply`` binds the player then; the solver's cuts never count that meld, C-B3-1)."""
    parts = _after_parts(state, move, threes)
    return None if parts is None else _built(state, parts)


def _after_parts(
    state: State, move: Meld, threes: bool = False
) -> tuple[Cards, tuple[TableMeld, ...]] | None:
    """``_after``'s hand and side's melds, before the state is built (``_checked`` asks the
    cheap yes, ``going_out.simple_out_with``, of them first)."""
    laying = laid(state, move)
    rest = remove_cards(state.hands[state.current], move.cards(), "C-MELD-6")
    if laying is None or laying[3] != threes or not isinstance(rest, tuple):
        return None
    return rest, tuple(laying[0])


def _built(state: State, parts: tuple[Cards, tuple[TableMeld, ...]]) -> State:
    """The state with ``parts`` (``_after_parts``) as the player's hand and side's melds."""
    seat = state.current
    side = state.rules.seat_side[seat]
    return evolve(
        state,
        hands=set_at(state.hands, seat, parts[0]),
        melds=set_at(state.melds, side, parts[1]),
    )


def _threes_may_go_out(state: State, move: Meld) -> bool:
    """False when ``move`` melds black threes, keeps two or more cards, and the state after it
    fails ``going_out.within_reach`` (a necessary condition of ``can_go_out``): the turn could
    not end as C-B3-2 demands, so ``why_illegal`` refuses it (``turn.finish_problem``). The
    black-three meld itself is left out of that state: the cuts never count it (C-B3-1)."""
    if not any(IS_BLACK_THREE[group[0]] for group in move.new):
        return True
    after = _after(state, move, threes=True)
    return True if after is None else within_reach(after)


def _canastas_within(
    rules: Rules, melds: tuple[TableMeld, ...], move: Meld, left: int, last: int | None
) -> int:
    """The most canastas (black threes never count, C-B3-1) the side can hold after ``move``
    with the ``left`` (0 or 1) card ``last`` still in hand. The melds of one key hold so many
    cards between them; joining groups (SAM-12) is the only way to regroup them, and a canasta
    needs ``canasta_size`` of them, so a key gives at most ``min(melds, cards // size)``; the
    last card cannot start a meld alone (C-MELD-1), so it adds at most one, to a key it may
    join: a wild card any, a natural its rank's or a sequence (SAM-11), a black three none."""
    full = rules.canasta_size
    grown = dict(move.add)
    keys: dict[object, list[int]] = {}  # key -> [cards, melds]
    for meld in melds:
        if meld.key != BLACK_THREE_KEY:  # (the key read, not the properties: issue 16)
            entry = keys.setdefault(meld.key, [0, 0])
            entry[0] += meld.naturals + meld.wilds + len(grown.get(meld.mid, ()))
            entry[1] += 1
    for index, group in enumerate(move.new):
        ranks = {RANK_OF[c] for c in group if not IS_WILD[c]}
        if IS_BLACK_THREE[group[0]]:
            continue
        key: object = ranks.pop() if len(ranks) == 1 else WILD_KEY if not ranks else ("run", index)
        entry = keys.setdefault(key, [0, 0])
        entry[0] += len(group)
        entry[1] += 1
    count = bonus = 0
    for key, (cards, number) in keys.items():
        now = min(number, cards // full)
        count += now
        if last is not None and min(number, (cards + 1) // full) > now and _may_join(last, key):
            bonus = 1
    return count + bonus


def _may_join(card: int, key: object) -> bool:
    """Could ``card`` join the melds of ``key`` at all? A bound, not the check: a wild card
    any (C-MELD-3 caps aside), a black three none (C-B3-1), a natural its own rank's group
    (C-MELD-1) or any sequence (SAM-11)."""
    if IS_WILD[card]:
        return True
    if IS_BLACK_THREE[card]:
        return False
    return key == RANK_OF[card] or not isinstance(key, int) or key >= SEQUENCE_KEY
