"""Simulator speed of two source trees side by side, as medians (issue 10: it must not drop).

    python benchmarks/sim_speed.py --tree /path/to/old/checkout --tree . [--runs 3] [--hands 100]

Two measurements per tree, each run in a fresh process, the trees taking turns so that a busy
machine slows both alike:

* ``sim``: ``python -m canasta_game.sim --preset classic-4 --json`` with the tree's own random
  and greedy players (what a user of the simulator gets);
* ``fixed``: the engine alone, like for like: every tree plays the same hands with the *same*
  greedy player, the one in this file, which reads the state through ``legal_moves`` and
  ``apply`` only, so a difference is the engine's and not a player's.

Prints per measurement and tree the median hands per second (wall clock and CPU time) and
actions per second, and each later tree's ratio to the first.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _sim_once(tree: Path, policy: str, hands: int, seed: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree.resolve()))
    cpu = _child_cpu()
    done = subprocess.run(
        [sys.executable, "-m", "canasta_game.sim", "--preset", "classic-4", "--hands",
         str(hands), "--seed", str(seed), "--policy", policy, "--json"],
        capture_output=True, text=True, env=env, cwd=tree, check=True,
    )  # fmt: skip
    report = json.loads(done.stdout.strip().splitlines()[-1])
    # CPU seconds of the whole process (imports included): steadier than the wall clock on
    # a machine that other work shares
    report["hands_per_cpu_s"] = round(hands / (_child_cpu() - cpu), 2)
    return report


def _fixed_once(tree: Path, hands: int, seed: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree.resolve()))
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--fixed-worker", "--hands", str(hands),
         "--seed", str(seed)],
        capture_output=True, text=True, env=env, cwd=tree, check=True,
    )  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


def _fixed_worker(hands: int, seed: int) -> None:
    """Play ``hands`` classic-4 hands with the fixed greedy player on whichever engine is on
    the path; print the throughput and a count of actions (equal counts: the same games)."""
    from canasta_game.engine.actions import AnswerGoOut, Discard, DrawStock, Meld, TakePile
    from canasta_game.engine.cards import RANK_OF, VALUE_OF
    from canasta_game.engine.game import apply
    from canasta_game.engine.movegen import legal_moves
    from canasta_game.engine.rules import preset
    from canasta_game.engine.setup import new_hand
    from canasta_game.engine.state import Phase

    def choose(state, moves):  # type: ignore[no-untyped-def]
        answers = [m for m in moves if isinstance(m, AnswerGoOut) and m.yes]
        takes = [m for m in moves if isinstance(m, TakePile)]
        melds = [m for m in moves if isinstance(m, Meld)]
        discards = [m for m in moves if isinstance(m, Discard)]
        hand = state.hands[state.current]
        if answers:
            return answers[0]
        if takes:
            return max(takes, key=lambda m: (len(m.cards) + sum(map(len, m.melds)), repr(m)))
        if melds:
            return max(melds, key=lambda m: (len(m.cards()), repr(m)))
        if discards:
            ranks = [RANK_OF[c] for c in hand]
            same = {rank: ranks.count(rank) for rank in ranks}
            return min(discards, key=lambda m: (same[RANK_OF[m.card]], VALUE_OF[m.card], m.card))
        return next((m for m in moves if isinstance(m, DrawStock)), moves[0])

    rules = preset("classic-4")
    actions = 0
    started, cpu_started = time.perf_counter(), time.process_time()
    for number in range(hands):
        state = new_hand(rules, f"{seed}:{number}", number % 4)
        while state.phase is not Phase.OVER and actions < 5000 * hands:
            state, _ = apply(state, choose(state, legal_moves(state)))
            actions += 1
    seconds = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    print(json.dumps({"actions": actions, "hands_per_s": round(hands / seconds, 2),
                      "actions_per_s": round(actions / seconds, 1),
                      "hands_per_cpu_s": round(hands / cpu, 2)}))  # fmt: skip


def _report(label: str, runs: dict[Path, list[dict[str, float]]], keys: tuple[str, ...]) -> None:
    first: dict[str, float] = {}
    for tree, reports in runs.items():
        figures = {key: statistics.median(r[key] for r in reports) for key in keys}
        ratios = "  ".join(f"x{figures[k] / first[k]:.3f}" for k in keys) if first else ""
        first = first or figures
        shown = "  ".join(f"{k} {v}" for k, v in figures.items())
        print(f"{label:>13} {tree!s:<28} {shown}  {ratios}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tree", action="append", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fixed-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.fixed_worker:
        _fixed_worker(args.hands, args.seed)
        return
    if not args.tree:
        parser.error("give --tree at least once")
    measures = {
        "sim random": lambda tree: _sim_once(tree, "random", args.hands, args.seed),
        "sim greedy": lambda tree: _sim_once(tree, "greedy", args.hands, args.seed),
        "fixed greedy": lambda tree: _fixed_once(tree, args.hands, args.seed),
    }
    for label, measure in measures.items():
        runs: dict[Path, list[dict[str, float]]] = {tree: [] for tree in args.tree}
        for _ in range(args.runs):
            for tree in args.tree:
                runs[tree].append(measure(tree))
        keys = ("hands_per_s", "hands_per_cpu_s", "actions_per_s")
        keys += ("actions",) if label.startswith("fixed") else ()
        _report(label, runs, keys)


if __name__ == "__main__":
    main()
