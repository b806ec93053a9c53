"""Computer players move at a pace a person can follow, without freezing the window.

The bot's thinking (up to the Hard level's budget) runs in one worker thread on an
immutable ``PlayerView``; the move is applied on the main thread by ``update`` once the
thinking is done and the pause for the current speed has passed. The model is only ever
changed on the main thread, and a move computed for a position that has since changed is
thrown away.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from canasta_game.ai.play import turn_inputs
from canasta_game.controller.session import Session
from canasta_game.engine.actions import Action
from canasta_game.engine.events import Event, PileTaken
from canasta_game.engine.game import IllegalAction
from canasta_game.engine.reasons import Reason
from canasta_game.engine.state import State

BASE_DELAY = 0.7  # seconds between computer moves at speed 1.0
PILE_TAKE_FACTOR = 2.3  # the pause after a pile take, in pauses: 1.6 s at the default speed


class Pacer:
    def __init__(
        self, session: Session, speed: float = 1.0, delay: float = BASE_DELAY, threaded: bool = True
    ) -> None:
        self.session = session
        self.speed = speed
        self.delay = delay
        self.hold = False  # set while the UI animates a move
        self._elapsed = 0.0
        self._pause = delay  # the pause before the next computer move
        self._pool = ThreadPoolExecutor(max_workers=1) if threaded else None
        self._future: Future[Action] | None = None
        self._asked_for: State | None = None

    def update(self, dt: float) -> list[Event] | None:
        """Advance the clock; returns the events of a computer move when one was made."""
        session = self.session
        if not session.bot_to_act:
            self._reset()
            return None
        if self._asked_for is not None and self._asked_for is not session.state:
            self._reset()  # the position changed under the thinking bot
        if not self.hold:  # the pause starts once the previous move has finished animating
            self._elapsed += dt * max(self.speed, 0.01)
        if self._pool is None:
            if self.hold or self._elapsed < self._pause:
                return None
            self._reset()
            return self._paced(session.bot_step())
        if self._future is None:
            view, moves = turn_inputs(session.state)
            if not moves:
                return None  # a dead end: the engine's tests make sure it never happens
            self._asked_for = session.state
            bot = session.bots[session.state.actor]
            self._future = self._pool.submit(bot.choose, view, moves)
        if self.hold or self._elapsed < self._pause or not self._future.done():
            return None
        action = self._future.result()
        self._reset()
        result = session.play(action)
        if isinstance(result, Reason):
            raise IllegalAction(result)
        return self._paced(result)

    def _paced(self, events: list[Event] | None) -> list[Event] | None:
        """Set the pause after this move: longer after a pile take, so a person can see the
        pile travel to the taker and read its size (the table names it) before the next
        move starts."""
        took = any(isinstance(event, PileTaken) for event in events or ())
        self._pause = self.delay * (PILE_TAKE_FACTOR if took else 1.0)
        return events

    def _reset(self) -> None:
        self._elapsed = 0.0
        self._future = None
        self._asked_for = None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
