"""Render every card face, the back and the joker at two sizes onto one PNG, to look at.

The card art is drawn in code, so the only honest review is a picture of all of it: run
``python tools/contact_sheet.py out/contact.png`` and open the file. The sheet also shows the
four-colour diamonds and clubs so both colourings are judged together.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from canasta_game.ui.card_art import JOKER, RANKS, SUITS, render_back, render_face

FELT = (21, 96, 56)
LABEL = (245, 235, 200)


def _size(text: str) -> tuple[int, int]:
    w, h = text.lower().split("x")
    return int(w), int(h)


def _section(sizes: tuple[int, int], four_colour: bool) -> list[list[pygame.Surface]]:
    """Rows of sprites at one size: a row per suit, then joker, back and four-colour samples."""
    rows = [[render_face(r, s, sizes, four_colour) for r in RANKS] for s in SUITS]
    extra = [render_face(JOKER, None, sizes), render_back(sizes)]
    extra += [render_face(r, "d", sizes, not four_colour) for r in ("A", "5", "Q")]
    extra += [render_face(r, "c", sizes, not four_colour) for r in ("A", "5", "Q")]
    rows.append(extra)
    return rows


def build_sheet(sizes: Sequence[tuple[int, int]], four_colour: bool = False) -> pygame.Surface:
    """Lay out one section per size, top to bottom, on the table's felt colour."""
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    gap = 8
    sections = [(size, _section(size, four_colour)) for size in sizes]
    width = max(gap + 13 * (w + gap) for (w, _h), _rows in sections)
    height = sum(30 + len(rows) * (h + gap) for (_w, h), rows in sections) + gap
    sheet = pygame.Surface((width, height))
    sheet.fill(FELT)
    y = gap
    for (w, h), rows in sections:
        sheet.blit(font.render(f"{w}x{h}", True, LABEL), (gap, y))
        y += 30
        for row in rows:
            for i, sprite in enumerate(row):
                sheet.blit(sprite, (gap + i * (w + gap), y))
            y += h + gap
    return sheet


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render all card art onto one PNG.")
    parser.add_argument("png", type=Path, help="where to write the sheet")
    parser.add_argument(
        "--sizes",
        nargs="+",
        type=_size,
        default=[(50, 70), (140, 196)],
        help="card sizes as WxH (default: 50x70 140x196)",
    )
    parser.add_argument("--four-colour", action="store_true", help="use the four-colour deck")
    args = parser.parse_args(argv)
    pygame.init()
    try:
        sheet = build_sheet(args.sizes, args.four_colour)
        args.png.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(sheet, str(args.png))
    finally:
        pygame.quit()
    print(f"wrote {args.png} ({sheet.get_width()}x{sheet.get_height()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
