"""Rebuild Hard's learned position value (``canasta_game/ai/value_weights.py``).

    python tools/train_value.py [--preset classic-4] [--hands 3000] [--jobs 2] [--ridge 1.0]
        [--out PATH]

Plays hands of ``--preset`` (one of ``PRESETS``, the presets with weights) with Medium in every
seat (seeds ``value:<n>``, never used by the arena or the decision set; each side's score at the
start drawn from the preset's opening tiers from 0 up, so every opening minimum is seen),
records ``value.features`` of the position at the start of every turn from side 0's seat and,
once the hand is over, the target: side 0's hand score minus side 1's, in hundreds. The weights
are a ridge regression on them (normal equations, solved in pure Python), so the same command on
the same code gives the same file. One hand in five is held out and the script prints how well
the model and ``evaluate`` alone predict those hands (root mean square error, in points) before
fitting on every hand. The file keeps the other presets' weights it already holds (when they
were fitted on the same features). The default run took 282 s on one busy core (255 s playing,
the rest fitting: the sums are taken column by column, which gives the shipped weights to the
last printed digit).
"""

from __future__ import annotations

import argparse
import ast
import math
import multiprocessing
import operator
import random
import time
from collections.abc import Sequence
from pathlib import Path

from canasta_game.ai import play
from canasta_game.ai.medium import ranked_moves
from canasta_game.ai.value import NAMES, SCALE, features, features_key
from canasta_game.engine.actions import Action
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.rules import Rules, preset
from canasta_game.engine.scoring import score_hand
from canasta_game.engine.setup import new_hand
from canasta_game.engine.state import Phase, State

# Two sides each (``value.features``), one weight set each; each measured before it was kept.
PRESETS = ("classic-4", "samba", "classic-2", "italian", "bolivia", "cuban", "brazilian")
HOLDOUT = 5  # every fifth hand checks the fit
OUT = Path(__file__).resolve().parent.parent / "canasta_game" / "ai" / "value_weights.py"

Row = tuple[list[float], float]


class FirstRanked:
    """Medium's ranking, its first move taken (no tie broken at random): the same moves for
    the same deal, so the same command gives the same weights."""

    level = "medium"

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[0] if len(legal) == 1 else ranked_moves(view, legal)[0][1]


def start_scores(rules: Rules) -> tuple[int, ...]:
    """One score for each opening minimum from 0 up (C-MELD-5: 50, 90, 120; SAM-22: and 150
    from 7000)."""
    return tuple(tier[0] for tier in rules.init_tiers if tier[0] is not None and tier[0] >= 0)


def play_hand(task: tuple[str, int]) -> list[Row]:
    """One Medium self-play hand of the preset through the one play loop: the features at
    every turn's start, and the hand's result."""
    name, hand = task
    rules = preset(name)
    rng = random.Random(f"value:{hand}")
    starts = start_scores(rules)
    scores = (rng.choice(starts), rng.choice(starts))
    state = new_hand(rules, f"value:{hand}", dealer=hand % rules.players, scores=scores)
    rows: list[list[float]] = []
    turns: set[int] = set()

    def record(position: State) -> None:
        if position.phase is Phase.DRAW and position.turn not in turns:
            turns.add(position.turn)
            rows.append(features(position, 0))

    bots = {seat: FirstRanked(seat) for seat in range(rules.players)}
    totals = score_hand(play.play_hand(state, bots, on_state=record).final).totals
    target = (totals[0] - totals[1]) / SCALE
    return [(row, target) for row in rows]


def play_hands(name: str, count: int, jobs: int) -> list[list[Row]]:
    """``play_hand`` for hands 0 to ``count - 1``, in ``jobs`` processes (1: this one)."""
    tasks = [(name, hand) for hand in range(count)]
    if jobs == 1:
        return [play_hand(task) for task in tasks]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return pool.map(play_hand, tasks, chunksize=8)


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the ridge term keeps it well posed)."""
    n = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            if factor:
                for c in range(col, n + 1):
                    a[r][c] -= factor * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


Gram = tuple[list[list[float]], list[float]]


def gram(rows: list[Row]) -> Gram:
    """X'X and X'y of ``rows``, column by column (each sum one pass in C: ten times faster
    than adding row by row in Python, which made the fit most of the script's time)."""
    n = len(NAMES)
    columns = list(zip(*(x for x, _ in rows), strict=True)) if rows else [()] * n
    targets = [y for _, y in rows]
    xtx = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i, n):
            xtx[i][j] = xtx[j][i] = sum(map(operator.mul, columns[i], columns[j]))
    return xtx, [sum(map(operator.mul, column, targets)) for column in columns]


def fit_gram(parts: Sequence[Gram], ridge: float) -> list[float]:
    """Weights minimising squared error plus ``ridge`` times their squared size, from the
    Gram matrices of one or more sets of rows."""
    n = len(parts[0][1])
    xtx = [[sum(part[0][i][j] for part in parts) for j in range(n)] for i in range(n)]
    xty = [sum(part[1][i] for part in parts) for i in range(n)]
    for i in range(n):
        xtx[i][i] += ridge
    return solve(xtx, xty)


def fit(rows: list[Row], ridge: float) -> list[float]:
    """Weights minimising squared error plus ``ridge`` times their squared size."""
    return fit_gram([gram(rows)], ridge)


def rmse(rows: list[Row], predict: object) -> float:
    errors = [(predict(x) - y) ** 2 for x, y in rows]  # type: ignore[operator]
    return SCALE * math.sqrt(sum(errors) / len(errors))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", choices=PRESETS, default=PRESETS[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    hands = play_hands(args.preset, args.hands, args.jobs)
    train = [row for i, rows in enumerate(hands) if i % HOLDOUT for row in rows]
    test = [row for i, rows in enumerate(hands) if not i % HOLDOUT for row in rows]
    print(
        f"{len(train) + len(test)} positions from {args.hands} hands in "
        f"{time.perf_counter() - started:.0f} s"
    )
    parts = [gram(train), gram(test)]
    held = fit_gram(parts[:1], args.ridge)
    print(
        f"held-out error: model {rmse(test, lambda x: dot(held, x)):.0f} points, "
        f"evaluate alone {rmse(test, lambda x: x[0]):.0f}, zero {rmse(test, lambda x: 0.0):.0f}"
    )
    fitted = kept_weights(args.out)
    command = f"--preset {args.preset} --hands {args.hands} --ridge {args.ridge:g}"
    fitted[args.preset] = (command, fit_gram(parts, args.ridge))
    args.out.write_text(weights_module(fitted), encoding="utf-8")
    print(f"wrote {args.out} in {time.perf_counter() - started:.0f} s")


Fitted = dict[str, tuple[str, Sequence[float]]]  # preset: (the command's options, weights)


def kept_weights(path: Path) -> Fitted:
    """The presets' weights a weights file already holds, fitted on today's features (read
    as literals, never run): a refit of one preset keeps the others'."""
    if not path.is_file():
        return {}
    values: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            values[node.targets[0].id] = ast.literal_eval(node.value)
    if values.get("FEATURES") != features_key():
        return {}
    weights, commands = values.get("WEIGHTS"), values.get("COMMANDS")
    if not isinstance(weights, dict) or not isinstance(commands, dict):
        return {}
    return {name: (commands[name], weights[name]) for name in weights if name in commands}


def weights_module(fitted: Fitted) -> str:
    """The weights as a Python module (no file to find at run time, nothing to parse)."""
    lines = [
        '"""Weights of ``value.features`` for each preset in ``WEIGHTS``, written by',
        '``tools/train_value.py`` with the options in ``COMMANDS`` (do not edit by hand)."""',
        "",
        f'FEATURES = "{features_key()}"  # value.features_key() of the features fitted on',
        "COMMANDS = {",
        *(f'    "{name}": "{fitted[name][0]}",' for name in sorted(fitted)),
        "}",
        "WEIGHTS = {",
    ]
    for name in sorted(fitted):
        lines.append(f'    "{name}": (')
        weights = fitted[name][1]
        lines += (
            f"        {w:.6f},  # {feature}" for feature, w in zip(NAMES, weights, strict=True)
        )
        lines.append("    ),")
    lines += ["}", ""]
    return "\n".join(lines)


def dot(weights: list[float], x: list[float]) -> float:
    return sum(w * v for w, v in zip(weights, x, strict=True))


if __name__ == "__main__":
    main()
