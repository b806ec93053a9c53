"""The line that tells the player what is happening and what they may do now, and the Hint
button's suggestion: the move the Medium computer player would make in the human's place."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from canasta_game.ai import make_bot
from canasta_game.controller.session import Session
from canasta_game.engine.actions import (
    Acaba,
    Action,
    AnswerGoOut,
    AskGoOut,
    CombineMelds,
    Discard,
    DrawStock,
    Meld,
    TakePile,
)
from canasta_game.engine.cards import CALIENTE, JOKER, RANK_OF, VALUE_OF, rank_text, sort_key
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.state import Phase, Question
from canasta_game.i18n import N_, _, format_number, ngettext

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
    return _names()[relative - 1]


def _names() -> tuple[str, ...]:
    """Five and six players: a name for every seat, clockwise from the human's left."""
    return (_("Ada"), _("Bruno"), _("Clara"), _("Dario"), _("Elena"))


def _draw_hint(session: Session) -> str:
    """The line before the draw: the pile is offered only when some take is legal, and with
    the hand cards to select first ("K-K") when every take needs some."""
    takes = [m for m in legal_moves(session.state) if isinstance(m, TakePile)]
    if not takes:  # blocked, frozen without a pair, or no meld it fits
        return _("Draw a card: the pile cannot be taken now")
    if any(not m.cards and not m.melds for m in takes):
        return _("Draw a card or take the pile")
    fewest = min(takes, key=lambda m: len(m.cards) + sum(len(g) for g in m.melds))
    needed = ", ".join(meld_words(g) for g in (fewest.cards, *fewest.melds) if g)
    return _("Draw a card, or select {cards} in your hand and take the pile").format(cards=needed)


def hint(session: Session) -> str:
    state = session.state
    if state.phase is Phase.OVER:
        return _("The hand is over")
    actor = state.actor
    acaba = state.acaba_question is Question.PENDING  # BRIT-2: the question is about Acaba
    if actor != session.human_seat:
        if state.phase is Phase.ANSWER:
            text = (
                _("{name} is deciding whether {asker} may declare Acaba")
                if acaba
                else _("{name} is deciding whether to let {asker} go out")
            )
            return text.format(
                name=seat_name(session, actor), asker=seat_name(session, state.current)
            )
        return _("{name} is playing").format(name=seat_name(session, actor))
    if state.phase is Phase.ANSWER:
        text = _("{name} asks: may we declare Acaba?") if acaba else _("{name} asks: may I go out?")
        return text.format(name=seat_name(session, state.current))
    if state.phase is Phase.DRAW:
        if not state.stock:
            return _("The stock is empty: take the pile")
        return _draw_hint(session)
    if state.must_go_out:
        return _("Meld your cards and go out")
    if state.question is Question.NO:
        return _("Meld, then discard, keeping at least one card")
    return _("Meld, then discard a card")


# --- the Hint button: the move Medium would make now, in one sentence -------------------


def card_word(card: int) -> str:
    """A card as the log and the hints write it: its rank ("K", "10", "Joker")."""
    rank = RANK_OF[card]
    if rank == JOKER:
        return _("Joker")
    if rank == CALIENTE:
        return _("Caliente")  # CAL-1
    text = rank_text(rank)
    return "10" if text == "T" else text


def meld_words(cards: Sequence[int]) -> str:
    """ "K-K-K-2": the cards of a meld as a hand is fanned, naturals first (``sort_key``)."""
    return "-".join(card_word(c) for c in sorted(cards, key=sort_key))


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A move for the human, the hand cards it uses, and why, in one sentence."""

    action: Action
    cards: frozenset[int]
    text: str


def suggest(session: Session) -> Suggestion | None:
    """What the Medium computer player would do in the human's place now (None if it is not
    the human's move). Medium sees only the human's ``PlayerView``, as the human does."""
    if not session.human_to_act or session.human_seat is None:
        return None
    seat = session.human_seat
    bot = make_bot("medium", seat, f"{session.match.seed}:hint:{len(session.log)}")
    view = session.view(seat)
    action = bot.choose(view, legal_moves(session.state))
    return Suggestion(action, frozenset(_action_cards(action)), _why(action, view))


def _action_cards(action: Action) -> list[int]:
    if isinstance(action, TakePile):
        return [*action.cards, *(c for meld in action.melds for c in meld)]
    if isinstance(action, Meld):
        return [
            *(c for meld in action.new for c in meld),
            *(c for _m, cs in action.add for c in cs),
        ]
    if isinstance(action, Discard):
        return [action.card]
    return []


def _why(action: Action, view: PlayerView) -> str:
    """One sentence built from the action and what the human can see."""
    opened = view.is_open(view.side)
    if isinstance(action, DrawStock):
        return _("Draw from the stock: taking the pile is not possible or not worth it now")
    if isinstance(action, TakePile):
        count = len(view.pile_cards)
        if not opened:
            text = ngettext(
                "Take the pile: {count} card, and it opens your side",
                "Take the pile: {count} cards, and it opens your side",
                count,
            )
        else:
            text = ngettext(
                "Take the pile: {count} card for your melds and your hand",
                "Take the pile: {count} cards for your melds and your hand",
                count,
            )
        return text.format(count=count)
    if isinstance(action, Meld):
        cards = _action_cards(action)
        melds = ", ".join(meld_words(m) for m in (*action.new, *(cs for _m, cs in action.add)))
        points = sum(VALUE_OF[c] for c in cards)
        if not opened:
            return _("Meld {melds}: {points} points open your side").format(
                melds=melds, points=points
            )
        return _("Meld {melds}: {points} points count for you on the table").format(
            melds=melds, points=points
        )
    if isinstance(action, Discard):
        return _("Discard {card}: the card your hand needs least").format(
            card=card_word(action.card)
        )
    if isinstance(action, CombineMelds):  # SAM-12
        melds = {m.mid: m.cards for m in view.melds[view.side]}
        return _("Combine your groups {first} and {second}: one meld, nearer a canasta").format(
            first=meld_words(melds[action.into]), second=meld_words(melds[action.mid])
        )
    if isinstance(action, AskGoOut):
        return _("Ask your partner whether you may go out")
    acaba = _acaba_why(action, view)
    if acaba is not None:
        return acaba
    if isinstance(action, AnswerGoOut):
        if action.yes:
            return _("Answer yes: your side can use the points of going out")
        return _("Answer no: your side is not ready for the hand to end")
    return _("Make the move shown")


def _acaba_why(action: Action, view: PlayerView) -> str | None:
    """BRIT-1, BRIT-2: the hint for declaring Acaba, asking about it or answering; None for
    any other move."""
    points = format_number(view.rules.acaba_points)
    if isinstance(action, Acaba) and action.ask:
        return _("Ask your partner whether to declare Acaba")
    if isinstance(action, Acaba):
        text = _("Declare Acaba: played on, this hand would cost your side more than {points}")
        return text.format(points=points)
    if isinstance(action, AnswerGoOut) and view.acaba_question is Question.PENDING:
        if action.yes:
            text = _("Answer yes: played on, this hand would cost your side more than {points}")
            return text.format(points=points)
        return _("Answer no: your side does better playing this hand on")
    return None
