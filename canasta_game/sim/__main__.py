"""``python -m canasta_game.sim``: play hands headless and print throughput and outcomes.

With ``--check`` every invariant of ``canasta_game.sim.invariants`` is verified at every step
(slow, for testing); without it the figures are the engine's raw speed. ``--json`` prints one
JSON object on the last line for scripts.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence

from canasta_game.engine.rules import PRESETS, preset
from canasta_game.sim.policies import POLICIES
from canasta_game.sim.runner import play_hand


def run(preset_name: str, hands: int, seed: int, policy: str, check: bool) -> dict[str, object]:
    rules = preset(preset_name)
    make = POLICIES[policy]
    turns = actions = illegal = 0
    violations: list[str] = []
    endings: Counter[str] = Counter()
    started = time.perf_counter()
    for hand in range(hands):
        hand_seed = f"{seed}:{hand}"
        policies = [make(f"{hand_seed}:{seat}") for seat in range(rules.players)]
        result = play_hand(rules, hand_seed, policies, hand % rules.players, check=check)
        turns += result.turns
        actions += len(result.actions)
        illegal += result.illegal
        violations.extend(result.violations)
        endings[result.final.end.reason if result.final.end else "unfinished"] += 1
    seconds = time.perf_counter() - started
    report: dict[str, object] = {
        "preset": preset_name,
        "policy": policy,
        "seed": seed,
        "hands": hands,
        "turns": turns,
        "actions": actions,
        "seconds": round(seconds, 3),
        "hands_per_s": round(hands / seconds, 1),
        "turns_per_s": round(turns / seconds, 1),
        "actions_per_s": round(actions / seconds, 1),
        "avg_turns_per_hand": round(turns / max(hands, 1), 1),
        "illegal_actions": illegal,
        "ended_went_out": endings["went_out"],
        "ended_stock_exhausted": endings["stock"] + endings["red_three_last"],
    }
    if check:
        report["invariant_violations"] = len(violations)
        report["first_violations"] = violations[:5]
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m canasta_game.sim", description=__doc__)
    parser.add_argument("--preset", default="classic-4", choices=sorted(PRESETS))
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", default="random", choices=sorted(POLICIES))
    parser.add_argument("--check", action="store_true", help="verify invariants at every step")
    parser.add_argument("--json", action="store_true", help="print one JSON object last")
    args = parser.parse_args(argv)
    report = run(args.preset, args.hands, args.seed, args.policy, args.check)
    for key, value in report.items():
        if key != "first_violations":
            print(f"{key:>24}: {value}")
    for line in report.get("first_violations", []) or []:  # type: ignore[union-attr]
        print(f"  violation: {line}")
    if args.json:
        print(json.dumps(report))
    bad = report["illegal_actions"] or report.get("invariant_violations", 0)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
