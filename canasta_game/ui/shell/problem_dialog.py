"""Telling the player that the saved match could not be used, and what they can do.

The message comes from persistence (what went wrong, where the file was kept, what can be
done), so it is never a traceback; the buttons offer exactly the choices it names: the
backup when there is a good one, or a new match.
"""

from __future__ import annotations

from html import escape

import pygame

from canasta_game.i18n import _
from canasta_game.persistence import Problem
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.gui_scene import GuiScene, centred
from canasta_game.ui.shell.theme import BUTTON_HEIGHT


class ProblemDialog(GuiScene):
    modal = True

    def __init__(self, ctx: ShellContext, problem: Problem) -> None:
        self.problem = problem
        super().__init__(ctx)

    def build(self, size: tuple[int, int]) -> None:
        nav = self.ctx.nav
        assert nav is not None
        box = centred(size, 760, 340)
        panel = self.panel(box)
        self.label(
            _("The saved match could not be opened"),
            pygame.Rect(0, 16, box.width, 44),
            panel,
            "@heading",
        )
        self.text_box(
            escape(self.problem.message),
            pygame.Rect(24, 72, box.width - 48, box.height - 72 - BUTTON_HEIGHT - 40),
            panel,
        )
        items = []
        if self.problem.backup is not None:
            items.append((_("Use the backup"), nav.use_backup))
        items.append((_("New game"), self._new_game))
        items.append((_("Close"), nav.back))
        self.button_row(items, box.height - BUTTON_HEIGHT - 20, panel, box.width, button_width=200)

    def _new_game(self) -> None:
        nav = self.ctx.nav
        assert nav is not None
        nav.back()
        nav.show_new_game()

    def back(self) -> bool:
        nav = self.ctx.nav
        assert nav is not None
        nav.back()
        return True
