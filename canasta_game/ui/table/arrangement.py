"""The human's own hand arrangement and selection: player's business, not the game's.

The engine's hand is a set; how the cards are fanned is up to the player. The hand is kept
sorted by rank (natural cards, then threes, then wild cards, each group apart) until the
player drags a card to a place of their own choosing; ``sort`` puts it back in order, and
pressing it again flips between low-to-high and high-to-low.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from canasta_game.engine.cards import sort_key

ASCENDING, DESCENDING = "ascending", "descending"


def rank_order(uid: int, mode: str) -> tuple[int, int, int]:
    group, rank, tie = sort_key(uid)
    if mode == DESCENDING:
        return group, -rank, tie
    return group, rank, tie


class HandArrangement:
    def __init__(self) -> None:
        self.order: list[int] = []
        self.mode = ASCENDING
        self.manual = False

    @property
    def sorted(self) -> bool:
        return not self.manual

    def sync(self, hand: Iterable[int]) -> list[int]:
        """Follow the engine's hand: keep the player's order, place new cards sensibly."""
        cards = set(hand)
        kept = [c for c in self.order if c in cards]
        new = [c for c in cards if c not in set(kept)]
        if self.manual:
            kept.extend(sorted(new, key=lambda c: rank_order(c, self.mode)))
            self.order = kept
        else:
            self.order = sorted(cards, key=lambda c: rank_order(c, self.mode))
        return self.order

    def sort(self) -> None:
        """Sort by rank; if already sorted, flip the direction."""
        if self.manual:
            self.manual = False
        else:
            self.mode = DESCENDING if self.mode == ASCENDING else ASCENDING
        self.order.sort(key=lambda c: rank_order(c, self.mode))

    def move(self, cards: Sequence[int], index: int) -> None:
        """Put ``cards`` (in their current order) before position ``index`` of the others."""
        moving = [c for c in self.order if c in set(cards)]
        rest = [c for c in self.order if c not in set(cards)]
        index = max(0, min(index, len(rest)))
        new_order = rest[:index] + moving + rest[index:]
        if new_order != self.order:
            self.order = new_order
            self.manual = True


class Selection:
    """Which hand cards are picked for the next meld, pile take or discard."""

    def __init__(self) -> None:
        self.cards: set[int] = set()
        self.anchor: int | None = None

    def toggle(self, uid: int) -> None:
        if uid in self.cards:
            self.cards.discard(uid)
        else:
            self.cards.add(uid)
        self.anchor = uid

    def extend_to(self, uid: int, order: Sequence[int]) -> None:
        """Shift-click: select every card from the last clicked one to this one."""
        if self.anchor is None or self.anchor not in order or uid not in order:
            self.toggle(uid)
            return
        a, b = sorted((order.index(self.anchor), order.index(uid)))
        self.cards.update(order[a : b + 1])

    def set(self, cards: Iterable[int]) -> None:
        self.cards = set(cards)

    def clear(self) -> None:
        self.cards.clear()
        self.anchor = None

    def prune(self, hand: Iterable[int]) -> None:
        self.cards &= set(hand)
        if (
            self.anchor is not None
            and self.anchor not in self.cards
            and self.anchor not in set(hand)
        ):
            self.anchor = None

    def ordered(self, order: Sequence[int]) -> tuple[int, ...]:
        return tuple(c for c in order if c in self.cards)
