"""Scenes and the stack that runs them (main loop discipline of ARCHITECTURE.md).

Each scene handles events, advances its animations by ``dt`` and draws; ``draw`` never
changes state. The stack lets a dialog or menu sit on top of the table and hand control
back when it closes.
"""

from __future__ import annotations

from typing import Protocol

import pygame


class Scene(Protocol):
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was used (it is then not passed further down)."""
        ...

    def update(self, dt: float) -> None:
        """Advance timers and tweens by ``dt`` seconds."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene; must not change any state."""
        ...

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay out again."""
        ...


class SceneStack:
    """The running scenes, top last; only the top one gets input, all are drawn bottom up."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def push(self, scene: Scene) -> None:
        self._scenes.append(scene)

    def pop(self) -> Scene | None:
        return self._scenes.pop() if self._scenes else None

    def replace(self, scene: Scene) -> None:
        self._scenes.clear()
        self._scenes.append(scene)

    def at_rest(self) -> bool:
        """Whether the top scene (the only one updated) has nothing moving or timed; a scene
        without an ``at_rest`` method is still between events."""
        method = getattr(self.top, "at_rest", None)
        return bool(method()) if callable(method) else True

    def handle_event(self, event: pygame.event.Event) -> bool:
        top = self.top
        return top.handle_event(event) if top is not None else False

    def update(self, dt: float) -> None:
        top = self.top
        if top is not None:
            top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self._scenes:
            scene.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self._scenes:
            scene.resize(size)
