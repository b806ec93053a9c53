"""Issue 15, follow the play: the move log, the last-move marks, pacing, skip ahead, the score
sheet and the Hint, driven through the real table with posted keys and clicks."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Iterator

import pygame
import pytest

from canasta_game.controller.hints import suggest
from canasta_game.controller.session import Session
from canasta_game.engine import events as ev
from canasta_game.engine.actions import TakePile
from canasta_game.engine.cards import parse_cards
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.ui.table import controls as ctl
from canasta_game.ui.table.driver import TableDriver
from canasta_game.ui.table.move_log import describe

NAMES = ("You", "West", "North", "East")
SIDES = ("You & North", "West & East")


@pytest.fixture
def drivers() -> Iterator[list[TableDriver]]:
    made: list[TableDriver] = []
    yield made
    for driver in made:
        driver.close()


def _drive(drivers: list[TableDriver], session: Session, **kw: object) -> TableDriver:
    driver = TableDriver(session, **kw)  # type: ignore[arg-type]
    drivers.append(driver)
    driver.settle()
    return driver


def _after_first_round(drivers: list[TableDriver], seed: int = 11) -> TableDriver:
    """A 4-player hand where the human has drawn and discarded and the others played once."""
    session = Session.new(preset("classic-4"), seed, human_seat=0, level="easy")
    driver = _drive(drivers, session, delay=0.05, animation_speed=4.0)
    assert driver.until_my_turn()
    driver.key(pygame.K_d)
    driver.settle()
    hand = driver.hand()
    driver.drag_cards([hand[0]], driver.pile_point())
    driver.settle()
    assert driver.until_my_turn()
    return driver


def test_a_pile_take_is_one_line_with_its_size_and_melds() -> None:
    """ "West took the pile: 14 cards, melded K-K-K" (the issue's own example)."""
    pile = tuple(parse_cards("4c 5c 6c 7c 8c 9c Tc Jc Qc 4d 5d 6d 7d Kh"))
    kings = tuple(parse_cards("Kc Kd", used=set(pile)))
    events = [ev.PileTaken(1, pile), ev.MeldMade(1, 1, 7, (pile[-1], *kings))]
    move, extra = describe(events, 1, names=NAMES, side_names=SIDES, me=0, keys={7: 11})
    assert move is not None
    assert move.text == "West took the pile: 14 cards, melded K-K-K"
    assert move.caption == "took the pile (14)"
    assert set(kings) <= move.cards and not extra


def test_another_players_drawn_cards_stay_private_in_the_log() -> None:
    (card,) = parse_cards("Qh")
    west, _extra = describe(
        [ev.CardsDrawn(1, (card,))], 1, names=NAMES, side_names=SIDES, me=0, keys={}
    )
    mine, _extra = describe(
        [ev.CardsDrawn(0, (card,))], 0, names=NAMES, side_names=SIDES, me=0, keys={}
    )
    assert west is not None and west.text == "West drew a card"
    assert mine is not None and mine.text == "You drew Q"


def test_the_log_has_a_line_for_every_move_and_opens_with_l(
    drivers: list[TableDriver],
) -> None:
    driver = _after_first_round(drivers)
    scene = driver.scene
    lines = scene.move_log.lines
    for name in NAMES:
        assert any(line.startswith(f"{name} drew") for line in lines)
        assert any(line.startswith(f"{name} discarded") for line in lines)
    assert not scene.log_visible
    driver.key(pygame.K_l)
    assert scene.log_visible
    driver.click(scene.controls.rect(ctl.LOG).center)
    driver.frames(2)
    assert not scene.log_visible


def test_each_players_last_turn_stays_marked_until_it_plays_again(
    drivers: list[TableDriver],
) -> None:
    driver = _after_first_round(drivers)
    scene = driver.scene
    marks, captions = scene.marks(), scene.captions()
    for seat in (1, 2, 3):
        turn = scene.move_log.last[seat]
        assert turn.cards and set(turn.cards) <= set(marks)
        assert "discarded" in captions[seat][-1]
    assert 0 not in captions  # the human knows what they did
    west_before = scene.move_log.last[1]
    driver.key(pygame.K_d)
    driver.settle()
    driver.drag_cards([driver.hand()[0]], driver.pile_point())
    driver.settle()
    assert driver.until_my_turn()
    assert scene.move_log.last[1] != west_before  # West played again: its new turn is marked


def test_a_computer_turn_takes_at_least_0_6_seconds_at_the_default_speed(
    drivers: list[TableDriver],
) -> None:
    """Pacing: a person can see each computer move (default speed, default pause)."""
    session = Session.new(preset("classic-4"), 5, human_seat=0, level="easy")
    driver = _drive(drivers, session)
    scene = driver.scene
    starts: dict[int, float] = {}
    spans: list[float] = []

    def moved(changed: Session) -> None:
        actor = changed.log[-1].seat  # type: ignore[attr-defined]
        if changed.state.current != actor or changed.hand_over:  # the turn passed on
            spans.append(scene.clock - starts.pop(actor, scene.clock))
        starts.setdefault(changed.state.current, scene.clock)

    session.on_change.append(moved)
    assert driver.until_my_turn()
    driver.key(pygame.K_d)
    driver.settle()
    driver.drag_cards([driver.hand()[0]], driver.pile_point())
    driver.settle()
    assert driver.until_my_turn()
    computer = spans[1:]  # the first span is the human's own turn
    assert len(computer) >= 3
    assert min(computer) >= 0.6


def test_your_turn_appears_only_once_everything_has_landed(
    drivers: list[TableDriver],
) -> None:
    session = Session.new(preset("classic-4"), 11, human_seat=0, level="easy")
    driver = _drive(drivers, session, delay=0.05)
    scene = driver.scene
    for _ in range(5000):
        driver.frames(1, draw=False)
        if session.human_to_act:
            break
    assert session.human_to_act and scene.busy  # the last discard is still on its way
    assert scene.info is not None and not scene.info.my_turn
    driver.settle()
    driver.frames(1)
    assert scene.info is not None and scene.info.my_turn


def test_space_skips_ahead_to_the_humans_turn(drivers: list[TableDriver]) -> None:
    session = Session.new(preset("classic-4"), 11, human_seat=0, level="easy")
    driver = _drive(drivers, session, delay=5.0)  # a very slow pace
    if session.human_to_act:
        driver.key(pygame.K_d)
        driver.settle()
        driver.drag_cards([driver.hand()[0]], driver.pile_point())
        driver.settle()
    assert not session.human_to_act
    assert driver.scene.controls.shown(ctl.SKIP)
    driver.key(pygame.K_SPACE)
    driver.frames(30, draw=False)  # one second of simulated time, far below 3 x 5 s
    assert session.human_to_act


def test_the_score_sheet_opens_with_t_and_shows_this_hands_melds(
    drivers: list[TableDriver],
) -> None:
    session = Session.new(preset("classic-4"), 11, human_seat=0, level="easy")
    driver = _drive(drivers, session)
    driver.key(pygame.K_t)
    assert driver.scene.sheet_visible
    driver.frames(1)
    driver.key(pygame.K_ESCAPE)
    assert not driver.scene.sheet_visible


def test_hint_shows_a_legal_move_and_why(drivers: list[TableDriver]) -> None:
    session = Session.new(preset("classic-4"), 11, human_seat=0, level="easy")
    driver = _drive(drivers, session, delay=0.05)
    assert driver.until_my_turn()
    assert driver.scene.controls.shown(ctl.HINT)
    driver.click(driver.scene.controls.rect(ctl.HINT).center)
    driver.frames(2)
    suggestion = driver.scene.suggestion
    assert suggestion is not None
    assert session.check(suggestion.action) is None
    assert driver.message() == suggestion.text
    assert suggestion == suggest(session)  # the same move Medium makes for this view


def test_why_shows_the_rule_behind_a_refusal(drivers: list[TableDriver]) -> None:
    """The refusal is a sentence; its rule ID comes on request (W or the Why? button)."""
    session = Session.new(preset("classic-4"), 11, human_seat=0, level="easy")
    driver = _drive(drivers, session, delay=0.05)
    assert driver.until_my_turn()
    driver.drag_cards([driver.hand()[0]], driver.pile_point())  # a discard before drawing
    driver.settle()
    refusal = driver.scene.refusal
    assert refusal is not None and driver.scene.controls.shown(ctl.WHY)
    driver.key(pygame.K_w)
    message = driver.message()
    assert message is not None and refusal.rule in message.split("\n")[1]


def test_the_hint_line_says_which_cards_to_select_for_the_pile() -> None:
    """C-PILE: a pile with a K on top, two natural Ks in hand and no K meld: select K-K."""
    from canasta_game.controller.hints import hint
    from canasta_game.engine.setup import state_from_setup

    state = state_from_setup(
        preset("classic-4"),
        ["Kc Kd 5s 7d 9h", "4c 4d 9s", "7c 7d 8s", "6c 6d Ts"],
        stock="Qh Qd 5h 5d",
        pile="9c Qd Ks 6h Kh",
        melds={0: ["Ah Ac As"]},
    )
    session = Session.from_state(state, human_seat=0, level="easy")
    assert "select K-K" in hint(session)


def test_the_wheel_scrolls_the_log_back_through_the_whole_hand(
    drivers: list[TableDriver],
) -> None:
    from canasta_game.ui.table.drawers import log_scroll_limit

    driver = _after_first_round(drivers)
    scene = driver.scene
    driver.key(pygame.K_l)
    scene.move_log.lines.extend(f"line {n}" for n in range(80))  # a long hand
    limit = log_scroll_limit(scene.text, scene.layout, scene.move_log.lines)
    assert limit > 0
    for _ in range(40):
        driver.post(pygame.MOUSEWHEEL, x=0, y=3, flipped=False)
    driver.frames(2)
    assert scene.log_scroll == limit  # back to the first move, and no further
    driver.post(pygame.MOUSEWHEEL, x=0, y=-limit, flipped=False)
    driver.frames(2)
    assert scene.log_scroll == 0


def test_a_resumed_hand_shows_its_whole_log_and_a_new_hand_starts_a_new_one() -> None:
    """The log is rebuilt from the hand's actions, so a resumed match loses no line."""
    from canasta_game.ui.table.move_log import MoveLog

    session = Session.new(preset("classic-4"), 3, human_seat=None, level="easy")
    step_by_step = MoveLog.empty()
    for _ in range(40):
        session.bot_step()
        step_by_step.follow(session, names=NAMES, side_names=SIDES, me=0)
    at_once = MoveLog.empty()
    at_once.follow(Session.from_payload(session.to_payload()), names=NAMES, side_names=SIDES, me=0)
    assert at_once.lines == step_by_step.lines and len(at_once.lines) >= 40
    assert at_once.last == step_by_step.last
    while not session.hand_over:
        session.bot_step()
    session.next_hand()
    step_by_step.follow(session, names=NAMES, side_names=SIDES, me=0)
    assert step_by_step.lines == [] and step_by_step.last == {}


def test_a_computer_pile_take_is_given_longer_than_a_draw(drivers: list[TableDriver]) -> None:
    """Pacing (issue 15): at the default speed a pile take gets more time than an ordinary
    computer move, so the pile can be seen travelling to the taker, its size named."""
    rules = preset("classic-4")
    state = state_from_setup(
        rules,
        ["4c 5d 6h 7s 8c 9d Jh Qs Ac", "Kc Kd 5c 6d 7h 9s Ts Jd 4h", "4d 5h 6s 7c", "4s 5c 6c"],
        stock="Qh Qd 5h 5d 7d 8d 8h 9h Th Jc",
        pile="8s 9c Td Ks",
        melds={1: ["Ac Ad Ah"]},
        current=1,
        has_melded=(1,),
    )
    session = Session.from_state(state, human_seat=0, level="easy")
    driver = _drive(drivers, session)
    scene = driver.scene
    moves: list[tuple[float, bool]] = []  # when each computer move was made, a pile take?
    session.on_change.append(
        lambda changed: moves.append(
            (scene.clock, isinstance(changed.log[-1], TakePile))  # type: ignore[attr-defined]
        )
    )
    assert driver.until_my_turn()
    takes = [i for i, (_at, took) in enumerate(moves) if took]
    assert takes and takes[0] + 1 < len(moves), "West did not take the pile"
    gaps = [(moves[i + 1][0] - moves[i][0], moves[i][1]) for i in range(len(moves) - 1)]
    after_take = [gap for gap, took in gaps if took]
    others = [gap for gap, took in gaps if not took]
    # the flight of the taken cards alone adds about half a second; the pause a whole one
    assert others and min(after_take) >= max(others) + 1.0
