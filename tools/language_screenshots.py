"""Screenshots of the shell screens, the table with a refusal and the score dialog per language.

    python tools/language_screenshots.py OUT_DIR [--langs cs,en,es,it] [--sizes 1280x800,1024x640]

Writes OUT_DIR/<scene>-<lang>-<WxH>.png through the real shell, headless, so a translator
can look at every text in place (diacritics, long words, anything cut off). The refusal is
the stock clicked while West is to play.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from canasta_game.controller.session import Session
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.persistence import DataDirs
from canasta_game.ui.shell.boot import build_context
from canasta_game.ui.shell.driver import ShellDriver
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.headless import played_out_hand, unthreaded_table
from canasta_game.ui.table import TableScene


def _refusal(driver: ShellDriver, flow: Flow) -> None:
    state = state_from_setup(
        preset("classic-4"),
        ["Kc Kd 5s 9h 9s Qh 7c 7d Ac 4d 6s", "4c 4d 9s Jc", "7c 7d 8s Jd", "6c 6d Ts Js"],
        stock="Qh Qd 5h 8h",
        pile="9c Kh",
        current=1,
    )
    flow.begin(Session.from_state(state, human_seat=0, level="easy"))
    driver.frames(3)
    table = driver.ctx.stack.top
    assert isinstance(table, TableScene)
    driver.click_at(table.layout.stock.center)


def _score(driver: ShellDriver, flow: Flow) -> None:
    flow.begin(played_out_hand("classic-4", 3))


SCENES: dict[str, Callable[[ShellDriver, Flow], None]] = {
    "start": lambda driver, flow: None,
    "new-game": lambda driver, flow: flow.show_new_game(),
    "settings": lambda driver, flow: flow.show_settings(),
    "rules": lambda driver, flow: flow.show_rules(),
    "table-refusal": _refusal,
    "score": _score,
}


def shoot(out: Path, language: str, size: tuple[int, int]) -> None:
    for name, scene in SCENES.items():
        with tempfile.TemporaryDirectory() as scratch:
            ctx = build_context(DataDirs(scratch), size=size, headless=True, language=language)
            flow = Flow(ctx, table_factory=unthreaded_table)
            flow.boot()
            driver = ShellDriver(ctx)
            driver.frames(2)
            try:
                scene(driver, flow)
                driver.frames(4)
                path = out / f"{name}-{language}-{size[0]}x{size[1]}.png"
                pygame.image.save(ctx.display.surface, str(path))
                print(path)
            finally:
                ctx.stack.close_all()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--langs", default="cs,en,es,it")
    parser.add_argument("--sizes", default="1280x800,1024x640")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    for size in args.sizes.split(","):
        width, height = (int(n) for n in size.split("x"))
        for language in args.langs.split(","):
            shoot(args.out, language, (width, height))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
