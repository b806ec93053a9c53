"""How much of a CPU core the game uses while nothing moves (issue 15: at most 2 %).

    python benchmarks/idle_cpu.py [--seconds 5] [--runs 3]

Runs the real app (context, flow, main loop at its normal frame rate) with SDL's dummy
drivers, in two resting states: the start screen, and the table waiting for the human's
move once every card has landed and no computer player is thinking. For each it prints the
median, over ``--runs`` windows of ``--seconds``, of process CPU time over wall time, as a
percentage of one core. Under a real X server the cost of each frame is higher, so a loop
that does not rest shows there first; a resting loop uses almost nothing under both.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from canasta_game.controller.session import Session
from canasta_game.engine.rules import preset
from canasta_game.persistence import DataDirs
from canasta_game.ui.shell.boot import build_context
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.loop import MainLoop


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _run_for(loop: MainLoop, seconds: float) -> None:
    end = time.perf_counter() + seconds
    loop.run(stop=lambda: time.perf_counter() >= end)


def _share(loop: MainLoop, seconds: float) -> float:
    """Percent of one core used while the loop runs for ``seconds`` of wall time."""
    cpu, wall = _cpu(), time.perf_counter()
    _run_for(loop, seconds)
    return 100.0 * (_cpu() - cpu) / (time.perf_counter() - wall)


def _measure(name: str, loop: MainLoop, seconds: float, runs: int) -> None:
    shares = [_share(loop, seconds) for _ in range(runs)]
    print(f"{name} idle_cpu {statistics.median(shares):.2f} % of a core", flush=True)


def _table_at_rest(flow: Flow, loop: MainLoop) -> None:
    """Play on until the human is to move and nothing is flying any more."""
    session = Session.new(preset("classic-4"), 7, human_seat=0, level="easy")
    flow.begin(session)
    deadline = time.perf_counter() + 60
    scene = flow.ctx.stack.top

    def ready() -> bool:
        busy = getattr(scene, "busy", False)
        return (session.human_to_act and not busy) or time.perf_counter() > deadline

    loop.run(stop=ready)
    _run_for(loop, 1.0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        ctx = build_context(DataDirs(Path(tmp)), size=(1280, 800), headless=True)
        flow = Flow(ctx)
        flow.boot()
        loop = MainLoop(ctx)
        try:
            _run_for(loop, 1.0)
            _measure("start_screen", loop, args.seconds, args.runs)
            _table_at_rest(flow, loop)
            _measure("table_waiting", loop, args.seconds, args.runs)
        finally:
            ctx.stack.close_all()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
