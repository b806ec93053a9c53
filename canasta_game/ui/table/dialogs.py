"""The "May I go out?" question when the human's partner asks it, and the table's other
yes-or-no questions (British Acaba: the partner's "may we declare Acaba?", the human's own
"declare Acaba?" confirmation) on the same panel.

The answer binds the partner (C-OUT-6, BRIT-2), so the dialog has no close button: only Yes
or No answers it. Y and N answer from the keyboard too (handled by the scene). It sits on the
same framed card as every other dialog of the game, and its text wraps, so no translation
is cut off.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel, UITextBox

from canasta_game.i18n import _
from canasta_game.ui.frame import PANEL_SHADOW, panel_surface

ANSWER, CONFIRM_ACABA = "answer", "confirm_acaba"  # the partner's question; the own Acaba
WIDTH, HEIGHT = 700, 236  # wide enough for the question in a language 40% longer


def _go_out_words(asker: str) -> tuple[str, str, str, str]:
    """C-OUT-6: the partner's "may I go out?" and what each answer binds."""
    return (
        _("{name} asks: may I go out?").format(name=asker),
        _("Yes: your partner must go out now. No: your partner must keep a card."),
        _("Yes (Y)"),
        _("No (N)"),
    )


def acaba_question_words(asker: str, points: str) -> tuple[str, str, str, str]:
    """BRIT-2: the partner asks whether to declare Acaba; the answer binds."""
    return (
        _("{name} asks: may we declare Acaba?").format(name=asker),
        _(
            "Yes: the hand ends now, your side scores nothing and the opponents score "
            "{points}. No: your partner may not declare Acaba this turn."
        ).format(points=points),
        _("Yes (Y)"),
        _("No (N)"),
    )


def acaba_confirm_words(points: str) -> tuple[str, str, str, str]:
    """BRIT-1: what declaring Acaba does, asked before it is done (it cannot be taken back)."""
    return (
        _("Declare Acaba?"),
        _(
            "The hand ends at once: your side scores nothing for it and the opponents "
            "score {points}."
        ).format(points=points),
        _("Declare (Y)"),
        _("Cancel (N)"),
    )


class GoOutQuestion:
    def __init__(
        self,
        manager: pygame_gui.UIManager,
        window: tuple[int, int],
        asker: str,
        *,
        words: tuple[str, str, str, str] | None = None,
        purpose: str = ANSWER,
    ) -> None:
        """``words``: the heading, the note and the two buttons' labels, for a question other
        than "may I go out?" (which ``asker`` asks); ``purpose`` says what Yes does."""
        self.purpose = purpose
        heading, note, yes, no = words or _go_out_words(asker)
        width = min(WIDTH, window[0] - 40)
        rect = pygame.Rect((window[0] - width) // 2, (window[1] - HEIGHT) // 2 - 40, width, HEIGHT)
        self.panel = UIPanel(
            rect,
            starting_height=10,  # above the table's own buttons
            manager=manager,
            margins={"left": 0, "right": 0, "top": 0, "bottom": 0},
        )
        UIImage(
            pygame.Rect((0, 0), rect.size), panel_surface(rect.size), manager, container=self.panel
        )
        inner = width - 2 * (PANEL_SHADOW + 18)
        left = PANEL_SHADOW + 18
        self.question = UILabel(
            pygame.Rect(left, 12, inner, 48),
            heading,
            manager,
            container=self.panel,
            object_id=ObjectID(class_id="@heading"),
        )
        self.note = UITextBox(
            note,
            pygame.Rect(left, 62, inner, 90),
            manager,
            container=self.panel,
            object_id=ObjectID(class_id="@centred"),
        )
        bw = 150
        top = HEIGHT - PANEL_SHADOW - 62
        self.yes = UIButton(
            pygame.Rect(width // 2 - bw - 10, top, bw, 44),
            yes,
            manager,
            container=self.panel,
        )
        self.no = UIButton(
            pygame.Rect(width // 2 + 10, top, bw, 44), no, manager, container=self.panel
        )

    def answer_for(self, event: pygame.event.Event) -> bool | None:
        """True/False when ``event`` pressed Yes/No, else None."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        if event.ui_element is self.yes:
            return True
        if event.ui_element is self.no:
            return False
        return None

    @property
    def visible(self) -> bool:
        return bool(self.panel.visible)

    def show(self) -> None:
        self.panel.show()

    def hide(self) -> None:
        self.panel.hide()

    def kill(self) -> None:
        self.panel.kill()
