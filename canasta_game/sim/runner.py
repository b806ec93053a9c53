"""Play hands headless with a player per seat, optionally checking every invariant."""

from __future__ import annotations

from dataclasses import dataclass, field

from canasta_game.ai.base import Bot
from canasta_game.ai.play import play_hand as play_out
from canasta_game.engine.actions import Action
from canasta_game.engine.codec import log_to_dict, replay
from canasta_game.engine.rules import Rules
from canasta_game.engine.setup import new_hand
from canasta_game.engine.state import State
from canasta_game.sim import invariants


@dataclass
class HandResult:
    final: State
    actions: list[Action]
    turns: int
    illegal: int = 0
    dead_end: bool = False
    capped: bool = False
    violations: list[str] = field(default_factory=list)


def play_hand(
    rules: Rules, seed: int | str, bots: list[Bot], dealer: int = 0, check: bool = False
) -> HandResult:
    start = new_hand(rules, seed, dealer)
    violations: list[str] = []

    def check_step(state: State) -> None:
        for test in invariants.STEP_CHECKS:
            violations.extend(test(state))

    played = play_out(
        start,
        dict(enumerate(bots)),
        on_state=check_step if check else None,
        moves=invariants.checked_moves if check else None,
    )
    violations.extend(played.problems)
    state = played.final
    if check:
        violations.extend(invariants.every_card_once(state))
        violations.extend(invariants.json_round_trip(state))
        violations.extend(invariants.scores_add_up(state))
        replayed, _ = replay(log_to_dict(start, played.actions))
        if replayed != state:
            violations.append("replaying the log gave a different state")
    return HandResult(
        state,
        played.actions,
        state.turn + 1,
        played.illegal,
        played.dead_end,
        played.capped,
        violations,
    )
