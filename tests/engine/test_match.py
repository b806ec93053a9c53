"""A match of hands: C-DEAL-2 (first dealer at random, then clockwise), C-GAME-1..3 (target,
highest wins, ties), O-TIEBREAK, C-INIT-1 tiers from the cumulative score (X-19, X-21)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from canasta_game.engine import HandEnd, Match, Phase, apply, preset, score_hand, state_from_setup
from canasta_game.sim.policies import greedy_policy


def finished(rules, hands, *, melds=None, bonus_threes=None, end=None):
    """A hand that is over, built from explicit cards."""
    state = state_from_setup(rules, hands, melds=melds, bonus_threes=bonus_threes, phase=Phase.PLAY)
    return dataclasses.replace(state, phase=Phase.OVER, end=end or HandEnd("stock"))


def zero_hand(rules):
    """Nobody melded, nobody holds a card: every side scores 0."""
    return finished(rules, [""] * rules.players)


def x21_hand(rules):
    """NS +180 (80 + 70 + 30), EW +520 (9s natural canasta 570, E holds a joker)."""
    return finished(
        rules,
        ["", "JK", "", ""],
        melds={
            0: ["Ac Ad Ah 2c", "Kc Kd Kh Ks Kc 2d", "Qc Qd Qh"],
            1: ["9c 9d 9h 9s 9c 9d 9h"],
        },
    )


def x19_hand(rules):
    return finished(
        rules,
        ["", "JK 4d 4c", "5h 9c", "Kd Qs 3s"],
        melds={
            0: ["Kc Kd Kh Ks Kc Kh Ks", "Qc Qd Qh Qs Qc 2c JK", "8c 8d 8h", "3c 3s 3c"],
            1: ["Ac Ad Ah 2d", "7c 7d 7h 7s"],
        },
        bonus_threes={0: "3h 3d", 1: "3h"},
        end=HandEnd("went_out", seat=0, concealed=False, black_threes=True),
    )


def play_out(state):
    policies = [greedy_policy(f"match:{state.seed}:{s}") for s in range(state.rules.players)]
    steps = 0
    while state.phase is not Phase.OVER:
        state, _ = apply(state, policies[state.actor](state))
        steps += 1
        assert steps < 3000
    return state


# --- the first dealer and the deal ------------------------------------------------------


def test_start_is_reproducible():
    rules = preset("classic-4")
    assert Match.start(rules, 42) == Match.start(rules, 42)
    assert Match.start(rules, "abc").deal() == Match.start(rules, "abc").deal()
    first = Match.start(rules, 42)
    assert first.scores == (0, 0)
    assert first.history == () and not first.over and first.winner is None


@pytest.mark.parametrize("name", ["classic-2", "classic-4", "classic-6x2"])
def test_first_dealer_is_random_across_seeds(name):
    rules = preset(name)
    dealers = [Match.start(rules, seed).dealer for seed in range(60)]
    assert set(dealers) == set(range(rules.players))
    # no seat deals first far more often than chance allows (mean + 4 standard deviations)
    p = 1 / rules.players
    bound = 60 * p + 4 * (60 * p * (1 - p)) ** 0.5
    assert max(dealers.count(s) for s in range(rules.players)) < bound


def test_deal_uses_the_match_dealer_and_scores():
    rules = preset("classic-4")
    match = dataclasses.replace(Match.start(rules, 5), scores=(1600, -20), dealer=2)
    state = match.deal()
    assert state.dealer == 2
    assert state.current == 3  # C-TURN-1: left of the dealer
    assert state.scores == (1600, -20)
    assert state.minimum(0)[0] == 90 and state.minimum(1)[0] == 15
    assert match.minimums() == (90, 15)


@pytest.mark.parametrize("name", ["classic-4", "classic-6", "classic-3"])
def test_dealer_rotates_clockwise(name):
    rules = preset(name)
    match = Match.start(rules, f"rotate:{name}")
    first = match.dealer
    seeds = set()
    for hand in range(rules.players + 2):
        assert match.dealer == (first + hand) % rules.players
        state = match.deal()
        assert state.dealer == match.dealer
        assert state.current == (match.dealer + 1) % rules.players
        seeds.add(match.hand_seed())
        match = match.record(zero_hand(rules))
        assert match.history[-1].dealer == (first + hand) % rules.players
    assert len(seeds) == rules.players + 2  # every hand is dealt from its own seed


def test_hands_differ_from_one_another():
    rules = preset("classic-4")
    match = Match.start(rules, 9)
    first = match.deal()
    second = match.record(zero_hand(rules)).deal()
    assert first.hands != second.hands


# --- scores accumulate ------------------------------------------------------------------


def test_played_hands_accumulate():
    rules = preset("classic-4")
    match = Match.start(rules, "accumulate")
    totals = [0, 0]
    for _ in range(3):
        final = play_out(match.deal())
        hand_score = score_hand(final).totals
        match = match.record(final)
        totals = [t + s for t, s in zip(totals, hand_score, strict=True)]
        assert match.scores == tuple(totals)
        assert match.history[-1].totals_after == tuple(totals)
        assert match.history[-1].score.totals == hand_score
        if match.over:
            break
    assert match.hands_played == len(match.history) >= 1


def test_x19_totals_and_next_minimums():
    rules = preset("classic-4")
    final = x19_hand(rules)
    assert score_hand(final).totals == (1320, 115)
    match = dataclasses.replace(Match.start(rules, 19), scores=(3400, 1450))
    assert match.minimums() == (120, 50)
    match = match.record(final)
    assert match.scores == (4720, 1565)
    assert match.minimums() == (120, 90)
    assert not match.over  # nobody reached 5000
    state = match.deal()
    assert state.minimum(0)[0] == 120 and state.minimum(1)[0] == 90


def test_record_needs_a_finished_hand():
    rules = preset("classic-4")
    match = Match.start(rules, 1)
    with pytest.raises(ValueError):
        match.record(match.deal())


# --- the end of the game ---------------------------------------------------------------


def test_x21_highest_wins():
    rules = preset("classic-4")
    final = x21_hand(rules)
    assert score_hand(final).totals == (180, 520)
    match = dataclasses.replace(Match.start(rules, 21), scores=(4900, 4650)).record(final)
    assert match.scores == (5080, 5170)
    assert match.over
    assert match.winner == 1  # EW wins by 90 although NS also passed 5000
    with pytest.raises(ValueError):
        match.deal()


def test_below_target_continues():
    rules = preset("classic-4")
    match = dataclasses.replace(Match.start(rules, 1), scores=(4810, 4470)).record(x21_hand(rules))
    assert match.scores == (4990, 4990)
    assert not match.over and match.winner is None


def test_reaching_the_target_exactly_ends_the_game():
    rules = preset("classic-4")
    match = dataclasses.replace(Match.start(rules, 1), scores=(4820, 0)).record(x21_hand(rules))
    assert match.scores == (5000, 520)
    assert match.over and match.winner == 0


def test_exact_tie_is_a_draw_by_default():
    rules = preset("classic-4")
    match = dataclasses.replace(Match.start(rules, 1), scores=(4920, 4580)).record(x21_hand(rules))
    assert match.scores == (5100, 5100)
    assert match.over and match.winner is None


def test_exact_tie_plays_on_with_extra_hand():
    rules = preset("classic-4", tiebreak="EXTRA_HAND")
    match = dataclasses.replace(Match.start(rules, 1), scores=(4920, 4580)).record(x21_hand(rules))
    assert match.scores == (5100, 5100)
    assert not match.over and match.winner is None
    match.deal()  # the match goes on
    again = match.record(zero_hand(rules))
    assert again.scores == (5100, 5100) and not again.over  # still tied: still going
    done = again.record(x21_hand(rules))
    assert done.scores == (5280, 5620)
    assert done.over and done.winner == 1


def test_three_sides_highest_wins_and_ties_at_the_top():
    rules = preset("classic-3")
    start = Match.start(rules, 3)
    won = dataclasses.replace(start, scores=(5000, 5200, 4000)).record(zero_hand(rules))
    assert won.over and won.winner == 1
    tied = dataclasses.replace(start, scores=(5200, 5200, 4000)).record(zero_hand(rules))
    assert tied.over and tied.winner is None
    # a tie below the top does not matter
    clear = dataclasses.replace(start, scores=(5300, 5200, 5200)).record(zero_hand(rules))
    assert clear.over and clear.winner == 0


def test_six_player_targets():
    two_sides = preset("classic-6")
    match = dataclasses.replace(Match.start(two_sides, 1), scores=(9000, 7000))
    assert not match.record(zero_hand(two_sides)).over  # target 10000
    three_sides = preset("classic-6x2")
    match = dataclasses.replace(Match.start(three_sides, 1), scores=(7500, 7000, 100))
    ended = match.record(zero_hand(three_sides))
    assert ended.over and ended.winner == 0  # target 7500


# --- JSON -------------------------------------------------------------------------------


def test_match_round_trip():
    rules = preset("classic-4")
    match = Match.start(rules, "json")
    assert Match.from_dict(match.to_dict()) == match
    match = match.record(x19_hand(rules))
    match = dataclasses.replace(match, scores=(4920, 4580)).record(x21_hand(rules))
    assert match.over
    for m in (match, dataclasses.replace(match, over=False, winner=None)):
        data = json.loads(json.dumps(m.to_dict()))
        again = Match.from_dict(data)
        assert again == m
        assert again.to_dict() == m.to_dict()
    assert Match.from_dict(match.to_dict()).history[0].score.totals == (1320, 115)


def test_match_round_trip_after_played_hands():
    rules = preset("classic-6x2")
    match = Match.start(rules, 77)
    for _ in range(2):
        match = match.record(play_out(match.deal()))
    again = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert again == match
    if not match.over:
        assert again.deal() == match.deal()
