"""What a player can read from its own hand, its side's melds and a candidate move.

Every level needs the same small facts (how many of a rank do I hold, what does this meld
move leave in my hand, does it go out), so they are computed here once, from the
``PlayerView`` and the move alone: nothing in this module can see a hidden card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from canasta_game.engine.actions import Action, Discard, Meld, TakePile
from canasta_game.engine.cards import IS_NATURAL, RANK_OF, VALUE_OF
from canasta_game.engine.handfoot import takes_no_more
from canasta_game.engine.meldrules import meld_facts
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import TableMeld


def rank_counts(cards: Iterable[int]) -> Counter[int]:
    """Natural cards per rank (wild cards and threes are left out)."""
    return Counter(RANK_OF[c] for c in cards if IS_NATURAL[c])


def wild_count(rules: Rules, cards: Iterable[int]) -> int:
    wild = rules.wild
    return sum(1 for c in cards if wild[c])


def hand_points(rules: Rules, cards: Iterable[int]) -> int:
    """What these cards would cost if the hand ended now (C-SCORE-6, O-B3-HAND)."""
    cost = rules.hand_cost
    return sum(cost[c] for c in cards)


def side_melds(view: PlayerView, side: int | None = None) -> tuple[TableMeld, ...]:
    return view.melds[view.side if side is None else side]


def melds_by_key(melds: Sequence[TableMeld], rules: Rules) -> dict[int, TableMeld]:
    """The meld a card of each rank would join (the open one when a rank has two); none that
    takes no more cards (a finished book, HF-9; a meld at CUB-4's or MAC-15's most cards:
    ``handfoot.takes_no_more``)."""
    out: dict[int, TableMeld] = {}
    for meld in melds:
        if takes_no_more(rules, meld):
            continue
        current = out.get(meld.key)
        if current is None or (current.is_canasta and not meld.is_canasta):
            out[meld.key] = meld
    return out


def canasta_count(melds: Sequence[TableMeld]) -> int:
    return sum(1 for m in melds if m.is_canasta and not m.is_black_threes)


def table_points(rules: Rules, melds: Sequence[TableMeld]) -> int:
    """Card values on the table plus canasta bonuses: what a side banks if the hand ends.

    Each canasta earns what the engine says its kind earns (a samba 1500, a bolivia 2500).
    A side's melds tuple is kept here (``_POINTS``): it stays the same object from turn to
    turn until the side melds, and Hard's playouts ask Medium to read the race (every side's
    table) at every draw; a tuple held there cannot change nor be freed, so its id is the
    same melds."""
    if type(melds) is tuple:
        kept = _POINTS.get(id(melds))
        if kept is not None and kept[0] is rules:
            return kept[2]
    total = 0
    for meld in melds:
        total += sum(VALUE_OF[c] for c in meld.cards) + meld_facts(rules, meld).bonus
    if type(melds) is tuple:
        if len(_POINTS) >= _POINTS_KEPT:
            _POINTS.clear()  # (the melds of tables long gone)
        _POINTS[id(melds)] = (rules, melds, total)
    return total


_POINTS: dict[int, tuple[Rules, Sequence[TableMeld], int]] = {}
_POINTS_KEPT = 4096


def move_cards(move: Action) -> tuple[int, ...]:
    """The hand cards an action puts on the table or the pile."""
    if isinstance(move, Meld):
        return tuple(move.cards())
    if isinstance(move, TakePile):
        return (*move.cards, *(c for m in move.melds for c in m))
    if isinstance(move, Discard):
        return (move.card,)
    return ()


def hand_after(hand: Sequence[int], move: Action) -> tuple[int, ...]:
    """The hand once ``move``'s own cards have left it (pile cards not added)."""
    used = set(move_cards(move))
    return tuple(c for c in hand if c not in used)


def meld_goes_out(view: PlayerView, move: Meld) -> bool:
    """A meld action that empties the hand ends the hand (C-OUT-2)."""
    return len(hand_after(view.hand, move)) == 0


def discard_goes_out(view: PlayerView, move: Discard) -> bool:
    return len(view.hand) == 1


def goes_out(view: PlayerView, move: Action) -> bool:
    if isinstance(move, Meld):
        return meld_goes_out(view, move)
    if isinstance(move, Discard):
        return discard_goes_out(view, move)
    return False


def wilds_in(rules: Rules, move: Action) -> int:
    return wild_count(rules, move_cards(move))


def meld_points(move: Action) -> int:
    return sum(VALUE_OF[c] for c in move_cards(move))


def completes_canastas(view: PlayerView, move: Meld) -> tuple[int, int]:
    """(canastas this meld action completes, how many of them stay natural)."""
    by_mid = {m.mid: m for m in side_melds(view)}
    full = view.rules.canasta_size
    wild, stops = view.rules.wild, view.rules.stops
    made = natural = 0
    for mid, cards in move.add:
        meld = by_mid.get(mid)
        if meld is None or meld.is_canasta:
            continue
        if meld.size + len(cards) >= full:
            made += 1
            if meld.is_natural and not any(wild[c] for c in cards):
                natural += 1
    for cards in move.new:
        if len(cards) >= full and not stops[cards[0]]:  # black threes: no canasta (C-B3-1)
            made += 1
            if not any(wild[c] for c in cards):
                natural += 1
    return made, natural


def wilds_on_small_melds(view: PlayerView, move: Meld) -> int:
    """Wild cards that land in melds still far from a canasta (under five cards after)."""
    by_mid = {m.mid: m for m in side_melds(view)}
    wasted = 0
    for mid, cards in move.add:
        meld = by_mid.get(mid)
        wilds = wild_count(view.rules, cards)
        if meld is not None and wilds and meld.size + len(cards) < 5:
            wasted += wilds
    for cards in move.new:
        wilds = wild_count(view.rules, cards)
        if wilds and len(cards) < 5:
            # a new meld needs one wild card when it has two naturals; more is waste
            naturals = len(cards) - wilds
            wasted += wilds if naturals >= 3 else max(0, wilds - 1)
    return wasted
