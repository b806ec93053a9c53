"""Canasta Caliente (RULES.md V-CAL, CAL-1..5; VARIANTS.md CAL-A..C): the Caliente card.

The pack holds one Caliente card per deck (CAL-1, CAL-A). A player whose side has fewer melds
than every opposing side may play one during the own turn, after drawing: it leaves the game,
the player draws from the stock until the hand holds the deal size again, and the side loses
``caliente_points`` (CAL-2; CAL-5 ENG: "every opposing side" with three or more sides). A
discarded Caliente stops the pile like a black three (CAL-3, ``Rules.stops`` and
``turn.top_block``); left in a hand at the end it doubles that hand's penalty, two triple it
(CAL-4). It is worth 0, is no wild card and is never melded (CAL-5 ENG, ``meldrules``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from canasta_game.engine import events as ev
from canasta_game.engine.cards import IS_CALIENTE
from canasta_game.engine.reasons import Reason, reason
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import HandEnd, Phase, Question, State, TableMeld, evolve
from canasta_game.engine.turn import LEGAL, Result, end_hand, remove_cards, set_at

#: ``game._stock_cards`` with the number of cards to draw (passed in: ``game`` imports us).
StockDraw = Callable[
    [State, list[ev.Event], int],
    tuple[State, tuple[int, ...], tuple[int, ...], tuple[int, ...], bool],
]


def played(state: State, side: int) -> tuple[int, ...]:
    """CAL-2: the Caliente cards ``side`` has played this hand."""
    return state.calientes_played[side] if state.calientes_played else ()


def meld_counts(melds: Sequence[Sequence[TableMeld]], side: int) -> tuple[int, int]:
    """CAL-2, CAL-5: (the side's melds, the fewest melds of an opposing side)."""
    theirs = min(len(m) for s, m in enumerate(melds) if s != side)
    return len(melds[side]), theirs


def caliente_problem(state: State, seat: int) -> Reason | None:
    """CAL-2: why ``seat`` may not play a Caliente now, or None."""
    return problem_of(
        state.rules,
        playing=state.phase is Phase.PLAY and state.current == seat,
        hand=state.hands[seat],
        melds=state.melds,
        side=state.side_of(seat),
        bound=state.question if state.must_go_out else None,
    )


def problem_of(
    rules: Rules,
    *,
    playing: bool,
    hand: Sequence[int],
    melds: Sequence[Sequence[TableMeld]],
    side: int,
    bound: Question | None,
) -> Reason | None:
    """CAL-2 from the facts a player sees (the view asks too): ``playing``, the own turn
    after the draw; ``bound``, the question when the player must go out, else None."""
    if not rules.calientes:
        return reason("CAL-1", "caliente_off")
    if not playing:
        return reason("CAL-2", "caliente_draw_first")
    if not any(IS_CALIENTE[c] for c in hand):
        return reason("CAL-2", "caliente_none")
    if bound is not None:  # a partner's "yes" or a black-three meld binds first
        if bound is Question.YES:
            return reason("C-OUT-6", "out_required")
        return reason("C-B3-2", "b3_must_out")
    mine, theirs = meld_counts(melds, side)
    if mine >= theirs:
        return reason("CAL-2", "caliente_not_behind", count=mine, other=theirs)
    return None


def play(state: State, build: bool, draw: StockDraw) -> Result:
    """CAL-2: play a Caliente, draw back to the deal size from the stock (what is left of it
    when it runs short, as C-STOCK-7), lay out any red three drawn and replace it (C-R3-3)."""
    seat = state.current
    problem = caliente_problem(state, seat)
    if problem is not None:
        return problem
    if not build:
        return LEGAL
    card = next(c for c in state.hands[seat] if IS_CALIENTE[c])
    hand = remove_cards(state.hands[seat], (card,), "CAL-2")
    assert not isinstance(hand, Reason)
    side = state.side_of(seat)
    need = max(0, state.rules.deal_size - len(hand))
    events: list[ev.Event] = []
    state, stock, drawn, placed, red_three_last = draw(state, events, need)
    events.append(ev.CalientePlayed(seat, side, card, len(drawn)))
    events.extend(ev.BonusThreePlaced(seat, side, c) for c in placed)
    sides = state.calientes_played or ((),) * state.rules.sides
    state = evolve(
        state,
        stock=stock,
        hands=set_at(state.hands, seat, hand + drawn),
        bonus_threes=set_at(state.bonus_threes, side, state.bonus_threes[side] + placed),
        calientes_played=set_at(sides, side, (*sides[side], card)),
    )
    if red_three_last:  # C-R3-5: the red three drawn last ends the hand
        return end_hand(state, HandEnd("red_three_last"), events)
    return state, events


def hand_factor(hand: Sequence[int]) -> int:
    """CAL-4: a hand's penalty counts once, twice with one Caliente, three times with two
    (never four times: "triple, not quadruple")."""
    return 1 + min(2, sum(1 for c in hand if IS_CALIENTE[c]))


def score_lines(
    state: State, side: int, hand_value: Callable[[tuple[int, ...]], int]
) -> list[tuple[str, int, int]]:
    """CAL-2 and CAL-4 as (line key, points, count): each Caliente played, and the extra
    penalty of the side's hands holding Calientes (the plain penalty is its own line)."""
    rules = state.rules
    lines: list[tuple[str, int, int]] = []
    count = len(played(state, side))
    if count:
        lines.append(("calientes_played", -count * rules.caliente_points, count))
    held = extra = 0
    for seat in rules.side_seats[side]:
        hand = state.hands[seat]
        factor = hand_factor(hand)
        if factor > 1:
            held += factor - 1
            extra += (factor - 1) * hand_value(hand)
    if held:
        lines.append(("calientes_in_hand", -extra, held))
    return lines
