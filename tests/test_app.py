"""The game starts: the app renders a frame headless and saves it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_app_renders_a_screenshot_headless(tmp_path: Path) -> None:
    out = tmp_path / "start.png"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-m", "canasta_game", "--screenshot", str(out)],
        capture_output=True, text=True, timeout=120, env=env,
    )
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
