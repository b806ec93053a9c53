"""What a computer player is, as the controller sees it.

A bot sees only its own ``PlayerView`` and the legal moves the engine generated for it, and
returns one of those moves; the controller applies it through the same legality check as a
human's move. Bots keep their own seeded ``random.Random``, never the module-level one.
A bot class that sets ``reads_view = False`` (one that never looks at the position, the
random baseline) is handed None for the view by the play loop, which then skips building it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from canasta_game.engine.actions import Action
from canasta_game.engine.observation import PlayerView

LEVELS = ("easy", "medium", "hard")


class Bot(Protocol):
    """A computer player for one seat."""

    level: str
    seat: int

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` (never empty) for the position ``view``."""
        ...
