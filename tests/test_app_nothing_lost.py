"""Issue 17 at the program's edges: one copy per data folder, the command line's bad
inputs, a failing save under autoplay, orphaned temporary files and Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from canasta_game import app
from canasta_game.persistence import DataDirs, MatchSaveStore
from canasta_game.persistence.lock import DataFolderLock
from canasta_game.ui.shell import cli
from canasta_game.ui.shell.boot import fit_to_screen
from canasta_game.ui.shell.resume import probe

ROOT = Path(__file__).resolve().parents[1]


DISK_FULL = """
import errno, sys
from canasta_game import app
from canasta_game.persistence import atomic
def full(path, data):
    raise OSError(errno.ENOSPC, "No space left on device")
atomic._write_temp = full
sys.exit(app.main(sys.argv[1:]))
"""


def run(args: list[str], tmp_path: Path, *, code: str | None = None) -> subprocess.CompletedProcess:
    """The game as a separate program (pygame is started and quit once per process)."""
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "XDG_DATA_HOME": str(tmp_path / "xdg-data"),
        "XDG_CONFIG_HOME": str(tmp_path / "xdg-config"),
    }
    start = ["-c", code] if code is not None else ["-m", "canasta_game"]
    return subprocess.run(
        [sys.executable, *start, *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=ROOT,
    )


def test_a_second_copy_on_the_same_folder_says_so_and_touches_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    first = DataFolderLock(DataDirs(folder))
    first.acquire()  # the first copy, still running
    try:
        done = run(["--autoplay", "--data-dir", str(folder), "--seed", "3"], tmp_path)
    finally:
        first.release()
    assert done.returncode == app.EXIT_FOLDER
    err = done.stderr
    assert "already open" in err and str(folder) in err and "Traceback" not in err
    assert not (folder / "match.json").exists()


def test_a_second_interactive_copy_exits_cleanly_too(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    first = DataFolderLock(DataDirs(folder))
    first.acquire()
    try:
        done = run(["--data-dir", str(folder)], tmp_path)  # the normal game, not headless
    finally:
        first.release()
    assert done.returncode == app.EXIT_FOLDER
    assert "already open" in done.stderr and "Traceback" not in done.stderr


def test_a_failed_save_under_autoplay_is_an_error(tmp_path: Path) -> None:
    args = ["--autoplay", "--data-dir", str(tmp_path / "data"), "--seed", "3"]
    done = run(args, tmp_path, code=DISK_FULL)
    assert done.returncode != 0
    assert "not enough free space" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("frames", ["0", "-5", "many"])
def test_benchmark_frames_must_be_a_positive_count(frames: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.parse(["--benchmark-frames", frames])
    assert stopped.value.code == 2


def test_an_empty_data_dir_is_refused() -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.parse(["--data-dir", ""])
    assert stopped.value.code == 2


def test_a_screenshot_into_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.parse(["--screenshot", str(tmp_path)])
    assert stopped.value.code == 2


@pytest.mark.parametrize("scene", ["start", "table"])
def test_an_impossible_screenshot_path_is_explained(tmp_path: Path, scene: str) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    target = blocker / "shot.png"
    done = run(["--screenshot", str(target), "--scene", scene], tmp_path)
    assert done.returncode == 2
    err = done.stderr
    assert str(target) in err and "Traceback" not in err


def test_a_file_as_the_data_folder_saves_nothing_and_fails(tmp_path: Path) -> None:
    path = tmp_path / "not-a-folder"
    path.write_text("mine", encoding="utf-8")
    done = run(["--autoplay", "--data-dir", str(path), "--seed", "3"], tmp_path)
    assert done.returncode == app.EXIT_FOLDER
    assert "not a folder" in done.stderr
    assert path.read_text(encoding="utf-8") == "mine"


def test_orphaned_temporary_files_are_removed_at_start(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    orphans = [folder / ".match.json.k3j2.tmp", folder / ".statistics.json.q_1.tmp"]
    for orphan in orphans:
        orphan.write_text('{"half": ', encoding="utf-8")
    shot = tmp_path / "start.png"
    assert run(["--screenshot", str(shot), "--data-dir", str(folder)], tmp_path).returncode == 0
    assert not any(orphan.exists() for orphan in orphans)


def test_a_saved_window_size_is_clamped_to_the_screen() -> None:
    assert fit_to_screen((2560, 1600), [(1366, 768), (3840, 2160)]) == (1366, 768)
    assert fit_to_screen((1280, 800), [(1920, 1080)]) == (1280, 800)
    assert fit_to_screen((1280, 800), []) == (1280, 800)


def _fresh_ctrl_c() -> None:
    """The child starts with Ctrl-C as a player's terminal gives it: not blocked, not
    ignored. A test worker's own signal state is inherited otherwise (twice in CI the
    game played its match out, exit 0, as if the Ctrl-C never came)."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _signal_state(pid: int) -> str:
    """The child's blocked and ignored signal masks (Linux), for a failure's message."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text(encoding="utf-8").splitlines()
    except OSError:
        return "no /proc status"
    return " ".join(line for line in lines if line.startswith(("SigBlk", "SigIgn", "SigCgt")))


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")
def test_ctrl_c_keeps_the_match_and_prints_no_traceback(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = [sys.executable, "-m", "canasta_game", "--autoplay", "--hands", "50"]
    process = subprocess.Popen(
        [*command, "--data-dir", str(folder), "--seed", "4", "--preset", "classic-2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
        preexec_fn=_fresh_ctrl_c,
    )
    assert process.stdout is not None and process.stderr is not None
    for line in process.stdout:
        if line.startswith("saved") and int(line.split()[2]) >= 5:
            break
    signals = _signal_state(process.pid)
    err = ""
    for _press in range(10):
        # Ctrl-C again, as a player would, while the game plays on
        process.send_signal(signal.SIGINT)
        try:
            _out, err = process.communicate(timeout=1)
            break
        except subprocess.TimeoutExpired:
            continue
    else:
        process.kill()
        pytest.fail("ten Ctrl-C did not close the game")
    assert process.returncode == app.EXIT_INTERRUPTED, (err, signals)
    assert "Traceback" not in err and "Interrupted" in err
    saved = probe(MatchSaveStore(DataDirs(folder)))
    assert saved.problem is None and saved.session is not None
    assert len(saved.session.log) >= 5


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_named_pipes_at_the_save_and_settings_do_not_hang_the_start(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    for name in ("match.json", "settings.json", "statistics.json"):
        os.mkfifo(folder / name)
    shot = tmp_path / "start.png"
    done = run(["--screenshot", str(shot), "--data-dir", str(folder)], tmp_path)  # 120 s cap
    assert done.returncode == 0, done.stderr
    assert shot.exists()
    assert not (folder / "match.json").exists() and not (folder / "settings.json").exists()
    assert len(list(folder.glob("*.corrupt-*.json"))) >= 2  # set aside, never opened
