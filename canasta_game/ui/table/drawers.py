"""Panels the player opens over the table at any time: the move log and the score sheet.

Both are drawn straight onto the felt (no widgets), from values the scene hands over, so
they cost nothing while closed and can be opened and closed at any moment of the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from canasta_game.i18n import _
from canasta_game.ui.shell.notices import wrap
from canasta_game.ui.sides import side_colour
from canasta_game.ui.table.decor import GOLD, INK, INK_DIM
from canasta_game.ui.table.layout import TableLayout
from canasta_game.ui.table.painter import Painter
from canasta_game.ui.table.text import TextCache


def log_rect(layout: TableLayout) -> pygame.Rect:
    """The drawer at the right of the table, between the top bar and the hint line, clear
    of the right-hand player's cards and last-turn marks."""
    width = max(260, layout.size[0] // 3)
    top = layout.hud.bottom + layout.pad
    right = min(
        [layout.size[0]]
        + [s.rect.left - 3 * layout.pad for s in layout.seats.values() if s.where == "right"]
    )
    return pygame.Rect(right - width - layout.pad, top, width, layout.hint.top - top - layout.pad)


def _log_rows(text: TextCache, layout: TableLayout, lines: Sequence[str]) -> tuple[list[str], int]:
    """The log's lines wrapped to the drawer, and how many rows fit under its title."""
    rect = log_rect(layout)
    gap = layout.pad
    font = text.font(layout.fonts["label"])
    title_h = text.font(layout.fonts["hud"], bold=True).get_linesize()
    rows = [row for line in lines for row in wrap(line, font, rect.width - 2 * gap)]
    room = max(1, (rect.height - 2 * gap - title_h) // font.get_linesize())
    return rows, room


def log_scroll_limit(text: TextCache, layout: TableLayout, lines: Sequence[str]) -> int:
    """How far back the wheel can scroll the log (in rows)."""
    rows, room = _log_rows(text, layout, lines)
    return max(0, len(rows) - room)


def draw_log(
    painter: Painter,
    surface: pygame.Surface,
    layout: TableLayout,
    lines: Sequence[str],
    scroll: int,
) -> None:
    """The hand's moves, newest at the bottom; ``scroll`` rows back from the end."""
    text, px = painter.text, layout.fonts["label"]
    rect = log_rect(layout)
    surface.blit(painter.decor.panel(rect.size, alpha=236), rect)
    gap = layout.pad
    title = text.render(_("Moves this hand"), layout.fonts["hud"], GOLD, bold=True)
    surface.blit(title, (rect.left + gap, rect.top + gap // 2))
    rows, room = _log_rows(text, layout, lines)
    scroll = max(0, min(scroll, len(rows) - room))
    shown = rows[max(0, len(rows) - room - scroll) : len(rows) - scroll] or [_("No moves yet")]
    line_h = text.font(px).get_linesize()
    y = rect.top + gap + title.get_height()
    for index, row in enumerate(shown):
        newest = scroll == 0 and index == len(shown) - 1 and bool(rows)
        surface.blit(text.render(row, px, INK if newest else INK_DIM), (rect.left + gap, y))
        y += line_h


@dataclass(frozen=True, slots=True)
class SheetColumn:
    """One side on the score sheet: its name, this hand's melds, and hand by hand."""

    name: str
    side: int
    melded_now: int
    match_now: int  # the match score before this hand
    hands: tuple[tuple[tuple[str, str], ...], ...]  # per hand: (line label, points) ...
    totals: tuple[int, ...]  # running total after each hand


def draw_sheet(
    painter: Painter,
    surface: pygame.Surface,
    layout: TableLayout,
    columns: Sequence[SheetColumn],
) -> None:
    """The score sheet: this hand's melded points, then every hand's lines and running totals."""
    text, px = painter.text, layout.fonts["label"]
    width, height = layout.size
    gap = layout.pad
    label_w = max(160, width // 5)
    col_w = min(220, (width - 6 * gap - label_w) // max(1, len(columns)))
    panel_w = label_w + col_w * len(columns) + 3 * gap
    rows = _sheet_rows(columns)
    line_h = text.font(px).get_linesize()
    title = text.render(_("Score sheet"), layout.fonts["title"], GOLD, bold=True)
    panel_h = min(height - 2 * gap, title.get_height() + (len(rows) + 2) * line_h + 4 * gap)
    rect = pygame.Rect(0, 0, panel_w, panel_h)
    rect.center = (width // 2, height // 2)
    surface.blit(painter.decor.panel(rect.size, alpha=242), rect)
    surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + gap)))
    y = rect.top + 2 * gap + title.get_height()
    x0 = rect.left + gap + label_w
    for index, column in enumerate(columns):
        name = text.fit(column.name, px, side_colour(column.side), col_w - gap, bold=True)
        surface.blit(name, name.get_rect(topright=(x0 + (index + 1) * col_w - gap, y)))
    y += line_h
    for label, values, strong in rows:
        if y + line_h > rect.bottom - gap:
            break  # the oldest hands stay on the match sheet at the end
        colour = GOLD if strong else INK
        head = text.fit(label, px, colour, label_w - gap, bold=strong)
        surface.blit(head, (rect.left + gap, y))
        for index, value in enumerate(values):
            cell = text.render(value, px, colour, bold=strong)
            surface.blit(cell, cell.get_rect(topright=(x0 + (index + 1) * col_w - gap, y)))
        y += line_h


def _sheet_rows(columns: Sequence[SheetColumn]) -> list[tuple[str, list[str], bool]]:
    rows: list[tuple[str, list[str], bool]] = [
        (_("Melded this hand so far"), [str(c.melded_now) for c in columns], True),
        (_("Match score"), [str(c.match_now) for c in columns], True),
    ]
    hands = len(columns[0].hands) if columns else 0
    for number in range(hands):
        rows.append((_("Hand {number}").format(number=number + 1), ["" for _c in columns], True))
        labels = [label for label, _points in columns[0].hands[number]]
        for line, label in enumerate(labels):
            rows.append((label, [c.hands[number][line][1] for c in columns], False))
        rows.append((_("Running total"), [str(c.totals[number]) for c in columns], True))
    return rows
