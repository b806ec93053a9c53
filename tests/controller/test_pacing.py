"""Computer players move at the set pace, wait while the UI animates, and never stall."""

from __future__ import annotations

import time

from canasta_game.controller.hints import hint, seat_name
from canasta_game.controller.pacing import Pacer
from canasta_game.controller.session import Session
from canasta_game.engine.actions import TakePile
from canasta_game.engine.events import Event, PileTaken
from canasta_game.engine.rules import preset


def test_unthreaded_pacer_waits_for_the_delay_and_the_hold() -> None:
    session = Session.new(preset("classic-4"), 2, human_seat=None, level="easy")
    pacer = Pacer(session, delay=1.0, threaded=False)
    assert pacer.update(0.5) is None and session.log == []
    pacer.hold = True  # time spent animating does not count towards the pause
    assert pacer.update(1.0) is None and session.log == []
    pacer.hold = False
    assert pacer.update(0.4) is None and session.log == []
    events = pacer.update(0.2)
    assert events and len(session.log) == 1


def test_speed_shortens_the_pause() -> None:
    session = Session.new(preset("classic-4"), 2, human_seat=None, level="easy")
    pacer = Pacer(session, delay=1.0, speed=4.0, threaded=False)
    assert pacer.update(0.3) is not None


def test_threaded_pacer_plays_a_whole_hand() -> None:
    session = Session.new(preset("classic-3"), 9, human_seat=None, level="easy")
    pacer = Pacer(session, delay=0.0)
    deadline = time.monotonic() + 60
    while not session.hand_over and time.monotonic() < deadline:
        pacer.update(0.016)
        time.sleep(0.0005)
    pacer.close()
    assert session.hand_over
    assert session.match.hands_played == 1


def test_pacer_does_nothing_on_the_humans_turn() -> None:
    session = Session.new(preset("classic-4"), 2, human_seat=0, level="easy")
    while not session.human_to_act:
        session.bot_step()
    pacer = Pacer(session, delay=0.0, threaded=False)
    log = list(session.log)
    assert pacer.update(5.0) is None and session.log == log


def test_hints_and_seat_names() -> None:
    session = Session.new(preset("classic-4"), 2, human_seat=0, level="easy")
    assert [seat_name(session, s) for s in range(4)] == ["You", "West", "North", "East"]
    while not session.human_to_act:
        session.bot_step()
    assert hint(session) == "Draw a card: the pile cannot be taken now"
    session.play(session.legal()[0])
    assert hint(session).startswith("Meld")


def _next_move(pacer: Pacer, step: float = 0.05) -> tuple[float, list[Event]]:
    """Seconds the pacer waited before the next computer move, and that move's events."""
    waited = step
    while (events := pacer.update(step)) is None:
        waited += step
        assert waited < 30, "the pacer stalled"
    return waited, events


def test_a_pile_take_is_followed_by_a_longer_pause_than_a_draw() -> None:
    """Issue 15 pacing: at least 0.6 s per computer turn at the default speed, more after a
    pile take, so the taken pile can be followed."""
    session = Session.new(preset("classic-4"), 3, human_seat=None, level="easy")
    pacer = Pacer(session, threaded=False)
    pauses: dict[bool, list[float]] = {True: [], False: []}
    took_last = False
    while not session.hand_over and len(pauses[True]) < 2:
        waited, events = _next_move(pacer)
        pauses[took_last].append(waited)
        took_last = any(isinstance(e, PileTaken) for e in events)
    assert pauses[True], "no computer player took the pile in this hand"
    assert min(pauses[False]) >= 0.6
    assert min(pauses[True]) >= max(pauses[False]) + 0.5


def test_the_hint_line_offers_the_pile_only_when_it_can_be_taken() -> None:
    """Issue 15 (learn at the table): a blocked or frozen pile is not offered to a newcomer."""
    checked = 0
    for seed in range(12):
        session = Session.new(preset("classic-2"), seed, human_seat=0, level="easy")
        while not session.human_to_act:
            session.bot_step()
        takes = [m for m in session.legal() if isinstance(m, TakePile)]
        if takes:
            assert "pile" in hint(session)
        else:
            assert hint(session) == "Draw a card: the pile cannot be taken now"
            checked += 1
    assert checked  # some of these deals start with a pile the human cannot take
