"""Where the simulator spends its time, by sampling the stack (issue 16: engine speed).

    python benchmarks/sample_profile.py [--interval 0.0003] [--top 40] -- --preset samba \
        --policy random --hands 200

Runs ``python -m canasta_game.sim`` with the arguments after ``--`` while a thread reads the
main thread's stack every ``--interval`` seconds, then prints per function the share of
samples it was on the stack (inclusive) and on top (self), and the top lines. cProfile
charges its own cost to every call, which shifts the shares towards code of many small calls
(classic-4 random, share of the play loop: move generation 74% under cProfile and 68%
sampled, applying moves 17% and 21%); sampling costs the same wherever the program is. Its
limit: the thread takes its turn where the interpreter lets it switch (calls and loop
back-edges), so single lines are rough; functions are not. Imports are left out of the
shares (the benchmarks time the playing).
"""

from __future__ import annotations

import argparse
import runpy
import sys
import threading
import time
from collections import Counter
from types import FrameType

Key = tuple[str, str]  # (file below canasta_game/, function)


class Sampler:
    """Counts, per function and per line, the samples of one thread's stack."""

    def __init__(self, thread_id: int, interval: float) -> None:
        self.thread_id = thread_id
        self.interval = interval
        self.total = 0
        self.inclusive: Counter[Key] = Counter()
        self.self: Counter[Key] = Counter()
        self.lines: Counter[tuple[Key, int]] = Counter()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        sys.setswitchinterval(self.interval / 3)  # (so the sampler gets its turns)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            time.sleep(self.interval)
            frame = sys._current_frames().get(self.thread_id)
            if frame is not None and not _importing(frame):
                self._count(frame)

    def _count(self, frame: FrameType) -> None:
        self.total += 1
        top = _key(frame)
        self.self[top] += 1
        self.lines[(top, frame.f_lineno or 0)] += 1
        seen: set[Key] = set()
        walk: FrameType | None = frame
        while walk is not None:
            key = _key(walk)
            if key not in seen:  # (a recursive function counts once per sample)
                seen.add(key)
                self.inclusive[key] += 1
            walk = walk.f_back


def _key(frame: FrameType) -> Key:
    code = frame.f_code
    return code.co_filename.split("canasta_game/")[-1], code.co_name


def _importing(frame: FrameType | None) -> bool:
    """Is the thread inside an import (its time is not the simulator's playing)?"""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def report(sampler: Sampler, top: int) -> None:
    total = max(1, sampler.total)
    print(f"samples {sampler.total}")
    for title, counts in (("inclusive", sampler.inclusive), ("self", sampler.self)):
        print(f"--- {title}")
        for (where, name), count in counts.most_common(top):
            print(f"{100 * count / total:5.1f}%  {where}:{name}")
    print("--- lines (rough)")
    for ((where, name), line), count in sampler.lines.most_common(top // 2):
        print(f"{100 * count / total:5.1f}%  {where}:{line} ({name})")


def main() -> None:
    argv = sys.argv[1:]
    sim_args = argv[argv.index("--") + 1 :] if "--" in argv else []
    own = argv[: argv.index("--")] if "--" in argv else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--interval", type=float, default=0.0003)
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args(own)
    sampler = Sampler(threading.get_ident(), args.interval)
    sys.argv = ["canasta_game.sim", *sim_args]
    sampler.start()
    try:
        runpy.run_module("canasta_game.sim", run_name="__main__")
    except SystemExit:
        pass
    finally:
        sampler.stop()
    report(sampler, args.top)


if __name__ == "__main__":
    main()
