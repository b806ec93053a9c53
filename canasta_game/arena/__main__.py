"""``python -m canasta_game.arena``: measure one bot against another.

Prints the figures line by line and, with ``--json``, one JSON object on the last line.
Exits with status 1 if any bot made an illegal move.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from canasta_game.arena.games import BOT_NAMES, ArenaSpec
from canasta_game.arena.remote import split_remote
from canasta_game.arena.runner import run_arena
from canasta_game.engine.rules import PRESETS, preset


def _bot_name(name: str) -> str:
    """One of ``BOT_NAMES``, or ``LEVEL@CHECKOUT``: that level of another source tree."""
    try:
        if name in BOT_NAMES or split_remote(name) is not None:
            return name
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    raise argparse.ArgumentTypeError(f"{name!r}: one of {', '.join(BOT_NAMES)} or LEVEL@CHECKOUT")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m canasta_game.arena", description=__doc__)
    parser.add_argument("--preset", default="classic-4", choices=sorted(PRESETS))
    also = "a bot name, or LEVEL@CHECKOUT for that level of another source tree"
    parser.add_argument("--a", default="medium", type=_bot_name, help=also)
    parser.add_argument("--b", default="easy", type=_bot_name, help=also)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--budget", type=float, default=0.5, help="Hard's seconds per decision")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="what Hard's budget is measured on, for every Hard of the arena (cpu: its "
        "process's CPU time, fair on a busy machine)",
    )
    parser.add_argument("--hands-per-game", type=int, default=None)
    parser.add_argument("--target", type=int, default=None, help="game target score")
    parser.add_argument("--json", action="store_true", help="print one JSON object last")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or args.budget <= 0:
        parser.error("--games and --jobs must be positive, --budget above zero")
    rules = preset(args.preset, target=args.target) if args.target else preset(args.preset)
    spec = ArenaSpec(
        rules,
        args.a,
        args.b,
        args.seed,
        args.budget,
        hands_per_game=args.hands_per_game,
        clock=args.clock,
    )
    report = run_arena(spec, args.games, args.jobs)
    for key, value in report.items():
        print(f"{key:>28}: {value}")
    if args.json:
        print(json.dumps(report))
    return 1 if report["illegal_moves"] else 0


if __name__ == "__main__":
    sys.exit(main())
