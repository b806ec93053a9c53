"""The card sprites: every card drawn, at every size, distinct, coloured and shaped right."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections import Counter

import pygame
import pytest

from canasta_game.ui import card_art
from canasta_game.ui.card_art import (
    FACE_BG,
    JOKER,
    RANKS,
    SUITS,
    CardArt,
    all_cards,
    render_back,
    render_face,
    suit_colour,
)

SIZES = [(50, 70), (90, 126), (160, 224)]
PIP_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "T"]
Card = tuple[str, str | None]


@pytest.fixture(scope="module")
def decks() -> dict[tuple[int, int], dict[Card, pygame.Surface]]:
    """Every face plus the back at each size, drawn once for the whole module."""
    pygame.font.init()
    out: dict[tuple[int, int], dict[Card, pygame.Surface]] = {}
    for size in SIZES:
        sprites: dict[Card, pygame.Surface] = {
            card: render_face(*card, size) for card in all_cards()
        }
        sprites[("back", None)] = render_back(size)
        out[size] = sprites
    return out


def _bytes(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def _dominant_ink(surface: pygame.Surface) -> tuple[int, int, int]:
    """Most common opaque colour that is clearly not the card stock, quantised to 16 levels."""
    raw = _bytes(surface)
    counts: Counter[tuple[int, int, int]] = Counter()
    for i in range(0, len(raw), 4):
        r, g, b, a = raw[i], raw[i + 1], raw[i + 2], raw[i + 3]
        if a < 255:
            continue
        if abs(r - FACE_BG[0]) + abs(g - FACE_BG[1]) + abs(b - FACE_BG[2]) < 90:
            continue
        counts[(r >> 4 << 4, g >> 4 << 4, b >> 4 << 4)] += 1
    return counts.most_common(1)[0][0]


def _ink_mask(surface: pygame.Surface, ink: tuple[int, int, int]) -> pygame.mask.Mask:
    return pygame.mask.from_threshold(surface, (*ink, 255), (70, 70, 70, 255))


def _has_ink(surface: pygame.Surface, box: pygame.Rect) -> bool:
    """Whether any opaque pixel in ``box`` differs clearly from the card stock."""
    sub = surface.subsurface(box)
    stock = pygame.mask.from_threshold(sub, (*FACE_BG, 255), (60, 60, 60, 255))
    return stock.count() < box.width * box.height


def test_all_cards_lists_52_faces_and_the_joker() -> None:
    cards = all_cards()
    assert len(cards) == 53
    assert len(set(cards)) == 53
    assert (JOKER, None) in cards
    assert {(r, s) for r in RANKS for s in SUITS} <= set(cards)


@pytest.mark.parametrize("size", SIZES)
def test_every_sprite_has_the_requested_size_and_alpha(decks, size) -> None:
    sprites = decks[size]
    assert len(sprites) == 54
    for card, surface in sprites.items():
        assert surface.get_size() == size, card
        assert surface.get_flags() & pygame.SRCALPHA, card
        assert surface.get_bitsize() == 32, card


@pytest.mark.parametrize("size", SIZES)
def test_faces_are_pairwise_different_and_back_is_unlike_any(decks, size) -> None:
    sprites = decks[size]
    images = {card: _bytes(s) for card, s in sprites.items()}
    assert len(set(images.values())) == len(images)
    back = images[("back", None)]
    assert all(back != img for card, img in images.items() if card[0] != "back")


def test_back_is_dark_where_faces_are_light(decks) -> None:
    """The back must never pass for a face: its mean brightness is far below every face's."""

    def brightness(surface: pygame.Surface) -> float:
        r, g, b, _a = pygame.transform.average_color(surface)
        return 0.3 * r + 0.59 * g + 0.11 * b

    for sprites in decks.values():
        back = brightness(sprites[("back", None)])
        darkest_face = min(brightness(s) for c, s in sprites.items() if c[0] != "back")
        assert back < 0.6 * darkest_face


@pytest.mark.parametrize("size", SIZES)
def test_corners_are_transparent_and_body_opaque(decks, size) -> None:
    w, h = size
    for card, surface in decks[size].items():
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert surface.get_at(corner).a == 0, (card, corner)
        for inside in ((w // 2, h // 2), (w // 2, 0), (0, h // 2), (w - 1, h // 2)):
            assert surface.get_at(inside).a == 255, (card, inside)


def test_rounded_corners_are_anti_aliased() -> None:
    """Supersampling leaves partly transparent pixels along the curve instead of a jagged step."""
    surface = render_face("5", "h", (60, 84))
    alphas = {surface.get_at((x, y)).a for x in range(8) for y in range(8)}
    assert any(0 < a < 255 for a in alphas)


@pytest.mark.parametrize("rank", RANKS)
def test_red_and_black_suits_use_different_ink(decks, rank) -> None:
    sprites = decks[(90, 126)]
    for suit in SUITS:
        r, g, b = _dominant_ink(sprites[(rank, suit)])
        if suit in ("h", "d"):
            assert r - max(g, b) > 100, (rank, suit, (r, g, b))
        else:
            assert max(r, g, b) < 70, (rank, suit, (r, g, b))


def test_four_colour_deck_recolours_diamonds_and_clubs_only() -> None:
    size = (90, 126)
    for rank in ("A", "7", "Q"):
        for suit in ("h", "s"):
            assert _bytes(render_face(rank, suit, size)) == _bytes(
                render_face(rank, suit, size, four_colour=True)
            )
        diamonds = render_face(rank, "d", size, four_colour=True)
        clubs = render_face(rank, "c", size, four_colour=True)
        assert _bytes(diamonds) != _bytes(render_face(rank, "d", size))
        assert _bytes(clubs) != _bytes(render_face(rank, "c", size))
        r, g, b = _dominant_ink(diamonds)
        assert b - max(r, g) > 60, (rank, (r, g, b))
        r, g, b = _dominant_ink(clubs)
        assert g - max(r, b) > 40, (rank, (r, g, b))


def test_suit_colour_palette() -> None:
    assert suit_colour("h") == suit_colour("d") != suit_colour("s") == suit_colour("c")
    assert len({suit_colour(s, four_colour=True) for s in SUITS}) == 4
    with pytest.raises(ValueError):
        suit_colour("x")


@pytest.mark.parametrize("suit", SUITS)
@pytest.mark.parametrize("rank", PIP_RANKS)
def test_pip_cards_show_as_many_pips_as_their_rank(decks, rank, suit) -> None:
    """Counted as separate blobs of ink between the index columns, so layouts really differ."""
    w, h = size = (160, 224)
    surface = decks[size][(rank, suit)]
    area = pygame.Rect(round(w * 0.225), 0, round(w * 0.55), h)
    mask = _ink_mask(surface.subsurface(area), suit_colour(suit))
    blobs = [m for m in mask.connected_components(minimum=80)]
    assert len(blobs) == (10 if rank == "T" else int(rank))


@pytest.mark.parametrize("suit", SUITS)
def test_ace_has_one_large_centred_pip(decks, suit) -> None:
    w, h = size = (160, 224)
    surface = decks[size][("A", suit)]
    area = pygame.Rect(round(w * 0.225), round(h * 0.25), round(w * 0.55), round(h * 0.5))
    mask = _ink_mask(surface.subsurface(area), suit_colour(suit))
    biggest = max(mask.connected_components(minimum=80), key=lambda m: m.count())
    box = biggest.get_bounding_rects()[0]
    assert box.width > w * 0.3
    assert abs(box.centerx + area.left - w / 2) < w * 0.03


@pytest.mark.parametrize("size", SIZES)
def test_indices_sit_in_two_opposite_corners(decks, size) -> None:
    w, h = size
    # Boxes kept clear of the rounded corner and the hairline edge; the index column is about
    # a fifth of the width and under a third of the height.
    bw, bh = round(w * 0.15), round(h * 0.22)
    left, right = round(w * 0.05), w - round(w * 0.05) - bw
    top, bottom = round(h * 0.06), h - round(h * 0.06) - bh
    boxes = {
        "top_left": pygame.Rect(left, top, bw, bh),
        "bottom_right": pygame.Rect(right, bottom, bw, bh),
        "top_right": pygame.Rect(right, top, bw, bh),
        "bottom_left": pygame.Rect(left, bottom, bw, bh),
    }
    for card, surface in decks[size].items():
        if card[0] == "back":
            continue
        assert _has_ink(surface, boxes["top_left"]), card
        assert _has_ink(surface, boxes["bottom_right"]), card
        if card[0] != JOKER:  # the joker decorates its free corners with stars
            assert not _has_ink(surface, boxes["top_right"]), card
            assert not _has_ink(surface, boxes["bottom_left"]), card


@pytest.mark.parametrize(
    "card", [("2", "s"), ("4", "c"), ("T", "h"), ("K", "d"), ("Q", "c"), (JOKER, None)]
)
def test_faces_read_the_same_upside_down(card) -> None:
    """Index, pips and court figures turn into themselves by a half-turn, as on real cards.

    Ranks with a middle row (which stays upright) are left out, and so is the joker's body;
    a 7 is the control that shows the measure does detect a card that is not symmetric.
    """

    def turned_difference(surface: pygame.Surface) -> float:
        a = _bytes(surface)
        b = _bytes(pygame.transform.flip(surface, True, True))
        return sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a)

    surface = render_face(*card, (100, 140))
    if card[0] == JOKER:  # only its corners are mirrored: compare the two index boxes
        top_left = surface.subsurface((0, 0, 22, 42))
        bottom_right = surface.subsurface((78, 98, 22, 42))
        flipped = pygame.transform.flip(bottom_right, True, True)
        a, b = _bytes(top_left), _bytes(flipped)
        assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a) < 1.0
        return
    assert turned_difference(surface) < 1.0
    assert turned_difference(render_face("7", "s", (100, 140))) > 3.0


def test_court_cards_differ_by_rank_beyond_the_letters(decks) -> None:
    """J, Q and K must be more than relabelled copies: their figures (headwear) differ."""
    w, h = size = (160, 224)
    head = pygame.Rect(round(w * 0.3), round(h * 0.08), round(w * 0.4), round(h * 0.12))
    heads = {r: _bytes(decks[size][(r, "s")].subsurface(head)) for r in ("J", "Q", "K")}
    assert len(set(heads.values())) == 3


def test_joker_has_its_own_colour(decks) -> None:
    r, g, b = _dominant_ink(decks[(90, 126)][(JOKER, None)])
    assert b > g + 40 and r > g + 20, (r, g, b)  # purple: neither suit red nor black


@pytest.mark.parametrize(
    ("rank", "suit"), [("1", "c"), ("A", "x"), ("A", None), (JOKER, "h"), ("10", "s")]
)
def test_impossible_cards_are_rejected(rank, suit) -> None:
    with pytest.raises(ValueError):
        render_face(rank, suit, (60, 84))


def test_tiny_sizes_are_rejected() -> None:
    with pytest.raises(ValueError):
        render_back((4, 6))


def test_card_art_caches_per_size_and_colouring() -> None:
    art = CardArt((60, 84))
    ace = art.face("A", "s")
    assert art.face("A", "s") is ace
    back = art.back()
    assert art.back() is back
    assert ace.get_size() == back.get_size() == (60, 84)

    art.resize((60, 84))
    assert art.face("A", "s") is ace  # same size: nothing redrawn

    art.resize((80, 112))
    assert art.size == (80, 112)
    assert art.face("A", "s").get_size() == (80, 112)
    assert art.back().get_size() == (80, 112)

    plain = _bytes(art.face("5", "d"))
    art.set_four_colour(True)
    assert art.four_colour
    assert _bytes(art.face("5", "d")) != plain
    assert _bytes(art.face("5", "d")) == _bytes(render_face("5", "d", (80, 112), four_colour=True))


def test_card_art_preload_draws_the_whole_deck() -> None:
    art = CardArt((50, 70))
    art.preload()
    assert len(art._faces) == 53
    assert art._back is not None


def test_card_art_converts_for_an_open_display_keeping_alpha() -> None:
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        face = CardArt((50, 70)).face("Q", "h")
        assert face.get_size() == (50, 70)
        assert face.get_at((0, 0)).a == 0
        assert face.get_at((25, 35)).a == 255
    finally:
        pygame.display.quit()


def test_text_is_scaled_to_the_requested_cap_height() -> None:
    """Index legibility depends on exact glyph height, not the font's nominal size."""
    glyph = card_art._text("K", 40, (0, 0, 0))
    assert abs(glyph.get_bounding_rect().height - 40) <= 1
    wide = card_art._text("10", 40, (0, 0, 0), max_width=20)
    assert wide.get_width() == 20
