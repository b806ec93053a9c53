"""Move generation for bots and for the UI's highlighting, built on ``why_illegal``.

Cards of one rank are interchangeable for the rules, so candidates are generated per rank
(all naturals of a rank, with the cheapest or the dearest wild cards) rather than per subset,
which keeps the lists short enough for thousands of simulated turns per second. Every
candidate is passed through the one legality check before it is returned, so whatever this
module offers is legal by construction of the filter.
"""

from __future__ import annotations

from collections.abc import Iterator

from canasta_game.engine.actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    Discard,
    DrawStock,
    Meld,
    TakePile,
)
from canasta_game.engine.cards import (
    IS_BLACK_THREE,
    IS_WILD,
    JOKER,
    RANK_OF,
    VALUE_OF,
    WILD_KEY,
)
from canasta_game.engine.game import frozen_for, pile_block, why_illegal
from canasta_game.engine.meldrules import wild_cap
from canasta_game.engine.state import Phase, Question, State

Cards = tuple[int, ...]


class HandGroups:
    """A hand split the way players see it: naturals by rank, wild cards, black threes."""

    __slots__ = ("blacks", "naturals", "wilds")

    def __init__(self, hand: Cards) -> None:
        self.naturals: dict[int, list[int]] = {}
        wilds: list[int] = []
        self.blacks: list[int] = []
        for card in hand:
            if IS_WILD[card]:
                wilds.append(card)
            elif IS_BLACK_THREE[card]:
                self.blacks.append(card)
            else:
                self.naturals.setdefault(RANK_OF[card], []).append(card)
        wilds.sort(key=lambda c: (VALUE_OF[c], c))
        self.wilds = wilds  # cheapest (twos) first

    def dear_wilds(self) -> list[int]:
        return self.wilds[::-1]


def legal_moves(state: State) -> list[Action]:
    """Every generated legal action for the seat that must act now."""
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.ANSWER:
        return [AnswerGoOut(state.actor, True), AnswerGoOut(state.actor, False)]
    if state.phase is Phase.DRAW:
        return draw_moves(state)
    moves: list[Action] = [*meld_moves(state)]
    ask = AskGoOut(state.current)
    if (
        state.question is Question.NONE
        and not state.turn_melded
        and state.rules.partnership
        and why_illegal(state, ask) is None
    ):
        moves.append(ask)
    moves.extend(discard_moves(state))
    return moves


def draw_moves(state: State) -> list[Action]:
    moves: list[Action] = []
    draw = DrawStock(state.current)
    if why_illegal(state, draw) is None:
        moves.append(draw)
    moves.extend(pile_takes(state))
    return moves


def discard_moves(state: State) -> list[Action]:
    """One discard per kind of card (suits never matter except for threes)."""
    if state.phase is not Phase.PLAY:
        return []
    seat = state.current
    seen: set[tuple[int, bool]] = set()
    out: list[Action] = []
    for card in state.hands[seat]:
        kind = (RANK_OF[card], IS_BLACK_THREE[card])
        if kind in seen:
            continue
        seen.add(kind)
        move = Discard(seat, card)
        if why_illegal(state, move) is None:
            out.append(move)
    return out


# --- the pile --------------------------------------------------------------------------


def pile_takes(state: State, limit: int | None = None) -> list[TakePile]:
    """Legal ways to take the pile: per count of naturals and wild cards of the top meld."""
    if state.phase is not Phase.DRAW or pile_block(state) is not None:
        return []
    seat = state.current
    side = state.side_of(seat)
    rules = state.rules
    groups = HandGroups(state.hands[seat])
    top = state.pile[-1]
    rank = RANK_OF[top]
    nats = groups.naturals.get(rank, [])
    closed = not state.melds[side]
    frozen = frozen_for(state, side)
    counts = sorted({n for n in (0, 1, 2, len(nats)) if n <= len(nats)})
    if frozen:
        counts = [n for n in counts if n >= 2]
    out: list[TakePile] = []
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
                        if why_illegal(state, move) is None:
                            out.append(move)
                            if limit is not None and len(out) >= limit:
                                return out
    if not out and closed and len(nats) >= (2 if frozen else 1):
        found = _opening_take_search(state, groups, rank, frozen)
        if found is not None:
            out.append(found)
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
            if why_illegal(state, move) is None:
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


# --- melds -----------------------------------------------------------------------------


def single_meld_options(state: State, groups: HandGroups, dear_first: bool) -> list[Cards]:
    """New melds from hand, one rank at a time, with 0..cap wild cards."""
    rules = state.rules
    pool = groups.dear_wilds() if dear_first else groups.wilds
    out: list[Cards] = []
    for nats in groups.naturals.values():
        n = len(nats)
        if n < 2:
            continue
        low = 0 if n >= 3 else 1
        high = min(len(pool), wild_cap(rules, n, n + 3))
        for w in range(low, high + 1):
            out.append(tuple(nats) + tuple(pool[:w]))
    return out


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


def meld_moves(state: State) -> list[Meld]:
    """Candidate meld actions: single new melds, single additions, and one 'meld all'."""
    if state.phase is not Phase.PLAY:
        return []
    seat = state.current
    side = state.side_of(seat)
    rules = state.rules
    groups = HandGroups(state.hands[seat])
    candidates: list[Meld] = []
    melds = state.melds[side]
    if not melds:
        need, _ = state.minimum(side)
        candidates.extend(Meld(seat, batch) for batch in initial_batches(state, groups, need))
    else:
        keys = {m.key for m in melds}
        for cards in single_meld_options(state, groups, dear_first=False):
            if RANK_OF[cards[0]] not in keys:
                candidates.append(Meld(seat, (cards,)))
        for meld in melds:
            if meld.is_black_threes:
                continue
            if meld.is_wild_meld:
                if groups.wilds:
                    candidates.append(Meld(seat, add=((meld.mid, (groups.wilds[0],)),)))
                continue
            nats = groups.naturals.get(meld.key)
            if nats:
                candidates.append(Meld(seat, add=((meld.mid, tuple(nats)),)))
            if groups.wilds:
                candidates.append(Meld(seat, add=((meld.mid, (groups.wilds[0],)),)))
                dear = groups.wilds[-1]
                if RANK_OF[dear] == JOKER and RANK_OF[groups.wilds[0]] != JOKER:
                    candidates.append(Meld(seat, add=((meld.mid, (dear,)),)))
        if rules.wild_melds and len(groups.wilds) >= 3 and WILD_KEY not in keys:
            candidates.append(Meld(seat, (tuple(groups.wilds[:3]),)))
    if len(groups.blacks) >= 3:
        candidates.append(Meld(seat, (tuple(groups.blacks),)))
    everything = meld_all(state, groups)
    if everything is not None:
        candidates.append(everything)
    out: list[Meld] = []
    seen: set[Meld] = set()
    for move in candidates:
        if move not in seen:
            seen.add(move)
            if why_illegal(state, move) is None:
                out.append(move)
    return out


def meld_all(state: State, groups: HandGroups | None = None) -> Meld | None:
    """One batch that lays down as much of the hand as the rules allow, keeping one card.

    It is the move that goes out (or opens with everything) when that is possible; wild cards
    go where they complete a canasta first, then to the biggest melds.
    """
    seat = state.current
    side = state.side_of(seat)
    rules = state.rules
    groups = groups or HandGroups(state.hands[seat])
    melds = {m.key: m for m in state.melds[side]}
    adds: dict[int, list[int]] = {}
    sizes: dict[int, list[int]] = {}  # key -> [naturals, wilds]
    new: dict[int, list[int]] = {}
    for rank, nats in groups.naturals.items():
        if rank in melds and not melds[rank].is_black_threes:
            adds[melds[rank].mid] = list(nats)
            sizes[rank] = [melds[rank].naturals + len(nats), melds[rank].wilds]
        elif len(nats) >= 3:
            new[rank] = list(nats)
            sizes[rank] = [len(nats), 0]
    wilds = list(groups.wilds)
    for rank, nats in groups.naturals.items():
        if len(nats) == 2 and rank not in melds and wilds:
            new[rank] = [*nats, wilds.pop(0)]
            sizes[rank] = [2, 1]
    for key, meld in melds.items():
        if key not in sizes and not meld.is_wild_meld and not meld.is_black_threes:
            sizes[key] = [meld.naturals, meld.wilds]
    # wild cards: complete canastas first, then anywhere they fit
    order = sorted(sizes, key=lambda k: -(sizes[k][0] + sizes[k][1]))
    for key in order:
        while wilds:
            nat, wild = sizes[key]
            if wild + 1 > wild_cap(rules, nat, nat + wild + 1) or nat + wild >= rules.canasta_size:
                break
            card = wilds.pop(0)
            sizes[key][1] += 1
            if key in new:
                new[key].append(card)
            else:
                adds.setdefault(melds[key].mid, []).append(card)
    if len(groups.blacks) >= 3:
        new[-1] = list(groups.blacks)
    if not new and not adds:
        return None
    if not state.melds[side] and not new:
        return None
    return Meld(
        seat,
        tuple(tuple(cards) for cards in new.values()),
        tuple((mid, tuple(cards)) for mid, cards in adds.items()),
    )
