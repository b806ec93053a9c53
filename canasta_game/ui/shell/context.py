"""What every screen (and the table) may reach: settings, sounds, card art, the UI manager.

One object instead of a dozen constructor arguments, and the one place where a settings
change takes effect: the volume reaches the sound bank, the four-colour deck the card art,
the fullscreen switch the window, a language the text of every screen. The table scene sees
this object through the Protocol it declares (``card_art_for``, ``sounds``, ``settings``,
``ui_manager``, ``open_menu``, ``show_hand_score``, ``show_match_end``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Protocol

import pygame_gui

from canasta_game.i18n import _, set_language
from canasta_game.persistence import DataDirs, MatchSaveStore, SaveError, Settings
from canasta_game.ui.card_art import CardArt
from canasta_game.ui.shell.display import Display
from canasta_game.ui.shell.felt import Felt
from canasta_game.ui.shell.notices import NoticeBoard
from canasta_game.ui.shell.save_health import SaveHealth
from canasta_game.ui.shell.settings_keeper import SettingsKeeper
from canasta_game.ui.shell.stack import ShellStack
from canasta_game.ui.sound_synth import EFFECTS, SoundBank

ART_CACHE_SIZES = 4


class Navigation(Protocol):
    """The moves between screens, implemented by ``flow.Flow``; screens only call these."""

    def show_start(self) -> None: ...
    def show_new_game(self) -> None: ...
    def start_match(self, settings: Settings) -> None: ...
    def continue_match(self) -> None: ...
    def use_backup(self) -> None: ...
    def show_settings(self) -> None: ...
    def show_rules(self) -> None: ...
    def start_tutorial(self) -> None: ...
    def show_statistics(self) -> None: ...
    def open_menu(self) -> None: ...
    def show_hand_score(self) -> None: ...
    def show_match_end(self) -> None: ...
    def next_hand(self) -> None: ...
    def play_again(self) -> None: ...
    def back(self) -> None: ...
    def quit(self) -> None: ...
    def close_requested(self) -> bool: ...


class ShellContext:
    """The app's services; built once by ``app.py`` and handed to every scene."""

    def __init__(
        self,
        dirs: DataDirs,
        settings: Settings,
        display: Display,
        ui_manager: pygame_gui.UIManager,
        sounds: SoundBank,
        *,
        persist_settings: bool = True,
    ) -> None:
        self.dirs = dirs
        self.display = display
        self.ui_manager = ui_manager
        self.sounds = sounds
        self.notices = NoticeBoard()
        self.felt = Felt()
        self.stack = ShellStack(ui_manager)
        self.store = MatchSaveStore(dirs)
        self.save_health = SaveHealth()
        """Read by the mark on the table, the menu, Quit and autoplay's exit status."""
        self.settings_keeper = SettingsKeeper(
            dirs,
            settings,
            self._settings_not_saved,
            persist=persist_settings,
            health=self.save_health,
        )
        self.nav: Navigation | None = None
        self.settings_listeners: list[Callable[[Settings], None]] = []
        """Called after every change of settings (the match applies Hard's thinking time)."""
        self.running = True
        self._art: dict[tuple[int, int], CardArt] = {}
        self._unsynthesised = list(EFFECTS)
        sounds.set_volume(settings.volume)
        sounds.set_muted(settings.muted)
        set_language(settings.language)

    # --- what the table's Protocol asks for --------------------------------------------

    @property
    def settings(self) -> Settings:
        return self.settings_keeper.settings

    def card_art_for(self, size: tuple[int, int]) -> CardArt:
        """Card sprites at ``size``, shared by every scene that draws cards that big."""
        art = self._art.get(size)
        if art is None:
            if len(self._art) >= ART_CACHE_SIZES:
                self._art.pop(next(iter(self._art)))
            art = self._art[size] = CardArt(size, self.settings.four_colour_deck)
        return art

    def open_menu(self) -> None:
        self._navigation().open_menu()

    def show_hand_score(self) -> None:
        self._navigation().show_hand_score()

    def show_match_end(self) -> None:
        self._navigation().show_match_end()

    # --- for the shell -----------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self.display.size

    def _navigation(self) -> Navigation:
        if self.nav is None:
            raise RuntimeError("the navigation is not wired yet")
        return self.nav

    def change_settings(self, settings: Settings) -> None:
        """Apply ``settings`` at once (sound, deck colours, window, language) and save soon."""
        old = self.settings
        self.settings_keeper.change(settings)
        self.sounds.set_volume(settings.volume)
        self.sounds.set_muted(settings.muted)
        if settings.four_colour_deck != old.four_colour_deck:
            for art in self._art.values():
                art.set_four_colour(settings.four_colour_deck)
        if settings.fullscreen != self.display.fullscreen:
            self.display.set_fullscreen(settings.fullscreen)
            if self.display.fullscreen != settings.fullscreen:  # the system refused
                self.settings_keeper.change(dataclasses.replace(settings, fullscreen=False))
        if settings.language != old.language:
            set_language(settings.language)
            self.relayout(self.size)
        for listener in self.settings_listeners:
            listener(self.settings)

    def window_resized(self, size: tuple[int, int]) -> None:
        """Remember a windowed size in the settings, so the next start opens as big."""
        if not self.display.fullscreen:
            self.settings_keeper.change(dataclasses.replace(self.settings, window_size=size))

    def relayout(self, size: tuple[int, int]) -> None:
        """The window changed: tell the UI manager first, then every scene."""
        self.ui_manager.set_window_resolution(size)
        self.stack.resize(size)

    def _settings_not_saved(self, error: SaveError) -> None:
        self.notices.add(
            _("Your settings cannot be saved: {reason}").format(reason=error.reason),
            key="settings-save",
        )

    def warm_up(self) -> None:
        """Synthesise one sound effect that is not ready yet (called once a frame).

        An effect costs up to 0.2 s to synthesise; doing them all before the first frame
        would slow the start, doing one on its first use would stutter a card's flight.
        """
        if self._unsynthesised and self.sounds.available:
            self.sounds.sound(self._unsynthesised.pop(0))

    def play(self, effect: str) -> None:
        """Play a sound effect if there is a mixer and the player has not muted it."""
        self.sounds.play(effect)
