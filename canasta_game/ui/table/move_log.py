"""The hand in words: one line per move, for the move log and the last-move marks.

Each line is built from the engine's events for that move (what was drawn, taken, melded,
discarded) and worded through ``_()`` as one whole sentence with named values. Another
player's drawn cards are private (``CardsDrawn.private``): the log counts them, and names
only the human's own. The log can always be rebuilt by replaying the hand's actions from its
start, so a resumed match shows its whole hand too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from canasta_game.controller.hints import card_word, meld_words
from canasta_game.controller.session import Session
from canasta_game.engine import events as ev
from canasta_game.engine.actions import CombineMelds
from canasta_game.engine.cards import RANK_OF, rank_text
from canasta_game.engine.cuban import sets_aside
from canasta_game.engine.game import apply
from canasta_game.engine.meldrules import CanastaKind, MeldKind, canasta_kind, meld_kind
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import State
from canasta_game.i18n import _, ngettext, pgettext

#: The partner's questions: C-OUT-6's "may I go out?" and BRIT-2's "may we declare Acaba?".
QuestionEvent = ev.AskedGoOut | ev.AnsweredGoOut | ev.AskedAcaba | ev.AnsweredAcaba


@dataclass(frozen=True, slots=True)
class LoggedMove:
    """One move: who made it, its line in words, a short caption and the cards it showed."""

    seat: int
    text: str
    caption: str
    cards: frozenset[int]  # the cards this move put on the table or the pile


def key_word(key: int) -> str:
    """A meld's rank as the log writes it ("K", "10", "wild cards")."""
    if meld_kind(key) is MeldKind.WILD:
        return pgettext("the {rank} meld", "wild cards")  # Czech needs the genitive here
    text = rank_text(key)
    return "10" if text == "T" else text


def _melds(events: Sequence[ev.Event], keys: Mapping[int, int]) -> str:
    parts = [meld_words(e.cards) for e in events if isinstance(e, ev.MeldMade)]
    parts += [
        _extended(e.cards, keys.get(e.mid, RANK_OF[e.cards[0]]))
        for e in events
        if isinstance(e, ev.MeldExtended)
    ]
    return ", ".join(parts)


def _extended(cards: Sequence[int], key: int) -> str:
    """Cards added to a meld; a sequence is named as one, its cards show the suit (SAM-11)."""
    if meld_kind(key) is MeldKind.SEQUENCE:
        return _("{cards} onto a sequence").format(cards=meld_words(cards))
    return _("{cards} onto the {rank} meld").format(cards=meld_words(cards), rank=key_word(key))


def _drawn(event: ev.CardsDrawn, name: str, mine: bool) -> tuple[str, str]:
    count = len(event.cards)
    if mine:
        cards = ", ".join(card_word(c) for c in event.cards)
        return _("You drew {cards}").format(cards=cards), ""
    text = ngettext("{name} drew a card", "{name} drew {count} cards", count)
    return text.format(name=name, count=count), ""


def _taken(event: ev.PileTaken, name: str, mine: bool, melds: str) -> tuple[str, str]:
    count = len(event.cards)
    if mine:
        text = ngettext(
            "You took the pile: {count} card, melded {melds}",
            "You took the pile: {count} cards, melded {melds}",
            count,
        ).format(count=count, melds=melds)
    else:
        text = ngettext(
            "{name} took the pile: {count} card, melded {melds}",
            "{name} took the pile: {count} cards, melded {melds}",
            count,
        ).format(name=name, count=count, melds=melds)
    caption = ngettext("took the pile ({count})", "took the pile ({count})", count)
    return text, caption.format(count=count)


def _meld_caption(events: Sequence[ev.Event]) -> str:
    """Short enough to sit by a name: one meld in full, several as a count of cards."""
    parts = [e.cards for e in events if isinstance(e, ev.MeldMade | ev.MeldExtended)]
    if len(parts) == 1:
        return _("melded {melds}").format(melds=meld_words(parts[0]))
    count = sum(len(p) for p in parts)
    return ngettext("melded {count} card", "melded {count} cards", count).format(count=count)


def _main_line(
    events: Sequence[ev.Event], name: str, mine: bool, keys: Mapping[int, int]
) -> tuple[str, str] | None:
    """The sentence for the move's chief event (the draw, the take, the meld or the discard).

    The human's own moves have sentences of their own: Czech, Spanish and Italian conjugate
    the verb for "you", so "{name} drew" cannot serve both."""
    melds = _melds(events, keys)
    for event in events:
        if isinstance(event, ev.CalientePlayed):  # CAL-2
            return _caliente_line(event, name, mine)
        if isinstance(event, ev.PileTaken):
            return _taken(event, name, mine, melds)
        if isinstance(event, ev.CardsDrawn):
            return _drawn(event, name, mine)
    if melds:
        text = _("You melded {melds}") if mine else _("{name} melded {melds}")
        return text.format(name=name, melds=melds), _meld_caption(events)
    for event in events:
        if isinstance(event, ev.Discarded):
            card = _("a card face down") if event.face_down else card_word(event.card)
            text = _("You discarded {card}") if mine else _("{name} discarded {card}")
            return text.format(name=name, card=card), _("discarded {card}").format(card=card)
        if isinstance(event, QuestionEvent):
            return _question_line(event, name, mine)
    return None


def _combined(
    state: State, action: CombineMelds, move: LoggedMove, name: str, mine: bool
) -> LoggedMove:
    """SAM-12: two groups joined on the table; no card came from the hand, so the line says
    so instead of "melded"."""
    joined = state.meld_by_mid(state.side_of(action.seat), action.into)
    melds = meld_words(joined.cards) if joined is not None else ""
    if mine:
        text = _("You combined two groups into {meld}").format(meld=melds)
    else:
        text = _("{name} combined two groups into {meld}").format(name=name, meld=melds)
    return LoggedMove(move.seat, text, _("combined two groups"), move.cards)


def _caliente_line(event: ev.CalientePlayed, name: str, mine: bool) -> tuple[str, str]:
    """CAL-2: the Caliente played and how many cards came back from the stock."""
    count = event.drawn
    if mine:
        text = ngettext(
            "You played a Caliente and drew {count} card",
            "You played a Caliente and drew {count} cards",
            count,
        )
    else:
        text = ngettext(
            "{name} played a Caliente and drew {count} card",
            "{name} played a Caliente and drew {count} cards",
            count,
        )
    return text.format(name=name, count=count), _("played a Caliente")


def _question_words(acaba: bool) -> dict[str, tuple[str, str, str]]:
    """Per step (asked, yes, no): the human's sentence, another player's, and the caption."""
    if acaba:  # BRIT-2: asking the partner whether to declare Acaba, and the binding answer
        return {
            "asked": (
                _("You asked: may we declare Acaba?"),
                _("{name} asked: Acaba?"),
                _("asked about Acaba"),
            ),
            "yes": (_("You answered yes: Acaba"), _("{name} answered yes: Acaba"), _("said yes")),
            "no": (_("You answered no: no Acaba"), _("{name} answered no: no Acaba"), _("said no")),
        }
    return {  # C-OUT-6
        "asked": (
            _("You asked: may I go out?"),
            _("{name} asked: may I go out?"),
            _("asked to go out"),
        ),
        "yes": (_("You answered yes: go out"), _("{name} answered yes: go out"), _("said yes")),
        "no": (
            _("You answered no: keep a card"),
            _("{name} answered no: keep a card"),
            _("said no"),
        ),
    }


def _question_line(event: QuestionEvent, name: str, mine: bool) -> tuple[str, str]:
    """C-OUT-6's "may I go out?" and BRIT-2's question about Acaba, asked or answered."""
    acaba = isinstance(event, ev.AskedAcaba | ev.AnsweredAcaba)
    if isinstance(event, ev.AskedGoOut | ev.AskedAcaba):
        step = "asked"
    else:
        step = "yes" if event.yes else "no"
    own, other, caption = _question_words(acaba)[step]
    return (own if mine else other).format(name=name), caption


def _three_line(
    event: ev.BonusThreePlaced, names: Sequence[str], me: int, rules: Rules | None
) -> str:
    """C-R3-1: a red three put down; CUB-8: a black three of a taken pile set aside."""
    if rules is not None and sets_aside(rules, event.card):
        if event.seat == me:
            return _("You set aside a black three")
        return _("{name} set aside a black three").format(name=names[event.seat])
    if event.seat == me:
        return _("You put down a red three")
    return _("{name} put down a red three").format(name=names[event.seat])


def _book_line(kind: CanastaKind, side: str) -> str:
    """HF-9: a book completed, by its kind (clean, dirty or wild)."""
    if kind is CanastaKind.NATURAL:
        return _("{side} completed a clean book").format(side=side)
    if kind is CanastaKind.WILD:
        return _("{side} completed a wild book").format(side=side)
    return _("{side} completed a dirty book").format(side=side)


def _extra_lines(
    events: Sequence[ev.Event],
    names: Sequence[str],
    side_names: Sequence[str],
    me: int,
    *,
    rules: Rules | None,
    books: Mapping[int, CanastaKind],
) -> list[str]:
    """What else the move did: red threes laid, canastas (HF: books by kind, ``books``)
    completed, the pile frozen, a foot picked up, out."""
    lines: list[str] = []
    for event in events:
        if isinstance(event, ev.BonusThreePlaced):
            lines.append(_three_line(event, names, me, rules))
        elif isinstance(event, ev.CanastaCompleted) and event.mid in books:  # HF-9
            lines.append(_book_line(books[event.mid], side_names[event.side]))
        elif isinstance(event, ev.CanastaCompleted):
            text = (
                _("{side} completed a natural canasta")
                if event.natural
                else _("{side} completed a mixed canasta")
            )
            lines.append(text.format(side=side_names[event.side]))
        elif isinstance(event, ev.PileFrozen):
            lines.append(_("The pile is frozen"))
        elif isinstance(event, ev.WentOut):
            lines.append(_went_out(event, names, me))
        elif isinstance(event, ev.AcabaDeclared):  # BRIT-1
            if event.seat == me:
                lines.append(_("You declared Acaba: the hand is over"))
            else:
                text = _("{name} declared Acaba: the hand is over")
                lines.append(text.format(name=names[event.seat]))
        elif isinstance(event, ev.FootPickedUp):  # HF-8
            if event.seat == me:
                lines.append(_("You picked up your foot"))
            else:
                lines.append(_("{name} picked up the foot").format(name=names[event.seat]))
        elif isinstance(event, ev.HandEnded) and event.reason == "special_hand":  # MAC-33
            lines.append(_("A special hand ends the hand"))
        elif isinstance(event, ev.HandEnded) and event.reason not in ("went_out", "acaba"):
            lines.append(_("The stock is used up: the hand is over"))
    return lines


def _went_out(event: ev.WentOut, names: Sequence[str], me: int) -> str:
    if event.seat == me:
        return _("You went out concealed") if event.concealed else _("You went out")
    text = _("{name} went out concealed") if event.concealed else _("{name} went out")
    return text.format(name=names[event.seat])


def describe(
    events: Sequence[ev.Event],
    actor: int,
    *,
    names: Sequence[str],
    side_names: Sequence[str],
    me: int,
    keys: Mapping[int, int],
    rules: Rules | None = None,
    books: Mapping[int, CanastaKind] | None = None,
) -> tuple[LoggedMove | None, list[str]]:
    """The move's own line (None for a move with nothing to say) and the lines that follow;
    ``rules`` tells a Cuban set-aside black three from a red three (CUB-8)."""
    shown: set[int] = set()
    for event in events:
        if isinstance(event, ev.MeldMade | ev.MeldExtended):
            shown.update(event.cards)
        elif isinstance(event, ev.Discarded | ev.BonusThreePlaced):
            shown.add(event.card)
    main = _main_line(events, names[actor], actor == me, keys)
    move = None
    if main is not None:
        move = LoggedMove(actor, main[0], main[1], frozenset(shown))
    return move, _extra_lines(events, names, side_names, me, rules=rules, books=books or {})


@dataclass(frozen=True, slots=True)
class TurnMark:
    """A seat's latest turn as the table marks it: the cards it showed and what it did."""

    cards: frozenset[int]
    captions: tuple[str, ...]


def _starts_turn(events: Sequence[ev.Event], actor: int) -> bool:
    return any(isinstance(e, ev.CardsDrawn | ev.PileTaken) and e.seat == actor for e in events)


@dataclass(slots=True)
class MoveLog:
    """The lines of the hand so far, and each seat's latest turn until it plays again.

    Followed move by move from the session's action log; replayed from the hand's start when
    the hand changed under it (a new deal, a resumed match).
    """

    lines: list[str]
    last: dict[int, TurnMark]
    _start: State | None = None
    _state: State | None = None
    _count: int = 0

    @classmethod
    def empty(cls) -> MoveLog:
        return cls([], {})

    def follow(
        self, session: Session, *, names: Sequence[str], side_names: Sequence[str], me: int
    ) -> bool:
        """Bring the log up to the session's action log; True when it changed."""
        if session.hand_start is not self._start or len(session.log) < self._count:
            self._start, self._state, self._count = session.hand_start, session.hand_start, 0
            self.lines, self.last = [], {}
        if self._count == len(session.log) or self._state is None:
            return False
        state = self._state
        for action in session.log[self._count :]:
            actor = state.actor
            state, events = apply(state, action)
            keys = {m.mid: m.key for side in state.melds for m in side}
            books = (
                {m.mid: canasta_kind(m) for side in state.melds for m in side if m.is_canasta}
                if state.rules.books_closed
                else None
            )
            move, extra = describe(
                events,
                actor,
                names=names,
                side_names=side_names,
                me=me,
                keys=keys,
                rules=session.rules,
                books=books,
            )
            if isinstance(action, CombineMelds) and move is not None:
                move = _combined(state, action, move, names[actor], actor == me)
            if move is not None:
                self.lines.append(move.text)
                self._mark(actor, move, fresh=_starts_turn(events, actor))
            self.lines.extend(extra)
        self._state, self._count = state, len(session.log)
        return True

    def _mark(self, seat: int, move: LoggedMove, *, fresh: bool) -> None:
        before = None if fresh else self.last.get(seat)
        cards = move.cards | (before.cards if before else frozenset())
        captions = (*(before.captions if before else ()), *([move.caption] if move.caption else []))
        self.last[seat] = TurnMark(cards, captions)
