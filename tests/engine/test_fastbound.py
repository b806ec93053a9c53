"""Issue 16: the move lists of a player bound to go out (``engine.fastbound``) are exactly
the general ones, and ``fastapply`` makes the bound player's melds, and any open side's meld
that keeps one card, as ``apply`` makes them.

A partner's "yes" (C-OUT-6) or a black-three meld (C-B3-2) binds the player to go out this
turn. These tests walk seeded self-play of random and greedy seats and, wherever a player
may ask "may I go out?", also a side line where the partner says yes and the player plays
the rest of the turn at random; at every bound position the fast list must be the list the
general path builds (the same moves in the same order, each legal by ``why_illegal``), and
every move on it must make the same state through ``advance`` as through ``apply`` (which
makes the bound player's melds that keep two cards itself, and must make many). A filter
that let through a meld after which going out is impossible, or a discard that keeps a card,
fails here (``test_a_loosened_filter_is_caught`` checks that the walks meet such melds).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from canasta_game.ai.baselines import GreedyBot, RandomBot
from canasta_game.engine import fastapply, fastbound, fastgen
from canasta_game.engine.actions import AnswerGoOut, AskGoOut, Discard, Meld
from canasta_game.engine.fastapply import advance
from canasta_game.engine.game import apply, why_illegal
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import Rules, preset
from canasta_game.engine.setup import new_hand
from canasta_game.engine.state import PLAY, Phase, State, evolve
from canasta_game.sim.options import random_options


def _general(state: State, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    with monkeypatch.context() as patched:
        patched.setattr(fastgen, "play_moves", lambda _state: None)
        patched.setattr(fastgen, "draw_moves", lambda _state: None)
        return list(legal_moves(state))


def _bound_turn(state: State, rng: random.Random) -> Iterator[State]:
    """The positions of a bound player's turn after ``state`` (asking in it), the partner
    answering yes, the player choosing at random until the turn or the hand ends."""
    seat = state.current
    state = apply(state, AskGoOut(seat))[0]
    state = apply(state, AnswerGoOut(state.actor, True))[0]
    while state.phase is PLAY and state.current == seat:
        yield state
        state = apply(state, rng.choice(legal_moves(state)))[0]


def _bound_positions(rules: Rules, seed: str, greedy: bool) -> Iterator[State]:
    """Every bound position of one seeded hand (``greedy``: the even seats greedy), and of a
    side line of a yes wherever the player to move may ask."""
    rng = random.Random(seed)
    state = new_hand(rules, seed, 0)
    kinds = (RandomBot, GreedyBot if greedy else RandomBot)
    bots = [kinds[seat % 2 == 0](seat, seed) for seat in range(rules.players)]
    for _ in range(2000):
        if state.phase is Phase.OVER:
            return
        moves = legal_moves(state)
        if state.must_go_out and state.phase is PLAY:
            yield state
        if AskGoOut(state.current) in moves:
            yield from _bound_turn(state, rng)
        state = apply(state, bots[state.actor].choose(observe(state, state.actor), moves))[0]


def _compare(
    rules: Rules, label: str, hands: int, monkeypatch: pytest.MonkeyPatch, greedy: bool = True
) -> tuple[int, int, int]:
    """The bound positions of ``hands`` seeded hands compared; returns how many the fast list
    answered, in how many of them the going-out check refused a meld the unbound list offers,
    and how many of their melds ``advance`` made itself."""
    compared = refused = made = 0
    for number in range(hands):
        seed = f"{label}:{number}"
        for state in _bound_positions(rules, seed, greedy):
            fast = fastgen.play_moves(state)
            if fast is None:
                continue
            assert fast == _general(state, monkeypatch), f"{seed} turn {state.turn}"
            for move in fast:
                assert why_illegal(state, move) is None, f"{seed} turn {state.turn}: {move}"
                assert advance(state, move) == apply(state, move)[0], f"{seed}: {move}"
                made += isinstance(move, Meld) and fastapply._meld(state, move) is not None
            assert not any(isinstance(move, Discard) for move in fast)  # C-OUT-6, C-B3-2
            free = fastgen.play_moves(evolve(state, must_go_out=False)) or []
            refused += any(isinstance(m, Meld) and m not in fast for m in free)
            compared += 1
    return compared, refused, made


@pytest.mark.parametrize("name", ["classic-4", "samba", "brazilian", "cz-house"])
def test_bound_moves_equal_the_general_ones(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    compared, refused, made = _compare(preset(name), f"bound:{name}", 20, monkeypatch)
    assert compared > 15
    assert refused > 0 and made > 5


def test_bound_moves_where_binding_is_rare(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games where few players are ever bound: an escalera canasta to go out (BOL-9) and two
    hands with no partner to ask (C-OUT-7), bound by black threes alone (C-B3-2)."""
    compared = 0
    for name in ("bolivia", "chilean", "classic-2", "samba-2"):
        compared += _compare(preset(name), f"bound:{name}", 20, monkeypatch, greedy=False)[0]
    assert compared > 5


@pytest.mark.parametrize("name", ["classic-4", "samba"])
def test_bound_moves_with_random_seats_only(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random seats meld black threes (C-B3-2) and ask at random: bound positions that greedy
    play rarely reaches."""
    compared, _, _ = _compare(preset(name), f"bound-random:{name}", 10, monkeypatch, greedy=False)
    assert compared > 30


def test_bound_moves_under_random_options(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every modelled option seeded at random (wild melds, caps, quotas, BRA-11 asks)."""
    rng = random.Random("fastbound")
    compared = 0
    for number in range(8):
        rules = random_options(preset("classic-4"), rng)
        compared += _compare(rules, f"bound-options:{number}", 3, monkeypatch)[0]
    assert compared > 20


def test_a_loosened_filter_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The walks meet melds that the going-out check refuses: with the check switched off
    (every meld the unbound list offers kept), the lists differ from the general ones."""
    with monkeypatch.context() as patched:
        patched.setattr(fastbound, "_still_out", lambda _state, _move: True)
        with pytest.raises(AssertionError):
            _compare(preset("samba"), "bound:samba", 20, monkeypatch)


def test_short_and_unmodelled_positions_take_the_general_path() -> None:
    """A bound player with one card (every discard goes out) and rules outside
    ``constructive.MODELLED_FIELDS`` get no fast list."""
    state = new_hand(preset("samba"), "bound-short", 0)
    seat = state.current
    hands = tuple(hand[:1] if n == seat else hand for n, hand in enumerate(state.hands))
    short = evolve(state, phase=PLAY, must_go_out=True, hands=hands)
    assert fastgen.play_moves(short) is None
    italian = new_hand(preset("italian"), "bound-italian", 0)
    assert fastgen.play_moves(evolve(italian, phase=PLAY, must_go_out=True)) is None


@pytest.mark.parametrize("name", ["classic-4", "samba", "cz-house"])
def test_melds_keeping_one_card_advance_as_apply(name: str) -> None:
    """``advance`` makes an open side's meld that keeps one card itself (the generator offered
    it only where going out stays possible, C-TURN-7), bound or not: at every position of
    seeded random play, each such meld offered makes the state ``apply`` makes."""
    rules = preset(name)
    made = 0
    for number in range(20):
        seed = f"one-card:{name}:{number}"
        state = new_hand(rules, seed, 0)
        bots = [RandomBot(seat, seed) for seat in range(rules.players)]
        while state.phase is not Phase.OVER:
            moves = legal_moves(state)
            for move in moves:
                if (
                    isinstance(move, Meld)
                    and len(state.hands[state.current]) - len(move.cards()) == 1
                ):
                    assert advance(state, move) == apply(state, move)[0], f"{seed}: {move}"
                    made += fastapply._meld(state, move) is not None
            state = apply(state, bots[state.actor].choose(observe(state, state.actor), moves))[0]
    assert made > 20
