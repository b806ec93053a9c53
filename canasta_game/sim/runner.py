"""Play hands headless with a policy per seat, optionally checking every invariant."""

from __future__ import annotations

from dataclasses import dataclass, field

from canasta_game.engine.actions import Action
from canasta_game.engine.codec import log_to_dict, replay
from canasta_game.engine.game import IllegalAction, apply
from canasta_game.engine.rules import Rules
from canasta_game.engine.setup import new_hand
from canasta_game.engine.state import Phase, State
from canasta_game.sim import invariants
from canasta_game.sim.policies import Policy

MAX_ACTIONS = 5000  # far beyond any real hand; a hand that runs longer is a bug


@dataclass
class HandResult:
    final: State
    actions: list[Action]
    turns: int
    illegal: int = 0
    violations: list[str] = field(default_factory=list)


def play_hand(
    rules: Rules, seed: int | str, policies: list[Policy], dealer: int = 0, check: bool = False
) -> HandResult:
    start = new_hand(rules, seed, dealer)
    state = start
    actions: list[Action] = []
    illegal = 0
    violations: list[str] = []
    while state.phase is not Phase.OVER:
        if check:
            for test in invariants.STEP_CHECKS:
                violations.extend(test(state))
        if len(actions) >= MAX_ACTIONS:
            violations.append(f"hand did not end within {MAX_ACTIONS} actions")
            break
        action = policies[state.actor](state)
        try:
            state, _ = apply(state, action)
        except IllegalAction as exc:
            illegal += 1
            violations.append(f"policy chose an illegal action {action}: {exc}")
            break
        actions.append(action)
    if check:
        violations.extend(invariants.every_card_once(state))
        violations.extend(invariants.json_round_trip(state))
        violations.extend(invariants.scores_add_up(state))
        replayed, _ = replay(log_to_dict(start, actions))
        if replayed != state:
            violations.append("replaying the log gave a different state")
    return HandResult(state, actions, state.turn + 1, illegal, violations)
