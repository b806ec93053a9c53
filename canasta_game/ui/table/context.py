"""What the table scene needs from the application, and nothing more.

The app owns the window, the card-art caches, the sound bank, the settings and the other
scenes; the table only asks for them through this small protocol, so tests, the benchmark
and the screenshot tool can hand it a headless stand-in (see ``headless.py``).
"""

from __future__ import annotations

from typing import Protocol

import pygame_gui

from canasta_game.ui.card_art import CardArt


class TableSettings(Protocol):
    """The settings the table reads (``persistence.settings.Settings`` has all three)."""

    @property
    def animation_speed(self) -> float: ...

    @property
    def reduced_motion(self) -> bool: ...

    @property
    def four_colour_deck(self) -> bool: ...


class Sounds(Protocol):
    """``ui.sound_synth.SoundBank`` or anything that can play its effect names."""

    def play(self, name: str) -> bool: ...


class TableContext(Protocol):
    """Services the app passes to ``TableScene``.

    ``settings`` is read anew every frame, so a changed setting takes effect at once.
    The three callbacks hand control to other scenes; the table calls each of them once
    per occasion (menu asked for, hand over, match over).
    """

    @property
    def sounds(self) -> Sounds: ...

    @property
    def settings(self) -> TableSettings: ...

    @property
    def ui_manager(self) -> pygame_gui.UIManager: ...

    def card_art_for(self, size: tuple[int, int]) -> CardArt:
        """A card-art cache of exactly ``size`` (the app may share one per size)."""
        ...

    def open_menu(self) -> None: ...

    def show_hand_score(self) -> None: ...

    def show_match_end(self) -> None: ...
