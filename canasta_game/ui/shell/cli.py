"""The command line: play normally, or render, autoplay, resume or benchmark headless.

Every help text goes through ``_()`` like any other text a player can read.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from canasta_game.engine.rules import PRESETS
from canasta_game.i18n import LANGUAGES, _, set_language, system_language

SCENES = ("start", "table", "late", "score")  # late: a crowded end of a hand, hand-made


def window_size(text: str) -> tuple[int, int]:
    """``1280x800`` -> ``(1280, 800)``; argparse shows the ValueError's text on a bad one."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("expected WIDTHxHEIGHT, for example 1280x800, not {text!r}").format(text=text)
        ) from None
    if width < 320 or height < 240 or width > 7680 or height > 4320:
        raise argparse.ArgumentTypeError(_("{text} is not a usable window size").format(text=text))
    return width, height


def positive_count(text: str) -> int:
    """A whole number of at least 1 (frames to draw)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(
            _("expected a whole number of at least 1, not {text!r}").format(text=text)
        )
    return value


def folder(text: str) -> str:
    """A folder name; an empty one would quietly mean the current folder."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("a folder name is needed, not an empty one"))
    return text


def png_path(text: str) -> str:
    """Where a screenshot goes: a file name, not a folder and not nothing."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("a file name is needed, not an empty one"))
    if Path(text).is_dir():
        raise argparse.ArgumentTypeError(
            _("{text} is a folder; name the PNG file to write, for example {example}").format(
                text=text, example=str(Path(text) / "canasta.png")
            )
        )
    return text


def seed(text: str) -> int | str:
    """A number when it looks like one (so ``--seed 7`` and a saved seed 7 agree)."""
    return int(text) if text.lstrip("-").isdigit() else text


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="canasta-game", description=_("Play Canasta."))
    p.add_argument(
        "--screenshot",
        metavar="PNG",
        type=png_path,
        help=_("render one scene headless to this PNG file and exit"),
    )
    p.add_argument(
        "--scene",
        choices=SCENES,
        default="start",
        help=_("which scene --screenshot renders (default: start)"),
    )
    p.add_argument(
        "--preset",
        choices=sorted(PRESETS),
        default="classic-4",
        help=_("rule preset for --screenshot, --autoplay (default: classic-4)"),
    )
    p.add_argument(
        "--seed", type=seed, default=None, help=_("seed of the deal, so a run can be repeated")
    )
    p.add_argument(
        "--size",
        type=window_size,
        default=None,
        metavar="WxH",
        help=_("window size, for example 1280x800"),
    )
    p.add_argument(
        "--autoplay",
        action="store_true",
        help=_("computer players play every seat headless, saving as they go"),
    )
    p.add_argument(
        "--hands",
        type=int,
        default=1,
        metavar="N",
        help=_("with --autoplay: stop once the match has N finished hands"),
    )
    p.add_argument(
        "--level",
        choices=("easy", "medium", "hard"),
        default=None,
        help=_("with --autoplay: the computer players' level (default: easy)"),
    )
    p.add_argument(
        "--resume",
        action="store_true",
        help=_("continue the saved match (with --autoplay: headless)"),
    )
    p.add_argument(
        "--data-dir",
        metavar="DIR",
        type=folder,
        default=None,
        help=_("keep settings, statistics and the saved match in DIR"),
    )
    p.add_argument(
        "--benchmark-frames",
        type=positive_count,
        default=None,
        metavar="N",
        help=_("draw N table frames headless and print the frame times"),
    )
    p.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help=_("play in this language (cs, en, es, it) instead of the saved one"),
    )
    p.add_argument(
        "--startup-time",
        action="store_true",
        help=_("print the time from start to the first drawn frame and exit"),
    )
    return p


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments; help and errors are in the ``--lang`` language, else the system's."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang", default=None)
    wanted = early.parse_known_args(argv)[0].lang
    set_language(wanted if wanted in LANGUAGES else system_language())
    args = parser().parse_args(argv)
    if args.hands < 1:
        parser().error(_("--hands must be at least 1"))
    return args


def is_headless(args: argparse.Namespace) -> bool:
    """Modes that never open a real window (they set SDL's dummy drivers)."""
    return bool(args.screenshot or args.autoplay or args.benchmark_frames)
