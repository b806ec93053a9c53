"""Whole hands at the table: a scripted person plays by mouse only; going out, both ways."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Iterator

import pygame
import pytest

from canasta_game.controller.session import Session
from canasta_game.engine.actions import AnswerGoOut, AskGoOut, Discard, Meld
from canasta_game.engine.cards import face_text
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import DrawKind, Phase
from canasta_game.ui.table.driver import TableDriver
from canasta_game.ui.table.info import hud_info

CANASTA = "Kh Kd Ks Kc Kh Kd Ks"


@pytest.fixture
def drivers() -> Iterator[list[TableDriver]]:
    made: list[TableDriver] = []
    yield made
    for driver in made:
        driver.close()


def _check_sprites(driver: TableDriver) -> None:
    scene = driver.scene
    assert scene.store.uids() == scene.visible_uids()
    for seat, count in enumerate(scene.view.hand_sizes):
        if seat != scene.me:
            backs = [k for k in scene.store.all_keys() if isinstance(k, tuple) and k[1] == seat]
            assert len(backs) == count


def _until_rest(driver: TableDriver) -> None:
    for _ in range(800):
        _check_sprites(driver)
        if not driver.scene.busy:
            return
        driver.frames(1, draw=False)
    raise AssertionError("never came to rest")


def test_a_whole_hand_played_with_the_mouse_only(drivers: list[TableDriver]) -> None:
    session = Session.new(preset("classic-4"), 11, human_seat=0, level="easy")
    driver = TableDriver(session, delay=0.05, animation_speed=4.0)
    drivers.append(driver)
    moves = 0
    while driver.until_my_turn(limit=20000):
        _check_sprites(driver)
        driver.play_turn(f"me:{moves}")
        _until_rest(driver)
        moves += 1
        assert moves < 400
    assert session.hand_over
    human_moves = [a for a in session.log if getattr(a, "seat", None) == 0]
    assert len(human_moves) >= 5
    for _ in range(120):
        driver.frames(1, draw=False)
    assert driver.context.calls in (["hand_score"], ["match_end"])
    played = set(driver.context.sounds.played)
    assert {"draw", "discard"} <= played


def _partner_asks() -> Session:
    state = state_from_setup(
        preset("classic-4"),
        ["4s 5s 6s 7s 9d", "Qc Qd Qs 9c", "8c 8d 8h 5c", "6c 6d Ts Js"],
        stock="Qh Qd 5h 5d 9h 9d 4h",
        pile="9c Kh Ks 6h Qh",
        melds={0: [CANASTA]},
        current=2,
        phase=Phase.PLAY,
        drew=DrawKind.STOCK,
    )
    return Session.from_state(state, human_seat=0, level="easy")


@pytest.mark.parametrize("answer", ["button", "key"])
def test_the_partners_question_is_answered_in_a_dialog(
    drivers: list[TableDriver], answer: str
) -> None:
    session = _partner_asks()
    driver = TableDriver(session, delay=0.05)
    drivers.append(driver)
    assert isinstance(session.play(AskGoOut(2)), list)  # North's move, as its bot would
    driver.frames(2)
    dialog = driver.scene.dialog
    assert dialog is not None and dialog.visible
    assert "asks" in (driver.scene.info.hint if driver.scene.info else "")
    if answer == "button":
        driver.click(dialog.yes.rect.center)
        driver.frames(2)
    else:
        driver.key(pygame.K_y)
    assert driver.scene.dialog is None
    assert session.log[:2] == [AskGoOut(2), AnswerGoOut(0, True)]
    for _ in range(2000):
        if session.hand_over and not driver.scene.busy:
            break
        driver.frames(1, draw=False)
    assert session.hand_over and session.state.end is not None
    assert session.state.end.seat == 2
    for _ in range(60):
        driver.frames(1, draw=False)
    assert driver.context.calls == ["hand_score"]
    assert "going_out" in driver.context.sounds.played


def test_no_means_the_partner_keeps_a_card(drivers: list[TableDriver]) -> None:
    session = _partner_asks()
    driver = TableDriver(session, delay=0.05)
    drivers.append(driver)
    session.play(AskGoOut(2))
    driver.frames(2)
    driver.key(pygame.K_n)
    assert session.log[:2] == [AskGoOut(2), AnswerGoOut(0, False)]


def _south_can_go_out(target: int, scores: tuple[int, int] = (0, 0)) -> Session:
    """South has drawn and holds three eights and a five beside the side's canasta: melding
    the eights and discarding the five goes out."""
    state = state_from_setup(
        preset("classic-4", target=target),
        ["8c 8d 8h 5s", "Qc Qd Qs 9c", "4c 5d", "6c 6d Ts Js"],
        stock="Qh Qd 5h 5d 9h 9d 4h",
        pile="9c Kh Ks 6h Qh",
        melds={0: [CANASTA]},
        scores=scores,
        current=0,
        phase=Phase.PLAY,
        drew=DrawKind.STOCK,
    )
    return Session.from_state(state, human_seat=0, level="easy")


def test_asking_the_partner_and_going_out_ends_the_match(drivers: list[TableDriver]) -> None:
    session = _south_can_go_out(target=500)
    driver = TableDriver(session, delay=0.05)
    drivers.append(driver)
    driver.frames(1)
    assert driver.scene.controls.shown("ask")
    driver.click(driver.scene.controls.rect("ask").center)
    driver.frames(2)
    assert session.log[0] == AskGoOut(0)
    assert driver.until_my_turn()
    assert session.log[1] == AnswerGoOut(2, True)  # North has few points left: yes
    message = driver.message()
    assert message is not None and "North" in message and "yes" in message
    driver.drag_cards(driver.cards("8c", "8d", "8h"), driver.table_point())
    driver.settle()
    driver.drag_cards([driver.find("5s")], driver.pile_point())
    for _ in range(200):
        driver.frames(1, draw=False)
    assert session.hand_over and session.match.over
    assert driver.context.calls == ["match_end"]
    assert "going_out" in driver.context.sounds.played
    # the score bar behind the match sheet shows the totals with this hand counted
    driver.scene.refresh_info()
    info = driver.scene.info
    assert info is not None
    assert [side.score for side in info.sides] == list(session.match.scores)
    assert session.match.scores != session.state.scores


def test_issue15_fault2_the_go_out_question_shows_its_whole_text(
    drivers: list[TableDriver],
) -> None:
    """Issue 15, fault 2: the question was cut off ("...your partner mus") under an unthemed
    title bar; now its note wraps inside the game's framed panel, at the smallest size too."""
    session = _partner_asks()
    driver = TableDriver(session, size=(1024, 640), delay=0.05)
    drivers.append(driver)
    assert isinstance(session.play(AskGoOut(2)), list)
    driver.frames(2)
    dialog = driver.scene.dialog
    assert dialog is not None and dialog.visible
    assert dialog.note.scroll_bar is None  # the whole note fits without scrolling
    font = dialog.question.font
    assert font.size(str(dialog.question.text))[0] <= dialog.question.rect.width


def test_the_score_bar_after_a_hand_shows_the_new_totals_and_their_minimums() -> None:
    """Once the hand is over the bar shows the match's totals with it counted, and the
    minimum those totals set for the next hand (C-INIT-1: 1400 + the hand passes 1500, so
    90), beside a score dialog that says the same."""
    session = _south_can_go_out(target=5000, scores=(1400, 0))
    hand = {face_text(card): card for card in session.state.hands[0]}
    assert isinstance(session.play(Meld(seat=0, new=((hand["8c"], hand["8d"], hand["8h"]),))), list)
    assert isinstance(session.play(Discard(seat=0, card=hand["5s"])), list)
    assert session.hand_over and not session.match.over
    view = observe(session.state, 0)
    assert view.scores[0] == 1400 and view.minimums[0] == 50  # the hand's own figures
    bar = hud_info(session, view)
    assert [side.score for side in bar.sides] == list(session.match.scores)
    assert bar.sides[0].score > 1500 and bar.sides[0].minimum == 90
