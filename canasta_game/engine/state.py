"""The complete, immutable state of one hand.

Everything is tuples of int uids so that a new state shares almost all of its parts with the
old one: the bots copy states thousands of times per decision. Per-turn bookkeeping (what was
drawn, whether the player asked to go out) lives here too, so the rules read a phase and
flags instead of guessing from the last action.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from canasta_game.engine.cards import BLACK_THREE_KEY, WILD_KEY, rank_text
from canasta_game.engine.rules import Rules


class Phase(StrEnum):
    DRAW = "draw"
    PLAY = "play"  # after the draw: meld any number of times, then discard or go out
    ANSWER = "answer"  # a partner must answer "may I go out?"
    OVER = "over"


class Question(StrEnum):
    NONE = "none"
    PENDING = "pending"
    YES = "yes"
    NO = "no"


class DrawKind(StrEnum):
    NONE = "none"
    STOCK = "stock"
    PILE = "pile"


# The members the self-play loops compare against, as module constants (issue 16). On Python
# 3.11 every read of an enum class's attribute (``Phase.PLAY``) goes through
# ``EnumType.__getattr__``'s slow attribute hook, about 0.1 us against a few ns for a module
# global (3.12 dropped the hook), and an action reads several: 4% of random self-play's
# instructions. The hot modules (the move lists, ``fastapply``, the play loop, the rollouts)
# read these; the rest of the code reads the members as usual.
DRAW, PLAY, ANSWER, OVER = Phase.DRAW, Phase.PLAY, Phase.ANSWER, Phase.OVER
NO_QUESTION, ASKED_YES, ASKED_NO = Question.NONE, Question.YES, Question.NO
NOT_DRAWN, DREW_STOCK, DREW_PILE = DrawKind.NONE, DrawKind.STOCK, DrawKind.PILE


@dataclass(frozen=True, slots=True)
class TableMeld:
    """One meld on the table. ``key`` is the natural rank, BLACK_THREE_KEY or WILD_KEY.

    ``canasta_size`` comes from the rules when the meld is made (``meldrules.make_meld``), so
    a meld knows by itself whether it is a canasta (C-MELD-7) under every variant.
    """

    mid: int
    key: int
    cards: tuple[int, ...]
    naturals: int
    wilds: int
    canasta_size: int = 7

    @property
    def size(self) -> int:
        return self.naturals + self.wilds

    @property
    def is_canasta(self) -> bool:
        return self.size >= self.canasta_size

    @property
    def is_natural(self) -> bool:
        return self.wilds == 0

    @property
    def is_wild_meld(self) -> bool:
        return self.key == WILD_KEY

    @property
    def is_black_threes(self) -> bool:
        return self.key == BLACK_THREE_KEY

    def label(self) -> str:
        return rank_text(self.key)


@dataclass(frozen=True, slots=True)
class HandEnd:
    """How the hand ended: ``went_out``, ``stock`` (C-STOCK), ``red_three_last`` (C-R3-5,
    MAC-8) or ``special_hand`` (MAC-33, ``special`` names it)."""

    reason: str
    seat: int | None = None
    concealed: bool = False
    black_threes: bool = False
    special: str = ""


@dataclass(frozen=True)
class State:  # no slots: a copy is two C-level dict updates (``evolve``)
    rules: Rules
    seed: int | str
    dealer: int
    scores: tuple[int, ...]  # cumulative per side at the start of the hand
    phase: Phase
    current: int
    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]  # the top card is the last element
    pile: tuple[int, ...]  # bottom first, the top card is the last element
    pile_frozen: bool  # C-PILE-3 (and O-B3-FREEZE): frozen for everyone
    melds: tuple[tuple[TableMeld, ...], ...]  # per side
    bonus_threes: tuple[tuple[int, ...], ...]  # per side: red threes (and black, O-B3-ASR3)
    next_mid: int
    turn: int
    drew: DrawKind = DrawKind.NONE
    took_pile_closed: bool = False
    turn_melded: bool = False  # a meld action after the draw (C-OUT-6: no asking after it)
    turn_new_mids: tuple[int, ...] = ()  # melds the player started this turn (C-OUT-4)
    turn_touched_old: bool = False  # added to a meld that existed before this turn
    question: Question = Question.NONE
    acaba_question: Question = Question.NONE  # BRIT-2: asking the partner about Acaba
    must_go_out: bool = False  # C-OUT-6 "yes" or a black-three meld (C-B3-2)
    has_melded: tuple[bool, ...] = ()  # per seat, this hand (C-OUT-4 i)
    picked: tuple[frozenset[int], ...] = ()  # per seat: cards known from taking the pile
    concealed_canastas: tuple[int, ...] = ()  # per side (O-CONC-CANASTA)
    exact_deal_side: int | None = None  # O-DEAL-EXACT bonus
    discards: tuple[tuple[int, int], ...] = ()  # (seat, card) of every discard, public memory
    recycle_idle: bool = False  # O-STOCK-RECYCLE: turned over, nobody melded or took since
    pile_hidden: int = 0  # IT-4: the pile's bottom cards lying face down under the upcard
    opened_dirty: bool = False  # IT-10: this turn's opening held wild cards (no pile now)
    end: HandEnd | None = None
    # HF-3, HF-8: per seat, the foot still face down (empty once picked up, or in no foot game)
    feet: tuple[tuple[int, ...], ...] = ()
    deal: int = 0  # HF-13: which deal of the match this is (0 for the first)
    calientes_played: tuple[tuple[int, ...], ...] = ()  # CAL-2: per side, the Calientes played
    talons: tuple[tuple[int, ...], ...] = ()  # MAC-28: the packets set aside, face down
    asked_out: tuple[int, ...] = ()  # MAC-32: the seats that asked "may I go out?" this hand

    # --- convenience readers ------------------------------------------------------------

    def side_of(self, seat: int) -> int:
        return self.rules.seat_side[seat]

    @property
    def actor(self) -> int:
        """The seat that must act now: the answering partner while a question is pending."""
        if self.phase is ANSWER:
            return answering_partner(self.rules, self.current)
        return self.current

    def is_open(self, side: int) -> bool:
        return bool(self.melds[side])

    def canastas(self, side: int) -> int:
        return sum(1 for m in self.melds[side] if m.is_canasta and not m.is_black_threes)

    def meld_by_mid(self, side: int, mid: int) -> TableMeld | None:
        for meld in self.melds[side]:
            if meld.mid == mid:
                return meld
        return None

    def minimum(self, side: int) -> tuple[int, str]:
        return self.rules.initial_minimum(self.scores[side], self.deal)

    def has_foot(self, seat: int) -> bool:
        """HF-8: the seat's foot is still face down, waiting for the hand to be used up."""
        return bool(self.feet) and bool(self.feet[seat])

    @property
    def top(self) -> int | None:
        return self.pile[-1] if self.pile else None


def evolve(state: State, **changes: object) -> State:
    """``dataclasses.replace`` without its checks: the new State's ``__dict__`` is a copy of
    the old one's updated with ``changes``, set in one C call (bots call it a lot: every
    action makes one or two; a copy of the table costs about a third less than filling an
    empty ``__dict__`` key by key). That is why State has a ``__dict__`` and no slots:
    storing 40-odd slots one by one cost three times as much. State has no
    ``__post_init__``, so the copy is exactly what the constructor would make."""
    return evolve_with(state, changes)


def evolve_with(state: State, changes: dict[str, object]) -> State:
    """``evolve`` with the changes in a dict the caller built (``fastapply``: a new turn's
    fifteen-odd fields, not copied once more into keyword arguments)."""
    if not _FIELDS.issuperset(changes):
        raise TypeError(f"State has no field {sorted(set(changes) - _FIELDS)}")
    return evolve_known(state, changes)


def evolve_known(state: State, changes: dict[str, object]) -> State:
    """``evolve_with`` without checking the names, for ``fastapply``, whose changes are its
    own literal field names and ``game.turn_changes``' (the check was a quarter of a copy,
    and self-play makes one per action; ``tests/engine/test_fastapply.py`` compares the
    states with ``apply``'s)."""
    return of_fields(state.__dict__ | changes)  # (one C call: a fifth cheaper than copy, update)


def of_fields(fields: dict[str, object]) -> State:
    """The State whose fields are ``fields``, every one of them (``game.next_turn_fields``:
    the dict becomes the new State's own, so the caller must not keep changing it)."""
    made = _new(State)
    _set_dict(made, fields)
    return made


_new = object.__new__
_set_dict = State.__dict__["__dict__"].__set__  # (State is frozen: its own setattr refuses)
_FIELDS = frozenset(State.__dataclass_fields__)


def answering_partner(rules: Rules, seat: int) -> int:
    """C-OUT-7: the partner who plays next answers (the only partner in a side of two)."""
    side = rules.seat_side[seat]
    for step in range(1, rules.players):
        other = (seat + step) % rules.players
        if rules.seat_side[other] == side:
            return other
    return seat
