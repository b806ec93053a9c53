"""Screenshots of every screen per language: the shell screens, the table (a refusal, Why?, the
move log, the score sheet, the guided hand), the Quit and New-game questions, the score dialog,
the match's final sheet.

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
from canasta_game.i18n import _
from canasta_game.persistence import DataDirs, record_hand, record_match
from canasta_game.ui.scene import Scene
from canasta_game.ui.shell.boot import build_context
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.driver import ShellDriver
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.game_menu import QuitQuestion, new_game_question
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


def _why(driver: ShellDriver, flow: Flow) -> None:
    _refusal(driver, flow)
    driver.press(pygame.K_w)


def _after_a_round(key: int) -> Callable[[ShellDriver, Flow], None]:
    """West, North and East play a round at full speed, then ``key`` opens a drawer."""

    def scene(driver: ShellDriver, flow: Flow) -> None:
        state = state_from_setup(
            preset("classic-4"),
            ["Kc Kd 5s 9h 8d", "4c 4d 9s Jc Jh Js", "7c 7d 8s Jd 6h", "6c 6d Ts Js 5d"],
            stock="Qh Qd 5h Ac Ad 4h 7h 8h Tc Td",
            pile="9c Kh",
            current=1,
        )
        session = Session.from_state(state, human_seat=0, level="easy")
        flow.begin(session)
        driver.frames(3)
        table = driver.ctx.stack.top
        assert isinstance(table, TableScene)
        table.skip_ahead()
        driver.until(lambda: session.human_to_act and not table.busy)
        driver.press(key)

    return scene


def _match_end(driver: ShellDriver, flow: Flow) -> None:
    """A short six-player match (two teams of three, so the members' line shows) played out
    by computer players, then its sheet."""
    session = Session.new(preset("classic-6", target=3000), 5, human_seat=None, level="easy")
    while not session.match.over:
        while not session.hand_over:
            session.bot_step()
        if not session.match.over:
            session.next_hand()
    session.human_seat = 0
    flow.begin(session)
    driver.frames(2)
    driver.click(_("Final result"))


def _statistics(driver: ShellDriver, flow: Flow) -> None:
    record_hand(flow.ctx.dirs, "hard", 4, won=True, canastas=2, went_out=False)
    record_match(flow.ctx.dirs, "hard", 4, won=True, score=12340)
    flow.show_statistics()


def _from_the_menu(
    question: Callable[[ShellContext], Scene],
) -> Callable[[ShellDriver, Flow], None]:
    def scene(driver: ShellDriver, flow: Flow) -> None:
        flow.begin(Session.new(preset("classic-4"), 3, human_seat=0, level="easy"))
        driver.frames(3)
        flow.open_menu()
        flow.ctx.stack.push(question(flow.ctx))

    return scene


SCENES: dict[str, Callable[[ShellDriver, Flow], None]] = {
    "start": lambda driver, flow: None,
    "new-game": lambda driver, flow: flow.show_new_game(),
    "settings": lambda driver, flow: flow.show_settings(),
    "rules": lambda driver, flow: flow.show_rules(),
    "statistics": _statistics,
    "table-refusal": _refusal,
    "table-why": _why,
    "move-log": _after_a_round(pygame.K_l),
    "score-sheet": _after_a_round(pygame.K_t),
    "tutorial": lambda driver, flow: flow.start_tutorial(),
    "quit-question": _from_the_menu(QuitQuestion),
    "new-game-question": _from_the_menu(new_game_question),
    "score": _score,
    "match-end": _match_end,
}


def shoot(out: Path, language: str, size: tuple[int, int]) -> None:
    for name, scene in SCENES.items():
        with tempfile.TemporaryDirectory() as scratch:
            ctx = build_context(DataDirs(scratch), size=size, headless=True, language=language)
            flow = Flow(ctx, table_factory=unthreaded_table)
            flow.boot()
            driver = ShellDriver(ctx)
            pygame.mouse.set_pos((0, 0))  # no hover left over from the scene before
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
