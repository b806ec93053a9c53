"""The table driven by real pygame mouse and key events: every gesture of issue 4."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import itertools
from collections.abc import Iterator

import pygame
import pytest

from canasta_game.controller.session import Session
from canasta_game.engine.cards import face_text
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase
from canasta_game.ui.table.driver import TableDriver
from canasta_game.ui.table.targets import target_rects

RULES = preset("classic-4")
OTHERS = ["4c 4d 9s Jc", "7c 7d 8s Jd", "6c 6d Ts Js"]


def _session(
    hand: str,
    *,
    melds: dict[int, list[str]] | None = None,
    phase: Phase = Phase.DRAW,
    pile: str = "9c Qd Ks 6h Kh",
) -> Session:
    state = state_from_setup(
        RULES,
        [hand, *OTHERS],
        stock="Qh Qd 5h 5d 9h 9d 4h",
        pile=pile,
        melds=melds,
        phase=phase,
    )
    return Session.from_state(state, human_seat=0, level="easy")


@pytest.fixture
def drivers() -> Iterator[list[TableDriver]]:
    made: list[TableDriver] = []
    yield made
    for driver in made:
        driver.close()


def _drive(drivers: list[TableDriver], session: Session, **settings: object) -> TableDriver:
    driver = TableDriver(session, **settings)
    drivers.append(driver)
    driver.settle()
    return driver


def _faces(cards: object) -> list[str]:
    return sorted(face_text(c) for c in cards)  # type: ignore[attr-defined]


def _one_sprite_per_card(driver: TableDriver) -> None:
    scene = driver.scene
    assert scene.store.uids() == scene.visible_uids()
    for seat, count in enumerate(scene.view.hand_sizes):
        if seat != scene.me:
            backs = [k for k in scene.store.all_keys() if isinstance(k, tuple) and k[1] == seat]
            assert len(backs) == count


def test_click_on_the_stock_draws(drivers: list[TableDriver]) -> None:
    session = _session("Kc Kd Qs Qh 2d", melds={0: ["Ah Ac As"]})
    driver = _drive(drivers, session)
    driver.click(driver.stock_point())
    driver.settle()
    assert session.state.phase is Phase.PLAY
    assert len(session.state.hands[0]) == 6
    assert "draw" in driver.context.sounds.played
    _one_sprite_per_card(driver)


def test_dragging_the_stock_to_the_hand_draws(drivers: list[TableDriver]) -> None:
    session = _session("Kc Kd Qs Qh 2d")
    driver = _drive(drivers, session)
    driver.drag(driver.stock_point(), driver.hand_area_point())
    driver.settle()
    assert len(session.state.hands[0]) == 6
    drawn = next(c for c in session.state.hands[0] if face_text(c) == "4h")
    sprite = driver.scene.sprite_of(drawn)
    assert sprite is not None and sprite.home.zone == "hand" and not sprite.flying


def test_drawn_card_flies_from_the_stock(drivers: list[TableDriver]) -> None:
    session = _session("Kc Kd Qs Qh 2d")
    driver = _drive(drivers, session)
    driver.click(driver.stock_point())
    drawn = next(c for c in session.state.hands[0] if face_text(c) == "4h")
    sprite = driver.scene.sprite_of(drawn)
    assert sprite is not None and sprite.flying
    stock_x = driver.scene.layout.stock.centerx
    assert abs(sprite.x - stock_x) < abs(sprite.home.x - stock_x)
    driver.settle()
    assert (sprite.x, sprite.y) == (sprite.home.x, sprite.home.y)


def test_dragging_selected_cards_to_the_table_makes_a_meld(drivers: list[TableDriver]) -> None:
    session = _session("8c 8d 8h 5s Kd", melds={0: ["Ah Ac As"]}, phase=Phase.PLAY)
    driver = _drive(drivers, session)
    eights = driver.cards("8c", "8d", "8h")
    driver.drag_cards(eights, driver.table_point())
    driver.settle()
    melds = session.state.melds[0]
    assert [_faces(m.cards) for m in melds] == [["Ac", "Ah", "As"], ["8c", "8d", "8h"]]
    assert "meld" in driver.context.sounds.played
    eight_meld = melds[1]
    spot = next(s for s in driver.scene.plan.melds if s.mid == eight_meld.mid)
    for uid in eights:
        sprite = driver.scene.sprite_of(uid)
        assert sprite is not None and spot.cards.collidepoint(sprite.x, sprite.y)
    assert not driver.scene.selection.cards


def test_dragging_a_card_onto_a_meld_adds_to_it(drivers: list[TableDriver]) -> None:
    session = _session("Ad 2c 5s Kd", melds={0: ["Ah Ac As"]}, phase=Phase.PLAY)
    driver = _drive(drivers, session)
    mid = session.state.melds[0][0].mid
    driver.drag_cards([driver.find("Ad")], driver.meld_point(mid))
    driver.settle()
    assert _faces(session.state.melds[0][0].cards) == ["Ac", "Ad", "Ah", "As"]
    driver.drag_cards([driver.find("2c")], driver.meld_point(mid))
    driver.settle()
    assert session.state.melds[0][0].wilds == 1


def test_dragging_a_card_onto_the_pile_discards(drivers: list[TableDriver]) -> None:
    session = _session("8c 8d 5s Kd", melds={0: ["Ah Ac As"]}, phase=Phase.PLAY)
    driver = _drive(drivers, session)
    five = driver.find("5s")
    driver.drag_cards([five], driver.pile_point())
    assert session.state.top == five
    assert session.state.current == 1
    assert "discard" in driver.context.sounds.played
    driver.settle()
    sprite = driver.scene.sprite_of(five)
    assert sprite is not None and sprite.home.zone == "pile"


def test_double_click_discards(drivers: list[TableDriver]) -> None:
    session = _session("8c 8d 5s Kd", melds={0: ["Ah Ac As"]}, phase=Phase.PLAY)
    driver = _drive(drivers, session)
    king = driver.find("Kd")
    driver.double_click(driver.card_point(king))
    assert session.state.top == king


def test_dragging_the_pile_with_the_selected_pair_takes_it(drivers: list[TableDriver]) -> None:
    # closed side at minimum 50; K-K with the top Kh, plus Q-Q-2 staged in the same take.
    session = _session("Kc Kd Qs Qh 2d 5s")
    driver = _drive(drivers, session)
    driver.select(driver.cards("Kc", "Kd", "Qs", "Qh", "2d"))
    driver.drag(driver.pile_point(), driver.table_point())
    driver.settle()
    state = session.state
    assert state.phase is Phase.PLAY and not state.pile
    assert [_faces(m.cards) for m in state.melds[0]] == [["Kc", "Kd", "Kh"], ["2d", "Qh", "Qs"]]
    assert _faces(state.hands[0]) == ["5s", "6h", "9c", "Ks", "Qd"]
    assert "pile_taken" in driver.context.sounds.played
    _one_sprite_per_card(driver)


def test_p_takes_the_pile_with_the_selection(drivers: list[TableDriver]) -> None:
    session = _session("Kc Kd 5s", melds={0: ["Ah Ac As"]})
    driver = _drive(drivers, session)
    driver.select(driver.cards("Kc", "Kd"))
    driver.key(pygame.K_p)
    assert not session.state.pile
    assert len(session.state.hands[0]) == 1 + 4


def test_an_illegal_drop_snaps_back_and_says_why(drivers: list[TableDriver]) -> None:
    session = _session("8c 8d 5s Kd", melds={0: ["Ah Ac As"]}, phase=Phase.PLAY)
    driver = _drive(drivers, session)
    five = driver.find("5s")
    sprite = driver.scene.sprite_of(five)
    assert sprite is not None
    home_x = sprite.home.x
    log = list(session.log)
    driver.drag_cards([five], driver.table_point())
    assert session.log == log  # nothing happened in the game
    message = driver.message()
    assert message is not None and "at least three cards" in message
    assert driver.context.sounds.played[-1] == "illegal"
    assert sprite.flying  # gliding home
    driver.settle()
    assert sprite.home.zone == "hand" and abs(sprite.x - home_x) < 1
    assert (sprite.x, sprite.y) == (sprite.home.x, sprite.home.y)


def test_an_illegal_pile_drag_is_explained(drivers: list[TableDriver]) -> None:
    session = _session("Qs 5s 7d", melds={0: ["Ah Ac As"]})
    driver = _drive(drivers, session)
    driver.drag(driver.pile_point(), driver.table_point())
    driver.settle()
    assert session.state.pile and session.state.phase is Phase.DRAW
    message = driver.message()
    assert message is not None and "take the pile" in message
    top = driver.scene.sprite_of(session.state.top)  # type: ignore[arg-type]
    assert top is not None and top.home.zone == "pile" and not top.flying


def test_drawing_twice_is_refused_with_the_rule(drivers: list[TableDriver]) -> None:
    session = _session("8c 8d 5s Kd", melds={0: ["Ah Ac As"]}, phase=Phase.PLAY)
    driver = _drive(drivers, session)
    driver.key(pygame.K_d)
    message = driver.message()
    assert message is not None and "already drawn" in message


def test_legal_targets_glow_while_dragging(drivers: list[TableDriver]) -> None:
    session = _session("Ad 5s Kd", melds={0: ["Ah Ac As"]}, phase=Phase.PLAY)
    driver = _drive(drivers, session)
    ace = driver.find("Ad")
    start = driver.card_point(ace)
    driver.drag(start, (start[0], start[1] - 200), release=False)
    drag = driver.scene.mouse.drag
    assert drag is not None
    kinds = {(t.kind, t.mid) for t in drag.targets}
    mid = session.state.melds[0][0].mid
    assert ("meld", mid) in kinds and ("pile", None) in kinds
    assert ("table", None) not in kinds  # one ace is no meld
    scene = driver.scene
    rects = target_rects(drag.targets, scene.layout, scene.plan, scene.view.side, drag.source)
    assert any(t.kind == "meld" for t, _r in rects)
    driver.key(pygame.K_ESCAPE)  # cancels the drag, the ace goes home
    driver.settle()
    sprite = driver.scene.sprite_of(ace)
    assert sprite is not None and not sprite.dragged and sprite.home.zone == "hand"
    assert driver.context.calls == []  # Esc cancelled the drag, it did not open the menu


def test_right_click_cancels_a_drag_and_then_the_selection(drivers: list[TableDriver]) -> None:
    session = _session("8c 8d 5s Kd", melds={0: ["Ah Ac As"]}, phase=Phase.PLAY)
    driver = _drive(drivers, session)
    eights = driver.cards("8c", "8d")
    driver.select(eights)
    start = driver.card_point(eights[0])
    driver.drag(start, (start[0] + 10, start[1] - 250), release=False)
    assert driver.scene.mouse.pointer.dragging
    driver.click(start, button=3)
    assert not driver.scene.mouse.pointer.dragging
    assert driver.scene.selection.cards == set(eights)
    driver.click(start, button=3)
    assert not driver.scene.selection.cards
    driver.release(start)
    driver.settle()
    assert len(session.log) == 0


def test_escape_clears_the_selection_then_opens_the_menu(drivers: list[TableDriver]) -> None:
    session = _session("8c 8d 5s Kd", melds={0: ["Ah Ac As"]}, phase=Phase.PLAY)
    driver = _drive(drivers, session)
    driver.select([driver.find("5s")])
    driver.key(pygame.K_ESCAPE)
    assert not driver.scene.selection.cards and driver.context.calls == []
    driver.key(pygame.K_ESCAPE)
    assert driver.context.calls == ["menu"]


def test_rubber_band_and_shift_click_select_several(drivers: list[TableDriver]) -> None:
    session = _session("4s 5s 6s 7s 8c 9c Kd", melds={0: ["Ah Ac As"]}, phase=Phase.PLAY)
    driver = _drive(drivers, session)
    hand = driver.hand()
    first, last = driver.card_point(hand[1]), driver.card_point(hand[3])
    top = driver.scene.layout.hand.top - 5
    driver.drag((first[0] - 3, top), (last[0], last[1]))
    driver.settle()
    assert driver.scene.selection.cards == set(hand[1:4])
    driver.key(pygame.K_ESCAPE)
    driver.click(driver.card_point(hand[0]))
    pygame.key.set_mods(pygame.KMOD_LSHIFT)
    try:
        driver.click(driver.card_point(hand[4]))
    finally:
        pygame.key.set_mods(0)
    assert driver.scene.selection.cards == set(hand[0:5])


def test_reordering_by_dragging_within_the_hand_and_sorting(drivers: list[TableDriver]) -> None:
    session = _session("4s 5s 6s 7s Kd", melds={0: ["Ah Ac As"]}, phase=Phase.PLAY)
    driver = _drive(drivers, session)
    assert [face_text(c) for c in driver.hand()] == ["4s", "5s", "6s", "7s", "Kd"]
    king = driver.find("Kd")
    driver.drag(driver.card_point(king), (driver.card_point(driver.find("4s"))[0] - 30, 740))
    driver.settle()
    assert [face_text(c) for c in driver.hand()] == ["Kd", "4s", "5s", "6s", "7s"]
    assert not driver.scene.arrangement.sorted
    driver.key(pygame.K_s)
    driver.settle()
    assert [face_text(c) for c in driver.hand()] == ["4s", "5s", "6s", "7s", "Kd"]
    driver.key(pygame.K_s)
    driver.settle()
    assert [face_text(c) for c in driver.hand()] == ["Kd", "7s", "6s", "5s", "4s"]
    assert len(session.log) == 0


def test_wild_cards_and_threes_sit_apart_in_the_sorted_hand(drivers: list[TableDriver]) -> None:
    session = _session("JK 3c Kd 4s 2h 9c", melds={0: ["Ah Ac As"]}, phase=Phase.PLAY)
    driver = _drive(drivers, session)
    assert [face_text(c) for c in driver.hand()] == ["4s", "9c", "Kd", "3c", "2h", "JK"]
    rects = [r for _u, r in driver.scene.plan.hand]
    steps = [b.left - a.left for a, b in itertools.pairwise(rects)]
    assert steps[2] > steps[0] and steps[3] > steps[0]  # a gap before the 3 and before the wilds


def test_closed_side_stages_melds_and_sends_them_together(drivers: list[TableDriver]) -> None:
    session = _session("Kc Kd Ks Qs Qh Qc 2d 5s 7d", phase=Phase.PLAY)
    driver = _drive(drivers, session)
    kings = driver.cards("Kc", "Kd", "Ks")
    driver.drag_cards(kings, driver.table_point())
    driver.settle()
    assert not session.state.melds[0] and len(session.log) == 0
    assert driver.scene.staging.groups == [tuple(kings)]
    assert driver.scene.controls.shown("send")
    driver.key(pygame.K_RETURN)  # 30 points: not enough for 50
    message = driver.message()
    assert (
        message is not None and "needs 50 points to open" in message and not session.state.melds[0]
    )
    queens = driver.cards("Qs", "Qh", "Qc")
    driver.drag_cards(queens, driver.table_point())
    driver.settle()
    assert driver.scene.staged_points() == 60
    driver.key(pygame.K_RETURN)
    driver.settle()
    assert len(session.state.melds[0]) == 2
    assert not driver.scene.staging.groups
    _one_sprite_per_card(driver)


def test_a_staged_meld_can_be_taken_back(drivers: list[TableDriver]) -> None:
    session = _session("Kc Kd Ks Qs 5s 7d", phase=Phase.PLAY)
    driver = _drive(drivers, session)
    kings = driver.cards("Kc", "Kd", "Ks")
    driver.drag_cards(kings, driver.table_point())
    driver.settle()
    spot = driver.scene.plan.staged[0]
    driver.click(spot.cards.center)
    driver.settle()
    assert not driver.scene.staging.groups
    assert set(kings) <= set(driver.hand())
    for uid in kings:
        sprite = driver.scene.sprite_of(uid)
        assert sprite is not None and sprite.home.zone == "hand"


def test_buttons_are_real_pygame_gui_buttons(drivers: list[TableDriver]) -> None:
    session = _session("4s 5s 6s 7s Kd", melds={0: ["Ah Ac As"]}, phase=Phase.PLAY)
    driver = _drive(drivers, session)
    driver.key(pygame.K_s)  # descending now
    driver.settle()
    order = [face_text(c) for c in driver.hand()]
    assert order[0] == "Kd"
    driver.click(driver.scene.controls.rect("sort").center)
    driver.frames(2)
    driver.settle()
    assert next(face_text(c) for c in driver.hand()) == "4s"
    driver.click(driver.scene.controls.rect("menu").center)
    driver.frames(2)
    assert driver.context.calls == ["menu"]


def test_help_overlay_lists_the_shortcuts(drivers: list[TableDriver]) -> None:
    session = _session("4s 5s 6s 7s Kd", melds={0: ["Ah Ac As"]}, phase=Phase.PLAY)
    driver = _drive(drivers, session)
    driver.key(pygame.K_F1)
    assert driver.scene.help_visible
    driver.frames(1)
    driver.key(pygame.K_h)
    assert not driver.scene.help_visible


def test_a_covered_table_hides_its_buttons(drivers: list[TableDriver]) -> None:
    session = _session("4s 5s 6s 7s Kd", melds={0: ["Ah Ac As"]}, phase=Phase.PLAY)
    driver = _drive(drivers, session)
    controls = driver.scene.controls
    assert controls.shown("sort") and controls.shown("menu")
    driver.scene.covered()
    assert not any(b.visible for b in controls.buttons.values())
    driver.scene.resize((1024, 640))  # rebuilt while covered: still hidden
    assert not any(b.visible for b in controls.buttons.values())
    driver.scene.uncovered()
    assert controls.shown("sort") and controls.shown("menu") and not controls.shown("send")


def test_out_of_turn_the_stock_says_whose_turn_it_is(drivers: list[TableDriver]) -> None:
    state = state_from_setup(
        RULES, ["Kc Kd 5s", *OTHERS], stock="Qh Qd 5h", pile="9c Kh", current=1
    )
    session = Session.from_state(state, human_seat=0, level="easy")
    driver = TableDriver(session, delay=1000.0)  # West thinks for ever
    drivers.append(driver)
    driver.click(driver.stock_point())
    assert session.log == []
    assert driver.message() == "Wait: it is West's turn."


def test_dropping_cards_back_where_they_came_from_says_nothing(
    drivers: list[TableDriver],
) -> None:
    session = _session("8c 8d 5s Kd", melds={0: ["Ah Ac As"]})
    driver = _drive(drivers, session)
    driver.drag(driver.pile_point(), (driver.pile_point()[0] + 12, driver.pile_point()[1] + 9))
    driver.drag_cards([driver.find("5s")], driver.stock_point())
    driver.settle()
    assert driver.message() is None and session.log == []
    assert driver.context.sounds.played == []


def test_issue15_fault1_discard_sends_staged_melds_that_reach_the_minimum(
    drivers: list[TableDriver],
) -> None:
    """Issue 15 fault 1: a discard with 60 of 50 points staged lays the melds, then discards."""
    session = _session("Kc Kd Ks Qs Qh Qc 5s 7d", phase=Phase.PLAY)
    driver = _drive(drivers, session)
    driver.drag_cards(driver.cards("Kc", "Kd", "Ks"), driver.table_point())
    driver.settle()
    driver.drag_cards(driver.cards("Qs", "Qh", "Qc"), driver.table_point())
    driver.settle()
    assert driver.scene.staged_points() == 60
    driver.drag_cards([driver.find("7d")], driver.pile_point())
    driver.settle()
    assert len(session.state.melds[0]) == 2  # C-INIT: the melds went down with the discard
    assert [face_text(c) for c in session.state.hands[0]] == ["5s"]
    assert not driver.scene.staging.groups
    assert session.state.current != 0
    _one_sprite_per_card(driver)


def test_issue15_fault1_discard_below_the_minimum_is_refused_and_keeps_the_staging(
    drivers: list[TableDriver],
) -> None:
    """Issue 15 fault 1: 30 of 50 staged (C-INIT-1): the discard is refused, nothing is lost."""
    session = _session("Kc Kd Ks Qs 5s 7d", phase=Phase.PLAY)
    driver = _drive(drivers, session)
    kings = driver.cards("Kc", "Kd", "Ks")
    driver.drag_cards(kings, driver.table_point())
    driver.settle()
    seven = driver.find("7d")
    driver.drag_cards([seven], driver.pile_point())
    driver.settle()
    assert len(session.log) == 0 and session.state.current == 0
    assert driver.scene.staging.groups == [tuple(kings)]
    assert seven in session.state.hands[0]
    refusal = driver.scene.refusal
    assert refusal is not None and refusal.rule.startswith("C-INIT")
    assert driver.message() is not None
    sprite = driver.scene.sprite_of(seven)
    assert sprite is not None and sprite.home.zone == "hand"


def test_issue15_fault4_a_card_dropped_on_an_opponents_meld_is_answered(
    drivers: list[TableDriver],
) -> None:
    """Issue 15 fault 4: the drop is refused in words (C-MELD: only your own side's melds)."""
    session = _session("Kc Kd 5s 7d", melds={0: ["Ah Ac As"], 1: ["Qd Qc Qh"]}, phase=Phase.PLAY)
    driver = _drive(drivers, session)
    theirs = session.state.melds[1][0].mid
    spot = next(s for s in driver.scene.plan.melds if s.mid == theirs)
    driver.drag_cards([driver.find("Kc")], spot.column.center)
    driver.settle()
    refusal = driver.scene.refusal
    assert refusal is not None and refusal.key == "meld_not_yours"
    assert driver.message() is not None
    assert len(session.log) == 0


def test_issue15_fault2_a_red_three_keeps_its_size_before_its_side_has_melds(
    drivers: list[TableDriver],
) -> None:
    """Issue 15, fault 2: a lone red three (C-RED3) was drawn small while its side had no melds."""
    state = state_from_setup(
        RULES,
        ["Kc Kd 5s 7d", *OTHERS],
        stock="Qh Qd 5h 5d",
        pile="9c",
        bonus_threes={0: "3h"},
        phase=Phase.PLAY,
    )
    session = Session.from_state(state, human_seat=0, level="easy")
    driver = _drive(drivers, session)
    (three,) = session.state.bonus_threes[0]
    assert driver.scene.plan.homes[three].kind == "table"
