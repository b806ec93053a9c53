"""What one seat may know: ``observe(state, seat)`` -> ``PlayerView``.

The bots and the UI read only a PlayerView, so hidden information cannot leak by accident:
other hands appear as sizes plus the cards known because their holder picked them up with
the pile; the stock is a count. The pile is shown as a player with perfect memory knows it:
every card in it was seen face up when it was turned or discarded (C-PILE-1 forbids
searching the pile, not remembering it).
"""

from __future__ import annotations

from dataclasses import dataclass

from canasta_game.engine.game import frozen_for, pile_block
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import DrawKind, HandEnd, Phase, Question, State, TableMeld


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    rules: Rules
    phase: Phase
    current: int
    actor: int
    dealer: int
    turn: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]  # per seat: cards known to be in that hand
    melds: tuple[tuple[TableMeld, ...], ...]
    bonus_threes: tuple[tuple[int, ...], ...]
    pile_top: int | None
    pile_size: int
    pile_cards: tuple[int, ...]  # bottom first: every one was seen face up (perfect memory)
    discards: tuple[tuple[int, int], ...]  # (seat, card) of every discard this hand
    pile_frozen: bool  # for everyone (C-PILE-3)
    pile_frozen_for_me: bool  # also C-PILE-4 for a closed side
    pile_blocked: bool
    stock_size: int
    scores: tuple[int, ...]
    minimums: tuple[int, ...]
    drew: DrawKind
    question: Question
    must_go_out: bool
    end: HandEnd | None

    @property
    def side(self) -> int:
        return self.rules.seat_side[self.seat]

    def is_open(self, side: int) -> bool:
        return bool(self.melds[side])


def observe(state: State, seat: int) -> PlayerView:
    side = state.rules.seat_side[seat]
    hands = state.hands
    known = tuple(
        tuple(c for c in hands[s] if c in state.picked[s]) if s != seat else hands[s]
        for s in range(state.rules.players)
    )
    mine = state.current == seat and state.phase is not Phase.OVER
    return PlayerView(
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        current=state.current,
        actor=state.actor,
        dealer=state.dealer,
        turn=state.turn,
        hand=hands[seat],
        hand_sizes=tuple(len(h) for h in hands),
        known=known,
        melds=state.melds,
        bonus_threes=state.bonus_threes,
        pile_top=state.top,
        pile_size=len(state.pile),
        pile_cards=state.pile,
        discards=state.discards,
        pile_frozen=state.pile_frozen or state.rules.pile_frozen,
        pile_frozen_for_me=frozen_for(state, side),
        pile_blocked=pile_block(state) is not None,
        stock_size=len(state.stock),
        scores=state.scores,
        minimums=tuple(state.minimum(s)[0] for s in range(state.rules.sides)),
        drew=state.drew if mine else DrawKind.NONE,
        question=state.question if state.side_of(state.current) == side else Question.NONE,
        must_go_out=state.must_go_out if mine else False,
        end=state.end,
    )
