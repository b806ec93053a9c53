"""Issue 15, fault 2 and the crowded tables: at 1024x640 and 1280x800, with two to six
players, nothing on the table runs into anything else and the hand is never cut off."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import dataclasses

import pygame
import pytest

from canasta_game.i18n import LANGUAGES, set_language
from canasta_game.ui.table.layout import STOCK_EDGE
from canasta_game.ui.table.painter import under_pile
from canasta_game.ui.table.placement import plan_table
from canasta_game.ui.table.table_scene import TableScene

SMALL, LARGE = (1024, 640), (1280, 800)


@pytest.fixture
def table(request: pytest.FixtureRequest, held_table) -> TableScene:
    preset, seed, moves, size = request.param
    return held_table(preset, seed, moves, size)


@pytest.mark.parametrize("table", [("classic-5", 1, 40, SMALL)], indirect=True)
def test_five_sides_in_the_top_bar_keep_to_their_blocks(table: TableScene) -> None:
    """Five closed sides with big scores at 1024x640: each side's name, score and detail
    ("min 50 · not open") stay inside its own block, clear of the next side's mark."""
    scene = table
    assert scene.info is not None
    closed = tuple(
        dataclasses.replace(side, score=-12345, opened=False, minimum=120)
        for side in scene.info.sides
    )
    info = dataclasses.replace(scene.info, sides=closed)
    reserved = scene.controls.hud_reserved
    bar = scene.hud._render_bar(scene.layout, info, reserved)
    pad = scene.layout.pad
    turn_w = scene.hud.text.render(
        info.turn, scene.layout.fonts["hud"], (0, 0, 0), True
    ).get_width()
    room = bar.get_width() - reserved - pad - turn_w - 3 * pad
    block_w = room // len(closed)
    for index in range(1, len(closed)):
        end = pad + index * block_w  # where the next side's colour mark starts
        gap = pygame.Rect(end - pad // 2, 0, pad // 2, bar.get_height())
        inked = [
            (x, y)
            for x in range(gap.left, gap.right)
            for y in range(gap.top, gap.bottom)
            if bar.get_at((x, y)).a > 40
        ]
        assert not inked, f"side {index - 1} runs into side {index} at {inked[:3]}"


TABLES = [
    (preset, seed, 40, size)
    for preset, seed in (
        ("classic-2", 1),
        ("classic-3", 1),
        ("classic-4", 1),
        ("classic-5", 1),
        ("classic-6", 5),
        ("classic-6x2", 1),
    )
    for size in (SMALL, LARGE)
]
LONG = ("took the pile (14)", "melded K-K-K, 9-9-9-9", "discarded 10")


@pytest.mark.parametrize("table", TABLES, indirect=True)
def test_seat_labels_and_captions_stay_clear(table: TableScene) -> None:
    """Issue 15: the stock never covers a seat's label (fault 2), top seats' last-turn
    captions never cover the meld areas' names, and no two seats' words overlap, whoever
    acts, with long captions on every seat."""
    _assert_labels_clear(table)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("preset", ["classic-3", "hand-and-foot-3"])
def test_side_seat_names_stay_clear_in_every_language(held_table, preset, language) -> None:
    """A table of three names its side seats by where they sit ("Left", "Right"); Italian's
    "Avversario a sinistra" shrank to 10 px at 1024x640 and still ran into the stock. A
    name too long for one line now takes two, clear of the stock in every language."""
    try:
        set_language(language)
        _assert_labels_clear(held_table(preset, 1, 40, SMALL))
    finally:
        set_language("en")  # (the process's language: the next test expects English)


def _assert_labels_clear(scene: TableScene) -> None:
    layout, plan = scene.layout, scene.plan
    assert scene.info is not None
    stock = layout.stock.inflate(STOCK_EDGE, STOCK_EDGE).move(-STOCK_EDGE // 2, -STOCK_EDGE // 2)
    window = pygame.Rect((0, 0), layout.size)
    areas_top = min(area.rect.top for area in layout.areas.values())
    counts = {seat: 12 for seat in layout.seats}  # two digits: the widest label
    captions = dict.fromkeys(layout.seats, LONG)
    surface = pygame.Surface(layout.size)
    for actor in layout.seats:
        info = dataclasses.replace(scene.info, actor=actor, my_turn=False)
        placed = scene.hud.draw_seats(surface, layout, info, counts, plan.labels, captions)
        for seat, rects in placed.items():
            assert len(rects) > 1, "the caption was not drawn"
            for rect in rects:
                assert window.contains(rect), (seat, rect)
                assert not rect.colliderect(stock), (seat, rect, stock)
                assert not rect.colliderect(layout.pile), (seat, rect)
                if not layout.seats[seat].vertical:
                    assert rect.bottom <= areas_top, (seat, rect, areas_top)
            if layout.seats[seat].where == "left":  # (the stock's column starts there)
                assert rects[0].right <= stock.left, (seat, rects[0], stock)
            for other, theirs in placed.items():
                if other != seat:
                    assert not any(r.collidelist(theirs) >= 0 for r in rects), (seat, other)


@pytest.mark.parametrize(
    "table", [("classic-2", 1, 40, LARGE), ("classic-2", 1, 40, SMALL)], indirect=True
)
def test_a_big_hand_is_never_cut_off_at_the_bottom(table: TableScene) -> None:
    """Issue 15, fault 2: the bottom edge of the hand is never clipped, even with a hand of
    thirty cards (classic-2 deals 15 and the pile adds more)."""
    scene = table
    order = list(range(30))
    selected = set(order[::3])  # raised cards must stay inside too
    plan = plan_table(scene.view, scene.layout, order, selected)
    height = scene.layout.size[1]
    assert len(plan.hand) == 30
    for _uid, rect in plan.hand:
        assert rect.top >= scene.layout.hint.bottom - scene.layout.selection_raise
        assert rect.bottom <= height - scene.layout.pad // 2, (rect, height)


@pytest.mark.parametrize("table", [("modern-american", 1, 0, SMALL)], indirect=True)
def test_the_marks_under_the_pile_stay_in_the_deck_column(table: TableScene) -> None:
    """MAC-10's "Always frozen" mark in Italian ("Sempre congelato") reached 17 px into the
    meld areas at 1024x640: a mark wider than the room right of the pile's centre moves
    left, inside the deck's column; a narrow one stays centred under the pile."""
    layout = table.layout
    deck, pile = layout.deck, layout.pile
    wide = pygame.Surface((2 * (deck.right - pile.centerx) + 30, 20))
    place = under_pile(layout, wide, pile.bottom)
    assert deck.left < place.left and place.right < deck.right, (place, deck)
    narrow = pygame.Surface((pile.width, 20))
    assert under_pile(layout, narrow, pile.bottom).centerx == pile.centerx
