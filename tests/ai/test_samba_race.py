"""Medium in the sequence family's race to two canastas and out (SAM-6, SAM-7, SAM-23, SAM-27,
C-B3-1).

Samba deals 15 cards and draws two a turn, so a side that has its two canastas only goes
out if it melds every turn and throws the cards no meld takes; and a stock draw brings two
cards where taking the pile brings none from the stock. Each test compares a position with
a control that differs in the one fact the heuristic reads.
"""

from __future__ import annotations

import pytest

from canasta_game.ai import discard, melding
from canasta_game.ai.counting import CardCount
from canasta_game.ai.discard import black_three_stop_value, discard_costs
from canasta_game.ai.goingout import (
    AHEAD,
    SAFE_THREAT,
    build_potential,
    go_out_or_hold,
    race_meld_gain,
    race_shed_relief,
    racing_out,
    their_race_gain,
)
from canasta_game.ai.medium import ranked_moves
from canasta_game.ai.melding import natural_canasta_cost, wild_waste_cost
from canasta_game.ai.pile import DRAW_VALUE, FIGHT_DRAW_VALUE, draw_value
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
from canasta_game.ai.situation import read_situation, threat_of
from canasta_game.engine.actions import Discard, Meld
from canasta_game.engine.cards import face_text
from canasta_game.engine.movegen import legal_moves
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase, State

SAMBA = preset("samba")
OTHERS = ["4c 4d 5c Kd Qd", "4s 5d 5s Js 9d", "6c 6d 6s Jc Tc"]
TWO_CANASTAS = ["9c 9d 9s 9h 9c 9d 9s", "Qc Qd Qs Qh Qc Qd Qh", "5h 6h 7h"]
LONG_STOCK = "Tc Td Ts Kc Qh Qs 4h 5c 6c 7c 8c Jd Js Ad Ah As Ac 7d 7s Qc"
ONE_CANASTA = ["9c 9d 9s 9h 9c 9d 9s", "Qc Qd Qs Qh", "5h 6h 7h"]


def _position(
    hand: str,
    ours: list[str],
    rules=SAMBA,
    stock="Tc Td Ts Kc Qh Qs",
    theirs: tuple[str, ...] = ("8c 8d 8s",),
) -> State:
    return state_from_setup(
        rules,
        [hand, *OTHERS],
        stock=stock,
        pile="5c 9c",
        melds={0: ours, 1: list(theirs)},
        phase=Phase.PLAY,
    )


def _card(state: State, face: str) -> int:
    return next(c for c in state.hands[0] if face_text(c) == face)


def test_a_side_with_its_two_canastas_races_out_sam_23():
    """Racing out starts with the second canasta, and only in the sequence family."""
    racing = observe(_position("Kh Ks 2c 4d", TWO_CANASTAS), 0)
    assert racing_out(racing, read_situation(racing))
    short = observe(_position("Kh Ks 2c 4d", ONE_CANASTA), 0)
    assert not racing_out(short, read_situation(short))
    classic = preset("classic-4")
    melds = ["9c 9d 9s 9h 9c 9d 9s", "Qc Qd Qs Qh Qc Qd Qh"]
    other = observe(_position("Kh Ks 2c 4d", melds, rules=classic), 0)
    assert not racing_out(other, read_situation(other))


def test_racing_out_melds_a_pair_with_a_wild_card_sam_27():
    """With the canastas made, a pair and a wild card go down: one step nearer the 200."""
    state = _position("Kh Ks 2c 4d", TWO_CANASTAS)
    view = observe(state, 0)
    kings = Meld(0, new=((_card(state, "Kh"), _card(state, "Ks"), _card(state, "2c")),))
    assert kings in legal_moves(state)
    assert race_meld_gain(view, kings, read_situation(view)) > 0
    control = _position("Kh Ks 2c 4d", ONE_CANASTA)
    control_view = observe(control, 0)
    assert race_meld_gain(control_view, kings, read_situation(control_view)) == 0


def test_racing_out_throws_the_card_no_meld_takes_first_sam_23():
    """A lone king blocks going out; a queen goes onto the side's queens and 8h extends the
    side's 5h-6h-7h, so the king is the card to throw."""
    state = _position("Kh 8h Qs 4d 4h", TWO_CANASTAS)
    view = observe(state, 0)
    situation = read_situation(view)
    king, eight, queen = (_card(state, f) for f in ("Kh", "8h", "Qs"))
    assert race_shed_relief(view, king, situation) > 0
    assert race_shed_relief(view, eight, situation) == 0  # extends 5h 6h 7h (SAM-18)
    assert race_shed_relief(view, queen, situation) == 0  # the side's queens take it
    discards = [m for m in legal_moves(state) if isinstance(m, Discard)]
    costs = dict((m.card, cost) for cost, m in discard_costs(view, discards, situation))
    control = _position("Kh 8h Qs 4d 4h", ONE_CANASTA)
    control_view = observe(control, 0)
    assert race_shed_relief(control_view, king, read_situation(control_view)) == 0
    assert costs[king] < costs[queen]


def test_a_two_card_draw_is_worth_two_stock_cards_sam_6_sam_7():
    """Taking the pile gives up both stock cards of a Samba turn, one of a Classic turn."""
    assert draw_value(SAMBA) == 2 * DRAW_VALUE
    assert draw_value(preset("italian")) == DRAW_VALUE  # one card a turn
    assert draw_value(preset("classic-4")) == FIGHT_DRAW_VALUE  # the pile fight (pile_fight)


def test_a_wild_card_is_dearer_where_only_groups_take_one_sam_10_sam_13():
    """Before the race, a wild card spent on a small group costs more in Samba than in
    Classic: sequences never take one and a group takes two at most."""
    melds = ["9c 9d 9s", "5h 6h 7h"]
    costs = []
    for rules in (SAMBA, preset("classic-4")):
        ours = melds if rules.sequences else melds[:1]
        state = _position("Kh Ks 2c 4d Jh Jc 8s", ours, rules=rules, stock=LONG_STOCK)
        view = observe(state, 0)
        kings = Meld(0, new=((_card(state, "Kh"), _card(state, "Ks"), _card(state, "2c")),))
        assert kings in legal_moves(state)
        costs.append(wild_waste_cost(view, kings, read_situation(view)))
    assert costs[0] > costs[1] > 0


def test_racing_out_throws_a_black_three_that_cannot_meld_c_b3_1():
    """Racing out, one black three only blocks (three or more meld when going out); with
    three in hand they go down together, so none is thrown."""
    lone = _position("3c Kh Ks 2c Qs", TWO_CANASTAS)
    view = observe(lone, 0)
    assert race_shed_relief(view, _card(lone, "3c"), read_situation(view)) > 0
    three = _position("3c 3s 3c Kh Ks 2c Qs", TWO_CANASTAS)
    view = observe(three, 0)
    assert race_shed_relief(view, _card(three, "3c"), read_situation(view)) == 0
    short = _position("3c Kh Ks 2c Qs", ONE_CANASTA)
    view = observe(short, 0)
    assert race_shed_relief(view, _card(short, "3c"), read_situation(view)) == 0


def test_before_its_two_canastas_a_side_spoils_a_natural_meld_freely_sam_23():
    """A wild card onto four natural queens costs the hope of a natural canasta in Classic;
    in Samba, before the two canastas that let the side go out, it costs nothing."""
    costs = []
    for rules in (SAMBA, preset("classic-4")):
        ours = ONE_CANASTA if rules.sequences else ONE_CANASTA[:2]
        state = _position("2c 4d Jh Jc 8s Kh", ours, rules=rules, stock=LONG_STOCK)
        view = observe(state, 0)
        queens = next(m.mid for m in state.melds[0] if face_text(m.cards[0])[0] == "Q")
        spoil = Meld(0, add=((queens, (_card(state, "2c"),)),))
        assert spoil in legal_moves(state)
        costs.append(natural_canasta_cost(view, spoil, read_situation(view)))
    assert costs[0] == 0 < costs[1]


THEIR_TWO = ("Jc Jd Js Jh Jc Jd Js", "Ac Ad As Ah Ac Ad As")  # the opponents' two canastas


def test_an_opposing_side_with_its_canastas_threatens_from_a_bigger_hand_sam_6():
    """Their hands of five cards draw two a turn and meld whole runs and groups: in Samba
    that side is about to go out, in Classic it still has a round or two."""
    threats = []
    for rules in (SAMBA, preset("classic-4")):
        view = observe(_position("Kh Ks 4d", ONE_CANASTA[:1], rules=rules, theirs=THEIR_TWO), 0)
        threats.append(threat_of(view, 1))
    assert threats[0] > threats[1]
    assert threats[0] >= 0.7


def test_melding_pays_while_the_opponents_race_out_sam_27():
    """With the opponents' two canastas down and their hands small, every card this side
    melds is one that will not count against it; not while they still lack a canasta."""
    state = _position("Kh Ks Kd 4d 6s Th", ONE_CANASTA, stock=LONG_STOCK, theirs=THEIR_TWO)
    view = observe(state, 0)
    kings = Meld(0, new=((_card(state, "Kh"), _card(state, "Ks"), _card(state, "Kd")),))
    assert kings in legal_moves(state)
    assert their_race_gain(view, kings, read_situation(view)) > 0
    calm = _position("Kh Ks Kd 4d 6s Th", ONE_CANASTA, stock=LONG_STOCK, theirs=THEIR_TWO[:1])
    calm_view = observe(calm, 0)
    assert their_race_gain(calm_view, kings, read_situation(calm_view)) == 0


def test_a_sequence_family_side_goes_out_rather_than_hold_sam_23():
    """Nobody near out and a five-card meld to build on: Medium holds in Classic (see
    go_out_or_hold), but in Samba the side that may go out does."""
    ours = [*TWO_CANASTAS[:2], "Kc Kd Ks Kh Kc"]
    theirs = ("4c 5c 6c 7c 8c 9c Tc", "8d 8s 8h")  # a samba (1500) keeps our lead small
    view = observe(_position("Qs", ours, stock=LONG_STOCK, theirs=theirs), 0)
    situation = read_situation(view)
    assert build_potential(view) > 0
    assert situation.opponent_threat <= SAFE_THREAT and situation.table_lead < AHEAD
    assert go_out_or_hold(view, situation)


# --- one canasta short: the race out has begun (SAM-23) --------------------------------------
# A Samba hand lasts about five rounds and the side that goes out wins it by some 1500
# points, so from the first canasta on Medium melds its hand down (no cards held back for
# pile fights, every card melded counts, a wild card costs a share of its price) and throws
# its black threes at once instead of keeping them as stops.

CLASSIC = preset("classic-4")
PACE_ONE = ["9c 9d 9s 9h 9c 9d 9s", "Qc Qd Qs Qh"]
PACE_NONE = ["9c 9d 9s 9h 9c", "Qc Qd Qs Qh"]
KINGS_AND_JUNK = "Kh Ks Kd 4h 6s Th"  # six cards: the kings leave three, under the reserve


def _kings(state: State) -> Meld:
    return Meld(0, new=(tuple(_card(state, f) for f in ("Kh", "Ks", "Kd")),))


def test_one_canasta_short_is_the_sequence_family_after_its_first_canasta_sam_23():
    """A canasta down and one more needed to go out: only where sequences are played."""
    assert one_canasta_short(observe(_position(KINGS_AND_JUNK, PACE_ONE, stock=LONG_STOCK), 0))
    assert not one_canasta_short(observe(_position(KINGS_AND_JUNK, PACE_NONE, stock=LONG_STOCK), 0))
    classic = _position(KINGS_AND_JUNK, PACE_ONE[:1], rules=CLASSIC, stock=LONG_STOCK)
    assert not one_canasta_short(observe(classic, 0))


def test_one_canasta_short_melds_below_the_hand_reserve_sam_23():
    """Three kings out of six cards leave three, under the reserve of five: that costs
    before the side's first canasta, and not after it, when every card melded counts."""
    state = _position(KINGS_AND_JUNK, PACE_ONE, stock=LONG_STOCK)
    view = observe(state, 0)
    kings = _kings(state)
    assert kings in legal_moves(state)
    situation = read_situation(view)
    assert melding.hand_reserve_cost(view, kings, situation) == 0
    assert pace_meld_gain(view, kings) == 3 * PACE_MELD_CARD
    control = _position(KINGS_AND_JUNK, PACE_NONE, stock=LONG_STOCK)
    control_view = observe(control, 0)
    assert melding.hand_reserve_cost(control_view, kings, read_situation(control_view)) > 0
    assert pace_meld_gain(control_view, kings) == 0


def test_medium_melds_the_kings_one_canasta_short_and_holds_them_before_sam_23():
    """The decision itself: with a canasta Medium lays the kings down; without one it
    keeps them (a pair and more for the pile) and discards."""
    state = _position(KINGS_AND_JUNK, PACE_ONE, stock=LONG_STOCK)
    best = ranked_moves(observe(state, 0), legal_moves(state))[0][1]
    assert isinstance(best, Meld) and set(_kings(state).cards()) <= set(best.cards())
    control = _position(KINGS_AND_JUNK, PACE_NONE, stock=LONG_STOCK)
    scores = dict(
        (move, score) for score, move in ranked_moves(observe(control, 0), legal_moves(control))
    )
    assert scores[_kings(control)] < 0  # the best discard scores 0


def test_the_sequence_family_throws_a_black_three_at_once_c_b3_1():
    """In Samba a black three costs nothing to throw (it would only block the race out);
    in Classic it is kept as a stop card for a pile worth defending."""
    assert sheds_black_threes(SAMBA) and not sheds_black_threes(CLASSIC)
    hand = "3c Kh 4h 6s Th Jd"
    state = _position(hand, PACE_NONE, stock=LONG_STOCK)
    view = observe(state, 0)
    situation = read_situation(view)
    assert black_three_stop_value(view, situation) == 0
    discards = [m for m in legal_moves(state) if isinstance(m, Discard)]
    assert discard_costs(view, discards, situation)[0][1].card == _card(state, "3c")
    classic = observe(_position(hand, PACE_NONE[:1], rules=CLASSIC, stock=LONG_STOCK), 0)
    assert black_three_stop_value(classic, read_situation(classic)) > 0


def test_one_canasta_short_a_wild_card_costs_only_a_share_sam_23(monkeypatch):
    """A pair of kings and a two: before the first canasta the two is saved for a group that
    needs it (SAM-13); one canasta short it costs PACE_WILD_SHARE of that."""
    hand = "Kh Ks 2c 4h 6s Th Jd"
    state = _position(hand, PACE_ONE, stock=LONG_STOCK)
    view = observe(state, 0)
    kings = Meld(0, new=(tuple(_card(state, f) for f in ("Kh", "Ks", "2c")),))
    assert kings in legal_moves(state)
    situation = read_situation(view)
    shared = melding.wild_waste_cost(view, kings, situation)
    monkeypatch.setattr(melding, "pace_wild_share", lambda _view: 1.0)
    full = melding.wild_waste_cost(view, kings, situation)
    assert full > 0 and shared == pytest.approx(PACE_WILD_SHARE * full)
    assert pace_wild_share(observe(_position(hand, PACE_NONE, stock=LONG_STOCK), 0)) == 1.0


def test_a_discard_that_grows_their_group_of_four_feeds_their_next_canasta_sam_23(monkeypatch):
    """The next opponent's side has four kings: a king on the open pile is taken onto them,
    one step nearer their canasta, so it is FEED_GROUP more dangerous. Three kings, a
    frozen pile or Classic: no such charge."""
    state = _position("Kh 4h 6s Th", PACE_ONE, theirs=("Kc Kd Ks Kc",))
    view = observe(state, 0)
    king = _card(state, "Kh")
    assert their_group_feed(view, king, 1) == FEED_GROUP
    counts = CardCount(view)
    fed = discard.danger(view, king, counts)
    monkeypatch.setattr(discard, "their_group_feed", lambda _view, _card, _side: 0.0)
    assert fed - discard.danger(view, king, counts) == pytest.approx(FEED_GROUP)
    three = observe(_position("Kh 4h 6s Th", PACE_ONE, theirs=("Kc Kd Ks",)), 0)
    assert their_group_feed(three, king, 1) == 0
    frozen = state_from_setup(
        SAMBA,
        ["Kh 4h 6s Th", *OTHERS],
        stock=LONG_STOCK,
        pile="5c 2d 9c",
        melds={0: PACE_ONE, 1: ["Kc Kd Ks Kc"]},
        phase=Phase.PLAY,
    )
    assert frozen.pile_frozen
    assert their_group_feed(observe(frozen, 0), king, 1) == 0
    classic = _position("Kh 4h 6s Th", PACE_ONE[:1], rules=CLASSIC, theirs=("Kc Kd Ks Kc",))
    assert their_group_feed(observe(classic, 0), king, 1) == 0


def _any_table(rules, hand: str) -> State:
    """Seat 0 with one meld of its side down and each other seat a hand of its own, for any
    number of players and partnerships."""
    others = [
        "4c 4d 5c Kd Qd 7s 8s",
        "4s 5d 5s Js 9d 7d 8d",
        "6c 6d 6s Jc Tc 7c 8c",
        "4h 5h 9h Jh Qh Ac As",
        "6h Td Ts Qs Kc Ah 7c",
    ]
    return state_from_setup(
        rules,
        [hand, *others[: rules.players - 1]],
        stock=LONG_STOCK,
        pile="5c 9c",
        melds={0: PACE_NONE[:1], 1: ["8c 8d 8h"]},
        phase=Phase.PLAY,
    )


@pytest.mark.parametrize(
    ("name", "kept"),
    [
        ("samba", melding.RESERVE),
        ("samba-6", melding.RESERVE),
        ("brazilian", melding.RESERVE),
        ("bolivia", melding.HOLD_RESERVE),
        ("chilean", melding.HOLD_RESERVE),
        ("samba-2", melding.LONE_RESERVE),
        ("samba-3", melding.LONE_RESERVE),
        ("samba-5", melding.RESERVE),
        ("classic-2", melding.HOLD_RESERVE),
        ("classic-4", melding.HOLD_RESERVE),  # (the opponents hold seven: ``pile_fight_reserve``)
        ("classic-6", melding.HOLD_RESERVE),
    ],
)
def test_the_reserve_by_game_sam_3_bol_9(name: str, kept: int) -> None:
    """A player alone at a sequence-family table of two or three (SAM-3) keeps LONE_RESERVE
    cards back for the pile (five players draw too few times to hold them); a partnership that
    needs an escalera to go out (BOL-9) keeps HOLD_RESERVE; Samba's and Brazilian's
    partnerships keep RESERVE; the games without sequences keep ``pile_fight_reserve``
    (``test_the_pile_fight_reserve_follows_the_biggest_opponent_hand``)."""
    state = _any_table(preset(name), "Kh Ks Kd 4h 6s Th")
    assert melding.reserve_cards(observe(state, 0)) == kept


@pytest.mark.parametrize(
    ("name", "sizes", "kept"),
    [
        ("classic-4", (11, 7, 15, 6), 8),  # the partner's fifteen do not count
        ("classic-4", (11, 10, 3, 9), 10),
        ("classic-4", (11, 13, 3, 15), 12),
        ("classic-3", (11, 4, 11), 11),
        ("classic-5", (5, 5, 5, 5, 14), 12),
        ("italian", (9, 9, 9, 9), 9),
        ("classic-2", (11, 15), 8),
        ("classic-6", (11, 15, 15, 15, 15, 15), 8),
    ],
)
def test_the_pile_fight_reserve_follows_the_biggest_opponent_hand(
    name: str, sizes: tuple[int, ...], kept: int
) -> None:
    """Without sequences a hand keeps as many cards as the biggest opponent hand, between
    HOLD_RESERVE and PILE_FIGHT_RESERVE, at a table of three to five (holding twelve beat
    Medium, and matching the opponents beat Easy as well); HOLD_RESERVE at tables of two and
    six (twelve lost to Easy there)."""
    assert (melding.HOLD_RESERVE, melding.PILE_FIGHT_RESERVE) == (8, 12)
    assert melding.pile_fight_reserve(preset(name), 0, sizes) == kept


def test_a_lone_samba_player_holds_the_kings_a_partnership_lays_down_sam_3():
    """Three kings out of ten cards leave seven: above Samba's partnership reserve, so the
    meld costs nothing there; under the reserve of a player alone (SAM-3), so it costs: all
    three kings, the ten cards being below that reserve already (``hand_reserve_cost``
    charges the cards a meld takes below it, not the whole gap)."""
    hand = "Kh Ks Kd 4h 6s Th Jd 7h 5s Ad"
    alone = _any_table(preset("samba-3"), hand)
    pair = _any_table(SAMBA, hand)
    costs = []
    for state in (alone, pair):
        kings = _kings(state)
        assert kings in legal_moves(state)
        view = observe(state, 0)
        costs.append(melding.hand_reserve_cost(view, kings, read_situation(view)))
    assert melding.LONE_RESERVE > 10
    assert costs == [3 * melding.RESERVE_COST, 0]
