"""The words and numbers the HUD shows, read from the session and worded through ``_()``.

Kept apart from drawing so the scene can rebuild them once per move (not per frame) and
tests can read what the player is told.
"""

from __future__ import annotations

from canasta_game.controller.gestures import Staging
from canasta_game.controller.hints import hint, seat_name
from canasta_game.controller.session import Session
from canasta_game.engine.actions import AskGoOut
from canasta_game.engine.match import Match
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.state import Phase
from canasta_game.i18n import _
from canasta_game.ui.score_lines import special_hand_name
from canasta_game.ui.table.hud import HudInfo, SideInfo
from canasta_game.ui.table.wording import side_name


def hud_info(session: Session, view: PlayerView) -> HudInfo:
    rules = session.rules
    names = tuple(seat_name(session, seat) for seat in range(rules.players))
    over = session.hand_over
    # once the hand is over the match has counted it: the bar shows the totals the score
    # dialog calls "Match total", not those the hand started from, and the minimums those
    # totals set for the next hand
    scores = session.match.scores if over else view.scores
    minimums = session.match.minimums() if over else view.minimums
    sides = tuple(
        SideInfo(
            side_name(rules, side, names),
            scores[side],
            minimums[side],
            view.is_open(side),
            side == view.side,
            sum(1 for m in view.melds[side] if m.is_canasta and not m.is_black_threes),
            books=rules.books_closed,
        )
        for side in range(rules.sides)
    )
    my_turn = session.human_to_act
    if over:
        turn = _("Hand over")
    elif my_turn:
        turn = _("Your turn")
    else:
        turn = _("Turn: {name}").format(name=names[view.actor])
    return HudInfo(
        sides,
        turn,
        my_turn,
        hint(session),
        names,
        -1 if over else view.actor,
        seat_sides=tuple(rules.seat_side),
        deal=deal_text(view, session.match if over else None),
        area_notes=tuple(
            special_note(view, side) or books_note(view, side) for side in range(rules.sides)
        ),
    )


def deal_text(view: PlayerView, after: Match | None = None) -> str:
    """HF-14: "Deal 2 of 4" where the match is a fixed number of deals, else nothing. Once a
    hand is over (``after``: the match that has counted it) and more deals follow, the bar
    names the next deal, whose minimums it shows beside it (HF-13)."""
    deals = view.rules.fixed_deals
    if not deals:
        return ""
    if after is not None and not after.over:
        return _("Next: deal {deal} of {deals}").format(deal=after.hands_played + 1, deals=deals)
    return _("Deal {deal} of {deals}").format(deal=min(view.deal + 1, deals), deals=deals)


def special_note(view: PlayerView, side: int) -> str:
    """MAC-33: over the side that laid the special hand, its name."""
    end = view.end
    if not view.special_cards or end is None or end.seat is None:
        return ""
    if view.rules.seat_side[end.seat] != side:
        return ""
    return _("special hand: {hand}").format(hand=special_hand_name(end.special))


def books_note(view: PlayerView, side: int) -> str:
    """HF-17: the books the side still needs before it may go out (the engine counts them)."""
    if not view.rules.book_quota:
        return ""
    clean, dirty, wild = view.books_needed[side]
    if not (clean or dirty or wild):
        return _("enough books to go out")
    return _("books still needed: clean {clean}, dirty {dirty}, wild {wild}").format(
        clean=clean, dirty=dirty, wild=wild
    )


def may_ask(session: Session, view: PlayerView, me: int) -> bool:
    """Whether the "May I go out?" button is worth showing: the engine would accept it."""
    rules = session.rules
    return (
        session.human_to_act
        and view.phase is Phase.PLAY
        and len(rules.side_seats[view.side]) > 1
        and session.check(AskGoOut(me)) is None
    )


def staging_note(staging: Staging) -> tuple[str, bool]:
    """What the closed side's meld area says, and whether the staged melds are enough."""
    minimum = staging.minimum
    if not staging.groups:
        text = _("Your side needs {minimum} points to open: drop melds here")
        return text.format(minimum=minimum), False
    points = staging.points()
    ready = points >= minimum
    if ready:
        text = _("Initial meld: {points} of {minimum} points \u2013 press Enter to lay them down")
    else:
        text = _("Initial meld: {points} of {minimum} points")
    return text.format(points=points, minimum=minimum), ready
