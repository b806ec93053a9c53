"""The simulator's players are the view-only baselines of ``canasta_game.ai.baselines``.

``POLICIES`` names them for ``--policy``; ``random_policy`` and ``greedy_policy`` adapt one
to a function of a ``State`` for engine tests that walk a hand themselves. The adapter asks
through the one play loop's ``decide``, so the player still sees only its view.
"""

from __future__ import annotations

from collections.abc import Callable

from canasta_game.ai.base import Bot
from canasta_game.ai.baselines import GreedyBot, RandomBot
from canasta_game.ai.play import decide
from canasta_game.engine.actions import Action
from canasta_game.engine.state import State

Policy = Callable[[State], Action]

POLICIES: dict[str, Callable[[int, int | str], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}


def _policy(bot: Bot) -> Policy:
    def choose(state: State) -> Action:
        move = decide(state, bot)
        if move is None:
            raise ValueError(f"dead end: no legal move in phase {state.phase.value}")
        return move

    return choose


def random_policy(seed: int | str) -> Policy:
    return _policy(RandomBot(0, seed))


def greedy_policy(seed: int | str) -> Policy:
    return _policy(GreedyBot(0, seed))
