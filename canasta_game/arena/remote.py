"""A level of another commit as an arena player: ``medium@/path/to/checkout`` (issue 16).

"New Medium beats today's Medium" needs both in one game, but one process can import only
one ``canasta_game``. ``RemoteBot`` therefore runs the other tree's player in a child process
(``remote_worker.py`` with that tree on ``PYTHONPATH``) and hands it each position as the
state codec's JSON; the child rebuilds the position with its own engine and answers with a
move, which this tree's engine then checks like any other (a move it does not list counts as
illegal). The arena learns the position from ``play_hand``'s ``on_state`` hook, because the
``Bot`` protocol passes only a view, and a view is not portable between trees.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from canasta_game.ai.base import LEVELS
from canasta_game.engine.actions import Action, action_from_dict
from canasta_game.engine.codec import state_to_dict
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.state import State

WORKER = Path(__file__).with_name("remote_worker.py")


def split_remote(name: str) -> tuple[str, Path] | None:
    """``level@tree`` as (level, tree), or None for a name of this tree's own players."""
    level, at, tree = name.partition("@")
    if not at:
        return None
    if level not in LEVELS or not (Path(tree) / "canasta_game").is_dir():
        raise ValueError(f"{name!r}: expected LEVEL@CHECKOUT with LEVEL one of {LEVELS}")
    return level, Path(tree).resolve()


class RemoteBot:
    """A player of another tree for one seat; call ``see`` with each position first."""

    def __init__(self, name: str, seat: int, seed: str, budget: float, clock: str = "wall") -> None:
        parsed = split_remote(name)
        if parsed is None:
            raise ValueError(f"{name!r} is not a LEVEL@CHECKOUT name")
        self.level, tree = parsed
        self.seat = seat
        self._state: State | None = None
        env = dict(os.environ, PYTHONPATH=str(tree))
        self._child = subprocess.Popen(
            [sys.executable, str(WORKER), self.level, str(seat), seed, str(budget), clock],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
        )

    def see(self, state: State) -> None:
        self._state = state

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        assert self._state is not None and self._state.actor == self.seat
        assert self._child.stdin is not None and self._child.stdout is not None
        self._child.stdin.write(json.dumps({"state": state_to_dict(self._state)}) + "\n")
        self._child.stdin.flush()
        reply = json.loads(self._child.stdout.readline() or '{"error": "the player exited"}')
        if "error" in reply:
            raise RuntimeError(f"{self.level} of the other tree: {reply['error']}")
        return action_from_dict(reply["action"])

    def close(self) -> None:
        if self._child.stdin is not None:
            self._child.stdin.close()
        self._child.wait(timeout=30)
