"""The rule engine: pure, deterministic, headless. Stdlib only.

Nothing here imports pygame, platformdirs, the clock, the file system or the module-level
``random``: dealing uses its own ``random.Random(seed)``, so a seed and an action log
reproduce any hand exactly. The public API is re-exported here.
"""

from canasta_game.engine.actions import (
    Acaba,
    Action,
    AddToMeld,
    AnswerGoOut,
    AskGoOut,
    CombineMelds,
    Discard,
    DrawStock,
    Meld,
    PlayCaliente,
    TakePile,
)
from canasta_game.engine.cards import card_text, parse_card, parse_cards
from canasta_game.engine.game import IllegalAction, apply, why_illegal
from canasta_game.engine.match import Match
from canasta_game.engine.observation import PlayerView, observe
from canasta_game.engine.rules import PRESETS, Rules, preset
from canasta_game.engine.scoring import HandScore, score_hand
from canasta_game.engine.setup import new_hand, state_from_setup
from canasta_game.engine.state import HandEnd, Phase, State

__all__ = [
    "PRESETS",
    "Acaba",
    "Action",
    "AddToMeld",
    "AnswerGoOut",
    "AskGoOut",
    "CombineMelds",
    "Discard",
    "DrawStock",
    "HandEnd",
    "HandScore",
    "IllegalAction",
    "Match",
    "Meld",
    "Phase",
    "PlayCaliente",
    "PlayerView",
    "Rules",
    "State",
    "TakePile",
    "apply",
    "card_text",
    "new_hand",
    "observe",
    "parse_card",
    "parse_cards",
    "preset",
    "score_hand",
    "state_from_setup",
    "why_illegal",
]
