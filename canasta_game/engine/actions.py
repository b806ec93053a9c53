"""Player actions as frozen values, with a JSON form that names cards the RULES.md way.

A ``Meld`` is a batch of new melds and additions validated atomically, so an initial meld
made of several melds, or going out with several melds, is one action. ``TakePile`` carries
the hand cards that go with the top card and, while the side is closed, the further new melds
that reach the minimum (C-PILE-8).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from canasta_game.engine.cards import card_text, parse_card

Cards = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DrawStock:
    seat: int


@dataclass(frozen=True, slots=True)
class TakePile:
    seat: int
    cards: Cards = ()  # hand cards melded with the top card
    melds: tuple[Cards, ...] = ()  # further new melds from hand, closed side only
    separate: bool = False  # O-PILE-CONFLICT=A: start an open meld beside a canasta
    onto: int | None = None  # SAM-18: the sequence (meld id) the top card alone extends


@dataclass(frozen=True, slots=True)
class Meld:
    seat: int
    new: tuple[Cards, ...] = ()
    add: tuple[tuple[int, Cards], ...] = ()  # (meld id, cards)

    def cards(self) -> list[int]:
        """Every card laid, the new groups' then the additions', in order (one ``extend`` a
        group: no comprehension or generator, as every applied meld asks)."""
        out: list[int] = []
        for group in self.new:
            out.extend(group)
        for _, cards in self.add:
            out.extend(cards)
        return out


_new = object.__new__
_MELD_SLOTS = (Meld.seat.__set__, Meld.new.__set__, Meld.add.__set__)  # type: ignore[attr-defined]


def meld_of(seat: int, new: tuple[Cards, ...], add: tuple[tuple[int, Cards], ...]) -> Meld:
    """``Meld(seat, new, add)`` with its slots stored directly: a frozen dataclass's
    ``__init__`` stores through ``object.__setattr__`` at twice the cost, and the move
    generators build several per position (issue 16). No ``__post_init__``: the same
    object."""
    move = _new(Meld)
    set_seat, set_new, set_add = _MELD_SLOTS
    set_seat(move, seat)
    set_new(move, new)
    set_add(move, add)
    return move


_TAKE_SLOTS = tuple(
    getattr(TakePile, name).__set__ for name in ("seat", "cards", "melds", "separate", "onto")
)


def take_of(seat: int, cards: Cards) -> TakePile:
    """``TakePile(seat, cards)`` with its slots stored directly (``meld_of``'s reason: an open
    side's draw phase builds a take per count of naturals and wild cards)."""
    move = _new(TakePile)
    set_seat, set_cards, set_melds, set_separate, set_onto = _TAKE_SLOTS
    set_seat(move, seat)
    set_cards(move, cards)
    set_melds(move, ())
    set_separate(move, False)
    set_onto(move, None)
    return move


def AddToMeld(seat: int, mid: int, cards: Cards) -> Meld:
    """Shorthand for a ``Meld`` that only adds ``cards`` to the meld ``mid``."""
    return Meld(seat, add=((mid, tuple(cards)),))


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class CombineMelds:
    """SAM-12: the side's group ``mid`` joins its group ``into`` of the same rank."""

    seat: int
    into: int
    mid: int


@dataclass(frozen=True, slots=True)
class AskGoOut:
    seat: int


@dataclass(frozen=True, slots=True)
class AnswerGoOut:
    seat: int
    yes: bool


@dataclass(frozen=True, slots=True)
class Acaba:
    """BRIT-1: declare "Acaba" (the hand ends); with ``ask``, ask the partner first (BRIT-2)."""

    seat: int
    ask: bool = False


@dataclass(frozen=True, slots=True)
class PlayCaliente:
    """CAL-2: play a Caliente card from the hand and draw back to the deal size."""

    seat: int


Action = (
    DrawStock
    | TakePile
    | Meld
    | Discard
    | AskGoOut
    | AnswerGoOut
    | Acaba
    | CombineMelds
    | PlayCaliente
)


def _cards(cards: Cards) -> list[str]:
    return [card_text(c) for c in cards]


def _uids(items: list[str]) -> Cards:
    return tuple(parse_card(t) for t in items)


def action_to_dict(action: Action) -> dict[str, Any]:
    if isinstance(action, DrawStock):
        return {"type": "draw", "seat": action.seat}
    if isinstance(action, TakePile):
        out: dict[str, Any] = {"type": "take", "seat": action.seat, "cards": _cards(action.cards)}
        if action.melds:
            out["melds"] = [_cards(m) for m in action.melds]
        if action.separate:
            out["separate"] = True
        if action.onto is not None:
            out["onto"] = action.onto
        return out
    if isinstance(action, Meld):
        return {
            "type": "meld",
            "seat": action.seat,
            "new": [_cards(m) for m in action.new],
            "add": [[mid, _cards(cards)] for mid, cards in action.add],
        }
    if isinstance(action, Discard):
        return {"type": "discard", "seat": action.seat, "card": card_text(action.card)}
    if isinstance(action, AskGoOut):
        return {"type": "ask", "seat": action.seat}
    if isinstance(action, Acaba):
        return {"type": "acaba", "seat": action.seat, "ask": action.ask}
    if isinstance(action, CombineMelds):  # SAM-12
        return {"type": "combine", "seat": action.seat, "into": action.into, "mid": action.mid}
    if isinstance(action, PlayCaliente):  # CAL-2
        return {"type": "caliente", "seat": action.seat}
    return {"type": "answer", "seat": action.seat, "yes": action.yes}


def action_from_dict(data: dict[str, Any]) -> Action:
    """Inverse of ``action_to_dict``; raises ValueError on anything malformed."""
    try:
        kind = data["type"]
        seat = int(data["seat"])
        if kind == "draw":
            return DrawStock(seat)
        if kind == "take":
            return TakePile(
                seat,
                _uids(data.get("cards", [])),
                tuple(_uids(m) for m in data.get("melds", [])),
                bool(data.get("separate", False)),
                None if data.get("onto") is None else int(data["onto"]),
            )
        if kind == "meld":
            return Meld(
                seat,
                tuple(_uids(m) for m in data.get("new", [])),
                tuple((int(mid), _uids(cards)) for mid, cards in data.get("add", [])),
            )
        if kind == "discard":
            return Discard(seat, parse_card(data["card"]))
        if kind == "ask":
            return AskGoOut(seat)
        if kind == "acaba":
            return Acaba(seat, bool(data.get("ask", False)))
        if kind == "caliente":
            return PlayCaliente(seat)  # CAL-2
        if kind == "answer":
            return AnswerGoOut(seat, bool(data["yes"]))
        if kind == "combine":
            return CombineMelds(seat, int(data["into"]), int(data["mid"]))
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"malformed action {data!r}: {exc}") from exc
    raise ValueError(f"unknown action type in {data!r}")
