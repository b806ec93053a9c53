"""Issue 11, the table: the sequence family's 162- and 216-card packs, its larger hands and
its runs fit at 1024x640 and 1280x800 for 2, 3, 4, 5 and 6 players.

Each table is the hand-made crowded end of a hand (``--scene late``): 34 cards in the
human's hand after a big pile, every side's melds out, sambas, runs of one suit side by
side and, in Bolivia, a bolivia."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import contextlib
import itertools
import math
from collections.abc import Iterator

import pygame
import pytest

from canasta_game.controller.pacing import Pacer
from canasta_game.engine.meldrules import CanastaKind
from canasta_game.ui.card_art import index_extent
from canasta_game.ui.table.driver import TableDriver
from canasta_game.ui.table.headless import init_headless, make_context, pump
from canasta_game.ui.table.layout import HAND, STOCK_EDGE
from canasta_game.ui.table.placement import MIN_STEP
from canasta_game.ui.table.positions import late_session
from canasta_game.ui.table.table_scene import TableScene

SMALL, LARGE = (1024, 640), (1280, 800)
FAMILY = ("samba-2", "samba-3", "samba", "samba-5", "samba-6", "bolivia", "chilean-216")


@contextlib.contextmanager
def _late_table(preset: str, size: tuple[int, int], hand_size: int = 0) -> Iterator[TableScene]:
    """The preset's crowded end of a hand on a headless table, drawn twice, closed after."""
    surface = init_headless(size)
    context = make_context(size, reduced_motion=True)
    session = late_session(preset, hand_size=hand_size)
    pacer = Pacer(session, threaded=False)
    pacer.hold = True
    scene = TableScene(session, context, pacer=pacer, size=size)
    try:
        for _ in range(2):
            pacer.hold = True
            pump(scene, context.ui_manager, surface, dt=1 / 60)
        yield scene
    finally:
        scene.close()


@pytest.fixture(params=[(p, s) for p in FAMILY for s in (SMALL, LARGE)], ids=str)
def table(request: pytest.FixtureRequest) -> Iterator[TableScene]:
    with _late_table(*request.param) as scene:
        yield scene


def test_every_meld_lies_inside_its_sides_area_clear_of_the_stock(table: TableScene) -> None:
    scene = table
    layout, plan = scene.layout, scene.plan
    stock = layout.stock.inflate(STOCK_EDGE, STOCK_EDGE).move(-STOCK_EDGE // 2, -STOCK_EDGE // 2)
    laid = {m.mid for side in scene.view.melds for m in side}
    assert {spot.mid for spot in plan.melds} == laid  # every meld is shown
    for spot in plan.melds:
        area = layout.areas[spot.side].rect
        assert area.contains(spot.cards), (spot.side, spot.mid, spot.cards, area)
        assert area.collidepoint(spot.badge_at), (spot.side, spot.mid)
        assert not spot.cards.colliderect(stock) and not spot.cards.colliderect(layout.pile)
        assert not spot.cards.colliderect(layout.hand)


def test_every_card_of_a_run_shows_its_index(table: TableScene) -> None:
    """SAM-9: a run that is not yet a canasta is fanned so every card's rank and suit read:
    the cascade step is at least the part of a card its index needs."""
    scene = table
    for spot in scene.plan.melds:
        if spot.canasta:
            continue
        homes = sorted(
            (h for k, h in scene.plan.homes.items() if h.zone == spot.zone), key=lambda h: h.y
        )
        card_h = scene.layout.card(homes[0].kind)[1]
        for upper, lower in itertools.pairwise(homes):
            assert lower.y - upper.y >= card_h * MIN_STEP, (spot.mid, upper, lower)


def test_the_hand_and_the_stock_fit_the_window(table: TableScene) -> None:
    scene = table
    layout = scene.layout
    window = pygame.Rect((0, 0), layout.size)
    assert len(scene.plan.hand) == 34
    for _uid, rect in scene.plan.hand:
        assert window.contains(rect), rect
        assert rect.top >= layout.hint.bottom - layout.selection_raise
    lefts = [rect.left for _uid, rect in scene.plan.hand]
    assert all(b > a for a, b in itertools.pairwise(lefts))  # no card hidden
    assert window.contains(layout.stock) and window.contains(layout.pile)
    assert scene.view.stock_size > 20


def test_canastas_carry_their_badge(table: TableScene) -> None:
    """Sambas / escaleras, natural and mixed canastas, and a bolivia where the rules have
    one (BOL-3), each with the engine's kind on its badge."""
    scene = table
    kinds = {spot.canasta_kind for spot in scene.plan.melds if spot.canasta}
    expected = {CanastaKind.SEQUENCE, CanastaKind.NATURAL, CanastaKind.MIXED}
    if scene.view.rules.wild_melds:
        expected.add(CanastaKind.WILD)
    assert kinds == expected


@pytest.mark.parametrize(
    ("preset", "size"), [(p, s) for p in ("samba", "samba-2", "samba-6") for s in (SMALL, LARGE)]
)
def test_a_sixty_card_hand_shows_every_index_inside_the_window(preset: str, size) -> None:
    """A Samba hand after a big pile (60 cards): every card's index (its "10" and its suit)
    is left uncovered by every card drawn over it, and the hand stays inside the window
    above the bottom margin (two rows where one would hide part of an index)."""
    with _late_table(preset, size, hand_size=60) as scene:
        layout = scene.layout
        window = pygame.Rect((0, 0), layout.size)
        card = layout.card(HAND)
        right, bottom = index_extent(card)
        hand = scene.plan.hand
        assert len(hand) == 60
        homes = {uid: scene.plan.homes[uid] for uid, _rect in hand}
        for uid, rect in hand:
            assert window.contains(rect), rect
            assert rect.bottom <= layout.size[1] - layout.pad // 2, rect
            assert rect.top >= layout.hint.bottom - layout.selection_raise, rect
            # the index and the 3 pixels a selected neighbour's outline reaches past its edge
            index = pygame.Rect(rect.left, rect.top, math.ceil(right) + 3, math.ceil(bottom))
            over = [
                other
                for other, rect2 in hand
                if homes[other].z > homes[uid].z and rect2.colliderect(index)
            ]
            assert not over, (uid, index, [scene.plan.homes[o] for o in over])


def test_the_row_behind_is_clicked_and_dropped_on_by_its_uncovered_strip(table_drivers) -> None:
    """Two rows (60 cards at 1024x640): a card of the row behind is picked by clicking the
    strip the front row leaves showing, and a card dropped on that row goes into it, left of
    the card it was dropped on."""
    driver = TableDriver(late_session("samba", hand_size=60), size=SMALL)
    table_drivers.append(driver)
    driver.settle()
    plan = driver.scene.plan
    assert 0 < plan.hand_behind < len(plan.hand)
    behind = [uid for uid, _rect in plan.hand[: plan.hand_behind]]
    back_card = behind[5]
    driver.click(driver.card_point(back_card))
    assert driver.scene.selection.cards == {back_card}
    driver.click(driver.hand_area_point(), button=3)  # a right click clears the selection
    assert not driver.scene.selection.cards
    moving = plan.hand[-1][0]  # the last card of the front row
    target = driver.card_point(behind[3])
    driver.drag(driver.card_point(moving), (target[0] - 4, target[1]))
    driver.settle()
    order = driver.scene.arrangement.order
    assert order.index(moving) == 3, [order.index(u) for u in behind[:5]]
    assert driver.scene.plan.hand_behind == plan.hand_behind
