"""The Statistics screen: matches and hands won, best and average score, per game kind.

Statistics are kept per difficulty and player count (a win against Easy opponents says
little about Hard ones), so each such pair is one row. A statistics file that could not be
read is explained above the table, in the words persistence chose.
"""

from __future__ import annotations

from html import escape

import pygame
from pygame_gui.elements import UIScrollingContainer

from canasta_game.i18n import _, format_number, ngettext, pgettext
from canasta_game.persistence import Tally, load_statistics
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.gui_scene import GuiScene, centred
from canasta_game.ui.shell.match_setup import difficulty_label
from canasta_game.ui.shell.theme import BUTTON_HEIGHT


def percent(part: int, whole: int) -> str:
    return "–" if whole == 0 else _("{percent} %").format(percent=round(100 * part / whole))


def columns() -> list[str]:
    return [
        _("Matches"),
        pgettext("matches", "Won"),
        _("Hands"),
        pgettext("hands", "Won"),
        _("Best"),
        _("Average"),
        _("Canastas"),
        _("Went out"),
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
        name_w = 200
        col_w = (box.width - 48 - name_w) // len(columns())
        row_h = 30
        if not tallies:
            self.label(
                _("No hands finished yet. Statistics appear after your first hand."),
                pygame.Rect(0, y + 40, box.width, 30),
                panel,
                "@centred",
            )
        else:
            self.label(_("Game"), pygame.Rect(24, y, name_w, row_h), panel, "@subheading")
            for index, title in enumerate(columns()):
                self.label(
                    title,
                    pygame.Rect(24 + name_w + index * col_w, y, col_w - 6, row_h),
                    panel,
                    "@value",
                )
            y += row_h + 4
            height = box.height - y - BUTTON_HEIGHT - 40
            sheet = UIScrollingContainer(
                pygame.Rect(0, y, box.width - 8, height),
                manager=self.ctx.ui_manager,
                container=panel,
                allow_scroll_x=False,
            )
            for row, ((difficulty, players), tally) in enumerate(tallies):
                ry = row * row_h
                name = ngettext(
                    "{players} player, {level}", "{players} players, {level}", players
                ).format(players=players, level=difficulty_label(difficulty))
                self.label(name, pygame.Rect(24, ry, name_w, row_h), sheet)
                for index, text in enumerate(cells(tally)):
                    self.label(
                        text,
                        pygame.Rect(24 + name_w + index * col_w, ry, col_w - 6, row_h),
                        sheet,
                        "@value",
                    )
            sheet.set_scrollable_area_dimensions((box.width - 30, len(tallies) * row_h))
        self.button_row(
            [(_("Back"), self._back)], box.height - BUTTON_HEIGHT - 20, panel, box.width
        )

    def _back(self) -> None:
        nav = self.ctx.nav
        assert nav is not None
        nav.back()

    def back(self) -> bool:
        self._back()
        return True
