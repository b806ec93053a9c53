"""Peak memory over one autoplayed hand, score dialog included (issue 15: at most 150 MiB).

    python benchmarks/peak_memory.py [--runs 3] [--preset classic-4] [--size 1280x800]

Each run starts the real program in a fresh process (``--autoplay --hands 1`` with SDL's
dummy drivers: the table, every computer move, the autosave after each, and the score
dialog at the end) and reads the child's peak resident set size from the operating system.
Prints the median and the largest peak over the runs, in MiB.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile


def _one_run(seed: int, preset_name: str, size: str) -> float:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    with tempfile.TemporaryDirectory() as data:
        code = (
            "import resource, sys\n"
            "from canasta_game.app import main\n"
            "rc = main(sys.argv[1:])\n"
            "print('peak_kib', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
            "raise SystemExit(rc)\n"
        )
        args = ["--autoplay", "--hands", "1", "--seed", str(seed), "--preset", preset_name]
        args += ["--size", size, "--data-dir", data]
        done = subprocess.run(
            [sys.executable, "-c", code, *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
    if done.returncode != 0:
        raise SystemExit(f"autoplay failed ({done.returncode}): {done.stderr[-2000:]}")
    line = next(x for x in done.stdout.splitlines() if x.startswith("peak_kib "))
    return int(line.split()[1]) / 1024.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--preset", default="classic-4")
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    peaks = [_one_run(seed, args.preset, args.size) for seed in range(1, args.runs + 1)]
    print(f"peak_rss_median {statistics.median(peaks):.1f} MiB")
    print(f"peak_rss_max {max(peaks):.1f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
