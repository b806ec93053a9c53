"""Render README's screenshot, docs/table.png: a real hand in progress at 1280x800 with the
move log open and the other players' last turns marked.

    .venv/bin/python tools/readme_screenshot.py [docs/table.png]
"""

from __future__ import annotations

import sys
from pathlib import Path

from canasta_game.ui.table.screenshot import render_table_screenshot


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/table.png")
    render_table_screenshot(out, "classic-4", seed=7, size=(1280, 800), moves=60, show_log=True)
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
