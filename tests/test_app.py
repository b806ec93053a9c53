"""The game as a program: its command line, headless screenshots, autoplay and resume."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from canasta_game.controller.session import Session
from canasta_game.engine.rules import preset
from canasta_game.persistence import DataDirs, MatchSaveStore

ROOT = Path(__file__).resolve().parents[1]
PNG = b"\x89PNG\r\n\x1a\n"


def run(args: list[str], tmp_path: Path, timeout: int = 120) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "XDG_DATA_HOME": str(tmp_path / "xdg-data"),
        "XDG_CONFIG_HOME": str(tmp_path / "xdg-config"),
        "HOME": str(tmp_path / "home"),
    }
    return subprocess.run(
        [sys.executable, "-m", "canasta_game", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=ROOT,
    )


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == PNG
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def saved_marks(stdout: str) -> list[tuple[int, int, str]]:
    marks = []
    for line in stdout.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[0] == "saved":
            marks.append((int(parts[1]), int(parts[2]), parts[3]))
    return marks


def test_app_renders_a_screenshot_headless(tmp_path: Path) -> None:
    out = tmp_path / "start.png"
    done = run(["--screenshot", str(out)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == PNG
    assert not (tmp_path / "xdg-data").exists()  # a screenshot touches none of the player's files


@pytest.mark.parametrize("scene", ["start", "table", "score"])
def test_each_scene_renders_to_a_png_of_the_asked_size(scene: str, tmp_path: Path) -> None:
    out = tmp_path / f"{scene}.png"
    done = run(
        [
            "--screenshot",
            str(out),
            "--scene",
            scene,
            "--preset",
            "classic-4",
            "--seed",
            "3",
            "--size",
            "1024x640",
        ],
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert png_size(out) == (1024, 640)


def test_autoplay_saves_and_resume_continues(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = run(
        ["--autoplay", "--hands", "2", "--seed", "7", "--level", "easy", "--data-dir", str(data)],
        tmp_path,
    )
    assert first.returncode == 0, first.stderr
    document = json.loads((data / "match.json").read_text(encoding="utf-8"))
    assert document["kind"] == "match"
    assert len(document["match"]["history"]) == 2
    marks = saved_marks(first.stdout)
    assert marks and marks[-1][0] == 1  # the last save is of the second hand (index 1)

    second = run(["--autoplay", "--resume", "--hands", "3", "--data-dir", str(data)], tmp_path)
    assert second.returncode == 0, second.stderr
    resumed = saved_marks(second.stdout)
    assert resumed[0] == marks[-1]  # picked up exactly where the first run stopped
    assert resumed[-1][0] == 2
    document = json.loads((data / "match.json").read_text(encoding="utf-8"))
    assert len(document["match"]["history"]) == 3


def test_autoplay_says_over_after_the_last_save_and_retires_it(tmp_path: Path) -> None:
    """The kill test reads ``over`` to know a missing save was a finished match."""
    data = tmp_path / "data"
    done = run(
        [
            *("--autoplay", "--hands", "50", "--seed", "8", "--preset", "classic-2"),
            *("--level", "easy", "--data-dir", str(data)),
        ],
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines.count("over") == 1
    assert lines[lines.index("over") - 1].startswith("saved ")  # right after the final save
    assert not (data / "match.json").exists()  # a finished match leaves nothing to continue


def test_resume_without_a_save_says_so(tmp_path: Path) -> None:
    done = run(["--autoplay", "--resume", "--data-dir", str(tmp_path / "empty")], tmp_path)
    assert done.returncode == 1
    assert "no saved match" in done.stderr


def test_resume_of_a_damaged_save_explains_and_keeps_it(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "match.json").write_text('{"schema_version": 1, "kind": "ma', encoding="utf-8")
    done = run(["--autoplay", "--resume", "--data-dir", str(data)], tmp_path)
    assert done.returncode == 1
    assert "Your saved match could not be read" in done.stderr
    assert list(data.glob("match.corrupt-*.json"))


def test_help_describes_every_option(tmp_path: Path) -> None:
    done = run(["--help"], tmp_path)
    assert done.returncode == 0
    for option in (
        "--screenshot",
        "--scene",
        "--preset",
        "--seed",
        "--size",
        "--autoplay",
        "--hands",
        "--resume",
        "--data-dir",
        "--benchmark-frames",
    ):
        assert option in done.stdout


def test_a_bad_size_is_refused_in_words(tmp_path: Path) -> None:
    done = run(["--screenshot", str(tmp_path / "x.png"), "--size", "huge"], tmp_path)
    assert done.returncode == 2
    assert "WIDTHxHEIGHT" in done.stderr


def test_benchmark_prints_frame_time_percentiles(tmp_path: Path) -> None:
    done = run(["--benchmark-frames", "20"], tmp_path)
    assert done.returncode == 0, done.stderr
    for key in ("p50", "p95", "p99"):
        assert key in done.stdout


def test_the_first_frame_is_drawn_within_one_and_a_half_seconds(tmp_path: Path) -> None:
    """Best of two runs, so that another process hogging the machine does not decide it."""
    times = []
    for _attempt in range(2):
        started = time.perf_counter()
        done = run(["--startup-time", "--data-dir", str(tmp_path / "data")], tmp_path)
        wall = time.perf_counter() - started
        assert done.returncode == 0, done.stderr
        reported = float(done.stdout.split("after")[1].split()[0])
        times.append((reported, wall))
    reported, wall = min(times)
    assert reported < 1.5, times
    assert wall < 5, times  # the interpreter's own start and exit included


def test_autoplay_can_finish_a_persons_saved_match(tmp_path: Path) -> None:
    data = tmp_path / "data"
    session = Session.new(preset("classic-3"), 12, human_seat=0, level="easy")
    MatchSaveStore(DataDirs(data)).save(session.to_payload())
    done = run(["--autoplay", "--resume", "--hands", "1", "--data-dir", str(data)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "hands 1" in done.stdout
