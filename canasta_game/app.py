"""Composition root: builds the window and runs the main loop; nothing imports this module.

Until the table lands this shows the title screen on the felt so that `canasta-game` starts
and closes cleanly on every machine. ``--screenshot`` renders one frame headless and exits.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from canasta_game.i18n import _

WINDOW_SIZE = (1280, 800)
FELT = (21, 96, 56)
TITLE_COLOUR = (245, 235, 200)


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="canasta-game", description=_("Play Canasta."))
    parser.add_argument("--screenshot", metavar="PNG", help=_("render one frame to PNG and exit"))
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(argv)
    if args.screenshot:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from canasta_game.ui.title import draw_title

    pygame.init()
    try:
        screen = pygame.display.set_mode(WINDOW_SIZE, pygame.RESIZABLE)
        pygame.display.set_caption(_("Canasta"))
        clock = pygame.time.Clock()
        running = True
        while running:
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (
                    event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                ):
                    running = False
            draw_title(screen, FELT, TITLE_COLOUR)
            pygame.display.flip()
            if args.screenshot:
                pygame.image.save(screen, args.screenshot)
                running = False
            clock.tick(60)
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
