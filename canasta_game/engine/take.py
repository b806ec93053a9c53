"""Taking the discard pile (C-PILE-4..11, O-PILE-*): the check and the generator of takes.

``take`` is the legality check of a ``TakePile``, split into the rules it applies in the
order a player meets them; ``pile_takes`` lists legal takes for the bots, the table's
highlighting and C-STOCK-4 (is a take forced, or does the hand end?). The generator asks
``take`` itself, so ``game`` can ask the generator without a circular import.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from operator import itemgetter

from canasta_game.engine import events as ev
from canasta_game.engine import mac
from canasta_game.engine.actions import TakePile, take_of
from canasta_game.engine.cards import (
    BLACK_THREE_KEY,
    IS_BLACK_THREE,
    IS_CALIENTE,
    IS_NATURAL,
    IS_WILD,
    RANK_OF,
    SEQUENCE_KEY,
    SUIT_OF,
    VALUE_OF,
    WILD_KEY,
)
from canasta_game.engine.constructive import (
    SimpleTake,
    bonus_threes,
    counts_fit,
    needs_full_check,
    no_top_card_take,
    opening_take_proven,
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
from canasta_game.engine.state import (
    DRAW,
    DREW_PILE,
    PLAY,
    State,
    TableMeld,
    evolve,
)
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
    if state.phase is not DRAW:
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
    never a closed book (HF-9: the top card starts a new meld beside it); else the first
    canasta of its rank. One loop, no list (every open side's draw list asks it)."""
    first = None
    for meld in melds:
        if meld.key == rank:
            if meld.naturals + meld.wilds < meld.canasta_size:  # (not ``is_canasta``'s calls)
                return meld
            if first is None and not books_closed:
                first = meld
    return first


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
        phase=PLAY,
        drew=DREW_PILE,
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

    @classmethod
    def of(cls, naturals: dict[int, list[int]], wilds: list[int], blacks: list[int]) -> HandGroups:
        """Groups already split (``wilds`` cheapest first), without reading a hand again."""
        groups = cls.__new__(cls)
        groups.naturals = naturals
        groups.wilds = wilds
        groups.blacks = blacks
        return groups

    def dear_wilds(self) -> list[int]:
        return self.wilds[::-1]


def pile_takes(state: State, limit: int | None = None) -> list[TakePile]:
    """Legal ways to take the pile: per count of naturals and wild cards of the top meld."""
    if state.phase is not DRAW or pile_blocked(state) or _closed_never(state):
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
    # (``SimpleTake`` knows an open side's takes; a closed side's carry its opening, C-PILE-8)
    target = None if closed else top_target(state.melds[side], rank, rules.books_closed)
    simple = None if closed else SimpleTake(state, side, target)
    need = state.minimum(side)[0] if closed else 0
    others = {r: cards for r, cards in groups.naturals.items() if r != rank} if closed else {}
    room = _closed_take_room(state, side) if closed else None
    counts = sorted({n for n in (0, 1, 2, len(nats)) if n <= len(nats)})
    if frozen:
        counts = [n for n in counts if n >= 2]
    # (each take is made once: the counts differ, and so do the cheapest and the dearest
    # wild cards where there are two or more)
    two_pools = closed and len(groups.wilds) > 1
    for n in counts:
        for w in range(0, min(3, len(groups.wilds)) + 1):
            pools = (groups.wilds, groups.dear_wilds()) if w and two_pools else (groups.wilds,)
            for pool in pools:
                cards = tuple(nats[:n]) + tuple(pool[:w])
                for candidate in _with_initial_melds(state, groups, others, cards, need):
                    variants = [candidate]
                    if rules.pile_conflict == "A" and cards:
                        variants.append(
                            TakePile(seat, candidate.cards, candidate.melds, separate=True)
                        )
                    for move in variants:
                        if _take_allowed(
                            state, move, naturals=n, wilds=w, simple=simple, room=room,
                            others=others,
                        ):  # fmt: skip
                            out.append(move)
                            if limit is not None and len(out) >= limit:
                                return out
    if not out and closed and len(nats) >= (2 if frozen else 1):
        found = _opening_take_search(state, groups, rank, frozen)
        if found is not None:
            out.append(found)
    return out


def _take_allowed(
    state: State,
    move: TakePile,
    *,
    naturals: int,
    wilds: int,
    simple: SimpleTake | None,
    room: int | None,
    others: dict[int, list[int]],
) -> bool:
    """Is ``move`` (the top card with ``naturals`` naturals and ``wilds`` wild cards) legal?
    An open side's plain take is decided by ``SimpleTake`` where it knows it, a closed side's
    by the counts it was built from (``_built_take_proven``), the rest by ``take_is_legal``."""
    plain = not move.melds and not move.separate
    verdict = simple.verdict(naturals, wilds) if plain and simple else None
    if verdict is False:
        return False  # known illegal (C-PILE-6/7, caps): not asked again
    proven = verdict or (
        room is not None
        and not move.separate
        and _built_take_proven(state.rules, room, naturals, wilds, move, others)
    )
    return proven or take_is_legal(state, move)


def _closed_take_room(state: State, side: int) -> int | None:
    """The position's part of ``opening_take_proven`` for ``pile_takes``' closed-side takes:
    how many cards the hand holds with the pile's (bonus threes laid out, C-R3-1) before the
    take's cards are laid; None where the shortcut proves nothing (a player who must go
    out, an opening that asks for a canasta, O-INIT-HIGH, rules not modelled, a top card of
    no natural rank, C-PILE-4)."""
    rules = state.rules
    top = state.pile[-1]
    if state.must_go_out or not IS_NATURAL[top] or needs_full_check(rules):
        return None
    if state.minimum(side)[1]:
        return None
    bonus = bonus_threes(rules)
    gained = len(state.pile) - 1 - sum(map(bonus.__getitem__, state.pile[:-1]))
    return len(state.hands[state.current]) + gained


def _built_take_proven(
    rules: Rules, room: int, n: int, w: int, move: TakePile, others: dict[int, list[int]]
) -> bool:
    """``opening_take_proven`` of a closed side's take as ``pile_takes`` builds it: the top
    card with ``n`` naturals of its rank (two or more: C-PILE-4) and ``w`` wild cards, the
    further melds of ``initial_batches`` (every natural of one of the ``others`` ranks, each
    rank once, three cards or more: C-MELD-1, C-MELD-5), the points reaching the minimum
    (C-INIT-1). What is asked: each group's counts (C-MELD-2, C-MELD-3: ``counts_fit``),
    natural ranks (C-MELD-1) and two cards in hand afterwards (``room``, C-TURN-7)."""
    if not counts_fit(rules, 1 + n, w):
        return False
    left = room - n - w
    for group in move.melds:
        if not IS_NATURAL[group[0]]:
            return False
        naturals = len(others[RANK_OF[group[0]]])
        if not counts_fit(rules, naturals, len(group) - naturals):
            return False
        left -= len(group)
    return left >= 2


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
    state: State, groups: HandGroups, others: dict[int, list[int]], cards: Cards, need: int
) -> Iterator[TakePile]:
    """The take of ``cards`` with the top card; for a closed side that falls short of its
    minimum ``need`` by them (C-PILE-8 with C-INIT-1; an open side passes 0), instead the
    same with further melds from the naturals of the hand's ``others`` ranks (the top
    card's apart) and the wild cards not taken, which reach it. (The short take alone is
    known illegal under the modelled rules, so it is not made.)"""
    seat = state.current
    have = VALUE_OF[state.pile[-1]] + sum(map(VALUE_OF.__getitem__, cards))
    if have >= need:
        yield take_of(seat, cards)
        return
    if needs_full_check(state.rules):
        yield take_of(seat, cards)  # (O-MAC-SPLASH, MAC-12: a short opening may be legal)
    wilds = [c for c in groups.wilds if c not in cards]
    rest = HandGroups.of(others, wilds, groups.blacks)
    for batch in initial_batches(state, rest, need - have, limit=4):
        yield TakePile(seat, cards, batch)


def opening_reach(groups: HandGroups) -> tuple[int, int]:
    """The most points new groups of ``groups``' naturals and wild cards may count, and the
    most cards they may lay: every natural of a rank held three or more times, the dearest
    pairs, one per wild card (C-MELD-1, C-MELD-2: a pair needs one), every wild card. It
    bounds ``initial_batches``' batches and ``meld_all``'s new groups (black threes apart),
    so a hand short of the minimum by it (C-INIT-1) needs no search."""
    points = cards = 0
    pairs: list[int] = []
    for nats in groups.naturals.values():
        if len(nats) >= 3:
            points += sum(map(VALUE_OF.__getitem__, nats))
            cards += len(nats)
        elif len(nats) == 2:
            pairs.append(VALUE_OF[nats[0]] + VALUE_OF[nats[1]])
    wilds = groups.wilds
    if pairs and wilds:
        pairs.sort(reverse=True)
        del pairs[len(wilds) :]
        points += sum(pairs)
        cards += 2 * len(pairs)
    return points + sum(map(VALUE_OF.__getitem__, wilds)), cards + len(wilds)


def initial_batches(
    state: State, groups: HandGroups, need: int, limit: int = 8
) -> list[tuple[Cards, ...]]:
    """Small sets of new melds whose card values reach ``need`` (C-INIT-3).

    Ranks are tried dearest first; wild cards are dealt out of one shared pool (jokers
    first) as the search goes, so two melds never claim the same wild card and an opening
    that needs wild cards in several melds is found. Each rank's cards, points and cap
    (C-MELD-3) and the pool's running points are read once, not at every step.
    """
    rules = state.rules
    pool = groups.dear_wilds()
    ranks = [
        (sum(map(VALUE_OF.__getitem__, nats)), tuple(nats), 0 if len(nats) >= 3 else 1)
        for nats in groups.naturals.values()
        if len(nats) >= 2
    ]
    ranks.sort(key=itemgetter(0), reverse=True)  # (stable: ties keep the hand's order)
    caps = [wild_cap(rules, len(nats), len(nats) + 3) for _, nats, _ in ranks]
    running = [0]  # the points of the pool's first k wild cards
    for card in pool:
        running.append(running[-1] + VALUE_OF[card])
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
        value, nats, low = ranks[index]
        high = min(len(pool) - wilds_used, caps[index])
        points -= running[wilds_used]
        for w in range(low, high + 1):
            end = wilds_used + w
            chosen.append(nats + tuple(pool[wilds_used:end]))
            search(index + 1, end, points + value + running[end])
            chosen.pop()
            if len(found) >= limit:
                return
        search(index + 1, wilds_used, points + running[wilds_used])

    search(0, 0, 0)
    return found
