"""Legal by construction: when the move generator may skip the full rule check.

``why_illegal`` is the one check for anything a human, a file or a bot proposes, and the
generator's candidates used to be filtered through it one by one (about half of the time of
random self-play). Most candidates are legal by the way they are built, though: a stock draw
while the stock has cards (C-TURN-2), a discard from a hand of two or more when nobody must go
out (C-TURN-4, C-TURN-7), new groups and sequences and additions to the side's melds that
leave two cards in hand (C-MELD-1..6 with the caps of ``meldrules``, SAM-9..11; an opening's
points, C-INIT-1), an open side's take of the top card into a group (C-PILE-6/7), a closed
side's take with the opening it lays (C-PILE-4, C-PILE-8: ``opening_take_proven``). For those,
the generator asks the small checks below, which read the same rule functions as
``why_illegal``; every other candidate (going out, black threes, wild-card melds, openings
that need a canasta, asking to go out) still goes through the full check.

**Variants.** The shortcut is exact only for the rules it knows: every ``Rules`` field in
``MODELLED_FIELDS``. A variant that adds a field and sets it away from its default may add a
check to ``why_illegal`` that these shortcuts do not know, so for such rules
``needs_full_check`` is True and every candidate is filtered through ``why_illegal`` again:
a new variant is correct first and fast later. To make it fast, teach the checks here what
the new field changes, add the field to ``MODELLED_FIELDS``, and let ``sim --check`` (which
verifies every generated move against ``why_illegal``) confirm it.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any

from canasta_game.engine.actions import Meld, TakePile
from canasta_game.engine.cards import IS_NATURAL, IS_WILD, RANK_OF, SEQUENCE_KEY, SUIT_OF, VALUE_OF
from canasta_game.engine.meldrules import (
    check_counts,
    check_sequence,
    sequence_addition,
    wild_onto_canasta,
)
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import DRAW, PLAY, State, TableMeld
from canasta_game.engine.turn import frozen_for

#: The ``Rules`` fields whose every value the shortcuts below were checked against (all the
#: fields of Classic, its options, Samba, Bolivia, Brazilian and Chilean). Nothing else.
MODELLED_FIELDS: frozenset[str] = frozenset(
    {
        "name", "players", "six_seating", "decks", "jokers", "custom_deck", "deal_size",
        "draw_count", "go_out_canastas", "go_out_clean", "target", "init_tiers", "init_neg50",
        "init_high", "init_high_threshold", "pile_nocanadd", "pile_2nat", "pile_conflict",
        "pile_frozen", "pile_onecard", "b3_freeze", "meld_wild", "wild_melds",
        "wild_canasta_bonus", "wild_penalty", "wild_penalty_points", "natural_canasta_bonus",
        "canasta_size", "mixed_canasta_bonus", "out_bonus", "conc_bonus", "concealed_pile",
        "conc_canasta", "conc_canasta_bonus", "out_nowild3", "out_b3_bonus",
        "closing_face_down", "no_canasta_subtracts_all", "upcard", "deal_exact",
        "deal_exact_bonus", "stock_force", "stock_recycle", "recycle_shuffle", "r3_scale",
        "b3_meld4", "b3_hand", "b3_asr3", "b3_asr3_stop", "tiebreak", "sequences",
        "sequence_bonus", "sequence_grow_out", "no_wild_on_canasta", "pile_closed_forbidden",
        "r3_samba", "r3_plus_canastas", "b3_hand_penalty", "short_sequence_penalty",
        "short_sequence_below", "out_needs_sequence", "out_must_ask", "init_canasta_rules",
    }
)  # fmt: skip

_MEMO_KEY = "constructive.needs_full_check"


def needs_full_check(rules: Rules) -> bool:
    """True when some ``Rules`` field outside ``MODELLED_FIELDS`` is away from its default:
    then every generated candidate is filtered through ``why_illegal`` (computed once per
    Rules value)."""
    known = rules.memo.get(_MEMO_KEY)
    if known is None:
        known = rules.memo[_MEMO_KEY] = any(
            getattr(rules, f.name) != _default(f)
            for f in fields(rules)
            if f.init and f.name not in MODELLED_FIELDS
        )
    return known


def _default(field: Any) -> object:
    if field.default is not MISSING:
        return field.default
    return field.default_factory() if field.default_factory is not MISSING else MISSING


def discards_exact(state: State) -> bool:
    """Is every card of the hand a legal discard? True when two or more cards are held and
    nobody asked or promised to go out (C-TURN-4: one card leaves, one stays, so neither
    going out (C-OUT-1) nor C-B3-2 / C-OUT-6 is in question)."""
    return (
        state.phase is PLAY
        and not state.must_go_out
        and len(state.hands[state.current]) >= 2
        and not needs_full_check(state.rules)
    )


def stock_draw_exact(state: State) -> bool:
    """Is drawing from the stock legal? True in the draw phase with cards in the stock
    (C-TURN-2); an empty stock (C-STOCK-4, O-STOCK-FORCE, O-STOCK-RECYCLE) is for the full
    check."""
    return state.phase is DRAW and bool(state.stock) and not needs_full_check(state.rules)


def counts_fit(rules: Rules, naturals: int, wilds: int) -> bool:
    """``check_counts(rules, naturals, wilds) is None`` (C-MELD-2, C-MELD-3, CUB-4), memoised
    per Rules value: a pure function of the counts that the generators ask tens of times per
    position (the hottest ask ``fit_table`` once and index it)."""
    return fit_table(rules)[naturals << 10 | wilds]


class _Fits(dict[int, bool]):
    """``counts_fit`` per ``naturals << 10 | wilds`` (both well under 1024: a hand of every
    deck's cards), each answer computed when first asked (``__missing__``), so a caller reads
    one with a subscript instead of a function call."""

    __slots__ = ("rules",)

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules

    def __missing__(self, key: int) -> bool:
        found = self[key] = check_counts(self.rules, key >> 10, key & 1023) is None
        return found


def fit_table(rules: Rules) -> dict[int, bool]:
    """The ``counts_fit`` answers of ``rules``, indexed by ``naturals << 10 | wilds``: made
    once per Rules value (issue 16: a call and a memo look-up per count cost 0.5% of random
    self-play)."""
    table = rules.memo.get(_FIT_KEY)
    if table is None:
        table = rules.memo[_FIT_KEY] = _Fits(rules)
    return table  # type: ignore[no-any-return]


_FIT_KEY = "constructive.counts_fit"


def opening_take_proven(state: State, move: TakePile) -> bool:
    """Is a closed side's take of the pile (C-PILE-8: the opening laid with it) legal by
    construction? True only where these checks prove it, which are every check ``take``
    makes of such a take under the modelled rules (the Italian, Cuban, MAC and book rules
    are not modelled): the pile is frozen for a closed side (C-PILE-4), so two naturals of
    the top card's rank go with it, and wild cards within the caps (C-MELD-2, C-MELD-3);
    each further meld is one natural rank of 4 to ace, another than the top card's and the
    others' (C-MELD-1, C-MELD-5), of three or more within the caps; the points of the top
    card and every card laid reach the minimum (C-INIT-1: no canasta asked, O-INIT-HIGH);
    two cards are in hand afterwards, the pile's bonus threes laid out (C-R3-1, C-TURN-7).
    The caller asks for an unblocked pile (C-PILE-5, BRA-6: ``pile_takes`` offers none
    else) with distinct cards of the hand; False: not known, ask ``take_is_legal``."""
    rules = state.rules
    seat = state.current
    side = rules.seat_side[seat]
    if state.phase is not DRAW or state.melds[side] or state.must_go_out:
        return False
    if move.separate or move.onto is not None:
        return False
    need, canasta = state.minimum(side)
    if canasta or needs_full_check(rules):
        return False
    top = state.pile[-1]
    rank = RANK_OF[top]
    counted = _group_counts((top, *move.cards))
    if not IS_NATURAL[top] or counted is None or counted[0] != rank or counted[1] < 3:
        return False  # C-PILE-4: the top card and two naturals of its rank
    if not counts_fit(rules, counted[1], counted[2]):
        return False
    ranks = {rank}
    points = VALUE_OF[top] + sum(map(VALUE_OF.__getitem__, move.cards))
    laid = len(move.cards)
    for group in move.melds:
        counted = _group_counts(group)
        if counted is None or counted[0] < 0 or counted[0] in ranks or len(group) < 3:
            return False
        if not counts_fit(rules, counted[1], counted[2]):
            return False
        ranks.add(counted[0])
        points += sum(map(VALUE_OF.__getitem__, group))
        laid += len(group)
    bonus = bonus_threes(rules)
    gained = len(state.pile) - 1 - sum(map(bonus.__getitem__, state.pile[:-1]))
    return points >= need and len(state.hands[seat]) - laid + gained >= 2


def no_top_card_take(state: State, side: int) -> bool:
    """Can no take of the (unblocked) pile with the top card in a group be legal? True when
    the hand holds too few naturals of the top card's rank: none while the side has no meld
    of that rank (C-PILE-7 needs one with the top card, or a meld to add it to), fewer than
    two while the pile is frozen for the side (C-PILE-6, C-PILE-4). Sequence takes (SAM-18)
    are not covered."""
    if needs_full_check(state.rules):
        return False
    rank = RANK_OF[state.pile[-1]]
    held = 0
    for card in state.hands[state.current]:
        if RANK_OF[card] == rank:
            held += 1
    return too_few_for_top(held, frozen_for(state, side), state.melds[side], rank)


def too_few_for_top(held: int, frozen: bool, melds: tuple[TableMeld, ...], rank: int) -> bool:
    """``no_top_card_take`` from the count of the top card's rank held: a frozen pile needs
    a natural pair (C-PILE-6, C-PILE-4), else one natural or a meld of the rank to add the
    top card to (C-PILE-7)."""
    if frozen:
        return held < 2
    return held == 0 and all(m.key != rank for m in melds)


class SimpleMelds:
    """Exact checks for the commonest meld candidates: new groups of one rank, new sequences
    (SAM-9), and additions of naturals or wild cards to the side's groups or wild meld, or of
    naturals to an end of its sequences, alone or several in one batch ("meld all").

    ``usable`` says whether the shortcut applies to this position at all: nobody must go out
    (C-B3-2, C-OUT-6), no sequence has grown past its canasta (BRA-9), the rules are
    modelled, and a side that has not opened needs points only, no canasta (C-INIT-1; the
    new melds must then reach ``need``). A candidate then also needs two cards left in hand
    (C-TURN-7 holds: one to discard, one to keep). Anything else (black threes, wild-card
    melds, a card that fits no part, going out) answers False: not known to be legal, so the
    generator asks ``why_illegal``.
    """

    __slots__ = ("by_mid", "hand_size", "keys", "need", "pending_wild_meld", "rules", "usable")

    def __init__(self, state: State, melds: tuple[TableMeld, ...]) -> None:
        rules = state.rules
        self.rules = rules
        self.hand_size = len(state.hands[state.current])
        need, canasta = state.minimum(state.side_of(state.current)) if not melds else (0, "")
        self.need = need
        self.usable = (
            not canasta
            and not state.must_go_out
            and not needs_full_check(rules)
            and not any(m.key >= SEQUENCE_KEY and m.size > m.canasta_size for m in melds)
        )
        self.by_mid = {m.mid: m for m in melds}
        self.keys = {m.key for m in melds}
        # O-WILD-MELDS: no wild card goes to a regular meld while a wild meld is incomplete
        self.pending_wild_meld = rules.wild_melds and any(
            m.is_wild_meld and not m.is_canasta for m in melds
        )

    def by_construction(self, move: Meld, keep: int = 2) -> bool:
        """Is ``move`` legal? True only when the checks here prove it; ``move``'s cards must
        be distinct cards of the hand (C-TURN-3), which the generator guarantees. ``keep=1``:
        are its melds legal, the cards left aside (one card kept: going out decides,
        C-TURN-7)?"""
        laid = sum(map(len, move.new)) + sum(len(cards) for _, cards in move.add)
        if not self.usable or self.hand_size - laid < keep:
            return False
        if len({mid for mid, _ in move.add}) != len(move.add):
            return False  # C-MELD-6: one addition per meld
        if self.need and sum(VALUE_OF[c] for group in move.new for c in group) < self.need:
            return False  # C-INIT-1
        new_keys: set[int] = set()
        for group in move.new:
            counted = _group_counts(group)
            if counted is None:
                if self._new_run(group):
                    continue  # SAM-16: a side may hold several sequences of one suit
                return False
            rank, naturals, wilds = counted
            if rank in self.keys or rank in new_keys or not self._new_group(naturals, wilds):
                return False  # C-MELD-5: one meld per rank
            new_keys.add(rank)
        for mid, cards in move.add:
            target = self.by_mid.get(mid)
            if target is not None and target.key >= SEQUENCE_KEY:
                if not self._run_addition(target, cards):
                    return False
                continue
            if target is None or target.is_black_threes:
                return False
            naturals = sum(1 for c in cards if IS_NATURAL[c] and RANK_OF[c] == target.key)
            wilds = sum(1 for c in cards if IS_WILD[c])
            if naturals + wilds != len(cards) or not self._addition(target, naturals, wilds):
                return False
        return True

    def short_of_minimum(self, move: Meld) -> bool:
        """Is ``move`` known illegal as an opening short of the minimum (C-INIT-1)? For a
        closed side that keeps two or more cards (no going out concealed, C-INIT-6), new
        melds counting less than ``need`` are refused whatever else they are (O-MAC-SPLASH,
        the one way round the minimum, is not a modelled rule)."""
        if not self.usable or not self.need:
            return False
        laid = sum(map(len, move.new)) + sum(len(cards) for _, cards in move.add)
        if self.hand_size - laid < 2:
            return False
        return sum(VALUE_OF[c] for group in move.new for c in group) < self.need

    def new_group(self, naturals: int, wilds: int) -> bool:
        """Is one new group of ``naturals`` (of one rank the side has not melded, from the
        hand) and ``wilds`` legal? The generator's single candidates ask this directly."""
        return (
            self.usable
            and self.hand_size - naturals - wilds >= 2
            and self._new_group(naturals, wilds)
        )

    def addition(self, target: TableMeld, naturals: int, wilds: int) -> bool:
        """Is adding ``naturals`` of the target's rank and ``wilds`` from the hand to one of
        the side's groups (or its wild meld) legal?"""
        return self.addition_verdict(target, naturals, wilds) is True

    def addition_verdict(self, target: TableMeld, naturals: int, wilds: int) -> bool | None:
        """``addition`` with its "no" told apart: True legal, False known to be illegal,
        None not known (the shortcut does not apply: ask ``why_illegal``). Where the shortcut
        applies and two cards stay in hand, the checks here are those ``why_illegal`` makes
        of an addition (a wild card onto a canasta, SAM-15 and BOL-3; a cap, C-MELD-3 and
        SAM-13; a waiting wild meld, O-WILD-MELDS), so the generator drops a "no" unasked."""
        if not self.usable or self.hand_size - naturals - wilds < 2:
            return None
        return self._addition(target, naturals, wilds)

    def _new_run(self, cards: tuple[int, ...]) -> bool:
        """SAM-9, SAM-10: a new sequence of 3 to ``canasta_size`` naturals of one suit."""
        rules = self.rules
        if not rules.sequences or not 3 <= len(cards) <= rules.canasta_size:
            return False
        if not all(IS_NATURAL[c] for c in cards):
            return False
        suits = {SUIT_OF[c] for c in cards}
        return check_sequence(rules, [RANK_OF[c] for c in cards], suits) is None

    def _run_addition(self, target: TableMeld, cards: tuple[int, ...]) -> bool:
        """SAM-10, SAM-11: ``cards`` extend the sequence at its ends, up to its canasta (past
        it only when going out, BRA-9, which the full check decides)."""
        if target.size + len(cards) > target.canasta_size:
            return False
        return sequence_addition(self.rules, target, cards) is None

    def _new_group(self, naturals: int, wilds: int) -> bool:
        """C-MELD-1..3: a new group of ``naturals`` of one rank and ``wilds``."""
        if naturals + wilds < 3 or (wilds and self.pending_wild_meld):
            return False
        return counts_fit(self.rules, naturals, wilds)

    def _addition(self, target: TableMeld, naturals: int, wilds: int) -> bool:
        """C-MELD-6: ``naturals`` of the target's rank and ``wilds`` onto a group or the wild
        meld (SAM-15, BOL-3 and the caps checked)."""
        if wild_onto_canasta(self.rules, target, wilds) is not None:
            return False
        if target.is_wild_meld:
            return naturals == 0
        if wilds and self.pending_wild_meld:
            return False
        return counts_fit(self.rules, target.naturals + naturals, target.wilds + wilds)


def _group_counts(cards: tuple[int, ...]) -> tuple[int, int, int] | None:
    """(rank, naturals, wild cards) of naturals of one rank (no threes) with wild cards."""
    rank = -1
    naturals = wilds = 0
    for card in cards:
        if IS_WILD[card]:
            wilds += 1
        elif IS_NATURAL[card] and rank in (-1, RANK_OF[card]):
            rank = RANK_OF[card]
            naturals += 1
        else:
            return None
    return rank, naturals, wilds


class SimpleTake:
    """Exact check for an open side's commonest take: the top card with ``naturals`` of its
    rank and ``wilds`` from the hand, into the side's meld of that rank (``target``) or a new
    one, nothing else laid (no ``separate`` meld, no extra melds).

    C-PILE-6 (frozen: two naturals), C-PILE-7 (unfrozen: a meld to add to, or two hand cards
    with a natural), O-PILE-NOCANADD, O-PILE-2NAT, O-WILD-MELDS, the caps (C-MELD-2/3,
    SAM-15), and two cards in hand afterwards (C-TURN-7 holds; O-PILE-ONECARD and C-PILE-11
    only arise with fewer). ``verdict`` tells a take legal by construction (True) from one
    these checks refuse (False, dropped unasked) and one outside them (None: ``why_illegal``).
    """

    __slots__ = (
        "fits", "frozen", "held", "left", "pending_wild_meld", "pile", "rules", "target", "usable"
    )  # fmt: skip

    def __init__(self, state: State, side: int, target: TableMeld | None) -> None:
        rules = state.rules
        melds = state.melds[side]
        self.rules = rules
        self.fits = fit_table(rules)
        self.target = target
        self.usable = bool(melds) and not state.must_go_out and not needs_full_check(rules)
        self.frozen = frozen_for(state, side)
        self.held = len(state.hands[state.current])
        self.pile = state.pile
        self.left = -1  # (``_left``: counted only for a take that may keep fewer than two)
        self.pending_wild_meld = rules.wild_melds and any(
            m.is_wild_meld and not m.is_canasta for m in melds
        )

    def verdict(self, naturals: int, wilds: int) -> bool | None:
        """True legal, False known to be illegal (one of the checks above, which are the
        ones ``why_illegal`` makes of such a take), None not known: ask ``why_illegal``."""
        rules, target = self.rules, self.target
        if not self.usable or (
            self.held - naturals - wilds < 2 and self._left() - naturals - wilds < 2
        ):
            return None
        if wilds and self.pending_wild_meld:
            return False
        if self.frozen and naturals < 2:
            return False
        needs_cards = target is None or (rules.pile_nocanadd and target.is_canasta)
        if not self.frozen and needs_cards and not _takes_with_cards(rules, naturals, wilds):
            return False
        if target is not None:
            if wild_onto_canasta(rules, target, wilds) is not None:
                return False
            return self.fits[(target.naturals + 1 + naturals) << 10 | (target.wilds + wilds)]
        return 1 + naturals + wilds >= 3 and self.fits[(1 + naturals) << 10 | wilds]

    def _left(self) -> int:
        """The cards in hand after the take: the hand's and the pile's but the top card, less
        the bonus threes in the pile (C-UP-5: laid out, not taken into the hand). Counted once
        and only where the hand alone (``held``, never more) keeps fewer than two."""
        if self.left < 0:
            bonus = bonus_threes(self.rules)
            gained = len(self.pile) - 1 - sum(map(bonus.__getitem__, self.pile[:-1]))
            self.left = self.held + gained
        return self.left


def bonus_threes(rules: Rules) -> tuple[bool, ...]:
    """Per card uid: is it a bonus three under ``rules`` (C-R3-1, O-B3-ASR3, MAC-6)? A table
    made once per Rules value, so counting a pile's is one C call."""
    table = rules.memo.get(_BONUS_KEY)
    if table is None:
        table = rules.memo[_BONUS_KEY] = tuple(map(rules.is_bonus_three, range(len(RANK_OF))))
    return table


_BONUS_KEY = "constructive.bonus_threes"


def _takes_with_cards(rules: Rules, naturals: int, wilds: int) -> bool:
    """C-PILE-7 (b) and O-PILE-2NAT: two hand cards with the top card, one of them natural
    (two with O-PILE-2NAT)."""
    return naturals >= (2 if rules.pile_2nat else 1) and naturals + wilds >= 2
