"""The simulator's command line prints its figures and one JSON object last."""

from __future__ import annotations

import json
import subprocess
import sys

KEYS = {
    "hands",
    "turns",
    "actions",
    "seconds",
    "hands_per_s",
    "turns_per_s",
    "actions_per_s",
    "avg_turns_per_hand",
    "illegal_actions",
    "ended_went_out",
    "ended_stock_exhausted",
    "dead_ends",
    "capped_hands",
}


def _run(*args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-m", "canasta_game.sim", *args, "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_json_report_has_every_figure_and_no_illegal_action() -> None:
    report = _run("--preset", "classic-4", "--hands", "12", "--seed", "3")
    assert set(report) >= KEYS
    assert report["hands"] == 12
    assert report["illegal_actions"] == 0
    assert report["ended_went_out"] + report["ended_stock_exhausted"] == 12
    assert report["turns"] > 12 and report["actions"] >= report["turns"]


def test_check_mode_reports_zero_violations_and_is_reproducible() -> None:
    first = _run(
        "--preset", "classic-2", "--hands", "6", "--seed", "5", "--check", "--policy", "greedy"
    )
    again = _run(
        "--preset", "classic-2", "--hands", "6", "--seed", "5", "--check", "--policy", "greedy"
    )
    assert first["invariant_violations"] == 0
    assert (first["turns"], first["actions"]) == (again["turns"], again["actions"])


def test_options_switch_rules_and_random_options_report_no_dead_end_or_capped_hand() -> None:
    report = _run(
        "--preset",
        "classic-2",
        "--hands",
        "6",
        "--seed",
        "2",
        "--check",
        "--option",
        "O-STOCK-RECYCLE=true",
        "--option",
        "O-DRAW-K=1",
    )
    assert report["preset"] == "classic-2"
    assert (report["dead_ends"], report["capped_hands"]) == (0, 0)
    mixed = _run("--preset", "classic-4", "--hands", "8", "--random-options", "--check")
    assert mixed["random_options"] is True
    assert (mixed["dead_ends"], mixed["capped_hands"], mixed["invariant_violations"]) == (0, 0, 0)


def test_a_bad_option_is_a_clear_error() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "canasta_game.sim", "--option", "O-NOPE=1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "option ID" in done.stderr
