"""Everything the table says in words, through ``_()``: reasons, side names, news.

The engine gives a refusal as data (rule ID, message key, raw values); here it becomes a
sentence in the player's language (the sentences live in ``reason_words``), and the rule ID
is offered separately so the rules can be looked up.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta_game.engine import events as ev
from canasta_game.engine.reasons import Reason
from canasta_game.engine.rules import Rules
from canasta_game.i18n import _, ngettext
from canasta_game.ui.table.reason_words import MESSAGES


def reason_text(reason: Reason, seat_names: Sequence[str] = ()) -> str:
    """The reason as one sentence in the player's language, without the rule ID.

    Seats are named as the table names them ("West"); cards and ranks in words ("the king
    of hearts", "two natural kings"). ``reason_rule`` gives the rule for a "Why?" detail.
    """
    values = reason.values
    seat = values.get("seat")
    if reason.key == "not_your_turn" and isinstance(seat, int) and 0 <= seat < len(seat_names):
        return _("Wait: it is {name}'s turn.").format(name=seat_names[seat])
    words = MESSAGES.get(reason.key)
    if words is None:  # a newer engine than this table: still say something true
        return _("That move is not allowed.")
    text = words(values)
    return text[:1].upper() + text[1:]  # a sentence may begin with a card's name


def reason_rule(reason: Reason) -> str:
    """The rule a refusal rests on, for the "Why?" detail: "Rule C-MELD-3"."""
    return _("Rule {rule}").format(rule=reason.rule)


def side_name(rules: Rules, side: int, seat_names: Sequence[str]) -> str:
    """ "You & North", "West & East", or a single player's name."""
    names = [seat_names[s] for s in rules.side_seats[side]]
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return _("{a} & {b}").format(a=names[0], b=names[1])
    return _("{rest} & {last}").format(rest=", ".join(names[:-1]), last=names[-1])


def sound_for(events: Sequence[ev.Event]) -> str | None:
    """The one effect that best sums up a move (going out beats a canasta beats a meld)."""
    kinds = {type(e) for e in events}
    for kind, name in (
        (ev.WentOut, "going_out"),
        (ev.CanastaCompleted, "canasta"),
        (ev.PileTaken, "pile_taken"),
        (ev.MeldMade, "meld"),
        (ev.MeldExtended, "meld"),
        (ev.Discarded, "discard"),
        (ev.CardsDrawn, "draw"),
    ):
        if kind in kinds:
            return name
    return None


def news_for(events: Sequence[ev.Event], seat_names: Sequence[str], me: int) -> str | None:
    """A line worth telling the human about a move, if any (answers, going out, the pile)."""
    for event in events:
        if isinstance(event, ev.AnsweredGoOut):
            name = seat_names[event.seat]
            if event.yes:
                return _("{name} says yes: go out this turn").format(name=name)
            return _("{name} says no: keep at least one card").format(name=name)
        if isinstance(event, ev.WentOut):
            if event.seat == me:
                return _("You went out concealed!") if event.concealed else _("You went out!")
            text = _("{name} went out concealed") if event.concealed else _("{name} went out")
            return text.format(name=seat_names[event.seat])
        if isinstance(event, ev.PileTaken) and event.seat != me:
            count = len(event.cards)
            return ngettext(
                "{name} took the pile ({count} card)", "{name} took the pile ({count} cards)", count
            ).format(name=seat_names[event.seat], count=count)
        if isinstance(event, ev.AnsweredAcaba):  # BRIT-2
            name = seat_names[event.seat]
            if event.yes:
                return _("{name} says yes: Acaba").format(name=name)
            return _("{name} says no: no Acaba this turn").format(name=name)
        if isinstance(event, ev.AcabaDeclared):  # BRIT-1
            if event.seat == me:
                return _("You declared Acaba: the hand is over")
            text = _("{name} declared Acaba: the hand is over")
            return text.format(name=seat_names[event.seat])
        if isinstance(event, ev.FootPickedUp):  # HF-8
            if event.seat == me:
                return _("Your hand is used up: you pick up your foot")
            return _("{name} picks up the foot").format(name=seat_names[event.seat])
        if isinstance(event, ev.HandEnded) and event.reason == "special_hand":  # MAC-33
            return _("A special hand ends the hand")
        if isinstance(event, ev.HandEnded) and event.reason != "went_out":
            return _("The stock is used up: the hand is over")
    return None
