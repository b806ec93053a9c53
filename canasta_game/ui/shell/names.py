"""How sides are named in the score dialog and on the score sheet.

The engine numbers sides; a player thinks "us" and "them". The seat names come from the
controller's ``seat_name`` (You, West, North, East ...) so the table and the score sheet
call everybody the same.
"""

from __future__ import annotations

from canasta_game.controller.hints import seat_name
from canasta_game.controller.session import Session
from canasta_game.i18n import _
from canasta_game.ui.score_lines import special_hand_name


def _me(session: Session) -> int:
    return session.human_seat if session.human_seat is not None else 0


def side_name(session: Session, side: int) -> str:
    """ "You", "You & North", "West & East"; with five or six players "Your team", "Team 2"."""
    seats = session.rules.side_seats[side]
    me = _me(session)
    if session.rules.players > 4 and len(seats) > 1:
        if me in seats:
            return _("Your team")
        others = [s for s in range(session.rules.sides) if me not in session.rules.side_seats[s]]
        return _("Team {number}").format(number=others.index(side) + 2)
    if len(seats) == 1:
        return seat_name(session, seats[0])
    if me in seats:
        partner = next(s for s in seats if s != me)
        return _("You & {partner}").format(partner=seat_name(session, partner))
    return _("{first} & {second}").format(
        first=seat_name(session, seats[0]), second=seat_name(session, seats[1])
    )


def side_members(session: Session, side: int) -> str:
    """Who plays in a team, for the line under a "Team 2" heading ("" when the name says it)."""
    seats = session.rules.side_seats[side]
    if session.rules.players <= 4 or len(seats) == 1:
        return ""
    me = _me(session)
    ordered = sorted(seats, key=lambda s: (s - me) % session.rules.players)
    return ", ".join(seat_name(session, s) for s in ordered)


def human_side(session: Session) -> int:
    me = session.human_seat if session.human_seat is not None else 0
    return session.rules.seat_side[me]


def how_it_ended(session: Session) -> str:
    """One line on why the hand stopped, for the top of the score dialog."""
    end = session.state.end
    if end is None:
        return ""
    if end.reason == "went_out" and end.seat == session.human_seat:
        return _("You went out concealed.") if end.concealed else _("You went out.")
    if end.reason == "went_out" and end.seat is not None:
        who = seat_name(session, end.seat)
        if end.concealed:
            return _("{name} went out concealed.").format(name=who)
        return _("{name} went out.").format(name=who)
    if end.reason == "acaba" and end.seat == session.human_seat:  # BRIT-1
        return _("You declared Acaba.")
    if end.reason == "acaba" and end.seat is not None:
        return _("{name} declared Acaba.").format(name=seat_name(session, end.seat))
    if end.reason == "special_hand" and end.seat == session.human_seat:  # MAC-33
        return _("You laid a special hand: {hand}.").format(hand=special_hand_name(end.special))
    if end.reason == "special_hand" and end.seat is not None:
        return _("{name} laid a special hand: {hand}.").format(
            name=seat_name(session, end.seat), hand=special_hand_name(end.special)
        )
    if end.reason == "red_three_last" and session.state.rules.last_three_in_hand:  # MAC-8
        return _("A three was the last card of the stock.")
    if end.reason == "red_three_last":
        return _("A red three was the last card of the stock.")
    return _("The stock ran out.")


def match_result(session: Session) -> str:
    """The headline of the end-of-match sheet."""
    match = session.match
    if match.winner is None:
        return _("The match is a draw.")
    if match.winner == human_side(session) and session.human_seat is not None:
        return _("You win the match!")
    return _("{side} win the match.").format(side=side_name(session, match.winner))
