"""One computer player of *another* source tree, answering the arena over pipes (issue 16).

Run by path with that tree first on ``PYTHONPATH`` (``RemoteBot`` does it), so that every
``canasta_game`` import below is the other tree's: its engine rebuilds the position, its
``observe`` gives its bot only that seat's view, its ``legal_moves`` lists the moves, and its
bot chooses. Each request is one JSON line ``{"state": ...}``, each answer one JSON line
``{"action": ...}`` or ``{"error": ...}``. The position travels as the state codec's JSON;
rule fields the other tree does not know are dropped (they are new variants' switches, at
their defaults in the presets such trees share).
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import sys
import time
from typing import Any


def _answer(bot: Any, data: dict[str, Any]) -> dict[str, Any]:
    from canasta_game.engine.actions import action_to_dict
    from canasta_game.engine.codec import state_from_dict
    from canasta_game.engine.movegen import legal_moves
    from canasta_game.engine.observation import observe
    from canasta_game.engine.rules import Rules

    known = {f.name for f in dataclasses.fields(Rules) if f.init}
    data["rules"] = {k: v for k, v in data["rules"].items() if k in known}
    state = state_from_dict(data)
    legal = legal_moves(state)
    if not legal:
        return {"error": "no legal move in this tree"}
    return {"action": action_to_dict(bot.choose(observe(state, state.actor), legal))}


def _bot(level: str, seat: int, seed: str, budget: float, clock: str) -> Any:
    """The other tree's player; its Hard measures the budget on this process's CPU time when
    asked to and its ``HardBot`` takes a clock (every tree since the arena's first version)."""
    from canasta_game.ai import make_bot

    if level == "hard" and clock == "cpu":
        from canasta_game.ai.hard import HardBot

        if "clock" in inspect.signature(HardBot).parameters:
            return HardBot(seat, seed, budget, clock=time.process_time)
    return make_bot(level, seat, seed, budget)


def main() -> int:
    level, seat, seed, budget = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
    bot = _bot(level, seat, seed, budget, sys.argv[5] if len(sys.argv) > 5 else "wall")
    for line in sys.stdin:
        try:
            reply = _answer(bot, json.loads(line)["state"])
        except Exception as exc:  # reported to the arena, which stops with the reason
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
