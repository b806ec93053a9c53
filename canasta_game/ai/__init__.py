"""Computer players: Easy, Medium and Hard, built only on the engine and a ``PlayerView``.

``make_bot(level, seat, seed, budget)`` is the one entry point the controller and the arena
use. Every bot returns one element of the legal moves it was given and reads nothing but its
view, so it can be created at any point of a hand (a resumed save) and play on.

Modules, one job each:

* ``easy``, ``medium``, ``hard``: the three levels (``baselines``: view-only random/greedy);
* ``handsense`` (facts about the own hand and a move), ``keep`` (how much a card is worth
  keeping), ``counting`` (unseen cards, who can hold a pair), ``situation`` (turns left,
  threats, the score race);
* Medium's heuristics: ``pile`` (taking the pile), ``discard`` (safe discards, stops,
  freezes), ``melding`` (what to meld and when), ``goingout`` (go out, hold, ask, answer);
* Hard's search: ``determinize`` (worlds consistent with the view), ``rollout`` (a fast
  policy on a State), ``evaluate`` (scoring a rollout's end position).
"""

from __future__ import annotations

from collections.abc import Callable

from canasta_game.ai.base import LEVELS, Bot
from canasta_game.ai.easy import EasyBot
from canasta_game.ai.hard import HardBot
from canasta_game.ai.medium import MediumBot


def make_bot(
    level: str,
    seat: int,
    seed: int | str,
    budget: float = 0.5,
    clock: Callable[[], float] | None = None,
) -> Bot:
    """A computer player of ``level`` ("easy", "medium" or "hard") for ``seat``.

    ``seed`` makes its choices reproducible; ``budget`` is Hard's thinking time per decision
    in seconds, measured on ``clock`` (the wall clock unless given; the other levels ignore
    both).
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    if level == "easy":
        return EasyBot(seat, seed)
    if level == "medium":
        return MediumBot(seat, seed)
    if clock is None:
        return HardBot(seat, seed, budget)
    return HardBot(seat, seed, budget, clock=clock)


__all__ = ["LEVELS", "Bot", "EasyBot", "HardBot", "MediumBot", "make_bot"]
