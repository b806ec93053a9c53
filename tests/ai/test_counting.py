"""Card counting and turn counting, the facts the safe-discard and endgame heuristics use."""

from __future__ import annotations

from dataclasses import replace
from math import comb

import pytest

from canasta_game.ai.counting import CardCount, p_at_least, passed_ranks, pile_discards
from canasta_game.ai.situation import my_turns_left
from canasta_game.engine.cards import RANK_OF, parse_card
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase

KING = RANK_OF[parse_card("Kc")]
FIVE = RANK_OF[parse_card("5c")]


def test_hypergeometric_tail_is_exact() -> None:
    # 2 good cards among 10, 3 drawn: P(both) = C(8,1) / C(10,3)
    assert p_at_least(10, 2, 3, 2) == pytest.approx(comb(8, 1) / comb(10, 3))
    assert p_at_least(10, 1, 3, 2) == 0.0
    assert p_at_least(10, 4, 0, 1) == 0.0


def _state(pile: str, known_king: bool = False) -> object:
    rules = preset("classic-4")
    state = state_from_setup(
        rules,
        ["Kh 5c Qd", "4c 4d 4h 6c 6d 7c 7d 8c", "9c 9d 9h", "Tc Td Th"],
        pile=pile,
        stock="Jc Jd Jh Js",
        phase=Phase.PLAY,
    )
    if known_king:
        hands = list(state.hands)
        king = parse_card("Ks")
        hands[1] = (*hands[1], king)
        state = replace(
            state,
            hands=tuple(hands),
            picked=(frozenset(), frozenset({king}), frozenset(), frozenset()),
        )
    return state


def test_a_rank_with_one_unseen_card_is_dead_for_a_pair() -> None:
    view = observe(_state("Kc Kd Ks Kc Kd Ks 9s"), 0)  # six kings in the pile, one in hand
    count = CardCount(view)
    assert count.unseen_rank[KING] == 1
    assert count.dead_for_pair(1, KING)
    assert not count.dead_for_pair(1, FIVE)
    assert 0.0 < count.p_holds_at_least(1, FIVE, 2) < 1.0


def test_a_card_known_from_the_pile_counts_toward_the_pair() -> None:
    plain = CardCount(observe(_state("9s"), 0))
    known = CardCount(observe(_state("9s", known_king=True), 0))
    assert known.p_holds_at_least(1, KING, 1) == 1.0
    assert known.p_holds_at_least(1, KING, 2) > plain.p_holds_at_least(1, KING, 2)


def test_the_pile_holds_the_discards_since_it_was_last_taken() -> None:
    upcard = _state("4s 7h 8c")  # never taken: the upcard lies under the discards
    seven, eight = upcard.pile[-2:]
    view = observe(replace(upcard, discards=((2, seven), (3, eight))), 0)
    assert pile_discards(view) == [(2, seven), (3, eight)]
    taken = _state("7h 8c")  # a five was discarded before the pile was taken
    five = parse_card("5s")
    view = observe(replace(taken, discards=((1, five), (2, seven), (3, eight))), 0)
    assert pile_discards(view) == [(2, seven), (3, eight)]
    # seat 3 drew from the stock with the seven on top; the eight is still on top, seat 0's
    # to take or let pass, and the five left with the pile someone took
    assert passed_ranks(view, 3) == {RANK_OF[seven]}
    assert passed_ranks(view, 0) == set()
    assert passed_ranks(view, 2) == set()


def test_turns_left_counts_only_this_players_draws() -> None:
    rules = preset("classic-4")
    hands = ["Kh 5c", "4c 4d", "9c 9d", "Tc Td"]
    base = dict(pile="9s", phase=Phase.DRAW)
    five = state_from_setup(rules, hands, stock="Jc Jd Jh Js Qc", **base)  # type: ignore[arg-type]
    # draws go to seats 0,1,2,3,0: seat 0 draws twice, seat 1 once
    assert my_turns_left(observe(five, 0)) == 2
    assert my_turns_left(observe(five, 1)) == 1
    assert [my_turns_left(observe(five, seat)) for seat in (2, 3)] == [1, 1]
    # after the draw the next draw is the next seat's: 1, 2, 3, 0, 1
    drawn = state_from_setup(rules, hands, stock="Jc Jd Jh Js Qc", pile="9s", phase=Phase.PLAY)
    assert [my_turns_left(observe(drawn, seat)) for seat in range(4)] == [1, 2, 1, 1]
    empty = state_from_setup(rules, hands, stock="", pile="9s", phase=Phase.DRAW)
    assert [my_turns_left(observe(empty, seat)) for seat in range(4)] == [0, 0, 0, 0]
    two = state_from_setup(
        preset("classic-2"),
        hands[:2],
        stock="Jc Jd Jh",
        **base,  # type: ignore[arg-type]
    )
    assert my_turns_left(observe(two, 0)) == 1  # k=2: three cards are two draws, 0 then 1
    assert my_turns_left(observe(two, 1)) == 1
