"""Shared helpers for the computer-player tests: build a position, ask a bot."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from canasta_game.ai.medium import MediumBot
from canasta_game.engine.actions import Action
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.state import State

Decide = Callable[[State], Action]


@pytest.fixture
def medium() -> Decide:
    """Medium's move for whoever must act in ``state`` (a fresh, seeded bot each time)."""

    def decide(state: State) -> Action:
        seat = state.actor
        legal = legal_moves(state)
        move = MediumBot(seat, "scenario").choose(observe(state, seat), legal)
        assert move in legal
        return move

    return decide
