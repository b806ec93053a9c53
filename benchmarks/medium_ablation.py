"""Per-hand duplicate ablation of Medium: what one constant is worth against another bot.

    python benchmarks/medium_ablation.py --set melding.PILE_FIGHT_RESERVE=5 \\
        --seed 7 --deals 300 --out res5.json [--scores 3000:3000] [--b medium@/work/wt/base54]
    python benchmarks/medium_ablation.py --compare cur.json res5.json

Each deal is one hand played twice (duplicate: each bot in each side's seats), like the
arena's ``--hands-per-game 1``, but the file keeps every deal's result, so two arms run on
the same seed compare deal by deal (a paired difference: its standard error is a fraction
of either arm's, since most hands are played identically). ``--set MODULE.NAME=VALUE``
patches a constant of ``canasta_game.ai.MODULE`` in this process only (Medium reads its
constants at call time); ``--scores`` starts every hand at those match scores, so the
initial-meld minimums of a late game (C-INIT-1) can be measured, which a hand at 0:0 never
shows. Used for issue 16's ablation of Medium against 54fabb1's Medium.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import math
import time
from collections.abc import Sequence

from canasta_game.arena import games
from canasta_game.arena.games import ArenaSpec, play_deal
from canasta_game.engine.match import Match
from canasta_game.engine.rules import preset


def patch(settings: Sequence[str]) -> None:
    """Set each ``MODULE.NAME=VALUE`` on ``canasta_game.ai.MODULE``, keeping the type."""
    for item in settings:
        name, value = item.split("=")
        module_name, constant = name.rsplit(".", 1)
        module = importlib.import_module(f"canasta_game.ai.{module_name}")
        old = getattr(module, constant)  # a misspelt name fails here
        setattr(module, constant, type(old)(float(value)))


class _ScoredMatch:
    """``Match`` for the arena's games, with every match starting at the given scores."""

    scores: tuple[int, ...] = ()

    @classmethod
    def start(cls, rules: object, seed: int | str) -> Match:
        return dataclasses.replace(Match.start(rules, seed), scores=cls.scores)


def run(args: argparse.Namespace) -> None:
    """Play the deals and write each deal's score difference per copy to ``args.out``."""
    patch(args.set)
    if args.scores:
        _ScoredMatch.scores = tuple(int(s) for s in args.scores.split(":"))
        games.Match = _ScoredMatch
    spec = ArenaSpec(preset(args.preset), "medium", args.b, args.seed, 0.5, hands_per_game=1)
    start = time.perf_counter()
    deals = {d: [sum(c.a_diffs) for c in play_deal(spec, d).copies] for d in range(args.deals)}
    record = {"set": args.set, "scores": args.scores, "seed": args.seed, "b": args.b}
    record |= {"deals": deals, "seconds": time.perf_counter() - start}
    with open(args.out, "w", encoding="utf-8") as handle:
        json.dump(record, handle)


def _mean_se(values: Sequence[float]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    var = sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1)
    return mean, math.sqrt(var / len(values))


def compare(paths: Sequence[str]) -> None:
    """Print each arm against its opponent and, paired by deal, against the first arm."""
    arms = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            deals = json.load(handle)["deals"]
        arms.append({k: sum(v) / len(v) for k, v in deals.items()})
    first = arms[0]
    for path, arm in zip(paths, arms, strict=True):
        mean, se = _mean_se(list(arm.values()))
        line = f"{path}: {mean:+.1f} (se {se:.1f}) per hand over {len(arm)} deals"
        shared = [k for k in arm if k in first]
        if arm is not first and len(shared) > 1:
            diff, dse = _mean_se([arm[k] - first[k] for k in shared])
            line += f"; paired against the first: {diff:+.1f} (se {dse:.1f})"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--set", action="append", default=[], help="MODULE.NAME=VALUE")
    parser.add_argument("--preset", default="classic-4")
    parser.add_argument("--b", default="medium@/work/wt/base54")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--scores", default="", help="match scores at the start, e.g. 3000:3000")
    parser.add_argument("--out", default="ablation.json")
    parser.add_argument("--compare", nargs="+", help="result files; the first is the baseline")
    args = parser.parse_args()
    if args.compare:
        compare(args.compare)
    else:
        run(args)


if __name__ == "__main__":
    main()
