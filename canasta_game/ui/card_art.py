"""Card faces and backs drawn by the project itself, at any size.

Nothing here is loaded from disk: every suit symbol is a polygon/circle shape, the only text
is pygame's default font, so the game ships no image or font assets and the cards stay sharp
when the window is resized. Each card is painted on a canvas several times larger than the
requested size and shrunk with ``smoothscale``, which gives anti-aliased edges to primitives
that pygame itself draws without anti-aliasing.

Card identity is plain strings so this module does not depend on the rule engine:
rank in ``RANKS`` or ``"JK"`` for the joker, suit in ``SUITS`` (``None`` for the joker).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("c", "d", "h", "s")
JOKER = "JK"
CALIENTE = "CA"  # CAL-1: Canasta Caliente's own card

Colour = tuple[int, int, int]
Point = tuple[float, float]

FACE_BG: Colour = (252, 250, 242)
EDGE: Colour = (128, 126, 118)
RED: Colour = (200, 22, 38)
BLACK: Colour = (26, 26, 32)
BLUE: Colour = (18, 82, 190)
GREEN: Colour = (14, 128, 58)
JOKER_INK: Colour = (118, 38, 158)
GOLD: Colour = (226, 178, 48)
HOT_EDGE: Colour = (150, 16, 12)  # the Caliente card: deep red at the rim ...
HOT_CORE: Colour = (250, 128, 24)  # ... orange at the heart
SUN: Colour = (255, 214, 64)
CREAM: Colour = (255, 244, 214)
GOLD_DARK: Colour = (140, 98, 16)
SKIN: Colour = (247, 216, 184)
FRAME_BG: Colour = (250, 238, 206)
BACK_DEEP: Colour = (22, 44, 112)
BACK_LINE: Colour = (70, 104, 184)
BACK_DOT: Colour = (150, 176, 228)

# Fractions of the card size; kept together so the layout can be tuned in one place.
CORNER_RADIUS = 0.085  # of width; a real card's corner is about 5-6 % of its width
INDEX_X = 0.115  # centre of the corner index column, of width
INDEX_TOP = 0.04  # of height
INDEX_RANK_H = 0.155  # rank text height, of height: big enough to read at 50x70
INDEX_MAX_W = 0.2  # "10" is condensed to fit this, of width
INDEX_PIP_W = 0.13  # of width
INDEX_GAP = 0.022  # between the rank and the suit symbol under it, of height
PIP_COL_X = (0.325, 0.5, 0.675)  # left/centre/right pip columns, of width
PIP_TOP, PIP_BOTTOM = 0.175, 0.825  # first and last pip row centres, of height
PIP_W = 0.168  # of width
# Supersampled canvas width aimed at (then rounded to a power-of-two factor): enough detail for
# the smallest cards without making the big ones slow to draw.
_CANVAS_TARGET_W = 420

# Pip centres per rank as (column 0..2, row 0..1); rows below the middle are drawn upside down,
# as on a real card, so the card reads the same from either end.
_PIP_LAYOUT: dict[str, tuple[tuple[int, float], ...]] = {
    "2": ((1, 0.0), (1, 1.0)),
    "3": ((1, 0.0), (1, 0.5), (1, 1.0)),
    "4": ((0, 0.0), (2, 0.0), (0, 1.0), (2, 1.0)),
    "5": ((0, 0.0), (2, 0.0), (1, 0.5), (0, 1.0), (2, 1.0)),
    "6": ((0, 0.0), (2, 0.0), (0, 0.5), (2, 0.5), (0, 1.0), (2, 1.0)),
    "7": ((0, 0.0), (2, 0.0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1.0), (2, 1.0)),
    "8": ((0, 0.0), (2, 0.0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1.0), (2, 1.0)),
    "9": (
        (0, 0.0), (2, 0.0), (0, 1 / 3), (2, 1 / 3), (1, 0.5),
        (0, 2 / 3), (2, 2 / 3), (0, 1.0), (2, 1.0),
    ),
    "T": (
        (0, 0.0), (2, 0.0), (1, 1 / 6), (0, 1 / 3), (2, 1 / 3),
        (0, 2 / 3), (2, 2 / 3), (1, 5 / 6), (0, 1.0), (2, 1.0),
    ),
}  # fmt: skip


def suit_colour(suit: str, four_colour: bool = False) -> Colour:
    """The ink of a suit; the four-colour deck separates diamonds and clubs at a glance."""
    if suit not in SUITS:
        raise ValueError(f"unknown suit {suit!r}")
    if four_colour:
        return {"h": RED, "d": BLUE, "c": GREEN, "s": BLACK}[suit]
    return RED if suit in ("h", "d") else BLACK


def rank_label(rank: str) -> str:
    """The text printed in the index: the engine's "T" is shown as "10" like on real cards."""
    return "10" if rank == "T" else rank


def _check_card(rank: str, suit: str | None) -> None:
    """Reject impossible cards early, so a typo is not silently drawn as a blank card."""
    if rank in (JOKER, CALIENTE):
        if suit is not None:
            raise ValueError(f"the {'joker' if rank == JOKER else 'Caliente card'} has no suit")
        return
    if rank not in RANKS:
        raise ValueError(f"unknown rank {rank!r}")
    if suit not in SUITS:
        raise ValueError(f"unknown suit {suit!r}")


def _check_size(size: tuple[int, int]) -> tuple[int, int]:
    """Whole pixels, and big enough that the layout fractions still land on separate pixels."""
    width, height = int(size[0]), int(size[1])
    if width < 8 or height < 8:
        raise ValueError(f"card size {size!r} is too small to draw")
    return width, height


# ---------------------------------------------------------------------------------------------
# Suit shapes: lists of primitives in a unit box (width 1, centred on the origin, y down).


@dataclass(frozen=True)
class _Prim:
    """One filled polygon (``radius == 0``) or circle (``points`` holds its centre)."""

    points: tuple[Point, ...]
    radius: float = 0.0


@dataclass(frozen=True)
class _Shape:
    prims: tuple[_Prim, ...]
    aspect: float  # height / width


def _bezier(p0: Point, c: Point, p1: Point, steps: int = 12) -> list[Point]:
    """Quadratic curve points from p0 (excluded) to p1 (included): curved stems and edges."""
    out: list[Point] = []
    for i in range(1, steps + 1):
        t = i / steps
        a, b, d = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * c[0] + d * p1[0], a * p0[1] + b * c[1] + d * p1[1]))
    return out


def _heart_outline(steps: int = 120) -> list[Point]:
    """The classic parametric heart; its cleft is at y = -5, its point at y = +17."""
    pts: list[Point] = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    return pts


def _stem(top_y: float, bottom_y: float, half_base: float) -> list[Point]:
    """A flared stem with concave sides, shared by spades and clubs."""
    neck = 1.2
    right = [
        (neck, top_y),
        *_bezier((neck, top_y), (neck * 1.2, bottom_y - 1), (half_base, bottom_y)),
    ]
    left = [(-x, y) for x, y in reversed(right)]
    return right + left


def _normalise(prims: list[_Prim]) -> _Shape:
    """Scale a raw shape to width 1 and centre its bounding box, so all suits share one API."""
    xs: list[float] = []
    ys: list[float] = []
    for prim in prims:
        if prim.radius:
            (cx, cy), r = prim.points[0], prim.radius
            xs += [cx - r, cx + r]
            ys += [cy - r, cy + r]
        else:
            xs += [p[0] for p in prim.points]
            ys += [p[1] for p in prim.points]
    width = max(xs) - min(xs)
    mx, my = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    out = []
    for prim in prims:
        pts = tuple(((x - mx) / width, (y - my) / width) for x, y in prim.points)
        out.append(_Prim(pts, prim.radius / width))
    return _Shape(tuple(out), (max(ys) - min(ys)) / width)


def _make_shapes() -> dict[str, _Shape]:
    heart = _heart_outline()
    spade_body = [(x * 0.98, -y * 1.08) for x, y in heart]
    diamond: list[Point] = [(0.0, -16.0)]
    corners = [(0.0, -16.0), (12.0, 0.0), (0.0, 16.0), (-12.0, 0.0), (0.0, -16.0)]
    for a, b in itertools.pairwise(corners):
        mid = ((a[0] + b[0]) / 2 * 0.86, (a[1] + b[1]) / 2 * 0.86)
        diamond += _bezier(a, mid, b)
    club_r = 8.2
    star = []
    for i in range(10):
        ang = -math.pi / 2 + i * math.pi / 5
        r = 1.0 if i % 2 == 0 else 0.42
        star.append((r * math.cos(ang), r * math.sin(ang)))
    return {
        "h": _normalise([_Prim(tuple(heart))]),
        "d": _normalise([_Prim(tuple(diamond[:-1]))]),
        "s": _normalise([_Prim(tuple(spade_body)), _Prim(tuple(_stem(2.0, 23.0, 7.5)))]),
        "c": _normalise(
            [
                _Prim(((0.0, -9.5),), club_r),
                _Prim(((-9.6, 5.0),), club_r),
                _Prim(((9.6, 5.0),), club_r),
                _Prim(((0.0, 1.5),), 5.0),
                _Prim(tuple(_stem(3.0, 22.0, 7.0))),
            ]
        ),
        "star": _normalise([_Prim(tuple(star))]),
    }


_SHAPES = _make_shapes()
# Optical size: a diamond as wide as a heart looks much bigger, so it is drawn narrower.
_SHAPE_WIDTH = {"h": 1.0, "d": 0.84, "s": 0.96, "c": 1.0, "star": 1.0}


def shape_height(shape: str, width: float) -> float:
    """Height of a suit symbol drawn ``width`` wide, to stack symbols under text."""
    return _SHAPES[shape].aspect * width * _SHAPE_WIDTH[shape]


def index_extent(size: tuple[int, int]) -> tuple[float, float]:
    """How far the top-left index (rank over suit) reaches into a card of ``size``, in
    pixels from its left and top edges: a fanned hand must leave this much of every card
    uncovered, or a "10" reads as "1" and a heart as a diamond."""
    width, height = size
    right = width * (INDEX_X + INDEX_MAX_W / 2)
    pip = max(shape_height(shape, width * INDEX_PIP_W) for shape in _SHAPE_WIDTH)
    bottom = height * (INDEX_TOP + INDEX_RANK_H + INDEX_GAP) + pip
    return right, bottom


def draw_suit(
    surface: pygame.Surface,
    shape: str,
    centre: Point,
    width: float,
    colour: Colour,
    upside_down: bool = False,
) -> None:
    """Fill a suit symbol (or ``"star"``) centred at ``centre``; rotated 180° when asked.

    Drawn from polygons and circles rather than font glyphs because the default font does not
    carry the suit characters. Not anti-aliased by itself: callers draw on a supersampled canvas.
    """
    sh = _SHAPES[shape]
    scale = width * _SHAPE_WIDTH[shape] * (-1 if upside_down else 1)
    cx, cy = centre
    for prim in sh.prims:
        pts = [(cx + x * scale, cy + y * scale) for x, y in prim.points]
        if prim.radius:
            pygame.draw.circle(surface, colour, pts[0], prim.radius * abs(scale))
        else:
            pygame.draw.polygon(surface, colour, pts)


# ---------------------------------------------------------------------------------------------
# Text from the default font, cropped and scaled to an exact cap height.

_fonts: dict[int, pygame.font.Font] = {}


def _font(px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    font = _fonts.get(px)
    if font is None:
        font = _fonts[px] = pygame.font.Font(None, px)
    return font


def _text(
    text: str, cap_height: float, colour: Colour, max_width: float | None = None
) -> pygame.Surface:
    """Render ``text`` so that its capitals are exactly ``cap_height`` pixels tall.

    Font sizes are not cap heights and the default font carries generous padding, so the glyphs
    are cropped to their ink and scaled; ``max_width`` condenses wide labels such as "10".
    """
    font = _font(max(10, round(cap_height * 1.5)))
    raw = font.render(text, True, colour)
    ref = font.render("H", True, colour).get_bounding_rect()
    ink = raw.get_bounding_rect()
    top = min(ink.top, ref.top)
    bottom = max(ink.bottom, ref.bottom)
    raw = raw.subsurface(pygame.Rect(ink.left, top, ink.width, bottom - top)).copy()
    scale = cap_height / ref.height
    width = max(1, round(ink.width * scale))
    if max_width is not None and width > max_width:
        width = max(1, round(max_width))
    return pygame.transform.smoothscale(raw, (width, max(1, round((bottom - top) * scale))))


# ---------------------------------------------------------------------------------------------
# Canvas handling.


def _canvas(size: tuple[int, int]) -> tuple[pygame.Surface, int]:
    """A supersampled canvas and its scale factor: a power of two, at least 2.

    Powers of two because ``smoothscale`` then averages whole pixel blocks exactly; at other
    ratios it truncates, leaving the card body at alpha 253 and a shade darker.
    """
    width, height = size
    ss = 2 ** max(1, round(math.log2(_CANVAS_TARGET_W / width)))
    canvas = pygame.Surface((width * ss, height * ss), pygame.SRCALPHA)
    return canvas, ss


def _round_off(
    canvas: pygame.Surface, size: tuple[int, int], ss: int, edge: Colour
) -> pygame.Surface:
    """Draw the hairline edge, cut the rounded corners to transparent, shrink to ``size``."""
    rect = canvas.get_rect()
    radius = max(3 * ss, round(rect.width * CORNER_RADIUS))
    pygame.draw.rect(canvas, edge, rect, width=max(1, round(ss * 0.9)), border_radius=radius)
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=radius)
    canvas.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return pygame.transform.smoothscale(canvas, size)


def _mirrored(canvas: pygame.Surface, paint: Callable[[pygame.Surface], None]) -> None:
    """Paint on a clear layer and stamp it twice, once turned 180°: real cards read both ways."""
    layer = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
    paint(layer)
    canvas.blit(layer, (0, 0))
    canvas.blit(pygame.transform.flip(layer, True, True), (0, 0))


def _darker(colour: Colour, factor: float = 0.65) -> Colour:
    """Outline shade of a fill colour, so shapes keep an edge against similar neighbours."""
    return (round(colour[0] * factor), round(colour[1] * factor), round(colour[2] * factor))


# ---------------------------------------------------------------------------------------------
# Faces.


def _paint_index(canvas: pygame.Surface, label: str, shape: str, ink: Colour) -> None:
    """Rank over a small suit symbol, top-left and (turned) bottom-right, for fanned hands."""
    width, height = canvas.get_size()

    def paint(layer: pygame.Surface) -> None:
        glyph = _text(label, height * INDEX_RANK_H, ink, max_width=width * INDEX_MAX_W)
        cx = width * INDEX_X
        rect = glyph.get_rect(midtop=(round(cx), round(height * INDEX_TOP)))
        layer.blit(glyph, rect)
        pip_w = width * INDEX_PIP_W
        gap = height * INDEX_GAP
        draw_suit(
            layer, shape, (cx, rect.bottom + gap + shape_height(shape, pip_w) / 2), pip_w, ink
        )

    _mirrored(canvas, paint)


def _paint_pips(canvas: pygame.Surface, rank: str, suit: str, ink: Colour) -> None:
    width, height = canvas.get_size()
    pip_w = width * PIP_W * (0.93 if rank in ("9", "T") else 1.0)
    for col, row in _PIP_LAYOUT[rank]:
        x = width * PIP_COL_X[col]
        y = height * (PIP_TOP + (PIP_BOTTOM - PIP_TOP) * row)
        draw_suit(canvas, suit, (x, y), pip_w, ink, upside_down=row > 0.5)


def _paint_ace(canvas: pygame.Surface, suit: str, ink: Colour) -> None:
    """One large pip; the ace of spades gets the traditional ring so it stands out."""
    width, height = canvas.get_size()
    centre = (width / 2, height / 2)
    if suit == "s":
        radius = width * 0.3
        pygame.draw.circle(canvas, ink, centre, radius, width=max(1, round(width * 0.012)))
        pygame.draw.circle(canvas, ink, centre, radius * 0.92, width=max(1, round(width * 0.005)))
        draw_suit(canvas, suit, centre, width * 0.36, ink)
    else:
        draw_suit(canvas, suit, centre, width * 0.42, ink)


def _crown_king(s: pygame.Surface, cx: float, top: float, bottom: float, half_w: float) -> None:
    """Three-spired crown with jewels: the tallest headwear, so the king reads first."""
    h = bottom - top
    pts = [
        (cx - half_w, bottom),
        (cx - half_w * 1.08, top + h * 0.25),
        (cx - half_w * 0.5, top + h * 0.62),
        (cx, top),
        (cx + half_w * 0.5, top + h * 0.62),
        (cx + half_w * 1.08, top + h * 0.25),
        (cx + half_w, bottom),
    ]
    pygame.draw.polygon(s, GOLD, pts)
    pygame.draw.polygon(s, GOLD_DARK, pts, width=max(1, round(h * 0.05)))
    for x, y in (pts[1], pts[3], pts[5]):
        pygame.draw.circle(s, GOLD, (x, y), h * 0.11)
        pygame.draw.circle(s, GOLD_DARK, (x, y), h * 0.11, width=max(1, round(h * 0.04)))
    band = pygame.Rect(0, 0, round(half_w * 2), round(h * 0.22))
    band.midbottom = (round(cx), round(bottom))
    pygame.draw.rect(s, GOLD_DARK, band)
    pygame.draw.circle(s, RED, band.center, h * 0.08)


def _crown_queen(s: pygame.Surface, cx: float, top: float, bottom: float, half_w: float) -> None:
    """Low coronet of rounded arches topped with pearls: lighter than the king's crown."""
    h = bottom - top
    base = bottom - h * 0.3
    pts = [(cx - half_w, bottom)]
    arches = 4
    for i in range(arches + 1):
        x = cx - half_w + 2 * half_w * i / arches
        pts.append((x, top + h * 0.35 if i % 2 == 0 else base - h * 0.05))
    pts.append((cx + half_w, bottom))
    pygame.draw.polygon(s, GOLD, pts)
    pygame.draw.polygon(s, GOLD_DARK, pts, width=max(1, round(h * 0.05)))
    for i in range(0, arches + 1, 2):
        x = cx - half_w + 2 * half_w * i / arches
        pygame.draw.circle(s, (250, 248, 240), (x, top + h * 0.25), h * 0.12)
        pygame.draw.circle(
            s, GOLD_DARK, (x, top + h * 0.25), h * 0.12, width=max(1, round(h * 0.04))
        )


def _hat_jack(
    s: pygame.Surface, cx: float, top: float, bottom: float, half_w: float, ink: Colour
) -> None:
    """A soft cap with a curling plume: no gold crown, so the jack never reads as royalty."""
    h = bottom - top
    line = max(1, round(h * 0.05))
    plume = [
        (cx + half_w * 0.2, bottom - h * 0.3),
        *_bezier(
            (cx + half_w * 0.2, bottom - h * 0.3),
            (cx + half_w * 0.6, top - h * 0.5),
            (cx + half_w * 1.6, top - h * 0.1),
        ),
        *_bezier(
            (cx + half_w * 1.6, top - h * 0.1),
            (cx + half_w * 0.9, top + h * 0.1),
            (cx + half_w * 0.7, bottom - h * 0.2),
        ),
    ]
    pygame.draw.polygon(s, (250, 248, 240), plume)
    pygame.draw.polygon(s, _darker(ink, 0.8), plume, width=line)
    cap = pygame.Rect(0, 0, round(half_w * 2.3), round(h * 0.85))
    cap.midbottom = (round(cx - half_w * 0.1), round(bottom + h * 0.1))
    pygame.draw.ellipse(s, ink, cap)
    pygame.draw.ellipse(s, _darker(ink, 0.6), cap, width=line)
    brim = pygame.Rect(0, 0, round(half_w * 2.5), round(h * 0.32))
    brim.midbottom = (round(cx), round(bottom + h * 0.14))
    pygame.draw.ellipse(s, GOLD, brim)
    pygame.draw.ellipse(s, GOLD_DARK, brim, width=line)


def _held_item(
    s: pygame.Surface, rank: str, x: float, top: float, bottom: float, ink: Colour
) -> None:
    """What the figure holds: sceptre (K), flower (Q), halberd (J) - a second cue per rank."""
    fw = s.get_width()
    line = max(1, round(fw * 0.012))
    rod = max(2, round(fw * 0.035))
    if rank == "K":
        pygame.draw.line(s, GOLD_DARK, (x, top), (x, bottom), rod + 2 * line)
        pygame.draw.line(s, GOLD, (x, top), (x, bottom), rod)
        pygame.draw.circle(s, GOLD, (x, top), fw * 0.06)
        pygame.draw.circle(s, GOLD_DARK, (x, top), fw * 0.06, width=line)
        pygame.draw.line(s, GOLD_DARK, (x, top - fw * 0.1), (x, top - fw * 0.06), line * 2)
    elif rank == "Q":
        pygame.draw.line(s, (40, 120, 50), (x, top), (x, bottom), max(2, rod // 2 + line))
        leaf = [
            (x, top + (bottom - top) * 0.45),
            (x + fw * 0.08, top + (bottom - top) * 0.3),
            (x + fw * 0.02, top + (bottom - top) * 0.5),
        ]
        pygame.draw.polygon(s, (40, 120, 50), leaf)
        for i in range(5):
            ang = 2 * math.pi * i / 5 - math.pi / 2
            centre = (x + math.cos(ang) * fw * 0.045, top + math.sin(ang) * fw * 0.045)
            pygame.draw.circle(s, (236, 110, 140), centre, fw * 0.04)
        pygame.draw.circle(s, GOLD, (x, top), fw * 0.03)
    else:
        pygame.draw.line(s, (110, 70, 30), (x, top - fw * 0.05), (x, bottom), rod)
        blade = [
            (x, top),
            (x + fw * 0.1, top - fw * 0.04),
            (x + fw * 0.12, top + fw * 0.08),
            (x, top + fw * 0.12),
        ]
        pygame.draw.polygon(s, (200, 205, 214), blade)
        pygame.draw.polygon(s, (90, 96, 110), blade, width=line)
        pygame.draw.polygon(
            s, (90, 96, 110), [(x, top - fw * 0.12), (x - fw * 0.025, top), (x + fw * 0.025, top)]
        )


def _paint_court_half(half: pygame.Surface, rank: str, suit: str, ink: Colour) -> None:
    """One half of a double-headed court card: headwear per rank, suit-coloured robe, letter."""
    fw, hh = half.get_size()
    cx = fw / 2
    line = max(1, round(fw * 0.012))
    skin_out = _darker(SKIN, 0.55)
    head_r = fw * 0.15
    head_cy = hh * 0.4
    # Hair behind the head: long for the queen, short for the jack, none under the king's crown.
    if rank == "Q":
        hair = pygame.Rect(0, 0, round(head_r * 2.7), round(head_r * 3.0))
        hair.midtop = (round(cx), round(head_cy - head_r * 1.1))
        pygame.draw.ellipse(half, (128, 74, 30), hair)
    elif rank == "J":
        pygame.draw.circle(half, (150, 96, 40), (cx, head_cy + head_r * 0.05), head_r * 1.12)
    # Robe: sloping shoulders in the suit colour, a light tabard carrying the big rank letter.
    neck_y = head_cy + head_r * 0.8
    sh_y = neck_y + hh * 0.12
    left = [
        (cx - fw * 0.12, neck_y),
        *_bezier((cx - fw * 0.12, neck_y), (cx - fw * 0.38, neck_y), (cx - fw * 0.42, sh_y)),
        (cx - fw * 0.44, hh + 1),
    ]
    robe = left + [(2 * cx - x, y) for x, y in reversed(left)]
    pygame.draw.polygon(half, ink, robe)
    pygame.draw.polygon(half, _darker(ink, 0.55), robe, width=line)
    tabard = pygame.Rect(0, 0, round(fw * 0.42), round(hh * 0.93 - neck_y - hh * 0.06))
    tabard.midtop = (round(cx), round(neck_y + hh * 0.06))
    pygame.draw.rect(half, FACE_BG, tabard, border_radius=round(fw * 0.05))
    pygame.draw.rect(half, GOLD, tabard, width=max(2, line * 2), border_radius=round(fw * 0.05))
    collar = [(cx - fw * 0.14, neck_y), (cx, neck_y + hh * 0.1), (cx + fw * 0.14, neck_y)]
    pygame.draw.polygon(half, GOLD, collar)
    pygame.draw.polygon(half, GOLD_DARK, collar, width=line)
    letter = _text(rank, hh * 0.26, ink, max_width=tabard.width * 0.8)
    half.blit(letter, letter.get_rect(center=(round(cx), round(tabard.centery + hh * 0.03))))
    # Head and face.
    pygame.draw.circle(half, SKIN, (cx, head_cy), head_r)
    pygame.draw.circle(half, skin_out, (cx, head_cy), head_r, width=line)
    eye_r = max(1.0, head_r * 0.1)
    for dx in (-0.38, 0.38):
        pygame.draw.circle(half, (40, 30, 30), (cx + head_r * dx, head_cy - head_r * 0.1), eye_r)
    if rank == "K":
        beard = [
            (cx - head_r * 0.95, head_cy + head_r * 0.1),
            (cx - head_r * 0.6, head_cy + head_r * 1.35),
            (cx, head_cy + head_r * 1.7),
            (cx + head_r * 0.6, head_cy + head_r * 1.35),
            (cx + head_r * 0.95, head_cy + head_r * 0.1),
            (cx + head_r * 0.5, head_cy + head_r * 0.55),
            (cx - head_r * 0.5, head_cy + head_r * 0.55),
        ]
        pygame.draw.polygon(half, (236, 236, 238), beard)
        pygame.draw.polygon(half, (150, 150, 160), beard, width=line)
    else:
        mouth = pygame.Rect(0, 0, round(head_r * 0.7), round(head_r * 0.5))
        mouth.center = (round(cx), round(head_cy + head_r * 0.35))
        pygame.draw.arc(half, (180, 40, 50), mouth, math.pi * 1.1, math.pi * 1.9, width=line)
    crown_bottom = head_cy - head_r * 0.6
    crown_top = hh * 0.05
    if rank == "K":
        _crown_king(half, cx, crown_top, crown_bottom, head_r * 1.05)
    elif rank == "Q":
        _crown_queen(half, cx, crown_top + hh * 0.05, crown_bottom, head_r * 1.0)
    else:
        _hat_jack(half, cx, crown_top + hh * 0.08, crown_bottom, head_r * 0.95, ink)
    _held_item(half, rank, fw * 0.84, hh * 0.3, hh * 0.92, ink)
    # The suit symbol beside the head, as the court figures traditionally carry.
    draw_suit(half, suit, (fw * 0.16, hh * 0.15), fw * 0.17, ink)


def _paint_court(canvas: pygame.Surface, rank: str, suit: str, ink: Colour) -> None:
    """A framed, double-headed figure between the indices."""
    width, height = canvas.get_size()
    frame = pygame.Rect(0, 0, round(width * 0.56), round(height * 0.86))
    frame.center = (width // 2, height // 2)
    pygame.draw.rect(canvas, FRAME_BG, frame)
    half = pygame.Surface((frame.width, frame.height // 2), pygame.SRCALPHA)
    _paint_court_half(half, rank, suit, ink)
    canvas.blit(half, frame.topleft)
    canvas.blit(
        pygame.transform.flip(half, True, True), (frame.left, frame.bottom - half.get_height())
    )
    line = max(1, round(width * 0.012))
    pygame.draw.line(
        canvas, ink, (frame.left, frame.centery), (frame.right - 1, frame.centery), line
    )
    pygame.draw.rect(canvas, ink, frame, width=line)
    inner = frame.inflate(-line * 4, -line * 4)
    pygame.draw.rect(canvas, GOLD, inner, width=max(1, line // 2))


def _paint_joker(canvas: pygame.Surface) -> None:
    """A jester's head with a three-pointed belled cap over the word JOKER, in its own purple."""
    width, height = canvas.get_size()
    _paint_index(canvas, "JK", "star", JOKER_INK)
    cx = width / 2
    line = max(1, round(width * 0.012))
    head_r = width * 0.155
    head_cy = height * 0.45
    # Ruff collar: a zigzag disc under the chin.
    ruff: list[Point] = []
    ruff_cy = head_cy + head_r * 1.05
    for i in range(24):
        ang = math.pi * i / 23
        r = head_r * (1.45 if i % 2 == 0 else 1.1)
        ruff.append((cx - math.cos(ang) * r, ruff_cy + math.sin(ang) * r * 0.55))
    pygame.draw.polygon(canvas, (250, 250, 250), ruff)
    pygame.draw.polygon(canvas, JOKER_INK, ruff, width=line)
    # Face.
    pygame.draw.circle(canvas, SKIN, (cx, head_cy), head_r)
    pygame.draw.circle(canvas, _darker(SKIN, 0.55), (cx, head_cy), head_r, width=line)
    for dx in (-0.38, 0.38):
        pygame.draw.circle(
            canvas, (40, 30, 30), (cx + head_r * dx, head_cy - head_r * 0.1), head_r * 0.1
        )
        pygame.draw.circle(
            canvas, (240, 150, 150), (cx + head_r * dx * 1.5, head_cy + head_r * 0.3), head_r * 0.16
        )
    smile = pygame.Rect(0, 0, round(head_r * 1.1), round(head_r * 0.9))
    smile.center = (round(cx), round(head_cy + head_r * 0.15))
    pygame.draw.arc(
        canvas, (190, 30, 50), smile, math.pi * 1.15, math.pi * 1.85, width=max(2, line * 2)
    )
    # Cap: three drooping points in alternating colours, each tipped with a bell.
    brim_y = head_cy - head_r * 0.55
    tips = [
        (cx - head_r * 2.2, head_cy - head_r * 0.6),
        (cx, head_cy - head_r * 3.1),
        (cx + head_r * 2.2, head_cy - head_r * 0.6),
    ]
    bases = [
        ((cx - head_r * 1.05, brim_y), (cx - head_r * 0.1, brim_y - head_r * 0.3), (-1.0, -1.6)),
        (
            (cx - head_r * 0.55, brim_y - head_r * 0.2),
            (cx + head_r * 0.55, brim_y - head_r * 0.2),
            (0.0, 0.0),
        ),
        ((cx + head_r * 0.1, brim_y - head_r * 0.3), (cx + head_r * 1.05, brim_y), (1.0, -1.6)),
    ]
    colours = [JOKER_INK, GOLD, JOKER_INK]
    for tip, (a, b, bend), colour in zip(tips, bases, colours, strict=True):
        ctrl_a = (a[0] + bend[0] * head_r * 0.2, tip[1] + bend[1] * head_r * 0.6 - head_r * 0.6)
        ctrl_b = (b[0] + bend[0] * head_r * 0.2, tip[1] + bend[1] * head_r * 0.6 - head_r * 0.4)
        pts = [a, *_bezier(a, ctrl_a, tip), *_bezier(tip, ctrl_b, b)]
        pygame.draw.polygon(canvas, colour, pts)
        pygame.draw.polygon(canvas, _darker(JOKER_INK, 0.6), pts, width=line)
    band = pygame.Rect(0, 0, round(head_r * 2.3), round(head_r * 0.45))
    band.center = (round(cx), round(brim_y))
    pygame.draw.rect(canvas, GOLD, band, border_radius=band.height // 2)
    pygame.draw.rect(canvas, GOLD_DARK, band, width=line, border_radius=band.height // 2)
    for tip in tips:
        pygame.draw.circle(canvas, GOLD, tip, head_r * 0.28)
        pygame.draw.circle(canvas, GOLD_DARK, tip, head_r * 0.28, width=line)
    # Stars in the two corners the indices leave empty, and the word between the indices.
    for fx, fy in ((0.83, 0.09), (0.17, 0.91)):
        draw_suit(canvas, "star", (width * fx, height * fy), width * 0.1, GOLD)
    word = _text("JOKER", height * 0.075, JOKER_INK, max_width=width * 0.5)
    canvas.blit(word, word.get_rect(center=(round(cx), round(height * 0.765))))


def _flame(cx: float, base_y: float, half_w: float, tall: float) -> list[Point]:
    """A flame's outline: a round base rising to a point that leans a little to the right."""
    tip = (cx + half_w * 0.25, base_y - tall)
    left = _bezier((cx, base_y), (cx - half_w * 1.6, base_y - tall * 0.35), tip, steps=16)
    right = _bezier(tip, (cx + half_w * 1.5, base_y - tall * 0.45), (cx, base_y), steps=16)
    return [*left, *right[1:]]


def _paint_caliente(canvas: pygame.Surface) -> None:
    """CAL-1: the "hot" card: a red-to-orange glow, a sun with rays around a flame, and the
    word CALIENTE, so it is told from a joker at a glance."""
    width, height = canvas.get_size()
    steps = 14
    for i in range(steps):  # the glow, from the red rim to the orange heart
        t = i / (steps - 1)
        colour = tuple(round(e + (c - e) * t) for e, c in zip(HOT_EDGE, HOT_CORE, strict=True))
        rect = canvas.get_rect().inflate(-width * 0.9 * t, -height * 0.7 * t)
        pygame.draw.ellipse(canvas, colour, rect) if i else canvas.fill(colour)
    cx, cy = width / 2, height * 0.45
    sun_r = width * 0.2
    for k in range(16):  # rays, long and short in turn
        ang = 2 * math.pi * k / 16
        reach = sun_r * (1.75 if k % 2 == 0 else 1.4)
        spread = math.pi / 16 * 0.8
        pts = [
            (cx + math.cos(ang) * reach, cy + math.sin(ang) * reach),
            (cx + math.cos(ang - spread) * sun_r * 0.9, cy + math.sin(ang - spread) * sun_r * 0.9),
            (cx + math.cos(ang + spread) * sun_r * 0.9, cy + math.sin(ang + spread) * sun_r * 0.9),
        ]
        pygame.draw.polygon(canvas, SUN, pts)
    pygame.draw.circle(canvas, SUN, (cx, cy), sun_r)
    line = max(1, round(width * 0.012))
    pygame.draw.circle(canvas, _darker(SUN, 0.75), (cx, cy), sun_r, width=line)
    base_y = cy + sun_r * 0.7
    outer = _flame(cx, base_y, sun_r * 0.55, sun_r * 1.45)
    pygame.draw.polygon(canvas, (226, 44, 18), outer)
    pygame.draw.polygon(canvas, _darker((226, 44, 18), 0.6), outer, width=line)
    pygame.draw.polygon(canvas, (255, 150, 30), _flame(cx, base_y, sun_r * 0.34, sun_r * 0.95))
    pygame.draw.polygon(canvas, CREAM, _flame(cx, base_y, sun_r * 0.16, sun_r * 0.45))
    band = pygame.Rect(0, 0, round(width * 0.6), round(height * 0.1))
    band.center = (round(cx), round(height * 0.76))
    pygame.draw.rect(canvas, HOT_EDGE, band, border_radius=band.height // 2)
    pygame.draw.rect(canvas, SUN, band, width=line, border_radius=band.height // 2)
    word = _text("CALIENTE", height * 0.055, CREAM, max_width=band.width * 0.86)
    canvas.blit(word, word.get_rect(center=band.center))
    _paint_index(canvas, CALIENTE, "star", CREAM)


def render_face(
    rank: str, suit: str | None, size: tuple[int, int], four_colour: bool = False
) -> pygame.Surface:
    """Draw one card face at ``size`` with per-pixel alpha and transparent rounded corners.

    ``rank`` is one of ``RANKS`` or ``"JK"``; ``suit`` one of ``SUITS`` (``None`` for the
    joker). ``four_colour`` gives diamonds blue and clubs green for players who want the suits
    told apart by colour alone.
    """
    _check_card(rank, suit)
    size = _check_size(size)
    canvas, ss = _canvas(size)
    canvas.fill(FACE_BG)
    if rank == CALIENTE:
        _paint_caliente(canvas)
    elif rank == JOKER or suit is None:
        _paint_joker(canvas)
    else:
        ink = suit_colour(suit, four_colour)
        if rank == "A":
            _paint_ace(canvas, suit, ink)
        elif rank in _PIP_LAYOUT:
            _paint_pips(canvas, rank, suit, ink)
        else:
            _paint_court(canvas, rank, suit, ink)
        _paint_index(canvas, rank_label(rank), suit, ink)
    return _round_off(canvas, size, ss, EDGE)


def render_back(size: tuple[int, int]) -> pygame.Surface:
    """Draw the card back: a white margin around a deep blue diamond lattice and a medallion.

    Dark where faces are light and symmetric under a half-turn, so it can never be mistaken
    for a face and gives nothing away however it lies.
    """
    size = _check_size(size)
    canvas, ss = _canvas(size)
    width = canvas.get_width()
    canvas.fill(FACE_BG)
    margin = round(width * 0.065)
    panel = canvas.get_rect().inflate(-2 * margin, -2 * margin)
    radius = round(width * CORNER_RADIUS * 0.6)
    layer = pygame.Surface(panel.size, pygame.SRCALPHA)
    layer.fill(BACK_DEEP)
    pw, ph = panel.size
    step = width * 0.1
    line = max(1, round(width * 0.008))
    # Diagonal lattice centred on the panel so it is symmetric under a half-turn.
    n = int((pw + ph) / step) + 2
    for i in range(-n, n + 1):
        off = i * step
        pygame.draw.line(layer, BACK_LINE, (pw / 2 + off - ph, 0), (pw / 2 + off + ph, ph), line)
        pygame.draw.line(layer, BACK_LINE, (pw / 2 + off + ph, 0), (pw / 2 + off - ph, ph), line)
    dot_r = step * 0.14
    rows = int(ph / step) + 2
    for j in range(-rows, rows + 1):
        for i in range(-rows, rows + 1):
            x = pw / 2 + i * step
            y = ph / 2 + j * step + (step / 2 if i % 2 else 0)
            if -step < x < pw + step and -step < y < ph + step:
                pygame.draw.circle(layer, BACK_DOT, (x, y), dot_r)
    # Medallion: a deep oval with a gold ring and a four-pointed gold rosette.
    oval = pygame.Rect(0, 0, round(pw * 0.5), round(ph * 0.36))
    oval.center = (pw // 2, ph // 2)
    pygame.draw.ellipse(layer, BACK_DEEP, oval.inflate(line * 6, line * 6))
    pygame.draw.ellipse(layer, GOLD, oval, width=max(1, line * 2))
    pygame.draw.ellipse(layer, GOLD, oval.inflate(-line * 6, -line * 6), width=line)
    r_out, r_in = oval.width * 0.32, oval.width * 0.1
    rosette = []
    for i in range(8):
        ang = math.pi / 4 * i - math.pi / 2
        r = r_out if i % 2 == 0 else r_in
        rosette.append((pw / 2 + r * math.cos(ang), ph / 2 + r * math.sin(ang)))
    pygame.draw.polygon(layer, GOLD, rosette)
    pygame.draw.circle(layer, BACK_DEEP, (pw / 2, ph / 2), r_in * 0.6)
    # Inner gold border, then round the panel's corners.
    inner = layer.get_rect().inflate(-round(width * 0.05), -round(width * 0.05))
    pygame.draw.rect(layer, GOLD, inner, width=max(1, line), border_radius=radius)
    pmask = pygame.Surface(panel.size, pygame.SRCALPHA)
    pmask.fill((255, 255, 255, 0))
    pygame.draw.rect(pmask, (255, 255, 255, 255), pmask.get_rect(), border_radius=radius)
    layer.blit(pmask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.blit(layer, panel.topleft)
    return _round_off(canvas, size, ss, EDGE)


class CardArt:
    """Sprites for one card size, made on first use and kept until the size changes.

    The table asks for a fresh size whenever the window is resized; drawing a card costs a few
    milliseconds, so each face is drawn once per size rather than every frame.
    """

    def __init__(self, size: tuple[int, int], four_colour: bool = False) -> None:
        self._size = _check_size(size)
        self._four_colour = four_colour
        self._faces: dict[tuple[str, str | None], pygame.Surface] = {}
        self._back: pygame.Surface | None = None

    @property
    def size(self) -> tuple[int, int]:
        """The card size in pixels that every sprite of this cache has."""
        return self._size

    @property
    def four_colour(self) -> bool:
        """Whether faces use the four-colour deck (diamonds blue, clubs green)."""
        return self._four_colour

    def resize(self, size: tuple[int, int]) -> None:
        """Switch to a new card size; sprites of the old size are dropped, not scaled."""
        size = _check_size(size)
        if size != self._size:
            self._size = size
            self.clear()

    def set_four_colour(self, four_colour: bool) -> None:
        """Switch deck colouring; only the faces are redrawn, the back does not change."""
        if four_colour != self._four_colour:
            self._four_colour = four_colour
            self._faces.clear()

    def clear(self) -> None:
        """Forget every sprite, e.g. after the display was re-created."""
        self._faces.clear()
        self._back = None

    def face(self, rank: str, suit: str | None) -> pygame.Surface:
        """The face of one card at the current size (shared: do not draw on it)."""
        key = (rank, suit)
        surf = self._faces.get(key)
        if surf is None:
            surf = self._faces[key] = _for_display(
                render_face(rank, suit, self._size, self._four_colour)
            )
        return surf

    def back(self) -> pygame.Surface:
        """The card back at the current size (shared: do not draw on it)."""
        if self._back is None:
            self._back = _for_display(render_back(self._size))
        return self._back

    def preload(self, cards: Sequence[tuple[str, str | None]] | None = None) -> None:
        """Draw the whole deck now, so the first deal does not stutter."""
        for rank, suit in cards if cards is not None else all_cards():
            self.face(rank, suit)
        self.back()


def all_cards() -> list[tuple[str, str | None]]:
    """Every distinct face of a standard pack: 52 ranks-by-suits and the joker (the Caliente
    card of CAL-1 is drawn when a Caliente game first shows one)."""
    cards: list[tuple[str, str | None]] = [(r, s) for s in SUITS for r in RANKS]
    cards.append((JOKER, None))
    return cards


def _for_display(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format when one exists, which makes blitting faster."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface
