"""Options and rules that the worked examples do not reach, each with a position that breaks
if the rule does. Seats: N=0, E=1, S=2, W=3; side 0 is NS. Stock and pile are bottom first.
"""

from __future__ import annotations

from collections import Counter

from scenario import legal, lines, meld_of, pick, rejected

from canasta_game.engine import (
    AskGoOut,
    Discard,
    DrawStock,
    Meld,
    Phase,
    TakePile,
    new_hand,
    preset,
    state_from_setup,
)
from canasta_game.engine.actions import AddToMeld, AnswerGoOut
from canasta_game.engine.cards import RANK_CHARS, face_text, parse_cards
from canasta_game.engine.setup import _upcard, pack

CLASSIC = preset("classic-4")
OTHERS = ["4c 4d 9s", "7c 7d 8s", "6c 6d Ts"]


def _out_position(rules, hand: str, melds: list[str], **kw):
    return state_from_setup(
        rules, [hand, *OTHERS], stock="Qh Qd", pile="5s", melds={0: melds}, phase=Phase.PLAY, **kw
    )


# --- going out --------------------------------------------------------------------------


def test_out_clean_one_needs_a_natural_canasta() -> None:
    mixed = ["Kc Kd Kh Ks Kc 2c JK", "8c 8d 8h"]
    state = _out_position(CLASSIC.with_options(go_out_clean="ONE"), "9c", mixed)
    rejected(state, Discard(0, pick(state, 0, "9c")[0]), "O-OUT-CLEAN")
    natural = ["Kc Kd Kh Ks Kc Kd Kh", "8c 8d 8h"]
    state = _out_position(CLASSIC.with_options(go_out_clean="ONE"), "9c", natural)
    assert legal(state, Discard(0, pick(state, 0, "9c")[0])).end.reason == "went_out"


def test_out_clean_both_needs_every_required_canasta_natural() -> None:
    rules = CLASSIC.with_options(go_out_canastas=2, go_out_clean="BOTH")
    melds = ["Kc Kd Kh Ks Kc Kd Kh", "8c 8d 8h 8s 8c 2c 2d"]
    state = _out_position(rules, "9c", melds)
    rejected(state, Discard(0, pick(state, 0, "9c")[0]), "O-OUT-CLEAN")
    state = _out_position(rules.with_options(go_out_clean="ONE"), "9c", melds)
    assert legal(state, Discard(0, pick(state, 0, "9c")[0])).end is not None


def test_out_nowild3_forbids_a_wild_or_black_three_as_the_last_discard() -> None:
    canasta = ["Kc Kd Kh Ks Kc Kd Kh"]
    for card in ("2c", "JK", "3s"):
        state = _out_position(CLASSIC.with_options(out_nowild3=True), card, canasta)
        rejected(state, Discard(0, pick(state, 0, card)[0]), "O-OUT-NOWILD3")
        state = _out_position(CLASSIC, card, canasta)
        assert legal(state, Discard(0, pick(state, 0, card)[0])).end.reason == "went_out"


def _concealed_position(rules):
    # X-15 shape: N closed at 2000 (minimum 90), has drawn, holds seven 7s, four 5s and 9c.
    hand = "7c 7d 7h 7s 7c 7d 7h 5c 5d 5h 5s 9c"
    return state_from_setup(
        rules, [hand, *OTHERS], stock="Qh Qd", pile="4s", scores=(2000, 0), phase=Phase.PLAY
    )


def _go_out_concealed(state):
    sevens = pick(state, 0, "7c 7d 7h 7s 7c 7d 7h")
    fives = pick(state, 0, "5c 5d 5h 5s")
    state = legal(state, Meld(0, (sevens, fives)))
    return legal(state, Discard(0, pick(state, 0, "9c")[0]))


def test_concealed_bonus_option_changes_the_amount() -> None:
    done = _go_out_concealed(_concealed_position(CLASSIC))
    assert done.end.concealed and lines(done, 0)["concealed"] == 100
    done = _go_out_concealed(_concealed_position(CLASSIC.with_options(conc_bonus=250)))
    assert lines(done, 0)["concealed"] == 250
    assert lines(done, 0)["going_out"] == 100


def test_concealed_canasta_bonus_counts_canastas_laid_from_hand() -> None:
    done = _go_out_concealed(_concealed_position(CLASSIC.with_options(conc_canasta=True)))
    assert lines(done, 0)["concealed_canastas"] == 100
    assert "concealed_canastas" not in lines(_go_out_concealed(_concealed_position(CLASSIC)), 0)


def _pile_then_concealed(rules):
    # S opened earlier; N never melded, takes the pile with a new Q meld, melds seven 7s and
    # goes out with the 5 that came from the pile.
    hand = "Qc Qd 7c 7d 7h 7s 7c 7d 7h"
    state = state_from_setup(
        rules, [hand, *OTHERS], stock="Kh Kd", pile="5c Qh", melds={0: ["Ac Ad Ah"]}, has_melded=[2]
    )
    state = legal(state, TakePile(0, pick(state, 0, "Qc Qd")))
    state = legal(state, Meld(0, (pick(state, 0, "7c 7d 7h 7s 7c 7d 7h"),)))
    return legal(state, Discard(0, pick(state, 0, "5c")[0]))


def test_concealed_pile_option_decides_whether_taking_the_pile_spoils_it() -> None:
    allowed = _pile_then_concealed(CLASSIC)
    assert allowed.end.concealed and lines(allowed, 0)["concealed"] == 100
    forbidden = _pile_then_concealed(CLASSIC.with_options(concealed_pile="DISALLOWED"))
    assert not forbidden.end.concealed and "concealed" not in lines(forbidden, 0)


def test_ask_needs_a_partner_and_cannot_be_repeated() -> None:
    two = preset("classic-2")
    state = state_from_setup(
        two,
        ["Kc Kd 5c", "4c 4d 9s"],
        stock="Qh Qd",
        pile="5s",
        melds={0: ["Kh Ks Kh Ks Kc Kd 2c"]},
        phase=Phase.PLAY,
    )
    rejected(state, AskGoOut(0), "C-SEAT-6")
    state = _out_position(CLASSIC, "Kc Kd 5c", ["Kh Ks Kh Ks Kc 2c 2d"])
    state = legal(state, AskGoOut(0))
    assert state.phase is Phase.ANSWER and state.actor == 2
    state = legal(state, AnswerGoOut(2, False))
    rejected(state, AskGoOut(0), "C-OUT-7")
    # after "no" the player must keep a card: melding down to one card is refused
    mid = meld_of(state, 0, "K").mid
    rejected(state, AddToMeld(0, mid, pick(state, 0, "Kc Kd")), "C-OUT-6")
    after = legal(state, Discard(0, pick(state, 0, "5c")[0]))
    assert len(after.hands[0]) == 2 and after.current == 1


def test_ask_is_refused_when_going_out_is_impossible() -> None:
    state = _out_position(CLASSIC, "Kc Qd 5c", ["8c 8d 8h"])
    rejected(state, AskGoOut(0), "C-OUT-7")


# --- melds ------------------------------------------------------------------------------


def test_one_meld_per_rank_and_only_your_own_side() -> None:
    state = state_from_setup(
        CLASSIC,
        ["Kc Kd Ks 9c 9d", *OTHERS],
        stock="Qh",
        pile="5s",
        melds={0: ["Kh Kh Ks"], 1: ["9h 9s 9h"]},
        phase=Phase.PLAY,
    )
    rejected(state, Meld(0, (pick(state, 0, "Kc Kd Ks"),)), "C-MELD-5")
    theirs = state.melds[1][0].mid
    rejected(state, AddToMeld(0, theirs, pick(state, 0, "9c")), "C-TURN-6")


def test_a_wild_card_added_to_a_natural_canasta_makes_it_mixed() -> None:
    state = _out_position(CLASSIC, "2c 9c 9d", ["Kc Kd Kh Ks Kc Kd Kh"])
    mid = meld_of(state, 0, "K").mid
    state = legal(state, AddToMeld(0, mid, pick(state, 0, "2c")))
    canasta = meld_of(state, 0, "K")
    assert canasta.is_canasta and not canasta.is_natural
    assert lines(state, 0)["mixed_canastas"] == 300 and "natural_canastas" not in lines(state, 0)


# --- threes -----------------------------------------------------------------------------


def test_four_black_threes_score_100_with_b3_meld4() -> None:
    def finish(rules):
        state = _out_position(rules, "3c 3s 3c 3s 9c", ["Kc Kd Kh Ks Kc Kd Kh"])
        state = legal(state, Meld(0, (pick(state, 0, "3c 3s 3c 3s"),)))
        return legal(state, Discard(0, pick(state, 0, "9c")[0]))

    assert lines(finish(CLASSIC), 0)["melded_cards"] == 70 + 20
    assert lines(finish(CLASSIC.with_options(b3_meld4=True)), 0)["melded_cards"] == 70 + 100


def test_black_three_left_in_hand_costs_b3_hand() -> None:
    def penalty(rules):
        state = state_from_setup(
            rules,
            ["9c", "4c 4d 9s", "3c 5d", "6c 6d Ts"],
            stock="Qh",
            pile="5s",
            melds={0: ["Kc Kd Kh Ks Kc Kd Kh"]},
            phase=Phase.PLAY,
        )
        done = legal(state, Discard(0, pick(state, 0, "9c")[0]))
        return lines(done, 0)["hand_penalty"]

    assert penalty(CLASSIC) == -10
    assert penalty(CLASSIC.with_options(b3_hand=100)) == -105


def test_black_threes_as_bonus_cards_are_laid_out_and_replaced() -> None:
    rules = CLASSIC.with_options(b3_asr3=True)
    state = state_from_setup(
        rules, ["Kc Kd 5c", *OTHERS], stock="9c 3s", pile="5s", melds={0: ["Ac Ad Ah"]}
    )
    state = legal(state, DrawStock(0))
    assert [face_text(c) for c in state.bonus_threes[0]] == ["3s"]
    assert "9c" in [face_text(c) for c in state.hands[0]]
    assert lines(state, 0)["black_threes_bonus"] == 100
    assert lines(state, 0).get("red_threes") is None


def test_black_three_upcard_with_asr3_stop_off_is_covered() -> None:
    stock = ["9d", "3s"]  # bottom first: 3s is turned first
    covered = _turned(CLASSIC.with_options(b3_asr3=True, b3_asr3_stop=False), stock)
    assert [face_text(c) for c in covered.pile] == ["3s", "9d"]
    stops = _turned(CLASSIC.with_options(b3_asr3=True), stock)
    assert [face_text(c) for c in stops.pile] == ["3s"]


def test_black_three_freeze_option() -> None:
    def after_discard(rules):
        state = state_from_setup(
            rules,
            ["3s Kc", "9c 2d 4d", *OTHERS[1:]],
            stock="Qh Qd",
            pile="5s",
            melds={1: ["9h 9s 9d"]},
            phase=Phase.PLAY,
        )
        state = legal(state, Discard(0, pick(state, 0, "3s")[0]))
        state = legal(state, DrawStock(1))
        state = legal(state, Discard(1, pick(state, 1, "4d")[0]))
        return state

    plain = after_discard(CLASSIC)
    assert not plain.pile_frozen
    frozen = after_discard(CLASSIC.with_options(b3_freeze=True))
    assert frozen.pile_frozen


def test_discarded_wild_card_freezes_the_pile() -> None:
    state = _out_position(CLASSIC, "2c Kc 5d", ["8c 8d 8h"])
    state = legal(state, Discard(0, pick(state, 0, "2c")[0]))
    assert state.pile_frozen and face_text(state.pile[-1]) == "2c"


# --- deal, upcard, stock, deck ----------------------------------------------------------


def _turned(rules, stock_bottom_first):
    state = state_from_setup(rules, ["Kc", "Kd", "Kh", "Ks"], stock="", pile="")
    return _upcard(state, parse_cards(list(stock_bottom_first)))


def test_no_cover_upcard_leaves_a_wild_card_on_top_frozen_and_blocked() -> None:
    rules = CLASSIC.with_options(upcard="NO_COVER")
    state = _turned(rules, ["9d", "JK"])
    assert [face_text(c) for c in state.pile] == ["JK"] and state.pile_frozen
    state = state_from_setup(rules, ["Kc Kd", *OTHERS], stock="9d", pile="JK")
    rejected(state, TakePile(0, pick(state, 0, "Kc Kd")), "C-PILE-5")


def test_deal_size_option() -> None:
    state = new_hand(CLASSIC.with_options(deal_size=13), seed=5, dealer=1)
    assert [len(h) for h in state.hands] == [13, 13, 13, 13]


def test_recycled_pile_becomes_the_stock_bottom_card_first() -> None:
    rules = CLASSIC.with_options(stock_recycle=True)
    state = state_from_setup(rules, ["Kc Kd", *OTHERS], stock="", pile="5c 8d 3s")
    assert state.phase is Phase.DRAW  # the hand goes on: the pile can be turned over
    state = legal(state, DrawStock(0))
    assert [face_text(c) for c in state.hands[0]][-1] == "5c"
    assert [face_text(c) for c in state.stock] == ["3s", "8d"] and state.pile == ()


def test_recycle_shuffle_is_a_seeded_permutation() -> None:
    rules = CLASSIC.with_options(stock_recycle=True, recycle_shuffle=True)
    pile = "5c 8d 9s Td Jc Qh Ks Ac 6h 7d"

    def drawn(seed):
        state = state_from_setup(rules, ["Kc Kd", *OTHERS], stock="", pile=pile, seed=seed)
        after = legal(state, DrawStock(0))
        return [face_text(c) for c in after.stock] + [face_text(after.hands[0][-1])]

    first = drawn("a")
    assert sorted(first) == sorted(pile.split())
    assert drawn("a") == first
    assert any(drawn(seed) != first for seed in ("b", "c", "d"))


def test_without_recycle_an_empty_stock_and_blocked_pile_end_the_hand() -> None:
    state = state_from_setup(CLASSIC, ["Kc Kd", *OTHERS], stock="", pile="5c 8d 3s")
    assert state.phase is Phase.OVER and state.end.reason == "stock"
    assert lines(state, 0).get("going_out") is None  # C-STOCK-6


def test_custom_deck_of_seven_per_rank() -> None:
    faces = []
    for rank in RANK_CHARS[2:]:
        faces += [rank + suit for suit in "cdhscdh"]
    faces += ["2c", "2d", "2h", "2s"] * 2 + ["JK"] * 4 + ["3d", "3h"] * 2 + ["3c", "3s"] * 2
    rules = CLASSIC.with_options(custom_deck=tuple(faces))
    assert rules.deck_size() == 77 + 8 + 4 + 8
    state = new_hand(rules, seed=3)
    every = [c for h in state.hands for c in h] + list(state.stock) + list(state.pile)
    every += [c for b in state.bonus_threes for c in b]
    assert Counter(every) == Counter(pack(rules))
    kings = [c for c in every if face_text(c).startswith("K")]
    assert len(kings) == 7
