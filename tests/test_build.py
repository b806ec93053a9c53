"""The double-click app: build it with build.spec and run the frozen executable headless.

Slow (a PyInstaller build), but it is the only test that proves the built app is the same
game: it starts, renders, plays a hand and saves under the data folder it is given.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SIZE_LIMIT = 60 * 1024 * 1024

pytestmark = pytest.mark.slow


def _folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


@pytest.fixture(scope="module")
def frozen_app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("pyinstaller", path=str(Path(sys.executable).parent)) is None:
        pytest.skip("pyinstaller is not installed")
    work = tmp_path_factory.mktemp("pyinstaller")
    done = subprocess.run(
        [
            str(Path(sys.executable).parent / "pyinstaller"),
            str(ROOT / "build.spec"),
            "--noconfirm",
            "--distpath",
            str(work / "dist"),
            "--workpath",
            str(work / "build"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    name = "canasta-game.exe" if os.name == "nt" else "canasta-game"
    exe = work / "dist" / "canasta-game" / name
    assert exe.exists()
    return exe


def _env(tmp: Path) -> dict[str, str]:
    return {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "XDG_DATA_HOME": str(tmp / "xdg-data"),
        "XDG_CONFIG_HOME": str(tmp / "xdg-config"),
    }


def test_frozen_app_is_small_enough(frozen_app: Path) -> None:
    assert _folder_size(frozen_app.parent) <= SIZE_LIMIT
    internal = frozen_app.parent / "_internal"
    assert not any(internal.rglob("numpy")), "numpy must be left out"
    assert not any(internal.rglob("NotoSansJP*")), "CJK fonts must be left out"


def test_frozen_app_renders_a_screenshot(frozen_app: Path, tmp_path: Path) -> None:
    out = tmp_path / "frozen.png"
    done = subprocess.run(
        [str(frozen_app), "--screenshot", str(out)],
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_frozen_app_plays_a_hand_and_saves(frozen_app: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    done = subprocess.run(
        [str(frozen_app), "--autoplay", "--hands", "1", "--seed", "3", "--data-dir", str(data)],
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert (data / "match.json").exists()


def test_the_frozen_app_starts_in_czech(frozen_app: Path, tmp_path: Path) -> None:
    """The catalogues ship with the app: with a Czech system it speaks Czech from the start."""
    env = {**_env(tmp_path), "LANGUAGE": "cs_CZ", "LANG": "cs_CZ.UTF-8"}
    done = subprocess.run(
        [str(frozen_app), "--help"], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Zahraj si kanastu." in done.stdout, done.stdout[-2000:]
    out = tmp_path / "czech.png"
    done = subprocess.run(
        [str(frozen_app), "--lang", "cs", "--screenshot", str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_wheel_holds_the_compiled_catalogues(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    (wheel,) = tmp_path.glob("canasta_game-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for code in ("cs", "es", "it"):
        assert f"canasta_game/locale/{code}/LC_MESSAGES/canasta_game.mo" in names
