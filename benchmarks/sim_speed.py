"""Simulator speed of two source trees side by side, as medians (issue 10: it must not drop).

    python benchmarks/sim_speed.py --tree /path/to/old/checkout --tree . [--runs 3] [--hands 100]

Each run is ``python -m canasta_game.sim --preset classic-4 --json`` in a fresh process, with
the trees taking turns so that a busy machine slows both alike. Prints, per policy and tree,
the median hands, turns and actions per second.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path


def _once(tree: Path, policy: str, hands: int, seed: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree.resolve()))
    done = subprocess.run(
        [sys.executable, "-m", "canasta_game.sim", "--preset", "classic-4", "--hands",
         str(hands), "--seed", str(seed), "--policy", policy, "--json"],
        capture_output=True, text=True, env=env, cwd=tree, check=True,
    )  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tree", action="append", type=Path, required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for policy in ("random", "greedy"):
        runs: dict[Path, list[dict[str, float]]] = {tree: [] for tree in args.tree}
        for _ in range(args.runs):
            for tree in args.tree:
                runs[tree].append(_once(tree, policy, args.hands, args.seed))
        for tree, reports in runs.items():
            figures = {
                key: statistics.median(r[key] for r in reports)
                for key in ("hands_per_s", "turns_per_s", "actions_per_s")
            }
            print(f"{policy:>7} {tree!s:<28} " + "  ".join(f"{k} {v}" for k, v in figures.items()))


if __name__ == "__main__":
    main()
