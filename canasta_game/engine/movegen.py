"""Move generation for bots and for the UI's highlighting, built on ``why_illegal``.

Cards of one rank are interchangeable for the rules, so candidates are generated per rank
(all naturals of a rank, with the cheapest or the dearest wild cards) rather than per subset,
which keeps the lists short enough for thousands of simulated turns per second. Every
candidate used to be passed through the one legality check; now the commonest ones
(discards, new groups and additions that keep two cards in hand) are known legal by the small
exact checks of ``engine.constructive``, and only the others go through ``why_illegal``.
Under rules those checks do not model (``constructive.needs_full_check``) every candidate is
filtered again, so whatever this module offers is legal either way; ``sim --check`` verifies
each generated move against ``why_illegal``.
"""

from __future__ import annotations

from operator import attrgetter

from canasta_game.engine import fastgen
from canasta_game.engine.actions import (
    Acaba,
    Action,
    AnswerGoOut,
    AskGoOut,
    CombineMelds,
    Discard,
    DrawStock,
    Meld,
    PlayCaliente,
    meld_of,
)
from canasta_game.engine.cards import (
    ACE,
    BLACK_THREE_KEY,
    FOUR,
    IS_BLACK_THREE,
    IS_NATURAL,
    JOKER,
    RANK_OF,
    SEQUENCE_KEY,
    SUIT_OF,
    THREE,
    VALUE_OF,
    WILD_KEY,
)
from canasta_game.engine.constructive import (
    SimpleMelds,
    discards_exact,
    fit_table,
    stock_draw_exact,
)
from canasta_game.engine.game import why_illegal
from canasta_game.engine.going_out import can_go_out, within_reach
from canasta_game.engine.handfoot_moves import book_moves
from canasta_game.engine.italian import may_open_before_draw
from canasta_game.engine.mac_out import out_meld
from canasta_game.engine.meldrules import (
    UNLIMITED,
    may_open_beside,
    sequence_addition,
    wild_cap,
    wild_onto_canasta,
)
from canasta_game.engine.rules import Rules
from canasta_game.engine.state import ANSWER, DRAW, NO_QUESTION, OVER, PLAY, State, TableMeld
from canasta_game.engine.take import HandGroups, initial_batches, pile_takes

Cards = tuple[int, ...]


def legal_moves(state: State) -> list[Action]:
    """Every generated legal action for the seat that must act now."""
    if state.phase is OVER:
        return []
    if state.phase is ANSWER:
        return [AnswerGoOut(state.actor, True), AnswerGoOut(state.actor, False)]
    if state.phase is DRAW:
        fast = fastgen.draw_moves(state)  # an open side's draw, the same list, cheaper
        return fast if fast is not None else draw_moves(state) + acaba_moves(state)
    fast = fastgen.play_moves(state)  # the commonest positions, the same list, cheaper
    if fast is not None:
        return fast
    moves: list[Action] = [*meld_moves(state)]
    if state.rules.sequences:
        moves.extend(combine_moves(state))  # SAM-12
    ask = AskGoOut(state.current)
    if (
        state.question is NO_QUESTION
        and not state.turn_melded
        and state.rules.partnership
        and within_reach(state)  # C-OUT-7: the solver's cheap cuts first (most asks fail)
        and why_illegal(state, ask) is None
    ):
        moves.append(ask)
    moves.extend(discard_moves(state))
    moves.extend(acaba_moves(state))
    if state.rules.calientes:
        moves.extend(caliente_moves(state))
    return moves


def caliente_moves(state: State) -> list[Action]:
    """CAL-2: playing a Caliente card (which one does not matter: they are alike)."""
    move = PlayCaliente(state.current)
    return [move] if why_illegal(state, move) is None else []


def acaba_moves(state: State) -> list[Action]:
    """BRIT-1, BRIT-2: declaring Acaba, and asking the partner first (last in the list)."""
    if not state.rules.acaba:
        return []
    seat = state.current
    return [m for m in (Acaba(seat), Acaba(seat, ask=True)) if why_illegal(state, m) is None]


def draw_moves(state: State) -> list[Action]:
    moves: list[Action] = []
    draw = DrawStock(state.current)
    if stock_draw_exact(state) or why_illegal(state, draw) is None:
        moves.append(draw)
    moves.extend(pile_takes(state))
    if may_open_before_draw(state):  # IT-7
        moves.extend(opening_moves(state))
    return moves


_KEY = attrgetter("key")


def combine_moves(state: State) -> list[Action]:
    """SAM-12: every legal joining of two of the side's groups of one rank."""
    seat = state.current
    melds = state.melds[state.rules.seat_side[seat]]
    out: list[Action] = []
    if len(set(map(_KEY, melds))) == len(melds):
        return out  # (most sides: no two melds of one key)
    for i, into in enumerate(melds):
        for other in melds[i + 1 :]:
            if other.key == into.key:
                move = CombineMelds(seat, into.mid, other.mid)
                if why_illegal(state, move) is None:
                    out.append(move)
    return out


def opening_moves(state: State) -> list[Meld]:
    """Openings from the hand alone (C-INIT-3): the clean ones first (IT-9, IT-11), then
    the usual search, each checked."""
    seat = state.current
    groups = HandGroups(state.hands[seat])
    need, _ = state.minimum(state.side_of(seat))
    batches = clean_openings(groups, need) + initial_batches(state, groups, need)
    out: list[Meld] = []
    for batch in dict.fromkeys(batches):
        move = Meld(seat, batch)
        if why_illegal(state, move) is None:
            out.append(move)
    return out


def clean_openings(groups: HandGroups, need: int) -> list[tuple[Cards, ...]]:
    """IT-9, IT-11: openings with no wild card but three 2s or JK-JK-2 as a meld of their
    own: natural melds of three or more, dearest first, until ``need`` is reached."""
    twos = [c for c in groups.wilds if RANK_OF[c] != JOKER]
    jokers = [c for c in groups.wilds if RANK_OF[c] == JOKER]
    wild_melds: list[Cards] = [()]
    if len(twos) >= 3:
        wild_melds.append(tuple(twos[:3]))
    if len(jokers) >= 2 and twos:
        wild_melds.append((jokers[0], jokers[1], twos[0]))
    naturals = [tuple(n) for n in groups.naturals.values() if len(n) >= 3]
    naturals.sort(key=lambda cards: -sum(VALUE_OF[c] for c in cards))
    out: list[tuple[Cards, ...]] = []
    for wild in wild_melds:
        batch: list[Cards] = [wild] if wild else []
        points = sum(VALUE_OF[c] for c in wild)
        for cards in naturals:
            if points >= need:
                break
            batch.append(cards)
            points += sum(VALUE_OF[c] for c in cards)
        if points >= need and batch:
            out.append(tuple(batch))
    return out


def discard_moves(state: State) -> list[Action]:
    """One discard per kind of card (suits never matter except for threes)."""
    if state.phase is not PLAY:
        return []
    seat = state.current
    exact = discards_exact(state)
    seen: set[tuple[int, bool]] = set()
    out: list[Action] = []
    for card in state.hands[seat]:
        kind = (RANK_OF[card], IS_BLACK_THREE[card])
        if kind in seen:
            continue
        seen.add(kind)
        move = Discard(seat, card)
        if exact or why_illegal(state, move) is None:
            out.append(move)
    return out


# --- melds -----------------------------------------------------------------------------


def single_meld_options(state: State, groups: HandGroups, dear_first: bool) -> list[Cards]:
    """New melds from hand, one rank at a time, with 0..cap wild cards."""
    rules = state.rules
    pool = groups.dear_wilds() if dear_first else groups.wilds
    out: list[Cards] = []
    for nats in groups.naturals.values():
        n = len(nats)
        if n < 2:
            continue
        low = 0 if n >= 3 else 1
        high = min(len(pool), wild_cap(rules, n, n + 3))
        for w in range(low, high + 1):
            out.append(tuple(nats) + tuple(pool[:w]))
    return out


def meld_moves(state: State) -> list[Meld]:
    """Candidate meld actions: single new melds, single additions, and one 'meld all'.

    Each candidate comes with whether it is legal by construction (``SimpleMelds``); the
    others go through ``why_illegal``."""
    if state.phase is not PLAY:
        return []
    seat = state.current
    side = state.side_of(seat)
    groups = HandGroups(state.hands[seat])
    melds = state.melds[side]
    simple = SimpleMelds(state, melds)
    candidates: list[tuple[Meld, bool]] = []
    if state.rules.keep_three:  # MAC-7: the three kept in hand may be laid out
        threes = [c for c in state.hands[seat] if RANK_OF[c] == THREE]
        candidates.extend((Meld(seat, ((c,),)), False) for c in threes[:1])
    if not melds:
        need, _ = state.minimum(side)
        if state.rules.clean_opening_below:  # IT-9: clean openings are tried first
            candidates.extend((Meld(seat, b), False) for b in clean_openings(groups, need))
        for batch in initial_batches(state, groups, need):
            move = Meld(seat, batch)
            candidates.append((move, simple.by_construction(move)))
    else:
        candidates.extend(_open_side_candidates(state, groups, melds, simple))
    if state.rules.sequences:
        candidates.extend((m, simple.by_construction(m)) for m in sequence_moves(state, groups))
    if state.rules.books_closed:  # HF-9..11: books stop at seven
        candidates.extend((m, False) for m in book_moves(state, groups))
    if len(groups.blacks) >= 3 and (not simple.usable or can_go_out(state)):
        # C-B3-2: black threes are melded only in the turn going out; where the shortcuts
        # apply, a hand that cannot go out this turn is not offered the meld (about a
        # twentieth of Samba's self-play went to refusing it)
        candidates.append((Meld(seat, (tuple(groups.blacks),)), False))
    everything = meld_all(state, groups)
    if everything is not None:
        candidates.append((everything, simple.by_construction(everything)))
    if state.rules.meld_max and state.rules.out_needs_discard and melds:
        final = out_meld(state)  # MAC-30: every card but the final discard, in one action
        if final is not None:
            candidates.append((final, True))
    out: list[Meld] = []
    seen: set[Meld] = set()
    for move, exact in candidates:
        if move not in seen:
            seen.add(move)
            if exact or (not simple.short_of_minimum(move) and why_illegal(state, move) is None):
                out.append(move)
    return out


def _open_side_candidates(
    state: State, groups: HandGroups, melds: tuple[TableMeld, ...], simple: SimpleMelds
) -> list[tuple[Meld, bool]]:
    """An open side's new groups (one rank the side has not melded) and single additions
    to its groups and wild meld, each with whether it is legal by construction."""
    seat = state.current
    out: list[tuple[Meld, bool]] = []
    keys = {m.key for m in melds}
    hand_size = len(state.hands[seat])
    for cards in single_meld_options(state, groups, dear_first=False):
        if RANK_OF[cards[0]] not in keys:
            naturals = len(groups.naturals[RANK_OF[cards[0]]])
            exact = simple.new_group(naturals, len(cards) - naturals)
            out.append((Meld(seat, (cards,)), exact))
            if state.rules.out_discard and 3 < len(cards) == hand_size:
                # IT-20: the whole hand would be the new group, but closing keeps a card to
                # discard (four jacks: lay three, close on the fourth)
                out.append((Meld(seat, (cards[:-1],)), False))
    wilds = groups.wilds
    for meld in melds:
        if meld.is_black_threes or meld.key >= SEQUENCE_KEY:
            continue
        if meld.is_wild_meld:
            if wilds:
                exact = simple.addition(meld, 0, 1)
                out.append((Meld(seat, add=((meld.mid, (wilds[0],)),)), exact))
            continue
        nats = groups.naturals.get(meld.key)
        if nats:
            verdict = simple.addition_verdict(meld, len(nats), 0)
            if verdict is not False:
                out.append((Meld(seat, add=((meld.mid, tuple(nats)),)), bool(verdict)))
            cap = state.rules.meld_max  # CUB-4, MAC-15
            if cap and 0 < cap - meld.size < len(nats):  # only as many as fit
                out.append((Meld(seat, add=((meld.mid, tuple(nats[: cap - meld.size])),)), False))
            if state.rules.out_discard and 1 < len(nats) == len(state.hands[seat]):
                # IT-20: the whole hand fits this meld, but closing keeps a card to discard
                out.append((Meld(seat, add=((meld.mid, tuple(nats[:-1])),)), False))
        # a wild card that SimpleMelds knows cannot go (SAM-15, C-MELD-3) is not offered
        verdict = simple.addition_verdict(meld, 0, 1) if wilds else False
        if verdict is not False:
            out.append((Meld(seat, add=((meld.mid, (wilds[0],)),)), bool(verdict)))
            dear = wilds[-1]
            if RANK_OF[dear] == JOKER and RANK_OF[wilds[0]] != JOKER:
                out.append((Meld(seat, add=((meld.mid, (dear,)),)), bool(verdict)))
    if state.rules.wild_melds and len(wilds) >= 3 and WILD_KEY not in keys:
        out.append((Meld(seat, (tuple(wilds[:3]),)), False))
    return out


#: Per card uid: ``suit * 32 + rank`` for a natural (rank 4 to ace: a card a sequence may
#: hold, SAM-9), else -64 (no card's key is one or two above that).
_RUN_KEY: tuple[int, ...] = tuple(
    SUIT_OF[c] * 32 + RANK_OF[c] if IS_NATURAL[c] else -64 for c in range(len(RANK_OF))
)
#: Per card uid: the bit ``_RUN_KEY`` of a natural, else 0 (a hand's bits ORed together: three
#: in a row of one suit are three neighbouring bits, ranks 4 to ace never reaching the next
#: suit's lane when shifted by one or two).
_RUN_BIT: tuple[int, ...] = tuple(1 << key if key >= 0 else 0 for key in _RUN_KEY)


def _run_bits(hand: Cards) -> int:
    """The hand's ``_RUN_BIT`` ORed together (a plain loop: about twice as fast as ``reduce``
    over ``map``, and asked for every position of a sequence rule). The last hand's answer
    is kept (``_last``): an open side's position asks it of the same hand object up to
    three times (``sequence_moves``, ``runs_extended``, ``_after_runs``); a tuple held there
    cannot change nor be freed, so the same object is the same cards. The hand and its bits
    are one tuple, read and replaced whole, so a Hard search in the table's worker thread and
    the main thread never see one hand's bits with another hand."""
    global _last
    last = _last
    if hand is last[0]:
        return last[1]
    bits = 0
    run_bit = _RUN_BIT
    for card in hand:
        bits |= run_bit[card]
    _last = (hand, bits)
    return bits


#: ``_run_bits``' last hand and its bits.
_last: tuple[Cards | None, int] = (None, 0)


#: The 32 bits of one suit's lane in ``_RUN_BIT``.
_LANE = (1 << 32) - 1


def hand_runs(hand: Cards, size: int, bits: int | None = None) -> list[Cards]:
    """SAM-9, SAM-10: the longest runs of one suit in ``hand`` (3 to ``size`` cards; a run
    longer than ``size`` is cut into pieces, the lowest first), suit by suit in the order the
    hand first shows a natural of each, a run holding the first card of each rank.

    Read off the cards' bits (``bits``: the hand's ``_run_bits`` where the caller has them):
    most hands hold no three cards of one suit in a row (four in five of Samba's), and the
    blocks of three or more in a row are the runs to cut, so only their cards are looked up."""
    bits = _run_bits(hand) if bits is None else bits
    starts = bits & (bits >> 1) & (bits >> 2)
    if not starts:
        return []
    member = starts | (starts << 1) | (starts << 2)  # every card of such a block
    first: dict[int, int] = {}
    run_bit, run_key = _RUN_BIT, _RUN_KEY
    for card in hand:
        if run_bit[card] & member:
            first.setdefault(run_key[card], card)
    lanes = [lane for lane in range(0, member.bit_length(), 32) if member >> lane & _LANE]
    if len(lanes) > 1:  # (rare: the suits in the order of their first natural in hand)
        order = dict.fromkeys(SUIT_OF[card] * 32 for card in hand if IS_NATURAL[card])
        lanes = [lane for lane in order if lane in lanes]
    out: list[Cards] = []
    for lane in lanes:
        _cut_runs(member & (_LANE << lane), first, size, out)
    return out


def _cut_runs(blocks: int, first: dict[int, int], size: int, out: list[Cards]) -> None:
    """SAM-10: each block of neighbouring bits of ``blocks`` (lowest first) as runs of the
    cards ``first`` holds for them, cut into pieces of ``size``, a piece of three or more
    kept (SAM-9)."""
    while blocks:
        low = (blocks & -blocks).bit_length() - 1
        block = blocks >> low
        length = (block ^ (block + 1)).bit_length() - 1  # (its neighbouring bits from ``low``)
        blocks ^= ((1 << length) - 1) << low
        top = low + length
        for start in range(low, top, size):
            end = min(start + size, top)
            if end - start >= 3:
                out.append(tuple(map(first.__getitem__, range(start, end))))


def _may_extend(meld: TableMeld, bits: int) -> bool:
    """Whether ``run_extension`` of ``meld`` finds a card in a hand of ``_run_bits`` ``bits``:
    the sequence is short of its canasta and the hand holds a card next to one of its ends
    (SAM-11). Most do not (about four in five), and then the hand is not indexed."""
    if meld.naturals + meld.wilds >= meld.canasta_size:
        return False
    base = (meld.key - SEQUENCE_KEY) * 32
    ends = bits >> (base + RANK_OF[meld.cards[-1]] + 1) | bits >> (
        base + RANK_OF[meld.cards[0]] - 1
    )
    return bool(ends & 1)


def runs_extended(hand: Cards, melds: tuple[TableMeld, ...]) -> int:
    """How many of the side's sequences a card of ``hand`` may extend (SAM-11, ``_may_extend``:
    each a part of "meld all", ``fastgen`` counting them; ``sequence_moves`` of the same
    hand and melds counted them already)."""
    ends = _ends
    if hand is ends[0] and melds is ends[1]:
        return ends[2]
    bits = _run_bits(hand)
    return sum(1 for meld in melds if meld.key >= SEQUENCE_KEY and _may_extend(meld, bits))


def run_extension(meld: TableMeld, have: dict[int, int]) -> Cards:
    """SAM-11: the hand cards that extend the sequence ``meld`` at its ends, up to 7 (``have``:
    the hand's ``run_index``, read once for the side's sequences)."""
    base = (meld.key - SEQUENCE_KEY) * 32  # (``_RUN_KEY``: ranks 4 to ace, none next to them)
    low, high = base + RANK_OF[meld.cards[0]], base + RANK_OF[meld.cards[-1]]
    out: list[int] = []
    while meld.size + len(out) < meld.canasta_size:
        if high + 1 in have:
            high += 1
            out.append(have[high])
        elif low - 1 in have:
            low -= 1
            out.append(have[low])
        else:
            break
    return tuple(out)


def run_index(hand: Cards) -> dict[int, int]:
    """The hand's naturals by ``_RUN_KEY`` (suit and rank), the last card of each kept."""
    return dict(zip(map(_RUN_KEY.__getitem__, hand), hand, strict=True))


def sequence_moves(state: State, groups: HandGroups) -> list[Meld]:
    """New sequences from hand (alone, or with the opening's groups while closed) and the
    extensions of the side's incomplete sequences."""
    seat = state.current
    side = state.rules.seat_side[seat]
    hand = state.hands[seat]
    bits = _run_bits(hand)
    runs = hand_runs(hand, state.rules.canasta_size, bits)
    out = [meld_of(seat, (run,), ()) for run in runs] if runs else []  # (most hands: none)
    melds = state.melds[side]
    if not melds:
        need, _ = state.minimum(side)
        for run in runs:
            used = set(run)
            rest = HandGroups(tuple(c for c in hand if c not in used))
            points = sum(VALUE_OF[c] for c in run)
            for batch in initial_batches(state, rest, need - points, limit=2):
                out.append(meld_of(seat, (*batch, run), ()))
        return out
    global _ends
    keyed: dict[int, int] | None = None
    grown = 0
    for meld in melds:
        if meld.key >= SEQUENCE_KEY and _may_extend(meld, bits):
            grown += 1
            keyed = run_index(hand) if keyed is None else keyed
            extension = run_extension(meld, keyed)
            out.append(meld_of(seat, (), ((meld.mid, extension),)))
            if len(extension) > 1:  # (one card: the same move again)
                out.append(meld_of(seat, (), ((meld.mid, extension[:1]),)))
    _ends = (hand, melds, grown)
    return out


#: ``sequence_moves``' last open side: the hand, the side's melds and how many of its
#: sequences a card of that hand extends (``runs_extended``). "Meld all" of the same list
#: reads it (``_after_runs``: most positions extend none) instead of walking the melds again;
#: tuples held here cannot change nor be freed, so the same objects are the same cards and
#: melds, and the three are one tuple, read and replaced whole (the table's worker thread).
_ends: tuple[Cards | None, tuple[TableMeld, ...] | None, int] = (None, None, 0)


def meld_all(state: State, groups: HandGroups | None = None) -> Meld | None:
    """One batch that lays down as much of the hand as the rules allow, keeping one card.

    It is the move that goes out (or opens with everything) when that is possible; wild cards
    go to a waiting wild meld first (O-WILD-MELDS), then where they complete a canasta, then
    to the biggest melds, and those left start a new group of a melded rank (SAM-12).
    """
    return meld_all_proved(state, groups)[0]


def meld_all_proved(
    state: State, groups: HandGroups | None = None, threes: bool = False
) -> tuple[Meld | None, bool]:
    """``meld_all`` and whether its melds are legal by construction where ``SimpleMelds``
    applies (``_all_proven``: issue 16, the proof cost about as much as building the batch).
    ``threes``: the proof of the melds other than the black threes, which the caller decides
    (``fastgen.threes_out``). Each group's and addition's counts of naturals are checked as
    they are made (``fit``); only where wild cards go past the pairs (``_place_wilds``, about
    one Samba batch in five) are the counts kept (``_counts``) and read again."""
    seat = state.current
    rules = state.rules
    side_melds = state.melds[rules.seat_side[seat]]
    adds: dict[int, list[int]] = {}
    grown = _after_runs(state.hands[seat], side_melds, adds) if rules.sequences else None
    groups = grown or groups or HandGroups(state.hands[seat])
    melds: dict[int, TableMeld] = {}
    for each in side_melds:  # (a loop: no comprehension's frame, as in ``Meld.cards``)
        melds[each.key] = each
    fits = fit_table(rules)  # (``counts_fit`` by ``naturals << 10 | wilds``)
    new, pairs, fit, seven = _lay_naturals(rules, groups, melds, adds, fits)
    wilds = list(groups.wilds)
    fed = 0  # (wild cards given to the waiting wild meld, O-WILD-MELDS)
    if rules.wild_melds and rules.wild_meld_first:
        fed = _feed_wild_meld(rules, side_melds, adds, wilds)
    sizes = _counts(groups, melds, new, adds) if len(wilds) > len(pairs) else None
    for rank, nats in pairs[: len(wilds)]:  # each the next cheapest wild card
        new[rank] = [*nats, wilds.pop(0)]
        fit = fit and FOUR <= rank <= ACE and fits[2 << 10 | 1]
        if sizes is not None:
            sizes[rank] = [2, 1]
    if sizes is not None:  # (wild cards left for the melds: ``sizes`` places them)
        _place_wilds(state.rules, melds, sizes, new, adds, wilds)
        fit = _counts_fit(rules, melds, new, adds, sizes)
    split = rules.sequences or rules.pile_conflict == "A"  # (``_beside``: SAM-12)
    beside = split and (wilds or seven) and _beside(rules, side_melds, groups, new, adds, wilds)
    if len(groups.blacks) >= 3:
        new[-1] = list(groups.blacks)
    if not new and (not adds or not side_melds):
        return None, False
    add: list[tuple[int, Cards]] = []
    for mid, cards in adds.items():
        add.append((mid, tuple(cards)))
    move = meld_of(seat, tuple(map(tuple, new.values())), tuple(add))
    placed = len(groups.wilds) - fed > len(wilds)  # (wild cards went to regular melds)
    if threes:
        new.pop(-1, None)
    proven = fit and not beside and _all_proven(state, side_melds, new, adds, grown, placed)
    return move, proven


def _lay_naturals(
    rules: Rules,
    groups: HandGroups,
    melds: dict[int, TableMeld],
    adds: dict[int, list[int]],
    fits: dict[int, bool],
) -> tuple[dict[int, list[int]], list[tuple[int, list[int]]], bool, bool]:
    """``meld_all``'s naturals: each melded rank's onto its meld (into ``adds``), each other
    rank of three or more as a new group; the pairs of unmelded ranks wait for wild cards
    (in the hand's order). Also whether every group and addition so far fits its counts
    (C-MELD-1..3, ``fit_table``) and whether a melded rank brings a canasta's worth of
    naturals (``_beside``, SAM-12). The lists are the hand's own: copied before they grow."""
    new: dict[int, list[int]] = {}
    pairs: list[tuple[int, list[int]]] = []
    cap = rules.meld_max  # CUB-4, MAC-15: no more than fit
    fit = True
    seven = False
    for rank, nats in groups.naturals.items():
        meld = melds.get(rank)
        if meld is not None and rank != BLACK_THREE_KEY:
            if cap:
                nats = nats[: max(0, cap - meld.size)]
            if nats:
                adds[meld.mid] = nats
                fit = fit and fits[(meld.naturals + len(nats)) << 10 | meld.wilds]
                seven = seven or len(nats) >= rules.canasta_size
        elif len(nats) >= 3:
            new[rank] = cards = nats[:cap] if cap else nats
            fit = fit and FOUR <= rank <= ACE and fits[len(cards) << 10]
        elif len(nats) == 2 and meld is None:
            pairs.append((rank, nats))
    return new, pairs, fit, seven


def _counts(
    groups: HandGroups,
    melds: dict[int, TableMeld],
    new: dict[int, list[int]],
    adds: dict[int, list[int]],
) -> dict[int, list[int]]:
    """The naturals and wild cards of each regular key ``meld_all`` lays so far (key ->
    [naturals, wilds]), in the hand's order of ranks (``_place_wilds`` breaks ties by it);
    the groups' and additions' lists copied (they were the hand's own, and wild cards will
    be appended to them)."""
    sizes: dict[int, list[int]] = {}
    for rank in groups.naturals:
        cards = new.get(rank)
        if cards is not None:
            new[rank] = list(cards)
            sizes[rank] = [len(cards), 0]
        elif rank in melds and rank != BLACK_THREE_KEY:
            meld = melds[rank]
            sizes[rank] = [meld.naturals + len(adds.get(meld.mid, ())), meld.wilds]
    for mid, cards in adds.items():
        adds[mid] = list(cards)
    return sizes


def _counts_fit(
    rules: Rules,
    melds: dict[int, TableMeld],
    new: dict[int, list[int]],
    adds: dict[int, list[int]],
    sizes: dict[int, list[int]],
) -> bool:
    """After ``_place_wilds``: every new group of a natural rank and every group added to
    within its counts (C-MELD-2, C-MELD-3 with CUB-4 sizes: ``counts_fit``), and no wild card
    onto a canasta where SAM-15 or BOL-3 refuses it. ``melds``: the side's by key (an
    addition goes to the last of a key, ``meld_all_proved``)."""
    fits = fit_table(rules)
    for rank in new:
        naturals, wilds = sizes[rank]
        if not FOUR <= rank <= ACE or not fits[naturals << 10 | wilds]:
            return False
    for key, (naturals, wilds) in sizes.items():
        target = melds.get(key)
        if target is None or target.mid not in adds or key in new:
            continue  # (a new group, or a meld that takes nothing)
        added = wilds - target.wilds
        if added and wild_onto_canasta(rules, target, added) is not None:
            return False
        if not fits[naturals << 10 | wilds]:
            return False
    return True


def _feed_wild_meld(
    rules: Rules, melds: tuple[TableMeld, ...], adds: dict[int, list[int]], wilds: list[int]
) -> int:
    """O-WILD-MELDS: while the side's wild meld is not a canasta wild cards go only there, so
    ``meld_all`` gives it its ``wilds`` first (taken off the list), up to its canasta (the rest
    may then go to other melds in the same batch; BOL-3 stops it there), never past the
    largest meld (CUB-4). How many it gets (O-WILD-MELDS)."""
    waiting = next((m for m in melds if m.is_wild_meld and not m.is_canasta), None)
    if waiting is None or not wilds:
        return 0
    room = min(waiting.canasta_size, rules.meld_max or UNLIMITED) - waiting.size
    if room <= 0:
        return 0
    adds[waiting.mid] = wilds[:room]
    del wilds[:room]
    return len(adds[waiting.mid])


def _beside(
    rules: Rules,
    side_melds: tuple[TableMeld, ...],
    groups: HandGroups,
    new: dict[int, list[int]],
    adds: dict[int, list[int]],
    wilds: list[int],
) -> bool:
    """SAM-12 (O-PILE-CONFLICT=A beside canastas): ``meld_all``'s new group of a rank the
    side has melded, made of the hand's naturals that would join a group taking no wild card
    (a canasta, SAM-15, or a group at its cap, SAM-13; its additions hold no wild card) with
    the wild cards left over: five
    and two make one more canasta, two and one a meld for a wild card that had no place
    (``going_out._second_groups`` finds such ways out); or seven naturals beside a canasta.
    The naturals the group still needs for its canasta stay with it where two or more are
    left for the new one; else all go, the batch laying more cards (what "meld all" is for:
    a hand bound to go out, C-OUT-6, may have no other way). True when one is made."""
    made = False
    full = rules.canasta_size
    for meld in side_melds:
        key = meld.key
        nats = adds.get(meld.mid)
        if key >= SEQUENCE_KEY or not nats or len(nats) != len(groups.naturals.get(key, ())):
            continue  # (a sequence, no naturals of its rank, or wild cards added to it)
        if not rules.sequences and not may_open_beside(
            rules, [m for m in side_melds if m.key == key]
        ):
            continue  # O-PILE-CONFLICT=A: only beside completed canastas
        spare = len(nats) - max(0, full - meld.size)
        if spare < 2:
            spare = len(nats)
        more = min(len(wilds), wild_cap(rules, spare, spare + len(wilds)))
        if spare < 2 or (spare < full and (not more or spare + more < 3)):
            continue  # C-MELD-1, C-MELD-2: no meld, or one that lays no more than joining
        keep = len(nats) - spare
        new[key] = [*nats[keep:], *wilds[:more]]
        del wilds[:more]
        if keep:
            adds[meld.mid] = nats[:keep]
        else:
            del adds[meld.mid]
        made = True
    return made


def _after_runs(
    hand: Cards, melds: tuple[TableMeld, ...], adds: dict[int, list[int]]
) -> HandGroups | None:
    """SAM-11: ``meld_all``'s first additions, the ends of the side's incomplete sequences
    from the hand (each card once, in the melds' order), put in ``adds``; the groups of the
    cards left, or None where no sequence grows (the hand's own groups serve). The hand is
    indexed only for a sequence that ``_may_extend`` (most positions: none, which
    ``sequence_moves`` of the same hand and melds may have found already: ``_ends``)."""
    ends = _ends
    if not ends[2] and hand is ends[0] and melds is ends[1]:
        return None
    rest = hand
    bits: int | None = None
    for run in melds:
        if run.key < SEQUENCE_KEY:
            continue
        bits = _run_bits(rest) if bits is None else bits
        if not _may_extend(run, bits):
            continue  # (a canasta, or no card next to its ends)
        extension = run_extension(run, run_index(rest))
        adds[run.mid] = list(extension)
        left = list(rest)
        for card in extension:
            left.remove(card)
        rest, bits = tuple(left), None  # (the cards left are read again)
    return HandGroups(rest) if adds else None


def _all_proven(
    state: State,
    melds: tuple[TableMeld, ...],
    new: dict[int, list[int]],
    adds: dict[int, list[int]],
    grown: HandGroups | None,
    placed: bool,
) -> bool:
    """``SimpleMelds.by_construction(keep=1)`` of ``meld_all``'s batch where ``SimpleMelds``
    applies, given that its groups' counts fit (``meld_all_proved``'s ``fit``). By
    construction each new group is one rank the side has not melded (C-MELD-5) of three
    naturals, or two and a wild card (C-MELD-1, C-MELD-2), the additions go one per meld
    (C-MELD-6), wild cards only to groups, within their cap and never onto a canasta
    (``_place_wilds``: C-MELD-3, SAM-15) or to a waiting wild meld up to its canasta
    (``_feed_wild_meld``: O-WILD-MELDS, BOL-3), the ends of the sequences only with the
    naturals that continue them up to the canasta (``run_extension``: SAM-11). What is asked
    here: no black threes (C-B3-2), an opening's points and no canasta asked (C-INIT-1), no
    wild card while a wild meld waits (O-WILD-MELDS) and, where a sequence grows (``grown``:
    ``_after_runs``), BRA-9 and the sequences' own check. ``melds``: the side's."""
    rules = state.rules
    if -1 in new:
        return False
    if not melds:  # C-INIT-1: the new melds alone reach the minimum (no canasta asked)
        need, canasta = state.minimum(rules.seat_side[state.current])
        if canasta or sum(VALUE_OF[c] for cards in new.values() for c in cards) < need:
            return False
    if placed and rules.wild_melds and any(m.is_wild_meld and not m.is_canasta for m in melds):
        return False
    if grown is None:
        return True  # (no sequence grows)
    for target in melds:  # (``adds`` holds only the side's melds: no index by mid made)
        cards = adds.get(target.mid)
        if cards is not None and target.key >= SEQUENCE_KEY:
            if target.naturals + target.wilds + len(cards) > target.canasta_size:
                return False  # BRA-9: past the canasta only going out (the full check)
            if sequence_addition(rules, target, cards) is not None:
                return False
    return True


def _place_wilds(
    rules: Rules,
    melds: dict[int, TableMeld],
    sizes: dict[int, list[int]],
    new: dict[int, list[int]],
    adds: dict[int, list[int]],
    wilds: list[int],
) -> None:
    """``meld_all``'s wild cards: to the biggest melds first (completing canastas), each
    within its cap (C-MELD-3) and not past the canasta; then what is left past the canasta,
    where the cap allows it: a wild card kept back is a card the batch does not lay, and a
    hand bound to go out (C-OUT-6) may have nowhere else to put it (Brazilian once had no
    legal move with two wild cards for a group of six naturals). A batch is one action, so
    SAM-15 refuses only a meld that was a canasta before it."""
    for key, meld in melds.items():
        # (regular groups: the keys compared, not ``is_wild_meld``'s and the like's calls)
        regular = key < SEQUENCE_KEY and key != WILD_KEY and key != BLACK_THREE_KEY
        if regular and key not in sizes:
            sizes[key] = [meld.naturals, meld.wilds]
    order = sorted(sizes, key=lambda k: -(sizes[k][0] + sizes[k][1]))
    for past_canasta in (False, True):
        top = (rules.meld_max or UNLIMITED) if past_canasta else rules.canasta_size
        for key in order:
            if not wilds:
                return  # (every wild card placed: the rest of the melds need not be read)
            if past_canasta and _closed_to_wilds(rules, melds.get(key)):
                continue
            counts = sizes[key]
            while wilds:
                nat, wild = counts
                if nat + wild >= top:
                    break  # CUB-4, MAC-15: never past the largest meld
                if wild + 1 > wild_cap(rules, nat, nat + wild + 1):
                    break
                card = wilds.pop(0)
                counts[1] += 1
                if key in new:
                    new[key].append(card)
                else:
                    adds.setdefault(melds[key].mid, []).append(card)


def _closed_to_wilds(rules: Rules, meld: TableMeld | None) -> bool:
    """SAM-15: no wild card joins a meld that is already a completed canasta."""
    return rules.no_wild_on_canasta and meld is not None and meld.is_canasta
