"""Measure the computer players against the targets of issue 3 and print a verdict per target.

    python benchmarks/arena_targets.py [--jobs 2] [--seed 1] [--quick]

Targets: Medium beats Easy in >= 75% of games; Medium and Easy beat the random policy in
>= 95%; Hard beats Medium in >= 58% with the interval's lower end above 50% (games, or score
per hand when the game count is too small to tell); decision p95: Easy and Medium <= 20 ms,
Hard <= 700 ms at the 0.5 s budget. Hard games are slow (half a second per searched
decision), so its match is played with ``--hard-games`` games of ``--hard-hands`` hands each.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from canasta_game.arena import ArenaSpec, run_arena
from canasta_game.engine.rules import preset


def _run(a: str, b: str, games: int, seed: int, jobs: int, **extra: Any) -> dict[str, Any]:
    spec = ArenaSpec(
        preset("classic-4"),
        a,
        b,
        seed,
        extra.get("budget", 0.5),
        extra.get("hands_per_game"),
    )
    report = run_arena(spec, games, jobs)
    print(json.dumps(report))
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--hard-games", type=int, default=40)
    parser.add_argument("--hard-hands", type=int, default=None)
    parser.add_argument("--budget", type=float, default=0.5)
    parser.add_argument("--quick", action="store_true", help="a few games each, for a smoke run")
    args = parser.parse_args()
    games = 10 if args.quick else args.games
    hard_games = 2 if args.quick else args.hard_games
    hard_hands = 2 if args.quick else args.hard_hands
    verdicts: list[tuple[str, bool, str]] = []

    def rate(report: dict[str, Any]) -> str:
        low, high = report["a_win_rate_ci95"]
        return f"{report['a_win_rate']:.1%} [{low:.1%}, {high:.1%}] of {report['games']} games"

    me = _run("medium", "easy", games, args.seed, args.jobs)
    verdicts.append(("Medium beats Easy >= 75%", me["a_win_rate"] >= 0.75, rate(me)))
    for level in ("medium", "easy"):
        vs = _run(level, "random", games, args.seed, args.jobs)
        verdicts.append((f"{level} beats random >= 95%", vs["a_win_rate"] >= 0.95, rate(vs)))
    for level, report in (("easy", me["latency_ms"]["b"]), ("medium", me["latency_ms"]["a"])):
        verdicts.append((f"{level} p95 <= 20 ms", report["p95"] <= 20.0, f"{report['p95']} ms"))
    hm = _run(
        "hard",
        "medium",
        hard_games,
        args.seed,
        args.jobs,
        budget=args.budget,
        hands_per_game=hard_hands,
    )
    low = hm["a_win_rate_ci95"][0]
    diff_low = hm["a_score_diff_per_hand_ci95"][0]
    verdicts.append(("Hard beats Medium >= 58%", hm["a_win_rate"] >= 0.58, rate(hm)))
    verdicts.append(
        (
            "Hard's 95% lower end > 50% (games or score/hand)",
            low > 0.5 or diff_low > 0,
            f"games {low:.1%}; score/hand {hm['a_score_diff_per_hand']} "
            f"{hm['a_score_diff_per_hand_ci95']}",
        )
    )
    p95 = hm["latency_ms"]["a"]["p95"]
    verdicts.append((f"Hard p95 <= 700 ms at {args.budget} s", p95 <= 700.0, f"{p95} ms"))
    print()
    for name, met, figure in verdicts:
        print(f"{'MET ' if met else 'NOT '} {name:<50} {figure}")


if __name__ == "__main__":
    main()
