"""The sequence family's heuristics (Samba, Bolivia, Brazilian, Chilean): runs and bolivias.

In these games a run of seven cards of one suit is worth 1500 (SAM-26, BOL-4), three times a
natural group canasta, and Bolivia will not let a side go out without one (BOL-9); seven wild
cards make a bolivia worth 2500 (BOL-3). A player of these games therefore:

* keeps the cards that extend the side's sequences or form runs in hand (``run_keep_values``);
* builds and extends sequences, more eagerly while the escalera to go out is missing
  (``sequence_progress``);
* does not break a run in hand, or spend a card a sequence of the side is waiting for, on a
  group, unless that group becomes a canasta (``run_break_cost``);
* collects its wild cards into a bolivia once it holds three (``bolivia_progress``);
* knows what its side still needs to go out: the canastas and, in Bolivia, the escalera
  (``out_missing``);
* never discards a card that the next opponent's sequence is waiting for while the pile is
  open to it (``extends_sequence_of``);
* takes a pile whose cards let the side lay a canasta this turn (``pile_canasta_value``);
* once the side has a canasta, melds its hand down for the race out (``one_canasta_short``,
  ``pace_meld_gain``) and throws its black threes at once (``sheds_black_threes``).

Every fact about a meld comes from the engine (``MeldFacts``, ``classify``); what a card is
comes from its suit and rank only, which the rules never change.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from canasta_game.engine.actions import CombineMelds, Meld
from canasta_game.engine.cards import ACE, FOUR, IS_NATURAL, RANK_OF, SUIT_OF
from canasta_game.engine.meldrules import (
    CanastaKind,
    MeldFacts,
    MeldKind,
    canasta_bonus,
    classify,
    meld_facts,
    meld_kind,
)
from canasta_game.engine.observation import PlayerView
from canasta_game.engine.reasons import Reason
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import TableMeld

EXTENDS_SEQUENCE = 60.0  # a card an incomplete sequence of the side is waiting for
IN_RUN = 50.0  # part of three or more consecutive cards of one suit in hand
NEIGHBOUR = 30.0  # a card of the same suit one rank away
GAP_NEIGHBOUR = 18.0  # a card of the same suit two ranks away (one card fills the gap)
RUN_CARD = IN_RUN  # from this keep value a card belongs to a run
SEQUENCE_START = 40.0  # a new sequence: it grows from the hand and the pile (SAM-18)
SEQUENCE_STEP = 25.0  # per card added to a sequence, more as it nears seven
ESCALERA_NEEDED = 1.6  # Bolivia: no going out without an escalera (BOL-9)
RUN_BREAK = 70.0  # per run card melded into a group that does not become a canasta
BOLIVIA_STEP = 70.0  # per wild card into the side's wild meld (a bolivia is 2500, BOL-3)
NO_COMBINE = -50.0  # joining groups that stay short of a canasta: no reason to
SAMBA_GROUP_WILDS = 2  # wild cards a new group of a pair in hand could take (SAM-13)
PILE_CANASTA = 150.0  # per canasta the pile's cards let the side lay this turn
PILE_BLACK_THREE = 30.0  # a black three taken with the pile: a turn's discard, or a meld-out
#: per card melded while the side is one canasta short of going out (``pace_meld_gain``)
PACE_MELD_CARD = 30.0
#: the share of a wild card's cost left while the side is one canasta short (``pace_wild_share``)
PACE_WILD_SHARE = 0.3
FEED_GROUP = 40.0  # a discard that grows an opposing group of four or more (``their_group_feed``)


def run_keep_values(
    rules: Rules, hand: Sequence[int], melds: Sequence[TableMeld]
) -> dict[int, float]:
    """What each hand card is worth to the sequences: extending one, or in a run of the hand.

    Only the first copy of a face counts (two 7h extend a run once). Empty outside the
    sequence family (SAM-9).
    """
    if not rules.sequences:
        return {}
    ends = _open_ends(rules, melds)
    by_suit: dict[int, dict[int, int]] = {}
    for card in hand:
        if IS_NATURAL[card]:
            by_suit.setdefault(SUIT_OF[card], {}).setdefault(RANK_OF[card], card)
    out: dict[int, float] = {}
    for suit, cards in by_suit.items():
        ranks = set(cards)
        for rank, card in cards.items():
            value = 0.0
            if (suit, rank) in ends:
                value = EXTENDS_SEQUENCE + 5.0 * min(ends[suit, rank], 6)
            elif _run_length(ranks, rank) >= 3:
                value = IN_RUN
            elif rank - 1 in ranks or rank + 1 in ranks:
                value = NEIGHBOUR
            elif rank - 2 in ranks or rank + 2 in ranks:
                value = GAP_NEIGHBOUR
            if value:
                out[card] = value
    return out


def _run_length(ranks: set[int], rank: int) -> int:
    low = high = rank
    while low - 1 in ranks and low - 1 >= FOUR:
        low -= 1
    while high + 1 in ranks and high + 1 <= ACE:
        high += 1
    return high - low + 1


def _open_ends(rules: Rules, melds: Iterable[TableMeld]) -> dict[tuple[int, int], int]:
    """(suit, rank) a card must have to extend an incomplete sequence -> that sequence's size."""
    out: dict[tuple[int, int], int] = {}
    for meld in melds:
        facts = meld_facts(rules, meld)
        if facts.kind is not MeldKind.SEQUENCE:
            continue
        for grows, rank in ((facts.grow_low, facts.low - 1), (facts.grow_high, facts.high + 1)):
            if grows:
                out[facts.suit, rank] = max(facts.size, out.get((facts.suit, rank), 0))
    return out


def extends_sequence_of(rules: Rules, melds: Iterable[TableMeld], card: int) -> bool:
    """SAM-18: ``card`` on top of the pile extends one of these incomplete sequences."""
    if not rules.sequences or not IS_NATURAL[card]:
        return False
    return (SUIT_OF[card], RANK_OF[card]) in _open_ends(rules, melds)


# --- what a meld action does ---------------------------------------------------------------


def _new_kind(rules: Rules, cards: Sequence[int]) -> MeldKind | None:
    found = classify(rules, cards)
    return None if isinstance(found, Reason) else meld_kind(found[0])


def _targets(view: PlayerView) -> dict[int, tuple[TableMeld, MeldFacts]]:
    rules = view.rules
    return {m.mid: (m, meld_facts(rules, m)) for m in view.melds[view.side]}


def canasta_bonuses(view: PlayerView, move: Meld) -> tuple[int, int]:
    """(canastas ``move`` completes, the bonus they earn), each kind at its own value: a
    samba / escalera (SAM-26, BOL-4), a bolivia (BOL-3), natural or mixed (C-SCORE-2)."""
    rules = view.rules
    full = rules.canasta_size
    wild = rules.wild
    made = bonus = 0
    targets = _targets(view)
    for mid, cards in move.add:
        meld, facts = targets.get(mid, (None, None))
        if meld is None or facts is None or meld.is_canasta or meld.size + len(cards) < full:
            continue
        made += 1
        bonus += canasta_bonus(rules, _kind_after(facts, any(wild[c] for c in cards)))
    for cards in move.new:
        kind = _new_kind(rules, cards)
        if len(cards) < full or kind is None or kind is MeldKind.BLACK_THREES:
            continue  # black threes earn no canasta (C-B3-1)
        made += 1
        bonus += canasta_bonus(rules, _kind_after_new(kind, any(wild[c] for c in cards)))
    return made, bonus


def _kind_after(facts: MeldFacts, adds_wild: bool) -> CanastaKind:
    if facts.kind is MeldKind.SEQUENCE:
        return CanastaKind.SEQUENCE
    if facts.kind is MeldKind.WILD:
        return CanastaKind.WILD
    return CanastaKind.NATURAL if facts.wilds == 0 and not adds_wild else CanastaKind.MIXED


def _kind_after_new(kind: MeldKind, has_wild: bool) -> CanastaKind:
    if kind is MeldKind.SEQUENCE:
        return CanastaKind.SEQUENCE
    if kind is MeldKind.WILD:
        return CanastaKind.WILD
    return CanastaKind.MIXED if has_wild else CanastaKind.NATURAL


def sequence_cards(view: PlayerView, move: Meld) -> list[tuple[int, int]]:
    """(size before, size after) of every sequence ``move`` starts or extends."""
    rules = view.rules
    if not rules.sequences:
        return []
    out: list[tuple[int, int]] = []
    targets = _targets(view)
    for mid, cards in move.add:
        meld, facts = targets.get(mid, (None, None))
        if meld is not None and facts is not None and facts.kind is MeldKind.SEQUENCE:
            out.append((meld.size, meld.size + len(cards)))
    for cards in move.new:
        if _new_kind(rules, cards) is MeldKind.SEQUENCE:
            out.append((0, len(cards)))
    return out


def escalera_missing(view: PlayerView, side: int) -> bool:
    """BOL-9: the side may not go out before it has an escalera."""
    if not view.rules.out_needs_sequence:
        return False
    return not any(f.canasta is CanastaKind.SEQUENCE for f in view.meld_facts[side])


def out_missing(view: PlayerView, side: int) -> int:
    """Canastas the side still lacks to go out (C-OUT-1, SAM-23), counting the escalera
    Bolivia demands (BOL-9) as one more when none of its canastas is one."""
    need = view.out_needs[side]
    if escalera_missing(view, side):
        need = max(need, 1)
    return need


def sequence_progress(view: PlayerView, move: Meld) -> float:
    """Starting and extending sequences, worth more as a run nears its seven cards and
    while Bolivia's escalera is still missing (the canasta bonus itself is counted apart)."""
    steps = sequence_cards(view, move)
    if not steps:
        return 0.0
    gain = 0.0
    for before, after in steps:
        if before == 0:
            gain += SEQUENCE_START
        for size in range(max(before, 3) + 1, after + 1):
            gain += SEQUENCE_STEP * (1.0 + 0.25 * (size - 4))
    if escalera_missing(view, view.side):
        gain *= ESCALERA_NEEDED
    return gain


def run_break_cost(view: PlayerView, move: Meld) -> float:
    """Not breaking a run for a group: run cards (``RUN_CARD`` and up in
    ``run_keep_values``) melded into a group cost RUN_BREAK each, unless the group becomes a
    canasta with them."""
    rules = view.rules
    if not rules.sequences:
        return 0.0
    values = run_keep_values(rules, view.hand, view.melds[view.side])
    runs = {card for card, value in values.items() if value >= RUN_CARD}
    if not runs:
        return 0.0
    full = rules.canasta_size
    broken = 0
    targets = _targets(view)
    for mid, cards in move.add:
        meld, facts = targets.get(mid, (None, None))
        if meld is None or facts is None or facts.kind is not MeldKind.GROUP:
            continue
        if meld.size + len(cards) < full:
            broken += sum(1 for c in cards if c in runs)
    for cards in move.new:
        if _new_kind(rules, cards) is MeldKind.GROUP and len(cards) < full:
            broken += sum(1 for c in cards if c in runs)
    return RUN_BREAK * broken


def wild_meld_wilds(view: PlayerView, move: Meld) -> int:
    """Wild cards ``move`` puts into a wild meld of the side (a new one or its own)."""
    rules = view.rules
    if not rules.wild_melds:
        return 0
    targets = _targets(view)
    count = 0
    for mid, cards in move.add:
        _, facts = targets.get(mid, (None, None))
        if facts is not None and facts.kind is MeldKind.WILD:
            count += len(cards)
    for cards in move.new:
        if _new_kind(rules, cards) is MeldKind.WILD:
            count += len(cards)
    return count


def wild_outlets(rules: Rules, hand: Sequence[int], melds: Sequence[TableMeld]) -> int | None:
    """Where the wild cards in hand can still go, in a game whose sequences never take one
    (SAM-10) and that has no wild melds (SAM-14): the room of the side's incomplete groups
    (SAM-13's two each) plus two for each unmelded pair in hand. None when wild cards have
    other uses (Classic, or Bolivia's wild melds).
    """
    if not rules.sequences or rules.wild_melds:
        return None
    room = 0
    melded: set[int] = set()
    for meld in melds:
        facts = meld_facts(rules, meld)
        if facts.kind is MeldKind.GROUP:
            melded.add(facts.key)
            if facts.canasta is CanastaKind.NONE:
                room += facts.wild_room
    pairs = Counter(RANK_OF[c] for c in hand if IS_NATURAL[c])
    room += SAMBA_GROUP_WILDS * sum(1 for r, n in pairs.items() if n >= 2 and r not in melded)
    return room


def surplus_wilds(rules: Rules, hand: Sequence[int], melds: Sequence[TableMeld]) -> int:
    """Wild cards in hand beyond every place they could go (``wild_outlets``): dead weight
    that costs its points at the end, so it is melded or thrown (it freezes the pile)."""
    room = wild_outlets(rules, hand, melds)
    if room is None:
        return 0
    return max(0, sum(1 for c in hand if rules.wild[c]) - room)


def bolivia_progress(view: PlayerView, move: Meld) -> float:
    """Going for the bolivia (BOL-2, BOL-3): every wild card into the side's wild meld is a
    step toward 2500, so it is worth BOLIVIA_STEP instead of costing a wild card."""
    return BOLIVIA_STEP * wild_meld_wilds(view, move)


def combine_value(view: PlayerView, move: CombineMelds) -> float:
    """SAM-12: joining two groups of one rank is worth the canasta it completes; otherwise
    it only gives up a second place for wild cards (SAM-13 caps each group at two)."""
    rules = view.rules
    targets = _targets(view)
    into, into_facts = targets[move.into]
    other, other_facts = targets[move.mid]
    if into.is_canasta or other.is_canasta or into.size + other.size < rules.canasta_size:
        return NO_COMBINE
    natural = into_facts.wilds + other_facts.wilds == 0
    return float(canasta_bonus(rules, CanastaKind.NATURAL if natural else CanastaKind.MIXED))


def completable_canastas(rules: Rules, pool: Sequence[int], melds: Sequence[TableMeld]) -> int:
    """Canastas the side could lay this turn from the cards in ``pool``: each incomplete
    group filled to seven with naturals of its rank and the wild cards it may still take
    (SAM-13), each rank of five or more naturals in ``pool`` made a new one, and each
    incomplete sequence that the cards of ``pool`` extend to a samba (SAM-11). Wild cards are
    shared out group by group, the nearest first."""
    full = rules.canasta_size
    naturals = Counter(RANK_OF[c] for c in pool if IS_NATURAL[c] and not rules.stops[c])
    wilds = sum(1 for c in pool if rules.wild[c])
    made = 0
    missing: list[tuple[int, int]] = []  # (naturals short, wild room) per incomplete group
    melded: set[int] = set()
    faces = {(SUIT_OF[c], RANK_OF[c]) for c in pool if IS_NATURAL[c]}
    for meld in melds:
        facts = meld_facts(rules, meld)
        if facts.kind is MeldKind.SEQUENCE and facts.canasta is CanastaKind.NONE:
            made += _sequence_reaches(facts, faces, full)
            continue
        if facts.kind is not MeldKind.GROUP or facts.canasta is not CanastaKind.NONE:
            continue
        melded.add(facts.key)
        short = facts.to_canasta - naturals[facts.key]
        naturals[facts.key] = max(0, -short)
        if short <= 0:
            made += 1
        else:
            missing.append((short, facts.wild_room))
    for rank, count in naturals.items():
        if rank not in melded and count >= full - SAMBA_GROUP_WILDS:
            missing.append((max(0, full - count), SAMBA_GROUP_WILDS))
    for short, room in sorted(missing):
        if short <= min(room, wilds):
            wilds -= short
            made += 1
    return made


def _sequence_reaches(facts: MeldFacts, faces: set[tuple[int, int]], full: int) -> int:
    """1 when the cards in ``faces`` extend this sequence to a samba (SAM-11), else 0."""
    low, high = facts.low, facts.high
    while low - 1 >= FOUR and (facts.suit, low - 1) in faces:
        low -= 1
    while high + 1 <= ACE and (facts.suit, high + 1) in faces:
        high += 1
    return 1 if high - low + 1 >= full else 0


def pile_canasta_value(view: PlayerView) -> float:
    """SAM-17, SAM-18: a pile whose cards complete canastas this turn (with the hand's) is
    worth PILE_CANASTA for each canasta the hand alone could not complete: it is the quickest
    step in the race to two canastas that decides a hand of the sequence family (SAM-23).
    Arena, Samba Medium against Easy, 1000 games over five seeds: 73.5% -> 75.4% wins
    (75.7% once sambas count too).
    Empty outside the sequence family."""
    rules = view.rules
    if not rules.sequences:
        return 0.0
    melds = view.melds[view.side]
    alone = completable_canastas(rules, view.hand, melds)
    taken = completable_canastas(rules, (*view.hand, *view.pile_cards), melds)
    return PILE_CANASTA * max(0, taken - alone)


def their_pile_canasta_value(view: PlayerView, card: int, side: int) -> float:
    """SAM-17, SAM-18: what the pile with ``card`` on top is worth to ``side`` beyond its
    cards: PILE_CANASTA for each canasta its cards alone complete on that side's melds
    (``pile_canasta_value`` seen from across the table). Empty outside the sequence family."""
    rules = view.rules
    if not rules.sequences:
        return 0.0
    melds = view.melds[side]
    if not melds:
        return 0.0
    return PILE_CANASTA * completable_canastas(rules, (*view.pile_cards, card), melds)


def pile_black_three_cost(view: PlayerView) -> float:
    """C-B3-1, SAM-23: a black three from the pile melds only with two more when going out,
    so each one costs a later turn's discard in the race out. Easy throws its black threes
    first, so Samba piles are full of them: Medium took twice Easy's black threes with the
    pile and held about two of them in the hands where it had its two canastas first and
    still lost the race out (arena breakdown, seed 5)."""
    rules = view.rules
    if not rules.sequences:
        return 0.0
    return PILE_BLACK_THREE * sum(1 for c in view.pile_cards[:-1] if rules.stops[c])


def one_canasta_short(view: PlayerView) -> bool:
    """SAM-23: the side has a canasta and still lacks what going out needs (BOL-9 counted).

    From here the hand is a race: the side that gets its last canasta with the fewer cards
    in hand goes out first, and the side that goes out wins the hand by about 1500 points
    (arena breakdown, Samba Medium against Easy: going out +1160 per hand, the opponents
    going out -390). Medium reached its two canastas with 12 cards in its side's hands where
    Easy had 8, and lost 38-45% of the races it led. So no cards are held back for pile
    fights any more (the hand reserve) and every card melded counts (``pace_meld_gain``).
    With ``pace_wild_share``, ``sheds_black_threes`` and ``their_group_feed``, on six seeds
    never tuned on (301-306, 1200 games): 75.8% [73.2, 78.1] against 73.3% [70.8, 75.8].
    Partnerships only: a player alone (Samba for three or five) must meld every card of his
    own hand, and melding down early left the five-player bots going out of 9-11 hands in 50
    where they went out of 15-16 without it (tests/ai/test_every_preset.py, samba-5).
    """
    if not view.rules.sequences or not view.rules.partnership:
        return False
    made = sum(1 for f in view.meld_facts[view.side] if f.canasta is not CanastaKind.NONE)
    return made >= 1 and out_missing(view, view.side) > 0


def pace_meld_gain(view: PlayerView, move: Meld) -> float:
    """PACE_MELD_CARD per card melded while the side is ``one_canasta_short``."""
    return PACE_MELD_CARD * len(move.cards()) if one_canasta_short(view) else 0.0


def pace_wild_share(view: PlayerView) -> float:
    """What is left of a wild card's cost (``melding.wild_waste_cost``) while the side is
    ``one_canasta_short``: until the first canasta a wild card is saved for a group that
    needs it (SAM-10, SAM-13), but from then on the next canasta starts the race out, and a
    wild card that makes a group now brings it nearer (arena, tuning seeds: 500 games
    74.6% against 71.6% with the full cost)."""
    return PACE_WILD_SHARE if one_canasta_short(view) else 1.0


def their_group_feed(view: PlayerView, card: int, side: int) -> float:
    """SAM-17, SAM-23: with the pile open, ``card`` on top lets ``side`` take it onto its
    incomplete group of that rank, and a group of four or more is that side's next canasta in
    the race to two: FEED_GROUP on top of the pile's own worth (arena, tuning seeds: about
    1% more wins in two runs of 500 and 350 games)."""
    if not view.rules.sequences:
        return 0.0
    meld = view.top_card_meld(card, side)  # the take rules say whether it joins (SAM-18)
    return FEED_GROUP if meld is not None and not meld.is_canasta and meld.size >= 4 else 0.0


def sheds_black_threes(rules: Rules) -> bool:
    """C-B3-1, C-B3-3, SAM-23: in the sequence family a black three is thrown at once instead
    of being held as a stop card. A stop holds the next player for one turn of a hand that
    lasts about five rounds (two-card draws, SAM-6), while a black three still in hand when
    the side has its canastas costs a discard in the race out (only three or more meld, when
    going out): Medium held 1.5 of them per side at its second canasta, Easy 0.45."""
    return rules.sequences
