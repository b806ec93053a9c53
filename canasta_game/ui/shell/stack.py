"""The scene stack, plus the moments a pygame_gui screen needs to know about.

A screen's widgets live in the one UI manager, not in the scene, and pygame_gui draws them
after every scene; so a covered screen must hide its widgets (or they would show through
and still take clicks), show them again when uncovered, and kill them when it leaves.
``SceneStack`` knows nothing of widgets; this subclass calls the optional ``covered``,
``uncovered`` and ``closed`` hooks of the shell's screens. A scene without them (the table)
has its visible top-level widgets hidden and shown for it, and gets ``close`` when it
leaves (its computer players think in a thread, which must stop).
"""

from __future__ import annotations

import pygame_gui
from pygame_gui.core.interfaces import IUIElementInterface

from canasta_game.ui.scene import Scene, SceneStack


def _call(scene: Scene | None, hook: str) -> bool:
    method = getattr(scene, hook, None)
    if method is None and hook == "closed":
        method = getattr(scene, "close", None)
    if callable(method):
        method()
        return True
    return False


class ShellStack(SceneStack):
    """A ``SceneStack`` that tells its scenes when they are covered, uncovered or closed."""

    def __init__(self, ui_manager: pygame_gui.UIManager) -> None:
        super().__init__()
        self._manager = ui_manager
        self._hidden_for: dict[int, list[IUIElementInterface]] = {}

    def push(self, scene: Scene) -> None:
        top = self.top
        if top is not None and not _call(top, "covered"):
            self._hidden_for[id(top)] = self._hide_foreign(scene)
        super().push(scene)

    def pop(self) -> Scene | None:
        scene = super().pop()
        self._close(scene)
        top = self.top
        if top is not None and not _call(top, "uncovered"):
            for element in self._hidden_for.pop(id(top), []):
                if element.alive():
                    element.show()
        return scene

    def replace(self, scene: Scene) -> None:
        self.close_all()
        super().push(scene)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay every scene out again; a covered table's rebuilt widgets are hidden anew."""
        super().resize(size)
        top = self.top
        for scene in self._scenes[:-1]:
            if id(scene) in self._hidden_for and top is not None:
                still = [e for e in self._hidden_for[id(scene)] if e.alive()]
                self._hidden_for[id(scene)] = still + self._hide_foreign(top)

    def scenes(self) -> tuple[Scene, ...]:
        """Bottom first, for finding a scene of a kind (is a score dialog already up?)."""
        return tuple(self._scenes)

    def close_all(self) -> None:
        while len(self):
            self._close(super().pop())

    def _close(self, scene: Scene | None) -> None:
        self._hidden_for.pop(id(scene), None)
        _call(scene, "closed")

    def _hide_foreign(self, coming: Scene) -> list[IUIElementInterface]:
        """Hide the visible top-level widgets that no shell screen owns (a table's buttons)."""
        owned: set[int] = set()
        for scene in (*self._scenes, coming):
            owned.update(id(element) for element in getattr(scene, "widgets", ()))
        hidden = []
        for element in list(self._manager.get_root_container().elements):
            if id(element) not in owned and element.visible:
                element.hide()
                hidden.append(element)
        return hidden
