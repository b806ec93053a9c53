"""Write the app icon as .png, .ico and .icns into a folder (the PyInstaller build uses it).

ICO and ICNS both accept PNG images inside, so both are written with the stdlib only.
Usage: python tools/make_icon.py OUT_DIR
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from canasta_game.ui.icon import render_icon


def _png(size: int) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(render_icon(size), buffer, "icon.png")
    return buffer.getvalue()


def write_ico(path: Path, sizes: tuple[int, ...] = (16, 32, 48, 256)) -> None:
    images = [_png(s) for s in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries = b""
    for size, data in zip(sizes, images, strict=True):
        dim = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    path.write_bytes(header + entries + b"".join(images))


def write_icns(path: Path) -> None:
    chunks = b""
    for kind, size in ((b"ic07", 128), (b"ic08", 256), (b"ic09", 512)):
        data = _png(size)
        chunks += kind + struct.pack(">I", len(data) + 8) + data
    path.write_bytes(b"icns" + struct.pack(">I", len(chunks) + 8) + chunks)


def make_icons(out: Path) -> dict[str, Path]:
    pygame.display.init()
    out.mkdir(parents=True, exist_ok=True)
    paths = {
        "png": out / "canasta-game.png",
        "ico": out / "canasta-game.ico",
        "icns": out / "canasta-game.icns",
    }
    paths["png"].write_bytes(_png(256))
    write_ico(paths["ico"])
    write_icns(paths["icns"])
    return paths


if __name__ == "__main__":
    for name, where in make_icons(Path(sys.argv[1] if len(sys.argv) > 1 else "build/icon")).items():
        print(f"{name}: {where}")
