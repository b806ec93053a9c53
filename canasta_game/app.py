"""Composition root: builds the window, the services and the first screen; nothing imports it.

Reads the command line first, because the headless modes (screenshots, autoplay, the frame
benchmark) must choose SDL's dummy drivers before pygame starts. Then: the data folders,
the settings (a problem with them is shown in words, never a crash), the window at the
saved size, audio if there is a device, the pygame_gui manager with the game's theme, and
the flow that decides which screen comes first.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from canasta_game.ui.shell import cli

if TYPE_CHECKING:
    from canasta_game.ui.shell.context import ShellContext

STARTED = time.perf_counter()


def _context(args: argparse.Namespace, *, headless: bool) -> ShellContext:
    from canasta_game.persistence import DataDirs
    from canasta_game.ui.shell.boot import build_context

    return build_context(
        DataDirs(args.data_dir),
        size=args.size,
        headless=headless,
        persist_settings=not (headless and args.autoplay),
        language=args.lang,
    )


def _play(args: argparse.Namespace) -> int:
    from canasta_game.ui.shell.flow import Flow
    from canasta_game.ui.shell.loop import MainLoop

    ctx = _context(args, headless=False)
    flow = Flow(ctx)
    flow.boot(resume=args.resume)
    loop = MainLoop(ctx)

    def first_frame() -> None:
        if args.startup_time:
            print(f"first frame after {time.perf_counter() - STARTED:.3f} s", flush=True)
            ctx.running = False

    try:
        loop.run(on_first_frame=first_frame)
    finally:
        ctx.settings_keeper.flush()
        ctx.stack.close_all()  # stops the computer players' thinking thread
    return 0


def _headless(args: argparse.Namespace) -> int:
    from canasta_game.ui.shell import headless

    size = args.size or (1280, 800)
    if args.benchmark_frames:
        return headless.benchmark(args, size)
    if args.screenshot and args.scene == "table":
        return headless.table_screenshot(args, size)
    if args.size is None:
        args.size = size
    if args.autoplay:
        return headless.autoplay(_context(args, headless=True), args)
    if args.data_dir is not None:
        return headless.screenshot(_context(args, headless=True), args)
    with tempfile.TemporaryDirectory(prefix="canasta-screenshot-") as scratch:
        args.data_dir = scratch  # a screenshot never reads or moves the player's files
        return headless.screenshot(_context(args, headless=True), args)


def main(argv: Sequence[str] | None = None) -> int:
    args = cli.parse(argv)
    if cli.is_headless(args):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    try:
        return _headless(args) if cli.is_headless(args) else _play(args)
    finally:
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
