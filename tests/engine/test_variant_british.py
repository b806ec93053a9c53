"""RULES.md V-BRIT: British Canasta, Classic with "Acaba" (BRIT-1..3), from explicit setups.

Seats: N=0, E=1, S=2, W=3; side 0 is NS, side 1 is EW. Piles are written bottom first.
"""

from __future__ import annotations

from scenario import legal, pick, rejected

from canasta_game.engine import (
    Acaba,
    AnswerGoOut,
    AskGoOut,
    Discard,
    DrawStock,
    Phase,
    apply,
    preset,
    score_hand,
    state_from_setup,
)
from canasta_game.engine import events as ev
from canasta_game.engine.codec import log_to_dict, replay
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.state import Question

BRITISH = preset("british")
OPEN = {0: ["9c 9d 9s 9h 9c 9d 9s"], 1: ["8c 8d 8s"]}


def _turn(rules=BRITISH, phase=Phase.PLAY, hands=None, **kwargs):
    hands = hands or ["Qc Qd 5h", "4c 4d 5c", "4s 5d 5s", "6c 6d 6s"][: rules.players]
    return state_from_setup(
        rules,
        hands,
        stock="Tc Td Ts Kc",
        pile="7c 7d",
        melds=kwargs.pop("melds", OPEN),
        phase=phase,
        bonus_threes=kwargs.pop("bonus_threes", {0: "3d 3h"}),
        **kwargs,
    )


def test_british_is_classic_with_acaba_brit_1():
    assert BRITISH.acaba and not preset("classic-4").acaba
    assert BRITISH.with_options(acaba=False, name="classic-4") == preset("classic-4")


def test_acaba_ends_the_hand_opponents_1500_declarers_0_brit_1():
    state = _turn()
    after, events = apply(state, Acaba(0))
    assert after.phase is Phase.OVER and after.end.reason == "acaba" and after.end.seat == 0
    assert any(isinstance(e, ev.AcabaDeclared) and e.seat == 0 for e in events)
    assert not any(isinstance(e, ev.WentOut) for e in events)
    score = score_hand(after)
    assert score.totals == (0, 1500)
    # ENG: nothing else is scored: not the canasta, the red threes, nor the cards in hand
    assert [line.key for line in score.sides[0].lines] == ["acaba_declared"]
    assert [line.key for line in score.sides[1].lines] == ["acaba_opponents"]


def test_acaba_may_be_declared_before_drawing_brit_1():
    state = _turn(phase=Phase.DRAW)
    after = legal(state, Acaba(0))
    assert after.end.reason == "acaba"
    assert Acaba(0) in legal_moves(state) and DrawStock(0) in legal_moves(state)


def test_only_in_the_own_turn_and_only_under_british_rules_brit_1():
    rejected(_turn(), Acaba(1), "C-TURN-1")
    rejected(_turn(rules=preset("classic-4")), Acaba(0), "BRIT-1")
    assert not any(isinstance(m, Acaba) for m in legal_moves(_turn(rules=preset("classic-4"))))


def test_asking_the_partner_a_yes_ends_the_hand_by_acaba_brit_2():
    state = legal(_turn(), Acaba(0, ask=True))
    assert state.phase is Phase.ANSWER and state.actor == 2
    assert observe(state, 2).acaba_question is Question.PENDING
    assert observe(state, 1).acaba_question is Question.NONE  # the opponents see no question
    after = legal(state, AnswerGoOut(2, True))
    assert after.end.reason == "acaba" and after.end.seat == 0
    assert score_hand(after).totals == (0, 1500)


def test_a_no_binds_for_the_rest_of_the_turn_brit_2():
    state = legal(_turn(), Acaba(0, ask=True))
    after = legal(state, AnswerGoOut(2, False))
    assert after.phase is Phase.PLAY and after.acaba_question is Question.NO
    rejected(after, Acaba(0), "BRIT-2")
    rejected(after, Acaba(0, ask=True), "BRIT-2")
    assert not any(isinstance(m, Acaba) for m in legal_moves(after))
    done = legal(after, Discard(0, pick(after, 0, "5h")[0]))
    assert done.acaba_question is Question.NONE  # the next turn may declare again


def test_a_no_before_the_draw_leaves_the_player_to_draw_brit_2():
    state = legal(_turn(phase=Phase.DRAW), Acaba(0, ask=True))
    after = legal(state, AnswerGoOut(2, False))
    assert after.phase is Phase.DRAW
    legal(after, DrawStock(0))


def test_no_partner_to_ask_with_two_players_brit_2():
    two = preset("british").with_options(players=2, deal_size=15, draw_count=2)
    state = _turn(rules=two, hands=["Qc Qd 5h", "4c 4d 5c"])
    rejected(state, Acaba(0, ask=True), "BRIT-2")
    assert legal(state, Acaba(0)).end.reason == "acaba"


def test_more_than_two_sides_every_other_side_scores_1500_brit_3():
    three = preset("british").with_options(players=3, deal_size=13)
    state = _turn(rules=three, melds={0: ["9c 9d 9s"]}, bonus_threes={})
    after = legal(state, Acaba(0))
    assert score_hand(after).totals == (0, 1500, 1500)


def test_a_partners_yes_to_going_out_binds_before_acaba_c_out_6():
    hands = ["Qc Qd Qs 5h", "4c 4d 5c", "4s 5d 5s", "6c 6d 6s"]
    state = legal(_turn(hands=hands), AskGoOut(0))
    state = legal(state, AnswerGoOut(2, True))
    rejected(state, Acaba(0), "C-OUT-6")


def test_acaba_survives_the_log_round_trip_brit_1():
    start = _turn()
    actions = [Acaba(0, ask=True), AnswerGoOut(2, True)]
    final, again = replay(log_to_dict(start, actions))
    assert again == actions and final.end.reason == "acaba"
