"""Settings are applied the moment they change and written to disk shortly after.

A slider sends dozens of changes a second; writing (with fsync) for each would stutter, so
the write waits until the value has been still for a moment, and ``flush`` forces it when a
screen closes or the game quits. A disk that refuses is reported once, not every frame.
"""

from __future__ import annotations

from collections.abc import Callable

from canasta_game.persistence import DataDirs, SaveError, Settings, save_settings
from canasta_game.ui.shell.save_health import SaveHealth

SAVE_DELAY_S = 0.4


class SettingsKeeper:
    """Holds the current settings and writes them after ``SAVE_DELAY_S`` of quiet."""

    def __init__(
        self,
        dirs: DataDirs,
        settings: Settings,
        on_error: Callable[[SaveError], None],
        *,
        persist: bool = True,
        health: SaveHealth | None = None,
    ) -> None:
        self._dirs = dirs
        self._settings = settings
        self._on_error = on_error
        self._persist = persist
        self._health = health if health is not None else SaveHealth()
        self._pending: float | None = None
        self._failed = False

    @property
    def settings(self) -> Settings:
        return self._settings

    @property
    def dirty(self) -> bool:
        return self._pending is not None

    def change(self, settings: Settings) -> None:
        """Take ``settings`` as current; the write happens after a short quiet spell."""
        if settings == self._settings:
            return
        self._settings = settings
        if self._persist:
            self._pending = SAVE_DELAY_S

    def update(self, dt: float) -> None:
        if self._pending is None:
            return
        self._pending -= dt
        if self._pending <= 0:
            self.flush()

    def flush(self) -> bool:
        """Write now if anything is waiting; False when the disk refused."""
        if self._pending is None:
            return True
        self._pending = None
        try:
            save_settings(self._dirs, self._settings)
        except SaveError as error:
            self._health.failed(error)
            if not self._failed:
                self._on_error(error)
            self._failed = True
            return False
        self._health.saved(self._dirs.settings_file)
        self._failed = False
        return True
