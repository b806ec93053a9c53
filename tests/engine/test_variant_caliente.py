"""RULES.md V-CAL (CAL-1..5, worked example X-37) and VARIANTS.md CAL-A..C: Canasta Caliente.

Seats: N=0, E=1, S=2, W=3; side 0 is NS, side 1 is EW. Piles and stocks are written bottom
first. ``CA`` is the Caliente card.
"""

from __future__ import annotations

from scenario import legal, lines, pick, rejected

from canasta_game.engine import (
    Discard,
    Meld,
    Phase,
    PlayCaliente,
    TakePile,
    apply,
    new_hand,
    preset,
    score_hand,
    state_from_setup,
)
from canasta_game.engine import events as ev
from canasta_game.engine.cards import CALIENTE, IS_CALIENTE, IS_WILD, RANK_OF, VALUE_OF
from canasta_game.engine.codec import log_to_dict, replay, state_from_dict, state_to_dict
from canasta_game.engine.going_out import can_go_out
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.state import HandEnd, Question, evolve

CALIENTE_RULES = preset("caliente")
#: X-37: NS has three melds, EW two.
X37_MELDS = {0: ["9c 9d 9s", "8c 8d 8s", "7c 7d 7s"], 1: ["Kc Kd Ks", "Qc Qd Qs"]}
STOCK = "4c 4d 4s 4h 5c 5d 5s 5h 6c 6d 6s 6h"


def _east_to_play(hand="CA Jc Jd 6c", melds=None, stock=STOCK, rules=CALIENTE_RULES, **kw):
    """E (seat 1) after drawing, holding ``hand``."""
    hands = ["Tc Td", hand, "Th Ts", "Ah Ad"][: rules.players]
    return state_from_setup(
        rules,
        hands,
        stock=stock,
        pile="7h 8h",
        melds=X37_MELDS if melds is None else melds,
        current=1,
        phase=kw.pop("phase", Phase.PLAY),
        **kw,
    )


def test_caliente_pack_110_cards_11_each_target_5000_cal_1_cal_a():
    rules = CALIENTE_RULES
    pack = rules.pack_cards()
    assert len(pack) == rules.deck_size() == 110
    assert sum(1 for c in pack if IS_CALIENTE[c]) == 2
    assert rules.deal_size == 11 and rules.target == 5000 and rules.players == 4
    # CAL-A: without the Caliente cards it is Classic (CAL-B's upcard is Classic's too)
    assert rules.with_options(calientes=0, name="classic-4") == preset("classic-4")
    hand = new_hand(rules, 7)
    assert all(len(h) == 11 for h in hand.hands)


def test_caliente_worth_0_not_wild_never_melded_cal_5():
    state = _east_to_play(hand="CA Jc Jd Js 6c")
    ca = pick(state, 1, "CA")[0]
    assert VALUE_OF[ca] == 0 and not IS_WILD[ca] and RANK_OF[ca] == CALIENTE
    rejected(state, Meld(1, new=(pick(state, 1, "Jc Jd CA"),)), "CAL-5")
    king = next(m for m in state.melds[1] if m.label() == "K")
    rejected(state, Meld(1, add=((king.mid, (ca,)),)), "C-MELD-6")
    legal(state, Meld(1, new=(pick(state, 1, "Jc Jd Js"),)))


def test_x37_playing_the_caliente_draws_back_to_eleven_and_costs_100_cal_2():
    state = _east_to_play()
    after, events = apply(state, PlayCaliente(1))
    hand = after.hands[1]
    assert len(hand) == 11  # three cards left, eight drawn
    assert not any(IS_CALIENTE[c] for c in hand)
    assert len(after.stock) == len(state.stock) - 8
    played = [e for e in events if isinstance(e, ev.CalientePlayed)]
    assert len(played) == 1 and played[0].drawn == 8 and played[0].side == 1
    assert after.calientes_played == ((), (pick(state, 1, "CA")[0],))
    assert after.phase is Phase.PLAY and after.current == 1  # the turn goes on
    assert lines(after, 1)["calientes_played"] == -100
    assert "calientes_played" not in lines(after, 0)


def test_caliente_only_when_behind_every_opposing_side_cal_2_cal_5():
    even = {0: ["9c 9d 9s", "8c 8d 8s"], 1: ["Kc Kd Ks", "Qc Qd Qs"]}
    why = rejected(_east_to_play(melds=even), PlayCaliente(1), "CAL-2")
    assert why.key == "caliente_not_behind" and why.values == {"count": 2, "other": 2}
    # three players, three sides (CAL-5 ENG): fewer melds than one opponent is not enough
    three = CALIENTE_RULES.with_options(players=3, deal_size=13, name="caliente-3")
    melds = {0: ["9c 9d 9s", "8c 8d 8s"], 1: ["Kc Kd Ks"], 2: ["Qc Qd Qs"]}
    rejected(_east_to_play(melds=melds, rules=three), PlayCaliente(1), "CAL-2")
    melds[1] = []
    after = legal(_east_to_play(melds=melds, rules=three), PlayCaliente(1))
    assert len(after.hands[1]) == 13  # V-3P deals 13: back to the deal size


def test_caliente_needs_the_own_turn_after_the_draw_and_the_card_cal_2():
    rejected(_east_to_play(phase=Phase.DRAW), PlayCaliente(1), "CAL-2")
    why = rejected(_east_to_play(hand="Jc Jd 6c"), PlayCaliente(1), "CAL-2")
    assert why.key == "caliente_none"
    classic = state_from_setup(
        preset("classic-4"), ["Tc", "Jc", "Th", "Ah"], stock=STOCK, current=1, phase=Phase.PLAY
    )
    rejected(classic, PlayCaliente(1), "CAL-1")


def test_discarded_caliente_stops_the_pile_for_the_next_player_cal_3():
    state = _east_to_play(hand="CA Jc Jd 6c")
    after = legal(state, Discard(1, pick(state, 1, "CA")[0]))
    assert after.current == 2
    after = legal(after, legal_moves(after)[0])  # S draws
    view = observe(after, 2)
    assert view.pile_blocked and view.pile_block.rule == "CAL-3"
    # S holds two naturals of no rank on top: the rule that stops the take is CAL-3
    blocked = state_from_setup(
        CALIENTE_RULES,
        ["Tc", "Jc", "Th Ts", "Ah"],
        stock=STOCK,
        pile="Tc 8h CA",
        melds=X37_MELDS,
        current=2,
    )
    rejected(blocked, TakePile(2, pick(blocked, 2, "Th Ts")), "CAL-3")


def test_caliente_upcard_is_not_covered_and_stops_the_first_player_cal_b_cal_3():
    for seed in range(3000):
        hand = new_hand(CALIENTE_RULES, seed)
        if IS_CALIENTE[hand.pile[-1]]:
            break
    else:
        raise AssertionError("no deal turned a Caliente up")
    assert len(hand.pile) == 1 or not IS_CALIENTE[hand.pile[0]]  # the procedure stops on it
    assert observe(hand, hand.current).pile_block.rule == "CAL-3"


def _over(hands, melds=None):
    """A finished hand: E (seat 1) went out, with ``hands`` left."""
    state = state_from_setup(CALIENTE_RULES, hands, melds=melds or X37_MELDS, current=1)
    return evolve(state, phase=Phase.OVER, end=HandEnd("went_out", 1))


def test_x37_caliente_left_in_hand_doubles_the_penalty_cal_4():
    state = _over(["Tc Td", "", "Th Ts", "CA Kh Qh Jh Th"])
    west = lines(state, 1)
    # W holds a Caliente and 40 points of cards: penalty -80 in all
    assert west["hand_penalty"] == -40 and west["calientes_in_hand"] == -40
    assert score_hand(state).totals[1] == 60 + 100 - 80  # melded K K K Q Q Q, going out, penalty
    assert "calientes_in_hand" not in lines(state, 0)


def test_two_calientes_triple_the_penalty_not_quadruple_cal_4():
    state = _over(["Tc Td", "", "Th Ts", "CA CA Kh Qh Jh Th"])
    side = {line.key: line for line in score_hand(state).sides[1].lines}
    assert side["hand_penalty"].points == -40
    assert side["calientes_in_hand"].points == -80 and side["calientes_in_hand"].count == 2


def test_red_three_drawn_back_is_laid_out_and_replaced_c_r3_3_cal_2():
    state = _east_to_play(stock="4c 4d 4s 4h 5c 5d 5s 3h 6c 6d")
    after, events = apply(state, PlayCaliente(1))
    assert len(after.hands[1]) == 11
    assert any(isinstance(e, ev.BonusThreePlaced) for e in events)
    assert len(after.bonus_threes[1]) == 1


def test_stock_short_draws_what_is_left_cal_2_c_stock_7():
    after = legal(_east_to_play(stock="4c 4d"), PlayCaliente(1))
    assert len(after.hands[1]) == 5 and not after.stock


def test_caliente_play_in_move_list_view_and_codec_cal_2():
    state = _east_to_play()
    assert PlayCaliente(1) in legal_moves(state)
    view = observe(state, 1)
    assert view.may_play_caliente and view.caliente_why is None and view.holds_caliente
    assert not observe(state, 0).holds_caliente
    assert observe(state, 0).caliente_why.key == "caliente_draw_first"
    after = legal(state, PlayCaliente(1))
    assert not observe(after, 1).may_play_caliente and not observe(after, 1).holds_caliente
    assert observe(after, 0).calientes_played == after.calientes_played  # public: face up
    assert state_from_dict(state_to_dict(after)) == after
    final, actions = replay(log_to_dict(state, [PlayCaliente(1)]))
    assert final == after and actions == [PlayCaliente(1)]


def test_two_calientes_cannot_go_out_one_can_as_the_discard_cal_5():
    canasta = {0: X37_MELDS[0], 1: ["Kc Kd Ks Kh Kc Kd Ks", "Qc Qd Qs"]}
    one = _east_to_play(hand="CA Qh", melds=canasta)
    assert can_go_out(one)
    two = _east_to_play(hand="CA CA Qh", melds=canasta)
    assert not can_go_out(two)


def test_a_red_three_as_the_last_card_drawn_back_ends_the_hand_c_r3_5_cal_2():
    after = legal(_east_to_play(stock="3h"), PlayCaliente(1))
    assert after.phase is Phase.OVER and after.end.reason == "red_three_last"
    assert len(after.bonus_threes[1]) == 1 and len(after.hands[1]) == 3
    assert lines(after, 1)["calientes_played"] == -100


def test_a_player_who_must_go_out_may_not_play_the_caliente_c_out_6_cal_2():
    bound = evolve(_east_to_play(), must_go_out=True, question=Question.YES)
    rejected(bound, PlayCaliente(1), "C-OUT-6")
    assert PlayCaliente(1) not in legal_moves(bound)
