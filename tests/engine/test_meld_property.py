"""Property test: ``classify`` against an independent reading of the meld rules.

The oracle below reads RULES.md directly and calls none of the engine's helpers:
- C-MELD-1: 3 or more cards of one natural rank (wild cards standing in), suits irrelevant.
- C-MELD-2: at least 2 natural cards.
- C-MELD-3 / O-MELD-WILD: MAX3 at most 3 wild; LE_NAT wild <= naturals (cap 3 still applies);
  LT_NAT naturals outnumber wild (the cap of 3 of C-MELD-3 is kept); MAX2 at most 2 wild;
  IT at most 2 wild and fewer wild than naturals (IT-13).
- C-MELD-4 / C-R3-1 / C-B3-1: threes never meld, except 3 or more black threes alone, no wild.
- O-WILD-MELDS: wild cards only (2s and JK mixed), at least 3 cards, only with the option on.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta_game.engine import Meld, Phase, preset, state_from_setup, why_illegal
from canasta_game.engine.cards import BLACK_THREE_KEY, WILD_KEY, build_deck, card_text, face_text
from canasta_game.engine.meldrules import classify

RANK_CHARS = "23456789TJQKA"
NATURALS = "456789TJQKA"
MODES = ("MAX3", "LE_NAT", "LT_NAT", "MAX2", "IT")
PACK = build_deck(2, 4)
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def oracle(faces: list[str], mode: str, wild_melds: bool) -> tuple[int, int, int] | None:
    """(key, naturals, wilds) of a legal new meld, or None when the cards are no meld."""
    wild = sum(1 for f in faces if f == "JK" or f[0] == "2")
    red = sum(1 for f in faces if f in ("3d", "3h"))
    black = sum(1 for f in faces if f in ("3c", "3s"))
    natural_ranks = Counter(f[0] for f in faces if f != "JK" and f[0] in NATURALS)
    naturals = sum(natural_ranks.values())
    if red:
        return None
    if black:
        if naturals or wild or black < 3:
            return None
        return (BLACK_THREE_KEY, black, 0)
    if naturals == 0:
        if wild_melds and wild >= 3:
            return (WILD_KEY, 0, wild)
        return None
    if len(natural_ranks) != 1 or naturals < 2 or naturals + wild < 3:
        return None
    allowed = {
        "MAX3": wild <= 3,
        "LE_NAT": wild <= 3 and wild <= naturals,
        "LT_NAT": wild <= 3 and wild < naturals,
        "MAX2": wild <= 2,
        "IT": wild <= 2 and wild < naturals,
    }[mode]
    if not allowed:
        return None
    rank = next(iter(natural_ranks))
    return (RANK_CHARS.index(rank), naturals, wild)


def test_oracle_reproduces_x03():
    table = {
        "5c 5d 2c": "LLLLL",
        "Qc Qd Qh": "LLLLL",
        "8c 8d 8h 2c 2d JK": "LLIII",
        "9c 9d 2c 2d 2h": "LIIII",
        "9c 9d 2c 2d JK": "LIIII",
        "Qc Qd 2c 2d": "LLILI",
        "4c 2c JK": "IIIII",
        "5c 2c 2d": "IIIII",
        "9c 9d 9h 2c 2d 2h JK": "IIIII",
        "3c 3s 2c": "IIIII",
    }
    for meld, expected in table.items():
        got = "".join("L" if oracle(meld.split(), m, False) else "I" for m in MODES)
        assert got == expected, meld


# --- strategies -------------------------------------------------------------------------

_BY_FACE: dict[str, list[int]] = {}
for _uid in PACK:
    _BY_FACE.setdefault(face_text(_uid), []).append(_uid)


def _cards_of(pred) -> list[int]:
    return [c for c in PACK if pred(face_text(c))]


@st.composite
def biased_cards(draw) -> list[int]:
    """Mostly one natural rank, with wild cards and threes mixed in at random weights."""
    main = draw(st.sampled_from(NATURALS))
    other = draw(st.sampled_from(NATURALS))
    pools = {
        "main": _cards_of(lambda f: f[0] == main and f != "JK"),
        "two": _cards_of(lambda f: f[0] == "2"),
        "joker": _cards_of(lambda f: f == "JK"),
        "black": _cards_of(lambda f: f in ("3c", "3s")),
        "red": _cards_of(lambda f: f in ("3d", "3h")),
        "other": _cards_of(lambda f: f[0] == other and f != "JK"),
    }
    weights = {k: draw(st.integers(0, 2)) for k in pools}
    weights["main"] = draw(st.integers(0, 5))
    weights["red"] = min(weights["red"], draw(st.integers(0, 1)))
    weights["other"] = min(weights["other"], draw(st.integers(0, 1)))
    kinds = [k for k, w in weights.items() for _ in range(w)] or ["main"]
    size = draw(st.integers(1, 9))
    out: list[int] = []
    for _ in range(size):
        kind = draw(st.sampled_from(kinds))
        free = [c for c in pools[kind] if c not in out]
        if free:
            out.append(free[0])
    return out or [pools["main"][0]]


@st.composite
def counted_cards(draw) -> list[int]:
    """Counts per class near the limits: naturals of one rank, 2s, jokers, threes."""
    main = draw(st.sampled_from(NATURALS))
    other = draw(st.sampled_from([r for r in NATURALS if r != main]))
    counts = [
        ("main", draw(st.integers(0, 8))),
        ("two", draw(st.integers(0, 4))),
        ("joker", draw(st.integers(0, 4))),
        ("black", draw(st.sampled_from([0, 0, 0, 0, 2, 3, 4]))),
        ("red", draw(st.sampled_from([0, 0, 0, 0, 0, 1]))),
        ("other", draw(st.sampled_from([0, 0, 0, 0, 0, 1]))),
    ]
    pools = {
        "main": _cards_of(lambda f: f[0] == main and f != "JK"),
        "two": _cards_of(lambda f: f[0] == "2"),
        "joker": _cards_of(lambda f: f == "JK"),
        "black": _cards_of(lambda f: f in ("3c", "3s")),
        "red": _cards_of(lambda f: f in ("3d", "3h")),
        "other": _cards_of(lambda f: f[0] == other and f != "JK"),
    }
    out = [c for kind, n in counts for c in pools[kind][:n]]
    out = draw(st.permutations(out))[:9] if out else []
    return out or [pools["two"][0]]


CARDS = st.one_of(
    biased_cards(),
    counted_cards(),
    counted_cards(),
    st.lists(st.sampled_from(PACK), min_size=1, max_size=9, unique=True),
)


# --- classify ---------------------------------------------------------------------------


@SETTINGS
@given(cards=CARDS)
def test_classify_agrees_with_the_rules(cards):
    faces = [face_text(c) for c in cards]
    for mode in MODES:
        for wild_melds in (False, True):
            rules = preset("classic-4", meld_wild=mode, wild_melds=wild_melds)
            expected = oracle(faces, mode, wild_melds)
            got = classify(rules, cards)
            if expected is None:
                assert not isinstance(got, tuple), (faces, mode, wild_melds, got)
            else:
                assert got == expected, (faces, mode, wild_melds, got)


# --- the same through why_illegal -------------------------------------------------------


def _position(cards: list[int], rules):
    """N (seat 0, side NS) has drawn; NS is open with a meld of a rank the cards lack, and N
    keeps two more cards of that rank after laying ``cards``."""
    used_ranks = {face_text(c)[0] for c in cards}
    rank = next(r for r in NATURALS if r not in used_ranks)
    meld = [f"{rank}c#1", f"{rank}d#1", f"{rank}h#1"]
    keep = [f"{rank}s#1", f"{rank}c#2"]
    hand = [card_text(c) for c in cards] + keep
    return state_from_setup(
        rules,
        [hand, [], [], []],
        melds={0: [" ".join(meld)]},
        phase=Phase.PLAY,
    )


@SETTINGS
@given(cards=CARDS)
def test_why_illegal_agrees_for_a_new_meld(cards):
    faces = [face_text(c) for c in cards]
    for mode in MODES:
        for wild_melds in (False, True):
            rules = preset("classic-4", meld_wild=mode, wild_melds=wild_melds)
            state = _position(cards, rules)
            expected = oracle(faces, mode, wild_melds)
            why = why_illegal(state, Meld(0, (tuple(cards),)))
            if expected is None:
                assert why is not None, (faces, mode, wild_melds)
            elif expected[0] == BLACK_THREE_KEY:
                # C-B3-2: a black-three meld is legal only when going out this turn, and NS
                # has no canasta (C-OUT-1), so N cannot go out.
                assert why is not None, (faces, mode, wild_melds)
            else:
                assert why is None, (faces, mode, wild_melds, str(why))
