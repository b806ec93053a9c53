"""Where the game's files live on disk.

Paths are resolved on every access, never at import time: the player's environment
(``XDG_DATA_HOME``, ``XDG_CONFIG_HOME``, a ``--data-dir`` flag parsed later in ``main``) is
only known once the program runs, and tests must be able to point it elsewhere after importing.
Nothing here creates a folder: folders appear when the first file is written into them, so
merely starting the game (or a test) leaves no empty directories behind.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "canasta-game"
SETTINGS_FILE = "settings.json"
STATISTICS_FILE = "statistics.json"
MATCH_FILE = "match.json"
HOUSE_TABLES_FOLDER = "house-tables"


@dataclass(frozen=True)
class DataDirs:
    """The two folders the game writes to: data (saves, statistics) and config (settings).

    With ``override`` set (the future ``--data-dir DIR``), both live directly in that one
    folder, so a portable install or a test keeps everything together; the three file names
    never collide. The override is made absolute once, so a later ``chdir`` cannot move it.
    """

    override: Path | None = None

    def __post_init__(self) -> None:
        if self.override is not None:
            absolute = Path(os.fspath(self.override)).expanduser().absolute()
            object.__setattr__(self, "override", absolute)

    @property
    def data_dir(self) -> Path:
        """Folder for the saved match and statistics (``$XDG_DATA_HOME/canasta-game`` on Linux)."""
        if self.override is not None:
            return self.override
        return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))

    @property
    def config_dir(self) -> Path:
        """Folder for settings (``$XDG_CONFIG_HOME/canasta-game`` on Linux)."""
        if self.override is not None:
            return self.override
        return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))

    @property
    def settings_file(self) -> Path:
        """The player's settings document."""
        return self.config_dir / SETTINGS_FILE

    @property
    def statistics_file(self) -> Path:
        """The statistics document."""
        return self.data_dir / STATISTICS_FILE

    @property
    def match_file(self) -> Path:
        """The match in progress, if any."""
        return self.data_dir / MATCH_FILE

    @property
    def house_tables_dir(self) -> Path:
        """The house tables the player saved by name, one file each (beside the settings)."""
        return self.config_dir / HOUSE_TABLES_FOLDER
