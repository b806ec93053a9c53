"""Building the app's services in the right order, for ``app.py`` and for the tests.

The order matters: settings before the window (its size, fullscreen), the window before the
UI manager (its resolution) and before any card art (converted to the display's format),
and the mixer tried once with the game running silently when there is no audio device.
"""

from __future__ import annotations

import dataclasses

import pygame
import pygame_gui

from canasta_game.i18n import system_language
from canasta_game.persistence import DataDirs, load_settings
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.display import Display
from canasta_game.ui.shell.theme import display_font, theme
from canasta_game.ui.sound_synth import SoundBank


def build_context(
    dirs: DataDirs,
    *,
    size: tuple[int, int] | None = None,
    headless: bool = False,
    persist_settings: bool = True,
    language: str | None = None,
) -> ShellContext:
    """Open the window and make the services; a settings problem becomes a notice.

    ``language`` (``--lang``) overrides the saved one; on the first start, with no settings
    file yet, the game speaks the system's language when it is one of the four.
    """
    if not pygame.get_init():
        pygame.init()
    display_font.cache_clear()  # fonts of an earlier pygame.init() are no longer valid
    first_start = not dirs.settings_file.exists()
    loaded = load_settings(dirs)
    settings = loaded.settings
    if language is not None or first_start:
        settings = dataclasses.replace(settings, language=language or system_language())
    if size is None:  # a dummy driver's "screen" says nothing about the player's
        saved = settings.window_size
        size = saved if headless else fit_to_screen(saved, pygame.display.get_desktop_sizes())
    display = Display(size, fullscreen=settings.fullscreen and not headless)
    display.open()
    _set_icon()
    sounds = SoundBank(settings.volume, settings.muted)
    if headless:
        pygame.mixer.quit()  # nobody listens; and no effect is synthesised for nothing
    else:
        SoundBank.init_mixer()  # False when there is no audio device: the game runs silently
    manager = pygame_gui.UIManager(display.size, theme(), enable_live_theme_updates=False)
    ctx = ShellContext(dirs, settings, display, manager, sounds, persist_settings=persist_settings)
    display.on_resize = ctx.relayout
    if loaded.problem is not None:
        ctx.notices.add(loaded.problem.message, seconds=12.0)
    return ctx


def fit_to_screen(size: tuple[int, int], screens: list[tuple[int, int]]) -> tuple[int, int]:
    """A saved window size no larger than the first screen (the game may have been on a
    bigger monitor last time); unchanged when the system names no screen."""
    if not screens or min(screens[0]) <= 0:
        return size
    width, height = screens[0]
    return (min(size[0], width), min(size[1], height))


def _set_icon() -> None:
    try:
        from canasta_game.ui.icon import render_icon

        pygame.display.set_icon(render_icon(64))
    except (ImportError, pygame.error):
        pass  # an icon is a nicety
