"""The public interface (``make_bot``) and the behaviour that sets the levels apart."""

from __future__ import annotations

import itertools
import math
import random
import time
from collections import Counter

import pytest

from canasta_game.ai import LEVELS, make_bot
from canasta_game.ai.easy import EasyBot
from canasta_game.ai.hard import (
    DEADLINE_SHARE,
    HardBot,
    best_index,
    pick_candidates,
    policy_candidate,
)
from canasta_game.ai.medium import ranked_moves
from canasta_game.engine.actions import AnswerGoOut, AskGoOut, Discard, DrawStock, TakePile
from canasta_game.engine.cards import IS_WILD
from canasta_game.engine.game import apply
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import new_hand, state_from_setup
from canasta_game.engine.state import Phase, State


def _mid_hand(seed: str, turns: int = 12) -> State:
    rules = preset("classic-4")
    state = new_hand(rules, seed, 0)
    bots = [make_bot("medium", s, seed) for s in range(4)]
    while state.phase is not Phase.OVER and state.turn < turns:
        seat = state.actor
        state, _ = apply(state, bots[seat].choose(observe(state, seat), legal_moves(state)))
    return state


def test_make_bot_builds_every_level_with_its_seat() -> None:
    for level in LEVELS:
        bot = make_bot(level, 2, "s", budget=0.05)
        assert bot.level == level and bot.seat == 2
    with pytest.raises(ValueError, match="unknown level"):
        make_bot("grandmaster", 0, 1)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_the_go_out_question_with_a_legal_answer(level: str) -> None:
    state = state_from_setup(
        preset("classic-4"),
        ["9h 9c 4d", "5c 5d 6c 6d", "7c 7d 8c 8d", "Tc Td Jc Jd"],
        melds={0: ["Kc Kd Kh Ks Kc Kd Kh", "9d 9s 9d"]},
        stock="4h 4s 5h",
        pile="6h",
        phase=Phase.PLAY,
    )
    state, _ = apply(state, AskGoOut(0))
    legal = legal_moves(state)
    assert state.phase is Phase.ANSWER and legal == [AnswerGoOut(2, True), AnswerGoOut(2, False)]
    assert make_bot(level, 2, 0, 0.02).choose(observe(state, 2), legal) in legal


def test_hard_keeps_to_its_budget_and_searches_when_it_matters() -> None:
    """A searched decision ends at the deadline: it uses its budget, and no more."""
    bot = HardBot(0, "budget", budget=0.1)
    searched = 0
    worst = 0.0
    shortest = math.inf
    for seed in range(12):
        state = _mid_hand(f"budget:{seed}", turns=8 + seed % 4)
        if state.phase is Phase.OVER:
            continue
        seat = state.actor
        bot.seat = seat
        legal = legal_moves(state)
        started = time.perf_counter()
        move = bot.choose(observe(state, seat), legal)
        elapsed = time.perf_counter() - started
        worst = max(worst, elapsed)
        assert move in legal
        if bot.last_worlds > 0:
            searched += 1
            shortest = min(shortest, elapsed)
    assert worst < 0.25  # the budget plus one world in flight, with room for a busy machine
    assert searched > 0
    assert shortest >= 0.1 * DEADLINE_SHARE  # a deadline, not a count of simulated actions


def test_hard_searches_until_the_deadline_on_the_clock_it_is_given() -> None:
    """The injected clock alone ends the search: a clock that moves 1 ms per reading gives
    a world per millisecond up to the deadline (a machine's speed does not enter)."""
    for seed in range(12):
        state = _mid_hand(f"deadline:{seed}", turns=8 + seed % 4)
        if state.phase is Phase.OVER:
            continue
        ticks = itertools.count(0.0, 0.001)
        bot = HardBot(state.actor, "deadline", budget=0.05, clock=ticks.__next__)
        move = bot.choose(observe(state, state.actor), legal_moves(state))
        assert move in legal_moves(state)
        if bot.last_worlds:
            # readings at 1..45 ms fall before the deadline of 46 ms; worlds a sampled deal
            # rules a candidate out of are not counted
            assert 40 <= bot.last_worlds <= 45
            return
    pytest.fail("no position was searched")


def test_hard_overrules_medium_only_when_the_difference_beats_the_noise() -> None:
    assert best_index([[0.0, 10.0, -10.0], [100.0, 110.0, 90.0]]) == 1
    assert best_index([[0.0, 0.0, 0.0], [300.0, -290.0, 0.0]]) == 0  # noisy: keep Medium's
    assert best_index([[5.0, 5.0], [1.0, 2.0], [9.0, 9.0]]) == 2


def test_hard_weighs_going_out_against_holding_on() -> None:
    found = 0
    for seed in range(40):
        state = _mid_hand(f"out:{seed}", turns=40)
        while state.phase is not Phase.OVER:
            seat = state.actor
            legal = legal_moves(state)
            view = observe(state, seat)
            ranked = ranked_moves(view, legal)
            if any(isinstance(m, AskGoOut) for m in legal) or ranked[0][0] >= 10_000:
                candidates = pick_candidates(view, legal, ranked)
                assert candidates[0] == ranked[0][1]
                assert len(candidates) >= 2, "going out must be compared with holding on"
                found += 1
                break
            state, _ = apply(state, ranked[0][1])
        if found >= 3:
            break
    assert found >= 1


def test_easy_never_throws_a_wild_card_away_while_it_holds_other_cards() -> None:
    rules = preset("classic-4")
    discards = 0
    for hand in range(30):
        state = new_hand(rules, f"easy:{hand}", hand % 4)
        bots = [EasyBot(s, hand) for s in range(4)]
        while state.phase is not Phase.OVER:
            seat = state.actor
            move = bots[seat].choose(observe(state, seat), legal_moves(state))
            if isinstance(move, Discard):
                discards += 1
                hand_cards = state.hands[seat]
                if IS_WILD[move.card]:
                    assert all(IS_WILD[c] for c in hand_cards), hand_cards
            state, _ = apply(state, move)
    assert discards > 100


def test_easy_rarely_takes_a_big_pile_on_purpose_and_medium_does() -> None:
    rules = preset("classic-4")
    offers: Counter[str] = Counter()
    takes: Counter[str] = Counter()
    for hand in range(100):
        state = new_hand(rules, f"piles:{hand}", hand % 4)
        bots = [make_bot("easy" if s % 2 == 0 else "medium", s, hand) for s in range(4)]
        while state.phase is not Phase.OVER:
            seat = state.actor
            legal = legal_moves(state)
            move = bots[seat].choose(observe(state, seat), legal)
            big_offer = (
                len(state.pile) > 5
                and any(
                    isinstance(m, TakePile) and not any(IS_WILD[c] for c in m.cards) for m in legal
                )
                and DrawStock(seat) in legal
            )
            if big_offer:
                offers[bots[seat].level] += 1
                takes[bots[seat].level] += isinstance(move, TakePile)
            state, _ = apply(state, move)
    assert offers["easy"] >= 10 and offers["medium"] >= 10
    assert takes["easy"] / offers["easy"] < 0.4
    assert takes["medium"] / offers["medium"] > 0.8


def test_easy_makes_seeded_mistakes_and_medium_does_not() -> None:
    state = _mid_hand("mistakes", turns=9)
    while state.phase is not Phase.PLAY:
        seat = state.actor
        state, _ = apply(
            state, make_bot("medium", seat, 0).choose(observe(state, seat), legal_moves(state))
        )
    seat = state.actor
    view = observe(state, seat)
    discards = [m for m in legal_moves(state) if isinstance(m, Discard)]
    easy = [EasyBot(seat, s)._discard(view, discards, discards) for s in range(60)]
    again = [EasyBot(seat, s)._discard(view, discards, discards) for s in range(60)]
    assert easy == again  # seeded
    assert len(set(easy)) > 1  # some seeds make a different (worse) discard
    medium = {make_bot("medium", seat, s).choose(view, discards) for s in range(20)}
    assert len(medium) == 1


def test_hards_second_opinion_is_always_a_legal_move() -> None:
    rng = random.Random(1)
    seen = 0
    for seed in range(10):
        state = _mid_hand(f"opinion:{seed}", turns=6 + seed)
        if state.phase is Phase.OVER:
            continue
        legal = legal_moves(state)
        move = policy_candidate(observe(state, state.actor), legal, rng)
        assert move is None or move in legal
        seen += move is not None
    assert seen >= 5
