"""The sequence family's named heuristics (``canasta_game.ai.sequences``), one test each.

Positions are Samba or Bolivia with four players: seat 0 (side 0, partner seat 2) is to move
after drawing; seat 1 (side 1) plays next. Each test compares the position with a control
that differs in the one fact the heuristic reads, so it fails if the heuristic is removed.
"""

from __future__ import annotations

import pytest

from canasta_game.ai.counting import CardCount
from canasta_game.ai.discard import danger, feeds_their_sequence
from canasta_game.ai.keep import keep_value
from canasta_game.ai.melding import meld_score
from canasta_game.ai.sequences import (
    canasta_bonuses,
    out_missing,
    run_break_cost,
    run_keep_values,
    surplus_wilds,
)
from canasta_game.ai.situation import read_situation, threat_of
from canasta_game.engine.actions import Discard, Meld
from canasta_game.engine.cards import face_text
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase, State

SAMBA = preset("samba")
BOLIVIA = preset("bolivia")
OTHERS = ["4c 4d 5c Kd Qd", "4s 5d 5s Js 9d", "6c 6d 6s Jc Tc"]


def _position(rules, hand, melds=None, pile="5c 9c", **kwargs) -> State:
    return state_from_setup(
        rules,
        [hand, *kwargs.pop("others", OTHERS)],
        stock="Tc Td Ts Kc Qh Qs",
        pile=pile,
        melds={0: ["9c 9d 9s"], 1: ["8c 8d 8s"]} if melds is None else melds,
        phase=Phase.PLAY,
        **kwargs,
    )


def _cards(state, text, seat=0):
    out: list[int] = []
    for face in text.split():
        out.append(next(c for c in state.hands[seat] if face_text(c) == face and c not in out))
    return tuple(out)


def _medium(state):
    from canasta_game.ai.medium import MediumBot
    from canasta_game.engine.movegen import legal_moves

    legal = legal_moves(state)
    move = MediumBot(state.actor, "scenario").choose(observe(state, state.actor), legal)
    assert move in legal
    return move


def test_run_keep_values_keep_a_run_like_a_melded_rank_sam_9():
    """A card of a run in hand is worth keeping; the same card alone is not."""
    hand = "5h 6h 7h Kc Qd 4s"
    state = _position(SAMBA, hand)
    six = _cards(state, "6h")[0]
    lone = _cards(state, "4s")[0]
    melds = state.melds[0]
    values = run_keep_values(SAMBA, state.hands[0], melds)
    assert six in values and lone not in values
    assert keep_value(SAMBA, six, state.hands[0], melds) > keep_value(
        SAMBA, lone, state.hands[0], melds
    )
    assert run_keep_values(preset("classic-4"), state.hands[0], melds) == {}  # no sequences


def test_a_card_that_extends_the_sides_sequence_is_kept_sam_11():
    melds = {0: ["9c 9d 9s", "9h Th Jh"], 1: ["8c 8d 8s"]}
    state = _position(SAMBA, "Qh 5s Kc Kd 7d", melds=melds)
    queen = _cards(state, "Qh")[0]
    values = run_keep_values(SAMBA, state.hands[0], state.melds[0])
    assert values[queen] >= 60.0  # EXTENDS_SEQUENCE
    move = _medium(state)
    assert not (isinstance(move, Discard) and move.card == queen)


def test_starting_a_sequence_beats_a_group_of_more_points_sequence_progress():
    """Without ``sequence_progress`` the three nines (27 points) would outscore 5h-6h-7h."""
    state = _position(SAMBA, "5h 6h 7h Kc Kd Kh 4s Qd", melds={0: ["Ac Ad As"], 1: ["8c 8d 8s"]})
    view = observe(state, 0)
    situation = read_situation(view)
    run = Meld(0, (_cards(state, "5h 6h 7h"),))
    kings = Meld(0, (_cards(state, "Kc Kd Kh"),))
    assert meld_score(view, run, situation) > meld_score(view, kings, situation)


def test_a_run_is_not_broken_for_a_group_run_break_cost():
    state = _position(SAMBA, "6h 7h 8h 7c 7d Kc Qs 4d")
    view = observe(state, 0)
    group = Meld(0, (_cards(state, "7c 7d 7h"),))
    assert run_break_cost(view, group) > 0
    control = _position(SAMBA, "6c 7h 8d 7c 7d Kc Qs 4d")  # no run in hand
    assert run_break_cost(observe(control, 0), Meld(0, (_cards(control, "7c 7d 7h"),))) == 0
    move = _medium(state)
    assert not any(
        len({face_text(c)[0] for c in cards}) == 1 and _cards(state, "7h")[0] in cards
        for cards in getattr(move, "new", ())
    ), move


def test_medium_goes_for_the_bolivia_with_three_wild_cards_bol_2_bol_3():
    state = _position(BOLIVIA, "2c 2d JK 5s Kc Qd 9h 4d")
    move = _medium(state)
    assert isinstance(move, Meld)
    wild_meld = _cards(state, "2c 2d JK")
    assert any(set(wild_meld) <= set(cards) for cards in move.new), move


def test_completing_a_sequence_earns_the_samba_bonus_sam_26():
    melds = {0: ["9c 9d 9s", "5h 6h 7h 8h 9h Th"], 1: ["8c 8d 8s"]}
    state = _position(SAMBA, "Jh 4s Kc Kd", melds=melds)
    run = state.melds[0][1]
    move = Meld(0, add=((run.mid, _cards(state, "Jh")),))
    assert canasta_bonuses(observe(state, 0), move) == (1, 1500)


@pytest.mark.parametrize(("name", "missing"), [("samba", 0), ("bolivia", 1)])
def test_out_missing_counts_bolivias_escalera_bol_9(name, missing):
    """Two group canastas let a Samba side go out, not a Bolivia side (no escalera)."""
    rules = preset(name)
    canastas = ["Kc Kd Ks Kh Kc Kd Ks", "Qc Qd Qs Qh Qc Qd Qs"]
    state = _position(rules, "4s 5d 9h", melds={0: ["9c 9d 9s"], 1: canastas}, others=OTHERS)
    view = observe(state, 0)
    assert out_missing(view, 1) == missing
    assert (threat_of(view, 1) >= 0.35) is (missing == 0)  # side 1 holds five cards a seat


def test_a_card_that_extends_the_next_opponents_sequence_is_dangerous_sam_18():
    melds = {0: ["9c 9d 9s"], 1: ["8c 8d 8s", "9h Th Jh"]}
    state = _position(SAMBA, "Qh Qc 5s 4d Kc", melds=melds)
    view = observe(state, 0)
    queen_h, queen_c = _cards(state, "Qh Qc")
    assert feeds_their_sequence(view, queen_h) and not feeds_their_sequence(view, queen_c)
    counts = CardCount(view)
    assert danger(view, queen_h, counts) > danger(view, queen_c, counts)
    frozen = observe(_position(SAMBA, "Qh Qc 5s 4d Kc", melds=melds, pile="5c 2d 9c"), 0)
    assert not feeds_their_sequence(frozen, queen_h)  # a frozen pile needs a natural pair


def test_surplus_wild_cards_are_not_hoarded_sam_10_sam_13():
    """With only sequences on the table and no pair in hand, wild cards have nowhere to go."""
    melds = {0: ["5h 6h 7h"], 1: ["8c 8d 8s"]}
    state = _position(SAMBA, "2c JK 4s 9d Kc", melds=melds)
    hand = state.hands[0]
    assert surplus_wilds(SAMBA, hand, state.melds[0]) == 2
    two = _cards(state, "2c")[0]
    control = _position(SAMBA, "2c JK 4s Kd Kc", melds=melds)  # a pair of kings takes two
    assert surplus_wilds(SAMBA, control.hands[0], control.melds[0]) == 0
    assert keep_value(SAMBA, two, hand, state.melds[0]) < keep_value(
        SAMBA, _cards(control, "2c")[0], control.hands[0], control.melds[0]
    )
    assert surplus_wilds(BOLIVIA, hand, state.melds[0]) == 0  # Bolivia: the bolivia takes them


def test_hards_evaluation_counts_a_samba_at_1500_sam_26():
    """Hard's rollouts score a samba as a samba, not as a natural canasta."""
    from canasta_game.ai.evaluate import side_value

    melds = {0: ["5h 6h 7h 8h 9h Th Jh"], 1: ["Kc Kd Ks Kh Kc Kd Ks"]}
    state = _position(SAMBA, "4s", melds=melds, others=["4c", "5c", "6c"])
    assert side_value(state, 0) - side_value(state, 1) == (1500 + 55) - (500 + 70)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_a_player_who_could_go_out_asks_the_partner_first_bra_11(level):
    """Brazilian: going out needs the partner's yes, so a bot able to go out asks first."""
    from canasta_game.ai import make_bot
    from canasta_game.engine.actions import AskGoOut
    from canasta_game.engine.movegen import legal_moves

    kings, aces = "Kc Kd Ks Kh Kc Kd Ks", "Ac Ad As Ah Ac Ad Ah"
    melds = {0: [kings, aces], 1: ["8c 8d 8s"]}
    state = _position(preset("brazilian"), "Qc Qd Qs 4c", melds=melds)
    legal = legal_moves(state)
    move = make_bot(level, 0, "scenario").choose(observe(state, 0), legal)
    assert move == AskGoOut(0)
