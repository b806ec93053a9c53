"""Presets and rule options: RULES.md 2.15, V-2P..V-6P, 3.9 (CZ-HOUSE), C-INIT-1, C-SCORE-5.

Seats are numbered clockwise from 0; sides are numbered by their lowest seat.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from canasta_game.engine import HandEnd, Phase, Rules, preset, score_hand, state_from_setup
from canasta_game.engine.cards import build_deck, card_text
from canasta_game.engine.rules import _CHOICES, OPTION_IDS, PRESETS, VARIANT_RULE_IDS, RulesError
from canasta_game.engine.setup import pack

# players, side_seats, cards, D, k, Q, target (RULES.md 2.15 and V-2P..V-6P)
TABLE = {
    "classic-2": (2, ((0,), (1,)), 108, 15, 2, 2, 5000),
    "classic-3": (3, ((0,), (1,), (2,)), 108, 13, 1, 1, 5000),
    "classic-4": (4, ((0, 2), (1, 3)), 108, 11, 1, 1, 5000),
    "classic-5": (5, ((0,), (1,), (2,), (3,), (4,)), 162, 11, 1, 1, 5000),
    "classic-6": (6, ((0, 2, 4), (1, 3, 5)), 162, 13, 1, 2, 10000),
    "classic-6x2": (6, ((0, 3), (1, 4), (2, 5)), 162, 13, 1, 2, 7500),
    "cz-house": (4, ((0, 2), (1, 3)), 108, 11, 1, 1, 10000),
    # VARIANTS.md SAM-1..4, SAM-23, SAM-30; BOL-1, BOL-7; BRA-1; CHI-1
    "samba": (4, ((0, 2), (1, 3)), 162, 15, 2, 2, 10000),
    "samba-2": (2, ((0,), (1,)), 162, 15, 2, 2, 10000),
    "samba-3": (3, ((0,), (1,), (2,)), 162, 15, 2, 2, 10000),
    "samba-5": (5, ((0,), (1,), (2,), (3,), (4,)), 162, 15, 2, 2, 10000),
    "samba-6": (6, ((0, 3), (1, 4), (2, 5)), 162, 13, 2, 2, 10000),
    "bolivia": (4, ((0, 2), (1, 3)), 162, 15, 2, 2, 15000),
    "brazilian": (4, ((0, 2), (1, 3)), 162, 15, 2, 2, 10000),
    "chilean": (4, ((0, 2), (1, 3)), 162, 15, 2, 2, 15000),
    "chilean-216": (4, ((0, 2), (1, 3)), 216, 15, 2, 2, 15000),
    # VARIANTS.md CUB-1, CUB-2; RULES.md BRIT-1, URU-1 (Classic)
    "cuban": (4, ((0, 2), (1, 3)), 108, 13, 1, 1, 7500),
    "british": (4, ((0, 2), (1, 3)), 108, 11, 1, 1, 5000),
    "uruguayan": (4, ((0, 2), (1, 3)), 108, 11, 1, 1, 5000),
    # CAL-A: 108 cards and two Calientes, 11 each, 5000
    "caliente": (4, ((0, 2), (1, 3)), 110, 11, 1, 1, 5000),
    # VARIANTS.md MAC-1, MAC-2, MAC-9, MAC-29, MAC-44
    "modern-american": (4, ((0, 2), (1, 3)), 108, 13, 1, 2, 8500),
    # VARIANTS.md HF-1..3, HF-6: one more 54-card deck than players; the book quota (HF-17)
    # replaces the canastas to go out, and four deals (HF-14) the target
    "hand-and-foot": (4, ((0, 2), (1, 3)), 270, 13, 2, 0, 5000),
    "hand-and-foot-2": (2, ((0,), (1,)), 162, 13, 2, 0, 5000),
    "hand-and-foot-3": (3, ((0,), (1,), (2,)), 216, 13, 2, 0, 5000),
    "hand-and-foot-6": (6, ((0, 2, 4), (1, 3, 5)), 378, 13, 2, 0, 5000),
    # V-IT: IT-1, IT-2, IT-6, IT-20, IT-C3 (two decks: IT-1's "some tables")
    "italian": (4, ((0, 2), (1, 3)), 162, 15, 2, 2, 15000),
    "italian-2decks": (4, ((0, 2), (1, 3)), 108, 15, 2, 2, 15000),
}


def test_the_table_covers_every_preset():
    assert set(TABLE) == set(PRESETS)


@pytest.mark.parametrize("name", sorted(TABLE))
def test_preset_matches_player_count_table(name):
    players, side_seats, cards, deal, draw, quota, target = TABLE[name]
    rules = preset(name)
    assert rules.name == name
    assert rules.players == players
    assert rules.side_seats == side_seats
    assert rules.sides == len(side_seats)
    for side, seats in enumerate(side_seats):
        for seat in seats:
            assert rules.seat_side[seat] == side
    assert len(rules.seat_side) == players
    assert rules.partnership == any(len(s) > 1 for s in side_seats)
    assert rules.deck_size() == cards
    assert len(pack(rules)) == cards
    assert rules.deal_size == deal
    assert rules.draw_count == draw
    assert rules.go_out_canastas == quota
    assert rules.target == target


def test_deck_jokers_per_deck_size():
    # N-DECK-1 / N-DECK-2 / V5-1: 4 jokers with two decks, 6 with three.
    for name, rules in PRESETS.items():
        jokers = sum(1 for c in pack(rules) if card_text(c).startswith("JK"))
        size = rules.deck_size() - rules.calientes  # CAL-1: the Calientes are no jokers
        assert jokers == {108: 4, 162: 6, 216: 8, 270: 10, 378: 14}[size], name


def test_four_players_partners_sit_opposite_c_seat_2():
    rules = preset("classic-4")
    assert rules.seat_side == (0, 1, 0, 1)


def test_six_players_two_sides_of_three_alternate_c_seat_4():
    rules = preset("classic-6")
    assert rules.seat_side == (0, 1, 0, 1, 0, 1)
    assert rules.six_seating == "TWO_OF_THREE"


def test_six_players_three_sides_of_two_o_seat6():
    rules = preset("classic-6x2")
    assert rules.seat_side == (0, 1, 2, 0, 1, 2)
    # the option alone, switched on the two-sides preset, gives the same seating
    switched = preset("classic-6", six_seating="THREE_OF_TWO")
    assert switched.side_seats == ((0, 3), (1, 4), (2, 5))


def test_single_player_sides_c_seat_3():
    for name in ("classic-2", "classic-3", "classic-5"):
        rules = preset(name)
        assert rules.seat_side == tuple(range(rules.players))
        assert not rules.partnership


def test_six_player_minimum_tier_150_at_7500_v6_6():
    rules = preset("classic-6")
    assert rules.initial_minimum(7495)[0] == 120
    assert rules.initial_minimum(7500)[0] == 150
    assert rules.initial_minimum(9995)[0] == 150
    assert rules.initial_minimum(3000)[0] == 120
    assert rules.initial_minimum(2995)[0] == 90


def test_classic_four_has_no_tier_above_120():
    rules = preset("classic-4")
    assert rules.initial_minimum(7500)[0] == 120
    assert rules.initial_minimum(20000)[0] == 120


def test_162_card_red_threes_v6_7():
    for name in ("classic-5", "classic-6", "classic-6x2"):
        rules = preset(name)
        assert rules.red_three_total() == 6
        assert rules.bonus_three_amount(5) == 1000
        assert rules.bonus_three_amount(6) == 1200


# --- CZ-HOUSE (3.9) ---------------------------------------------------------------------


def test_cz_house_values():
    rules = preset("cz-house")
    assert rules.target == 10000  # CZH-1
    assert rules.natural_canasta_bonus == 600  # CZH-2
    assert rules.mixed_canasta_bonus == 300  # CZH-2
    assert rules.wild_canasta_bonus == 1000  # CZH-2
    assert rules.wild_melds  # CZH-2: the wild canasta needs O-WILD-MELDS
    assert rules.out_bonus == 100  # CZH-7
    assert rules.out_b3_bonus == 300  # CZH-7: 300 replaces the 100
    assert rules.no_canasta_subtracts_all  # CZH-8
    assert rules.closing_face_down  # CZH-5
    assert rules.bonus_three_amount(1) == 100  # CZH-3
    assert rules.bonus_three_amount(4) == 800  # CZH-3


def _x34_final(rules):
    """X-34: NS closes with 3s-3c-3s (NS has a K canasta); EW melds 150, no canasta, hands 40."""
    state = state_from_setup(
        rules,
        ["", "Kd Td Jc 5h", "", "5c"],
        melds={
            0: ["Kc Kd Kh Ks Kc Kh Ks", "3s 3c 3s"],
            1: ["Ac Ad Ah 2c", "Qc Qd Qh Qs Qc 2d"],
        },
        phase=Phase.PLAY,
    )
    return dataclasses.replace(
        state, phase=Phase.OVER, end=HandEnd("went_out", seat=0, black_threes=True)
    )


def test_cz_house_scoring_x34():
    score = score_hand(_x34_final(preset("cz-house")))
    # NS: cards 70 + 15, natural canasta 600 (CZH-2), closing with black threes 300 (CZH-7)
    assert score.totals[0] == 70 + 15 + 600 + 300
    # EW: no canasta, so its 150 melded points count negative too (CZH-8), minus hands 40
    assert score.totals[1] == -190


def test_classic_scores_the_same_hand_differently():
    score = score_hand(_x34_final(preset("classic-4")))
    assert score.totals == (70 + 15 + 500 + 100, 150 - 40)


# --- JSON round trip --------------------------------------------------------------------

CUSTOM_DECK = tuple(card_text(c) for c in build_deck(2, 4))

# One non-default value per field; choice fields are also tried with every choice below.
NON_DEFAULT = {
    "name": "house",
    "players": 3,
    "six_seating": "THREE_OF_TWO",
    "decks": 3,
    "jokers": 6,
    "custom_deck": CUSTOM_DECK,
    "deal_size": 13,
    "draw_count": 2,
    "go_out_canastas": 2,
    "go_out_clean": "BOTH",
    "target": 10000,
    "init_tiers": ((None, 15, ""), (0, 50, ""), (5000, 150, ""), (7000, 0, "any")),
    "init_neg50": True,
    "init_high": "CANASTA",
    "init_high_threshold": 7500,
    "pile_nocanadd": True,
    "pile_2nat": True,
    "pile_conflict": "A",
    "pile_frozen": True,
    "pile_onecard": "FORBID",
    "b3_freeze": True,
    "meld_wild": "LT_NAT",
    "wild_melds": True,
    "wild_canasta_bonus": 2000,
    "wild_penalty": True,
    "wild_penalty_points": 500,
    "natural_canasta_bonus": 600,
    "canasta_size": 8,
    "mixed_canasta_bonus": 350,
    "out_bonus": 150,
    "conc_bonus": 250,
    "concealed_pile": "DISALLOWED",
    "conc_canasta": True,
    "conc_canasta_bonus": 50,
    "out_nowild3": True,
    "out_b3_bonus": 300,
    "closing_face_down": True,
    "no_canasta_subtracts_all": True,
    "upcard": "NO_COVER",
    "deal_exact": True,
    "deal_exact_bonus": 200,
    "stock_force": "PAGAT",
    "stock_recycle": True,
    "recycle_shuffle": True,
    "r3_scale": "PROGRESSIVE",
    "b3_meld4": True,
    "b3_hand": 100,
    "b3_asr3": True,
    "b3_asr3_stop": False,
    "tiebreak": "EXTRA_HAND",
    "sequences": True,
    "sequence_bonus": 1000,
    "sequence_grow_out": True,
    "no_wild_on_canasta": True,
    "pile_closed_forbidden": True,
    "r3_samba": True,
    "r3_plus_canastas": 2,
    "b3_hand_penalty": 100,
    "short_sequence_penalty": 1000,
    "short_sequence_below": 6,
    "out_needs_sequence": True,
    "out_must_ask": True,
    "init_canasta_rules": ("BRA-3", "BRA-5"),
    "meld_max_rule": "CUB-4",
    "wild_canasta_cuban": True,
    "r3_cuban": True,
    "b3_first_round": True,
    "b3_set_aside": True,
    "b3_set_aside_each": 10,
    "b3_set_aside_all": 200,
    "acaba": True,
    "acaba_points": 1000,
    "calientes": 2,
    "caliente_points": 50,
    "turn_card": 9,
    "all_threes_bonus": True,
    "last_three_in_hand": True,
    "pile_pair_only": True,
    "pile_top_not_counted": True,
    "swad": True,
    "meld_max": 8,  # CUB-4, MAC-15: at least a canasta (canasta_size above)
    "dead_ranks": True,
    "rule_of_five": 5,
    "pure_sevens": True,
    "pure_aces": True,
    "clean_triple": True,
    "init_no_mixed_canasta": True,
    "splash": True,
    "talon_first": 4,
    "talon_second": 3,
    "talon": "PREDEALT",
    "out_needs_discard": True,
    "out_no_open_pure": True,
    "ask_once": True,
    "keep_three": True,
    "special_hands": "CLA",
    "mac_scoring": True,
    "foot_size": 2,
    "upcard_return": True,
    "pile_take_n": 7,
    "books_closed": True,
    "wild_meld_first": False,
    "b3_meld_rule": "HF-12",
    "deal_minimums": (50, 90),
    "fixed_deals": 4,
    "book_quota": (1, 1, 1),
    "r3_each": 100,
    "r3_caught": 500,
    "upcard_packet": "COUNTING",
    "r3_before_upcard": True,
    "pile_draw": 1,
    "open_before_draw": True,
    "clean_opening_below": 90,
    "b3_meld": False,
    "italian_pile": True,
    "out_clean_and_dirty": True,
    "out_discard": True,
    "natural_ace_bonus": 1000,
    "mixed_ace_bonus": 500,
    "pure_twos_bonus": 3000,
    "jokers_canasta_bonus": 5000,
    "five_clean_bonus": 1000,
    "pay_double": True,
    "r3_italian": True,
    "target_exceed": True,
}


def _init_fields():
    return [f for f in dataclasses.fields(Rules) if f.init]


def test_non_default_table_covers_every_option():
    names = {f.name for f in _init_fields()}
    assert set(NON_DEFAULT) == names
    assert set(OPTION_IDS) <= names
    assert set(VARIANT_RULE_IDS) <= names and not set(VARIANT_RULE_IDS) & set(OPTION_IDS)
    default = Rules()
    for name, value in NON_DEFAULT.items():
        assert getattr(default, name) != value, name


def _round_trip(rules):
    data = rules.to_dict()
    assert set(data) == {f.name for f in _init_fields()}
    again = Rules.from_dict(data)
    assert again == rules
    assert again.seat_side == rules.seat_side
    assert again.side_seats == rules.side_seats
    via_json = Rules.from_dict(json.loads(json.dumps(data)))
    assert via_json == rules
    assert via_json.to_dict() == data


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_preset_round_trip(name):
    _round_trip(PRESETS[name])


@pytest.mark.parametrize("field", sorted(NON_DEFAULT))
def test_each_option_switched_round_trips(field):
    base = preset("classic-6") if field == "six_seating" else preset("classic-4")
    rules = dataclasses.replace(base, **{field: NON_DEFAULT[field]})
    assert getattr(rules, field) == NON_DEFAULT[field]
    _round_trip(rules)


@pytest.mark.parametrize(
    "field, choice", [(f, c) for f, choices in sorted(_CHOICES.items()) for c in choices]
)
def test_every_choice_round_trips(field, choice):
    base = preset("classic-6") if field == "six_seating" else preset("classic-4")
    _round_trip(dataclasses.replace(base, **{field: choice}))


def test_all_options_switched_at_once_round_trip():
    changes = dict(NON_DEFAULT)
    changes.update(players=6, custom_deck=tuple(card_text(c) for c in build_deck(3, 6)))
    rules = Rules(**changes)
    assert rules.side_seats == ((0, 3), (1, 4), (2, 5))
    _round_trip(rules)
    for name, value in changes.items():
        assert getattr(Rules.from_dict(rules.to_dict()), name) == value, name


def test_unknown_key_is_an_error():
    data = preset("classic-4").to_dict()
    data["meld_wlid"] = "MAX2"
    with pytest.raises(ValueError, match="meld_wlid"):
        Rules.from_dict(data)
    with pytest.raises(ValueError, match="no_such_option"):
        Rules.from_dict({"no_such_option": 1})


@pytest.mark.parametrize(
    "changes",
    [
        {"meld_wild": "MAX4"},
        {"upcard": "cover"},
        {"tiebreak": "COIN"},
        {"go_out_clean": "ALL"},
        {"r3_scale": "flat"},
        {"players": 7},
        {"players": 1},
        {"deal_size": 30},  # 4 x 30 cards do not fit in 108
    ],
)
def test_invalid_values_are_errors(changes):
    data = {**preset("classic-4").to_dict(), **changes}
    with pytest.raises(ValueError):
        Rules.from_dict(data)
    with pytest.raises(ValueError):
        preset("classic-4", **changes)


def test_unknown_preset_is_an_error():
    with pytest.raises(ValueError, match="classic-9"):
        preset("classic-9")


def test_preset_with_options_leaves_the_preset_alone():
    switched = preset("classic-4", meld_wild="MAX2", target=10000)
    assert switched.meld_wild == "MAX2" and switched.target == 10000
    assert PRESETS["classic-4"].meld_wild == "MAX3"
    assert PRESETS["classic-4"].target == 5000


# --- C-INIT-1 and C-SCORE-5 tables ------------------------------------------------------


@pytest.mark.parametrize(
    "score, minimum",
    [
        (-5000, 15),
        (-20, 15),
        (-5, 15),
        (0, 50),
        (5, 50),
        (1495, 50),
        (1500, 90),
        (1600, 90),
        (2995, 90),
        (3000, 120),
        (4995, 120),
    ],
)
def test_initial_minimum_table_c_init_1(score, minimum):
    for name in ("classic-2", "classic-3", "classic-4", "classic-5", "cz-house"):
        assert preset(name).initial_minimum(score) == (minimum, ""), (name, score)


def test_initial_minimum_options_x22():
    assert preset("classic-4", init_neg50=True).initial_minimum(-20)[0] == 50  # O-INIT-NEG50
    assert preset("classic-4", init_neg50=True).initial_minimum(0)[0] == 50
    high = preset("classic-4", target=10000, init_high="150")  # O-INIT-HIGH, T=5000
    assert high.initial_minimum(6000)[0] == 150
    assert high.initial_minimum(5000)[0] == 150
    assert high.initial_minimum(4995)[0] == 120
    canasta = preset("classic-4", target=10000, init_high="CANASTA")
    assert canasta.initial_minimum(6000) == (120, "any")
    assert canasta.initial_minimum(4995) == (120, "")


@pytest.mark.parametrize(
    "scale, expected", [("FLAT", (0, 100, 200, 300, 800)), ("PROGRESSIVE", (0, 100, 200, 400, 800))]
)
def test_red_three_amounts_two_decks(scale, expected):
    rules = preset("classic-4", r3_scale=scale)
    assert tuple(rules.bonus_three_amount(n) for n in range(5)) == expected


def test_red_three_amounts_three_decks_flat():
    rules = preset("classic-6")
    # V6-7: 100 each up to four, five = 1000, six = 1200
    assert tuple(rules.bonus_three_amount(n) for n in range(7)) == (
        0, 100, 200, 300, 400, 1000, 1200,
    )  # fmt: skip


def test_red_three_amounts_three_decks_progressive():
    rules = preset("classic-6", r3_scale="PROGRESSIVE")
    # O-R3-SCALE: 1/2/3/4 = 100/200/400/800; C-SCORE-5: five 1000 (six is UNSPEC in X-25)
    assert tuple(rules.bonus_three_amount(n) for n in range(6)) == (0, 100, 200, 400, 800, 1000)


def test_c_deal_a_dead_deal_is_refused_with_the_pack_and_what_it_needs() -> None:
    """C-DEAL: the refusal carries values the table words (no parsing of its text)."""
    with pytest.raises(RulesError) as refused:
        preset("classic-4", deal_size=21)
    # 4 x 21 dealt, 20 wild cards and threes that may cover the upcard, the upcard, 4 red
    # threes replaced, 1 card drawn.
    assert (refused.value.dead_deal, refused.value.pack, refused.value.needed) == (True, 108, 110)
    with pytest.raises(RulesError) as other:
        preset("classic-4", players=7)
    assert not other.value.dead_deal  # C-SEAT-1 is not a dead deal
    assert preset("classic-4", deal_size=20).deal_size == 20
