"""What a single meld may hold (C-MELD, O-MELD-WILD, O-WILD-MELDS): one place for the caps.

Both the legality check and the going-out solver ask these functions, so the wild-card cap of
every option is written exactly once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from canasta_game.engine import mac
from canasta_game.engine.cards import (
    ACE,
    BLACK_THREE_KEY,
    CALIENTE,
    FOUR,
    IS_BLACK_THREE,
    IS_NATURAL,
    IS_WILD,
    RANK_OF,
    SEQUENCE_KEY,
    SUIT_OF,
    THREE,
    TWO,
    WILD_KEY,
)
from canasta_game.engine.cuban import size_problem, wild_canasta_bonus
from canasta_game.engine.reasons import Reason, reason
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import TableMeld

UNLIMITED = 1 << 20


class MeldKind(StrEnum):
    """What a meld is made of. The variants add their own kinds here (Samba's sequence in one
    suit gets its own key range), each with its check in this module."""

    GROUP = "group"  # natural cards of one rank, with wild cards (C-MELD-1)
    BLACK_THREES = "black_threes"  # only when going out (C-B3-2)
    WILD = "wild"  # wild cards only (O-WILD-MELDS)
    SEQUENCE = "sequence"  # 3-7 naturals of one suit in a run (SAM-9, SAM-10)


class CanastaKind(StrEnum):
    NONE = "none"  # not a canasta (yet)
    NATURAL = "natural"  # no wild card (C-SCORE-2)
    MIXED = "mixed"  # with wild cards
    WILD = "wild"  # of wild cards only (O-WILD-MELDS)
    BLACK_THREES = "black_threes"  # seven black threes earn no canasta bonus
    SEQUENCE = "sequence"  # a samba / escalera (SAM-11, BOL-4)


@dataclass(frozen=True, slots=True)
class MeldFacts:
    """What everyone can read off one meld, as the rules see it (the table and bots read this)."""

    mid: int
    key: int  # the rank index, BLACK_THREE_KEY or WILD_KEY (``cards``' meld keys)
    kind: MeldKind
    size: int
    naturals: int
    wilds: int
    canasta: CanastaKind
    to_canasta: int  # cards still missing for a canasta (0 once it is one)
    bonus: int  # what the canasta earns now (0 while it is none)
    wild_room: int  # wild cards it may still take (C-MELD-3, O-MELD-WILD)
    # a sequence's suit and lowest and highest rank, and whether each end may grow (SAM-11)
    suit: int = -1
    low: int = -1
    high: int = -1
    grow_low: bool = False
    grow_high: bool = False


def make_meld(
    rules: Rules, mid: int, key: int, cards: tuple[int, ...], naturals: int, wilds: int
) -> TableMeld:
    """The one way the engine builds a meld, so the canasta size always comes from the rules.
    Its slots are stored directly (a frozen dataclass's ``__init__`` stores through
    ``object.__setattr__`` at twice the cost; no ``__post_init__``: the same object)."""
    meld = _new(TableMeld)
    _MID(meld, mid)
    _KEY(meld, key)
    _CARDS(meld, cards)
    _NATURALS(meld, naturals)
    _WILDS(meld, wilds)
    _SIZE(meld, rules.canasta_size)
    return meld


_new = object.__new__
_MID, _KEY, _CARDS, _NATURALS, _WILDS, _SIZE = (
    getattr(TableMeld, name).__set__
    for name in ("mid", "key", "cards", "naturals", "wilds", "canasta_size")
)


def grown(
    rules: Rules, meld: TableMeld, cards: Sequence[int], naturals: int, wilds: int
) -> TableMeld:
    """``meld`` with ``cards`` added (``naturals`` and ``wilds`` of them); a sequence keeps
    its cards in rank order, so its ends are its first and last card."""
    joined = meld.cards + tuple(cards)
    if meld.key >= SEQUENCE_KEY:
        joined = tuple(sorted(joined, key=RANK_OF.__getitem__))
    return make_meld(
        rules, meld.mid, meld.key, joined, meld.naturals + naturals, meld.wilds + wilds
    )


def meld_kind(key: int) -> MeldKind:
    if key >= SEQUENCE_KEY:
        return MeldKind.SEQUENCE
    if key == WILD_KEY:
        return MeldKind.WILD
    if key == BLACK_THREE_KEY:
        return MeldKind.BLACK_THREES
    return MeldKind.GROUP


def canasta_kind(meld: TableMeld) -> CanastaKind:
    """C-SCORE-2 and O-WILD-MELDS: which kind of canasta ``meld`` is, if any."""
    if not meld.is_canasta:
        return CanastaKind.NONE
    kind = meld_kind(meld.key)
    if kind is MeldKind.BLACK_THREES:
        return CanastaKind.BLACK_THREES
    if kind is MeldKind.WILD:
        return CanastaKind.WILD
    if kind is MeldKind.SEQUENCE:
        return CanastaKind.SEQUENCE
    return CanastaKind.NATURAL if meld.wilds == 0 else CanastaKind.MIXED


#: The score line of each kind of canasta (``canasta_class`` refines it for IT-21).
KIND_LINE: dict[CanastaKind, str] = {
    CanastaKind.NATURAL: "natural_canastas",
    CanastaKind.MIXED: "mixed_canastas",
    CanastaKind.WILD: "wild_canastas",
    CanastaKind.SEQUENCE: "sequence_canastas",
}


def canasta_class(rules: Rules, meld: TableMeld) -> str:
    """The score line ``meld``'s canasta bonus goes to, "" if it earns none. IT-21 gives
    aces, a canasta of 2s only (the Pinellata) and one of jokers with one 2 (Toro Seduto)
    their own bonuses when the rules set them."""
    kind = canasta_kind(meld)
    if kind not in KIND_LINE:
        return ""
    if meld.key == ACE and kind is CanastaKind.NATURAL and rules.natural_ace_bonus:
        return "natural_ace_canastas"
    if meld.key == ACE and kind is CanastaKind.MIXED and rules.mixed_ace_bonus:
        return "mixed_ace_canastas"
    if kind is CanastaKind.WILD:
        twos = sum(1 for c in meld.cards if RANK_OF[c] == TWO)
        if rules.pure_twos_bonus and twos == meld.size:
            return "pure_twos_canastas"
        if rules.jokers_canasta_bonus and twos <= 1:
            return "jokers_canastas"
    return KIND_LINE[kind]


def class_bonus(rules: Rules, line: str) -> int:
    """What one canasta of the score line ``line`` earns (C-SCORE-2, O-WILD-MELDS, IT-21)."""
    return {
        "": 0,
        "natural_canastas": rules.natural_canasta_bonus,
        "mixed_canastas": rules.mixed_canasta_bonus,
        "wild_canastas": rules.wild_canasta_bonus,
        "sequence_canastas": rules.sequence_bonus,
        "natural_ace_canastas": rules.natural_ace_bonus,
        "mixed_ace_canastas": rules.mixed_ace_bonus,
        "pure_twos_canastas": rules.pure_twos_bonus,
        "jokers_canastas": rules.jokers_canasta_bonus,
    }[line]


def meld_bonus(rules: Rules, meld: TableMeld) -> int:
    """What ``meld`` earns as a canasta now: its kind's bonus, MAC-36's table, or CUB-5's by its
    wild cards."""
    if rules.mac_scoring:  # MAC-36: aces, sevens, jokers and twos have their own bonuses
        line = mac.canasta_line(meld)
        return 0 if line is None else line[1]
    if canasta_kind(meld) is CanastaKind.WILD and rules.wild_canasta_cuban:
        return wild_canasta_bonus(meld)
    return class_bonus(rules, canasta_class(rules, meld))  # IT-21 refines the classes


def canasta_bonus(rules: Rules, kind: CanastaKind) -> int:
    """C-SCORE-2, O-WILD-MELDS, CZH-2: what one canasta of ``kind`` earns on its plain line."""
    return class_bonus(rules, KIND_LINE.get(kind, ""))


def meld_facts(rules: Rules, meld: TableMeld) -> MeldFacts:
    """The facts of ``meld`` (memoised per Rules value: every PlayerView asks for them)."""
    low = RANK_OF[meld.cards[0]] if meld.key >= SEQUENCE_KEY else -1
    if meld.key == WILD_KEY:  # IT-21, CUB-5, MAC-36: a wild canasta's bonus depends on its 2s
        low = sum(1 for c in meld.cards if RANK_OF[c] == TWO)
    key = ("meld", meld.mid, meld.key, meld.naturals, meld.wilds, meld.canasta_size, low)
    facts = rules.memo.get(key)
    if facts is None:
        facts = rules.memo[key] = _meld_facts(rules, meld)
    return facts


def _meld_facts(rules: Rules, meld: TableMeld) -> MeldFacts:
    kind = meld_kind(meld.key)
    canasta = canasta_kind(meld)
    if kind is MeldKind.GROUP:
        room = max(0, wild_cap(rules, meld.naturals, meld.size + 1) - meld.wilds)
    elif kind is MeldKind.WILD:
        room = max(0, meld.canasta_size - meld.size) if rules.no_wild_on_canasta else UNLIMITED
    else:
        room = 0
    if rules.no_wild_on_canasta and meld.is_canasta:
        room = 0  # SAM-15, BOL-3
    room = min(room, mac.wild_room(rules, meld))  # MAC-15 (CUB-4), MAC-18..20
    run: dict[str, int | bool] = {}
    if kind is MeldKind.SEQUENCE:
        low, high = RANK_OF[meld.cards[0]], RANK_OF[meld.cards[-1]]
        room_left = meld.size < meld.canasta_size
        run = {
            "suit": meld.key - SEQUENCE_KEY,
            "low": low,
            "high": high,
            "grow_low": room_left and low > FOUR,
            "grow_high": room_left and high < ACE,
        }
    return MeldFacts(
        mid=meld.mid,
        key=meld.key,
        kind=kind,
        size=meld.size,
        naturals=meld.naturals,
        wilds=meld.wilds,
        canasta=canasta,
        to_canasta=max(0, meld.canasta_size - meld.size),
        bonus=meld_bonus(rules, meld),
        wild_room=room,
        **run,  # type: ignore[arg-type]
    )


def wild_cap(rules: Rules, naturals: int, size_after: int) -> int:
    """The most wild cards a meld with ``naturals`` natural cards may hold."""
    if (
        rules.pile_conflict == "B"
        and rules.pile_nocanadd
        and not rules.pile_2nat
        and size_after > rules.canasta_size
        and naturals >= 4
    ):
        return UNLIMITED  # O-PILE-CONFLICT=B: melds over 7 cards have no wild limit
    mode = rules.meld_wild
    if mode == "MAX3":
        return 3
    if mode == "LE_NAT":
        return min(3, naturals)
    if mode == "LT_NAT":
        return min(3, naturals - 1)
    if mode == "MAX2":
        return 2
    return 1 if naturals <= 2 else 2  # IT


def cap_rule(rules: Rules) -> str:
    if rules.rule_of_five and rules.meld_wild == "MAX2":
        return "MAC-17"  # V-MAC's mixed melds: at most two wild cards
    if rules.sequences and rules.meld_wild == "MAX2":
        return "SAM-13"  # the sequence family's cap of two (SAM-13, BOL-5)
    return "C-MELD-3" if rules.meld_wild == "MAX3" else "O-MELD-WILD"


def check_counts(rules: Rules, naturals: int, wilds: int) -> Reason | None:
    """C-MELD-2 and C-MELD-3 for a regular meld of ``naturals`` + ``wilds`` cards."""
    if naturals < 2:
        return reason("C-MELD-2", "meld_two_naturals")
    cap = wild_cap(rules, naturals, naturals + wilds)
    if wilds > cap:
        return reason(cap_rule(rules), "meld_wild_cap", cap=cap, naturals=naturals)
    return size_problem(rules, naturals + wilds)  # CUB-4


def may_open_beside(rules: Rules, existing: Sequence[TableMeld]) -> bool:
    """O-PILE-CONFLICT=A: one open meld may be started beside completed canastas of a rank;
    HF-9: beside closed books always (``existing``: the side's melds of that rank)."""
    if rules.books_closed:
        return all(m.is_canasta for m in existing)
    return (
        rules.pile_conflict == "A"
        and rules.pile_nocanadd
        and not rules.pile_2nat
        and all(m.is_canasta for m in existing)
        and existing[0].key not in (WILD_KEY, BLACK_THREE_KEY)
    )


def wild_onto_canasta(rules: Rules, meld: TableMeld, wilds: int) -> Reason | None:
    """SAM-15 and BOL-3: no wild card joins a completed canasta, and a wild meld stops at 7."""
    if not rules.no_wild_on_canasta or not wilds:
        return None
    if meld.is_wild_meld and meld.size + wilds > meld.canasta_size:
        return reason("BOL-3", "wild_meld_full", size=meld.canasta_size)
    if meld.is_canasta:
        return reason("SAM-15", "wild_on_canasta")
    return None


def check_sequence(rules: Rules, ranks: list[int], suits: set[int]) -> Reason | None:
    """SAM-9..11: one suit, distinct consecutive ranks from 4 up to A, 3 to 7 cards (an
    escalera may grow past 7 only in the turn that goes out: BRA-9, checked by the caller)."""
    if len(suits) > 1:
        return reason("SAM-9", "sequence_one_suit")
    ranks = sorted(ranks)
    if len(set(ranks)) != len(ranks) or ranks[-1] - ranks[0] != len(ranks) - 1:
        return reason("SAM-9", "sequence_consecutive")
    if len(ranks) < 3:
        return reason("SAM-9", "meld_too_small")
    if len(ranks) > rules.canasta_size and not rules.sequence_grow_out:
        return reason("SAM-11", "sequence_full", size=rules.canasta_size)
    return None


def _classify_sequence(rules: Rules, cards: Sequence[int]) -> tuple[int, int, int] | Reason:
    """SAM-9, SAM-10: a new sequence's key and counts; wild cards and threes never join."""
    if not all(IS_NATURAL[c] for c in cards):
        return reason("SAM-10", "sequence_naturals")
    suits = {SUIT_OF[c] for c in cards}
    problem = check_sequence(rules, [RANK_OF[c] for c in cards], suits)
    if problem is None and len(cards) > rules.canasta_size:
        problem = reason("SAM-11", "sequence_full", size=rules.canasta_size)
    if problem is not None:
        return problem
    return SEQUENCE_KEY + SUIT_OF[cards[0]], len(cards), 0


def sequence_addition(rules: Rules, meld: TableMeld, cards: Sequence[int]) -> Reason | None:
    """SAM-10, SAM-11, SAM-16: ``cards`` extend the sequence ``meld`` at its ends."""
    if not all(IS_NATURAL[c] for c in cards):
        return reason("SAM-10", "sequence_naturals")
    if meld.is_canasta and not rules.sequence_grow_out:
        return reason("SAM-11", "sequence_full", size=meld.canasta_size)
    suits = {SUIT_OF[c] for c in cards} | {meld.key - SEQUENCE_KEY}
    return check_sequence(rules, [RANK_OF[c] for c in (*meld.cards, *cards)], suits)


def classify(rules: Rules, cards: Sequence[int]) -> tuple[int, int, int] | Reason:
    """A new meld's (key, naturals, wilds), or why these cards are no meld."""
    if rules.books_closed and len(cards) > rules.canasta_size:
        return reason("HF-9", "book_full", size=rules.canasta_size)
    if rules.sequences and len({RANK_OF[c] for c in cards if IS_NATURAL[c]}) > 1:
        return _classify_sequence(rules, cards)
    natural_rank = -1
    naturals = wilds = black = 0
    for card in cards:
        rank = RANK_OF[card]
        if IS_WILD[card]:
            wilds += 1
        elif rank == THREE:
            if not IS_BLACK_THREE[card]:
                return reason("C-R3-1", "meld_threes")
            if not rules.b3_meld:
                return reason(rules.b3_meld_rule, "meld_no_threes")  # IT-14, HF-12
            black += 1
        else:
            if rank == CALIENTE:
                return reason("CAL-5", "meld_caliente")  # never melded
            if natural_rank == -1:
                natural_rank = rank
            elif rank != natural_rank:
                return reason("C-MELD-1", "meld_one_rank")
            naturals += 1
    if black:
        if naturals:
            return reason("C-MELD-4", "meld_threes")
        if wilds:
            return reason("C-B3-1", "meld_threes")  # the black-three meld has no wild card
        if black < 3:
            return reason("C-B3-1", "meld_too_small")
        return BLACK_THREE_KEY, black, 0
    if naturals == 0:
        if not rules.wild_melds:
            return reason("C-MELD-4", "meld_wild_only")
        if wilds < 3:
            return reason("O-WILD-MELDS", "meld_too_small")
        if rules.no_wild_on_canasta and wilds > rules.canasta_size:
            return reason("BOL-3", "wild_meld_full", size=rules.canasta_size)
        return size_problem(rules, wilds) or (WILD_KEY, 0, wilds)  # CUB-4
    if naturals + wilds < 3:
        return reason("C-MELD-1", "meld_too_small")
    problem = check_counts(rules, naturals, wilds)
    if problem is not None:
        return problem
    return natural_rank, naturals, wilds
