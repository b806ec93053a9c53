"""What one seat may know: ``observe(state, seat)`` -> ``PlayerView``.

The bots and the UI read only a PlayerView, so hidden information cannot leak by accident:
other hands appear as sizes plus the cards known because their holder picked them up with
the pile; the stock is a count. The pile is shown as a player with perfect memory knows it:
every card in it was seen face up when it was turned or discarded (C-PILE-1 forbids
searching the pile, not remembering it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from canasta_game.engine.caliente import problem_of
from canasta_game.engine.handfoot import book_counts, books_missing
from canasta_game.engine.italian import naturals_needed
from canasta_game.engine.mac import (
    cards_above_turn_card,
    incomplete_penalty,
    must_complete,
    ranks_dead,
    talon_waiting,
)
from canasta_game.engine.meldrules import CanastaKind, MeldFacts, meld_facts
from canasta_game.engine.reasons import Reason
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import (
    NO_QUESTION,
    NOT_DRAWN,
    OVER,
    PLAY,
    DrawKind,
    HandEnd,
    Phase,
    Question,
    State,
    TableMeld,
)
from canasta_game.engine.take import top_card_meld
from canasta_game.engine.turn import first_freezer, frozen_for, frozen_why, pile_block, top_block


@dataclass(frozen=True)
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
    #: HF-3, HF-8: per seat, the cards of the foot still face down (0 once picked up); a
    #: foot's cards are nobody's to see, its owner's neither, until it becomes the hand.
    foot_sizes: tuple[int, ...]
    deal: int  # HF-13: the deal's number in the match (0 for the first)
    known: tuple[tuple[int, ...], ...]  # per seat: cards known to be in that hand
    melds: tuple[tuple[TableMeld, ...], ...]
    bonus_threes: tuple[tuple[int, ...], ...]
    pile_top: int | None
    pile_size: int
    pile_cards: tuple[int, ...]  # bottom first: every face-up card (perfect memory)
    pile_packet: int  # IT-4: face-down cards under them, unseen until the pile is taken
    discards: tuple[tuple[int, int], ...]  # (seat, card) of every discard this hand
    pile_frozen: bool  # for everyone (C-PILE-3, O-PILE-FROZEN)
    pile_frozen_for_me: bool  # also C-PILE-4 for a closed side
    pile_blocked: bool
    pile_frozen_by_card: bool  # C-PILE-3 alone: a card in the pile froze it
    stock_size: int
    scores: tuple[int, ...]
    minimums: tuple[int, ...]
    drew: DrawKind
    question: Question
    acaba_question: Question  # BRIT-2: the side's question about Acaba this turn
    must_go_out: bool
    end: HandEnd | None
    #: CAL-2: per side, the Caliente cards played this hand (empty in other games)
    calientes_played: tuple[tuple[int, ...], ...] = ()
    #: MAC-33: the special hand that ended the hand, laid face up for all (else empty); the
    #: cards stay in their holder's hand (MAC-34 scores the hand as one).
    special_cards: tuple[int, ...] = ()

    def __getattr__(self, name: str) -> object:
        """A field ``observe`` left to first reading (``_LAZY``), worked out from the state
        it observed and kept; any other missing name is an AttributeError as usual."""
        fill = _LAZY.get(name)
        values = self.__dict__
        if fill is None or "_state" not in values:
            raise AttributeError(name)
        value = values[name] = fill(values["_state"], values["seat"])
        return value

    # --- facts the table and the bots read instead of re-deriving a rule -----------------
    # Each is worked out from the public fields above by the engine's own functions, on
    # first reading only (a bot that never asks costs nothing: the simulator's speed).

    @cached_property
    def caliente_why(self) -> Reason | None:
        """CAL-2: why this seat may not play a Caliente card now, or None when it may."""
        return problem_of(
            self.rules,
            playing=self.phase is PLAY and self.current == self.seat,
            hand=self.hand,
            melds=self.melds,
            side=self.rules.seat_side[self.seat],
            bound=self.question if self.must_go_out else None,
        )

    @property
    def holds_caliente(self) -> bool:
        """CAL-1: a Caliente card is in this seat's hand (the table shows its control)."""
        return any(self.rules.is_caliente(c) for c in self.hand)

    @property
    def may_play_caliente(self) -> bool:
        """CAL-2: the control to play the Caliente is live."""
        return self.caliente_why is None

    @cached_property
    def pile_freezer(self) -> int | None:
        """C-PILE-3: the card that froze the pile (shown crosswise), None if none did."""
        return first_freezer(self.rules, self.pile_cards, self.pile_frozen_by_card)

    @cached_property
    def pile_frozen_reason(self) -> Reason | None:
        """Why the pile is frozen for my side (C-PILE-3, C-PILE-4, O-PILE-FROZEN), or None."""
        side_open = bool(self.melds[self.side])
        return frozen_why(self.rules, self.pile_cards, self.pile_frozen_by_card, side_open)

    @cached_property
    def pile_block(self) -> Reason | None:
        """Why the top card stops every take now (C-PILE-5, C-B3-3, C-UP-4), or None."""
        return top_block(self.rules, self.pile_top, not self.discards)

    @cached_property
    def pile_naturals_needed(self) -> int | None:
        """IT-17, IT-19: naturals of the top card's rank a take shows (two, three when a
        wild card froze the pile); None where the rules take the pile otherwise (C-PILE)."""
        if not self.rules.italian_pile:
            return None
        return naturals_needed(self.pile_frozen_by_card)

    @cached_property
    def meld_facts(self) -> tuple[tuple[MeldFacts, ...], ...]:
        """Per side, in the order of ``melds``: kind, size, canasta status, bonus, room."""
        return tuple(tuple(meld_facts(self.rules, m) for m in side) for side in self.melds)

    @cached_property
    def open_needs(self) -> tuple[int, ...]:
        """Per side: points still needed to open, 0 once open (C-INIT-1, C-INIT-7)."""
        return tuple(need for need, _ in self._opening)

    @cached_property
    def open_canasta_needs(self) -> tuple[str, ...]:
        """Per side: "", "any" or "natural" (O-INIT-HIGH), "" once open."""
        return tuple(canasta for _, canasta in self._opening)

    @cached_property
    def out_needs(self) -> tuple[int, ...]:
        """Per side: canastas still missing before the side may go out (C-OUT-1), or the
        books missing from Hand and Foot's quota (HF-17)."""
        need = self.rules.go_out_canastas
        quota = self.rules.book_quota
        if quota:
            return tuple(sum(missing) for missing in self.books_needed)
        return tuple(max(0, need - _canastas(facts)) for facts in self.meld_facts)

    @cached_property
    def out_natural_needs(self) -> tuple[int, ...]:
        """Per side: natural canastas still missing before going out (O-OUT-CLEAN)."""
        need = self.rules.natural_canastas_to_go_out()
        natural = CanastaKind.NATURAL
        return tuple(
            max(0, need - sum(1 for f in facts if f.canasta is natural))
            for facts in self.meld_facts
        )

    @cached_property
    def books_needed(self) -> tuple[tuple[int, int, int], ...]:
        """HF-17: per side, the (clean, dirty, wild) books still missing to go out."""
        quota = self.rules.book_quota
        return tuple(books_missing(quota, book_counts(side)) for side in self.melds)

    @cached_property
    def cards_above_turn_card(self) -> int | None:
        """MAC-4: stock cards above the turn card, None once it is drawn (or with none)."""
        return cards_above_turn_card(self.rules, self.stock_size)

    @property
    def pile_top_face_down(self) -> bool:
        """MAC-30: the discard that went out lies face down on the pile."""
        end = self.end
        return end is not None and end.reason == "went_out" and self.rules.closing_face_down

    @cached_property
    def talon(self) -> int:
        """MAC-26, MAC-27: cards of the talon lying on the stock for the next side to open."""
        return talon_waiting(self.rules, self.melds, self.stock_size)

    @cached_property
    def dead_ranks(self) -> frozenset[int]:
        """MAC-16: ranks nobody may start or add to (a canasta of them is on the table)."""
        return ranks_dead(self.rules, self.melds)

    def top_card_meld(self, card: int, side: int) -> TableMeld | None:
        """C-PILE-6, SAM-18: the meld of ``side`` that could take the pile by laying ``card``
        alone, were this seat to discard it now (None when it could not): a discard's danger
        to the opponents' melds, read from the take rules rather than from ranks."""
        frozen = self.pile_frozen or not self.melds[side]  # C-PILE-3, O-PILE-FROZEN, C-PILE-4
        return top_card_meld(self.rules, self.melds[side], card, frozen)

    @cached_property
    def must_complete(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """MAC-31, MAC-41: per side, (meld id, points lost if it is still incomplete when the
        hand ends) of every meld the side must complete before it may go out: the pure-ace,
        sevens and wild melds (empty in the other games)."""
        rules = self.rules
        return tuple(
            tuple((m.mid, incomplete_penalty(rules, m)[1]) for m in side if must_complete(rules, m))
            for side in self.melds
        )

    @property
    def _opening(self) -> list[tuple[int, str]]:
        return [
            (0, "") if melds else self.rules.initial_minimum(score, self.deal)
            for melds, score in zip(self.melds, self.scores, strict=True)
        ]

    @property
    def side(self) -> int:
        return self.rules.seat_side[self.seat]

    def is_open(self, side: int) -> bool:
        return bool(self.melds[side])


def observe(state: State, seat: int) -> PlayerView:
    """What ``seat`` may know of ``state``. The fields that are the state's own values are
    filled in at once; those worked out from it (the known cards, the sizes, the pile's
    status, the minimums, the turn's flags as this seat sees them) on first reading only
    (``PlayerView.__getattr__``, ``_LAZY``): a bot that reads the hand and the melds, like
    the greedy baseline, never pays for them (issue 16: building every field was a sixth of
    greedy self-play). The state stays private to the view; every field reads as before."""
    # Filled in directly rather than through the frozen dataclass's __init__ (which sets each
    # field with object.__setattr__): every decision of every player asks for a view.
    view = _new(PlayerView)
    view.__dict__.update(
        _state=state,
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        current=state.current,
        dealer=state.dealer,
        turn=state.turn,
        hand=state.hands[seat],
        deal=state.deal,
        melds=state.melds,
        bonus_threes=state.bonus_threes,
        pile_packet=state.pile_hidden,
        discards=state.discards,
        pile_frozen_by_card=state.pile_frozen,
        scores=state.scores,
        end=state.end,
        calientes_played=state.calientes_played,
        special_cards=_special(state),  # (a field with a default: never left to __getattr__)
    )
    return view


_new = object.__new__


def _known_cards(state: State, seat: int) -> tuple[tuple[int, ...], ...]:
    """Per seat: its own hand whole, another's cards known from the pile it picked up."""
    hands, picked = state.hands, state.picked
    return tuple(
        [
            hands[s] if s == seat else _known(hands[s], picked[s]) if picked[s] else ()
            for s in range(len(hands))
        ]
    )


def _mine(state: State, seat: int) -> bool:
    """The seat's own turn (its draw and its promise to go out are its to see)."""
    return state.current == seat and state.phase is not OVER


def _ours(state: State, seat: int) -> bool:
    """The side to play is the seat's (its questions to the partner are the side's)."""
    return state.side_of(state.current) == state.side_of(seat)


def _special(state: State) -> tuple[int, ...]:
    """MAC-33: the special hand that ended the hand, laid face up for all."""
    end = state.end
    if end is not None and end.special and end.seat is not None:
        return state.hands[end.seat]
    return ()


#: The fields ``observe`` leaves to first reading, each worked out from (state, seat).
_LAZY: dict[str, Callable[[State, int], object]] = {
    "actor": lambda state, seat: state.actor,
    "hand_sizes": lambda state, seat: tuple(map(len, state.hands)),
    "foot_sizes": lambda state, seat: (
        tuple(map(len, state.feet)) if state.feet else (0,) * len(state.hands)
    ),
    "known": _known_cards,
    "pile_top": lambda state, seat: state.top,
    "pile_size": lambda state, seat: len(state.pile),
    "pile_cards": lambda state, seat: state.pile[state.pile_hidden :],
    "pile_frozen": lambda state, seat: state.pile_frozen or state.rules.pile_frozen,
    "pile_frozen_for_me": lambda state, seat: frozen_for(state, state.side_of(seat)),
    "pile_blocked": lambda state, seat: pile_block(state) is not None,
    "stock_size": lambda state, seat: len(state.stock),
    "minimums": lambda state, seat: _minimums(state.rules, state.scores, state.deal),
    "drew": lambda state, seat: state.drew if _mine(state, seat) else NOT_DRAWN,
    "question": lambda state, seat: state.question if _ours(state, seat) else NO_QUESTION,
    "acaba_question": lambda state, seat: (
        state.acaba_question if _ours(state, seat) else NO_QUESTION
    ),
    "must_go_out": lambda state, seat: state.must_go_out if _mine(state, seat) else False,
}


def _minimums(rules: Rules, scores: tuple[int, ...], deal: int) -> tuple[int, ...]:
    """C-INIT-1 (HF-13: by deal): each side's opening minimum, memoised per Rules value
    (scores change only between hands, and every decision's view asks)."""
    key = ("minimums", scores, deal)
    found = rules.memo.get(key)
    if found is None:
        found = rules.memo[key] = tuple(rules.initial_minimum(s, deal)[0] for s in scores)
    return found


def _canastas(facts: tuple[MeldFacts, ...]) -> int:
    """C-OUT-1 counts canastas of every kind but black threes (C-B3-1)."""
    return sum(1 for f in facts if f.canasta not in (CanastaKind.NONE, CanastaKind.BLACK_THREES))


def _known(hand: tuple[int, ...], picked: frozenset[int]) -> tuple[int, ...]:
    """The cards of another hand known because its holder picked them up with the pile."""
    return tuple(filter(picked.__contains__, hand)) if picked else ()  # (in C: every view)
