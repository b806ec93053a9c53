"""Canasta Caliente at the table (CAL-1..4): the card's own face, the Play Caliente button
driven by real mouse clicks, its refusal in words, the log line and the score line names."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from canasta_game.controller.session import Session
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase
from canasta_game.i18n import _
from canasta_game.ui.card_art import render_face
from canasta_game.ui.score_lines import LABELS
from canasta_game.ui.shell.house_rules import options_of
from canasta_game.ui.shell.match_setup import preset_description, preset_label
from canasta_game.ui.table import controls as ctl
from canasta_game.ui.table.card_images import face_key
from canasta_game.ui.table.driver import TableDriver

RULES = preset("caliente")
OTHERS = ["4c 4d 9s Jc", "7c 7d 8s Jd", "6c 6d Ts Js"]
BEHIND = {0: ["Ah Ac As"], 1: ["Kh Kd Ks", "Qh Qd Qs"]}
EVEN = {0: ["Ah Ac As"], 1: ["Kh Kd Ks"]}


def _driver(table_drivers: list[TableDriver], melds: dict[int, list[str]]) -> TableDriver:
    state = state_from_setup(
        RULES,
        ["CA 5c 9h Th", *OTHERS],
        stock=" ".join(["5h 5d 9c 9d 4h 4s 6h 6s"] * 2),
        pile="9c Qc",
        melds=melds,
        phase=Phase.PLAY,
    )
    driver = TableDriver(Session.from_state(state, human_seat=0, level="easy"))
    table_drivers.append(driver)
    driver.settle()
    return driver


def test_the_caliente_has_its_own_face_cal_1() -> None:
    face = render_face("CA", None, (64, 90))
    joker = render_face("JK", None, (64, 90))
    assert pygame.image.tobytes(face, "RGBA") != pygame.image.tobytes(joker, "RGBA")
    red, green, _blue, _a = pygame.transform.average_color(face)
    assert red > 150 and green < red * 0.7  # the "hot" red-orange card
    assert face_key(RULES.pack_cards()[-1]) == ("CA", None)


def test_the_button_plays_the_caliente_and_the_log_says_so_cal_2(table_drivers) -> None:
    driver = _driver(table_drivers, BEHIND)
    assert driver.scene.controls.shown(ctl.CALIENTE)
    driver.click(driver.scene.controls.rect(ctl.CALIENTE).center)
    driver.frames(2)
    driver.settle()
    state = driver.scene.session.state
    assert len(state.hands[0]) == 11 and len(state.calientes_played[0]) == 1
    assert not driver.scene.controls.shown(ctl.CALIENTE)  # no Caliente left in hand
    assert any("played a Caliente and drew 8 cards" in line for line in driver.scene.move_log.lines)


def test_the_button_refuses_in_words_when_the_side_is_not_behind_cal_2(table_drivers) -> None:
    driver = _driver(table_drivers, EVEN)
    assert driver.scene.controls.shown(ctl.CALIENTE)
    driver.click(driver.scene.controls.rect(ctl.CALIENTE).center)
    driver.frames(2)
    assert len(driver.scene.session.state.hands[0]) == 4
    message = driver.message()
    assert message is not None and message.startswith("Your side has 1 meld:")
    assert "CAL-2" not in message and "caliente_not_behind" not in message


def test_score_lines_and_new_game_line_are_worded_cal_2_cal_4() -> None:
    assert _(LABELS["calientes_played"]) == "Calientes played (-100 each)"
    assert _(LABELS["calientes_in_hand"]) == "Calientes in hand: penalty ×2 or ×3"
    assert preset_label("caliente") == "Canasta Caliente"
    assert preset_description("caliente").startswith("Classic with two Caliente cards")


def test_custom_rules_offer_the_caliente_cards_in_words_cal_1() -> None:
    options = {o.field: o for o in options_of(RULES)}
    assert options["calientes"].values == (0, 1, 2)
    assert options["calientes"].sentence.startswith("Caliente cards in the pack")
    assert "calientes" not in {o.field for o in options_of(preset("classic-4"))}
