"""Hard's worlds per CPU second on two source trees side by side, and whether they choose alike.

    python benchmarks/hard_worlds.py --tree /path/to/old/checkout --tree . [--runs 3]
        [--positions 60] [--worlds 60] [--preset classic-4]

Why: Hard's strength is bought with sampled worlds, so a change to its search or to the
engine under it is measured by how many worlds a CPU second plays. Each run asks Hard for its
move at the same positions (Medium self-play of classic-4, or of the rules ``--preset``
names, one position in ten with a choice) with a clock that ticks once per reading, so every
decision plays the same number of worlds whatever the machine's speed; the figure is worlds
per CPU second of the decisions alone.
The digest of the chosen moves tells whether two trees decide alike for the same worlds (a
speed change should leave it as it was). Every run is a fresh process, the trees taking turns.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

SAMPLE_EVERY = 10  # one position with a choice in this many is asked


def _once(tree: Path, positions: int, worlds: int, preset: str) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(tree.resolve()))
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--worker", "--preset", preset,
         "--positions", str(positions), "--worlds", str(worlds)],
        capture_output=True, text=True, env=env, cwd=tree, check=True,
    )  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


class _Tick:
    """A clock that advances one unit per reading: Hard then plays a fixed count of worlds."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def _worker(positions: int, worlds: int, preset_name: str = "classic-4") -> None:
    """Play Medium self-play hands until ``positions`` positions are collected, then time
    Hard's decision at each; print one JSON line."""
    import random

    from canasta_game.ai.hard import DEADLINE_SHARE, HardBot
    from canasta_game.ai.medium import MediumBot
    from canasta_game.engine.actions import action_to_dict
    from canasta_game.engine.game import apply
    from canasta_game.engine.movegen import legal_moves
    from canasta_game.engine.observation import observe
    from canasta_game.engine.rules import preset
    from canasta_game.engine.setup import new_hand
    from canasta_game.engine.state import Phase

    rules = preset(preset_name)
    states = []
    hand = 0
    while len(states) < positions:
        hand += 1
        state = new_hand(rules, hand, dealer=hand % rules.players)
        bots = [MediumBot(seat, hand) for seat in range(rules.players)]
        pick = random.Random(hand * 7)
        while state.phase is not Phase.OVER and len(states) < positions:
            legal = legal_moves(state)
            if len(legal) > 1 and pick.randrange(SAMPLE_EVERY) == 0:
                states.append(state)
            state, _ = apply(state, bots[state.actor].choose(observe(state, state.actor), legal))
    digest = hashlib.sha256()
    played = 0
    cpu = 0.0
    for i, state in enumerate(states):
        budget = (worlds + 1.5) / DEADLINE_SHARE  # ticks: about ``worlds`` worlds
        bot = HardBot(state.actor, f"bench:{i}", budget=budget, clock=_Tick())
        view, legal = observe(state, state.actor), legal_moves(state)
        started = time.process_time()
        move = bot.choose(view, legal)
        cpu += time.process_time() - started
        played += bot.last_worlds
        digest.update(repr(action_to_dict(move)).encode())
    report = {"worlds": played, "cpu_s": cpu, "digest": digest.hexdigest()[:12]}
    print(json.dumps({**report, "worlds_per_s": played / cpu}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", action="append", type=Path, default=[])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--worlds", type=int, default=60)
    parser.add_argument("--preset", default="classic-4", help="the rules of the positions")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args.positions, args.worlds, args.preset)
        return
    trees = args.tree or [Path(".")]
    runs: dict[Path, list[dict[str, object]]] = {tree: [] for tree in trees}
    for _ in range(args.runs):
        for tree in trees:
            runs[tree].append(_once(tree, args.positions, args.worlds, args.preset))
    first = None
    for tree in trees:
        rates = [float(r["worlds_per_s"]) for r in runs[tree]]  # type: ignore[arg-type]
        median = statistics.median(rates)
        digests = sorted({str(r["digest"]) for r in runs[tree]})
        ratio = "" if first is None else f"  x{median / first:.2f}"
        first = median if first is None else first
        worlds = runs[tree][0]["worlds"]
        print(f"{tree}: {median:.1f} worlds per CPU s (median of {len(rates)}, {worlds} worlds)"
              f"{ratio}  moves {', '.join(digests)}")  # fmt: skip


if __name__ == "__main__":
    main()
