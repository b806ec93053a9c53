"""Composition root: builds the window, the services and the first screen; nothing imports it.

Reads the command line first, because the headless modes (screenshots, autoplay, the frame
benchmark) must choose SDL's dummy drivers before pygame starts. Then: the data folders,
the settings (a problem with them is shown in words, never a crash), the window at the
saved size, audio if there is a device, the pygame_gui manager with the game's theme, and
the flow that decides which screen comes first.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from canasta_game.i18n import _
from canasta_game.ui.shell import cli

if TYPE_CHECKING:
    from canasta_game.ui.shell.context import ShellContext

STARTED = time.perf_counter()
EXIT_FOLDER = 3
"""Exit status when the data folder is open in another copy or is not a folder."""
EXIT_INTERRUPTED = 130
"""Exit status after Ctrl-C, as shells report a SIGINT."""


def _context(
    args: argparse.Namespace, *, headless: bool, folders: contextlib.ExitStack
) -> ShellContext:
    """Take the data folder (held until ``folders`` closes), tidy it, build the services.

    Raises ``FolderProblem`` when another copy holds the folder or it is not a folder.
    """
    from canasta_game.persistence import DataDirs
    from canasta_game.persistence.atomic import remove_orphaned_temporaries
    from canasta_game.persistence.lock import DataFolderLock
    from canasta_game.ui.shell.boot import build_context

    dirs = DataDirs(args.data_dir)
    lock = DataFolderLock(dirs)
    lock.acquire()
    folders.callback(lock.release)
    remove_orphaned_temporaries((dirs.match_file, dirs.settings_file, dirs.statistics_file))
    return build_context(
        dirs,
        size=args.size,
        headless=headless,
        persist_settings=not (headless and args.autoplay),
        language=args.lang,
    )


def _play(args: argparse.Namespace, folders: contextlib.ExitStack) -> int:
    from canasta_game.ui.shell.flow import Flow
    from canasta_game.ui.shell.loop import MainLoop

    ctx = _context(args, headless=False, folders=folders)
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


def _headless(args: argparse.Namespace, folders: contextlib.ExitStack) -> int:
    from canasta_game.ui.shell import headless

    size = args.size or (1280, 800)
    if args.benchmark_frames:
        return headless.benchmark(args, size)
    if args.screenshot and args.scene in ("table", "late"):
        return headless.table_screenshot(args, size)
    if args.size is None:
        args.size = size
    if args.autoplay:
        return headless.autoplay(_context(args, headless=True, folders=folders), args)
    if args.data_dir is not None:
        return headless.screenshot(_context(args, headless=True, folders=folders), args)
    with tempfile.TemporaryDirectory(prefix="canasta-screenshot-") as scratch:
        args.data_dir = scratch  # a screenshot never reads or moves the player's files
        return headless.screenshot(_context(args, headless=True, folders=folders), args)


def _tell_in_a_window(message: str) -> None:
    """A game started by a double-click has no console: say it in a system message box."""
    import pygame

    with contextlib.suppress(pygame.error):  # no window system: the console has it already
        pygame.display.message_box(_("Canasta"), message, "warn", buttons=(_("OK"),))


def main(argv: Sequence[str] | None = None) -> int:
    args = cli.parse(argv)
    if cli.is_headless(args):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from canasta_game.persistence.lock import FolderProblem

    pygame.init()
    try:
        with contextlib.ExitStack() as folders:
            if cli.is_headless(args):
                return _headless(args, folders)
            return _play(args, folders)
    except FolderProblem as problem:
        print(problem.message, file=sys.stderr)
        if not cli.is_headless(args):
            _tell_in_a_window(problem.message)
        return EXIT_FOLDER
    except KeyboardInterrupt:
        # Every move is on disk the moment it is made, and an interrupted write leaves the
        # previous save in place (atomic.py): there is nothing left to save here. A second
        # Ctrl-C while the game closes would only print a traceback: it is ignored.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        print(_("Interrupted: the game was closed."), file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
