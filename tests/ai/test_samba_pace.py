"""Medium's pace once its side has a canasta in the sequence family (SAM-23, C-B3-1).

A Samba hand lasts about five rounds and the side that goes out wins it by some 1500
points, so from the first canasta on Medium melds its hand down (no cards held back for
pile fights, every card melded counts) and throws its black threes at once instead of
keeping them as stops. Each test compares a position with a control that differs in the
one fact the heuristic reads (the side's canastas, or the rules).
"""

from __future__ import annotations

import pytest

from canasta_game.ai import discard, melding
from canasta_game.ai.counting import CardCount
from canasta_game.ai.discard import black_three_stop_value, discard_costs
from canasta_game.ai.medium import ranked_moves
from canasta_game.ai.sequences import (
    FEED_GROUP,
    PACE_MELD_CARD,
    PACE_WILD_SHARE,
    one_canasta_short,
    pace_meld_gain,
    pace_wild_share,
    sheds_black_threes,
    their_group_feed,
)
from canasta_game.ai.situation import read_situation
from canasta_game.engine.actions import Discard, Meld
from canasta_game.engine.cards import face_text
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase, State

SAMBA = preset("samba")
CLASSIC = preset("classic-4")
OTHERS = ["4c 4d 5c Kd Qd", "4s 5d 5s Js 9d", "6c 6d 6s Jc Tc"]
LONG_STOCK = "Tc Td Ts Kc Qh Qs 4h 5c 6c 7c 8c Jd Js Ad Ah As Ac 7d 7s Qc"
ONE_CANASTA = ["9c 9d 9s 9h 9c 9d 9s", "Qc Qd Qs Qh"]
NO_CANASTA = ["9c 9d 9s 9h 9c", "Qc Qd Qs Qh"]
KINGS_AND_JUNK = "Kh Ks Kd 4h 6s Th"  # six cards: the kings leave three, under the reserve


def _position(
    hand: str, ours: list[str], rules=SAMBA, theirs: tuple[str, ...] = ("8c 8d 8s",)
) -> State:
    return state_from_setup(
        rules,
        [hand, *OTHERS],
        stock=LONG_STOCK,
        pile="5c 9c",
        melds={0: ours, 1: list(theirs)},
        phase=Phase.PLAY,
    )


def _card(state: State, face: str) -> int:
    return next(c for c in state.hands[0] if face_text(c) == face)


def _kings(state: State) -> Meld:
    return Meld(0, new=(tuple(_card(state, f) for f in ("Kh", "Ks", "Kd")),))


def test_one_canasta_short_is_the_sequence_family_after_its_first_canasta_sam_23():
    assert one_canasta_short(observe(_position(KINGS_AND_JUNK, ONE_CANASTA), 0))
    assert not one_canasta_short(observe(_position(KINGS_AND_JUNK, NO_CANASTA), 0))
    classic = _position(KINGS_AND_JUNK, ONE_CANASTA[:1], rules=CLASSIC)
    assert not one_canasta_short(observe(classic, 0))


def test_one_canasta_short_melds_below_the_hand_reserve_sam_23():
    """Three kings out of six cards leave three, under the reserve of five: that costs
    before the side's first canasta, and not after it, when every card melded counts."""
    state = _position(KINGS_AND_JUNK, ONE_CANASTA)
    view = observe(state, 0)
    kings = _kings(state)
    assert kings in legal_moves(state)
    situation = read_situation(view)
    assert melding.hand_reserve_cost(view, kings, situation) == 0
    assert pace_meld_gain(view, kings) == 3 * PACE_MELD_CARD
    control = _position(KINGS_AND_JUNK, NO_CANASTA)
    control_view = observe(control, 0)
    assert melding.hand_reserve_cost(control_view, kings, read_situation(control_view)) > 0
    assert pace_meld_gain(control_view, kings) == 0


def test_medium_melds_the_kings_one_canasta_short_and_holds_them_before_sam_23():
    """The decision itself: with a canasta Medium lays the kings down; without one it
    keeps them (a pair and more for the pile) and discards."""
    state = _position(KINGS_AND_JUNK, ONE_CANASTA)
    best = ranked_moves(observe(state, 0), legal_moves(state))[0][1]
    assert isinstance(best, Meld) and set(_kings(state).cards()) <= set(best.cards())
    control = _position(KINGS_AND_JUNK, NO_CANASTA)
    scores = dict(
        (move, score) for score, move in ranked_moves(observe(control, 0), legal_moves(control))
    )
    assert scores[_kings(control)] < 0  # the best discard scores 0


def test_the_sequence_family_throws_a_black_three_at_once_c_b3_1():
    """In Samba a black three costs nothing to throw (it would only block the race out);
    in Classic it is kept as a stop card for a pile worth defending."""
    assert sheds_black_threes(SAMBA) and not sheds_black_threes(CLASSIC)
    hand = "3c Kh 4h 6s Th Jd"
    state = _position(hand, NO_CANASTA)
    view = observe(state, 0)
    situation = read_situation(view)
    assert black_three_stop_value(view, situation) == 0
    discards = [m for m in legal_moves(state) if isinstance(m, Discard)]
    assert discard_costs(view, discards, situation)[0][1].card == _card(state, "3c")
    classic = observe(_position(hand, NO_CANASTA[:1], rules=CLASSIC), 0)
    assert black_three_stop_value(classic, read_situation(classic)) > 0


def test_one_canasta_short_a_wild_card_costs_only_a_share_sam_23(monkeypatch):
    """A pair of kings and a two: before the first canasta the two is saved for a group that
    needs it (SAM-13); one canasta short it costs PACE_WILD_SHARE of that."""
    hand = "Kh Ks 2c 4h 6s Th Jd"
    state = _position(hand, ONE_CANASTA)
    view = observe(state, 0)
    kings = Meld(0, new=(tuple(_card(state, f) for f in ("Kh", "Ks", "2c")),))
    assert kings in legal_moves(state)
    situation = read_situation(view)
    shared = melding.wild_waste_cost(view, kings, situation)
    monkeypatch.setattr(melding, "pace_wild_share", lambda _view: 1.0)
    full = melding.wild_waste_cost(view, kings, situation)
    assert full > 0 and shared == pytest.approx(PACE_WILD_SHARE * full)
    assert pace_wild_share(observe(_position(hand, NO_CANASTA), 0)) == 1.0


def test_a_discard_that_grows_their_group_of_four_feeds_their_next_canasta_sam_23(monkeypatch):
    """The next opponent's side has four kings: a king on the open pile is taken onto them,
    one step nearer their canasta, so it is FEED_GROUP more dangerous. Three kings, a
    frozen pile or Classic: no such charge."""
    state = _position("Kh 4h 6s Th", ONE_CANASTA, theirs=("Kc Kd Ks Kc",))
    view = observe(state, 0)
    king = _card(state, "Kh")
    assert their_group_feed(view, king, 1) == FEED_GROUP
    counts = CardCount(view)
    fed = discard.danger(view, king, counts)
    monkeypatch.setattr(discard, "their_group_feed", lambda _view, _card, _side: 0.0)
    assert fed - discard.danger(view, king, counts) == pytest.approx(FEED_GROUP)
    three = observe(_position("Kh 4h 6s Th", ONE_CANASTA, theirs=("Kc Kd Ks",)), 0)
    assert their_group_feed(three, king, 1) == 0
    frozen = state_from_setup(
        SAMBA,
        ["Kh 4h 6s Th", *OTHERS],
        stock=LONG_STOCK,
        pile="5c 2d 9c",
        melds={0: ONE_CANASTA, 1: ["Kc Kd Ks Kc"]},
        phase=Phase.PLAY,
    )
    assert frozen.pile_frozen
    assert their_group_feed(observe(frozen, 0), king, 1) == 0
    classic = _position("Kh 4h 6s Th", ONE_CANASTA[:1], rules=CLASSIC, theirs=("Kc Kd Ks Kc",))
    assert their_group_feed(observe(classic, 0), king, 1) == 0
