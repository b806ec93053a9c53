"""Computer players in Italian Canasta (V-IT): opening before the draw to take the pile (IT-7,
IT-10), three-natural takes of a frozen pile (IT-19), and the face-down packet (IT-4) kept in
Hard's sampled worlds but never shown.
"""

from __future__ import annotations

import random

from canasta_game.ai import make_bot
from canasta_game.ai.determinize import sample_state
from canasta_game.ai.italian import clean_canasta_cost
from canasta_game.ai.situation import read_situation
from canasta_game.engine import (
    AddToMeld,
    Meld,
    Phase,
    TakePile,
    apply,
    observe,
    preset,
    state_from_setup,
)
from canasta_game.engine.cards import face_text
from canasta_game.engine.movegen import legal_moves

IT = preset("italian")
OTHERS = ["4c 4d 5c 6c", "4s 5d 5s 6d", "6h 7c 7d 8c"]


def _choose(state, level="medium"):
    bot = make_bot(level, state.actor, "it-ai", 0.01)
    return bot.choose(observe(state, state.actor), legal_moves(state))


def test_medium_opens_cleanly_before_drawing_to_take_a_rich_pile_it_7_it_9():
    state = state_from_setup(
        IT,
        ["Ac Ad As 2c Qc Qd 7s 5d", *OTHERS],
        stock="Tc Td Th Ts",
        pile="Kc Kd Ks Jh Jd Jc 9h 9d 9s Qh",
        melds={1: ["8d 8h 8s"]},
    )
    first = _choose(state)
    assert isinstance(first, Meld) and not any(face_text(c) == "2c" for c in first.cards())
    opened, _ = apply(state, first)
    assert opened.phase is Phase.DRAW
    second = _choose(opened)
    assert isinstance(second, TakePile)


def test_medium_takes_a_frozen_pile_with_three_naturals_it_19():
    state = state_from_setup(
        IT,
        ["Qc Qd Qs 7s 5d 9c", *OTHERS],
        stock="Tc Td Th Ts",
        pile="Kc Kd Ks 2h Jd Jc Ah Ad As Qh",
        melds={0: ["9d 9h 9s"], 1: ["8d 8h 8s"]},
    )
    move = _choose(state)
    assert isinstance(move, TakePile) and len(move.cards) == 3


def test_sampled_worlds_keep_the_face_down_packet_hidden_and_its_size_it_4():
    state = state_from_setup(
        IT,
        ["Qc Qd 7s 5d", *OTHERS],
        stock="Tc Td Th Ts",
        pile="Ac Ad Ah Kh Jd Qh",
        pile_hidden=4,
        melds={0: ["9d 9h 9s"], 1: ["8d 8h 8s"]},
    )
    view = observe(state, 0)
    world = sample_state(view, random.Random(3))
    assert world.pile_hidden == 4 and world.pile[4:] == state.pile[4:]
    assert len(world.pile) == len(state.pile)
    assert view.pile_cards == state.pile[4:]


def test_wild_cards_spare_natural_melds_until_the_side_has_a_clean_canasta_it_20_it_24():
    def cost(rules, melds):
        state = state_from_setup(
            rules,
            ["2c 7s 8h 9c 5d", *OTHERS],
            stock="4h 5h 6h 7h 8c 9h Tc Td Th Ts Jc Jd Jh Js Ac Ad Ah As 4d 5d 6d 7d 9d Kd",
            pile="5h 6s Kh",
            melds={0: melds, 1: ["8d 8h 8s"]},
            phase=Phase.PLAY,
        )
        view = observe(state, 0)
        mid = next(m.mid for m in state.melds[0] if m.label() == "Q")
        move = AddToMeld(0, mid, tuple(c for c in state.hands[0] if face_text(c) == "2c"))
        return clean_canasta_cost(view, move, read_situation(view))

    assert cost(IT, ["Qc Qd Qh Qs"]) > 0  # no clean canasta yet: spare the queens
    assert cost(IT, ["Qc Qd Qh Qs", "Kc Kd Kh Ks Kc Kd Kh"]) == 0  # the clean one is there
    assert cost(preset("classic-4"), ["Qc Qd Qh Qs"]) == 0  # Classic needs no clean canasta
