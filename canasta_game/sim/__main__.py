"""``python -m canasta_game.sim``: play hands headless and print throughput and outcomes.

With ``--check`` every invariant of ``canasta_game.sim.invariants`` is verified at every step
(slow, for testing); without it the figures are the engine's raw speed. ``--option ID=VALUE``
switches a RULES.md option (repeatable); ``--random-options`` plays each hand under its own
seeded random combination. ``--json`` prints one JSON object on the last line for scripts;
``dead_ends`` (no legal move before the end) and ``capped_hands`` (a hand that ran away) must
both be 0.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from canasta_game.engine.rules import PRESETS, Rules, preset
from canasta_game.sim.options import parse_option, random_options, with_options
from canasta_game.sim.policies import POLICIES
from canasta_game.sim.runner import play_hand


def run(
    rules: Rules,
    hands: int,
    seed: int,
    policy: str,
    check: bool,
    random_combos: bool = False,
) -> dict[str, object]:
    make = POLICIES[policy]
    rng = random.Random(f"options:{seed}")
    turns = actions = illegal = dead_ends = capped = 0
    violations: list[str] = []
    endings: Counter[str] = Counter()
    started = time.perf_counter()
    for hand in range(hands):
        hand_rules = random_options(rules, rng) if random_combos else rules
        hand_seed = f"{seed}:{hand}"
        bots = [make(seat, hand_seed) for seat in range(hand_rules.players)]
        result = play_hand(hand_rules, hand_seed, bots, hand % hand_rules.players, check=check)
        turns += result.turns
        actions += len(result.actions)
        illegal += result.illegal
        dead_ends += result.dead_end
        capped += result.capped
        violations.extend(f"hand {hand}: {v}" for v in result.violations)
        endings[result.final.end.reason if result.final.end else "unfinished"] += 1
    seconds = time.perf_counter() - started
    report: dict[str, object] = {
        "preset": rules.name,
        "policy": policy,
        "seed": seed,
        "random_options": random_combos,
        "hands": hands,
        "turns": turns,
        "actions": actions,
        "seconds": round(seconds, 3),
        "hands_per_s": round(hands / seconds, 1),
        "turns_per_s": round(turns / seconds, 1),
        "actions_per_s": round(actions / seconds, 1),
        "avg_turns_per_hand": round(turns / max(hands, 1), 1),
        "illegal_actions": illegal,
        "dead_ends": dead_ends,
        "capped_hands": capped,
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
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="ID=VALUE",
        help="switch a RULES.md option, e.g. O-STOCK-RECYCLE=true (repeatable)",
    )
    parser.add_argument(
        "--random-options", action="store_true", help="a seeded random combination per hand"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object last")
    args = parser.parse_args(argv)
    try:
        changes: dict[str, Any] = dict(parse_option(text) for text in args.option)
        rules = with_options(preset(args.preset), changes)
    except ValueError as exc:
        parser.error(str(exc))
    report = run(rules, args.hands, args.seed, args.policy, args.check, args.random_options)
    for key, value in report.items():
        if key != "first_violations":
            print(f"{key:>24}: {value}")
    for line in report.get("first_violations", []) or []:  # type: ignore[union-attr]
        print(f"  violation: {line}")
    if args.json:
        print(json.dumps(report))
    bad = (
        report["illegal_actions"]
        or report["dead_ends"]
        or report["capped_hands"]
        or report.get("invariant_violations", 0)
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
