"""Every level plays every preset legally, and keeps playing well when created mid-hand.

Each preset gets at least 50 hands with one Hard seat (rotating) and Easy and Medium in the
other seats, plus, with two players, 50 more hands of Easy against Medium, so every level
plays at least 50 hands of every preset. Hard runs on a tiny budget here so the suite stays
fast; its search code runs all the same. Its budget is read off a clock that ticks per reading
(``TICK``), not the wall clock: four worlds a decision whatever the machine's load, so every
run plays the same hands (on the wall clock a loaded CI machine once gave samba-5 10 hands
gone out where an idle one gives 12 to 16, under the floor).
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from canasta_game.ai import LEVELS, make_bot
from canasta_game.ai.sequences import out_missing
from canasta_game.engine.game import apply
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import (
    HAND_AND_FOOT_PRESETS,
    ITALIAN_PRESETS,
    MAC_PRESETS,
    PRESETS,
    preset,
)
from canasta_game.engine.setup import new_hand
from canasta_game.engine.state import Phase

HARD_HANDS = 50
TINY_BUDGET = 0.01
#: Hard's clock in the every-preset test advances this much per reading: its deadline (92% of
#: TINY_BUDGET) passes after four worlds, about what the wall clock gave on these machines.
TICK = 0.002
#: Hand and Foot's hands are long (270 cards or more, two to four seconds each here): six
#: hands per preset (twelve with two players), each with all three levels at the table.
HAND_AND_FOOT_HANDS = 6


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
    per = HAND_AND_FOOT_HANDS if name in HAND_AND_FOOT_PRESETS else HARD_HANDS
    total = per * (2 if rules.players == 2 else 1)
    for hand in range(total):
        levels = _levels(hand, rules.players)
        bots = [
            make_bot(
                level, seat, f"{name}:{hand}", TINY_BUDGET, itertools.count(0.0, TICK).__next__
            )
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
        view = observe(state, 0)
        if any(out_missing(view, side) == 0 for side in range(rules.sides)):
            endings["a side could go out"] += 1
    assert all(hands_played[level] >= per for level in LEVELS), hands_played
    if name in HAND_AND_FOOT_PRESETS or name in ITALIAN_PRESETS:
        # Hand and Foot's quota is often met with a foot still unplayed (HF-16), and six hands
        # give 0 to 5 where a side could go out (three runs here: 0-2 of 2-3 went out for
        # four, 0-1 of 2-3 for two, 0-1 of 0-3 for three, 2-3 of 5 for six), too few for a
        # share that is not luck; Italian's clean and dirty canastas (IT-20) often outlast the
        # stock: legal play is what this test asks there.
        return
    if name in MAC_PRESETS:
        # Modern American's stock is short (about 50 cards, the talons take 7 more) and going
        # out needs two canastas, every card but the final discard melded (MAC-30), no open
        # pure meld (MAC-31); an incomplete ace or sevens meld (MAC-31) blocks about half the
        # hands that miss. Measured, nine runs (Hard's tiny budget varies with the load): 17
        # to 25 hands went out of 39 to 46 where a side could, 38% at worst, so a third.
        assert endings["went_out"] >= endings["a side could go out"] // 3, endings
    elif rules.out_needs_sequence:
        # BOL-9: no side may go out before it completes a 7-card run of one suit, and in
        # about half the hands no side does so before the stock runs out; where a side
        # could go out, the bots mostly do.
        assert endings["went_out"] >= endings["a side could go out"] * 2 // 3, endings
        assert endings["went_out"] >= total // 4, endings
    elif not rules.partnership and _draws_each(rules) < 10:
        # Samba for five: each player alone must meld two canastas and then every card of a
        # hand of 15 and more, and the stock gives each fewer than ten draws; most hands end
        # with the stock while the player with the canastas still holds unmeldable cards.
        assert endings["went_out"] >= total // 4, endings
    else:
        assert endings["went_out"] >= total // 2, endings  # the bots finish hands by going out


def _draws_each(rules) -> float:
    """How many times each player draws from the stock at most, before it runs out."""
    stock = rules.deck_size() - rules.players * rules.deal_size
    return stock / (rules.draw_count * rules.players)


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


#: Hands per Hand and Foot preset for the going-out share of Medium at every seat.
HAND_AND_FOOT_OUT_HANDS = 24


@pytest.mark.slow
def test_medium_goes_out_of_hand_and_foot_where_its_side_can() -> None:
    """HF-8, HF-9, HF-16: with the book quota met, Medium empties hand and foot and goes out.

    Medium is deterministic, so with Medium at every seat these hands replay exactly; the four
    presets are pooled, since one preset gives a side the quota in 7 to 24 of 24 hands.
    Measured here: 29 hands went out of 65 where a side could (13 of 23 for four, 3 of 9 for
    two, 2 of 9 for three, 11 of 24 for six; 23 of 65 before issue 12's work on going out),
    so at least a quarter.
    """
    endings: Counter[str] = Counter()
    for name in sorted(HAND_AND_FOOT_PRESETS):
        rules = preset(name)
        for hand in range(HAND_AND_FOOT_OUT_HANDS):
            seed = f"{name}:{hand}"
            bots = [make_bot("medium", seat, seed) for seat in range(rules.players)]
            state = new_hand(rules, seed, hand % rules.players)
            while state.phase is not Phase.OVER:
                seat = state.actor
                state, _ = apply(state, bots[seat].choose(observe(state, seat), legal_moves(state)))
            assert state.end is not None
            endings[state.end.reason] += 1
            view = observe(state, 0)
            endings["a side could go out"] += any(
                out_missing(view, side) == 0 for side in range(rules.sides)
            )
    assert endings["went_out"] >= endings["a side could go out"] // 4, endings
