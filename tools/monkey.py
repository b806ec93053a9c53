"""Random mouse and keys on the real app, for as long as asked: nothing lost, nothing hung.

The whole shell runs headless (start screen, new games, the table, the menu, Quit and a
fresh start on the same data folder that offers Continue), driven only by posted pygame
events: clicks on visible buttons and anywhere else, drags, right clicks, keys, and the
window losing focus or the pointer. Every few hundred events the run checks what a player
could lose: every card exactly once, one sprite per card and none left floating, and the
match on disk equal to the match on the table. Any exception or failed check stops it.

    .venv/bin/python tools/monkey.py --minutes 20 --seed 7

prints one line per restart and a closing line ``events N minutes M matches K restarts R``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame
from pygame_gui.elements import UIButton

from canasta_game.controller.session import Session
from canasta_game.persistence import DataDirs
from canasta_game.sim.invariants import every_card_once
from canasta_game.ui.shell.boot import build_context
from canasta_game.ui.shell.driver import ShellDriver
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.headless import unthreaded_table
from canasta_game.ui.shell.resume import probe
from canasta_game.ui.table import TableScene

SIZE = (1280, 800)
CHECK_EVERY = 300
KEYS = (
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_s,
    pygame.K_p,
    pygame.K_a,
    pygame.K_d,
    pygame.K_h,
    pygame.K_F1,
    pygame.K_TAB,
    pygame.K_z,
)
WINDOW_EVENTS = (pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE, pygame.WINDOWFOCUSGAINED)


@dataclass
class Report:
    events: int = 0
    checks: int = 0
    matches: int = 0
    """Matches put on the table: new ones and continued ones."""
    restarts: int = 0
    seconds: float = 0.0

    def line(self) -> str:
        return (
            f"events {self.events} minutes {self.seconds / 60:.1f} matches {self.matches} "
            f"restarts {self.restarts} checks {self.checks}"
        )


class Monkey:
    """One headless app on ``folder``, and the random player at its mouse and keys."""

    def __init__(self, folder: Path, rng: random.Random, report: Report) -> None:
        self.folder = folder
        self.rng = rng
        self.report = report
        self.driver, self.flow = self._start()
        self.session: Session | None = None

    def _start(self) -> tuple[ShellDriver, Flow]:
        ctx = build_context(DataDirs(self.folder), size=SIZE, headless=True)
        flow = Flow(ctx, table_factory=unthreaded_table)
        flow.boot()
        driver = ShellDriver(ctx)
        driver.frames(2)
        return driver, flow

    def close(self) -> None:
        self.driver.ctx.stack.close_all()

    def step(self) -> None:
        """One random gesture, then a few frames; a quit game is started again."""
        gesture = self.rng.random()
        if gesture < 0.35:
            self._click_a_button()
        elif gesture < 0.65:
            self.driver.click_at(self._anywhere(), frames=1)
        elif gesture < 0.8:
            self._drag()
        elif gesture < 0.92:
            self.driver.press(self.rng.choice(KEYS), frames=1)
        elif gesture < 0.97:
            self._post(pygame.MOUSEBUTTONDOWN, pos=self._anywhere(), button=3)
        else:
            self._post(self.rng.choice(WINDOW_EVENTS))
        self.driver.frames(self.rng.randint(1, 4), dt=self.rng.choice((1 / 60, 0.25, 1.0)))
        self.report.events += 1
        self.check_table()
        if self.flow.session is not None and self.flow.session is not self.session:
            self.session = self.flow.session
            self.report.matches += 1
        if not self.driver.ctx.running:
            self.check()
            self.close()
            self.report.restarts += 1
            self.driver, self.flow = self._start()
            self.session = None

    def _post(self, kind: int, **attrs: object) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))
        if kind == pygame.MOUSEBUTTONDOWN:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, **attrs))

    def _anywhere(self) -> tuple[int, int]:
        width, height = self.driver.ctx.size
        return self.rng.randrange(width), self.rng.randrange(height)

    def _click_a_button(self) -> None:
        buttons = [b for b in self.driver.visible(UIButton) if b.is_enabled]
        if not buttons:
            return
        self.driver.click_at(self.rng.choice(buttons).rect.center, frames=1)

    def _drag(self) -> None:
        """A drag that sometimes loses its release, as a switch to another window does."""
        start, end = self._anywhere(), self._anywhere()
        table = self._table()
        if table is not None and table.plan.hand and self.rng.random() < 0.6:
            _uid, rect = self.rng.choice(table.plan.hand)  # most drags pick up a card
            start = (rect.left + 6, rect.centery)
        pygame.mouse.set_pos(start)
        self._post_only(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.driver.frames(1)
        for step in range(1, 5):
            pos = (
                start[0] + (end[0] - start[0]) * step // 4,
                start[1] + (end[1] - start[1]) * step // 4,
            )
            self._post_only(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
            self.driver.frames(1)
        if self.rng.random() < 0.85:
            self._post_only(pygame.MOUSEBUTTONUP, pos=end, button=1)

    def _post_only(self, kind: int, **attrs: object) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def _table(self) -> TableScene | None:
        scenes = self.driver.ctx.stack.scenes()
        return next((s for s in scenes if isinstance(s, TableScene)), None)

    def check_table(self) -> None:
        """No card left floating once the button is up, one sprite per card at rest
        (cheap: after every gesture)."""
        table = self._table()
        if table is None or table.mouse.busy:
            return
        floating = [s for s in table.store if s.dragged]
        assert not floating, f"{len(floating)} cards left floating"
        if not table.busy:
            assert table.store.uids() == table.visible_uids(), "a card without its sprite"

    def check(self) -> None:
        """Nothing a player could lose: cards, sprites, and the match on disk."""
        self.report.checks += 1
        session = self.flow.session
        if session is None:
            return
        problems = every_card_once(session.state)
        assert not problems, problems
        self.check_table()
        if self.driver.ctx.save_health.failing:
            return
        on_disk = probe(self.driver.ctx.store).session
        if session.match.over:
            return  # a finished match is not kept
        assert on_disk is not None, "the match on the table is not on disk"
        assert on_disk.log == session.log, "the save is behind the table"


def run(seconds: float, seed: int, folder: Path, *, quiet: bool = False) -> Report:
    """Play at random for ``seconds`` on ``folder``; raises at the first thing lost."""
    pygame.init()
    rng = random.Random(seed)
    report = Report()
    started = time.monotonic()
    monkey = Monkey(folder, rng, report)
    restarts = 0
    try:
        while time.monotonic() - started < seconds:
            monkey.step()
            report.seconds = time.monotonic() - started
            if report.events % CHECK_EVERY == 0:
                monkey.check()
            if not quiet and report.restarts != restarts:
                restarts = report.restarts
                print(report.line(), flush=True)
        monkey.check()
    finally:
        monkey.close()
    report.seconds = time.monotonic() - started
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data-dir", type=Path, default=None, help="default: a fresh folder")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="canasta-monkey-") as scratch:
        folder = args.data_dir or Path(scratch)
        report = run(args.minutes * 60, args.seed, folder)
    print(report.line(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
