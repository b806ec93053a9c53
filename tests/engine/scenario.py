"""Helpers shared by the worked-example tests: find cards, check legality both ways, read scores.

``rejected`` checks ``why_illegal`` and ``apply`` together, so the shortcut the check takes
when it does not need the next state can never disagree with the full evaluation.
"""

from __future__ import annotations

import pytest

from canasta_game.ai.baselines import GreedyBot, RandomBot
from canasta_game.engine import IllegalAction, Phase, apply, score_hand, why_illegal
from canasta_game.engine.cards import face_text
from canasta_game.engine.fastapply import advance
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import Rules, preset
from canasta_game.engine.setup import new_hand

#: Rule sets whose groups take wild cards differently (C-MELD-3's limits and their variants:
#: SAM-13, CUB-4, IT-14, O-MELD-WILD, O-PILE-CONFLICT), by test id: the going-out shortcuts
#: are checked against the plain programme under each.
WILD_CAP_RULES = {
    "samba": preset("samba"),
    "classic": preset("classic-4"),
    "cuban": preset("cuban"),
    "italian": preset("italian"),
    "le_nat": preset("classic-4", meld_wild="LE_NAT"),
    "lt_nat": preset("classic-4", meld_wild="LT_NAT"),
    "it": preset("classic-4", meld_wild="IT"),
    "pile_b": preset("classic-4", pile_conflict="B", pile_nocanadd=True),
}


def pick(state, seat, text):
    """The uids of the named faces in ``seat``'s hand (a face named twice gives two cards)."""
    out: list[int] = []
    for face in text.split():
        found = [c for c in state.hands[seat] if face_text(c) == face and c not in out]
        assert found, f"{face} is not in seat {seat}'s hand"
        out.append(found[0])
    return tuple(out)


def meld_of(state, side, label):
    found = [m for m in state.melds[side] if m.label() == label]
    assert len(found) == 1, f"side {side} has {len(found)} melds labelled {label}"
    return found[0]


def faces(cards):
    return sorted(face_text(c) for c in cards)


def in_order(cards):
    return [face_text(c) for c in cards]


def lines(state, side):
    return {line.key: line.points for line in score_hand(state).sides[side].lines}


def legal(state, action):
    why = why_illegal(state, action)
    assert why is None, f"expected legal, got {why}"
    return apply(state, action)[0]


def rejected(state, action, *rules):
    """Assert ``action`` is illegal for one of ``rules`` and that ``apply`` agrees."""
    why = why_illegal(state, action)
    assert why is not None, f"expected {action} to be rejected ({' or '.join(rules)})"
    assert why.rule in rules, f"rejected for {why}, expected {' or '.join(rules)}"
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    assert info.value.reason.rule == why.rule
    return why


def mixed_play(rules: Rules, label: str, hands: int, actions: int = 2000):
    """Every position of ``hands`` seeded hands with random and greedy seats taking turns
    (at most ``actions`` actions each), with the move played there: the walks that compare
    ``advance`` and the fast lists with the general path (issue 16)."""
    for number in range(hands):
        seed = f"{label}:{number}"
        state = new_hand(rules, seed, number % rules.players)
        bots = [(RandomBot if s % 2 else GreedyBot)(s, seed) for s in range(rules.players)]
        for _ in range(actions):
            if state.phase is Phase.OVER:
                break
            move = bots[state.actor].choose(observe(state, state.actor), legal_moves(state))
            yield state, move
            state = advance(state, move)


def random_play_positions(rules: Rules, label: str, hands: int = 2, actions: int = 600):
    """Every play-phase position of ``hands`` seeded hands of random self-play (at most
    ``actions`` actions each): the walks that compare a cheap cut with the search it skips."""
    for n in range(hands):
        state = new_hand(rules, f"{label}:{n}", 0)
        bots = [RandomBot(seat, n) for seat in range(rules.players)]
        for _ in range(actions):
            if state.phase is Phase.OVER:
                break
            if state.phase is Phase.PLAY:
                yield state
            state, _ = apply(state, bots[state.actor].choose(None, legal_moves(state)))
