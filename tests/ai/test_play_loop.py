"""The one play loop reports a dead end and a runaway hand instead of failing inside a player
(issue 10 gap 4), and counts a move the rule check refuses."""

from __future__ import annotations

import random

import pytest

from canasta_game.ai import play
from canasta_game.ai.baselines import ACABA_ODDS, GreedyBot, RandomBot
from canasta_game.ai.handsense import wilds_in
from canasta_game.engine import new_hand, preset
from canasta_game.engine.actions import Acaba, Discard, DrawStock, Meld
from canasta_game.engine.fastapply import advance
from canasta_game.engine.state import Phase


def _bots(players: int) -> dict[int, RandomBot]:
    return {seat: RandomBot(seat, "loop") for seat in range(players)}


def test_a_position_without_legal_moves_is_a_dead_end_not_an_exception(monkeypatch):
    monkeypatch.setattr(play, "legal_moves", lambda state: [])
    played = play.play_hand(new_hand(preset("classic-4"), 1), _bots(4))
    assert played.dead_end and not played.capped and played.actions == []
    assert play.decide(new_hand(preset("classic-4"), 1), GreedyBot(0, "x")) is None


def test_a_hand_past_the_cap_is_reported_capped(monkeypatch):
    monkeypatch.setattr(play, "MAX_ACTIONS", 5)
    played = play.play_hand(new_hand(preset("classic-4"), 1), _bots(4))
    assert played.capped and len(played.actions) == 5
    assert played.final.phase is not Phase.OVER


class _Cheat:
    level = "cheat"
    seat = 0

    def choose(self, view, legal):
        return DrawStock(3)  # never legal for the seat to move first here


@pytest.mark.parametrize("seed", [1, 2])
def test_a_move_outside_the_legal_list_is_counted_and_replaced(seed):
    state = new_hand(preset("classic-4"), seed, dealer=3)  # seat 0 moves first
    bots = {**_bots(4), 0: _Cheat()}
    played = play.play_hand(state, bots)
    assert played.illegal >= 1 and played.final.phase is Phase.OVER


class _Joiner(GreedyBot):
    """Lays an addition's naturals and a wild card in one action where the list offers them
    as two (the move another commit's bot may choose), otherwise plays greedy."""

    joined = 0

    def choose(self, view, legal):
        adds = {}
        for move in legal:
            if isinstance(move, Meld) and not move.new and len(move.add) == 1:
                mid, cards = move.add[0]
                wild = wilds_in(view.rules, move)
                adds.setdefault(mid, {})[wild == len(cards)] = cards
        for mid, kinds in adds.items():
            if False in kinds and True in kinds and len(kinds[True]) == 1:
                self.joined += 1
                return Meld(self.seat, add=((mid, kinds[False] + kinds[True]),))
        return super().choose(view, legal)


def test_a_legal_move_the_list_does_not_offer_goes_to_the_rule_check_and_is_played():
    """C-MELD-6: naturals and a wild card added to a meld in one action are legal though
    the generator lists them apart; the loop asks ``why_illegal``, plays it, counts nothing."""
    joined = 0
    for seed in range(1, 6):
        joiners = {seat: _Joiner(seat, f"join{seed}") for seat in range(4)}
        played = play.play_hand(new_hand(preset("classic-4"), seed), joiners)
        assert played.illegal == 0 and played.final.phase is Phase.OVER, played.problems
        joined += sum(bot.joined for bot in joiners.values())
    assert joined > 0  # the case did come up


class _Watcher:
    """Records the views it is handed; ``reads_view`` as the class says."""

    level = "watcher"

    def __init__(self, seat, reads_view):
        self.seat = seat
        self.reads_view = reads_view
        self.views = []

    def choose(self, view, legal):
        self.views.append(view)
        return legal[0]


def test_only_a_bot_that_reads_its_view_is_given_one():
    """Issue 16: the view is built for the bots that look at it, not for the random one."""
    bots = {seat: _Watcher(seat, reads_view=seat % 2 == 0) for seat in range(4)}
    play.play_hand(new_hand(preset("classic-4"), 1), bots)
    assert all(v is not None and v.seat == 0 for v in bots[0].views)
    assert bots[1].views and all(v is None for v in bots[1].views)
    assert RandomBot.reads_view is False and getattr(GreedyBot, "reads_view", True)


def test_the_random_bot_draws_once_per_plain_list_and_seldom_declares_acaba():
    """BRIT-1: a list without Acaba costs the random player exactly one draw of its generator
    (the simulator's seeded hands repeat); with Acaba offered it is chosen about one time in
    ``ACABA_ODDS`` (else nearly every hand would end at once)."""
    plain = [DrawStock(0), Discard(0, 5), Discard(0, 9)]
    bot, twin = RandomBot(0, "odds"), random.Random("random:odds:0")
    assert [bot.choose(None, plain) for _ in range(50)] == [twin.choice(plain) for _ in range(50)]
    offered = [*plain, Acaba(0), Acaba(0, ask=True)]
    picks = [bot.choose(None, offered) for _ in range(4000)]
    acabas = sum(isinstance(move, Acaba) for move in picks)
    assert 0 < acabas < 4000 * 3 / ACABA_ODDS
    assert {move for move in picks if not isinstance(move, Acaba)} == set(plain)


@pytest.mark.parametrize("name", ["classic-4", "samba"])
def test_greedy_melds_the_most_cards_with_the_fewest_wild_cards(name):
    """Issue 16: GreedyBot weighs only the melds laying the most cards, counting wild cards
    where they tie; its choice is the first maximum of (cards laid, -wild cards) over every
    meld offered, at every position of greedy self-play with two melds or more."""
    rules = preset(name)
    compared = 0
    for number in range(4):
        state = new_hand(rules, f"greedy-melds:{number}", 0)
        bots = {seat: GreedyBot(seat, number) for seat in range(rules.players)}
        while state.phase is not Phase.OVER:
            view, legal = play.turn_inputs(state)
            melds = [m for m in legal if isinstance(m, Meld)]
            move = bots[state.actor].choose(view, legal)
            if state.phase is Phase.PLAY and len(melds) > 1:
                assert move is max(melds, key=lambda m: (len(m.cards()), -wilds_in(rules, m)))
                compared += 1
            state = advance(state, move)
    assert compared > 20
