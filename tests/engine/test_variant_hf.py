"""VARIANTS.md section 5, V-HF (Hand and Foot): scenarios from explicit setups with rule IDs.

Seats: N=0, E=1, S=2, W=3; side 0 is NS, side 1 is EW. Piles are written bottom first.
``feet`` gives each seat's face-down foot ("" once it was picked up).
"""

from __future__ import annotations

import dataclasses

from scenario import faces, legal, lines, pick, rejected

from canasta_game.engine import (
    AnswerGoOut,
    AskGoOut,
    Discard,
    DrawStock,
    HandEnd,
    Match,
    Meld,
    Phase,
    TakePile,
    apply,
    new_hand,
    observe,
    preset,
    state_from_setup,
)
from canasta_game.engine import events as ev
from canasta_game.engine.codec import log_to_dict, replay, state_from_dict, state_to_dict
from canasta_game.engine.going_out import can_go_out
from canasta_game.engine.handfoot import takes_no_more
from canasta_game.engine.state import Question, evolve

HF = preset("hand-and-foot")
OPEN = {0: ["9c 9d 9s"], 1: ["8c 8d 8s"]}  # both sides have opened
FEET = ["4c 5c 6c", "4d 5d 6d", "4h 5h 6h", "4s 5s 6s"]  # every foot still face down
#: Side 0's books for the Whitnack quota (HF-17): 2 clean, 2 dirty, 1 wild.
QUOTA_BOOKS = [
    "Kh Kd Ks Kc Kh Kd Ks",
    "Qh Qd Qs Qc Qh Qd Qs",
    "Jh Jd Js Jc Jh 2c 2d",
    "Th Td Ts Tc Th 2c JK",
    "2c 2d 2h 2s JK JK 2h",
]


def _play(hand, *, rules=HF, melds=None, feet=None, **kwargs):
    """N to play after drawing, holding ``hand``; both sides open unless ``melds`` says."""
    return state_from_setup(
        rules,
        kwargs.pop("hands", [hand, "4c 4d 5c", "4s 5d 5s", "6c 6d 6s"]),
        stock=kwargs.pop("stock", "Tc Td Ts Kc"),
        melds=OPEN if melds is None else melds,
        phase=kwargs.pop("phase", Phase.PLAY),
        feet=FEET if feet is None else feet,
        **kwargs,
    )


# --- HF-1..3, HF-5: the deal ----------------------------------------------------------------


def test_hf_2_hf_3_a_hand_and_a_foot_of_13_from_five_decks():
    state = new_hand(HF, "hf-deal", 0)
    assert HF.deck_size() == 270  # HF-2: 5 decks of 54 for four players
    assert [len(f) for f in state.feet] == [13, 13, 13, 13]
    assert all(len(h) == 13 for h in state.hands)
    six = new_hand(preset("hand-and-foot-6"), "hf-deal", 0)
    assert six.rules.deck_size() == 378 and [len(f) for f in six.feet] == [13] * 6
    eleven = new_hand(dataclasses.replace(HF, deal_size=11, foot_size=11), "hf-deal", 0)
    assert [len(f) for f in eleven.feet] == [11] * 4  # O-HF-DEAL=11


def test_hf_3_every_foot_is_hidden_from_every_view_even_its_owner():
    state = new_hand(HF, "hf-view", 0)
    for seat in range(4):
        view = observe(state, seat)
        assert view.foot_sizes == (13, 13, 13, 13)
        shown = set(view.hand) | {c for known in view.known for c in known}
        assert not shown & {c for foot in state.feet for c in foot}


def test_hf_5_a_wild_upcard_goes_back_into_the_stock():
    for seed in range(40):
        state = new_hand(HF, f"upcard:{seed}", 0)
        assert len(state.pile) == 1 and not state.pile_frozen  # never a covered pile
    assert HF.upcard_return


# --- HF-8: the foot -------------------------------------------------------------------------


def test_hf_8_melding_the_last_cards_picks_up_the_foot_at_once():
    state = _play("Kh Kd Ks")
    after, events = apply(state, Meld(0, (pick(state, 0, "Kh Kd Ks"),)))
    assert faces(after.hands[0]) == faces(state.feet[0])  # the foot is the hand now
    assert after.feet[0] == () and after.phase is Phase.PLAY and after.end is None
    assert any(isinstance(e, ev.FootPickedUp) and e.seat == 0 for e in events)
    assert observe(after, 1).foot_sizes == (0, 3, 3, 3)


def test_hf_8_a_last_card_discarded_brings_the_foot_next_turn():
    state = _play("Qc", stock="Tc Td Ts Kc 7c 7d 7h 7s Jc Jd")
    after = legal(state, Discard(0, pick(state, 0, "Qc")[0]))
    assert after.hands[0] == () and after.feet[0] == state.feet[0]  # not yet
    assert after.end is None and after.current == 1
    # E, S and W play a turn each; when N's turn begins the foot becomes the hand
    for seat in (1, 2, 3):
        after = legal(after, DrawStock(seat))
        after = legal(after, Discard(seat, after.hands[seat][0]))
    assert after.current == 0 and after.feet[0] == ()
    assert faces(after.hands[0]) == faces(state.feet[0])


def test_hf_8_red_threes_in_the_foot_are_laid_out_and_replaced():
    state = _play("Kh Kd Ks", feet=["3h 3d 7c", *FEET[1:]], stock="Tc Td Ts Kc")
    after = legal(state, Meld(0, (pick(state, 0, "Kh Kd Ks"),)))
    assert faces(after.bonus_threes[0]) == ["3d", "3h"]
    assert faces(after.hands[0]) == ["7c", "Kc", "Ts"]  # two replacements off the stock
    assert lines(after, 0)["red_threes"] == 200  # HF-21: 100 each


# --- HF-7: the pile -------------------------------------------------------------------------


def test_hf_7_top_card_onto_a_meld_or_a_natural_pair():
    state = _play("Jc Jd 2c Qs", phase=Phase.DRAW, drew=None, pile="5c 7h 9h")
    legal(state, TakePile(0))  # the top 9 joins the side's 9s (not frozen)
    state = _play("Jc Jd 2c Qs", phase=Phase.DRAW, drew=None, pile="5c 7h Jh")
    rejected(state, TakePile(0, pick(state, 0, "Jc 2c")), "O-PILE-2NAT")
    after = legal(state, TakePile(0, pick(state, 0, "Jc Jd")))
    assert faces(after.hands[0]) == ["2c", "5c", "7h", "Qs"]  # the whole pile (ENG default)


def test_hf_7_top_n_option_takes_only_the_top_cards():
    rules = dataclasses.replace(HF, pile_take_n=3)
    state = _play("Jc Jd Qs", rules=rules, phase=Phase.DRAW, drew=None, pile="4h 2d 5c 6h 7h Jh")
    after = legal(state, TakePile(0, pick(state, 0, "Jc Jd")))
    assert faces(after.hands[0]) == ["6h", "7h", "Qs"]
    assert faces(after.pile) == ["2d", "4h", "5c"] and after.pile_frozen  # the 2 stays


# --- HF-9..12: melds and books --------------------------------------------------------------


def test_hf_9_a_book_takes_no_more_cards_and_a_new_meld_starts_beside_it():
    state = _play("Kh Kd Ks Kc 2c", melds={0: ["Kh Kd Ks Kc Kh Kd Ks"], 1: ["8c 8d 8s"]})
    book = state.melds[0][0]
    rejected(state, Meld(0, add=((book.mid, pick(state, 0, "Kh")),)), "HF-9")
    rejected(state, Meld(0, add=((book.mid, pick(state, 0, "2c")),)), "HF-9")
    after = legal(state, Meld(0, (pick(state, 0, "Kh Kd Ks"),)))
    assert [m.size for m in after.melds[0]] == [7, 3]
    full, beside = after.melds[0]
    assert takes_no_more(state.rules, full) and not takes_no_more(state.rules, beside)


def test_hf_9_eight_cards_are_never_one_meld():
    state = _play("Ah Ad As Ac Ah Ad As Ac Qd")
    rejected(state, Meld(0, (pick(state, 0, "Ah Ad As Ac Ah Ad As Ac"),)), "HF-9")


def test_hf_10_a_dirty_meld_holds_fewer_wild_cards_than_naturals_and_at_most_three():
    state = _play("Kh Kd Ks Kc 2c 2d 2h 2s Qd")
    legal(state, Meld(0, (pick(state, 0, "Kh Kd 2c"),)))
    rejected(state, Meld(0, (pick(state, 0, "Kh Kd 2c 2d"),)), "O-MELD-WILD")  # not fewer
    rejected(state, Meld(0, (pick(state, 0, "Kh Kd Ks 2c 2d 2h"),)), "O-MELD-WILD")
    after = legal(state, Meld(0, (pick(state, 0, "Kh Kd Ks Kc 2c 2d 2h"),)))  # 3 of 7
    assert observe(after, 0).meld_facts[0][-1].canasta.value == "mixed"  # a dirty book


def test_hf_11_wild_cards_meld_alone_and_a_pending_wild_meld_blocks_nothing():
    state = _play("2c 2d JK Kh Kd 2h Qd")
    after = legal(state, Meld(0, (pick(state, 0, "2c 2d JK"),)))
    legal(after, Meld(0, (pick(after, 0, "Kh Kd 2h"),)))  # O-WILD-MELDS' block is off


def test_hf_12_threes_are_never_melded():
    state = _play("3c 3s 3c Qd Jd")
    rejected(state, Meld(0, (pick(state, 0, "3c 3s 3c"),)), "HF-12")


# --- HF-13, HF-14: minimums by deal and a game of four deals ----------------------------------


def test_hf_13_the_minimum_rises_with_the_deal_not_the_score():
    hand = "Ah Ad As Kc Kd 4c"  # the three aces are 60 points
    for deal, need, ok in ((0, 50, True), (1, 90, False), (3, 150, False)):
        state = _play(hand, melds={}, deal=deal, scores=(-500, 9000))
        assert observe(state, 0).open_needs[0] == need
        move = Meld(0, (pick(state, 0, "Ah Ad As"),))
        if ok:
            legal(state, move)
        else:
            rejected(state, move, "C-INIT-1")


def test_hf_14_the_game_ends_after_the_fourth_deal_whatever_the_scores():
    match = Match.start(HF, "hf-game")
    minimums = []
    for _ in range(4):
        assert not match.over
        start = match.deal()
        minimums.append(observe(start, 0).minimums[0])
        match = match.record(evolve(start, phase=Phase.OVER, end=HandEnd("stock")))
    assert minimums == [50, 90, 120, 150]
    assert match.over and match.hands_played == 4
    best = max(match.scores)
    assert match.winner == (match.scores.index(best) if match.scores.count(best) == 1 else None)


# --- HF-16, HF-17: going out ----------------------------------------------------------------


def _ready(hand="9c 9d 9s 5c", books=QUOTA_BOOKS, feet=("", "4c 4d", "3h Ac 4c", "")):
    """N has played the foot; side 0 holds the books ``books``; S's foot is still down."""
    return _play(
        hand,
        melds={0: list(books), 1: ["8c 8d 8s"]},
        feet=list(feet),
        hands=[hand, "7c 7d", "5c 9d", "6c"],
        bonus_threes={0: "3d 3h"},
    )


def test_hf_16_going_out_asks_permission_and_ends_with_a_discard():
    state = _ready()
    assert can_go_out(evolve(state, question=Question.YES))
    rejected(state, Meld(0, (pick(state, 0, "9c 9d 9s"),)), "HF-16")  # not asked
    asked = legal(state, AskGoOut(0))
    yes = legal(asked, AnswerGoOut(2, True))
    melded = legal(yes, Meld(0, (pick(yes, 0, "9c 9d 9s"),)))
    final = legal(melded, Discard(0, pick(melded, 0, "5c")[0]))
    assert final.end is not None and final.end.reason == "went_out" and final.end.seat == 0


def test_hf_16_melding_every_card_is_not_going_out():
    state = _ready(hand="9c 9d 9s")
    rejected(state, Meld(0, (pick(state, 0, "9c 9d 9s"),)), "HF-16")


def test_hf_16_no_going_out_before_the_foot_is_played():
    state = _ready(feet=("4h 4s", "4c 4d", "3h Ac 4c", ""))
    assert not can_go_out(evolve(state, question=Question.YES))
    rejected(state, AskGoOut(0), "C-OUT-7")


def test_hf_17_the_whitnack_quota_two_clean_two_dirty_one_wild():
    short = _ready(books=QUOTA_BOOKS[:4])  # no wild book
    rejected(short, AskGoOut(0), "C-OUT-7")
    last = evolve(_ready(hand="5c", books=QUOTA_BOOKS[:4]), question=Question.YES)
    why = rejected(last, Discard(0, pick(last, 0, "5c")[0]), "HF-17")
    assert why.values == {"clean": 2, "dirty": 2, "wild": 1}


def test_hf_17_quota_options_saskatchewan_and_a_clean_book_for_a_dirty_one():
    clean_for_dirty = ["Ah Ad As Ac Ah Ad As", *QUOTA_BOOKS[:3], QUOTA_BOOKS[4]]
    assert can_go_out(evolve(_ready(books=clean_for_dirty), question=Question.YES))
    sask = dataclasses.replace(HF, book_quota=(1, 1, 1))
    three = [QUOTA_BOOKS[0], QUOTA_BOOKS[2], QUOTA_BOOKS[4]]
    state = _play(
        "9c 9d 9s 5c",
        rules=sask,
        melds={0: three, 1: ["8c 8d 8s"]},
        feet=["", "4c 4d", "3h Ac 4c", ""],
        hands=["9c 9d 9s 5c", "7c 7d", "5c 9d", "6c"],
    )
    legal(state, AskGoOut(0))


# --- HF-19..22: scoring ---------------------------------------------------------------------


def test_hf_19_to_22_every_line_of_a_hand_that_went_out():
    state = _ready()
    state = legal(legal(state, AskGoOut(0)), AnswerGoOut(2, True))
    state = legal(state, Meld(0, (pick(state, 0, "9c 9d 9s"),)))
    final = legal(state, Discard(0, pick(state, 0, "5c")[0]))
    assert lines(final, 0) == {
        "melded_cards": 70 + 70 + 90 + 120 + 200 + 30,
        "clean_books": 1000,  # HF-19: 500 each
        "dirty_books": 600,  # 300 each
        "wild_books": 1500,
        "red_threes": 200,  # HF-21: +100 each laid out
        "going_out": 100,  # HF-20
        "red_threes_caught": -100,  # HF-21: S's foot holds a red three
        "foot_penalty": -25,  # HF-22: S's unplayed foot, Ac and 4c
        "hand_penalty": -15,  # S holds 5c 9d
    }
    assert lines(final, 1) == {"melded_cards": 30, "foot_penalty": -10, "hand_penalty": -15}


def test_hf_23_a_stock_ending_scores_no_going_out():
    state = evolve(_ready(), phase=Phase.OVER, end=HandEnd("stock"))
    assert "going_out" not in lines(state, 0)


# --- the record: JSON and replay ------------------------------------------------------------


def test_hf_feet_and_deal_survive_json_and_replay():
    start = new_hand(HF, "hf-json", 1, deal=2)
    assert state_from_dict(state_to_dict(start)) == start
    state, actions = start, []
    for _ in range(12):
        seat = state.current
        action = (
            DrawStock(seat) if state.phase is Phase.DRAW else Discard(seat, state.hands[seat][0])
        )
        actions.append(action)
        state = apply(state, action)[0]
    again, _ = replay(log_to_dict(start, actions))
    assert again == state and again.deal == 2 and again.feet == start.feet


def test_hf_1_individual_play_needs_no_permission():
    three = preset("hand-and-foot-3")
    state = state_from_setup(
        three,
        ["9c 9d 9s 5c", "7c 7d", "6c"],
        stock="Tc Td Ts Kc",
        melds={0: QUOTA_BOOKS, 1: ["8c 8d 8s"]},
        feet=["", "4c", "4d"],
        phase=Phase.PLAY,
    )
    rejected(state, AskGoOut(0), "C-SEAT-6")
    state = legal(state, Meld(0, (pick(state, 0, "9c 9d 9s"),)))
    final = legal(state, Discard(0, pick(state, 0, "5c")[0]))
    assert final.end is not None and final.end.reason == "went_out"


def test_hf_11_wild_cards_left_over_beside_a_wild_book_need_three():
    """HF-9, HF-11: a new wild meld starts only beside wild books, and with three cards, so
    eight wild cards are a book and a stranded one (the way out is then refused)."""
    books = [*QUOTA_BOOKS[:4]]
    for hand, able in (
        ("2c 2d 2h 2s JK JK 2c 2d 2h 2s 5c", True),
        ("2c 2d 2h 2s JK JK 2c 2d 5c", False),
    ):
        state = evolve(_ready(hand=hand, books=books), question=Question.YES)
        assert can_go_out(state) is able, hand
