"""The strength arena: bot against bot on duplicate deals, with intervals and latencies.

``python -m canasta_game.arena --preset classic-4 --a hard --b medium --games 20 --seed 1``
plays whole games (or ``--hands-per-game`` hands, or to a lower ``--target``), every deal
once per side so that the luck of the cards cancels out, optionally in ``--jobs`` processes.
A seeded run is reproducible: deals are numbered, every bot's seed derives from the run seed,
the deal and the seat, and results are gathered in deal order whatever the job count.
"""

from __future__ import annotations

from canasta_game.arena.games import BOT_NAMES, ArenaSpec, play_deal
from canasta_game.arena.report import summarize
from canasta_game.arena.runner import run_arena

__all__ = ["BOT_NAMES", "ArenaSpec", "play_deal", "run_arena", "summarize"]
