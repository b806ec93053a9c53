"""The one play loop: every computer move of the simulator, the arena and the table is asked
for here, through the one player protocol (``Bot.choose(view, legal)``).

``turn_inputs`` gives what a player may see and do; ``decide`` asks a bot; ``play_hand``
plays a hand to its end. A position with no legal move is a *dead end* (an engine bug the
simulator counts), and a hand that runs past ``MAX_ACTIONS`` is *capped* (a rule that lets
a hand run away); neither raises inside a player.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import repeat
from operator import is_

from canasta_game.ai.base import Bot
from canasta_game.engine.actions import Action
from canasta_game.engine.fastapply import advance
from canasta_game.engine.game import apply, why_illegal
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import PlayerView, observe
from canasta_game.engine.state import OVER, State

MAX_ACTIONS = 5000  # far beyond any real hand (a long one takes a few hundred)

Timer = Callable[[int, float], None]  # (seat, seconds the decision took)


def turn_inputs(state: State) -> tuple[PlayerView, list[Action]]:
    """What the seat that must act sees, and the moves it may choose from (maybe none)."""
    return observe(state, state.actor), legal_moves(state)


def decide(state: State, bot: Bot) -> Action | None:
    """``bot``'s move for the seat that must act, or None at a dead end (no legal move)."""
    view, legal = turn_inputs(state)
    return bot.choose(view, legal) if legal else None


@dataclass
class PlayedHand:
    final: State
    actions: list[Action] = field(default_factory=list)
    dead_end: bool = False  # a position with no legal move before the hand ended
    capped: bool = False  # still running after MAX_ACTIONS
    illegal: int = 0  # moves the rule check refused (each replaced by the first legal move)
    problems: list[str] = field(default_factory=list)


def play_hand(
    state: State,
    bots: Mapping[int, Bot],
    *,
    on_state: Callable[[State], None] | None = None,
    timer: Timer | None = None,
    moves: Callable[[State], list[Action]] | None = None,
) -> PlayedHand:
    """Play from ``state`` until the hand ends, a dead end, or the cap.

    ``on_state`` sees every position before its move (the simulator's invariant checks);
    ``timer`` hears how long each decision took (the arena's latency figures); ``moves``
    generates the legal moves (the simulator's checks hand over the list they verified).
    """
    played = PlayedHand(state)
    generate = legal_moves if moves is None else moves
    # a bot that never reads its view (the random baseline) is not given one: building it
    # was a tenth of random self-play's time (issue 16)
    reads = {seat: getattr(bot, "reads_view", True) for seat, bot in bots.items()}
    actions = played.actions
    while state.phase is not OVER:
        if on_state is not None:
            on_state(state)
        if len(actions) >= MAX_ACTIONS:
            played.capped = True
            played.problems.append(f"hand did not end within {MAX_ACTIONS} actions")
            break
        seat = state.actor
        legal = generate(state)
        if not legal:
            played.dead_end = True
            played.problems.append(f"no legal move in phase {state.phase.value}")
            break
        view = observe(state, seat) if reads[seat] else None
        if timer is None:
            move = bots[seat].choose(view, legal)
        else:
            started = time.perf_counter()
            move = bots[seat].choose(view, legal)
            timer(seat, time.perf_counter() - started)
        # the move is most often one of the list's own objects: found by identity in C,
        # before comparing field by field (a tenth of the loop's own time otherwise)
        if not any(map(is_, legal, repeat(move))) and move not in legal:
            state, move = _unlisted(played, state, move, legal[0])
        else:
            state = advance(state, move)  # ``apply`` without the events nobody here reads
        actions.append(move)
    played.final = state
    return played


def _unlisted(
    played: PlayedHand, state: State, move: Action, first: Action
) -> tuple[State, Action]:
    """A move the generator does not list goes to the one rule check, like a person's: the
    list offers each addition's naturals and one wild card as separate moves, and another
    commit's bot (the arena's ``LEVEL@CHECKOUT``) may lay them in one, which is legal. A
    move the check refuses is counted and replaced by the list's first."""
    if why_illegal(state, move) is None:
        return apply(state, move)[0], move
    played.illegal += 1
    played.problems.append(f"seat {state.actor} chose an illegal move {move}")
    return advance(state, first), first
