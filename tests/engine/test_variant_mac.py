"""VARIANTS.md section 4, V-MAC: Modern American Canasta from explicit setups (X-MAC-1..3, MAC-*).

Seats: N=0, E=1, S=2, W=3; side 0 is NS, side 1 is EW. Piles and stocks are written bottom
first. ``_play`` puts N in the play phase after drawing; ``_draw`` at the start of the turn.
"""

from __future__ import annotations

import pytest
from scenario import legal, lines, pick, rejected

from canasta_game.engine import (
    AnswerGoOut,
    AskGoOut,
    Discard,
    DrawStock,
    Meld,
    Phase,
    TakePile,
    apply,
    new_hand,
    observe,
    preset,
    score_hand,
    state_from_setup,
)
from canasta_game.engine.actions import AddToMeld
from canasta_game.engine.cards import IS_BLACK_THREE, RANK_OF, THREE, parse_cards
from canasta_game.engine.codec import state_from_dict, state_to_dict
from canasta_game.engine.mac import canasta_line, special_hand
from canasta_game.engine.match import Match
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import Question, evolve

MAC = preset("modern-american")
OPEN = {0: ["9c 9d 9h 9s"], 1: ["8c 8d 8h"]}  # both sides have opened
OTHERS = ["4c 4d 5c", "4s 5d 5s", "6c 6d 6s"]
STOCK = "Tc Td Ts Jc Jd Js Qs Qh Jh Th 4h 5h"  # 12 cards: the turn card (9th) still in it


def _play(hand, melds=None, rules=MAC, **kwargs):
    return state_from_setup(
        rules,
        [hand, *OTHERS],
        stock=kwargs.pop("stock", STOCK),
        melds=OPEN if melds is None else melds,
        phase=kwargs.pop("phase", Phase.PLAY),
        **kwargs,
    )


def _draw(hand, melds=None, **kwargs):
    return _play(hand, melds, phase=Phase.DRAW, **kwargs)


def _meld(state, *texts):
    return Meld(0, tuple(pick(state, 0, t) for t in texts))


# --- setup and threes (MAC-1..8) ---------------------------------------------------------


def test_deal_thirteen_no_upcard_turn_card_mac_2_4_5():
    state = new_hand(MAC, "deal")
    assert [len(h) for h in state.hands] == [13] * 4  # MAC-2
    assert state.pile == ()  # MAC-5: no upcard
    assert MAC.deck_size() == 108  # MAC-1
    view = observe(state, 0)
    assert view.cards_above_turn_card == len(state.stock) - 9  # MAC-4


def test_every_three_is_a_bonus_card_mac_6():
    state = new_hand(preset("modern-american", keep_three=False), "threes")
    for hand in state.hands:
        assert not any(RANK_OF[c] == THREE for c in hand)
    laid = [c for side in state.bonus_threes for c in side]
    assert laid and all(RANK_OF[c] == THREE for c in laid)
    drawn = _draw("Kc Kd 5c", stock="Tc 3s")  # a black three drawn is laid out and replaced
    after = legal(drawn, DrawStock(0))
    assert [IS_BLACK_THREE[c] for c in after.bonus_threes[0]] == [True]
    assert len(after.hands[0]) == 4


def test_one_three_kept_from_the_deal_never_more_mac_7():
    kept = 0
    for seed in range(6):
        state = new_hand(MAC, f"keep:{seed}")
        held = [sum(1 for c in hand if RANK_OF[c] == THREE) for hand in state.hands]
        assert max(held) <= 1
        kept += sum(held)
    assert kept  # some hand keeps one


def test_three_drawn_before_the_side_melds_stays_in_hand_mac_7():
    after = legal(_draw("Kc Kd 5c", melds={}, stock="Tc 3s"), DrawStock(0))
    assert after.bonus_threes[0] == () and parse_cards("3s")[0] in after.hands[0]
    assert len(after.hands[0]) == 4 and len(after.stock) == 1  # the three is the card drawn
    second = legal(_draw("3h Kc Kd 5c", melds={}, stock="Tc 3s"), DrawStock(0))
    assert second.bonus_threes[0] == tuple(parse_cards("3s"))  # never more than one: laid, replaced
    assert sorted(second.hands[0]) == sorted(parse_cards("3h Kc Kd 5c Tc"))


def test_kept_three_laid_out_later_and_replaced_mac_7():
    state = _play("3h Kc Kd 5c", melds={})
    three = pick(state, 0, "3h")
    after = legal(state, Meld(0, (three,)))
    assert after.bonus_threes[0] == three and len(after.hands[0]) == 4
    assert after.melds[0] == () and not after.turn_melded  # laying a three is no meld
    rejected(state, Discard(0, three[0]), "MAC-13")  # and it is never discarded


def test_kept_three_laid_out_with_an_empty_stock_is_not_replaced_mac_7():
    """ENG (README): nothing to replace it with, so the hand shrinks; a hand of the three
    alone could not finish the turn (C-TURN-7)."""
    state = _play("3h Kc Kd 5c", melds={}, stock="")
    after = legal(state, Meld(0, (pick(state, 0, "3h"),)))
    assert after.bonus_threes[0] == tuple(pick(state, 0, "3h")) and len(after.hands[0]) == 3
    alone = _play("3h", melds={}, stock="")
    rejected(alone, Meld(0, (pick(alone, 0, "3h"),)), "C-TURN-7")


def test_the_sides_opening_lays_out_every_kept_three_mac_7():
    state = state_from_setup(
        MAC,
        ["3h 8c 8d 8h Ac Ad Ah As Qc Qd Qh 5c", "4c 4d 5d", "3s 6d 6s", "6c 7d 7s"],
        stock=STOCK,
        phase=Phase.PLAY,
    )
    after = legal(state, _meld(state, "8c 8d 8h", "Ac Ad Ah As", "Qc Qd Qh"))
    assert sorted(after.bonus_threes[0]) == sorted(parse_cards("3h 3s"))  # N's and S's
    assert not any(RANK_OF[c] == THREE for seat in (0, 2) for c in after.hands[seat])
    assert len(after.hands[0]) == 2 and len(after.hands[2]) == 3  # each replaced


def test_kept_three_makes_the_straight_mac_7_33():
    state = _draw("Ac 2c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc JK", melds={}, stock="Tc 3s")
    state = legal(state, DrawStock(0))  # the three drawn is kept (MAC-7)
    after = legal(state, Meld(0, (tuple(state.hands[0]),)))
    assert after.end.reason == "special_hand" and after.end.special == "straight"


def test_three_drawn_last_stays_in_hand_and_ends_mac_8():
    state = _draw("Kc Kd 5c", stock="3c")
    after, _ = apply(state, DrawStock(0))
    assert after.phase is Phase.OVER and after.end.reason == "red_three_last"
    assert parse_cards("3c")[0] in after.hands[0]
    assert lines(after, 0)["hand_penalty"] == -(10 + 10 + 5 + 5 + 5 + 5 + 5)  # N and S


# --- the initial meld (MAC-22..25, X-MAC-1) -----------------------------------------------


@pytest.mark.parametrize(
    "score, need", [(-200, 125), (0, 125), (2995, 125), (3000, 155), (4995, 155), (5000, 180)]
)
def test_minimum_by_team_score_mac_22(score, need):
    assert MAC.initial_minimum(score) == (need, "")


def test_x_mac_1_opening_with_a_clean_triple_is_legal_mac_23():
    state = _play("8c 8d 8h Ac Ad Ah 2c Kc Kd Kh JK 5c 6d 9s", melds={}, scores=(3200, 0))
    after = legal(state, _meld(state, "8c 8d 8h", "Ac Ad Ah 2c", "Kc Kd Kh JK"))
    assert len(after.melds[0]) == 3  # 30 + 80 + 80 = 190 >= 155; A-A-A-2 allowed (MAC-20)


def test_x_mac_1_opening_without_a_clean_triple_is_illegal_mac_23():
    state = _play("Ac Ad 2c Kc Kd 2d Qc Qd JK 5c 6d 9s 4h", melds={}, scores=(3200, 0))
    why = rejected(state, _meld(state, "Ac Ad 2c", "Kc Kd 2d", "Qc Qd JK"), "MAC-23")
    assert why.key == "init_clean_triple"  # 170 points would be enough


def test_opening_below_the_minimum_is_illegal_mac_22():
    state = _play("Kc Kd Kh Ac Ad Ah 5c 6d 9s", melds={})
    why = rejected(state, _meld(state, "Kc Kd Kh", "Ac Ad Ah"), "C-INIT-1")
    assert why.values == {"need": 125, "have": 90}


def test_mixed_canasta_not_in_the_opening_natural_one_may_mac_24():
    state = _play("Kc Kd Kh Ks Kc 2c 2d Ac Ad Ah As 5c 6d 9s", melds={})
    rejected(state, _meld(state, "Kc Kd Kh Ks Kc 2c 2d", "Ac Ad Ah As"), "MAC-24")
    state = _play("Kc Kd Kh Ks Kc Kd Kh Ac Ad Ah 5c 6d 9s", melds={})
    legal(state, _meld(state, "Kc Kd Kh Ks Kc Kd Kh", "Ac Ad Ah"))


def test_splash_option_opens_with_a_natural_canasta_o_mac_splash():
    hand = "5c 5d 5h 5s 5c 5d 5h Kc 6d 9s"
    state = _play(hand, melds={})
    rejected(state, _meld(state, "5c 5d 5h 5s 5c 5d 5h"), "C-INIT-1")
    state = _play(hand, melds={}, rules=MAC.with_options(splash=True))
    legal(state, _meld(state, "5c 5d 5h 5s 5c 5d 5h"))


# --- melds (MAC-15..21, X-MAC-2) ----------------------------------------------------------


def test_x_mac_2_rule_of_five_mac_18():
    state = _play("2c 9c 5d 6d 4h")
    rejected(state, AddToMeld(0, 0, pick(state, 0, "2c")), "MAC-18")
    legal(state, AddToMeld(0, 0, pick(state, 0, "9c 2c")))  # the meld then holds 5 naturals
    five = _play("2c 5d 6d 4h", melds={0: ["9c 9d 9h 9s 9c"], 1: ["8c 8d 8h"]})
    legal(five, AddToMeld(0, 0, pick(five, 0, "2c")))


def test_new_mixed_meld_after_opening_is_illegal_mac_18():
    state = _play("Kc Kd Kh 2c 5d 6d 4h")
    why = rejected(state, _meld(state, "Kc Kd Kh 2c"), "MAC-18")
    assert why.values == {"need": 5, "have": 3}


def test_a_meld_never_exceeds_seven_cards_mac_15():
    state = _play("9c 9d 5d 6d 4h", melds={0: ["9c 9d 9h 9s 9c 9d"], 1: ["8c 8d 8h"]})
    rejected(state, AddToMeld(0, 0, pick(state, 0, "9c 9d")), "MAC-15", "MAC-16")
    legal(state, AddToMeld(0, 0, pick(state, 0, "9c")))


def test_one_meld_per_rank_per_side_mac_15():
    state = _play("9c 9d 9h 5d 6d 4h", melds={0: ["9c 9d 9h"], 1: ["8c 8d 8h"]})
    rejected(state, _meld(state, "9c 9d 9h"), "C-MELD-5")


def test_dead_rank_cannot_be_started_or_added_mac_16():
    state = _play("Qs Qh Qs 5d 6d 4h", melds={0: ["9c 9d 9h"], 1: ["Qc Qd Qh Qs Qc Qd Qh"]})
    rejected(state, _meld(state, "Qs Qh Qs"), "MAC-16")
    assert observe(state, 0).dead_ranks == frozenset({RANK_OF[parse_cards("Qc")[0]]})


def test_sevens_never_take_wild_cards_mac_19():
    state = _play("7c 7d 7h 2c Ac Ad Ah Kc Kd Kh 5c 6d 9s", melds={})
    rejected(state, _meld(state, "7c 7d 7h 2c", "Ac Ad Ah", "Kc Kd Kh"), "MAC-19")


def test_aces_pure_after_the_opening_mac_20():
    state = _play("Ac Ad Ah As Ac 2c 5d 6d 4h")
    rejected(state, _meld(state, "Ac Ad Ah As Ac 2c"), "MAC-20")
    legal(state, _meld(state, "Ac Ad Ah As Ac"))


def test_wild_meld_blocks_other_wild_cards_while_incomplete_mac_21():
    melds = {0: ["9c 9d 9h 9s 9c", "2c 2d JK"], 1: ["8c 8d 8h"]}
    state = _play("2h 5d 6d 4h", melds=melds)
    rejected(state, AddToMeld(0, 0, pick(state, 0, "2h")), "O-WILD-MELDS")
    legal(state, AddToMeld(0, 1, pick(state, 0, "2h")))


# --- picking the pack (MAC-10..12) --------------------------------------------------------


def test_pick_needs_a_natural_pair_no_wild_card_mac_10():
    state = _draw("Kc 2c Kd 5d 6d 4h", pile="4s Ks")
    rejected(state, TakePile(0, pick(state, 0, "Kc 2c")), "MAC-10", "O-PILE-FROZEN")
    rejected(state, TakePile(0, pick(state, 0, "Kc Kd 2c")), "MAC-10")
    after = legal(state, TakePile(0, pick(state, 0, "Kc Kd")))
    assert len(after.hands[0]) == 4 + 1  # the 4s joined the hand


def test_pick_onto_a_meld_of_five_would_exceed_seven_mac_11():
    melds = {0: ["9c 9d 9h 9s 9c"], 1: ["8c 8d 8h"]}
    state = _draw("9d 9h 5d 6d 4h", melds=melds, pile="4s 9s")
    rejected(state, TakePile(0, pick(state, 0, "9d 9h")), "MAC-15")


def test_pick_of_a_dead_rank_is_illegal_mac_11():
    melds = {0: ["9c 9d 9h"], 1: ["Qc Qd Qh Qs Qc Qd Qh"]}
    state = _draw("Qs Qh 5d 6d 4h", melds=melds, pile="4s Qs")
    rejected(state, TakePile(0, pick(state, 0, "Qs Qh")), "MAC-11")


PICK_HAND = "Kc Kd Ac Ad Ah As Jc Jd Jh 5d 6d 4h"


def _pick_opening(state):
    extra = (pick(state, 0, "Ac Ad Ah As"), pick(state, 0, "Jc Jd Jh"))
    return TakePile(0, pick(state, 0, "Kc Kd"), extra)


def test_closed_pick_top_card_does_not_count_mac_12():
    # K K from hand + A A A A + J J J: 140 with the top K, 130 without it
    state = _draw(PICK_HAND, melds={}, pile="4s Ks", scores=(5000, 0))  # 180 needed
    why = rejected(state, _pick_opening(state), "C-PILE-8")
    assert why.values == {"need": 180, "have": 130}
    state = _draw(PICK_HAND, melds={}, pile="4s Ks", scores=(3000, 0))  # 155 needed
    assert rejected(state, _pick_opening(state), "C-PILE-8").values == {"need": 155, "have": 130}
    state = _draw(PICK_HAND, melds={}, pile="4s Ks")  # 125 needed
    legal(state, _pick_opening(state))


def test_closed_pick_top_card_is_no_part_of_the_clean_triple_mac_12():
    hand = "Kc Kd Ac Ad 2c Qc Qd JK 5d 6d 4h"
    state = _draw(hand, melds={}, pile="4s Ks")
    melds = (pick(state, 0, "Ac Ad 2c"), pick(state, 0, "Qc Qd JK"))
    rejected(state, TakePile(0, pick(state, 0, "Kc Kd"), melds), "MAC-23")


# --- discarding (MAC-13, MAC-14) ----------------------------------------------------------


def test_wild_card_discard_only_from_a_hand_of_wild_cards_mac_13():
    state = _play("2c Kd 5d 6d", pile="4s")
    rejected(state, Discard(0, pick(state, 0, "2c")[0]), "MAC-13")
    wilds = _play("2c JK", pile="4s")
    legal(wilds, Discard(0, pick(wilds, 0, "2c")[0]))


def test_a_three_is_never_discarded_mac_13():
    state = _play("3c Kd 5d 6d", pile="4s")
    rejected(state, Discard(0, pick(state, 0, "3c")[0]), "MAC-13")


@pytest.mark.parametrize("card", ["7c", "Ac", "Qs"])
def test_swad_on_an_empty_pile_mac_14(card):
    melds = {0: ["9c 9d 9h"], 1: ["Qc Qd Qh Qs Qc Qd Qh"]}  # queens are dead
    state = _play(f"{card} Kd 5d 6d", melds=melds)
    why = rejected(state, Discard(0, pick(state, 0, card)[0]), "MAC-14")
    assert why.values == {"card": pick(state, 0, card)[0]}
    legal(state, Discard(0, pick(state, 0, "Kd")[0]))
    on_pile = _play(f"{card} Kd 5d 6d", melds=melds, pile="4s")
    legal(on_pile, Discard(0, pick(on_pile, 0, card)[0]))  # a pile under it: allowed


def test_swad_when_only_restricted_cards_are_held_mac_14():
    state = _play("7c Ad 2c")
    legal(state, Discard(0, pick(state, 0, "7c")[0]))


# --- the talon (MAC-26, MAC-27) -----------------------------------------------------------

OPENING = "Kc Kd Kh Ac Ad Ah As Qc Qd Qh 4c 5d 6h"  # K 30 + A 80 + Q 30 = 140


def _open_and_discard(state):
    state = legal(state, DrawStock(0))
    state = legal(state, _meld(state, "Kc Kd Kh", "Ac Ad Ah As", "Qc Qd Qh"))
    return legal(state, Discard(0, pick(state, 0, "4c")[0]))


def test_talon_of_four_for_the_first_side_to_open_mac_26():
    state = _draw(OPENING, melds={})
    after = _open_and_discard(state)
    assert len(after.hands[0]) == 3 + 4  # 5d 6h, the card drawn, and the talon
    assert len(after.stock) == len(STOCK.split()) - 1 - 4


def test_talon_of_three_for_the_second_side_mac_26():
    state = _draw(OPENING, melds={1: ["8c 8d 8h"]})
    assert len(_open_and_discard(state).hands[0]) == 3 + 3


def test_no_talon_after_the_turn_card_mac_27():
    state = _draw(OPENING, melds={}, stock="Tc Td Ts Jc Jd Js Qs Jh Th")  # 9: top is the turn card
    assert observe(state, 0).cards_above_turn_card == 0
    after = _open_and_discard(state)
    assert len(after.hands[0]) == 3
    assert observe(after, 0).cards_above_turn_card is None


def test_no_talon_after_opening_with_the_pack_mac_27():
    state = _draw(PICK_HAND, melds={}, pile="4s Ks")
    state = legal(state, _pick_opening(state))
    after = legal(state, Discard(0, pick(state, 0, "5d")[0]))
    assert len(after.hands[0]) == 3  # 6d 4h and the 4s from the pack: no talon


PREDEALT = preset("modern-american", talon="PREDEALT")


def test_predealt_talon_packets_set_aside_at_the_deal_o_mac_talon_predealt_mac_28():
    state = new_hand(PREDEALT, "packets")
    assert [len(t) for t in state.talons] == [4, 3]
    assert new_hand(MAC, "packets").talons == ()  # the CLA talon comes from the stock
    laid = sum(map(len, state.bonus_threes)) + sum(map(len, state.hands))
    assert len(state.stock) + laid + 7 == 108  # the packets are out of the stock
    packets = {c for t in state.talons for c in t}
    view = observe(state, 0)  # face down: nobody sees them
    assert not packets & {*view.hand, *view.pile_cards}
    assert state_from_dict(state_to_dict(state)).talons == state.talons


def _with_packets(melds, stock=STOCK):
    state = _draw(OPENING, melds=melds, rules=PREDEALT, stock=stock)
    return evolve(state, talons=(tuple(parse_cards("Jc Jd Js Qs")), tuple(parse_cards("Qh Jh Th"))))


def test_predealt_first_side_takes_the_packet_of_four_mac_28():
    after = _open_and_discard(_with_packets({}))
    assert len(after.hands[0]) == 3 + 4
    assert after.talons == ((), tuple(parse_cards("Qh Jh Th")))
    assert len(after.stock) == len(STOCK.split()) - 1  # the stock gives only the draw


def test_predealt_second_side_takes_the_packet_of_three_mac_28():
    after = _open_and_discard(_with_packets({1: ["8c 8d 8h"]}))
    assert len(after.hands[0]) == 3 + 3
    assert after.talons == (tuple(parse_cards("Jc Jd Js Qs")), ())


def test_predealt_packet_comes_after_the_turn_card_too_mac_28():
    """ENG (README): MAC-27 keeps the talon from the stock's last cards; a packet set aside
    at the deal lies outside the stock, so the turn card does not take it away."""
    after = _open_and_discard(_with_packets({}, stock="Tc Td Ts Jc Jd Js Qs Jh Th"))
    assert len(after.hands[0]) == 3 + 4


def test_no_packet_without_an_opening_mac_28():
    state = legal(_with_packets({}), DrawStock(0))
    after = legal(state, Discard(0, pick(state, 0, "4c")[0]))
    assert len(after.hands[0]) == 13 and [len(t) for t in after.talons] == [4, 3]


# --- going out (MAC-29..31, MAC-45) -------------------------------------------------------

TWO_CANASTAS = {0: ["Kc Kd Kh Ks Kc Kd Kh", "9c 9d 9h 9s 9c 9d 2c"], 1: ["8c 8d 8h"]}


def test_going_out_with_two_canastas_and_a_final_discard_mac_29_30():
    state = _play("5d 5h 5s 4h", melds=TWO_CANASTAS)
    state = legal(state, _meld(state, "5d 5h 5s"))
    after, events = apply(state, Discard(0, pick(state, 0, "4h")[0]))
    assert after.end.reason == "went_out"
    assert any(getattr(e, "face_down", False) for e in events)  # MAC-30: face down
    assert lines(after, 0)["going_out"] == 100  # MAC-37
    assert "concealed" not in lines(after, 0)


def test_final_discard_may_be_a_wild_card_mac_30():
    state = _play("2h", melds=TWO_CANASTAS)
    after = legal(state, Discard(0, pick(state, 0, "2h")[0]))
    assert after.end.reason == "went_out"


def test_no_going_out_by_melding_every_card_mac_30():
    state = _play("5d 5h 5s", melds=TWO_CANASTAS)
    rejected(state, _meld(state, "5d 5h 5s"), "MAC-30")


def test_one_canasta_is_not_enough_to_go_out_mac_29():
    state = _play("4h", melds={0: ["Kc Kd Kh Ks Kc Kd Kh"], 1: ["8c 8d 8h"]})
    rejected(state, Discard(0, pick(state, 0, "4h")[0]), "C-OUT-1")


def test_no_going_out_with_an_incomplete_sevens_meld_mac_31():
    melds = {0: [*TWO_CANASTAS[0], "7c 7d 7h"], 1: ["8c 8d 8h"]}
    state = _play("4h", melds=melds)
    why = rejected(state, Discard(0, pick(state, 0, "4h")[0]), "MAC-31")
    assert why.values == {"rank": RANK_OF[parse_cards("7c")[0]]}


def _asked(state, yes):
    """N asks "may I go out?" and S (the partner) answers."""
    state = legal(state, AskGoOut(0))
    assert state.phase is Phase.ANSWER and state.actor == 2
    return legal(state, AnswerGoOut(2, yes))


def test_ask_to_go_out_and_a_yes_binds_mac_32():
    state = _play("5d 5h 5s 4h", melds=TWO_CANASTAS)
    state = _asked(state, yes=True)
    assert state.must_go_out
    rejected(state, Discard(0, pick(state, 0, "4h")[0]), "C-OUT-6")  # must go out now
    state = legal(state, _meld(state, "5d 5h 5s"))
    assert legal(state, Discard(0, pick(state, 0, "4h")[0])).end.reason == "went_out"


def test_a_no_binds_the_player_keeps_cards_mac_32():
    state = _asked(_play("5d 5h 5s 4h", melds=TWO_CANASTAS), yes=False)
    assert state.question is Question.NO
    rejected(state, _meld(state, "5d 5h 5s"), "C-OUT-6")  # melding down to the last card
    legal(state, Discard(0, pick(state, 0, "4h")[0]))  # an ordinary discard is fine


def test_ask_only_once_per_hand_mac_32():
    state = evolve(_play("5d 5h 5s 4h", melds=TWO_CANASTAS), asked_out=(0,))
    rejected(state, AskGoOut(0), "MAC-32")
    other = evolve(_play("5d 5h 5s 4h", melds=TWO_CANASTAS), asked_out=(2,))
    legal(other, AskGoOut(0))  # the partner's question was the partner's own
    after = legal(_play("5d 5h 5s 4h", melds=TWO_CANASTAS), AskGoOut(0))
    assert after.asked_out == (0,)
    assert state_from_dict(state_to_dict(after)).asked_out == (0,)


def test_no_asking_without_a_way_out_this_turn_mac_32():
    rejected(_play("5d 5h 4h 6c", melds=TWO_CANASTAS), AskGoOut(0), "C-OUT-7")
    one = {0: ["Kc Kd Kh Ks Kc Kd Kh"], 1: ["8c 8d 8h"]}
    rejected(_play("5d 5h 5s 4h", melds=one), AskGoOut(0), "C-OUT-7")  # MAC-29
    sevens = {0: [*TWO_CANASTAS[0], "7c 7d 7h"], 1: ["8c 8d 8h"]}
    rejected(_play("5d 5h 5s 4h", melds=sevens), AskGoOut(0), "C-OUT-7")  # MAC-31


def test_way_out_with_wild_cards_by_the_rule_of_five_mac_32_18():
    """The way out the question needs may complete a canasta with a wild card on a meld
    of five naturals (MAC-18); two onto a meld of four naturals may not, and three wild
    cards would make an incomplete wild meld (MAC-31), so there is no way out."""
    five = {0: ["Kc Kd Kh Ks Kc Kd Kh", "9c 9d 9h 9s 9c"], 1: ["8c 8d 8h"]}
    state = _asked(_play("9h 2c 5d 5h 5s 4h", melds=five), yes=True)
    state = legal(state, _meld(state, "5d 5h 5s"))
    nine = next(m for m in state.melds[0] if m.size == 5)
    state = legal(state, AddToMeld(0, nine.mid, pick(state, 0, "9h 2c")))
    assert legal(state, Discard(0, pick(state, 0, "4h")[0])).end.reason == "went_out"
    four = {0: ["Kc Kd Kh Ks Kc Kd Kh", "9c 9d 9h 9s"], 1: ["8c 8d 8h"]}
    rejected(_play("2c 2d 2h 5d 5h 5s 4h", melds=four), AskGoOut(0), "C-OUT-7")


def test_empty_stock_ends_the_hand_mac_45():
    state = _draw("Kc Kd 5c", stock="", pile="4s")
    assert state.phase is Phase.OVER and state.end.reason == "stock"


# --- special hands (MAC-33..35) -----------------------------------------------------------


@pytest.mark.parametrize(
    "text, name, value",
    [
        ("4c 4d 5c 5d 6c 6d 8c 8d 9c 9d Tc Td Jc Jd", "pairs", 2500),
        ("Ac Ad 7c 7d 6c 6d 8c 8d 9c 9d Tc Td 2c 2d", "wild_pairs", 2000),
        ("Ac Ad 7c 7d 6c 6d 8c 8d 9c 9d 2c 2d JK JK", "miami_pairs", 2500),
        ("4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 8c 8d 8h", "garbage", 3000),
        ("4c 4d 4h 4s 4c 5c 5d 5h 5s 6c 6d 6h 8c 8d", "blast_off", 3000),
        ("4c 4d 4h 5c 5d 5h 6c 6d 6h 8c 8d 8h 2c JK", "triples", 3500),
        ("4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 2c 2d", "quads", 3500),
        ("4c 4d 4h 2c 5c 5d 5h 6c 6d 8c 8d 9c 9d JK", "zip_code", 2500),
        ("5c 5d 5h 5s 5c 9c 9d 9h 9s 9c 2c 2d JK JK", "dream_hand_4", 8500),
        ("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc JK", "straight", 3000),
    ],
)
def test_cla_special_hands_mac_33(text, name, value):
    assert special_hand(MAC, parse_cards(text)) == (name, value)


def test_pagat_list_values_garbage_at_2000_and_has_no_quads_mac_35():
    pagat = MAC.with_options(special_hands="PAGAT")
    assert special_hand(pagat, parse_cards("4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 8c 8d 8h")) == (
        "garbage",
        2000,
    )
    assert special_hand(pagat, parse_cards("4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 2c 2d")) is None


def test_special_hand_ends_the_hand_and_scores_its_value_alone_mac_34():
    hand = "4c 4d 5c 5d 6c 6d 8c 8d 9c 9d Tc Td Jc Jd"
    state = _play(hand, melds={}, bonus_threes={0: "3h"})
    after = legal(state, Meld(0, (pick(state, 0, hand),)))
    assert after.end.reason == "special_hand" and after.end.special == "pairs"
    score = score_hand(after)
    assert [(line.key, line.points) for line in score.sides[0].lines] == [("special_hand", 2500)]
    assert lines(after, 1)["hand_penalty"] == -(15 + 15)  # EW count as usual
    assert state_from_dict(state_to_dict(after)) == after


def test_dream_hand_wins_the_game_at_once_mac_34():
    hand = "5c 5d 5h 5s 5c 9c 9d 9h 9s 9c 2c 2d JK JK"
    state = _play(hand, melds={})
    after = legal(state, Meld(0, (pick(state, 0, hand),)))
    match = Match.start(MAC, "dream").record(after)
    assert match.over and match.winner == 0
    assert match.scores[0] == 8500


def test_special_hand_needs_a_closed_side_mac_33():
    hand = "4c 4d 5c 5d 6c 6d 8c 8d 9c 9d Tc Td Jc Jd"
    state = _play(hand)  # the side has opened: the pairs are ordinary melds, illegal as one
    rejected(state, Meld(0, (pick(state, 0, hand),)), "C-MELD-1")


# --- scoring (MAC-36..43, X-MAC-3) --------------------------------------------------------


@pytest.mark.parametrize(
    "text, line",
    [
        ("Kc Kd Kh Ks Kc Kd Kh", ("natural_canastas", 500)),
        ("Kc Kd Kh Ks Kc 2c 2d", ("mixed_canastas", 300)),
        ("Ac Ad Ah As Ac Ad Ah", ("ace_canastas", 2500)),
        ("7c 7d 7h 7s 7c 7d 7h", ("seven_canastas", 2500)),
        ("JK 2c 2d 2h 2s 2c 2d", ("wild_canastas", 2000)),
        ("JK JK JK JK 2c 2d 2h", ("joker_canastas", 2500)),
        ("2c 2d 2h 2s 2c 2d 2h", ("deuce_canastas", 3000)),
    ],
)
def test_canasta_bonuses_mac_36(text, line):
    state = _play("4h 5d", melds={0: [text], 1: ["8c 8d 8h"]})
    assert canasta_line(state.melds[0][0]) == line
    assert lines(state, 0)[line[0]] == line[1]


def test_exact_hand_score_with_every_penalty_mac_36_38_41_42_43():
    melds = {0: ["Kc Kd Kh Ks Kc Kd Kh", "Ac Ad Ah As Ac Ad Ah", "7c 7d 7h"], 1: ["8c 8d 8h"]}
    state = state_from_setup(
        MAC,
        ["7s 7s 7c", "4c", "4d", "5c"],
        stock=STOCK,
        melds=melds,
        bonus_threes={0: "3h 3d 3c"},
    )
    got = lines(state, 0)
    assert got == {
        "melded_cards": 70 + 140 + 15,
        "natural_canastas": 500,
        "ace_canastas": 2500,
        "red_threes": 300,  # MAC-38: two of a colour 300
        "black_threes": 100,
        "open_sevens_penalty": -2500,  # MAC-41
        "sevens_in_hand": -1500,  # MAC-42
        "hand_penalty": -(15 + 5),  # MAC-43
    }
    assert score_hand(state).totals[0] == -395


def test_x_mac_3_threes_ignored_with_one_canasta_mac_39():
    melds = {0: ["Kc Kd Kh Ks Kc Kd Kh"], 1: ["8c 8d 8h"]}
    state = _play("4h 5d", melds=melds, bonus_threes={0: "3h 3d 3c"})
    assert lines(state, 0)["red_threes"] == 0
    assert lines(state, 0)["black_threes"] == 0


def test_x_mac_3_threes_and_melds_subtracted_without_a_canasta_mac_39_40():
    state = _play("4h 5d", melds={0: ["9c 9d 9h"], 1: ["8c 8d 8h"]}, bonus_threes={0: "3h 3d 3c"})
    got = lines(state, 0)
    assert (got["melded_cards"], got["red_threes"], got["black_threes"]) == (-30, -300, -100)


def test_four_threes_of_a_colour_score_1000_mac_38():
    melds = {0: ["Kc Kd Kh Ks Kc Kd Kh", "Qc Qd Qh Qs Qc Qd Qh"], 1: ["8c 8d 8h"]}
    state = _play("4h 5d", melds=melds, bonus_threes={0: "3h 3d 3h 3d"})
    assert lines(state, 0)["red_threes"] == 1000


def test_incomplete_pure_aces_and_wild_meld_penalties_mac_41():
    melds = {0: ["Ac Ad Ah", "2c 2d JK", "Kc Kd Kh 2h"], 1: ["8c 8d 8h"]}
    got = lines(_play("4h 5d", melds=melds), 0)
    assert got["open_aces_penalty"] == -2500 and got["wild_meld_penalty"] == -2000
    mixed = lines(_play("4h 5d", melds={0: ["Ac Ad Ah 2c"], 1: ["8c 8d 8h"]}), 0)
    assert "open_aces_penalty" not in mixed  # MAC-20: a mixed ace meld is an ordinary one


# --- the preset as data ---------------------------------------------------------------------


def test_preset_round_trips_and_game_to_8500_mac_44():
    assert Rules.from_dict(MAC.to_dict()) == MAC
    assert MAC.target == 8500 and MAC.go_out_canastas == 2 and MAC.players == 4


def test_pack_always_frozen_even_onto_an_own_meld_mac_10():
    melds = {0: ["Kc Kd Kh"], 1: ["8c 8d 8h"]}
    state = _draw("Ks 5d 6d 4h", melds=melds, pile="4s Kd")
    rejected(state, TakePile(0, ()), "O-PILE-FROZEN")
    rejected(state, TakePile(0, pick(state, 0, "Ks")), "O-PILE-FROZEN")


def test_drawing_from_the_empty_stock_ends_the_hand_though_the_pack_fits_mac_45():
    melds = {0: ["Kc Kd Kh"], 1: ["8c 8d 8h"]}
    state = _draw("Ks Kh 5d", melds=melds, stock="", pile="4s Kd")
    assert state.phase is Phase.DRAW  # the pack could still be picked
    after = legal(state, DrawStock(0))
    assert after.phase is Phase.OVER and after.end.reason == "stock"


def test_meld_facts_wild_room_follows_the_rule_of_five_and_pure_melds_mac_18_19_20():
    melds = {0: ["9c 9d 9h 9s", "Tc Td Th Ts Tc", "7c 7d 7h 7s 7c", "Kc Kd Kh Ks Kc 2c"], 1: []}
    view = observe(_play("4h 5d", melds=melds), 0)
    rooms = [facts.wild_room for facts in view.meld_facts[0]]
    assert rooms == [0, 2, 0, 1]  # four nines; five tens; sevens pure; K x5 + 2 has one left


def test_no_meld_down_to_a_wild_card_that_may_not_go_out_mac_30_o_out_nowild3():
    rules = MAC.with_options(out_nowild3=True)
    state = _play("5d 5h 5s JK", melds=TWO_CANASTAS, rules=rules)
    rejected(state, _meld(state, "5d 5h 5s"), "C-TURN-7")  # the joker could not go out


def test_no_meld_down_to_one_card_when_o_out_clean_forbids_going_out_mac_30():
    rules = MAC.with_options(go_out_clean="BOTH")  # TWO_CANASTAS holds one natural canasta
    state = _play("5d 5h 5s 4h", melds=TWO_CANASTAS, rules=rules)
    rejected(state, _meld(state, "5d 5h 5s"), "O-OUT-CLEAN")  # the 4h could not go out
    plain = _play("5d 5h 5s 4h", melds=TWO_CANASTAS)
    legal(plain, _meld(plain, "5d 5h 5s"))
