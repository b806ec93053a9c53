"""Running the deals of an arena, in this process or in ``jobs`` worker processes."""

from __future__ import annotations

import math
import multiprocessing
import time
from typing import Any

from canasta_game.arena.games import ArenaSpec, DealResult, play_deal
from canasta_game.arena.report import summarize


def _play(task: tuple[ArenaSpec, int]) -> DealResult:
    spec, deal = task
    return play_deal(spec, deal)


def run_arena(spec: ArenaSpec, games: int, jobs: int = 1) -> dict[str, Any]:
    """Play at least ``games`` games (whole duplicate deals) and summarise them."""
    copies = spec.rules.sides
    deals = max(1, math.ceil(games / copies))
    tasks = [(spec, deal) for deal in range(deals)]
    started = time.perf_counter()
    if jobs > 1:
        # "spawn" keeps workers independent of whatever the parent imported or seeded
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(_play, tasks, chunksize=1)
    else:
        results = [_play(task) for task in tasks]
    report: dict[str, Any] = {
        "preset": spec.rules.name,
        "a": spec.a,
        "b": spec.b,
        "seed": spec.seed,
        "budget_s": spec.budget,
        "clock": spec.clock,
        "target": spec.rules.target,
        "hands_per_game": spec.hands_per_game,
        "jobs": jobs,
    }
    report.update(summarize(results))
    report["seconds"] = round(time.perf_counter() - started, 2)
    return report
