"""Card flights: a position tween advanced by ``dt``, with a delay so that the cards of one
move leave one after the other ("card by card") instead of all at once.

A flight also says how the card looks on the way: it keeps its start size and orientation
for the first half and takes the end ones for the second, and shows ``face_up`` while in
the air (a card an opponent lays down is revealed as it leaves the hand; a card going into
an opponent's hand turns face down only when it lands).
"""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]


def ease_in_out(t: float) -> float:
    """Cubic ease: slow start, slow landing, so the eye can follow the card."""
    t = min(1.0, max(0.0, t))
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


@dataclass(slots=True)
class Flight:
    start: Point
    end: Point
    duration: float
    delay: float = 0.0
    elapsed: float = 0.0
    face_up: bool = True  # how the card shows while flying
    from_kind: str = ""
    from_turned: bool = False
    snap: bool = False  # a short ease-out (snapping home) rather than a full flight
    wait_face_up: bool | None = None  # how it shows before it leaves; None: as in flight
    hold: bool = True  # a move being shown holds the table's input; a shuffle does not

    def advance(self, dt: float) -> bool:
        """Move the clock; True once the card has landed."""
        self.elapsed += dt
        return self.elapsed >= self.delay + self.duration

    @property
    def started(self) -> bool:
        return self.elapsed > self.delay

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def position(self) -> Point:
        p = self.progress
        k = ease_out(p) if self.snap else ease_in_out(p)
        (x0, y0), (x1, y1) = self.start, self.end
        # A gentle arc: cards are tossed, not slid, which reads better over other cards.
        lift = 0.0 if self.snap else -min(40.0, abs(x1 - x0) * 0.08) * 4 * p * (1 - p)
        return x0 + (x1 - x0) * k, y0 + (y1 - y0) * k + lift


@dataclass(frozen=True, slots=True)
class Pace:
    """Flight timing for the current animation speed and reduced-motion setting."""

    duration: float
    stagger: float
    snap: float

    @classmethod
    def for_settings(cls, speed: float, reduced_motion: bool) -> Pace:
        if reduced_motion:
            return cls(0.0, 0.0, 0.0)
        speed = max(0.25, min(4.0, speed))
        return cls(0.42 / speed, 0.11 / speed, 0.16 / speed)
