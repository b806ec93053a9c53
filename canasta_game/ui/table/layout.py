"""Where everything on the table goes, computed from the window size alone.

One pure function turns (window size, seats, sides) into rectangles and card sizes, so a
resize is "compute a new layout and re-make the card art at its sizes"; nothing else in the
table keeps pixel numbers of its own. Sizes are tuned at 1280x800 and scale with the
smaller of the two window ratios, so the table stays readable down to 1024x640.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from canasta_game.engine.rules import Rules

BASE_SIZE = (1280, 800)
CARD_ASPECT = 5 / 7  # width / height of a playing card
HAND, TABLE, MINI = "hand", "table", "mini"
STOCK_LAYERS, STOCK_STEP = 4, 2  # the stock shows up to 4 backs, each 2 px up and left
STOCK_EDGE = (STOCK_LAYERS - 1) * STOCK_STEP  # how far they reach past the stock's rectangle

# Where the other seats sit, by player count, for relative seats 1..n-1 (clockwise from the
# human, who is always at the bottom: the next seat clockwise is on the left).
SPOTS: dict[int, tuple[str, ...]] = {
    2: ("top",),
    3: ("left", "right"),
    4: ("left", "top", "right"),
    5: ("left", "top-left", "top-right", "right"),
    6: ("left", "top-left", "top", "top-right", "right"),
}
_TOP_X = {"top-left": 0.22, "top": 0.5, "top-right": 0.78}


@dataclass(frozen=True, slots=True)
class SeatSpot:
    """Another player's place: the rectangle their backs fan in, and how they fan."""

    seat: int
    relative: int
    where: str  # "left", "right", "top", "top-left", "top-right"
    rect: pygame.Rect

    @property
    def vertical(self) -> bool:
        return self.where in ("left", "right")


@dataclass(frozen=True, slots=True)
class SideArea:
    """The part of the felt where one side's melds and red threes lie."""

    side: int
    rect: pygame.Rect
    card: str  # size class of the meld cards: TABLE, or MINI where several sides share a band
    mine: bool


@dataclass(frozen=True, slots=True)
class TableLayout:
    size: tuple[int, int]
    scale: float
    pad: int
    cards: dict[str, tuple[int, int]]
    hud: pygame.Rect
    hint: pygame.Rect  # the strip above the hand: what to do now, and the buttons
    hand: pygame.Rect
    deck: pygame.Rect  # stock and pile, with their labels
    stock: pygame.Rect
    pile: pygame.Rect
    areas: dict[int, SideArea]
    seats: dict[int, SeatSpot]
    fonts: dict[str, int]  # pixel sizes: hud, label, badge, hint, toast, title

    def card(self, kind: str) -> tuple[int, int]:
        return self.cards[kind]

    @property
    def selection_raise(self) -> int:
        """How far a selected hand card stands up out of the fan."""
        return round(self.cards[HAND][1] * 0.2)


def card_size(height: int) -> tuple[int, int]:
    return max(8, round(height * CARD_ASPECT)), max(8, height)


def compute_layout(size: tuple[int, int], rules: Rules, me: int) -> TableLayout:
    """The whole table for a window of ``size`` with the human at seat ``me``."""
    width, height = max(320, size[0]), max(240, size[1])
    scale = max(0.5, min(width / BASE_SIZE[0], height / BASE_SIZE[1]))
    pad = max(4, round(10 * scale))
    hand_card = card_size(round(112 * scale))
    table_card = card_size(round(hand_card[1] * 0.75))
    mini_card = card_size(round(hand_card[1] * 0.5))
    fonts = _font_sizes(scale)
    players = rules.players
    spots = SPOTS[players]
    has_sides = "left" in spots
    has_top = any(s.startswith("top") for s in spots)

    hud = pygame.Rect(0, 0, width, max(26, round(34 * scale)))
    label_h = fonts["label"] + pad // 2
    top_h = mini_card[1] + label_h + pad if has_top else 0
    col_w = mini_card[1] + 2 * pad if has_sides else 0
    hand_h = hand_card[1] + round(hand_card[1] * 0.2) + pad + pad // 2
    hand = pygame.Rect(pad, height - hand_h, width - 2 * pad, hand_h)
    hint_h = max(26, round(34 * scale))
    hint = pygame.Rect(pad, hand.top - hint_h, width - 2 * pad, hint_h)
    middle = pygame.Rect(
        col_w, hud.bottom + top_h, width - 2 * col_w, hint.top - hud.bottom - top_h
    )

    deck, stock, pile = _deck(middle, table_card, pad=pad, badge=fonts["badge"])

    bands = pygame.Rect(deck.right, middle.top, middle.right - deck.right, middle.height)
    half = bands.height // 2
    theirs = pygame.Rect(bands.left, bands.top, bands.width - pad, half - pad // 2)
    ours = pygame.Rect(bands.left, bands.top + half + pad // 2, bands.width - pad, half - pad)

    top_strip = pygame.Rect(col_w, hud.bottom, width - 2 * col_w, top_h)
    seats = _seat_spots(spots, me=me, players=players, middle=middle, top_strip=top_strip)
    areas = _side_areas(rules, me, theirs=theirs, ours=ours, pad=pad)
    return TableLayout(
        size=(width, height),
        scale=scale,
        pad=pad,
        cards={HAND: hand_card, TABLE: table_card, MINI: mini_card},
        hud=hud,
        hint=hint,
        hand=hand,
        deck=deck,
        stock=stock,
        pile=pile,
        areas=areas,
        seats=seats,
        fonts=fonts,
    )


def _font_sizes(scale: float) -> dict[str, int]:
    """The pixel sizes of the table's fonts at ``scale``, each with a floor that keeps it
    readable in the smallest window (1024x640 and below)."""
    return {
        "hud": max(15, round(22 * scale)),
        "label": max(14, round(20 * scale)),
        "badge": max(13, round(18 * scale)),
        "hint": max(16, round(25 * scale)),
        "toast": max(16, round(26 * scale)),
        "title": max(20, round(34 * scale)),
    }


def _deck(
    middle: pygame.Rect, table_card: tuple[int, int], *, pad: int, badge: int
) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """The stock and pile column at the left of ``middle`` (its rectangle, the stock's and
    the pile's): wide enough for a pile card turned crosswise (the frozen pile's marker),
    the cards raised by half a badge line for the labels under them ("Pile 12")."""
    deck_w = 2 * table_card[0] + 4 * pad + (table_card[1] - table_card[0]) // 2
    deck = pygame.Rect(middle.left, middle.top, deck_w, middle.height)
    pile_x = deck.left + 2 * pad + table_card[0] + (table_card[1] - table_card[0]) // 4
    card_y = deck.centery - table_card[1] // 2 - badge // 2
    stock = pygame.Rect(deck.left + pad, card_y, *table_card)
    pile = pygame.Rect(pile_x + pad, card_y, *table_card)
    return deck, stock, pile


def _seat_spots(
    spots: Sequence[str], *, me: int, players: int, middle: pygame.Rect, top_strip: pygame.Rect
) -> dict[int, SeatSpot]:
    """Where each other player sits, clockwise from the human: a column at the left or
    right of ``middle``, or a share of ``top_strip``."""
    seats: dict[int, SeatSpot] = {}
    tops = [s for s in spots if s.startswith("top")]
    spot_w = top_strip.width // max(1, len(tops))
    col_w = middle.left
    for relative, where in enumerate(spots, start=1):
        seat = (me + relative) % players
        if where == "left":
            rect = pygame.Rect(0, middle.top, col_w, middle.height)
        elif where == "right":
            rect = pygame.Rect(middle.right, middle.top, col_w, middle.height)
        else:
            cx = top_strip.left + round(top_strip.width * _TOP_X[where])
            rect = pygame.Rect(cx - spot_w // 2, top_strip.top, spot_w, top_strip.height)
        seats[seat] = SeatSpot(seat, relative, where, rect)
    return seats


def _side_areas(
    rules: Rules, me: int, *, theirs: pygame.Rect, ours: pygame.Rect, pad: int
) -> dict[int, SideArea]:
    """The human's side lays its melds in ``ours``; the other sides share ``theirs``, the
    nearest (in turn order) first, in smaller cards when there are more than two."""
    my_side = rules.seat_side[me]
    others = sorted(
        (s for s in range(rules.sides) if s != my_side),
        key=lambda side: min((seat - me) % rules.players for seat in rules.side_seats[side]),
    )
    areas = {my_side: SideArea(my_side, ours, TABLE, True)}
    kind = TABLE if len(others) <= 2 else MINI  # placement shrinks them further if crowded
    if others:
        col = theirs.width // len(others)
        for index, side in enumerate(others):
            rect = pygame.Rect(theirs.left + index * col, theirs.top, col - pad // 2, theirs.height)
            areas[side] = SideArea(side, rect, kind, False)
    return areas
