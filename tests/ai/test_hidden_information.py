"""The bots never look at hidden information, and Hard's sampled worlds are faithful.

For positions taken from real hands, the cards the player to move cannot see (the unknown
cards of the other hands and the whole stock) are shuffled among themselves. The player's
view must not change, and a freshly seeded bot of every level must make the same decision.
Hard's worlds must look, from its own seat, exactly like the real position.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from canasta_game.ai import LEVELS, make_bot
from canasta_game.ai.base import Bot
from canasta_game.ai.determinize import sample_state, self_state, unseen_cards
from canasta_game.ai.hard import HardBot
from canasta_game.engine.cards import IS_RED_THREE
from canasta_game.engine.game import apply, why_illegal
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import new_hand
from canasta_game.engine.state import Phase, State
from canasta_game.sim.invariants import every_card_once


def _positions(name: str, count: int, seed: int) -> list[State]:
    """Positions met while Medium plays hands of ``name``, a few per hand."""
    rules = preset(name)
    rng = random.Random(seed)
    out: list[State] = []
    hand = 0
    while len(out) < count:
        state = new_hand(rules, f"hidden:{seed}:{hand}", hand % rules.players)
        bots = [make_bot("medium", s, hand) for s in range(rules.players)]
        while state.phase is not Phase.OVER and len(out) < count:
            if rng.random() < 0.08 and state.turn > 2:
                out.append(state)
            seat = state.actor
            state, _ = apply(state, bots[seat].choose(observe(state, seat), legal_moves(state)))
        hand += 1
    return out


def _permuted(state: State, seat: int, rng: random.Random) -> State:
    """The same position with every card ``seat`` cannot see shuffled among the hidden places."""
    slots: list[tuple[int, int]] = []  # (owner, index): owner -1 is the stock
    cards: list[int] = []
    for other, hand in enumerate(state.hands):
        if other == seat:
            continue
        for i, card in enumerate(hand):
            if card not in state.picked[other]:
                slots.append((other, i))
                cards.append(card)
    for i, card in enumerate(state.stock):
        slots.append((-1, i))
        cards.append(card)
    rng.shuffle(cards)
    hands = [list(h) for h in state.hands]
    stock = list(state.stock)
    for (owner, i), card in zip(slots, cards, strict=True):
        if owner == -1:
            stock[i] = card
        else:
            hands[owner][i] = card
    return replace(state, hands=tuple(tuple(h) for h in hands), stock=tuple(stock))


def _bot(level: str, seat: int) -> Bot:
    if level == "hard":
        # a clock that moves by a fixed step per reading: the deadline falls after the same
        # number of worlds in both runs, so the same seed searches exactly the same worlds
        return HardBot(seat, "same", budget=0.03, clock=itertools.count(0.0, 0.004).__next__)
    return make_bot(level, seat, "same")


@pytest.mark.parametrize("name", ["classic-4", "classic-2", "classic-6"])
@pytest.mark.parametrize("level", LEVELS)
def test_same_view_with_hidden_cards_permuted_gives_the_same_decision(
    name: str, level: str
) -> None:
    rng = random.Random(7)
    changed = 0
    for state in _positions(name, 10 if level == "hard" else 25, seed=len(name)):
        seat = state.actor
        other = _permuted(state, seat, rng)
        changed += other != state
        assert observe(other, seat) == observe(state, seat)
        legal = legal_moves(state)
        assert legal_moves(other) == legal
        first = _bot(level, seat).choose(observe(state, seat), legal)
        second = _bot(level, seat).choose(observe(other, seat), legal)
        assert first == second
    assert changed > 0  # the permutation really moved hidden cards


@pytest.mark.parametrize("name", ["classic-4", "classic-3", "classic-6x2", "cz-house"])
def test_a_sampled_world_looks_exactly_like_the_real_position(name: str) -> None:
    rng = random.Random(3)
    for state in _positions(name, 30, seed=11):
        seat = state.actor
        view = observe(state, seat)
        world = sample_state(view, rng, legal_moves(state))
        assert every_card_once(world) == []
        assert observe(world, seat) == view
        for other, hand in enumerate(world.hands):
            assert not any(IS_RED_THREE[c] for c in hand), "a red three was dealt to a hand"
            assert set(view.known[other]) <= set(hand)
        assert len(unseen_cards(view)) == len(world.stock) + sum(
            len(h) - len(view.known[s]) for s, h in enumerate(world.hands) if s != seat
        )


def test_sampled_worlds_differ_but_the_own_turn_is_judged_the_same() -> None:
    rng = random.Random(5)
    for state in _positions("classic-4", 20, seed=2):
        seat = state.actor
        view = observe(state, seat)
        legal = legal_moves(state)
        worlds = [sample_state(view, rng, legal) for _ in range(3)]
        if len(unseen_cards(view)) > 10:
            assert len({w.hands for w in worlds}) > 1
        if state.phase is Phase.PLAY:
            own = self_state(view, legal)
            for move in legal:
                assert why_illegal(own, move) is None, move
