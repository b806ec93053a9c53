"""What one seat may know: ``observe(state, seat)`` -> ``PlayerView``.

The bots and the UI read only a PlayerView, so hidden information cannot leak by accident:
other hands appear as sizes plus the cards known because their holder picked them up with
the pile; the stock is a count. The pile is shown as a player with perfect memory knows it:
every card in it was seen face up when it was turned or discarded (C-PILE-1 forbids
searching the pile, not remembering it).
"""

from __future__ import annotations

from dataclasses import dataclass

from canasta_game.engine.meldrules import CanastaKind, MeldFacts, meld_facts
from canasta_game.engine.reasons import Reason
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import DrawKind, HandEnd, Phase, Question, State, TableMeld
from canasta_game.engine.turn import frozen_for, frozen_reason, pile_block, pile_freezer


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
    pile_frozen: bool  # for everyone (C-PILE-3, O-PILE-FROZEN)
    pile_frozen_for_me: bool  # also C-PILE-4 for a closed side
    pile_blocked: bool
    # --- facts the table and the bots read instead of re-deriving a rule ----------------
    pile_frozen_by_card: bool  # C-PILE-3 alone: a card in the pile froze it
    pile_freezer: int | None  # that card (shown crosswise), None if none did
    pile_frozen_reason: Reason | None  # why it is frozen for my side (C-PILE-3/-4, O-PILE-FROZEN)
    pile_block: Reason | None  # why the top card stops every take now (C-PILE-5, C-B3-3)
    meld_facts: tuple[tuple[MeldFacts, ...], ...]  # per side, in the order of ``melds``
    open_needs: tuple[int, ...]  # per side: points still needed to open, 0 once open (C-INIT)
    open_canasta_needs: tuple[str, ...]  # per side: "", "any" or "natural" (O-INIT-HIGH)
    out_needs: tuple[int, ...]  # per side: canastas still missing to go out (C-OUT-1)
    out_natural_needs: tuple[int, ...]  # per side: natural canastas still missing (O-OUT-CLEAN)
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
    rules = state.rules
    sides = range(rules.sides)
    opening = [(0, "") if state.melds[s] else state.minimum(s) for s in sides]
    facts = tuple(tuple(meld_facts(rules, m) for m in state.melds[s]) for s in sides)
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
        pile_frozen_by_card=state.pile_frozen,
        pile_freezer=pile_freezer(state),
        pile_frozen_reason=frozen_reason(state, side),
        pile_block=pile_block(state),
        meld_facts=facts,
        open_needs=tuple(points for points, _ in opening),
        open_canasta_needs=tuple(canasta for _, canasta in opening),
        out_needs=tuple(max(0, rules.go_out_canastas - state.canastas(s)) for s in sides),
        out_natural_needs=tuple(_natural_need(rules, facts[s]) for s in sides),
        stock_size=len(state.stock),
        scores=state.scores,
        minimums=tuple(state.minimum(s)[0] for s in range(state.rules.sides)),
        drew=state.drew if mine else DrawKind.NONE,
        question=state.question if state.side_of(state.current) == side else Question.NONE,
        must_go_out=state.must_go_out if mine else False,
        end=state.end,
    )


def _natural_need(rules: Rules, facts: tuple[MeldFacts, ...]) -> int:
    """O-OUT-CLEAN: natural canastas a side still needs before it may go out."""
    need = rules.natural_canastas_to_go_out()
    have = sum(1 for f in facts if f.canasta is CanastaKind.NATURAL)
    return max(0, need - have)
