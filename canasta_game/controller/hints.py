"""The line that tells the player what is happening and what they may do now."""

from __future__ import annotations

from canasta_game.controller.session import Session
from canasta_game.engine.state import Phase, Question
from canasta_game.i18n import N_, _

# clockwise from the human: left, across, right
_FOUR = (N_("You"), N_("West"), N_("North"), N_("East"))


def seat_name(session: Session, seat: int) -> str:
    """A seat as the human sees it: You, West (on your left), North (partner), East."""
    me = session.human_seat if session.human_seat is not None else 0
    players = session.rules.players
    relative = (seat - me) % players
    if players == 4:
        return _(_FOUR[relative])
    if relative == 0:
        return _("You")
    if players == 2:
        return _("Opponent")
    if players == 3:
        return _("Left") if relative == 1 else _("Right")
    return _("Player {number}").format(number=relative + 1)


def hint(session: Session) -> str:
    state = session.state
    if state.phase is Phase.OVER:
        return _("The hand is over")
    actor = state.actor
    if actor != session.human_seat:
        if state.phase is Phase.ANSWER:
            return _("{name} is deciding whether to let {asker} go out").format(
                name=seat_name(session, actor), asker=seat_name(session, state.current)
            )
        return _("{name} is playing").format(name=seat_name(session, actor))
    if state.phase is Phase.ANSWER:
        return _("{name} asks: may I go out?").format(name=seat_name(session, state.current))
    if state.phase is Phase.DRAW:
        if not state.stock:
            return _("The stock is empty: take the pile")
        return _("Draw a card or take the pile")
    if state.must_go_out:
        return _("Meld your cards and go out")
    if state.question is Question.NO:
        return _("Meld, then discard, keeping at least one card")
    return _("Meld, then discard a card")
