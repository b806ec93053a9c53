"""RULES.md V-IT with VARIANTS.md section 7 (IT-C1..C9): Italian Canasta from explicit setups.

Seats: N=0, E=1, S=2, W=3; side 0 is NS, side 1 is EW. Piles and stocks are written bottom
first. 162 cards unless a test says otherwise, so each face exists three times.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from scenario import faces, legal, lines, pick, rejected

from canasta_game.engine import (
    Discard,
    DrawStock,
    Match,
    Meld,
    Phase,
    TakePile,
    apply,
    new_hand,
    observe,
    preset,
    state_from_setup,
    why_illegal,
)
from canasta_game.engine.cards import build_deck, face_text, parse_cards
from canasta_game.engine.codec import state_from_dict, state_to_dict
from canasta_game.engine.italian import deal_pile, packet_size
from canasta_game.engine.movegen import legal_moves

IT = preset("italian")
OTHERS = ["4c 4d 5c 6c", "4s 5d 5s 6d", "6h 7c 7d 8c"]  # E, S, W: cards that matter nowhere
OPEN = {0: ["9c 9d 9s"], 1: ["8d 8h 8s"]}


def _state(hand, *, rules=IT, melds=None, phase=Phase.DRAW, **kwargs):
    """N to play holding ``hand``; both sides open unless ``melds`` says otherwise."""
    kwargs.setdefault("stock", "Tc Td Th Ts Jc Jd")
    kwargs.setdefault("pile", "5h 6s Kh")
    return state_from_setup(
        rules,
        [hand, *OTHERS],
        melds=OPEN if melds is None else melds,
        phase=phase,
        **kwargs,
    )


# --- the deal: IT-1..IT-5 -------------------------------------------------------------------


def _is_red3(card):
    return face_text(card) in ("3d", "3h")


def _turns_again(card):
    text = face_text(card)
    return text == "JK" or text[0] == "2" or text[0] == "3"


def _reenact(rules, seed, dealer):
    """The deal as the rule book tells it, from the same shuffle as ``new_hand``."""
    cards = build_deck(rules.decks, rules.jokers)
    random.Random(seed).shuffle(cards)
    dealt = rules.players * rules.deal_size
    hands = [[] for _ in range(rules.players)]
    for i in range(dealt):  # IT-2: one at a time from the dealer's left
        hands[(dealer + 1 + i) % rules.players].append(cards[i])
    stock = cards[dealt:]  # top first here
    for step in range(rules.players):  # IT-3: red threes replaced from the stock's bottom
        seat = (dealer + 1 + step) % rules.players
        while any(_is_red3(c) for c in hands[seat]):
            threes = [c for c in hands[seat] if _is_red3(c)]
            hands[seat] = [c for c in hands[seat] if not _is_red3(c)]
            hands[seat].extend(stock.pop() for _ in threes)
    turned = [stock.pop(0)]  # IT-4, IT-5: then the upcard, turned again on 2, JK or a three
    while _turns_again(turned[-1]):
        turned.append(stock.pop(0))
    number = "  23456789TJQKA".index(face_text(turned[-1])[0])
    packet = [stock.pop(0) for _ in range(number)]
    return hands, turned, packet


@pytest.mark.parametrize("seed", range(6))
def test_deal_replaces_red_threes_from_the_bottom_then_turns_the_upcard_it_3_it_4(seed):
    hands, turned, packet = _reenact(IT, f"it:{seed}", seed % 4)
    state = new_hand(IT, f"it:{seed}", seed % 4)
    assert [sorted(h) for h in state.hands] == [sorted(h) for h in hands]
    assert all(len(h) == 15 for h in state.hands)  # IT-2
    assert state.pile[-len(turned) :] == tuple(turned)
    assert sorted(state.pile[: state.pile_hidden]) == sorted(packet)
    assert state.pile_hidden == len(packet) == packet_size(IT, turned[-1])
    view = observe(state, 1)  # IT-4: the packet lies face down, hidden from every seat
    assert view.pile_packet == len(packet)
    assert view.pile_cards == tuple(turned)
    assert view.pile_size == len(turned) + len(packet)


def test_packet_is_the_upcards_number_j_11_q_12_k_13_a_14_it_4_it_c2():
    sizes = {
        t: packet_size(IT, parse_cards(t)[0]) for t in ("4c", "7d", "Th", "Js", "Qc", "Kd", "Ah")
    }
    assert sizes == {"4c": 4, "7d": 7, "Th": 10, "Js": 11, "Qc": 12, "Kd": 13, "Ah": 14}
    counting = dataclasses.replace(IT, upcard_packet="COUNTING")  # SAP: the upcard counts
    assert packet_size(counting, parse_cards("Kd")[0]) == 12


def test_black_three_two_or_joker_upcard_turns_again_and_a_wild_one_freezes_it_5():
    # the stock's top is its last card: a 2 then a black three come up before the king
    stock = parse_cards(" ".join(["6c"] * 13) + " Kd 3s 2h")
    pile, hidden, frozen = deal_pile(IT, list(stock))
    assert [face_text(c) for c in pile[hidden:]] == ["2h", "3s", "Kd"]
    assert hidden == 13 and frozen  # IT-5: the 2 so turned freezes the pile
    pile, hidden, frozen = deal_pile(IT, list(parse_cards("5c " * 12 + "Qd 3c")))
    assert [face_text(c) for c in pile[hidden:]] == ["3c", "Qd"]
    assert hidden == 12 and not frozen  # a black three turned over freezes nothing


# --- the turn: IT-6, IT-7 -------------------------------------------------------------------


def test_draw_two_or_take_the_pile_and_draw_one_it_6():
    state = _state("Kc Kd 4h 7s", phase=Phase.DRAW)
    drew = legal(state, DrawStock(0))
    assert len(drew.hands[0]) == 6  # two from the stock
    took = legal(state, TakePile(0, pick(state, 0, "Kc Kd")))
    # K-K-K melded; the pile's 5h 6s and one stock card (the top, Jd) come to the hand
    assert faces(took.hands[0]) == faces(parse_cards("4h 7s 5h 6s Jd"))
    assert len(took.stock) == len(state.stock) - 1


def test_opening_before_the_draw_then_taking_the_pile_in_the_same_turn_it_7_it_10():
    state = _state("Ac Ad As Qc Qd 7s 5d", melds={}, pile="5h 6s Qh")
    rejected(state, TakePile(0, pick(state, 0, "Qc Qd")), "IT-17")  # closed: open first
    opened = legal(state, Meld(0, (pick(state, 0, "Ac Ad As"),)))  # 60, clean
    assert opened.phase is Phase.DRAW and not opened.opened_dirty
    took = legal(opened, TakePile(0, pick(opened, 0, "Qc Qd")))
    assert [m.label() for m in took.melds[0]] == ["A", "Q"]


def test_dirty_opening_at_90_waits_for_the_next_turn_to_take_the_pile_it_10():
    state = _state("Ac Ad As 2c Kc Kd Ks Qc Qd 7s", melds={}, pile="5h 6s Qh", scores=(3500, 0))
    opened = legal(state, Meld(0, (pick(state, 0, "Ac Ad As 2c"), pick(state, 0, "Kc Kd Ks"))))
    assert opened.opened_dirty  # 80 + 30 = 110 >= 90, dirty
    rejected(opened, TakePile(0, pick(opened, 0, "Qc Qd")), "IT-10")
    assert why_illegal(opened, DrawStock(0)) is None
    # next turn of the side (S) the pile may be taken
    after = apply(apply(opened, DrawStock(0))[0], Discard(0, pick(opened, 0, "7s")[0]))[0]
    assert not after.opened_dirty


def test_the_50_opening_must_be_clean_it_9():
    state = _state("Ac Ad 2c Kc Kd Ks 7s", melds={})
    rejected(state, Meld(0, (pick(state, 0, "Ac Ad 2c"),)), "IT-9")  # 60 but dirty
    rejected(state, Meld(0, (pick(state, 0, "Ac Ad 2c"), pick(state, 0, "Kc Kd Ks"))), "IT-9")
    state = _state("Ac Ad 2c Kc Kd Ks 7s", melds={}, scores=(3001, 0))  # minimum 90 (IT-8)
    rejected(state, Meld(0, (pick(state, 0, "Ac Ad 2c"),)), "C-INIT-1")  # 60 < 90
    legal(state, Meld(0, (pick(state, 0, "Ac Ad 2c"), pick(state, 0, "Kc Kd Ks"))))


@pytest.mark.parametrize("meld", ["2c 2d 2h", "JK JK 2s"])
def test_three_2s_and_jk_jk_2_are_clean_openings_it_11(meld):
    state = _state(f"{meld} Qc Qd 7s", melds={}, pile="5h 6s Qh")
    opened = legal(state, Meld(0, (pick(state, 0, meld),)))
    assert not opened.opened_dirty
    legal(opened, TakePile(0, pick(opened, 0, "Qc Qd")))  # the pile in the same turn


def test_three_jokers_are_not_a_clean_opening_it_11():
    state = _state("JK JK JK 7s 8s", melds={})
    rejected(state, Meld(0, (pick(state, 0, "JK JK JK"),)), "IT-9")


@pytest.mark.parametrize(
    "score, need", [(-200, 50), (0, 50), (3000, 50), (3001, 90), (7500, 160), (12500, 200)]
)
def test_opening_tiers_it_8(score, need):
    assert IT.initial_minimum(score) == (need, "")


# --- melds: IT-13..IT-16 --------------------------------------------------------------------


def test_wild_card_cap_two_naturals_one_wild_three_naturals_two_it_13():
    state = _state("Kc Kd 2c 2d 7s 8h", phase=Phase.PLAY)
    legal(state, Meld(0, (pick(state, 0, "Kc Kd 2c"),)))
    rejected(state, Meld(0, (pick(state, 0, "Kc Kd 2c 2d"),)), "O-MELD-WILD")
    state = _state("Kc Kd Ks 2c 2d JK 7s 8h", phase=Phase.PLAY)
    legal(state, Meld(0, (pick(state, 0, "Kc Kd Ks 2c 2d"),)))
    rejected(state, Meld(0, (pick(state, 0, "Kc Kd Ks 2c 2d JK"),)), "O-MELD-WILD")


def test_threes_are_never_melded_not_even_to_close_it_14():
    melds = {0: ["Kc Kd Kh Ks Kc Kd Kh", "Qc Qd Qh Qs Qc Qd 2h"], 1: OPEN[1]}
    state = _state("3c 3s 3c 4h", phase=Phase.PLAY, melds=melds)
    rejected(state, Meld(0, (pick(state, 0, "3c 3s 3c"),)), "IT-14")
    assert not any(isinstance(m, Meld) for m in legal_moves(state))


def test_a_meld_of_2s_the_pinelle_it_15():
    state = _state("2c 2d 2h 7s 8h", phase=Phase.PLAY)
    after = legal(state, Meld(0, (pick(state, 0, "2c 2d 2h"),)))
    assert after.melds[0][-1].is_wild_meld


# --- the pile: IT-17..IT-19 -----------------------------------------------------------------


def test_pile_needs_two_naturals_never_a_natural_and_a_wild_card_it_17():
    state = _state("Kc 2c 4h 7s")
    rejected(state, TakePile(0, pick(state, 0, "Kc 2c")), "IT-17")
    state = _state("Kc Kd 4h 7s", melds={1: OPEN[1]})
    rejected(state, TakePile(0, pick(state, 0, "Kc Kd")), "IT-17")  # a closed side
    assert observe(state, 0).pile_naturals_needed == 2


@pytest.mark.parametrize("top", ["2c", "JK", "3s"])
def test_a_2_joker_or_black_three_on_top_blocks_the_pile_it_18(top):
    state = _state("Kc Kd Ks 7s", pile=f"5h Kh {top}")
    rejected(state, TakePile(0, ()), "IT-18")
    view = observe(state, 0)
    assert view.pile_blocked and view.pile_block.rule == "IT-18"


def test_a_wild_card_inside_freezes_the_pile_three_naturals_take_it_it_19():
    state = _state("Kc Kd Ks 7s", pile="5h 2d 6s Kh")
    rejected(state, TakePile(0, pick(state, 0, "Kc Kd")), "IT-19")
    legal(state, TakePile(0, pick(state, 0, "Kc Kd Ks")))
    view = observe(state, 0)
    assert view.pile_naturals_needed == 3
    assert view.pile_frozen_reason.rule == "IT-19"
    assert face_text(view.pile_frozen_reason.values["card"]) == "2d"


def test_taking_the_pile_gets_the_face_down_packet_unseen_by_the_others_it_4():
    state = _state("Kc Kd 7s", pile="Ac Ad Qh 6s Kh", pile_hidden=3)
    assert observe(state, 1).pile_cards == state.pile[3:]
    assert observe(state, 1).pile_packet == 3
    took = legal(state, TakePile(0, pick(state, 0, "Kc Kd")))
    assert {face_text(c) for c in took.hands[0]} >= {"Ac", "Ad", "Qh", "6s"}
    assert faces(took.picked[0]) == ["6s"]  # only the face-up card is known to the others
    assert took.pile_hidden == 0
    assert state_from_dict(state_to_dict(state)) == state  # the packet survives a save


# --- closing: IT-20 -------------------------------------------------------------------------

CLEAN_K = "Kc Kd Kh Ks Kc Kd Kh"
CLEAN_Q = "Qc Qd Qh Qs Qc Qd Qh"
DIRTY_Q = "Qc Qd Qh Qs Qc Qd 2h"


def test_closing_needs_a_clean_and_a_dirty_canasta_it_20():
    state = _state("5c", phase=Phase.PLAY, melds={0: [CLEAN_K, CLEAN_Q], 1: OPEN[1]})
    rejected(state, Discard(0, pick(state, 0, "5c")[0]), "IT-20")
    state = _state("5c", phase=Phase.PLAY, melds={0: [CLEAN_K], 1: OPEN[1]})
    rejected(state, Discard(0, pick(state, 0, "5c")[0]), "C-OUT-1", "C-OUT-5")
    state = _state("5c", phase=Phase.PLAY, melds={0: [CLEAN_K, DIRTY_Q], 1: OPEN[1]})
    assert legal(state, Discard(0, pick(state, 0, "5c")[0])).phase is Phase.OVER


def test_option_two_canastas_one_clean_it_c4():
    rules = dataclasses.replace(IT, out_clean_and_dirty=False)
    state = _state("5c", rules=rules, phase=Phase.PLAY, melds={0: [CLEAN_K, CLEAN_Q], 1: OPEN[1]})
    assert legal(state, Discard(0, pick(state, 0, "5c")[0])).phase is Phase.OVER
    dirty_k = "Kc Kd Kh Ks Kc Kd JK"
    state = _state("5c", rules=rules, phase=Phase.PLAY, melds={0: [dirty_k, DIRTY_Q], 1: OPEN[1]})
    rejected(state, Discard(0, pick(state, 0, "5c")[0]), "O-OUT-CLEAN")


# --- scoring: IT-21..IT-24, IT-C3 -----------------------------------------------------------


def _closed_hand():
    """N closes with clean aces, dirty kings and a Pinellata; EW never opened."""
    state = state_from_setup(
        IT,
        ["5c", "Qc Qd", "9c 9d", "7c"],
        stock="Tc Td Th",
        pile="6h",
        melds={
            0: ["Ac Ad Ah As Ac Ad Ah", "Kc Kd Kh Ks Kc 2c JK", "2c 2d 2h 2s 2c 2d 2h"],
        },
        bonus_threes={0: "3d 3h", 1: "3d"},
        phase=Phase.PLAY,
    )
    return legal(state, Discard(0, pick(state, 0, "5c")[0]))


def test_closing_scores_exact_lines_aces_pinellata_closing_500_it_21_it_22():
    final = _closed_hand()
    assert lines(final, 0) == {
        "melded_cards": 140 + 120 + 140,
        "mixed_canastas": 300,
        "natural_ace_canastas": 1000,
        "pure_twos_canastas": 3000,
        "red_threes": 200,  # IT-24: a clean and a dirty canasta, plus
        "going_out": 500,
        "hand_penalty": -20,  # S's 9-9
    }


def test_closing_before_the_opponents_open_makes_them_pay_double_it_23_it_24():
    final = _closed_hand()
    assert lines(final, 1) == {
        "melded_cards": 0,
        "red_threes": -200,  # IT-24: no canasta, minus twice over
        "hand_penalty": -25,
        "pay_double": -25,
    }


def test_jokers_canasta_dirty_2s_aces_dirty_and_five_clean_canastas_it_21():
    melds = {
        0: [
            "JK JK JK JK JK JK 2c",  # Toro Seduto
            "2c 2d 2h 2s 2c 2d JK",  # a dirty canasta of 2s
            "Ac Ad Ah As Ac Ad 2h",  # dirty aces
            CLEAN_K,
            "Qc Qd Qh Qs Qc Qd Qh",
            "Jc Jd Jh Js Jc Jd Jh",
            "Tc Td Th Ts Tc Td Th",
            "9c 9d 9h 9s 9c 9d 9h",
        ],
        1: OPEN[1],
    }
    state = _state("5c 6d", phase=Phase.PLAY, melds=melds, stock="8c 8d")
    got = lines(state, 0)
    assert got["jokers_canastas"] == 5000
    assert got["wild_canastas"] == 2000
    assert got["mixed_ace_canastas"] == 500
    assert got["natural_canastas"] == 5 * 500
    assert got["five_clean_canastas"] == 1000


@pytest.mark.parametrize(
    "melds, points",
    [
        ([CLEAN_K, DIRTY_Q], 800),  # a clean and a dirty canasta: plus
        ([CLEAN_K], 0),  # clean ones only: nothing
        ([DIRTY_Q], -800),  # dirty ones only: minus
        (["Kc Kd Kh"], -1600),  # no canasta: minus twice over
    ],
)
def test_red_threes_signed_by_the_canastas_made_four_are_800_it_24(melds, points):
    state = _state(
        "5c 6d", phase=Phase.PLAY, melds={0: melds, 1: OPEN[1]}, bonus_threes={0: "3d 3h 3d 3h"}
    )
    assert lines(state, 0)["red_threes"] == points


def test_the_match_ends_only_above_15000_it_c3():
    final = _closed_hand()
    total = sum(lines(final, 0).values())
    at = Match(IT, "m", (15000 - total, 0), 0).record(final)
    assert at.scores[0] == 15000 and not at.over
    above = Match(IT, "m", (15001 - total, 0), 0).record(final)
    assert above.over and above.winner == 0


def test_two_deck_option_keeps_the_italian_rules_it_1():
    rules = preset("italian-2decks")
    assert rules.deck_size() == 108
    state = new_hand(rules, "two-decks", 0)
    assert all(len(h) == 15 for h in state.hands) and state.pile_hidden >= 4


def test_closing_ends_with_a_discard_never_by_melding_every_card_it_20():
    melds = {0: [CLEAN_K, DIRTY_Q], 1: OPEN[1]}
    state = _state("Ac Ad As", phase=Phase.PLAY, melds=melds)
    rejected(state, Meld(0, (pick(state, 0, "Ac Ad As"),)), "IT-20")
    state = _state("Ac Ad As 5c", phase=Phase.PLAY, melds=melds)
    after = legal(state, Meld(0, (pick(state, 0, "Ac Ad As"),)))
    assert legal(after, Discard(0, pick(after, 0, "5c")[0])).end.reason == "went_out"
