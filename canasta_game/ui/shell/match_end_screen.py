"""The end-of-match sheet: who won, and the score of every hand the way it was written down.

A long match can have more hands than fit, so the sheet scrolls; the totals and buttons stay
in view.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame_gui.elements import UIScrollingContainer

from canasta_game.controller.session import Session
from canasta_game.i18n import _, format_number
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.gui_scene import GuiScene, centred
from canasta_game.ui.shell.names import match_result, side_members, side_name
from canasta_game.ui.shell.theme import BUTTON_HEIGHT


@dataclass(frozen=True, slots=True)
class _Columns:
    """The sheet's grid: the hands' numbers, then per side a column split into the hand's
    score and the total after it."""

    hand_w: int
    col_w: int
    row_h: int

    def cell(self, side: int, y: int, part: str = "whole") -> pygame.Rect:
        """``side``'s cell in the row at ``y``: all of its column, or its "hand" or "total"
        half."""
        x = 28 + self.hand_w + side * self.col_w
        width = self.col_w - 10
        if part == "whole":
            return pygame.Rect(x, y, width, self.row_h)
        half = width // 2
        return pygame.Rect(x + (half if part == "total" else 0), y, half, self.row_h)


class MatchEndScreen(GuiScene):
    """Winner, hand-by-hand sheet, final totals; Play again or back to the start screen."""

    modal = True

    def __init__(self, ctx: ShellContext, session: Session) -> None:
        self.session = session
        super().__init__(ctx)

    def build(self, size: tuple[int, int]) -> None:
        nav = self.ctx.nav
        assert nav is not None
        session = self.session
        match = session.match
        sides = session.rules.sides
        row_h = 28
        hand_w = 90
        col_w = 220 if sides <= 2 else 200
        members = [side_members(session, side) for side in range(sides)]
        header = 70 + row_h * (3 if any(members) else 2)
        footer = row_h + BUTTON_HEIGHT + 40
        height = header + len(match.history) * row_h + 10 + footer
        box = centred(size, 56 + hand_w + sides * col_w, height)
        panel = self.panel(box)
        cols = _Columns(hand_w=hand_w, col_w=(box.width - 56 - hand_w) // sides, row_h=row_h)
        y = 14
        self.label(match_result(session), pygame.Rect(0, y, box.width, 44), panel, "@heading")
        y += 56
        self.label(_("Hand"), pygame.Rect(28, y, hand_w, row_h), panel, "@subheading")
        for side in range(sides):
            self.label(side_name(session, side), cols.cell(side, y), panel, "@side")
        y += row_h
        if any(members):
            for side in range(sides):
                self.label(members[side], cols.cell(side, y), panel, "@muted_value")
            y += row_h
        for side in range(sides):
            self.label(_("hand"), cols.cell(side, y, "hand"), panel, "@muted_value")
            self.label(_("total"), cols.cell(side, y, "total"), panel, "@muted_value")
        y += row_h
        sheet = UIScrollingContainer(
            pygame.Rect(0, y, box.width - 8, box.height - y - footer),
            manager=self.ctx.ui_manager,
            container=panel,
            allow_scroll_x=False,
        )
        self._hands(sheet, cols)
        sheet.set_scrollable_area_dimensions((box.width - 30, len(match.history) * row_h))
        y = box.height - footer + 4
        room = cols.cell(0, y, "total").left - 28  # (the row has no "hand" figures)
        self.label(_("Final score"), pygame.Rect(28, y, room, row_h), panel, "@subheading")
        for side in range(sides):
            score = format_number(match.scores[side])
            self.label(score, cols.cell(side, y, "total"), panel, "@strong_value")
        self.button_row(
            [(_("Main menu"), nav.show_start), (_("Play again"), nav.play_again)],
            box.height - BUTTON_HEIGHT - 18,
            panel,
            box.width,
            button_width=220,
        )

    def _hands(self, sheet: UIScrollingContainer, cols: _Columns) -> None:
        """One row per hand played: each side's score for the hand and its total after it."""
        for index, record in enumerate(self.session.match.history):
            y = index * cols.row_h
            self.label(str(index + 1), pygame.Rect(28, y, cols.hand_w, cols.row_h), sheet)
            for side, total in enumerate(record.score.totals):
                self.label(format_number(total), cols.cell(side, y, "hand"), sheet, "@value")
                after = format_number(record.totals_after[side])
                self.label(after, cols.cell(side, y, "total"), sheet, "@strong_value")

    def back(self) -> bool:
        nav = self.ctx.nav
        assert nav is not None
        nav.show_start()
        return True
