"""What the table says: reasons in words with their rule, side names, news and sounds."""

from __future__ import annotations

from canasta_game.engine import events as ev
from canasta_game.engine.cards import RANK_OF, parse_card
from canasta_game.engine.reasons import TEMPLATES, Reason, reason
from canasta_game.engine.rules import preset
from canasta_game.ui.table.reason_words import MESSAGES
from canasta_game.ui.table.wording import (
    news_for,
    reason_rule,
    reason_text,
    side_name,
    sound_for,
)

NAMES = ("You", "West", "North", "East")


def test_reasons_are_worded_from_their_key_and_the_rule_comes_apart() -> None:
    why = reason("C-MELD-3", "meld_wild_cap", cap=3, naturals=2)
    assert reason_text(why) == "With 2 natural cards a meld can hold at most 3 wild cards."
    assert reason_rule(why) == "Rule C-MELD-3"


def test_an_unknown_key_still_reads() -> None:
    assert reason_text(Reason("X-1", "no_such_key")) == "That move is not allowed."


def test_seats_are_named_not_numbered() -> None:
    why = reason("C-TURN-1", "not_your_turn", seat=3, actor=0)
    assert reason_text(why, NAMES) == "Wait: it is East's turn."
    assert "3" not in reason_text(why)


def test_side_names() -> None:
    rules = preset("classic-4")
    assert side_name(rules, 0, NAMES) == "You & North"
    assert side_name(rules, 1, NAMES) == "West & East"
    six = preset("classic-6")
    names = ("You", "P2", "P3", "P4", "P5", "P6")
    assert side_name(six, 0, names) == "You, P3 & P5"


def test_one_sound_per_move_the_biggest_news_wins() -> None:
    assert (
        sound_for([ev.MeldMade(0, 0, 1, (1, 2, 3)), ev.CanastaCompleted(0, 1, True)]) == "canasta"
    )
    assert sound_for([ev.Discarded(0, 5), ev.WentOut(0, False)]) == "going_out"
    assert sound_for([ev.CardsDrawn(0, (4,))]) == "draw"
    assert sound_for([ev.TurnStarted(1)]) is None


def test_news_of_answers_and_going_out() -> None:
    assert news_for([ev.AnsweredGoOut(2, True)], NAMES, 0) == "North says yes: go out this turn"
    assert news_for([ev.WentOut(1, True)], NAMES, 0) == "West went out concealed"
    assert news_for([ev.PileTaken(3, (1, 2, 3))], NAMES, 0) == "East took the pile (3 cards)"
    assert news_for([ev.Discarded(1, 5)], NAMES, 0) is None


def test_every_engine_reason_key_has_a_sentence() -> None:
    """A key the engine can give but the table cannot word would reach players as a stub."""
    assert set(TEMPLATES) <= set(MESSAGES)


def test_cards_and_ranks_are_named_in_words_never_in_engine_notation() -> None:
    king = parse_card("Kh#2")
    why = reason("C-MELD-6", "meld_wrong_card", card=king, rank=RANK_OF[parse_card("9c")])
    assert reason_text(why) == "The king of hearts cannot be added to the meld of nines."
    pair = reason("C-PILE-6", "pile_frozen_pair", rank=RANK_OF[parse_card("Tc")], need=2)
    text = reason_text(pair)
    assert "2 natural tens" in text and "Ts" not in text and "#" not in text
    assert reason_text(reason("C-TURN-3", "not_in_hand", card=parse_card("JK"))).startswith(
        "A joker"
    )


def test_every_reason_the_engine_gives_in_self_play_reads_without_notation() -> None:
    """Words for refusals met in real play: no "Kh#1", no "{rank}s" of raw ranks."""
    import random

    from canasta_game.engine import Discard, Meld, TakePile, new_hand, why_illegal

    rng = random.Random(4)
    state = new_hand(preset("classic-4"), 4)
    seen = 0
    for seat in range(4):
        hand = state.hands[seat]
        for _ in range(40):
            cards = tuple(rng.sample(hand, rng.randint(1, 4)))
            for action in (Meld(seat, (cards,)), TakePile(seat, cards), Discard(seat, cards[0])):
                why = why_illegal(state, action)
                if why is not None:
                    text = reason_text(why, NAMES)
                    assert "#" not in text and "{" not in text, text
                    seen += 1
    assert seen > 100
