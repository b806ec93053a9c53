"""The guide of the first hand: the current step's words over the table, and a way out.

It reads the step from ``controller.tutorial`` after every change; the player does every
move with the table's real gestures. "Leave the guided hand" is always there.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from canasta_game.controller.session import Session
from canasta_game.controller.tutorial import current_step, steps
from canasta_game.i18n import _
from canasta_game.ui.fonts import game_font
from canasta_game.ui.shell.notices import wrap
from canasta_game.ui.table.decor import GOLD, INK
from canasta_game.ui.table.layout import TableLayout
from canasta_game.ui.table.painter import Painter


class Coach:
    def __init__(
        self, manager: pygame_gui.UIManager, session: Session, on_leave: Callable[[], None]
    ) -> None:
        self.manager = manager
        self.session = session
        self.on_leave = on_leave
        self.steps = steps()
        self.button: UIButton | None = None
        self._rect = pygame.Rect(0, 0, 0, 0)

    @property
    def step(self) -> int:
        return current_step(self.session, self.steps)

    @property
    def hint(self) -> str:
        """The hint line the current step asks for, or "" for the table's own."""
        return self.steps[self.step].hint

    def build(self, layout: TableLayout) -> None:
        """The panel sits over the opponents' half of the table, the button in its corner."""
        self.kill()
        area = next(a.rect for a in layout.areas.values() if not a.mine)
        self._rect = area.inflate(-2 * layout.pad, -2 * layout.pad)
        label = _("Leave the guided hand")
        width = game_font(14, bold=False).size(label)[0] + 4 * layout.pad
        rect = pygame.Rect(0, 0, width, 32)
        rect.bottomright = (self._rect.right - layout.pad, self._rect.bottom - layout.pad)
        self.button = UIButton(rect, label, self.manager)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            self.on_leave()
            return True
        return False

    def draw(self, painter: Painter, surface: pygame.Surface, layout: TableLayout) -> None:
        rect = self._rect
        surface.blit(painter.decor.panel(rect.size, alpha=238), rect)
        gap = layout.pad
        index = self.step
        title = _("First hand, guided: step {number} of {count}").format(
            number=index + 1, count=len(self.steps)
        )
        text = painter.text
        head = text.render(title, layout.fonts["label"], GOLD, bold=True)
        surface.blit(head, (rect.left + gap, rect.top + gap // 2))
        px = layout.fonts["label"]
        font = text.font(px)
        y = rect.top + gap + head.get_height()
        for line in wrap(self.steps[index].text, font, rect.width - 2 * gap):
            surface.blit(text.render(line, px, INK), (rect.left + gap, y))
            y += font.get_linesize()

    def set_visible(self, visible: bool) -> None:
        if self.button is not None:
            if visible:
                self.button.show()
            else:
                self.button.hide()

    def kill(self) -> None:
        if self.button is not None:
            self.button.kill()
            self.button = None
