"""The Statistics screen: matches and hands won, best and average score, per game kind.

Statistics are kept per difficulty and player count (a win against Easy opponents says
little about Hard ones), so each such pair is one row. Every column names what it counts
("Hands won", "Times you went out": your partner going out is not counted there), and its
heading wraps onto as many lines as a language needs. A statistics file that could not be
read is explained above the table, in the words persistence chose.
"""

from __future__ import annotations

from html import escape

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIPanel, UIScrollingContainer, UITextBox

from canasta_game.i18n import _, format_number, ngettext
from canasta_game.persistence import Tally, load_statistics
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.gui_scene import GuiScene, centred
from canasta_game.ui.shell.match_setup import difficulty_label
from canasta_game.ui.shell.theme import BUTTON_HEIGHT

ROW_H = 30


def percent(part: int, whole: int) -> str:
    return "–" if whole == 0 else _("{percent} %").format(percent=round(100 * part / whole))


def columns() -> list[str]:
    """The headings, in the order of ``cells``; each says what its column counts."""
    return [
        _("Matches played"),
        _("Matches won"),
        _("Hands played"),
        _("Hands won"),
        _("Best match score"),
        _("Average match score"),
        _("Canastas of your side"),
        _("Times you went out"),
    ]


def cells(tally: Tally) -> list[str]:
    average = tally.average_match_score
    return [
        format_number(tally.matches_played),
        percent(tally.matches_won, tally.matches_played),
        format_number(tally.hands_played),
        percent(tally.hands_won, tally.hands_played),
        "–" if tally.best_match_score is None else format_number(tally.best_match_score),
        "–" if average is None else format_number(round(average)),
        format_number(tally.canastas_made),
        format_number(tally.times_went_out),
    ]


class StatisticsScreen(GuiScene):
    def __init__(self, ctx: ShellContext) -> None:
        self.loaded = load_statistics(ctx.dirs)
        super().__init__(ctx)

    def build(self, size: tuple[int, int]) -> None:
        box = centred(size, 980, 560)
        panel = self.panel(box)
        self.label(_("Statistics"), pygame.Rect(0, 16, box.width, 44), panel, "@heading")
        y = 72
        if self.loaded.problem is not None:
            self.text_box(
                escape(self.loaded.problem.message), pygame.Rect(24, y, box.width - 48, 84), panel
            )
            y += 90
        tallies = sorted(
            self.loaded.statistics.tallies.items(),
            key=lambda item: (item[0][1], ("easy", "medium", "hard").index(item[0][0])),
        )
        if not tallies:
            self.label(
                _("No hands finished yet. Statistics appear after your first hand."),
                pygame.Rect(0, y + 40, box.width, 30),
                panel,
                "@centred",
            )
        else:
            col_w = (box.width - 48) // len(columns())
            y = self._headings(panel, y, col_w)
            height = box.height - y - BUTTON_HEIGHT - 40
            sheet = UIScrollingContainer(
                pygame.Rect(0, y, box.width - 8, height),
                manager=self.ctx.ui_manager,
                container=panel,
                allow_scroll_x=False,
            )
            self._rows(sheet, tallies, col_w)
            sheet.set_scrollable_area_dimensions((box.width - 30, len(tallies) * 2 * ROW_H))
        self.button_row(
            [(_("Back"), self._back)], box.height - BUTTON_HEIGHT - 20, panel, box.width
        )

    def _headings(self, panel: UIPanel, y: int, col_w: int) -> int:
        """The column headings, each as tall as its wrapped text needs; the y below them."""
        headings = []
        for index, title in enumerate(columns()):
            heading = UITextBox(
                escape(title),
                pygame.Rect(24 + index * col_w, y, col_w - 6, -1),  # -1: as tall as the text
                manager=self.ctx.ui_manager,
                container=panel,
                object_id=ObjectID(class_id="@column_heading"),
            )
            self._track(heading, panel)
            headings.append(heading)
        return y + max(h.rect.height for h in headings) + 4

    def _rows(
        self, sheet: UIScrollingContainer, tallies: list[tuple[tuple[str, int], Tally]], col_w: int
    ) -> None:
        """Per game kind its name on a line of its own, then its numbers under the headings
        (the name's own column would leave the eight columns too narrow at 1024 wide)."""
        for row, ((difficulty, players), tally) in enumerate(tallies):
            ry = row * 2 * ROW_H
            name = ngettext(
                "{players} player, {level}", "{players} players, {level}", players
            ).format(players=players, level=difficulty_label(difficulty))
            self.label(name, pygame.Rect(24, ry, sheet.rect.width - 48, ROW_H), sheet, "@muted")
            for index, text in enumerate(cells(tally)):
                rect = pygame.Rect(24 + index * col_w, ry + ROW_H - 4, col_w - 6, ROW_H)
                self.label(text, rect, sheet, "@value")

    def _back(self) -> None:
        nav = self.ctx.nav
        assert nav is not None
        nav.back()

    def back(self) -> bool:
        self._back()
        return True
