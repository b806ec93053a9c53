"""Every level plays every preset legally, and keeps playing well when created mid-hand.

Each preset gets at least 50 hands with one Hard seat (rotating) and Easy and Medium in the
other seats, plus, with two players, 50 more hands of Easy against Medium, so every level
plays at least 50 hands of every preset. Hard runs on a tiny budget here so the suite stays
fast; its search code runs all the same.
"""

from __future__ import annotations

from collections import Counter

import pytest

from canasta_game.ai import LEVELS, make_bot
from canasta_game.engine.game import apply
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import ITALIAN_PRESETS, PRESETS, SEQUENCE_PRESETS, preset
from canasta_game.engine.setup import new_hand
from canasta_game.engine.state import Phase

HARD_HANDS = 50
TINY_BUDGET = 0.01


def _levels(hand: int, players: int) -> list[str]:
    """Hard at one rotating seat for the first HARD_HANDS hands, Easy and Medium elsewhere."""
    hard = hand % players if hand < HARD_HANDS else None
    out = []
    others = 0
    for seat in range(players):
        if seat == hard:
            out.append("hard")
        else:
            out.append(("easy", "medium")[(hand + others) % 2])
            others += 1
    return out


#: Presets that differ from one listed here only in the pack: their deal and pile are covered
#: by self-play (tests/engine/test_selfplay.py), so the levels are not played on them twice.
SAME_PLAY = {"italian-2decks"}


@pytest.mark.parametrize("name", sorted(set(PRESETS) - SAME_PLAY))
def test_every_level_plays_every_preset_without_an_illegal_move(name: str) -> None:
    rules = preset(name)
    hands_played: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    total = HARD_HANDS * (2 if rules.players == 2 else 1)
    for hand in range(total):
        levels = _levels(hand, rules.players)
        bots = [
            make_bot(level, seat, f"{name}:{hand}", TINY_BUDGET)
            for seat, level in enumerate(levels)
        ]
        state = new_hand(rules, f"{name}:{hand}", hand % rules.players)
        actions = 0
        while state.phase is not Phase.OVER:
            seat = state.actor
            legal = legal_moves(state)
            move = bots[seat].choose(observe(state, seat), legal)
            assert move in legal, f"hand {hand}: {levels[seat]} chose {move} not in {legal}"
            state, _ = apply(state, move)
            actions += 1
            assert actions < 3000, f"hand {hand} does not end"
        hands_played.update(set(levels))
        assert state.end is not None
        endings[state.end.reason] += 1
    assert all(hands_played[level] >= 50 for level in LEVELS), hands_played
    if name not in SEQUENCE_PRESETS and name not in ITALIAN_PRESETS:
        # The bots do not yet aim for the sequence family's two canastas and escalera
        # (issue 11's computer-player part), so there most hands end with the stock; the
        # Italian clean and dirty canastas (IT-20) often outlast the stock too.
        assert endings["went_out"] >= total // 2  # the bots finish hands by going out


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_created_at_every_decision_still_finishes_hands(level: str) -> None:
    """A bot restored mid-hand (a resumed save) has only the view: it must still play."""
    rules = preset("classic-4")
    for hand in range(6):
        state = new_hand(rules, f"fresh:{hand}", hand % 4)
        while state.phase is not Phase.OVER:
            seat = state.actor
            legal = legal_moves(state)
            bot = make_bot(level, seat, f"fresh:{hand}:{state.turn}", TINY_BUDGET)
            move = bot.choose(observe(state, seat), legal)
            assert move in legal
            state, _ = apply(state, move)
        assert state.end is not None
