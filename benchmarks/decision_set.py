"""A fixed set of decisions with known values, for tuning Hard without playing whole arenas.

    python benchmarks/decision_set.py build --hands 40 --worlds 24 [--first 0] [--preset samba] \
        --out /tmp/decisions.json
    python benchmarks/decision_set.py score /tmp/decisions.json [--budget 0.5] [--jobs 2]
        [--clock cpu] [--set SWITCH_Z=1.5 --set VALUE_CANDIDATES=3] [--tag s2] [--save /tmp/a.json]
        [--see-all] [--rollout medium]
    python benchmarks/decision_set.py paired /tmp/a.json /tmp/b.json

Why: the arena answers "is Hard stronger than Medium?" only after hundreds of hands at half a
second per decision, which is far too slow to compare two versions of the search. Here the
comparison is made once per decision instead of once per game.

``build`` plays hands (classic-4 unless ``--preset`` names other rules) with Medium in every
seat and, at a quarter of the decisions that offer a choice, records the true position and the
candidate moves Hard would search (Medium's best few, the rollout policy's choice). Each
candidate is valued by playing the hand to its end with Medium in every seat, ``--worlds``
times with the stock reshuffled (the stock is the one thing nobody has seen), the same
shuffles for every candidate; the value is the mover's side's hand score minus the mean of
the others'.

``score`` asks Hard (at ``--budget``) for its move in every recorded position and prints how
much better its choices are than Medium's, per decision, with the standard error; the file's
values are independent of Hard's own sampling, so the estimate is unbiased. ``--clock cpu``
measures Hard's budget on each worker's CPU time (fair on a busy machine), ``--set`` changes
one of ``ai/hard.py``'s constants for the run (to compare a variant on the same decisions).
The switched decisions are also broken down by kind (``switch_kind``: another discard, a
meld instead of a discard, a discard holding Medium's meld, ...), each with its mean gain.
``--tag`` changes Hard's own random seeds (a second run of the same code measures how much of
a difference is Hard's sampling); ``--save`` keeps the gain of every decision, and ``paired``
compares two saved runs decision by decision (the same positions and values, so the paired
difference has a far smaller standard error than either mean).
Two switches of ``score`` take Hard apart, to see where its gap to the best candidate lies:
``--see-all`` gives it the true hands (only the stock is reshuffled, as in the recorded
values) instead of sampled worlds, and ``--rollout medium`` plays its playouts with Medium's
first choice instead of the fast policy (with ``--set USE_VALUE=False --set ROUNDS=60`` to
the end of the hand: the recorded values' own method, at far fewer worlds).
The generated file is not committed (it is output, and takes minutes to rebuild).
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import multiprocessing
import random
import statistics
import time
from typing import Any

from canasta_game.ai import hard
from canasta_game.ai.handsense import wilds_in
from canasta_game.ai.hard import HardBot, pick_candidates, policy_candidate
from canasta_game.ai.medium import ranked_moves
from canasta_game.engine.actions import Action, Discard, Meld, action_from_dict, action_to_dict
from canasta_game.engine.cards import IS_BLACK_THREE
from canasta_game.engine.codec import state_from_dict, state_to_dict
from canasta_game.engine.game import apply
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import PRESETS, Rules, preset
from canasta_game.engine.scoring import score_hand
from canasta_game.engine.setup import new_hand
from canasta_game.engine.state import Phase, State, evolve

SAMPLE_RATE = 0.25
EXTRA_CANDIDATES = 3  # Medium's next best moves, beyond what Hard itself would search


def _medium_move(state: State) -> Action:
    legal = legal_moves(state)
    if len(legal) == 1:
        return legal[0]
    return ranked_moves(observe(state, state.actor), legal)[0][1]


def _hand_value(state: State, side: int) -> float:
    while state.phase is not Phase.OVER:
        state, _ = apply(state, _medium_move(state))
    totals = score_hand(state).totals
    others = [t for s, t in enumerate(totals) if s != side]
    return totals[side] - sum(others) / len(others)


def _values(state: State, candidates: list[Action], worlds: int, rng: random.Random) -> list[float]:
    side = state.side_of(state.actor)
    sums = [0.0] * len(candidates)
    for _ in range(worlds):
        stock = list(state.stock)
        rng.shuffle(stock)
        world = evolve(state, stock=tuple(stock))
        for i, move in enumerate(candidates):
            sums[i] += _hand_value(apply(world, move)[0], side)
    return [total / worlds for total in sums]


def _candidates(state: State, legal: list[Action]) -> list[Action]:
    view = observe(state, state.actor)
    ranked = ranked_moves(view, legal)
    out = pick_candidates(view, legal, ranked)
    alt = policy_candidate(view, legal, random.Random(1))
    extra = [alt] if alt is not None else []
    extra += [move for _, move in ranked[1 : 1 + EXTRA_CANDIDATES]]
    for move in extra:
        if move not in out:
            out.append(move)
    return out


def _build_hand(task: tuple[int, int, str]) -> list[dict[str, Any]]:
    hand, worlds, name = task
    rng = random.Random(hand)
    rules = preset(name)
    state = new_hand(rules, f"decisions:{hand}", dealer=hand % rules.players)
    rows: list[dict[str, Any]] = []
    while state.phase is not Phase.OVER:
        legal = legal_moves(state)
        if len(legal) > 1 and rng.random() < SAMPLE_RATE:
            candidates = _candidates(state, legal)
            if len(candidates) > 1:
                rows.append(
                    {
                        "state": state_to_dict(state),
                        "candidates": [action_to_dict(m) for m in candidates],
                        "values": _values(state, candidates, worlds, rng),
                    }
                )
        state, _ = apply(state, _medium_move(state))
    return rows


def _override(settings: list[str]) -> None:
    """Set Hard's tuning constants by name (``--set SWITCH_Z=1.5``) in this worker process."""
    for item in settings:
        name, _, text = item.partition("=")
        if not hasattr(hard, name):
            raise SystemExit(f"ai/hard.py has no constant {name!r}")
        setattr(hard, name, type(getattr(hard, name))(ast.literal_eval(text)))


def _see_all(state: State) -> None:
    """``--see-all``: Hard's worlds are the true position with the stock reshuffled (the
    information the recorded values were made with), in place of ``sample_state``'s guesses
    of the hidden hands: how much of the gap to the best candidate is hidden information."""

    def true_world(view: object, rng: random.Random, *rest: object) -> State:
        stock = list(state.stock)
        rng.shuffle(stock)
        return evolve(state, stock=tuple(stock))

    hard.sample_state = true_world  # type: ignore[assignment]


def _medium_rollout(state: State, rng: random.Random) -> Action:
    """``--rollout medium``: every playout move is Medium's first choice, as in the recorded
    values (slower: far fewer worlds than the fast policy)."""
    return _medium_move(state)


def _hard_choice(task: tuple[dict[str, Any], str, float, str, list[str], bool, str]) -> int:
    row, seed, budget, clock, settings, see_all, rollout = task
    _override(settings)
    state = state_from_dict(row["state"])
    if see_all:
        _see_all(state)
    if rollout == "medium":
        hard.rollout_action = _medium_rollout  # type: ignore[assignment]
    candidates = [action_from_dict(c) for c in row["candidates"]]
    bot = HardBot(state.actor, seed, budget, clock=hard.CLOCKS[clock])
    choice = bot.choose(observe(state, state.actor), legal_moves(state))
    return candidates.index(choice) if choice in candidates else -1


def build(args: argparse.Namespace) -> None:
    started = time.perf_counter()
    hands = range(args.first, args.first + args.hands)
    tasks = [(hand, args.worlds, args.preset) for hand in hands]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        rows = [row for rows in pool.map(_build_hand, tasks, chunksize=1) for row in rows]
    with open(args.out, "w", encoding="utf-8") as handle:
        json.dump(rows, handle)
    best = [max(r["values"]) - r["values"][0] for r in rows]
    print(f"{len(rows)} decisions from {args.hands} hands in {time.perf_counter() - started:.0f} s")
    print(f"best candidate over Medium's (noise-inflated ceiling): {statistics.mean(best):+.1f}")


def score(args: argparse.Namespace) -> None:
    with open(args.file, encoding="utf-8") as handle:
        rows = json.load(handle)
    started = time.perf_counter()
    tasks = [
        (
            row,
            f"decisions:{i}{args.tag}",
            args.budget,
            args.clock,
            args.set,
            args.see_all,
            args.rollout,
        )
        for i, row in enumerate(rows)
    ]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        picks = pool.map(_hard_choice, tasks, chunksize=4)
    gains = [
        r["values"][j] - r["values"][0] if j >= 0 else 0.0 for r, j in zip(rows, picks, strict=True)
    ]
    switched = [g for g, j in zip(gains, picks, strict=True) if j > 0]
    error = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else float("inf")
    print(f"decisions: {len(rows)}; Hard chose another move than Medium in {len(switched)}")
    print(
        f"Hard's gain over Medium: {statistics.mean(gains):+.2f} points per decision "
        f"(standard error {error:.2f})"
    )
    if switched:
        print(f"mean gain where it switched: {statistics.mean(switched):+.1f}")
        _print_kinds(rows, picks, gains)
    print(
        f"outside the recorded candidates: {sum(1 for j in picks if j < 0)}; "
        f"{time.perf_counter() - started:.0f} s"
    )
    if args.save:
        with open(args.save, "w", encoding="utf-8") as handle:
            json.dump({"picks": picks, "gains": gains}, handle)


def switch_kind(rules: Rules, medium: Action, chosen: Action) -> str:
    """What kind of overrule ``chosen`` is of Medium's move, in the terms of a table player:
    a different discard (of a black three, C-B3: a stop card, or of another card), a meld
    instead of a discard (with wild cards or naturals only), a discard that holds the cards
    Medium would meld, another meld, or a draw (the pile against the stock)."""
    if isinstance(medium, Discard) and isinstance(chosen, Discard):
        three = IS_BLACK_THREE[medium.card] and not IS_BLACK_THREE[chosen.card]
        return "another discard than a black three" if three else "another discard"
    if isinstance(medium, Discard) and isinstance(chosen, Meld):
        return "a meld with wild cards" if wilds_in(rules, chosen) else "a meld of naturals"
    if isinstance(medium, Meld) and isinstance(chosen, Discard):
        return "a discard, holding the meld"
    if isinstance(medium, Meld) and isinstance(chosen, Meld):
        return "another meld"
    return "a draw or an answer"


def _print_kinds(rows: list[dict[str, Any]], picks: list[int], gains: list[float]) -> None:
    """The gain of the switched decisions by ``switch_kind`` (session 24: the classes where
    the search is right and where it only moves noise)."""
    kinds: dict[str, list[float]] = {}
    for row, pick, gain in zip(rows, picks, gains, strict=True):
        if pick > 0:
            state = state_from_dict(row["state"])
            medium, chosen = (action_from_dict(row["candidates"][i]) for i in (0, pick))
            kinds.setdefault(switch_kind(state.rules, medium, chosen), []).append(gain)
    for kind, values in sorted(kinds.items(), key=lambda item: -len(item[1])):
        error = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else math.inf
        print(f"  instead of Medium's move, {kind}: {len(values)} decisions, "
              f"{statistics.mean(values):+.1f} each (standard error {error:.1f})")  # fmt: skip


def paired(args: argparse.Namespace) -> None:
    """The mean gain of ``first`` minus ``second``, decision by decision, with its error."""
    runs = []
    for path in (args.first, args.second):
        with open(path, encoding="utf-8") as handle:
            runs.append(json.load(handle)["gains"])
    if len(runs[0]) != len(runs[1]):
        raise SystemExit("the two runs scored different decision sets")
    diffs = [a - b for a, b in zip(runs[0], runs[1], strict=True)]
    error = statistics.stdev(diffs) / len(diffs) ** 0.5
    print(
        f"{args.first} - {args.second}: {statistics.mean(diffs):+.2f} points per decision "
        f"(standard error {error:.2f}, {len(diffs)} decisions)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("build", help="record decisions and value their candidates")
    make.add_argument("--hands", type=int, default=40)
    make.add_argument("--first", type=int, default=0, help="the first hand's number (its seed)")
    make.add_argument("--worlds", type=int, default=24)
    make.add_argument("--jobs", type=int, default=2)
    make.add_argument(
        "--preset", default="classic-4", choices=sorted(PRESETS), help="the rules of the hands"
    )
    make.add_argument("--out", required=True)
    make.set_defaults(run=build)
    rate = commands.add_parser("score", help="Hard's gain over Medium on a recorded set")
    rate.add_argument("file")
    rate.add_argument("--budget", type=float, default=0.5)
    rate.add_argument("--jobs", type=int, default=2)
    rate.add_argument(
        "--clock", choices=sorted(hard.CLOCKS), default="wall", help="cpu: fair on a busy machine"
    )
    rate.add_argument("--set", action="append", default=[], help="NAME=VALUE of ai/hard.py")
    rate.add_argument("--tag", default="", help="appended to Hard's seeds (another sample)")
    rate.add_argument("--save", help="write every decision's gain here (for paired)")
    rate.add_argument("--see-all", action="store_true", help="diagnosis: Hard sees the true hands")
    rate.add_argument(
        "--rollout", choices=("fast", "medium"), default="fast", help="diagnosis: playout policy"
    )
    rate.set_defaults(run=score)
    pair = commands.add_parser("paired", help="two saved runs compared decision by decision")
    pair.add_argument("first")
    pair.add_argument("second")
    pair.set_defaults(run=paired)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
