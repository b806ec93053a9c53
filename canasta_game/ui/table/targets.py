"""Drop targets on screen: where a ``Target`` is, and which ``Target`` lies under a point.

The controller says which targets are legal; this module only knows their rectangles, from
the layout and the current plan. The target under the pointer is found whether or not it
is legal, so that an illegal drop can be answered with the engine's reason.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from canasta_game.controller.gestures import Target
from canasta_game.ui.table.layout import TABLE, TableLayout
from canasta_game.ui.table.placement import TablePlan


def pile_rect(layout: TableLayout) -> pygame.Rect:
    """The pile's place, wide enough for a card lying crosswise."""
    table_w, table_h = layout.card(TABLE)
    return layout.pile.inflate(max(8, table_h - table_w), 8)


def stock_rect(layout: TableLayout) -> pygame.Rect:
    return layout.stock.inflate(8, 8)


def target_rects(
    targets: Iterable[Target], layout: TableLayout, plan: TablePlan, side: int, source: str | None
) -> list[tuple[Target, pygame.Rect]]:
    """Rectangles to glow for ``targets``; the whole meld area last, so melds show over it."""
    out: list[tuple[Target, pygame.Rect]] = []
    area = layout.areas[side].rect
    for target in targets:
        if target.kind == "pile":
            out.append((target, pile_rect(layout)))
        elif target.kind == "stock":
            out.append((target, stock_rect(layout)))
        elif target.kind == "hand":
            if source != "hand":  # rearranging one's own hand needs no glow
                out.append((target, layout.hand))
        elif target.kind in ("table", "staging"):
            out.append((target, area))
        elif target.kind == "meld":
            for spot in plan.melds:
                if spot.side == side and spot.mid == target.mid:
                    out.append((target, spot.column))
    out.sort(key=lambda item: item[0].kind not in ("table", "staging"))
    return out


def target_at(
    pos: tuple[int, int], layout: TableLayout, plan: TablePlan, side: int
) -> Target | None:
    """The drop target under ``pos``, legal or not; None over the felt or a seat."""
    if pile_rect(layout).collidepoint(pos):
        return Target("pile")
    if stock_rect(layout).collidepoint(pos):
        return Target("stock")
    for spot in plan.melds:
        if spot.side == side and spot.column.collidepoint(pos):
            return Target("meld", spot.mid)
    for spot in plan.melds:  # an opponent's meld: the engine answers why not (issue 15, 4)
        if spot.column.collidepoint(pos):
            return Target("meld", spot.mid)
    if layout.hand.collidepoint(pos) or layout.hint.collidepoint(pos):
        return Target("hand")
    if layout.areas[side].rect.collidepoint(pos):
        return Target("table")
    return None
