"""The end-of-match sheet: who won, and the score of every hand the way it was written down.

A long match can have more hands than fit, so the sheet scrolls; the totals and buttons stay
in view.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIScrollingContainer

from canasta_game.controller.session import Session
from canasta_game.i18n import _, format_number
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.gui_scene import GuiScene, centred
from canasta_game.ui.shell.names import match_result, side_members, side_name
from canasta_game.ui.shell.theme import BUTTON_HEIGHT


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
        width = 56 + hand_w + sides * col_w
        members = [side_members(session, side) for side in range(sides)]
        header = 70 + row_h * (3 if any(members) else 2)
        footer = row_h + BUTTON_HEIGHT + 40
        height = header + len(match.history) * row_h + 10 + footer
        box = centred(size, width, height)
        panel = self.panel(box)
        y = 14
        self.label(match_result(session), pygame.Rect(0, y, box.width, 44), panel, "@heading")
        y += 56
        col_w = (box.width - 56 - hand_w) // sides
        x0 = 28 + hand_w
        self.label(_("Hand"), pygame.Rect(28, y, hand_w, row_h), panel, "@subheading")
        for side in range(sides):
            self.label(
                side_name(session, side),
                pygame.Rect(x0 + side * col_w, y, col_w - 10, row_h),
                panel,
                "@side",
            )
        y += row_h
        if any(members):
            for side in range(sides):
                self.label(
                    members[side],
                    pygame.Rect(x0 + side * col_w, y, col_w - 10, row_h),
                    panel,
                    "@muted_value",
                )
            y += row_h
        for side in range(sides):
            half = (col_w - 10) // 2
            self.label(
                _("hand"), pygame.Rect(x0 + side * col_w, y, half, row_h), panel, "@muted_value"
            )
            self.label(
                _("total"),
                pygame.Rect(x0 + side * col_w + half, y, half, row_h),
                panel,
                "@muted_value",
            )
        y += row_h
        sheet_h = box.height - y - footer
        sheet = UIScrollingContainer(
            pygame.Rect(0, y, box.width - 8, sheet_h),
            manager=self.ctx.ui_manager,
            container=panel,
            allow_scroll_x=False,
        )
        for index, record in enumerate(match.history):
            ry = index * row_h
            self.label(str(index + 1), pygame.Rect(28, ry, hand_w, row_h), sheet)
            for side in range(sides):
                half = (col_w - 10) // 2
                self.label(
                    format_number(record.score.totals[side]),
                    pygame.Rect(x0 + side * col_w, ry, half, row_h),
                    sheet,
                    "@value",
                )
                self.label(
                    format_number(record.totals_after[side]),
                    pygame.Rect(x0 + side * col_w + half, ry, half, row_h),
                    sheet,
                    "@strong_value",
                )
        sheet.set_scrollable_area_dimensions((box.width - 30, len(match.history) * row_h))
        y = box.height - footer + 4
        self.label(_("Final score"), pygame.Rect(28, y, hand_w + 60, row_h), panel, "@subheading")
        for side in range(sides):
            half = (col_w - 10) // 2
            self.label(
                format_number(match.scores[side]),
                pygame.Rect(x0 + side * col_w + half, y, half, row_h),
                panel,
                "@strong_value",
            )
        self.button_row(
            [(_("Main menu"), nav.show_start), (_("Play again"), nav.play_again)],
            box.height - BUTTON_HEIGHT - 18,
            panel,
            box.width,
            button_width=220,
        )

    def back(self) -> bool:
        nav = self.ctx.nav
        assert nav is not None
        nav.show_start()
        return True
