"""Issue 11, the table: Samba's sequences driven by real pygame mouse events (SAM-9..19).

A card dragged onto either end of a sequence extends it, a refused drop glides home with the
rule in words, a staged run goes down as a sequence with the opening, and the pile's top card
dragged onto a sequence end takes the pile (SAM-18)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import itertools

import pygame
import pytest

from canasta_game.controller.session import Session
from canasta_game.engine.cards import RANK_OF, face_text
from canasta_game.engine.meldrules import MeldKind, meld_kind
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase
from canasta_game.ui.table.driver import TableDriver

SAMBA = preset("samba")
OTHERS = ["4c 4d 9s Jc", "7c 7d 8s Jd", "6c 6d Ts Js"]
OPEN = {0: ["5h 6h 7h", "Tc Jc Qc", "9c 9d 9s"], 1: ["8c 8d 8s"]}


def _session(
    hand: str, *, melds=OPEN, phase: Phase = Phase.PLAY, pile: str = "9h Qd Ks"
) -> Session:
    state = state_from_setup(
        SAMBA,
        [hand, *OTHERS],
        stock="Qh Qd 5d 5c 9h 9d 4s Kc Kd Ks",
        pile=pile,
        melds=melds,
        phase=phase,
        has_melded=(0, 1) if melds else (),
    )
    return Session.from_state(state, human_seat=0, level="easy")


def _drive(drivers: list[TableDriver], session: Session) -> TableDriver:
    driver = TableDriver(session)
    drivers.append(driver)
    driver.settle()
    return driver


def _run(session: Session, suit: str) -> list[str]:
    """The faces of my side's sequence in ``suit`` holding a 7 or a queen, low to high."""
    for meld in session.state.melds[0]:
        faces = [face_text(c) for c in meld.cards]
        if meld_kind(meld.key) is MeldKind.SEQUENCE and faces[0][1] == suit:
            return faces
    raise LookupError(suit)


def _mid(session: Session, face: str) -> int:
    return next(m.mid for m in session.state.melds[0] if face in map(face_text, m.cards))


def _laid_in_rank_order(driver: TableDriver, mid: int) -> None:
    """SAM-9: the run is fanned from its lowest card down to its highest, every index shown
    inside its meld column."""
    scene = driver.scene
    meld = next(m for m in scene.view.melds[0] if m.mid == mid)
    spot = next(s for s in scene.plan.melds if s.mid == mid and s.side == 0)
    sprites = [scene.sprite_of(c) for c in meld.cards]
    assert all(s is not None and spot.cards.collidepoint(s.x, s.y) for s in sprites)
    ranks_by_y = [RANK_OF[s.uid] for s in sorted(sprites, key=lambda s: s.y)]  # type: ignore[union-attr]
    assert ranks_by_y == sorted(ranks_by_y)
    ys = sorted(s.y for s in sprites)  # type: ignore[union-attr]
    card_h = spot.cards.width * 1.4
    assert all(b - a >= card_h * 0.15 for a, b in itertools.pairwise(ys))


def test_a_card_dragged_to_either_end_extends_the_sequence_sam_11(table_drivers) -> None:
    session = _session("4h 8h Kd Qs")
    driver = _drive(table_drivers, session)
    mid = _mid(session, "5h")
    driver.drag_cards([driver.find("4h")], driver.meld_point(mid))
    driver.settle()
    assert _run(session, "h") == ["4h", "5h", "6h", "7h"]  # the low end
    driver.drag_cards([driver.find("8h")], driver.meld_point(mid))
    driver.settle()
    assert _run(session, "h") == ["4h", "5h", "6h", "7h", "8h"]  # the high end
    assert "meld" in driver.context.sounds.played
    _laid_in_rank_order(driver, mid)
    assert driver.scene.move_log.lines[-1].endswith("onto a sequence")  # not "the run h meld"


def test_only_the_sequences_the_card_fits_glow_sam_11(table_drivers) -> None:
    session = _session("8h Kd Qs 9h")
    driver = _drive(table_drivers, session)
    eight = driver.find("8h")
    start = driver.card_point(eight)
    driver.drag(start, (start[0], start[1] - 200), release=False)
    drag = driver.scene.mouse.drag
    assert drag is not None
    melds = {t.mid for t in drag.targets if t.kind == "meld"}
    assert melds == {_mid(session, "5h")}  # not the clubs run, not the nines
    driver.key(pygame.K_ESCAPE)


@pytest.mark.parametrize(
    ("face", "words"),
    [("Jh", "consecutive ranks"), ("2c", "natural cards only"), ("8d", "one suit")],
)
def test_a_refused_drop_on_a_sequence_snaps_back_with_the_rule_sam_10(
    table_drivers, face, words
) -> None:
    session = _session(f"{face} Kd Qs 4s")
    driver = _drive(table_drivers, session)
    card = driver.find(face)
    sprite = driver.scene.sprite_of(card)
    assert sprite is not None
    log = list(session.log)
    driver.drag_cards([card], driver.meld_point(_mid(session, "5h")))
    assert session.log == log  # nothing happened in the game
    message = driver.message()
    assert message is not None and words in message, message
    assert driver.context.sounds.played[-1] == "illegal"
    driver.settle()
    assert sprite.home.zone == "hand" and (sprite.x, sprite.y) == (sprite.home.x, sprite.home.y)


def test_a_run_laid_from_hand_on_an_open_side_is_a_sequence_sam_9(table_drivers) -> None:
    session = _session("4d 5d 6d Kd Qs")
    driver = _drive(table_drivers, session)
    driver.drag_cards(driver.cards("4d", "5d", "6d"), driver.table_point())
    driver.settle()
    assert _run(session, "d") == ["4d", "5d", "6d"]
    _laid_in_rank_order(driver, _mid(session, "4d"))


def test_a_staged_sequence_goes_down_with_the_opening_sam_22(table_drivers) -> None:
    """A closed side stages 4-5-6 of hearts, a second run of hearts apart (SAM-16) and three
    aces; the opening (15 + 30 + 60 >= 50) lays two sequences and a group."""
    session = _session("4h 5h 6h 9h Th Jh Ac Ad As Kd Qs", melds={})
    driver = _drive(table_drivers, session)
    driver.drag_cards(driver.cards("4h", "5h", "6h"), driver.table_point())
    driver.settle()
    driver.drag_cards(driver.cards("9h", "Th", "Jh"), driver.table_point())
    driver.settle()
    assert len(driver.scene.staging.groups) == 2  # one suit, two runs: kept apart
    driver.key(pygame.K_RETURN)  # 45 points: not enough for 50
    assert not session.state.melds[0]
    driver.drag_cards(driver.cards("Ac", "Ad", "As"), driver.table_point())
    driver.settle()
    driver.key(pygame.K_RETURN)
    driver.settle()
    runs = sorted(
        [face_text(c) for c in m.cards]
        for m in session.state.melds[0]
        if meld_kind(m.key) is MeldKind.SEQUENCE
    )
    assert runs == [["4h", "5h", "6h"], ["9h", "Th", "Jh"]]
    assert len(session.state.melds[0]) == 3
    assert not driver.scene.staging.groups


def test_the_pile_dragged_onto_a_sequence_end_takes_it_sam_18(table_drivers) -> None:
    session = _session("Kd Qs 4s", phase=Phase.DRAW, pile="9s Qd 4c 8h")
    driver = _drive(table_drivers, session)
    mid = _mid(session, "5h")
    start = driver.pile_point()
    driver.drag(start, driver.meld_point(mid), release=False)
    drag = driver.scene.mouse.drag
    assert drag is not None
    assert {t.mid for t in drag.targets if t.kind == "meld"} == {mid}  # it fits the hearts
    driver.release(driver.meld_point(mid))
    driver.settle()
    assert _run(session, "h") == ["5h", "6h", "7h", "8h"]
    assert not session.state.pile and session.state.phase is Phase.PLAY
    assert {"9s", "Qd", "4c"} <= {face_text(c) for c in session.state.hands[0]}


def test_the_pile_refused_onto_a_sequence_it_does_not_fit_says_why_sam_18(table_drivers) -> None:
    session = _session("Kd Qs 4s", phase=Phase.DRAW, pile="9s Qd 4c 8h")
    driver = _drive(table_drivers, session)
    driver.drag(driver.pile_point(), driver.meld_point(_mid(session, "Tc")))
    driver.settle()
    assert session.state.pile and session.state.phase is Phase.DRAW
    message = driver.message()
    assert message is not None and "either end" in message, message


def test_the_pile_dragged_onto_an_incomplete_group_takes_it_sam_18(table_drivers) -> None:
    """Not frozen: the top 9h alone joins the side's nines; only that meld glows."""
    session = _session("Kd Qs 4s", phase=Phase.DRAW, pile="5s Qd 4c 9h")
    driver = _drive(table_drivers, session)
    nines = _mid(session, "9c")
    driver.drag(driver.pile_point(), driver.meld_point(nines), release=False)
    drag = driver.scene.mouse.drag
    assert drag is not None
    assert {t.mid for t in drag.targets if t.kind == "meld"} == {nines}
    driver.release(driver.meld_point(nines))
    driver.settle()
    assert sorted(face_text(c) for c in session.state.meld_by_mid(0, nines).cards) == [
        "9c",
        "9d",
        "9h",
        "9s",
    ]
    assert not session.state.pile and session.state.phase is Phase.PLAY
