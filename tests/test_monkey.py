"""Issue 17: a minute of random mouse and keys on the real app loses nothing and never
hangs (``tools/monkey.py --minutes N`` runs it for as long as asked)."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

ROOT = Path(__file__).resolve().parents[1]


def _monkey_module():
    spec = importlib.util.spec_from_file_location("monkey", ROOT / "tools" / "monkey.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["monkey"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_a_minute_of_random_play_loses_nothing(tmp_path: Path) -> None:
    monkey = _monkey_module()
    report = monkey.run(60.0, seed=17, folder=tmp_path / "data", quiet=True)
    assert report.events > 200  # it did play: a hang would show as a handful of events
    assert report.matches >= 2 and report.restarts >= 1
    assert report.checks >= report.events // monkey.CHECK_EVERY
