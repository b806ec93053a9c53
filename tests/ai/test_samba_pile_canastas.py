"""Medium takes a Samba pile whose cards complete a canasta this turn (SAM-17, SAM-18, SAM-23).

The race to two canastas decides a sequence-family hand, and a pile that lets the side lay
a canasta at once is the quickest step in it. Each test compares a position with a control
that differs in the one fact the heuristic reads (the top card, or the rules).
"""

from __future__ import annotations

from canasta_game.ai import pile
from canasta_game.ai.counting import CardCount
from canasta_game.ai.discard import SURE_TAKE, danger
from canasta_game.ai.medium import ranked_moves
from canasta_game.ai.pile import pile_gift
from canasta_game.ai.sequences import (
    PILE_BLACK_THREE,
    PILE_CANASTA,
    completable_canastas,
    pile_black_three_cost,
    pile_canasta_value,
    their_pile_canasta_value,
)
from canasta_game.ai.situation import read_situation
from canasta_game.engine.actions import DrawStock, TakePile
from canasta_game.engine.cards import face_text, parse_cards
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase, State

SAMBA = preset("samba")
OTHERS = ["4c 4d 5c Kd Qd", "4s 5d 5s Js 9d", "6c 6d 6s Jc Tc"]
HAND = "2c 4d 7h Jc Ac 6h"
OURS = ["Qc Qd Qs Qh Qc", "9c 9d 9h"]  # five natural queens: one queen and one wild short
QUEEN_ON_TOP = "5c 8d 9s Qd"
KING_ON_TOP = "5c 8d 9s Kd"


def _position(pile: str, rules=SAMBA, ours: list[str] = OURS) -> State:
    return state_from_setup(
        rules,
        [HAND, *OTHERS],
        stock="Tc Td Ts Kc Qh Qs 4h 5c 6c 7c",
        pile=pile,
        melds={0: ours, 1: ["8c 8d 8s"]},
        phase=Phase.DRAW,
    )


def test_the_pile_that_completes_a_group_canasta_is_worth_a_canasta_sam_18():
    """Queens 5 + the pile's Qd + the hand's 2c make seven (SAM-13: two wild cards at most);
    the hand alone makes six. A king on top completes nothing."""
    view = observe(_position(QUEEN_ON_TOP), 0)
    assert pile_canasta_value(view) == PILE_CANASTA
    assert pile_canasta_value(observe(_position(KING_ON_TOP), 0)) == 0


def test_medium_takes_that_pile_rather_than_draw_two_sam_23():
    """Without the canasta it completes, two stock cards (``draw_value``) beat this pile."""
    state = _position(QUEEN_ON_TOP)
    ranked = ranked_moves(observe(state, 0), legal_moves(state))
    assert isinstance(ranked[0][1], TakePile)
    control = _position(KING_ON_TOP)
    ranked = ranked_moves(observe(control, 0), legal_moves(control))
    assert isinstance(ranked[0][1], DrawStock)


def test_only_the_sequence_family_counts_pile_canastas():
    """Classic's race is not to two canastas (C-OUT-1): the heuristic stays out of it."""
    classic = preset("classic-4")
    view = observe(_position(QUEEN_ON_TOP, rules=classic, ours=OURS[:1]), 0)
    assert pile_canasta_value(view) == 0


def test_wild_cards_are_shared_out_nearest_group_first_sam_13():
    """One wild card completes one group six cards long, not two; five naturals of a rank
    with two wild cards make a new canasta; a group never takes a third wild card."""
    melds = state_from_setup(
        SAMBA, ["", *OTHERS], melds={0: ["Kc Kd Ks Kh Kc 2d", "Jc Jd Js Jh Jc 2s"]}
    ).melds[0]
    assert completable_canastas(SAMBA, parse_cards("2c"), melds) == 1
    assert completable_canastas(SAMBA, parse_cards("2c JK"), melds) == 2
    assert completable_canastas(SAMBA, parse_cards("5c 5d 5s 5h 5c 2h JK"), ()) == 1
    assert completable_canastas(SAMBA, parse_cards("5c 5d 5s 5h 2h JK JK"), ()) == 0


def test_pile_cards_that_extend_a_sequence_to_seven_make_a_samba_sam_11():
    """5h-9h and the cards Th Jh (or 4h Th) reach seven; Th alone leaves it at six."""
    melds = state_from_setup(SAMBA, ["", *OTHERS], melds={0: ["5h 6h 7h 8h 9h"]}).melds[0]
    assert completable_canastas(SAMBA, parse_cards("Th Jh"), melds) == 1
    assert completable_canastas(SAMBA, parse_cards("4h Th"), melds) == 1
    assert completable_canastas(SAMBA, parse_cards("Th Jd"), melds) == 0


def test_a_discard_that_completes_their_canasta_is_more_dangerous_sam_18():
    """The opponents' six kings take a discarded king and become a canasta with it: the
    discard's danger counts that canasta (PILE_CANASTA); a king onto their three eights,
    or a king in Classic, counts none."""
    six_kings = state_from_setup(
        SAMBA,
        ["Ks 4d 7h Jc", *OTHERS],
        stock="Tc Td Ts Kc Qh Qs",
        pile="5c 9c",
        melds={0: ["9c 9d 9s"], 1: ["Kc Kd Ks Kh Kc Kd"]},
        phase=Phase.PLAY,
    )
    view = observe(six_kings, 0)
    king, four = (c for c in six_kings.hands[0] if face_text(c) in ("Ks", "4d"))
    assert their_pile_canasta_value(view, king, 1) == PILE_CANASTA
    assert their_pile_canasta_value(view, four, 1) == 0
    gift = pile_gift(view, king)
    assert danger(view, king, CardCount(view)) >= SURE_TAKE * (gift + PILE_CANASTA) - 1e-9
    classic = preset("classic-4")
    control = observe(
        state_from_setup(classic, ["Ks 4d 7h Jc", *OTHERS], melds={1: ["Kc Kd Ks Kh Kc Kd"]}), 0
    )
    assert their_pile_canasta_value(control, king, 1) == 0


def test_black_threes_in_the_pile_cost_a_discard_each_c_b3_1(monkeypatch):
    """Two black threes under the top card cost 2 x PILE_BLACK_THREE of the take's value in
    Samba (they only leave the hand one a turn, or three together when going out)."""
    state = _position("5c 3c 3s 9s Qd")
    view = observe(state, 0)
    assert pile_black_three_cost(view) == 2 * PILE_BLACK_THREE
    take = next(m for m in legal_moves(state) if isinstance(m, TakePile))
    situation = read_situation(view)
    counted = pile.pile_take_value(view, take, situation)
    monkeypatch.setattr(pile, "pile_black_three_cost", lambda _view: 0.0)
    assert pile.pile_take_value(view, take, situation) - counted == 2 * PILE_BLACK_THREE
    classic = observe(_position("5c 3c 3s 9s Qd", rules=preset("classic-4"), ours=OURS[:1]), 0)
    assert pile_black_three_cost(classic) == 0
