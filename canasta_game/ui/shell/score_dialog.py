"""The end-of-hand dialog: the engine's score lines for every side and the running totals.

Every number comes from ``HandScore`` as the engine computed it; the dialog only lays the
lines out (one row per kind of line, one column per side) and names them with ``_()`` of the
engine's line texts, so the player can check each point against the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame
from pygame_gui.elements import UIPanel

from canasta_game.controller.session import Session
from canasta_game.engine.scoring import LINE_TEXT, HandScore
from canasta_game.i18n import _, format_number
from canasta_game.ui.score_lines import score_line_label
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.gui_scene import GuiScene, centred
from canasta_game.ui.shell.names import how_it_ended, side_members, side_name
from canasta_game.ui.shell.theme import (
    BUTTON_HEIGHT,
    LABEL_FONT_PX,
    SUBHEADING_FONT_PX,
    display_font,
    side_class,
)

LABEL_PAD = 12  # between a line's name and the first column
MIN_COLUMN = 150  # a side's figures, e.g. "(13) -1,250", and its name


def total_names() -> tuple[str, str, str]:
    """The totals' rows: this hand's, the totals before it, the match's."""
    return _("This hand"), _("Before this hand"), _("Match total")


def line_keys(score: HandScore) -> list[str]:
    """The kinds of line any side scored, in the engine's order."""
    used = {line.key for side in score.sides for line in side.lines}
    return [key for key in LINE_TEXT if key in used]


def cell_text(score: HandScore, side: int, key: str) -> str:
    for line in score.sides[side].lines:
        if line.key == key:
            if line.count > 1:
                return _("({count})  {points}").format(
                    count=line.count, points=format_number(line.points)
                )
            return format_number(line.points)
    return "–"


@dataclass(frozen=True, slots=True)
class _Sheet:
    """The score sheet's grid: the line names' column, then one column per side."""

    panel: UIPanel
    label_w: int
    col_w: int
    row_h: int


class ScoreDialog(GuiScene):
    """Shown over the table when a hand ends; "Next hand" (or "Final result") continues."""

    modal = True

    def __init__(self, ctx: ShellContext, session: Session, *, auto_after: float | None = None):
        self.session = session
        self.hand_number = session.match.hands_played
        self.auto_after = auto_after
        self._done = False
        super().__init__(ctx)

    def build(self, size: tuple[int, int]) -> None:
        if not self.veiled:  # looking at the final table: only the way back is shown
            width = 280
            rect = pygame.Rect(
                (size[0] - width) // 2, size[1] - BUTTON_HEIGHT - 14, width, BUTTON_HEIGHT
            )
            self.button(_("Back to the score"), rect, lambda: self._look_at_table(False))
            return
        session = self.session
        score = session.match.history[-1].score
        keys = line_keys(score)
        sides = len(score.sides)
        labels = [score_line_label(key, session.rules) for key in keys]
        members = [side_members(session, side) for side in range(sides)]
        sheet = self._sheet(size, labels=labels, sides=sides, members=any(members))
        panel = sheet.panel
        y = 14
        heading = _("Hand {number}").format(number=self.hand_number)
        self.label(heading, pygame.Rect(0, y, panel.rect.width, 44), panel, "@heading")
        y += 44
        ending = pygame.Rect(0, y, panel.rect.width, 28)
        self.label(how_it_ended(session), ending, panel, "@centred")
        y += 40
        names = [side_name(session, side) for side in range(sides)]
        self._row(sheet, y, None, names, [side_class(side) for side in range(sides)])
        y += sheet.row_h
        if any(members):
            self._row(sheet, y, None, members, ["@muted_value"] * sides)
            y += sheet.row_h
        y += 6
        for key, label in zip(keys, labels, strict=True):
            cells = [cell_text(score, side, key) for side in range(sides)]
            self._row(sheet, y, label, cells, ["@value"] * sides)
            y += sheet.row_h
        self._totals(sheet, y + 6)
        text = _("Final result") if session.match.over else _("Next hand")
        self.button_row(
            [(_("Look at the table"), lambda: self._look_at_table(True)), (text, self._continue)],
            panel.rect.height - BUTTON_HEIGHT - 18,
            panel,
            panel.rect.width,
            button_width=240,
        )

    def _sheet(
        self, size: tuple[int, int], *, labels: list[str], sides: int, members: bool
    ) -> _Sheet:
        """The dialog's panel and grid, sized for the score lines ``labels``, the totals,
        ``sides`` columns and (``members``) a row of each side's players."""
        row_h = 30 if size[1] >= 760 else 28
        totals = total_names()
        label_w = label_width([*labels, totals[1]], [totals[0], totals[2]], sides, size[0] - 24)
        col_w = 290 if sides <= 2 else 230  # side names in a longer language
        rows = len(labels) + 4 + (1 if members else 0)
        height = 136 + rows * row_h + BUTTON_HEIGHT + 24
        box = centred(size, 56 + label_w + sides * col_w, height)
        return _Sheet(
            panel=self.panel(box),
            label_w=label_w,
            col_w=(box.width - 56 - label_w) // sides,
            row_h=row_h,
        )

    def _totals(self, sheet: _Sheet, y: int) -> None:
        """This hand's totals, the totals before it and the match's, from row ``y`` down."""
        record = self.session.match.history[-1]
        score = record.score
        before = [
            total - hand for total, hand in zip(record.totals_after, score.totals, strict=True)
        ]
        sides = len(score.sides)
        totals = total_names()
        for text, values, strong in (
            (totals[0], score.totals, True),
            (totals[1], before, False),
            (totals[2], record.totals_after, True),
        ):
            cells = [format_number(value) for value in values]
            cls = "@strong_value" if strong else "@value"
            self._row(sheet, y, text, cells, [cls] * sides, strong=strong)
            y += sheet.row_h

    def _row(
        self,
        sheet: _Sheet,
        y: int,
        label: str | None,
        cells: Sequence[str],
        classes: Sequence[str | None],
        *,
        strong: bool = False,
    ) -> None:
        """One line of the sheet: its name (a sub-heading if ``strong``), then one cell per
        side in that side's column."""
        if label is not None:
            rect = pygame.Rect(28, y, sheet.label_w, sheet.row_h)
            self.label(label, rect, sheet.panel, "@subheading" if strong else None)
        for side, (text, cls) in enumerate(zip(cells, classes, strict=True)):
            x = 28 + sheet.label_w + side * sheet.col_w
            self.label(text, pygame.Rect(x, y, sheet.col_w - 16, sheet.row_h), sheet.panel, cls)

    def update(self, dt: float) -> None:
        if self.auto_after is not None and not self._done:
            self.auto_after -= dt
            if self.auto_after <= 0:
                self._continue()

    def _look_at_table(self, look: bool) -> None:
        """Put the score aside to see the last melds of the hand, and bring it back."""
        self.veiled = not look
        self.rebuild()

    def _continue(self) -> None:
        if self._done:
            return
        self._done = True
        nav = self.ctx.nav
        assert nav is not None
        if self.session.match.over:
            nav.show_match_end()
        else:
            nav.next_hand()

    def back(self) -> bool:
        if not self.veiled:
            self._look_at_table(False)  # Escape brings the score back
        return True  # Escape does not skip the score; the button does


def label_width(plain: list[str], headings: list[str], sides: int, room: int) -> int:
    """The score sheet's column of line names: 320 pixels for two sides, 240 for more, and
    wider where a name needs it (a variant's own lines, such as Hand and Foot's "Red threes
    caught in hand or foot", or a longer language), as long as each side keeps MIN_COLUMN
    of the ``room`` the window gives for its figures. ``plain`` names are in the theme's
    label font, ``headings`` in its "@subheading" one."""
    need = max(display_font(LABEL_FONT_PX, bold=False).size(text)[0] for text in plain)
    need = max([need, *(display_font(SUBHEADING_FONT_PX).size(text)[0] for text in headings)])
    return max(320 if sides <= 2 else 240, min(need + LABEL_PAD, room - 56 - sides * MIN_COLUMN))
