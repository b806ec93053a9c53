"""What the table says: reasons in words with their rule, side names, news and sounds."""

from __future__ import annotations

from canasta_game.engine import events as ev
from canasta_game.engine.reasons import Reason, reason
from canasta_game.engine.rules import preset
from canasta_game.ui.table.wording import news_for, reason_text, side_name, sound_for

NAMES = ("You", "West", "North", "East")


def test_reasons_are_worded_from_their_key_with_the_rule() -> None:
    why = reason("C-MELD-3", "meld_wild_cap", cap=3, naturals=2)
    assert (
        reason_text(why) == "A meld can hold at most 3 wild cards with 2 natural cards (C-MELD-3)"
    )


def test_an_unknown_key_still_reads() -> None:
    assert "X-1" in reason_text(Reason("X-1", "no_such_key"))


def test_seats_are_named_not_numbered() -> None:
    why = reason("C-TURN-1", "not_your_turn", seat=3, actor=0)
    assert reason_text(why, NAMES) == "Wait: it is East's turn (C-TURN-1)"
    assert "seat 3" in reason_text(why)  # without names the engine's own words


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
