"""Taking the discard pile (C-PILE-4..11, O-PILE-*): the check and the generator of takes.

``take`` is the legality check of a ``TakePile``, split into the rules it applies in the
order a player meets them; ``pile_takes`` lists legal takes for the bots, the table's
highlighting and C-STOCK-4 (is a take forced, or does the hand end?). The generator asks
``take`` itself, so ``game`` can ask the generator without a circular import.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from canasta_game.engine import events as ev
from canasta_game.engine import mac
from canasta_game.engine.actions import TakePile
from canasta_game.engine.cards import (
    BLACK_THREE_KEY,
    IS_BLACK_THREE,
    IS_CALIENTE,
    IS_WILD,
    RANK_OF,
    SEQUENCE_KEY,
    SUIT_OF,
    VALUE_OF,
    WILD_KEY,
)
from canasta_game.engine.constructive import (
    SimpleTake,
    no_top_card_take,
    opening_take_proven,
    take_short_of_minimum,
)
from canasta_game.engine.cuban import only_black_threes, sets_aside
from canasta_game.engine.handfoot import book_full, pick_up_foot
from canasta_game.engine.italian import draw_after_take, pile_closed, take_problem
from canasta_game.engine.meldrules import (
    check_counts,
    classify,
    sequence_addition,
    wild_cap,
    wild_onto_canasta,
)
from canasta_game.engine.reasons import Reason, reason
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import DrawKind, Phase, State, TableMeld, evolve
from canasta_game.engine.turn import (
    LEGAL,
    Laying,
    Result,
    discard_needed,
    finish_problem,
    frozen_for,
    meets_minimum,
    melded_out_problem,
    pile_block,
    pile_blocked,
    remove_cards,
    set_at,
    top_block,
    went_out,
    wild_meld_pending,
)

Cards = tuple[int, ...]


# --- the check -------------------------------------------------------------------------


def take(state: State, action: TakePile, build: bool) -> Result:
    """Why ``action`` may not take the pile, or (with ``build``) the state after it."""
    if state.phase is not Phase.DRAW:
        return reason("C-TURN-2", "already_drew")
    problem = (
        pile_block(state) or _one_card_pile(state) or _closed_never(state) or pile_closed(state)
    )
    if problem is not None:
        return problem
    if action.onto is not None:
        return _take_onto_sequence(state, action, build)
    seat = state.current
    hand_rule = "C-PILE-6" if frozen_for(state, state.side_of(seat)) else "C-PILE-7"
    rest = remove_cards(
        state.hands[seat], [*action.cards, *(c for m in action.melds for c in m)], hand_rule
    )
    if isinstance(rest, Reason):
        return rest
    rank = RANK_OF[state.pile[-1]]
    counts = _top_cards(action.cards, rank)
    if isinstance(counts, Reason):
        return counts
    naturals, wilds = counts
    problem = mac.pick_problem(state, wilds)  # MAC-10, MAC-11
    if problem is not None:
        return problem
    laying = Laying.start(state)
    closed = not laying.melds
    target = top_target(laying.melds, rank, state.rules.books_closed)
    problem = (
        (take_problem(state, naturals) if state.rules.italian_pile else None)  # IT-17, IT-19
        or _may_take(state, target, action, naturals)
        or _conflict(state, target, action)
    )
    if problem is not None:
        return problem
    laying.events.append(ev.PileTaken(seat, taken_cards(state)))
    pile_meld = _lay_top(laying, target, action, naturals, wilds)
    if isinstance(pile_meld, Reason):
        return pile_meld
    problem = (
        _lay_extra(laying, action, rank, closed)
        or mac.laying_problem(state, laying.side, laying.melds, opening=closed)
        or _wild_meld_first(laying, wilds, pile_meld)
        or _opening(laying, closed)
    )
    if problem is not None:
        return problem
    return _taken(laying, rest, closed, build)


def _one_card_pile(state: State) -> Reason | None:
    """O-PILE-ONECARD=FORBID: no one-card pile for a player holding one card."""
    rules = state.rules
    one = len(state.hands[state.current]) == 1 and len(state.pile) == 1
    if rules.pile_onecard == "FORBID" and one:
        return reason("O-PILE-ONECARD", "pile_one_card")
    return None


def _closed_never(state: State) -> Reason | None:
    """BRA-6: the pile is never taken for the initial meld."""
    closed = not state.melds[state.side_of(state.current)]
    if state.rules.pile_closed_forbidden and closed:
        return reason("BRA-6", "pile_closed_never")
    return None


def _take_onto_sequence(state: State, action: TakePile, build: bool) -> Result:
    """SAM-18, SAM-19: the top card alone extends an end of an incomplete sequence of the
    side, and only while the pile is not frozen for the side."""
    side = state.side_of(state.current)
    top = state.pile[-1]
    if frozen_for(state, side):
        return reason("SAM-18", "pile_frozen_pair", rank=RANK_OF[top], need=2)
    if action.cards or action.melds or action.separate:
        return reason("SAM-19", "pile_sequence_alone")
    target = state.meld_by_mid(side, action.onto)  # type: ignore[arg-type]
    if target is None or target.key < SEQUENCE_KEY:
        return reason("C-MELD-6", "meld_no_such")
    if target.is_canasta:
        return reason("SAM-19", "pile_no_canasta_add")
    if sequence_addition(state.rules, target, (top,)) is not None:
        return reason("SAM-18", "pile_sequence_end")
    laying = Laying.start(state)
    laying.events.append(ev.PileTaken(state.current, state.pile))
    laying.extend(target, (top,), 1, 0)
    return _taken(laying, state.hands[state.current], False, build)


def _top_cards(cards: Cards, rank: int) -> tuple[int, int] | Reason:
    """C-PILE-6: (naturals, wild cards) going with the top card; others may not."""
    naturals = wilds = 0
    for card in cards:
        if IS_WILD[card]:
            wilds += 1
        elif RANK_OF[card] == rank:
            naturals += 1
        else:
            return reason("C-PILE-6", "pile_card_rank", rank=rank)
    return naturals, wilds


def top_target(melds: Sequence[TableMeld], rank: int, books_closed: bool) -> TableMeld | None:
    """The side's meld the top card would join: the open one of its rank (O-PILE-CONFLICT=A);
    never a closed book (HF-9: the top card starts a new meld beside it)."""
    of_rank = [m for m in melds if m.key == rank and not (books_closed and m.is_canasta)]
    return next((m for m in of_rank if not m.is_canasta), of_rank[0] if of_rank else None)


def top_card_meld(
    rules: Rules, melds: Sequence[TableMeld], card: int, frozen: bool
) -> TableMeld | None:
    """C-PILE-6, SAM-18: the meld of a side (``melds``) onto which it could take the pile by
    laying the top card alone, were ``card`` discarded on top now; None when it could not.

    ``frozen``: the pile is frozen for that side already (C-PILE-3, C-PILE-4, O-PILE-FROZEN).
    A card that blocks every take (C-PILE-5) or freezes the pile itself (C-PILE-3) never
    joins; IT-17 always shows naturals from hand; the meld is ``top_target``'s, never a
    canasta under O-PILE-NOCANADD (SAM-18: "not yet a canasta").
    """
    if frozen or rules.italian_pile or rules.freezes_pile(card) or top_block(rules, card):
        return None
    target = top_target(melds, RANK_OF[card], rules.books_closed)
    if target is None or (rules.pile_nocanadd and target.is_canasta):
        return None
    return target


def _may_take(
    state: State, target: TableMeld | None, action: TakePile, naturals: int
) -> Reason | None:
    """C-PILE-4, C-PILE-6, C-PILE-7, O-PILE-FROZEN, O-PILE-NOCANADD, O-PILE-2NAT."""
    rules = state.rules
    side = state.side_of(state.current)
    rank = RANK_OF[state.pile[-1]]
    if frozen_for(state, side):
        if naturals >= 2:
            return None
        if not state.melds[side]:
            return reason("C-PILE-4", "pile_frozen_closed", rank=rank, need=2)
        if rules.pile_frozen:
            return reason("O-PILE-FROZEN", "pile_always_frozen", rank=rank, need=2)
        return reason("C-PILE-6", "pile_frozen_pair", rank=rank, need=2)
    if target is not None and not (rules.pile_nocanadd and target.is_canasta):
        return None
    used = action.cards
    if len(used) < 2 or naturals < 1:
        if target is not None and not used:
            return reason("O-PILE-NOCANADD", "pile_no_canasta_add")
        return reason("C-PILE-7", "pile_needs_cards", rank=rank)
    if rules.pile_2nat and naturals < 2:
        # SAM-19 is the sequence family's own rule; elsewhere it is the house option
        rule = "SAM-19" if rules.sequences else "O-PILE-2NAT"
        return reason(rule, "pile_two_naturals", rank=rank, need=2)
    return None


def _conflict(state: State, target: TableMeld | None, action: TakePile) -> Reason | None:
    """O-PILE-CONFLICT=A: a separate meld beside a completed canasta of the top card's rank."""
    if not action.separate:
        return None
    beside = target is not None and target.is_canasta and bool(action.cards)
    if state.rules.pile_conflict == "A" and beside:
        return None
    return reason("O-PILE-CONFLICT", "meld_exists", rank=RANK_OF[state.pile[-1]])


def _lay_top(
    laying: Laying, target: TableMeld | None, action: TakePile, naturals: int, wilds: int
) -> TableMeld | Reason:
    """C-PILE-6/7 with C-MELD-2/3: the top card joins its meld or starts one."""
    rules = laying.state.rules
    top = laying.state.pile[-1]
    cards = (top, *action.cards)
    if target is not None and not action.separate:
        problem = (
            wild_onto_canasta(rules, target, wilds)
            or book_full(rules, target.size + len(cards))  # HF-9
            or check_counts(rules, target.naturals + 1 + naturals, target.wilds + wilds)
        )
        if problem is not None:
            return problem
        laying.touched_old = True
        return laying.extend(target, cards, 1 + naturals, wilds)
    if len(cards) < 3:
        return reason("C-MELD-1", "meld_too_small")
    problem = book_full(rules, len(cards)) or check_counts(rules, 1 + naturals, wilds)
    if problem is not None:
        return problem
    return laying.add_new(RANK_OF[top], cards, 1 + naturals, wilds)


def _lay_extra(laying: Laying, action: TakePile, rank: int, closed: bool) -> Reason | None:
    """C-PILE-8: a closed side may lay further melds from hand with the take."""
    if action.melds and not closed:
        return reason("C-PILE-8", "pile_extra_open")
    keys = {rank}
    for group in action.melds:
        kind = classify(laying.state.rules, group)
        if isinstance(kind, Reason):
            return kind
        key, naturals, wilds = kind
        if key in keys and key < SEQUENCE_KEY:  # SAM-16: sequences of one suit stay apart
            return reason("C-MELD-5", "meld_same_rank_twice", rank=key)
        if key == BLACK_THREE_KEY:  # only when going out, never with the pile (C-B3-2)
            return reason("C-B3-2", "b3_not_out")
        keys.add(key)
        laying.add_new(key, tuple(group), naturals, wilds)
    return None


def _wild_meld_first(laying: Laying, wilds: int, pile_meld: TableMeld) -> Reason | None:
    """O-WILD-MELDS: while a wild-card meld is incomplete, wild cards go only there."""
    rules = laying.state.rules
    if not rules.wild_melds or not rules.wild_meld_first or not wild_meld_pending(laying.melds):
        return None  # HF-11: no wild meld comes first
    regular = wilds + sum(m.wilds for m in laying.new if not m.is_wild_meld)
    if regular and pile_meld.key != WILD_KEY:
        return reason("O-WILD-MELDS", "wild_meld_pending")
    return None


def _opening(laying: Laying, closed: bool) -> Reason | None:
    """C-PILE-8 with C-INIT-1: a closed side's take must reach its minimum."""
    if not closed:
        return None
    top = laying.state.pile[-1]
    problem = meets_minimum(laying.state, laying.side, laying.new_points(), laying.new, top)
    if problem is None or problem.rule.startswith("MAC-"):
        return problem  # MAC-12, MAC-23, MAC-24 keep their own rule
    return reason("C-PILE-8", problem.key, **problem.values)


def _taken(laying: Laying, rest: Cards, closed: bool, build: bool) -> Result:
    """The pile goes to the hand (bonus threes laid out); then C-TURN-7 or going out."""
    state = laying.state
    seat, side = state.current, laying.side
    below = taken_cards(state)[:-1]
    left = state.pile[: len(state.pile) - len(below) - 1]  # O-HF-PILE-N: what stays
    rules = state.rules
    # C-R3-1: bonus threes are laid out; CUB-8: black threes are set aside beside them
    threes = tuple(c for c in below if rules.is_bonus_three(c) or sets_aside(rules, c))
    gained = tuple(c for c in below if c not in threes)
    unfinishable = only_black_threes(state, rest + gained)  # CUB-7
    if not build and len(rest) + len(gained) >= 2 and not unfinishable:
        return LEGAL  # C-TURN-7 holds: one card can be discarded and one kept
    # IT-4: the face-down packet was never seen, so the others do not know those cards
    face_up = below[state.pile_hidden :]
    seen = frozenset(c for c in face_up if not state.rules.is_bonus_three(c))
    events = laying.events
    events.extend(ev.BonusThreePlaced(seat, side, c) for c in threes)
    state = evolve(
        state,
        hands=set_at(state.hands, seat, rest + gained),
        pile=left,
        pile_hidden=min(state.pile_hidden, len(left)),  # IT-4: the packet lies at the bottom
        pile_frozen=any(state.rules.freezes_pile(c) for c in left),
        melds=set_at(state.melds, side, tuple(laying.melds)),
        bonus_threes=set_at(state.bonus_threes, side, state.bonus_threes[side] + threes),
        next_mid=laying.mids,
        phase=Phase.PLAY,
        drew=DrawKind.PILE,
        took_pile_closed=closed,
        recycle_idle=False,
        turn_new_mids=state.turn_new_mids + tuple(m.mid for m in laying.new),
        turn_touched_old=state.turn_touched_old or laying.touched_old,
        picked=set_at(state.picked, seat, state.picked[seat] | seen),
    )
    if state.rules.pile_draw:
        state = draw_after_take(state, events)  # IT-6
    if not state.hands[seat] and state.has_foot(seat):
        state = pick_up_foot(state, seat, events)  # HF-8: at once
    elif not state.hands[seat] and state.rules.out_needs_discard:
        return discard_needed(state.rules)
    if not state.hands[seat]:  # C-PILE-11 with C-OUT-2: every card melded goes out
        problem = melded_out_problem(state, side)
        return problem if problem is not None else went_out(state, events)
    problem = finish_problem(state)
    return problem if problem is not None else (state, events)


def taken_cards(state: State) -> Cards:
    """C-PILE-9: the whole pile; O-HF-PILE-N: only its top N cards (bottom first)."""
    n = state.rules.pile_take_n
    return state.pile[-n:] if n else state.pile


# --- the generator ---------------------------------------------------------------------


def take_is_legal(state: State, move: TakePile) -> bool:
    """``why_illegal`` for a take in the draw phase of the seat to move (all it would add)."""
    return not isinstance(take(state, move, build=False), Reason)


_WILD, _BLACK, _CALIENTE = "wild", "black", "caliente"
#: Per card uid: which of HandGroups' lists it joins (None: the naturals of its rank).
_GROUP: tuple[str | None, ...] = tuple(
    _WILD if IS_WILD[c] else _BLACK if IS_BLACK_THREE[c] else _CALIENTE if IS_CALIENTE[c] else None
    for c in range(len(RANK_OF))
)
#: Per wild card uid: its place in a sorted hand of wild cards (by value, then uid).
_WILD_ORDER: tuple[int, ...] = tuple(VALUE_OF[c] * len(RANK_OF) + c for c in range(len(RANK_OF)))


def sorted_wilds(hand: Cards) -> list[int]:
    """The hand's wild cards in ``HandGroups``' order."""
    return _cheapest_first([card for card in hand if IS_WILD[card]])


def _cheapest_first(wilds: list[int]) -> list[int]:
    """``wilds`` sorted in place, cheapest (twos) first, then by uid: the order in which
    melds take wild cards."""
    if len(wilds) > 1:
        wilds.sort(key=_WILD_ORDER.__getitem__)
    return wilds


class HandGroups:
    """A hand split the way players see it: naturals by rank, wild cards, black threes."""

    __slots__ = ("blacks", "naturals", "wilds")

    def __init__(self, hand: Cards) -> None:
        naturals: dict[int, list[int]] = {}
        wilds: list[int] = []
        blacks: list[int] = []
        for card in hand:
            group = _GROUP[card]  # one look-up per card: every generated position builds one
            if group is None:
                naturals.setdefault(RANK_OF[card], []).append(card)
            elif group is not _CALIENTE:  # CAL-5: never melded, so in no group
                group_of = wilds if group is _WILD else blacks
                group_of.append(card)
        self.naturals = naturals
        self.blacks = blacks
        self.wilds = _cheapest_first(wilds)

    def dear_wilds(self) -> list[int]:
        return self.wilds[::-1]


def pile_takes(state: State, limit: int | None = None) -> list[TakePile]:
    """Legal ways to take the pile: per count of naturals and wild cards of the top meld."""
    if state.phase is not Phase.DRAW or pile_blocked(state) or _closed_never(state):
        return []
    if pile_closed(state):  # IT-17, IT-10
        return []
    seat = state.current
    side = state.side_of(seat)
    rules = state.rules
    out: list[TakePile] = sequence_takes(state, side)
    if limit is not None and len(out) >= limit:
        return out[:limit]
    if no_top_card_take(state, side):
        return out
    groups = HandGroups(state.hands[seat])
    top = state.pile[-1]
    rank = RANK_OF[top]
    nats = groups.naturals.get(rank, [])
    closed = not state.melds[side]
    frozen = frozen_for(state, side)
    target = top_target(state.melds[side], rank, state.rules.books_closed)
    simple = SimpleTake(state, side, target)
    need = state.minimum(side)[0] if closed else 0
    counts = sorted({n for n in (0, 1, 2, len(nats)) if n <= len(nats)})
    if frozen:
        counts = [n for n in counts if n >= 2]
    seen: set[TakePile] = set()
    for n in counts:
        for w in range(0, min(3, len(groups.wilds)) + 1):
            pools = (groups.wilds, groups.dear_wilds()) if w and closed else (groups.wilds,)
            for pool in pools:
                cards = tuple(nats[:n]) + tuple(pool[:w])
                for candidate in _with_initial_melds(state, groups, cards, rank, closed):
                    variants = [candidate]
                    if rules.pile_conflict == "A" and cards:
                        variants.append(
                            TakePile(seat, candidate.cards, candidate.melds, separate=True)
                        )
                    for move in variants:
                        if move in seen:
                            continue
                        seen.add(move)
                        plain = not move.melds and not move.separate
                        verdict = simple.verdict(n, w) if plain else None
                        if verdict is False or take_short_of_minimum(state, need, move):
                            continue  # known illegal (C-PILE-6/7/8, caps): not asked again
                        proven = verdict or (closed and opening_take_proven(state, move))
                        if proven or take_is_legal(state, move):
                            out.append(move)
                            if limit is not None and len(out) >= limit:
                                return out
    if not out and closed and len(nats) >= (2 if frozen else 1):
        found = _opening_take_search(state, groups, rank, frozen)
        if found is not None:
            out.append(found)
    return out


def sequence_takes(state: State, side: int) -> list[TakePile]:
    """SAM-18: the top card alone onto an end of each incomplete sequence it fits."""
    if not state.rules.sequences or frozen_for(state, side):
        return []
    top = state.pile[-1]
    rank, key = RANK_OF[top], SEQUENCE_KEY + SUIT_OF[top]
    out: list[TakePile] = []
    for meld in state.melds[side]:
        if meld.key != key:
            continue  # (a group, or a sequence of another suit: most melds)
        fits = rank in (RANK_OF[meld.cards[0]] - 1, RANK_OF[meld.cards[-1]] + 1)
        if fits and not meld.is_canasta:
            move = TakePile(state.current, onto=meld.mid)
            if take_is_legal(state, move):
                out.append(move)
    return out


SEARCH_CHECKS = 400  # legality checks the exhaustive opening search may spend


def _opening_take_search(
    state: State, groups: HandGroups, rank: int, frozen: bool
) -> TakePile | None:
    """Issue 10 gap 2: any legal opening take, when the quick candidates found none.

    A closed side may take the pile with any part of its top-rank cards plus extra melds from
    the hand (C-PILE-8); keeping cards back can be what makes the turn finishable (C-TURN-7).
    So every count of naturals and wild cards per rank is tried, dearest first, pruned by the
    points still reachable; the search stops at the first legal take.
    """
    seat = state.current
    need, _ = state.minimum(state.side_of(seat))
    nats = groups.naturals[rank]
    pool = groups.dear_wilds()
    others = [(r, cards) for r, cards in groups.naturals.items() if r != rank and len(cards) >= 2]
    others.sort(key=lambda item: -VALUE_OF[item[1][0]])
    best_rest = [0] * (len(others) + 1)
    for index in range(len(others) - 1, -1, -1):
        best_rest[index] = best_rest[index + 1] + sum(VALUE_OF[c] for c in others[index][1])
    wild_points = sum(VALUE_OF[c] for c in pool)
    top_points = VALUE_OF[state.pile[-1]]
    budget = [SEARCH_CHECKS]
    chosen: list[Cards] = []

    def extras(index: int, used_wilds: int, points: int, top: Cards) -> TakePile | None:
        if budget[0] <= 0 or points + best_rest[index] + wild_points < need:
            return None
        if points >= need:
            budget[0] -= 1
            move = TakePile(seat, top, tuple(chosen))
            if opening_take_proven(state, move) or take_is_legal(state, move):
                return move
        if index == len(others):
            return None
        cards = others[index][1]
        for k in range(len(cards), 1, -1):
            for w in range((0 if k >= 3 else 1), len(pool) - used_wilds + 1):
                if w > wild_cap(state.rules, k, k + w):
                    break
                meld = (*cards[:k], *pool[used_wilds : used_wilds + w])
                chosen.append(meld)
                found = extras(
                    index + 1, used_wilds + w, points + sum(VALUE_OF[c] for c in meld), top
                )
                chosen.pop()
                if found is not None:
                    return found
        return extras(index + 1, used_wilds, points, top)

    for n in range(len(nats), 1 if frozen else 0, -1):
        for w in range(0, len(pool) + 1):
            if w > wild_cap(state.rules, n, n + 1 + w):
                break
            top = (*nats[:n], *pool[:w])
            points = top_points + sum(VALUE_OF[c] for c in top)
            found = extras(0, w, points, top)
            if found is not None:
                return found
    return None


def _with_initial_melds(
    state: State, groups: HandGroups, cards: Cards, rank: int, closed: bool
) -> Iterator[TakePile]:
    seat = state.current
    yield TakePile(seat, cards)
    if not closed:
        return
    need, _ = state.minimum(state.side_of(seat))
    have = VALUE_OF[state.pile[-1]] + sum(VALUE_OF[c] for c in cards)
    if have >= need:
        return
    used = set(cards)
    rest = HandGroups(tuple(c for c in state.hands[seat] if c not in used))
    rest.naturals.pop(rank, None)
    for batch in initial_batches(state, rest, need - have, limit=4):
        yield TakePile(seat, cards, batch)


def initial_batches(
    state: State, groups: HandGroups, need: int, limit: int = 8
) -> list[tuple[Cards, ...]]:
    """Small sets of new melds whose card values reach ``need`` (C-INIT-3).

    Ranks are tried dearest first; wild cards are dealt out of one shared pool (jokers
    first) as the search goes, so two melds never claim the same wild card and an opening
    that needs wild cards in several melds is found.
    """
    rules = state.rules
    pool = groups.dear_wilds()
    ranks = [nats for nats in groups.naturals.values() if len(nats) >= 2]
    ranks.sort(key=lambda nats: -sum(VALUE_OF[c] for c in nats))
    found: list[tuple[Cards, ...]] = []
    chosen: list[Cards] = []

    def search(index: int, wilds_used: int, points: int) -> None:
        if len(found) >= limit:
            return
        if points >= need and chosen:
            found.append(tuple(chosen))
            return
        if index == len(ranks):
            return
        nats = ranks[index]
        n = len(nats)
        low = 0 if n >= 3 else 1
        high = min(len(pool) - wilds_used, wild_cap(rules, n, n + 3))
        for w in range(low, high + 1):
            cards = tuple(nats) + tuple(pool[wilds_used : wilds_used + w])
            chosen.append(cards)
            search(index + 1, wilds_used + w, points + sum(VALUE_OF[c] for c in cards))
            chosen.pop()
            if len(found) >= limit:
                return
        search(index + 1, wilds_used, points)

    search(0, 0, 0)
    return found
