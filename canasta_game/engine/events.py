"""What happened, for the UI's animations and sounds and for the bots' memory.

Events name physical cards by uid. A card drawn from the stock is private: the controller
shows it face up only to its owner (``private`` events), everything else is public.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    @property
    def private(self) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    seat: int
    cards: tuple[int, ...]

    @property
    def private(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class BonusThreePlaced(Event):
    seat: int
    side: int
    card: int


@dataclass(frozen=True, slots=True)
class PileTaken(Event):
    seat: int
    cards: tuple[int, ...]  # the whole pile, bottom first


@dataclass(frozen=True, slots=True)
class MeldMade(Event):
    seat: int
    side: int
    mid: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MeldExtended(Event):
    seat: int
    side: int
    mid: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CanastaCompleted(Event):
    side: int
    mid: int
    natural: bool


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    seat: int
    card: int
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class PileFrozen(Event):
    card: int


@dataclass(frozen=True, slots=True)
class PileRecycled(Event):
    count: int


@dataclass(frozen=True, slots=True)
class AskedGoOut(Event):
    seat: int
    partner: int


@dataclass(frozen=True, slots=True)
class AnsweredGoOut(Event):
    seat: int
    yes: bool


@dataclass(frozen=True, slots=True)
class AskedAcaba(Event):
    """BRIT-2: ``seat`` asks ``partner`` whether to declare Acaba."""

    seat: int
    partner: int


@dataclass(frozen=True, slots=True)
class AnsweredAcaba(Event):
    seat: int
    yes: bool


@dataclass(frozen=True, slots=True)
class AcabaDeclared(Event):
    """BRIT-1: ``seat`` declared Acaba and the hand ends."""

    seat: int


@dataclass(frozen=True, slots=True)
class CalientePlayed(Event):
    """CAL-2: ``seat`` played the Caliente ``card``; ``drawn`` cards came back from the stock."""

    seat: int
    side: int
    card: int
    drawn: int


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    seat: int
    concealed: bool


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    reason: str


@dataclass(frozen=True, slots=True)
class FootPickedUp(Event):
    """HF-8: the seat's hand is used up and its foot (``size`` cards) becomes its hand."""

    seat: int
    size: int
