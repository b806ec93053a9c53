"""The modes that run without a player: screenshots, autoplay and the frame benchmark.

They go through the same context, flow and main loop as a real game, only with SDL's dummy
drivers, so a screenshot shows what a player would see and autoplay exercises the very
save-after-every-move path a human match uses.
"""

from __future__ import annotations

import argparse
import dataclasses
import secrets
import sys
from pathlib import Path

import pygame

from canasta_game.controller.pacing import Pacer
from canasta_game.controller.session import Session
from canasta_game.engine.rules import preset
from canasta_game.i18n import _
from canasta_game.persistence.settings import ANIMATION_SPEED_RANGE
from canasta_game.ui.scene import Scene
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.loop import MainLoop
from canasta_game.ui.shell.match_keeper import SaveMark
from canasta_game.ui.shell.resume import probe

AUTOPLAY_DT = 1.0
"""Simulated seconds per autoplay frame: every pause and animation is over in one frame."""
STALL_FRAMES = 20_000
"""Autoplay gives up (exit 2) when this many frames pass without a move being saved."""
SCREENSHOT_FRAMES = 3
EXIT_NOT_SAVED = 4
"""Autoplay's exit status when a save failed at any point of the run."""


def played_out_hand(preset_name: str, seed: int | str) -> Session:
    """A seeded hand played to its end by computer players in every seat."""
    session = Session.new(preset(preset_name), seed, human_seat=None, level="easy")
    while not session.hand_over:
        session.bot_step()
    session.human_seat = 0  # shown from seat 0's point of view, as a player would see it
    return session


def unthreaded_table(session: Session, ctx: ShellContext) -> Scene:
    """The real table, its computer players thinking on the main thread.

    Headless there is nobody to keep responsive, and a worker thread would only wait for
    the GIL behind a loop that never sleeps: one move per frame is both faster and
    repeatable.
    """
    from canasta_game.ui.table import TableScene

    pacer = Pacer(session, speed=ctx.settings.animation_speed, threaded=False)
    return TableScene(session, ctx, pacer=pacer)


def screenshot(ctx: ShellContext, args: argparse.Namespace) -> int:
    """Render the start screen or a score dialog to ``args.screenshot`` and exit."""
    flow = Flow(ctx)
    if args.scene == "score":
        seed = args.seed if args.seed is not None else 1
        flow.begin(played_out_hand(args.preset, seed))
    else:
        flow.boot()
    loop = MainLoop(ctx)
    try:
        loop.run(fps=0, max_frames=SCREENSHOT_FRAMES)
        path = Path(args.screenshot)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(ctx.display.surface, str(path))
        except (OSError, pygame.error) as exc:
            return _screenshot_failed(path, exc)
    finally:
        ctx.stack.close_all()
    return 0


def table_screenshot(args: argparse.Namespace, size: tuple[int, int]) -> int:
    """The table helper renders its own scene (it builds a stand-in context)."""
    from canasta_game.ui.table import render_table_screenshot

    seed = args.seed if args.seed is not None else 1
    path = Path(args.screenshot)
    try:
        render_table_screenshot(path, args.preset, seed, size, late=args.scene == "late")
    except (OSError, pygame.error) as exc:
        return _screenshot_failed(path, exc)
    return 0


def _screenshot_failed(path: Path, exc: Exception) -> int:
    reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    print(
        _("The screenshot could not be written to {path}: {reason}").format(
            path=path, reason=reason
        ),
        file=sys.stderr,
    )
    return EXIT_SCREENSHOT


EXIT_SCREENSHOT = 2
"""Exit status when the screenshot file cannot be written."""


def benchmark(args: argparse.Namespace, size: tuple[int, int]) -> int:
    from canasta_game.ui.table import benchmark_frames

    result = benchmark_frames(args.benchmark_frames, size)
    print(f"frames {args.benchmark_frames} size {size[0]}x{size[1]}")
    for key in ("p50", "p95", "p99"):  # machine-readable: one "name value unit" per line
        print(f"{key} {result[f'{key}_ms']:.2f} ms")
    return 0


def autoplay(ctx: ShellContext, args: argparse.Namespace) -> int:
    """Computer players in every seat, through the real loop, saving after every move.

    Prints ``saved <hand> <moves> <digest>`` after each save, and with ``--resume``
    ``loading`` and ``loaded`` around reading the save (a test kills it in between). With
    ``--resume`` the saved match is played on. The save that ends the match is followed by
    ``over``, printed before that save is retired (deleted), so a test that kills the run
    knows a missing save was a finished match. The run ends once the match has ``--hands``
    finished hands (or is over): exit 0. Exit 1 when there is nothing to resume, 2 when play
    stalls, 4 when any save failed on the way (the error is printed).
    """
    ctx.settings_keeper.change(
        dataclasses.replace(
            ctx.settings, reduced_motion=True, animation_speed=ANIMATION_SPEED_RANGE[1]
        )
    )
    loop = MainLoop(ctx)
    last_save_frame = 0

    def saved(mark: SaveMark) -> None:
        nonlocal last_save_frame
        last_save_frame = loop.frames
        print(mark.line(), flush=True)
        if flow.session is not None and flow.session.match.over:
            print("over", flush=True)  # the keeper retires this save next

    first = _first_session(ctx, args)
    if first is None:
        return 1
    flow = Flow(ctx, table_factory=unthreaded_table, on_saved=saved, score_auto_after=0.0)
    if args.resume:
        flow.play(first)
    else:
        flow.begin(first)

    def finished() -> bool:
        session = flow.session
        if session is None:
            return True
        match = session.match
        return match.over or (session.hand_over and match.hands_played >= args.hands)

    stalled = False

    def stop() -> bool:
        nonlocal stalled
        stalled = loop.frames - last_save_frame > STALL_FRAMES
        return stalled or finished()

    try:
        if not finished():
            loop.run(fps=0, fixed_dt=AUTOPLAY_DT, stop=stop)
    finally:
        ctx.stack.close_all()
    return _outcome(ctx, flow.session, stalled=stalled)


def _first_session(ctx: ShellContext, args: argparse.Namespace) -> Session | None:
    """The match autoplay plays: the saved one (``--resume``) or a new seeded one.

    ``None`` (after saying why) when there is no saved match that can be resumed.
    """
    if not args.resume:
        seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
        return Session.new(preset(args.preset), seed, human_seat=None, level=args.level or "easy")
    print("loading", flush=True)
    saved_match = probe(ctx.store)
    print("loaded", flush=True)
    resumed = saved_match.session
    if resumed is None:
        problem = saved_match.problem
        print(
            problem.message if problem else _("There is no saved match to resume."),
            file=sys.stderr,
        )
        return None
    if resumed.human_seat is not None:  # a person's match: the computer takes the seat
        resumed = Session.from_payload({**resumed.to_payload(), "human_seat": None})
    return resumed


def _outcome(ctx: ShellContext, session: Session | None, *, stalled: bool) -> int:
    """Autoplay's last words and exit status."""
    if stalled or session is None:
        print(_("Autoplay stopped: no move was made for a long time."), file=sys.stderr)
        return 2
    failure = ctx.save_health.first_failure
    if failure is not None:
        print(
            _("Autoplay could not save every move: {error}").format(error=failure), file=sys.stderr
        )
        return EXIT_NOT_SAVED
    scores = " ".join(str(score) for score in session.match.scores)
    print(f"hands {session.match.hands_played} scores {scores}", flush=True)
    return 0
