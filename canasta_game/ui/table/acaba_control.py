"""British Canasta's Acaba at the table (BRIT-1, BRIT-2): which buttons show, and the dialogs.

The engine decides whether Acaba may be declared, or the partner asked, now: a button shows
only when ``Session.check`` (the one legality check) accepts its move. Declaring ends the
hand at once, so the table asks first and says what it costs, with the figure read from the
rules (``Rules.acaba_points``).
"""

from __future__ import annotations

import pygame_gui

from canasta_game.controller.session import Session
from canasta_game.engine.actions import Acaba
from canasta_game.i18n import format_number
from canasta_game.ui.table import controls as ctl
from canasta_game.ui.table.dialogs import (
    ANSWER,
    CONFIRM_ACABA,
    GoOutQuestion,
    acaba_confirm_words,
    acaba_question_words,
)


def acaba_buttons(session: Session, me: int) -> dict[str, bool]:
    """Show "Acaba" and "Ask partner: Acaba?" exactly when the engine would accept them."""
    rules = session.rules
    if not rules.acaba or not session.human_to_act:
        return {ctl.ACABA: False, ctl.ACABA_ASK: False}
    return {
        ctl.ACABA: session.check(Acaba(me)) is None,
        ctl.ACABA_ASK: session.check(Acaba(me, ask=True)) is None,
    }


def confirm_dialog(
    manager: pygame_gui.UIManager, window: tuple[int, int], session: Session
) -> GoOutQuestion:
    """BRIT-1: "Declare Acaba?" with what it does; Yes declares it, No changes nothing."""
    points = format_number(session.rules.acaba_points)
    words = acaba_confirm_words(points)
    return GoOutQuestion(manager, window, "", words=words, purpose=CONFIRM_ACABA)


def question_dialog(
    manager: pygame_gui.UIManager, window: tuple[int, int], session: Session, asker: str
) -> GoOutQuestion:
    """BRIT-2: the partner asks whether to declare Acaba; the human's answer binds."""
    points = format_number(session.rules.acaba_points)
    words = acaba_question_words(asker, points)
    return GoOutQuestion(manager, window, asker, words=words, purpose=ANSWER)
