"""Render README's screenshot, docs/table.png: a real hand in progress at 1280x800 with the
move log open and the other players' last turns marked.

    .venv/bin/python tools/readme_screenshot.py [docs/table.png]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from canasta_game.ui.table.screenshot import render_table_screenshot


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=Path("docs/table.png"))
    out = parser.parse_args().out  # (an option such as --help is no file name)
    render_table_screenshot(out, "classic-4", seed=7, size=(1280, 800), moves=60, show_log=True)
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
