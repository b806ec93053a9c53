"""The few game vocabularies the persistence layer has to check on its own.

Persistence may not import the engine (it must load and repair files even when the engine
cannot start), so the values settings and statistics are keyed by are spelled out here.
"""

from __future__ import annotations

from typing import Final

DIFFICULTIES: Final = ("easy", "medium", "hard")
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6


def is_json_int(value: object) -> bool:
    """A JSON integer; ``True``/``False`` are Python ints but never a count or a size."""
    return isinstance(value, int) and not isinstance(value, bool)
