"""Issue 17, item 7: a lost mouse release never leaves a card floating.

When the window loses the pointer mid-drag (a switch to another window), the release
happens elsewhere and never arrives. A new press, a focus loss or the pointer leaving the
window must end the drag and send the card home.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Iterator

import pygame
import pytest

from canasta_game.controller.session import Session
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase
from canasta_game.ui.table.driver import TableDriver

OTHERS = ["4c 4d 9s Jc", "7c 7d 8s Jd", "6c 6d Ts Js"]


@pytest.fixture
def driver() -> Iterator[TableDriver]:
    state = state_from_setup(
        preset("classic-4"),
        ["Ad 5s Kd 9h", *OTHERS],
        stock="Qh Qd 5h 5d 9h 9d 4h",
        pile="9c Qd Ks 6h Kh",
        melds={0: ["Ah Ac As"]},
        phase=Phase.PLAY,
    )
    made = TableDriver(Session.from_state(state, human_seat=0, level="easy"))
    made.settle()
    yield made
    made.close()


def _is_home(driver: TableDriver, uid: int) -> bool:
    sprite = driver.scene.sprite_of(uid)
    assert sprite is not None
    home = sprite.home
    return not sprite.dragged and (round(sprite.x), round(sprite.y)) == (
        round(home.x),
        round(home.y),
    )


def _lift(driver: TableDriver, face: str) -> int:
    uid = driver.find(face)
    start = driver.card_point(uid)
    driver.drag(start, (start[0] + 40, start[1] - 260), release=False)
    assert driver.scene.mouse.drag is not None and not _is_home(driver, uid)
    return uid


def test_a_press_while_a_drag_is_held_sends_the_card_home(driver: TableDriver) -> None:
    uid = _lift(driver, "5s")
    other = driver.card_point(driver.find("Kd"))
    driver.click(other)  # the release of the drag was lost: this is a fresh press
    driver.settle()
    assert driver.scene.mouse.drag is None
    assert _is_home(driver, uid)
    assert len(driver.session.log) == 0


@pytest.mark.parametrize("lost", ["WINDOWFOCUSLOST", "WINDOWLEAVE"])
def test_losing_the_window_ends_the_drag(driver: TableDriver, lost: str) -> None:
    uid = _lift(driver, "9h")
    driver.post(getattr(pygame, lost))
    driver.frames(2)
    driver.settle()
    assert driver.scene.mouse.drag is None and not driver.scene.mouse.busy
    assert _is_home(driver, uid)
    driver.release(driver.table_point())  # a late release, if it comes, does nothing
    driver.settle()
    assert _is_home(driver, uid) and len(driver.session.log) == 0
