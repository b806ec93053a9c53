"""Meld candidates of Hand and Foot, for the move generator (HF-9..11).

Books stop at seven cards, so the generic candidates (all of a rank's naturals onto its meld,
one new meld per rank the side lacks) miss most useful moves: filling a meld up to its book,
starting a new meld beside a book, and building the wild book. These are offered here; the
move generator passes every one through ``why_illegal`` like the rest.
"""

from __future__ import annotations

from canasta_game.engine.actions import Meld
from canasta_game.engine.cards import WILD_KEY
from canasta_game.engine.meldrules import wild_cap
from canasta_game.engine.state import State, TableMeld
from canasta_game.engine.take import HandGroups

Cards = tuple[int, ...]


def book_moves(state: State, groups: HandGroups) -> list[Meld]:
    """Additions up to a book, new melds beside books, and wild cards to the wild meld."""
    seat = state.current
    melds = state.melds[state.side_of(seat)]
    if not melds:
        return []
    full = state.rules.canasta_size
    out: list[Meld] = []
    open_keys: set[int] = set()
    for meld in melds:
        if meld.is_canasta or meld.is_black_threes:
            continue
        open_keys.add(meld.key)
        if meld.key == WILD_KEY:
            room = full - meld.size
            most = min(room, len(groups.wilds))
            for count in sorted({most, most - 1, 1}):  # all that fit, or one kept to discard
                if 0 < count <= len(groups.wilds):
                    out.append(Meld(seat, add=((meld.mid, tuple(groups.wilds[:count])),)))
            continue
        out.extend(_fill(state, meld, groups))
    for rank, nats in groups.naturals.items():
        if rank in open_keys:
            continue  # the open meld of the rank takes them first (C-MELD-5)
        for count in sorted({len(nats), len(nats) - 1}):  # all, or one kept to discard
            for cards in _new_group(state, nats[:count], groups.wilds):
                out.append(Meld(seat, (cards,)))
    wilds = groups.wilds
    if state.rules.wild_melds and WILD_KEY not in open_keys and len(wilds) >= 3:
        most = min(full, len(wilds))
        for count in sorted({most, most - 1, 3}):
            if count >= 3:
                out.append(Meld(seat, (tuple(wilds[:count]),)))
    return out


def _fill(state: State, meld: TableMeld, groups: HandGroups) -> list[Meld]:
    """The hand's naturals of the meld's rank up to its book, with 0..cap wild cards."""
    room = state.rules.canasta_size - meld.size
    nats = groups.naturals.get(meld.key, [])
    out: list[Meld] = []
    for count in sorted({min(room, len(nats)), len(nats) - 1}):  # up to the book, or one kept
        if count >= 0:
            out.extend(_fill_with(state, meld, tuple(nats[:count]), groups.wilds))
    return out


def _fill_with(state: State, meld: TableMeld, put: Cards, wilds: list[int]) -> list[Meld]:
    """``put`` naturals onto ``meld`` with 0..cap wild cards, never past its book."""
    seat = state.current
    room = state.rules.canasta_size - meld.size
    out: list[Meld] = []
    for w in range(0, min(3, len(wilds), room - len(put)) + 1):
        naturals = meld.naturals + len(put)
        if meld.wilds + w > wild_cap(state.rules, naturals, naturals + meld.wilds + w):
            break
        cards = put + tuple(wilds[:w])
        if cards:
            out.append(Meld(seat, add=((meld.mid, cards),)))
    return out


def _new_group(state: State, nats: list[int], wilds: list[int]) -> list[Cards]:
    """A new meld of up to a book's naturals of one rank, with 0..cap wild cards."""
    full = state.rules.canasta_size
    put = tuple(nats[:full])
    out: list[Cards] = []
    for w in range(0, min(3, len(wilds), full - len(put)) + 1):
        if len(put) < 2 or len(put) + w < 3:
            continue
        if w > wild_cap(state.rules, len(put), len(put) + w):
            break
        out.append(put + tuple(wilds[:w]))
    return out
