"""``can_go_out`` against a brute-force search written from the rules (C-OUT-1/2/5, C-MELD,
C-B3-1, O-OUT-Q, O-OUT-CLEAN, O-OUT-NOWILD3, O-MELD-WILD).

The search tries every final discard (none, or one card of each kind), makes every natural
rank join the side's meld of that rank or form a new meld of two or more naturals, puts black
threes into one meld of three or more, and then tries every spread of the wild cards over the
melds (new and existing) within the wild-card cap, counting canastas of 7 or more cards.
"""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from scenario import random_play_positions

from canasta_game.engine import Meld, Phase, apply, going_out, preset, state_from_setup
from canasta_game.engine.cards import face_text
from canasta_game.engine.going_out import can_go_out
from canasta_game.engine.take import HandGroups

RANKS = "59KA7"
SUITS = "cdhs"
MODES = ("MAX3", "LE_NAT", "LT_NAT", "MAX2", "IT")


def cap(mode: str, naturals: int) -> int:
    """The most wild cards a meld with ``naturals`` naturals may hold (C-MELD-3, O-MELD-WILD)."""
    return {
        "MAX3": 3,
        "LE_NAT": min(3, naturals),
        "LT_NAT": min(3, naturals - 1),
        "MAX2": 2,
        "IT": min(2, naturals - 1),
    }[mode]


def spreads(total: int, slots: int):
    """Every way to put ``total`` identical wild cards into ``slots`` melds."""
    if slots == 0:
        if total == 0:
            yield ()
        return
    for first in range(total + 1):
        for rest in spreads(total - first, slots - 1):
            yield (first, *rest)


def brute_force(hand, melds, q, clean, nowild3, mode, wild=(False, None), beside="") -> bool:
    """hand = (naturals by rank, wild cards, black threes); melds = [(rank, naturals, wilds)];
    wild = (O-WILD-MELDS on, size of the side's wild-card meld or None); beside: "samba" for
    SAM-12 (a new group of a melded rank may be started) and SAM-15 (a canasta takes no wild
    card), "A" for O-PILE-CONFLICT=A (a new group beside a canasta of its rank)."""
    naturals, wilds, blacks = hand
    need_natural = {"NONE": 0, "ONE": 1, "BOTH": q}[clean]
    discards: list[tuple[str, str | None]] = [("none", None)]
    discards += [("natural", r) for r, n in naturals.items() if n]
    if not nowild3:
        if wilds:
            discards.append(("wild", None))
        if blacks:
            discards.append(("black", None))
    for kind, rank in discards:
        nat = dict(naturals)
        w, b = wilds, blacks
        if kind == "natural":
            nat[rank] -= 1
        elif kind == "wild":
            w -= 1
        elif kind == "black":
            b -= 1
        if b in (1, 2):
            continue  # C-B3-1: three or more black threes, or none melded
        for groups in _groupings(nat, melds, beside):
            if _wilds_fit(groups, w, mode, q, need_natural, wild):
                return True
    return False


def _groupings(nat, melds, beside):
    """Every way the naturals ``nat`` join the side's melds ``melds`` or start new ones, as
    (naturals, wilds, new, locked) per meld: a rank melded joins its meld, or (``beside``)
    puts two or more of them in a new group beside it (SAM-12; O-PILE-CONFLICT=A only beside
    a canasta); under Samba a canasta is locked (SAM-15)."""
    existing = {r: (n, x) for r, n, x in melds}
    new = []
    for r, count in nat.items():
        if count and r not in existing:
            if count < 2:
                return  # a lone natural can neither join a meld nor start one
            new.append((count, 0, True, False))
    ranks = list(existing)
    samba = beside == "samba"
    allowed = {r: samba or (beside == "A" and sum(existing[r]) >= 7) for r in ranks}
    splits = [[0, *(range(2, nat.get(r, 0) + 1) if allowed[r] else ())] for r in ranks]
    for shares in product(*splits):
        groups = list(new)
        for r, share in zip(ranks, shares, strict=True):
            n, x = existing[r]
            groups.append((n + nat.get(r, 0) - share, x, False, samba and n + x >= 7))
            if share:
                groups.append((share, 0, True, False))
        yield groups


def _wilds_fit(groups, w, mode, q, need_natural, wild) -> bool:
    """Can ``w`` wild cards go to the wild meld (``wild``) and ``groups``, reaching the quota?"""
    wild_melds, wild_meld = wild
    for to_wild_meld in range(w + 1) if wild_melds else (0,):
        if wild_meld is None and 0 < to_wild_meld < 3:
            continue  # O-WILD-MELDS: a new wild-card meld has 3 cards or more
        has_wild_meld = wild_meld is not None or to_wild_meld > 0
        wild_size = (wild_meld or 0) + to_wild_meld
        if has_wild_meld and wild_size < 7 and w - to_wild_meld > 0:
            continue  # wild cards go nowhere else while the wild meld is incomplete
        wild_canasta = int(has_wild_meld and wild_size >= 7)
        if _spread_fits(groups, w - to_wild_meld, mode, q - wild_canasta, need_natural):
            return True
    return False


def _spread_fits(groups, w, mode, q, need_natural) -> bool:
    """Can ``w`` wild cards be spread over ``groups`` within the caps, reaching the quota?"""
    for spread in spreads(w, len(groups)):
        canastas = natural_canastas = 0
        fits = True
        for (n, x, new, locked), add in zip(groups, spread, strict=True):
            size = n + x + add
            if (new and size < 3) or x + add > cap(mode, n) or (locked and add):
                fits = False
                break
            if size >= 7:
                canastas += 1
                natural_canastas += x + add == 0
        if fits and canastas >= q and natural_canastas >= need_natural:
            return True
    return False


class Faces:
    """Hands out card faces so no face is used more often than a two-deck pack holds it."""

    def __init__(self) -> None:
        self.used: dict[str, int] = {}

    def natural(self, rank: str) -> str:
        i = self.used.get(rank, 0)
        self.used[rank] = i + 1
        return rank + SUITS[i % 4]

    def black(self) -> str:
        i = self.used.get("3", 0)
        self.used["3"] = i + 1
        return "3c" if i % 2 == 0 else "3s"

    def wild(self) -> str:
        i = self.used.get("2", 0)
        if i < 8:
            self.used["2"] = i + 1
            return "2" + SUITS[i % 4]
        self.used["JK"] = self.used.get("JK", 0) + 1
        return "JK"


@st.composite
def positions(draw):
    q = draw(st.sampled_from([1, 2]))
    clean = draw(st.sampled_from(["NONE", "ONE", "BOTH"]))
    nowild3 = draw(st.booleans())
    mode = draw(st.sampled_from(MODES))
    tokens = []
    for rank in RANKS:
        weights = [0, 0, 0, 0, 1, 2] if rank == "7" else [0, 0, 0, 1, 1, 2, 3]
        tokens += [rank] * draw(st.sampled_from(weights))
    tokens += ["2"] * draw(st.integers(0, 3))
    tokens += ["JK"] * draw(st.sampled_from([0, 0, 1, 2]))
    tokens += ["3"] * draw(st.sampled_from([0, 0, 0, 1, 2, 3, 4]))
    tokens = list(draw(st.permutations(tokens)))[:8] or ["K"]
    # a lone natural can go only to a meld: give its rank one more often than not
    often, even = [True, True, True, False], [True, False]
    meld_ranks = [
        rank
        for rank in RANKS[:4]
        if draw(st.sampled_from(often if tokens.count(rank) == 1 else even))
    ]
    melds = []
    wild_budget = 12 - sum(1 for t in tokens if t in ("2", "JK"))
    for rank in meld_ranks:
        held = tokens.count(rank)
        n = min(draw(st.sampled_from([2, 3, 4, 5, 5, 6, 6, 7, 7])), 8 - held)
        if n == 2 and wild_budget == 0:
            n = 3
        low = 1 if n == 2 else 0  # C-MELD-1: 3 cards at least
        x = draw(st.integers(low, max(low, min(cap(mode, n), wild_budget))))
        wild_budget -= x
        melds.append((rank, n, x))
    # O-WILD-MELDS, a third of the time, with or without a wild-card meld on the table
    wild_melds = draw(st.sampled_from([False, False, True]))
    wild_meld = None
    if wild_melds and wild_budget >= 3:
        wild_meld = draw(st.sampled_from([None, 3, 4, 5, 6, 7]))
        if wild_meld is not None and wild_meld > wild_budget:
            wild_meld = None
    conflict = draw(st.sampled_from(["C", "C", "C", "A"]))  # O-PILE-CONFLICT
    return q, clean, nowild3, mode, tokens, melds, (wild_melds, wild_meld), "classic-4", conflict


@st.composite
def samba_positions(draw):
    """SAM-12, SAM-13, SAM-15 positions: melded ranks with up to seven of them in hand, so a
    new group beside a canasta or a group at its cap of two wild cards is often the way out."""
    q = draw(st.sampled_from([1, 2]))
    clean = draw(st.sampled_from(["NONE", "NONE", "ONE"]))
    nowild3 = draw(st.booleans())
    meld_ranks = [rank for rank in RANKS[:4] if draw(st.booleans())]
    tokens = []
    for rank in RANKS:
        weights = [0, 2, 2, 3, 5, 7] if rank in meld_ranks else [0, 0, 0, 2, 3]
        tokens += [rank] * draw(st.sampled_from(weights))
    tokens += ["2"] * draw(st.integers(0, 2))
    tokens += ["JK"] * draw(st.sampled_from([0, 0, 1, 2]))
    tokens += ["3"] * draw(st.sampled_from([0, 0, 0, 1, 3]))
    tokens = list(draw(st.permutations(tokens)))[:10] or ["K"]
    melds = []
    for rank in meld_ranks:
        n = min(draw(st.sampled_from([2, 3, 4, 5, 5, 6, 7, 7, 8])), 12 - tokens.count(rank))
        x = draw(st.integers(1 if n == 2 else 0, 2))  # C-MELD-1, SAM-13
        melds.append((rank, n, x))
    return q, clean, nowild3, "MAX2", tokens, melds, (False, None), "samba"


def build(
    q, clean, nowild3, mode, tokens, melds, wild=(False, None), name="classic-4", conflict="C"
):
    options = {} if name == "samba" else {"meld_wild": mode, "wild_melds": wild[0]}
    if conflict == "A":  # (it matters only with these two, RULES.md)
        options.update(pile_conflict="A", pile_nocanadd=True, pile_2nat=False)
    rules = preset(name, go_out_canastas=q, go_out_clean=clean, out_nowild3=nowild3, **options)
    faces = Faces()
    hand_jokers = [t for t in tokens if t == "JK"]
    hand = [faces.black() if t == "3" else faces.natural(t) for t in tokens if t not in ("2", "JK")]
    hand += [faces.wild() for t in tokens if t == "2"] + hand_jokers
    faces.used["JK"] = len(hand_jokers)
    meld_texts = [
        " ".join([faces.natural(rank) for _ in range(n)] + [faces.wild() for _ in range(x)])
        for rank, n, x in melds
    ]
    if wild[1] is not None:
        meld_texts.append(" ".join(faces.wild() for _ in range(wild[1])))
    state = state_from_setup(
        rules,
        [" ".join(hand), "", "", ""],
        melds={0: meld_texts} if meld_texts else None,
        phase=Phase.PLAY,
    )
    naturals = {t: tokens.count(t) for t in tokens if t not in ("2", "JK", "3")}
    wilds = sum(1 for t in tokens if t in ("2", "JK"))
    blacks = tokens.count("3")
    return state, (naturals, wilds, blacks)


def check(
    q, clean, nowild3, mode, tokens, melds, wild=(False, None), name="classic-4", conflict="C"
):
    state, hand = build(q, clean, nowild3, mode, tokens, melds, wild, name, conflict)
    beside = "samba" if name == "samba" else conflict if conflict == "A" else ""
    expected = brute_force(hand, melds, q, clean, nowild3, mode, wild, beside)
    got = can_go_out(state)
    assert got == expected, (q, clean, nowild3, mode, tokens, melds, wild, name, conflict)
    return got


@settings(max_examples=400, deadline=None)
@given(positions())
# a 9 meld of 4 and a K meld of 3, N holds 9 9 K: no canasta reachable.
@example((1, "NONE", False, "MAX3", ["9", "9", "K"], [("9", 4, 0), ("K", 3, 0)]))
# ... with a 9 meld of 5 the 9s complete a canasta and K is discarded.
@example((1, "NONE", False, "MAX3", ["9", "9", "K"], [("9", 5, 0), ("K", 3, 0)]))
# black threes melded, Q discarded, with a canasta on the table.
@example((1, "NONE", False, "MAX3", ["3", "3", "3", "K"], [("A", 7, 0)]))
@example((1, "NONE", True, "MAX3", ["3", "3", "3", "2"], [("A", 7, 0)]))
@example((1, "NONE", True, "MAX3", ["3", "3", "3", "2"], [("K", 4, 3)]))
@example((1, "NONE", False, "MAX3", ["3", "3", "3", "2"], [("K", 4, 3)]))
@example((1, "NONE", True, "MAX3", ["A", "A", "A", "3"], [("K", 4, 3)]))
@example((2, "BOTH", False, "MAX3", ["K"], [("A", 7, 0), ("9", 6, 1)]))
@example((2, "ONE", False, "MAX3", ["K"], [("A", 7, 0), ("9", 6, 1)]))
@example((1, "NONE", False, "MAX3", ["2", "K"], [("K", 5, 0)], (True, 5)))
@example((1, "NONE", False, "MAX3", ["2", "K"], [("K", 5, 0)], (True, 6)))
@example((1, "ONE", False, "MAX3", ["K"], [("A", 6, 1)]))
@example((2, "BOTH", False, "MAX3", ["K", "K"], [("A", 7, 0), ("K", 5, 0)]))
def test_can_go_out_matches_brute_force(position):
    check(*position)


def test_examples_have_the_expected_answers():
    assert not check(1, "NONE", False, "MAX3", ["9", "9", "K"], [("9", 4, 0), ("K", 3, 0)])
    assert check(1, "NONE", False, "MAX3", ["9", "9", "K"], [("9", 5, 0), ("K", 3, 0)])
    assert check(1, "NONE", False, "MAX3", ["3", "3", "3", "K"], [("A", 7, 0)])
    # O-OUT-NOWILD3: the final discard may not be the wild card, and it cannot be melded alone
    # ... the K canasta is full of wild cards, so the 2 can only be the final discard
    assert not check(1, "NONE", True, "MAX3", ["3", "3", "3", "2"], [("K", 4, 3)])
    assert check(1, "NONE", False, "MAX3", ["3", "3", "3", "2"], [("K", 4, 3)])
    assert not check(1, "NONE", True, "MAX3", ["A", "A", "A", "3"], [("K", 4, 3)])
    assert check(1, "NONE", False, "MAX3", ["A", "A", "A", "3"], [("K", 4, 3)])
    # O-OUT-CLEAN with Q=2: BOTH needs two natural canastas, ONE is content with one
    assert not check(2, "BOTH", False, "MAX3", ["K"], [("A", 7, 0), ("9", 6, 1)])
    assert check(2, "ONE", False, "MAX3", ["K"], [("A", 7, 0), ("9", 6, 1)])
    assert check(1, "NONE", True, "MAX3", ["3", "3", "3", "2"], [("A", 7, 0)])  # 2 to the As
    # O-OUT-CLEAN=ONE: the only canasta is mixed
    assert not check(1, "ONE", False, "MAX3", ["K"], [("A", 6, 1)])
    assert check(1, "NONE", False, "MAX3", ["K"], [("A", 6, 1)])
    # O-OUT-Q=2 with BOTH: two natural canastas after adding the Ks
    assert check(2, "BOTH", False, "MAX3", ["K", "K"], [("A", 7, 0), ("K", 5, 0)])
    assert not check(2, "BOTH", False, "MAX3", ["K", "2"], [("A", 7, 0), ("K", 5, 0)])
    # a wild card completes a canasta only within the cap (MAX2: the 4 naturals take 2)
    assert check(1, "NONE", False, "MAX3", ["2", "2", "2", "Q"], [("K", 4, 0)])
    assert not check(1, "NONE", False, "MAX2", ["2", "2", "2", "Q"], [("K", 4, 0)])
    # a closed side can go out concealed with a whole canasta from hand
    assert check(1, "NONE", False, "MAX3", ["K"] * 4 + ["2", "2", "2", "A"], [])
    assert not check(1, "NONE", False, "MAX3", ["K"] * 3 + ["2", "2", "2", "A"], [])
    assert not check(1, "NONE", False, "MAX2", ["K"] * 4 + ["2", "2", "2", "A"], [])
    # O-WILD-MELDS: a wild canasta counts; an incomplete wild meld keeps wild cards to itself
    assert check(1, "NONE", False, "MAX3", ["2", "JK", "K"], [], (True, 5))
    assert not check(1, "NONE", False, "MAX3", ["2", "K"], [("K", 5, 0)], (True, 5))
    assert check(1, "NONE", False, "MAX3", ["2", "K"], [("K", 5, 0)], (True, None))
    assert check(1, "NONE", False, "MAX3", ["2", "K"], [("K", 5, 0)], (True, 6))
    assert check(1, "NONE", False, "MAX3", ["2", "K"], [("K", 5, 0)], (True, 7))
    assert check(1, "NONE", False, "MAX3", ["2", "2", "JK", "K"], [("A", 7, 0)], (True, None))


def samba(q, tokens, melds):
    """A ``samba_positions`` position: Samba's rules (O-OUT-CLEAN off, wild cards allowed as
    the final discard), ``q`` canastas to go out."""
    return q, "NONE", False, "MAX2", tokens, melds, (False, None), "samba"


#: SAM-12 ways out that need a new group of a melded rank (q, hand tokens, the side's melds).
SECOND_GROUP_OUTS = [
    (2, ["K"] * 5 + ["2", "JK", "9"], [("K", 7, 0)]),  # a second canasta beside one (SAM-15)
    (1, ["K", "K", "2", "9"], [("K", 7, 0)]),  # a place for the wild card (SAM-15)
    (1, ["K", "K", "2", "9"], [("K", 3, 2), ("A", 7, 0)]),  # beside a group at its cap (SAM-13)
    (2, ["K"] * 7 + ["9"], [("K", 7, 0)]),  # seven naturals, no wild card
    (2, ["K"] * 5 + ["2", "JK", "3", "3", "3", "9"], [("K", 7, 0)]),  # black threes, C-B3-2
]


@settings(max_examples=300, deadline=None)
@given(samba_positions())
@example(samba(*SECOND_GROUP_OUTS[0]))
@example(samba(*SECOND_GROUP_OUTS[2]))
@example(samba(*SECOND_GROUP_OUTS[3]))
def test_samba_can_go_out_matches_brute_force(position):
    """SAM-12, SAM-13, SAM-15: under Samba a new group of a rank the side has melded is one
    more way out (the search of ``going_out._second_groups``), checked against the search
    written from the rules."""
    check(*position)


def test_a_new_group_beside_a_canasta_is_a_way_out_o_pile_conflict_a():
    """O-PILE-CONFLICT=A: one open group may be started beside a rank's completed canasta;
    the canasta of kings holds its three wild cards (C-MELD-3), so two kings and a wild card
    go out only as such a group. Under the default (C) there is no way out."""
    position = (1, "NONE", False, "MAX3", ["K", "K", "2", "9"], [("K", 4, 3)], (False, None))
    assert check(*position, "classic-4", "A")
    assert not check(*position, "classic-4", "C")


def test_a_second_group_of_a_melded_rank_is_a_way_out_sam_12():
    """SAM-12 with SAM-15 and SAM-13: each way out here needs a new group beside the side's
    group of kings (a canasta takes no wild card; a group at two wild cards takes none); one
    king fewer and there is none."""
    for q, tokens, melds in SECOND_GROUP_OUTS:
        assert check(*samba(q, tokens, melds))
    assert not check(*samba(2, ["K"] * 4 + ["2", "JK", "9"], [("K", 7, 0)]))
    assert not check(*samba(2, ["K"] * 6 + ["9"], [("K", 7, 0)]))
    assert not check(*samba(1, ["K", "2", "9"], [("K", 7, 0)]))


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["classic-4", "samba", "cuban", "italian", "bolivia"]),
    st.lists(
        st.tuples(st.integers(1, 9), st.integers(0, 4), st.integers(0, 2), st.booleans()),
        max_size=6,
    ),
    st.tuples(st.integers(-1, 3), st.integers(-1, 2), st.integers(-1, 1)),
)
def test_the_spread_without_wild_cards_matches_the_programme(name, melds, needs):
    """C-OUT-1, C-MELD-1, C-MELD-3, CUB-4, IT-20: the one-pass count used when no wild card
    is left to place answers as the dynamic programme does with none."""
    rules = preset(name)
    entries = [[nat, wild, nat + wild, least, int(locked)] for nat, wild, least, locked in melds]
    caps = (max(needs[0], 0), max(needs[1], 0), max(needs[2], 0))
    expected = going_out._spread_dp(rules, [list(e) for e in entries], 0, caps)
    assert going_out._spread(rules, entries, 0, needs) == expected


@pytest.mark.parametrize(
    "name", ["classic-4", "samba", "brazilian", "bolivia", "chilean", "cuban", "italian"]
)
def test_the_pairs_cut_changes_no_answer(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """C-MELD-1, C-MELD-2, C-OUT-1: the cut of more unmelded pairs than wild cards
    (``_pairs_short``) answers no only where the search without it says no too, along random
    self-play of each variant (every play position, as if the partner said yes)."""
    cut = 0
    for state in random_play_positions(preset(name), f"pairs:{name}"):
        fast = can_go_out(state, asking=True)
        with monkeypatch.context() as patched:
            patched.setattr(going_out, "_pairs_short", lambda *_args: False)
            slow = can_go_out(state, asking=True)
        assert fast == slow, f"{name} turn {state.turn}"
        cut += going_out._pairs_short(*_pairs_inputs(state))
    assert cut > 0


def _pairs_inputs(state):  # type: ignore[no-untyped-def]
    """``_pairs_short``'s arguments for the player to act (the hand as dealt, no sequence)."""
    naturals, wilds, _ = going_out._counts(state.hands[state.current])
    return naturals, wilds, going_out.group_keys(state.melds[state.side_of(state.current)])


@pytest.mark.parametrize(("q", "tokens", "melds"), SECOND_GROUP_OUTS)
def test_the_cheap_cuts_let_a_second_group_through_sam_12(q, tokens, melds):
    """SAM-12: ``surely_stuck``, ``within_reach`` and ``_canastas_in_reach`` answer no before
    the search; where only a new group of a melded rank goes out (``can_go_out`` yes), none
    of them may say no. ``out_by_discard`` (a yes only) agrees once the group is laid."""
    state, _ = build(*samba(q, tokens, melds))
    assert can_go_out(state)
    hand = state.hands[0]
    groups = HandGroups(hand)
    assert not going_out.surely_stuck(groups.naturals, len(groups.blacks), state.melds[0])
    assert going_out.within_reach(state)
    naturals, wilds, _ = going_out._counts(hand)
    assert going_out._canastas_in_reach(state, 0, naturals, wilds, 0)
    kings = tuple(c for c in hand if face_text(c)[0] in "K2J")
    rest = tuple(c for c in hand if c not in kings)
    threes = (tuple(c for c in rest if face_text(c)[0] == "3"),) if len(rest) > 1 else ()
    after = apply(state, Meld(0, (kings, *threes)))[0]
    assert len(after.hands[0]) == 1
    assert going_out.out_by_discard(after) and can_go_out(after)
