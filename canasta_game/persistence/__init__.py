"""Everything the game writes to disk: settings, statistics and the match in progress.

Deliberately free of pygame and of the engine, so files can be read, repaired and tested
without a window or a rule set. JSON only, never a serialised object: a save is data the player
may open, and opening it must never run code.
"""

from canasta_game.persistence.atomic import backup_path, write_json_atomic
from canasta_game.persistence.errors import SaveError
from canasta_game.persistence.paths import DataDirs
from canasta_game.persistence.results import Absent, Loaded, LoadResult, Problem, ProblemCode
from canasta_game.persistence.saves import MatchSaveStore
from canasta_game.persistence.settings import Settings, SettingsLoad, load_settings, save_settings
from canasta_game.persistence.stats import (
    Statistics,
    StatisticsLoad,
    Tally,
    load_statistics,
    record_hand,
    record_match,
    save_statistics,
)
from canasta_game.persistence.store import Upgrader, Validator, load_document

__all__ = [
    "Absent",
    "DataDirs",
    "LoadResult",
    "Loaded",
    "MatchSaveStore",
    "Problem",
    "ProblemCode",
    "SaveError",
    "Settings",
    "SettingsLoad",
    "Statistics",
    "StatisticsLoad",
    "Tally",
    "Upgrader",
    "Validator",
    "backup_path",
    "load_document",
    "load_settings",
    "load_statistics",
    "record_hand",
    "record_match",
    "save_settings",
    "save_statistics",
    "write_json_atomic",
]
