"""The next state after a generated move, for the self-play loops (issue 16).

``advance(state, move)`` is ``apply(state, move)[0]`` for a move the generator offered: the
commonest two moves of a hand, a stock draw and a discard that leaves cards in hand, are made
here without the legality check (the generator made them legal) and without the events nobody
in a self-play loop reads; every other move, and every position of rules outside
``constructive.MODELLED_FIELDS``, goes through ``apply``. ``tests/engine/test_fastapply.py``
compares the two states along seeded self-play.
"""

from __future__ import annotations

from canasta_game.engine import constructive
from canasta_game.engine.actions import Action, Discard, DrawStock
from canasta_game.engine.game import apply, start_turn
from canasta_game.engine.state import DrawKind, Phase, State, evolve
from canasta_game.engine.turn import set_at


def advance(state: State, move: Action) -> State:
    """The state after ``move``, which must be one of ``legal_moves(state)``."""
    kind = type(move)
    if kind is Discard and state.phase is Phase.PLAY:
        after = _discard(state, move)  # type: ignore[arg-type]
    elif kind is DrawStock and state.phase is Phase.DRAW:
        after = _draw(state)
    else:
        after = None
    return apply(state, move)[0] if after is None else after


def _discard(state: State, move: Discard) -> State | None:
    """C-TURN-4: the card goes on the pile (freezing it, C-PILE-3) and the next seat's turn
    begins (``game.start_turn``: C-STOCK-4 may end the hand there). Not for going out or a
    player who must go out (C-OUT-2, C-B3-2, C-OUT-6): ``apply`` decides those."""
    hand = state.hands[state.current]
    if len(hand) < 2 or state.must_go_out or constructive.needs_full_check(state.rules):
        return None
    seat = state.current
    index = hand.index(move.card)
    rules = state.rules
    discarded = {
        "hands": set_at(state.hands, seat, hand[:index] + hand[index + 1 :]),
        "pile": (*state.pile, move.card),
        "pile_frozen": state.pile_frozen or rules.freezes_pile(move.card),
        "discards": (*state.discards, (seat, move.card)),
    }
    return start_turn(state, (seat + 1) % rules.players, [], **discarded)[0]


def _draw(state: State) -> State | None:
    """C-TURN-2: ``draw_count`` cards off the top of the stock; a bonus three among them
    (C-R3-3) or a stock too short (C-STOCK-7, O-STOCK-RECYCLE) is left to ``apply``."""
    rules = state.rules
    count = rules.draw_count
    stock = state.stock
    if len(stock) < count or constructive.needs_full_check(rules):
        return None
    drawn = stock[-count:][::-1]  # the top card (the last element) is drawn first
    if any(rules.is_bonus_three(card) for card in drawn):
        return None
    seat = state.current
    return evolve(
        state,
        stock=stock[:-count],
        hands=set_at(state.hands, seat, state.hands[seat] + drawn),
        drew=DrawKind.STOCK,
        phase=Phase.PLAY,
    )
