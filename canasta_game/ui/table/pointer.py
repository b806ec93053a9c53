"""The mouse, as a small state machine: press, then either a click, a drag or a band.

It knows nothing of cards or rules: the scene tells it what was under the pointer when the
button went down and asks it what the motion and the release mean. Keeping this apart
makes the thresholds (how far is a drag, how quick is a double-click) one place to tune.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

DRAG_DISTANCE = 6  # pixels the pointer must travel before a press becomes a drag
DOUBLE_CLICK = 0.4  # seconds between the clicks of a double-click


@dataclass(slots=True)
class Press:
    pos: tuple[int, int]
    what: str  # "hand", "staged", "stock", "pile", "felt"
    uid: int | None = None
    index: int | None = None  # staged group
    shift: bool = False


class Pointer:
    def __init__(self) -> None:
        self.press: Press | None = None
        self.dragging = False
        self.banding = False
        self.pos: tuple[int, int] = (0, 0)
        self._last_click: tuple[str, int | None, float] | None = None

    @property
    def busy(self) -> bool:
        return self.press is not None

    def down(self, press: Press) -> None:
        self.press = press
        self.pos = press.pos
        self.dragging = self.banding = False

    def move(self, pos: tuple[int, int]) -> str:
        """ "start" when this motion turns the press into a drag (or band), "move" after."""
        self.pos = pos
        press = self.press
        if press is None:
            return "none"
        if self.dragging or self.banding:
            return "move"
        dx, dy = pos[0] - press.pos[0], pos[1] - press.pos[1]
        if dx * dx + dy * dy < DRAG_DISTANCE * DRAG_DISTANCE:
            return "none"
        if press.what == "felt":
            self.banding = True
        else:
            self.dragging = True
        return "start"

    def up(self, pos: tuple[int, int]) -> str:
        """What the release ends: "drop", "band", "click" or "none"; the press is over."""
        self.pos = pos
        press = self.press
        outcome = "none"
        if press is not None:
            outcome = "drop" if self.dragging else "band" if self.banding else "click"
        self.press = None
        self.dragging = self.banding = False
        return outcome

    def cancel(self) -> None:
        self.press = None
        self.dragging = self.banding = False

    def band_rect(self) -> pygame.Rect:
        if self.press is None:
            return pygame.Rect(0, 0, 0, 0)
        (x0, y0), (x1, y1) = self.press.pos, self.pos
        return pygame.Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))

    def double(self, what: str, uid: int | None, now: float) -> bool:
        """Record a click; True if it completes a double-click on the same thing."""
        last = self._last_click
        self._last_click = (what, uid, now)
        if (
            last is not None
            and last[0] == what
            and last[1] == uid
            and now - last[2] <= DOUBLE_CLICK
        ):
            self._last_click = None
            return True
        return False
