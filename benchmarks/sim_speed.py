"""Simulator speed of two source trees side by side, as medians (issues 10 and 16).

    python benchmarks/sim_speed.py --tree /path/to/old/checkout --tree . [--runs 5] [--hands 100]

Every measurement runs in a fresh process, the trees taking turns run by run, so that a busy
machine slows both alike; the figure is **turns per CPU second** of the playing alone (the
process's CPU time around the simulator's ``main``, imports excluded), which other work on
the machine disturbs far less than the wall clock:

* ``sim random`` / ``sim greedy``: ``python -m canasta_game.sim --preset classic-4 --policy
  ...`` with the tree's own players (what a user of the simulator gets; issue 16's targets:
  random at least x3, greedy at least x2 against 54fabb1);
* ``fixed greedy``: the engine alone, like for like: every tree plays the same hands with the
  *same* greedy player, the one in this file, which reads the state through ``legal_moves``
  and ``apply`` only, so a difference is the engine's and not a player's (equal ``actions``:
  the same games);
* ``samba random``: Samba's random self-play on each tree that has the preset, with its ratio
  to the same tree's classic-4 random figure (issue 16: within 30%; issue 11: at least 2,000
  turns per second).

Prints per measurement and tree the median turns per CPU second (and hands and actions), and
each later tree's ratio to the first.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


def _sim_once(tree: Path, preset: str, policy: str, hands: int, seed: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree.resolve()))
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--sim-worker", "--preset", preset,
         "--policy", policy, "--hands", str(hands), "--seed", str(seed)],
        capture_output=True, text=True, env=env, cwd=tree, check=True,
    )  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


def _sim_worker(preset: str, policy: str, hands: int, seed: int) -> None:
    """Run the simulator's ``main`` of whichever tree is on the path; print its turns, hands
    and actions per CPU second of the run (the CLI of every tree since 54fabb1 takes these
    arguments)."""
    import contextlib
    import io

    from canasta_game.sim.__main__ import main as sim_main

    argv = ["--preset", preset, "--policy", policy, "--hands", str(hands), "--seed", str(seed)]
    out = io.StringIO()
    cpu = time.process_time()
    with contextlib.redirect_stdout(out):
        sim_main([*argv, "--json"])
    cpu = time.process_time() - cpu
    report = json.loads(out.getvalue().strip().splitlines()[-1])
    print(json.dumps({"turns_per_cpu_s": round(report["turns"] / cpu, 1),
                      "hands_per_cpu_s": round(hands / cpu, 2),
                      "actions_per_cpu_s": round(report["actions"] / cpu, 1)}))  # fmt: skip


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
    actions = turns = 0
    cpu = time.process_time()
    for number in range(hands):
        state = new_hand(rules, f"{seed}:{number}", number % 4)
        while state.phase is not Phase.OVER and actions < 5000 * hands:
            state, _ = apply(state, choose(state, legal_moves(state)))
            actions += 1
        turns += state.turn + 1
    cpu = time.process_time() - cpu
    print(json.dumps({"actions": actions, "turns_per_cpu_s": round(turns / cpu, 1),
                      "hands_per_cpu_s": round(hands / cpu, 2),
                      "actions_per_cpu_s": round(actions / cpu, 1)}))  # fmt: skip


KEYS = ("turns_per_cpu_s", "hands_per_cpu_s", "actions_per_cpu_s")


def _medians(reports: list[dict[str, float]]) -> dict[str, float]:
    return {key: statistics.median(r[key] for r in reports) for key in reports[0]}


def _report(label: str, runs: dict[Path, list[dict[str, float]]]) -> dict[Path, float]:
    """Print the medians of one measurement per tree; return the turns per CPU second."""
    first: dict[str, float] = {}
    turns: dict[Path, float] = {}
    for tree, reports in runs.items():
        if not reports:
            continue
        figures = _medians(reports)
        turns[tree] = figures["turns_per_cpu_s"]
        ratios = "  ".join(f"x{figures[k] / first[k]:.2f}" for k in KEYS) if first else ""
        first = first or figures
        shown = "  ".join(f"{k} {v:g}" for k, v in figures.items())
        print(f"{label:>13} {tree!s:<28} {shown}  {ratios}", flush=True)
    return turns


def _has_preset(tree: Path, name: str) -> bool:
    rules = tree / "canasta_game" / "engine" / "rules.py"
    return f'"{name}"' in rules.read_text(encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tree", action="append", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="classic-4", help=argparse.SUPPRESS)
    parser.add_argument("--policy", default="random", help=argparse.SUPPRESS)
    parser.add_argument("--fixed-worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--sim-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.fixed_worker:
        _fixed_worker(args.hands, args.seed)
        return
    if args.sim_worker:
        _sim_worker(args.preset, args.policy, args.hands, args.seed)
        return
    if not args.tree:
        parser.error("give --tree at least once")
    measures = {
        "sim random": lambda tree: _sim_once(tree, "classic-4", "random", args.hands, args.seed),
        "sim greedy": lambda tree: _sim_once(tree, "classic-4", "greedy", args.hands, args.seed),
        "fixed greedy": lambda tree: _fixed_once(tree, args.hands, args.seed),
        "samba random": lambda tree: _sim_once(tree, "samba", "random", args.hands, args.seed),
    }
    results: dict[str, dict[Path, float]] = {}
    for label, measure in measures.items():
        trees = [t for t in args.tree if label != "samba random" or _has_preset(t, "samba")]
        runs: dict[Path, list[dict[str, float]]] = {tree: [] for tree in trees}
        for _ in range(args.runs):
            for tree in trees:
                runs[tree].append(measure(tree))
        results[label] = _report(label, runs)
    for tree, samba in results["samba random"].items():
        classic = results["sim random"][tree]
        print(f"samba / classic-4 random on {tree}: x{samba / classic:.2f}")


if __name__ == "__main__":
    main()
