"""Short messages on the felt: why a move was refused, what a partner answered.

A message stays long enough to be read (longer for longer texts) and then fades; a new
message replaces the old one, so the table never fills with stale notes.
"""

from __future__ import annotations

from dataclasses import dataclass

INFO, ERROR = "info", "error"


@dataclass(slots=True)
class Message:
    text: str
    kind: str
    left: float


class Messages:
    def __init__(self) -> None:
        self.current: Message | None = None

    def show(self, text: str, kind: str = INFO) -> None:
        seconds = min(8.0, 2.5 + len(text) / 18)
        self.current = Message(text, kind, seconds)

    def update(self, dt: float) -> None:
        if self.current is not None:
            self.current.left -= dt
            if self.current.left <= 0:
                self.current = None

    def clear(self) -> None:
        self.current = None

    @property
    def text(self) -> str | None:
        return self.current.text if self.current is not None else None
