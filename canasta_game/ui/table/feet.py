"""HF-3, HF-8: each player's foot, a face-down packet beside the hand until it is picked up.

The view gives only how many cards each foot holds (``PlayerView.foot_sizes``: nobody, its
owner neither, sees them before they become the hand). The packet's place comes from the
layout alone, so the cards of a foot just picked up can still fly from where it lay.
"""

from __future__ import annotations

import pygame

from canasta_game.ui.table.layout import HAND, MINI, STOCK_EDGE, TABLE, TableLayout

#: Half the width of a top seat's fan of 13 backs (cards 0.4 of a card apart), in cards.
FAN_HALF = 2.9


def foot_rect(layout: TableLayout, seat: int, me: int) -> pygame.Rect:
    """Where ``seat``'s foot lies: at the left end of the human's hand, at the far end of a
    side seat's column (lying sideways, as that fan does), at the right of a top seat's fan."""
    pad = layout.pad
    if seat == me:
        w, h = layout.card(TABLE)
        hand = layout.hand
        centre_y = hand.bottom - pad - layout.card(HAND)[1] / 2
        return pygame.Rect(hand.left + pad + STOCK_EDGE, round(centre_y - h / 2), w, h)
    w, h = layout.card(MINI)
    spot = layout.seats[seat].rect
    if layout.seats[seat].vertical:
        return pygame.Rect(spot.centerx - h // 2, spot.bottom - pad - w, h, w)
    beside = spot.centerx + round(FAN_HALF * w) + pad  # just past a dealt hand's fan
    return pygame.Rect(min(beside, spot.right - pad - w), spot.top + pad // 2, w, h)


def foot_room(layout: TableLayout, seat: int, me: int) -> int:
    """How much of the fan's length the foot's packet takes, with its margin (a top seat's
    fan stays centred under its name and keeps clear of the packet on both ends)."""
    rect = foot_rect(layout, seat, me)
    if seat == me:
        return rect.width + 2 * layout.pad + STOCK_EDGE
    spot = layout.seats[seat]
    if spot.vertical:
        return rect.height + 2 * layout.pad
    return spot.rect.width - 2 * (rect.left - layout.pad - spot.rect.centerx)
