"""The facts a PlayerView carries so the table and the bots decide no rule themselves, and
the meld model the variants build on (kinds, canasta size, what a canasta earns)."""

from __future__ import annotations

from scenario import legal, pick

from canasta_game.engine import Meld, Phase, observe, preset, state_from_setup
from canasta_game.engine.cards import WILD_KEY, parse_card
from canasta_game.engine.meldrules import CanastaKind, MeldKind
from canasta_game.engine.scoring import score_hand
from canasta_game.engine.state import evolve

CLASSIC = preset("classic-4")
OTHERS = ["4c 4d 9s", "7c 7d 8s", "6c 6d Ts"]


def test_c_pile_3_view_names_the_card_that_froze_the_pile():
    state = state_from_setup(
        CLASSIC, ["Kc Kd 5h", *OTHERS], stock="Tc", pile="9h 2c Qd", melds={0: ["5c 5d 5s"]}
    )
    view = observe(state, 0)
    assert view.pile_freezer == parse_card("2c")
    assert view.pile_frozen_reason is not None
    assert (view.pile_frozen_reason.rule, view.pile_frozen_reason.values) == (
        "C-PILE-3",
        {"card": parse_card("2c")},
    )


def test_o_b3_freeze_view_names_a_black_three_as_the_freezer():
    rules = CLASSIC.with_options(b3_freeze=True)
    state = state_from_setup(
        rules, ["Kc Kd 5h", *OTHERS], stock="Tc", pile="9h 3s Qd", melds={0: ["5c 5d 5s"]}
    )
    assert observe(state, 0).pile_freezer == parse_card("3s")
    plain = state_from_setup(
        CLASSIC, ["Kc Kd 5h", *OTHERS], stock="Tc", pile="9h 3s Qd", melds={0: ["5c 5d 5s"]}
    )
    assert observe(plain, 0).pile_freezer is None and not observe(plain, 0).pile_frozen


def test_c_pile_4_view_says_a_closed_side_finds_the_pile_frozen():
    state = state_from_setup(CLASSIC, ["Kc Kd 5h", *OTHERS], stock="Tc", pile="9h Qd")
    why = observe(state, 0).pile_frozen_reason
    assert why is not None and why.rule == "C-PILE-4"


def test_c_b3_3_view_says_why_a_black_three_on_top_blocks_the_pile():
    state = state_from_setup(CLASSIC, ["Kc Kd 5h", *OTHERS], stock="Tc", pile="9h 3s")
    state = evolve(state, discards=((3, state.pile[-1]),))  # discarded, not the upcard (C-UP-4)
    view = observe(state, 0)
    assert view.pile_blocked and view.pile_block is not None
    assert view.pile_block.rule == "C-B3-3"
    unblocked = observe(state_from_setup(CLASSIC, ["Kc", *OTHERS], stock="Tc", pile="9h"), 0)
    assert unblocked.pile_block is None


def test_c_init_1_and_c_out_1_view_says_what_each_side_needs():
    state = state_from_setup(
        preset("classic-2"),
        ["Kc Kd 5h", "4c 4d 9s"],
        stock="Tc",
        pile="9h",
        melds={0: ["Qc Qd Qh Qs Qc Qd Qh", "5c 5d 5s"]},
        scores=(0, 1600),
    )
    view = observe(state, 0)
    assert view.open_needs == (0, 90)
    assert view.out_needs == (1, 2)  # classic-2 needs two canastas (V-2P)
    assert view.out_natural_needs == (0, 0)


def test_c_meld_7_meld_facts_give_kind_size_canasta_and_bonus():
    state = state_from_setup(
        CLASSIC,
        ["Kc", *OTHERS],
        stock="Tc",
        pile="9h",
        melds={0: ["Qc Qd Qh Qs Qc Qd 2h", "5c 5d 5s"]},
    )
    queens, fives = observe(state, 0).meld_facts[0]
    assert (queens.kind, queens.size, queens.canasta, queens.bonus) == (
        MeldKind.GROUP,
        7,
        CanastaKind.MIXED,
        300,
    )
    assert (fives.canasta, fives.to_canasta, fives.bonus, fives.wild_room) == (
        CanastaKind.NONE,
        4,
        0,
        3,
    )


def test_o_wild_melds_meld_facts_know_a_wild_meld():
    rules = preset("cz-house")
    state = state_from_setup(
        rules, ["Kc", *OTHERS], stock="Tc", pile="9h", melds={0: ["2c 2d JK", "5c 5d 5s"]}
    )
    wild = observe(state, 0).meld_facts[0][0]
    assert (wild.key, wild.kind, wild.to_canasta) == (WILD_KEY, MeldKind.WILD, 4)


def test_canasta_size_comes_from_the_rules():
    """A variant with canastas of eight: seven cards are no canasta, eight are (C-MELD-7)."""
    rules = CLASSIC.with_options(canasta_size=8)
    state = state_from_setup(
        rules,
        ["Qh 5h 9h", *OTHERS],
        stock="Tc",
        pile="9c",
        melds={0: ["Qc Qd Qs Qc Qd Qs 2h"]},
        phase=Phase.PLAY,
    )
    assert state.canastas(0) == 0 and observe(state, 0).meld_facts[0][0].to_canasta == 1
    after = legal(state, Meld(0, add=((state.melds[0][0].mid, pick(state, 0, "Qh")),)))
    assert after.canastas(0) == 1
    totals = {line.key: line.points for line in score_hand(after).sides[0].lines}
    assert totals["mixed_canastas"] == 300
