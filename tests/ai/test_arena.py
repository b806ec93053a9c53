"""The arena: its statistics, duplicate deals, reproducibility and the JSON report."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import time
from pathlib import Path

import pytest

from canasta_game.ai.hard import HardBot
from canasta_game.arena import ArenaSpec, play_deal, remote_worker, run_arena
from canasta_game.arena.games import build_bot
from canasta_game.arena.remote import split_remote
from canasta_game.arena.stats import clustered_ratio_interval, percentile, wilson_interval
from canasta_game.engine.rules import preset

KEYS = {
    "games",
    "hands",
    "a_wins",
    "b_wins",
    "draws",
    "a_win_rate",
    "a_win_rate_ci95",
    "a_score_diff_per_hand",
    "a_score_diff_per_hand_ci95",
    "latency_ms",
    "illegal_moves",
}


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson_interval(75, 100)
    assert low == pytest.approx(0.6569, abs=1e-3) and high == pytest.approx(0.8245, abs=1e-3)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_clustered_interval_is_the_ratio_and_widens_with_spread() -> None:
    mean, low, high = clustered_ratio_interval([100.0, 100.0, 100.0], [10, 10, 10])
    assert mean == 10.0 and low == pytest.approx(10.0) and high == pytest.approx(10.0)
    mean, low, high = clustered_ratio_interval([0.0, 200.0, 100.0], [10, 10, 10])
    assert mean == 10.0 and low < 10.0 < high
    assert clustered_ratio_interval([5.0], [1])[1] == -math.inf


def test_percentile_interpolates() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == pytest.approx(50.5)
    assert percentile(values, 95) == pytest.approx(95.05)
    assert percentile([], 50) == 0.0


def test_a_deal_is_played_once_per_side_with_the_seats_swapped() -> None:
    spec = ArenaSpec(preset("classic-4"), "medium", "easy", seed=3, budget=0.01, hands_per_game=2)
    deal = play_deal(spec, 0)
    assert [c.a_side for c in deal.copies] == [0, 1]
    assert all(c.hands == 2 and len(c.a_diffs) == 2 and c.illegal == 0 for c in deal.copies)
    # the same cards in hand 1 of both copies: a bot playing itself scores opposite amounts
    mirror = play_deal(
        ArenaSpec(preset("classic-4"), "medium", "medium", 3, 0.01, hands_per_game=1), 0
    )
    assert mirror.copies[0].a_diffs[0] == -mirror.copies[1].a_diffs[0]


def test_a_seeded_run_is_reproducible_and_reports_every_figure() -> None:
    spec = ArenaSpec(preset("classic-3"), "easy", "random", seed=9, budget=0.01, hands_per_game=1)
    first = run_arena(spec, games=3)
    again = run_arena(spec, games=3)
    assert set(first) >= KEYS
    assert first["games"] == 3 and first["hands"] == 3  # one copy per side of three
    assert first["illegal_moves"] == 0
    for key in ("a_wins", "b_wins", "draws", "a_score_diff_per_hand", "hands", "deal_diffs"):
        assert first[key] == again[key]
    # one score per hand for every deal (paired comparisons), averaging to the overall one
    assert len(first["deal_diffs"]) == first["deals"]
    mean = sum(first["deal_diffs"]) / first["deals"]
    assert abs(mean - first["a_score_diff_per_hand"]) < 0.01 * first["deals"]
    assert set(first["latency_ms"]["a"]) >= {"p50", "p95", "p99"}


def test_command_line_prints_one_json_object_last_and_runs_jobs() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "canasta_game.arena",
            "--preset",
            "classic-4",
            "--a",
            "medium",
            "--b",
            "greedy",
            "--games",
            "4",
            "--seed",
            "2",
            "--jobs",
            "2",
            "--hands-per-game",
            "1",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(report) >= KEYS
    assert report["games"] == 4 and report["jobs"] == 2 and report["illegal_moves"] == 0
    low, high = report["a_win_rate_ci95"]
    assert 0.0 <= low <= report["a_win_rate"] <= high <= 1.0


@pytest.mark.slow
def test_a_level_of_another_checkout_plays_exactly_like_its_own_tree() -> None:
    """Issue 16: ``medium@CHECKOUT`` runs that tree's Medium in a child process; given this
    very checkout it must make every decision the in-process Medium makes (same seeds), so
    the games, scores and hands come out identical and nothing is illegal."""
    rules = preset("classic-4")
    local = play_deal(ArenaSpec(rules, "medium", "easy", 5, 0.01, hands_per_game=1), 0)
    remote_name = f"medium@{Path(__file__).resolve().parents[2]}"
    remote = play_deal(ArenaSpec(rules, remote_name, "easy", 5, 0.01, hands_per_game=1), 0)
    assert [(c.a_side, c.winner, c.hands, c.a_diffs, c.illegal) for c in remote.copies] == [
        (c.a_side, c.winner, c.hands, c.a_diffs, c.illegal) for c in local.copies
    ]
    assert len(remote.latency_ms["a"]) == len(local.latency_ms["a"]) > 20


def test_a_remote_name_must_be_a_level_at_a_checkout(tmp_path: Path) -> None:
    assert split_remote("medium") is None
    assert split_remote(f"hard@{Path(__file__).resolve().parents[2]}") is not None
    with pytest.raises(ValueError):
        split_remote(f"medium@{tmp_path}")  # no canasta_game there
    with pytest.raises(ValueError):
        split_remote(f"expert@{Path(__file__).resolve().parents[2]}")


def test_the_clock_option_reaches_every_hard_of_the_arena() -> None:
    """``--clock cpu`` measures each Hard's budget on its process's CPU time, a Hard of
    another checkout (run by the remote worker) included, so a busy machine weakens neither
    side; the other players take no clock."""
    local = build_bot("hard", 1, "s", 0.1, "cpu")
    assert isinstance(local, HardBot) and local.clock is time.process_time
    assert build_bot("hard", 1, "s", 0.1).clock is time.perf_counter  # type: ignore[attr-defined]
    remote = remote_worker._bot("hard", 1, "s", 0.1, "cpu")
    assert isinstance(remote, HardBot) and remote.clock is time.process_time
    assert remote_worker._bot("medium", 1, "s", 0.1, "cpu").level == "medium"
