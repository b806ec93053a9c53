"""Issue 10 gap 7: every refusal names the most specific rule that decides it."""

from __future__ import annotations

from scenario import pick, rejected

from canasta_game.engine import (
    AskGoOut,
    Discard,
    Meld,
    Phase,
    TakePile,
    observe,
    preset,
    state_from_setup,
)
from canasta_game.engine.cards import parse_cards
from canasta_game.engine.meldrules import classify
from canasta_game.engine.state import evolve

CLASSIC = preset("classic-4")
OTHERS = ["4c 4d 9s", "7c 7d 8s", "6c 6d Ts"]


def _top(rules, top: str):
    return state_from_setup(rules, ["Kc Kd 9h", *OTHERS], stock="9d", pile=f"5c {top}")


def test_c_out_6_asking_before_drawing() -> None:
    state = state_from_setup(CLASSIC, ["Kc Kd 9h", *OTHERS], stock="9d", pile="5c")
    assert state.phase is Phase.DRAW
    rejected(state, AskGoOut(0), "C-OUT-6")


def test_c_r3_1_a_red_three_on_top_can_never_be_melded() -> None:
    state = _top(CLASSIC.with_options(upcard="NO_COVER"), "3h")
    rejected(state, TakePile(0, pick(state, 0, "Kc Kd")), "C-R3-1")


def test_c_b3_3_a_discarded_black_three_stops_the_pile() -> None:
    state = _top(CLASSIC, "3c")
    state = evolve(state, discards=((3, state.pile[-1]),))  # seat 3 discarded it
    rejected(state, TakePile(0, pick(state, 0, "Kc Kd")), "C-B3-3")
    assert observe(state, 0).pile_block.rule == "C-B3-3"


def test_c_up_4_a_black_three_upcard_stops_the_first_player() -> None:
    """Nobody has discarded yet: the black three on top is the upcard (C-UP-4), not a
    discarded stop card (C-B3-3)."""
    state = state_from_setup(CLASSIC, ["Kc Kd 9h", *OTHERS], stock="9d 5d", pile="3c")
    assert state.discards == ()
    rejected(state, TakePile(0, pick(state, 0, "Kc Kd")), "C-UP-4")
    assert observe(state, 0).pile_block.rule == "C-UP-4"
    assert observe(state, 0).pile_block.key == "pile_blocked_b3"


def _open_position(**changes):
    return state_from_setup(
        CLASSIC, ["Kc Kd 9h 9d 5s", *OTHERS], stock="9d", pile="5c Kh",
        melds={0: ["7c 7d 7h"]}, **changes,
    )  # fmt: skip


def test_c_meld_6_melding_a_card_not_in_hand() -> None:
    """C-MELD-6: melds are made and extended with cards from hand."""
    state = _open_position(phase=Phase.PLAY)
    elsewhere = pick(state, 1, "4c")[0]
    rejected(state, Meld(0, ((*pick(state, 0, "Kc Kd"), elsewhere),)), "C-MELD-6")
    kings = pick(state, 0, "Kc Kd")
    rejected(state, Meld(0, ((*kings, kings[0]),)), "C-MELD-6")  # a card used twice


def test_c_turn_4_discarding_a_card_not_in_hand() -> None:
    """C-TURN-4: the discard is one card from hand."""
    state = _open_position(phase=Phase.PLAY)
    rejected(state, Discard(0, pick(state, 1, "4c")[0]), "C-TURN-4")


def test_c_pile_7_taking_with_cards_not_in_hand() -> None:
    """C-PILE-7 (unfrozen) and C-PILE-6 (frozen): the cards that go with the top card are
    the taker's hand cards."""
    state = _open_position()
    elsewhere = pick(state, 1, "4c")[0]
    rejected(state, TakePile(0, (pick(state, 0, "Kc")[0], elsewhere)), "C-PILE-7")
    frozen = _open_position(pile_frozen=True)
    rejected(frozen, TakePile(0, (pick(frozen, 0, "Kc")[0], elsewhere)), "C-PILE-6")


def test_o_b3_asr3_a_black_bonus_three_on_top_can_never_be_melded() -> None:
    state = _top(CLASSIC.with_options(b3_asr3=True, b3_asr3_stop=False), "3c")
    rejected(state, TakePile(0, pick(state, 0, "Kc Kd")), "O-B3-ASR3")


def test_o_b3_asr3_stop_the_sub_flag_decides_the_stop() -> None:
    state = _top(CLASSIC.with_options(b3_asr3=True, b3_asr3_stop=True), "3c")
    rejected(state, TakePile(0, pick(state, 0, "Kc Kd")), "O-B3-ASR3-STOP")


def test_c_b3_1_black_threes_with_a_wild_card() -> None:
    why = classify(CLASSIC, parse_cards("3c 3s 3c 2h"))
    assert not isinstance(why, tuple) and why.rule == "C-B3-1"
    state = state_from_setup(
        CLASSIC, ["3c 3s 3c 2h", *OTHERS], stock="9d", pile="5c",
        melds={0: ["Kc Kd Kh Ks Kc Kd Kh"]}, phase=Phase.PLAY,
    )  # fmt: skip
    rejected(state, Meld(0, (pick(state, 0, "3c 3s 3c 2h"),)), "C-B3-1")


def test_c_meld_4_black_threes_with_naturals() -> None:
    why = classify(CLASSIC, parse_cards("3c 3s Kc"))
    assert not isinstance(why, tuple) and why.rule == "C-MELD-4"
