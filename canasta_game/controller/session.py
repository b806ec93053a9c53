"""One match in progress: the score sheet, the hand being played, its action log, the bots.

Every move, the human's or a computer player's, goes through ``Session.play``, which asks the
engine's single legality check before anything changes. After each applied move the
listeners run (the app autosaves there), so the action log on disk is never behind the game.
The payload written to disk is the log, not a pickled object: loading replays it and
cross-checks the snapshot, so a damaged save cannot silently become a different game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from canasta_game.ai import HardBot, make_bot
from canasta_game.ai.base import Bot
from canasta_game.ai.play import decide
from canasta_game.engine.actions import Action
from canasta_game.engine.codec import log_to_dict, replay, state_from_dict, state_to_dict
from canasta_game.engine.events import Event
from canasta_game.engine.game import IllegalAction, apply, why_illegal
from canasta_game.engine.match import Match
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import PlayerView, observe
from canasta_game.engine.reasons import Reason
from canasta_game.engine.rules import Rules
from canasta_game.engine.scoring import HandScore
from canasta_game.engine.state import Phase, State

PAYLOAD_FORMAT = "canasta-match"  # "format", not "kind": the save store owns the envelope
Listener = Callable[["Session"], None]


class Session:
    """A match with one human seat (or none, for autoplay) and computer players elsewhere."""

    def __init__(
        self,
        match: Match,
        hand_start: State,
        log: list[Action] | None = None,
        *,
        human_seat: int | None = 0,
        level: str = "medium",
        budget: float = 0.5,
        state: State | None = None,
    ) -> None:
        self.match = match
        self.hand_start = hand_start
        self.log: list[Action] = list(log or [])
        self.state = state if state is not None else hand_start
        self.human_seat = human_seat
        self.level = level
        self.budget = budget
        self.on_change: list[Listener] = []
        self.bots: dict[int, Bot] = {}
        self._make_bots()

    # --- construction ----------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules,
        seed: int | str,
        human_seat: int | None = 0,
        level: str = "medium",
        budget: float = 0.5,
    ) -> Session:
        match = Match.start(rules, seed)
        return cls(match, match.deal(), human_seat=human_seat, level=level, budget=budget)

    @classmethod
    def from_state(
        cls, state: State, human_seat: int | None = 0, level: str = "medium", budget: float = 0.5
    ) -> Session:
        """A session around an explicit position (tests, tutorials, bug reports)."""
        match = Match(state.rules, state.seed, state.scores, state.dealer)
        return cls(match, state, human_seat=human_seat, level=level, budget=budget)

    def set_budget(self, seconds: float) -> None:
        """Change how long Hard computer players think, for their next decision on (the
        player may change it in Settings in the middle of a match)."""
        self.budget = seconds
        for bot in self.bots.values():
            if isinstance(bot, HardBot):
                bot.budget = seconds

    def _make_bots(self) -> None:
        hand_no = self.match.hands_played
        self.bots = {
            seat: make_bot(self.level, seat, f"{self.match.seed}:{hand_no}:bot:{seat}", self.budget)
            for seat in range(self.rules.players)
            if seat != self.human_seat
        }

    # --- reading ---------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.match.rules

    def view(self, seat: int | None = None) -> PlayerView:
        """What ``seat`` (default: the human, or seat 0 in autoplay) may see."""
        if seat is None:
            seat = self.human_seat if self.human_seat is not None else 0
        return observe(self.state, seat)

    @property
    def hand_over(self) -> bool:
        return self.state.phase is Phase.OVER

    @property
    def actor(self) -> int:
        return self.state.actor

    @property
    def human_to_act(self) -> bool:
        return not self.hand_over and self.state.actor == self.human_seat

    @property
    def bot_to_act(self) -> bool:
        return not self.hand_over and self.state.actor in self.bots

    @property
    def hand_score(self) -> HandScore | None:
        """The breakdown of the hand just finished (recorded in the match), else None."""
        if not self.hand_over or not self.match.history:
            return None
        return self.match.history[-1].score

    def check(self, action: Action) -> Reason | None:
        return why_illegal(self.state, action)

    def legal(self) -> list[Action]:
        return legal_moves(self.state)

    # --- acting ----------------------------------------------------------------------

    def play(self, action: Action) -> Reason | list[Event]:
        """Apply ``action`` if legal; an illegal one changes nothing and returns the reason."""
        try:
            state, events = apply(self.state, action)
        except IllegalAction as exc:
            return exc.reason
        self.state = state
        self.log.append(action)
        if state.phase is Phase.OVER:
            self.match = self.match.record(state)
        self._changed()
        return events

    def bot_choice(self) -> Action | None:
        """The move the computer player to act would make now (None if a human is to act)."""
        if not self.bot_to_act:
            return None
        return decide(self.state, self.bots[self.state.actor])

    def bot_step(self) -> list[Event] | None:
        """Let the computer player to act make one move."""
        action = self.bot_choice()
        if action is None:
            return None
        result = self.play(action)
        if isinstance(result, Reason):  # a bot bug must never stall or corrupt the game
            raise IllegalAction(result)
        return result

    def next_hand(self) -> None:
        """Deal the next hand of the match (after the score dialog)."""
        if not self.hand_over:
            raise ValueError("the hand is still being played")
        if self.match.over:
            raise ValueError("the match is over")
        self.hand_start = self.match.deal()
        self.state = self.hand_start
        self.log = []
        self._make_bots()
        self._changed()

    def _changed(self) -> None:
        for listener in list(self.on_change):
            listener(self)

    # --- saving ----------------------------------------------------------------------

    def to_payload(self) -> dict[str, Any]:
        return {
            "format": PAYLOAD_FORMAT,
            "human_seat": self.human_seat,
            "level": self.level,
            "budget": self.budget,
            "match": self.match.to_dict(),
            "hand": log_to_dict(self.hand_start, self.log),
            "snapshot": state_to_dict(self.state),
        }

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> Session:
        """Rebuild a session by replaying its log; ValueError if anything does not agree."""
        try:
            if payload.get("format") != PAYLOAD_FORMAT:
                raise ValueError("not a saved match")
            match = Match.from_dict(payload["match"])
            final, actions = replay(payload["hand"])
            start_payload = payload["hand"]["start"]
            if state_to_dict(final) != payload["snapshot"]:
                raise ValueError("the replayed hand does not match the saved position")
            if final.rules != match.rules:
                raise ValueError("the hand and the match have different rules")
            start = state_from_dict(start_payload)
            human = payload["human_seat"]
            if human is not None and not 0 <= int(human) < match.rules.players:
                raise ValueError("the human seat is out of range")
            level = str(payload["level"])
            budget = float(payload["budget"])
        except IllegalAction as exc:
            raise ValueError(f"the saved moves do not replay: {exc}") from exc
        except (KeyError, TypeError, AttributeError, IndexError) as exc:
            raise ValueError(f"the saved match is incomplete: {exc!r}") from exc
        return cls(
            match,
            start,
            actions,
            human_seat=None if human is None else int(human),
            level=level,
            budget=budget,
            state=final,
        )
