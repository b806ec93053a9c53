"""A table without the app: a stand-in context and a main loop for tests and tools.

The benchmark, the screenshot tool and the tests drive the real ``TableScene`` exactly as
the app does (pygame_gui first, then the scene; update; draw), with the dummy video and
audio drivers, so what they measure and see is what a player gets.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame
import pygame_gui

from canasta_game.ui.card_art import CardArt
from canasta_game.ui.scene import Scene


def init_headless(size: tuple[int, int]) -> pygame.Surface:
    """Start pygame without a screen or sound card; returns the display surface."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.init()
    surface = pygame.display.get_surface()
    if surface is None or surface.get_size() != tuple(size):
        surface = pygame.display.set_mode(size)
    return surface


@dataclass
class PlainSettings:
    animation_speed: float = 1.0
    reduced_motion: bool = False
    four_colour_deck: bool = False


class SilentSounds:
    """Records what would have been played."""

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> bool:
        self.played.append(name)
        return False


@dataclass
class HeadlessContext:
    """Implements ``TableContext`` and counts the calls to the other scenes."""

    ui_manager: pygame_gui.UIManager
    settings: PlainSettings = field(default_factory=PlainSettings)
    sounds: SilentSounds = field(default_factory=SilentSounds)
    calls: list[str] = field(default_factory=list)
    on_call: Callable[[str], None] | None = None
    _arts: dict[tuple[int, int], CardArt] = field(default_factory=dict)

    def card_art_for(self, size: tuple[int, int]) -> CardArt:
        art = self._arts.get(size)
        if art is None:
            art = self._arts[size] = CardArt(size, self.settings.four_colour_deck)
        return art

    def _call(self, name: str) -> None:
        self.calls.append(name)
        if self.on_call is not None:
            self.on_call(name)

    def open_menu(self) -> None:
        self._call("menu")

    def show_hand_score(self) -> None:
        self._call("hand_score")

    def show_match_end(self) -> None:
        self._call("match_end")


def make_context(size: tuple[int, int], **settings: object) -> HeadlessContext:
    """A stand-in context whose widgets wear the game's theme, as in the real app."""
    from canasta_game.ui.shell.theme import theme

    manager = pygame_gui.UIManager(size, theme(), enable_live_theme_updates=False)
    return HeadlessContext(manager, PlainSettings(**settings))  # type: ignore[arg-type]


def pump(
    scene: Scene,
    manager: pygame_gui.UIManager,
    surface: pygame.Surface,
    dt: float = 1 / 60,
    draw: bool = True,
) -> None:
    """One frame of the app's loop: widgets first, then the scene; update; draw."""
    for event in pygame.event.get():
        if manager.process_events(event):
            continue
        scene.handle_event(event)
    scene.update(dt)
    manager.update(dt)
    if draw:
        scene.draw(surface)
        manager.draw_ui(surface)
