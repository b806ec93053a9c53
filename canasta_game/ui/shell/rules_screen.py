"""The Rules screen: the summary of Classic Canasta in a scrolling box on the felt."""

from __future__ import annotations

import pygame

from canasta_game.i18n import _
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.gui_scene import GuiScene, centred
from canasta_game.ui.shell.rules_text import rules_html
from canasta_game.ui.shell.theme import BUTTON_HEIGHT


class RulesScreen(GuiScene):
    """Read, scroll (wheel or bar), and go back with the button or Escape."""

    def __init__(self, ctx: ShellContext) -> None:
        super().__init__(ctx)

    def build(self, size: tuple[int, int]) -> None:
        box = centred(size, 860, size[1] - 60)
        panel = self.panel(box)
        self.label(
            _("Rules of Classic Canasta"), pygame.Rect(0, 16, box.width, 44), panel, "@heading"
        )
        text_rect = pygame.Rect(24, 72, box.width - 48, box.height - 72 - BUTTON_HEIGHT - 40)
        self.text_box(rules_html(), text_rect, panel)
        self.button_row(
            [(_("Back"), self._back), (_("First hand, guided"), self._tutorial)],
            box.height - BUTTON_HEIGHT - 20,
            panel,
            box.width,
        )

    def _tutorial(self) -> None:
        nav = self.ctx.nav
        assert nav is not None
        nav.start_tutorial()

    def _back(self) -> None:
        nav = self.ctx.nav
        assert nav is not None
        nav.back()

    def back(self) -> bool:
        self._back()
        return True
