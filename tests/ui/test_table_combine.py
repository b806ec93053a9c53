"""Issue 11, the table: combining two groups of one rank (SAM-12) by dragging one group, picked
up whole, onto the other, driven by real pygame mouse events. Only the groups the engine
lets it join glow; a refused drop glides home with the engine's reason in words."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame

from canasta_game.controller.session import Session
from canasta_game.engine.actions import CombineMelds
from canasta_game.engine.cards import face_text
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase
from canasta_game.ui.table.driver import TableDriver

OTHERS = ["4c 4d 9s Jc", "7c 7d 8s Jd", "6c 6d Ts Js"]
#: Side 0: three groups of kings (two wild cards in the second and in the third: SAM-13 lets
#: only the first join either of them), a group of queens and a run of hearts.
MELDS = {0: ["Kc Kd Ks", "Kh Kc 2d 2c", "Kd Ks JK 2h", "Qc Qd Qs", "5h 6h 7h"], 1: ["8c 8d 8s"]}
CLASSIC = {0: ["Kc Kd Ks", "Qc Qd Qs"], 1: ["8c 8d 8s"]}


def _session(rules: str = "samba", phase: Phase = Phase.PLAY, melds=MELDS) -> Session:
    state = state_from_setup(
        preset(rules),
        ["4h 9h Ac Qh", *OTHERS],
        stock="Qh Qd 5d 5c 9h 9d 4s Kc Kd Ks",
        pile="9h Qd 5s",
        melds=melds,
        phase=phase,
        has_melded=(0, 1),
    )
    return Session.from_state(state, human_seat=0, level="easy")


def _drive(drivers: list[TableDriver], session: Session, size=(1280, 800)) -> TableDriver:
    driver = TableDriver(session, size=size)
    drivers.append(driver)
    driver.settle()
    return driver


def _mid(session: Session, faces: str) -> int:
    wanted = sorted(faces.split())
    return next(m.mid for m in session.state.melds[0] if sorted(map(face_text, m.cards)) == wanted)


def _grab_point(driver: TableDriver, mid: int) -> tuple[int, int]:
    """A point on the meld's topmost card (the first card of its column shows its index)."""
    spot = next(s for s in driver.scene.plan.melds if s.mid == mid and s.side == 0)
    return spot.cards.left + spot.cards.width // 2, spot.cards.top + 8


def test_a_group_dragged_onto_another_group_of_its_rank_joins_it_sam_12(table_drivers) -> None:
    session = _session()
    driver = _drive(table_drivers, session)
    small, wild = _mid(session, "Kc Kd Ks"), _mid(session, "Kh Kc 2d 2c")
    start = _grab_point(driver, small)
    driver.drag(start, driver.meld_point(wild), release=False)
    drag = driver.scene.mouse.drag
    assert drag is not None and drag.source == "meld"
    lifted = [driver.scene.sprite_of(c) for c in drag.cards]
    assert all(s is not None and s.dragged for s in lifted)  # the whole group follows
    glowing = {t.mid for t in drag.targets if t.kind == "meld"}
    # SAM-13: at most two wild cards, so the two kings with wild cards take only the clean one;
    # neither the queens nor the run nor the group itself glow
    assert glowing == {wild, _mid(session, "Kd Ks JK 2h")}
    driver.release(driver.meld_point(wild))
    driver.settle()
    assert session.log[-1] == CombineMelds(0, wild, small)
    kings = next(m for m in session.state.melds[0] if m.mid == wild)
    assert sorted(map(face_text, kings.cards)) == sorted(["Kc", "Kd", "Ks", "Kh", "Kc", "2d", "2c"])
    assert all(m.mid != small for m in session.state.melds[0])
    assert session.state.phase is Phase.PLAY and session.human_to_act  # still to discard
    spot = next(s for s in driver.scene.plan.melds if s.mid == wild and s.side == 0)
    assert spot.canasta  # seven kings: a canasta, squared up with its badge
    assert "You combined two groups into K-K-K-K-K-2-2" in driver.scene.move_log.lines


def test_a_group_dropped_where_it_may_not_join_glides_back_with_the_reason_sam_13(
    table_drivers,
) -> None:
    session = _session()
    driver = _drive(table_drivers, session)
    wild, other = _mid(session, "Kh Kc 2d 2c"), _mid(session, "Kd Ks JK 2h")
    homes = {c: driver.scene.sprite_of(c) for c in session.state.meld_by_mid(0, wild).cards}
    log = list(session.log)
    driver.drag(_grab_point(driver, wild), driver.meld_point(other))
    assert session.log == log  # nothing happened in the game
    message = driver.message()
    assert message is not None and "wild" in message, message  # four wild cards: SAM-13
    assert driver.context.sounds.played[-1] == "illegal"
    driver.settle()
    for sprite in homes.values():
        assert sprite is not None and not sprite.dragged
        assert (sprite.x, sprite.y) == (sprite.home.x, sprite.home.y)
        assert sprite.home.zone == f"meld:0:{wild}"


def test_a_group_dropped_on_another_rank_says_why_sam_12(table_drivers) -> None:
    session = _session()
    driver = _drive(table_drivers, session)
    log = list(session.log)
    driver.drag(
        _grab_point(driver, _mid(session, "Kc Kd Ks")),
        driver.meld_point(_mid(session, "Qc Qd Qs")),
    )
    driver.settle()
    assert session.log == log
    message = driver.message()
    assert message is not None and "groups of one rank" in message, message


def test_before_the_draw_the_engine_says_draw_first_c_turn_2(table_drivers) -> None:
    session = _session(phase=Phase.DRAW)
    driver = _drive(table_drivers, session)
    small, wild = _mid(session, "Kc Kd Ks"), _mid(session, "Kh Kc 2d 2c")
    driver.drag(_grab_point(driver, small), driver.meld_point(wild), release=False)
    drag = driver.scene.mouse.drag
    assert drag is not None and not drag.targets  # nothing glows before the draw
    driver.release(driver.meld_point(wild))
    driver.settle()
    assert not any(isinstance(a, CombineMelds) for a in session.log)
    assert driver.scene.refusal is not None and driver.scene.refusal.rule == "C-TURN-2"


def test_in_classic_a_meld_is_not_picked_up_c_meld_5(table_drivers) -> None:
    """Classic keeps one group per rank: pressing on a meld and moving starts the rubber band
    over the table, as before; no meld is lifted."""
    session = _session("classic-4", melds=CLASSIC)
    driver = _drive(table_drivers, session)
    kings = next(m.mid for m in session.state.melds[0] if face_text(m.cards[0])[0] == "K")
    start = _grab_point(driver, kings)
    driver.drag(start, (start[0] + 150, start[1] + 20), release=False)
    assert driver.scene.mouse.drag is None and driver.scene.mouse.pointer.banding
    driver.key(pygame.K_ESCAPE)


def test_c_combines_the_first_two_groups_the_engine_allows_sam_12(table_drivers) -> None:
    session = _session()
    driver = _drive(table_drivers, session)
    driver.key(pygame.K_c)
    driver.settle()
    assert isinstance(session.log[-1], CombineMelds)
    kings = [m for m in session.state.melds[0] if face_text(m.cards[0])[0] == "K"]
    assert len(kings) == 2  # three groups of kings became two
    driver.key(pygame.K_c)  # the two left hold two wild cards each: SAM-13 keeps them apart
    driver.settle()
    assert len(session.log) == 1
    message = driver.message()
    assert message is not None and "can be combined" in message, message


def test_the_hint_names_a_combination_and_its_groups_glow_sam_12(table_drivers, monkeypatch):
    """The Hint (?) words a combination the computer player would make, and outlines the
    two groups on the table."""
    session = _session()
    driver = _drive(table_drivers, session)
    wild, small = _mid(session, "Kh Kc 2d 2c"), _mid(session, "Kc Kd Ks")
    move = CombineMelds(0, wild, small)
    monkeypatch.setattr("canasta_game.ai.medium.MediumBot.choose", lambda self, view, legal: move)
    glowed: list[list[tuple[pygame.Rect, bool]]] = []
    real_glows = driver.scene.painter.glows
    monkeypatch.setattr(
        driver.scene.painter, "glows", lambda surface, rects: glowed.append(rects) or None
    )
    driver.key(pygame.K_SLASH)
    driver.frames(1)
    monkeypatch.setattr(driver.scene.painter, "glows", real_glows)
    message = driver.message()
    assert message is not None and "K-K-K" in message and "K-K-2-2" in message, message
    columns = {s.mid: s.column for s in driver.scene.plan.melds if s.side == 0}
    assert {(tuple(columns[wild]), True), (tuple(columns[small]), True)} in [
        {(tuple(rect), hover) for rect, hover in rects} for rects in glowed
    ]


def test_the_help_tells_samba_players_how_to_combine_sam_12(table_drivers, monkeypatch):
    def lines_in_help(rules: str) -> list[str]:
        session = _session(rules, melds=MELDS if rules == "samba" else CLASSIC)
        driver = _drive(table_drivers, session)
        said: list[str] = []
        text = driver.scene.painter.text
        real_fit, real_render = text.fit, text.render
        monkeypatch.setattr(text, "fit", lambda s, *a, **k: said.append(s) or real_fit(s, *a, **k))
        monkeypatch.setattr(
            text, "render", lambda s, *a, **k: said.append(s) or real_render(s, *a, **k)
        )
        driver.key(pygame.K_F1)
        driver.frames(1)
        return said

    samba = lines_in_help("samba")
    assert "Combine two of your groups of one rank" in samba
    assert any("drag one group onto another" in line for line in samba)
    classic = lines_in_help("classic-4")
    assert "Combine two of your groups of one rank" not in classic


def test_the_combine_button_shows_while_the_engine_allows_a_combination_sam_12(
    table_drivers,
) -> None:
    drawing = _drive(table_drivers, _session(phase=Phase.DRAW))
    assert not drawing.scene.controls.shown("combine")  # C-TURN-2: draw first
    session = _session()
    driver = _drive(table_drivers, session)
    controls = driver.scene.controls
    assert controls.shown("combine")
    driver.click(controls.rect("combine").center)
    driver.frames(2)
    driver.settle()
    assert isinstance(session.log[-1], CombineMelds)
    driver.frames(1)
    assert not controls.shown("combine")  # SAM-13: the two groups left may not join
