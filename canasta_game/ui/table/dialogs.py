"""The "May I go out?" question when the human's partner asks it.

The answer binds the partner (C-OUT-6), so the dialog cannot be closed without answering:
its close button does nothing. Y and N answer from the keyboard too (handled by the scene).
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIWindow

from canasta_game.i18n import _


class GoOutQuestion(UIWindow):
    def __init__(self, manager: pygame_gui.UIManager, window: tuple[int, int], asker: str) -> None:
        width = min(520, window[0] - 40)
        height = 170
        rect = pygame.Rect((window[0] - width) // 2, (window[1] - height) // 2 - 40, width, height)
        super().__init__(
            rect,
            manager,
            window_display_title=_("May I go out?"),
            draggable=False,
            always_on_top=True,
        )
        if self.close_window_button is not None:
            self.close_window_button.hide()  # only Yes or No is an answer
        inner = self.get_container().get_rect()
        question = _("{name} asks: may I go out?").format(name=asker)
        UILabel(pygame.Rect(10, 10, inner.width - 20, 30), question, manager, container=self)
        note = _("Yes: your partner must go out now. No: your partner must keep a card.")
        UILabel(pygame.Rect(10, 40, inner.width - 20, 26), note, manager, container=self)
        bw = 130
        self.yes = UIButton(
            pygame.Rect(inner.width // 2 - bw - 10, 78, bw, 36),
            _("Yes (Y)"),
            manager,
            container=self,
        )
        self.no = UIButton(
            pygame.Rect(inner.width // 2 + 10, 78, bw, 36), _("No (N)"), manager, container=self
        )

    def on_close_window_button_pressed(self) -> None:
        """The partner is waiting for a binding answer: closing is not an answer."""

    def answer_for(self, event: pygame.event.Event) -> bool | None:
        """True/False when ``event`` pressed Yes/No, else None."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        if event.ui_element is self.yes:
            return True
        if event.ui_element is self.no:
            return False
        return None
