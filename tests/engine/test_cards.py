"""Cards: RULES.md 1.1 (notation, N-CARD, N-DECK), 1.2 (classes) and 1.3 (point values).

Counts are taken from the card *text* (``face_text``), not from the engine's own rank tables,
so a wrong table and a wrong deck cannot hide each other.
"""

from __future__ import annotations

from collections import Counter

import pytest

from canasta_game.engine.cards import (
    IS_BLACK_THREE,
    IS_NATURAL,
    IS_RED_THREE,
    IS_WILD,
    VALUE_OF,
    build_deck,
    card_text,
    face_text,
    parse_card,
    parse_cards,
)

RANKS = "23456789TJQKA"
SUITS = "cdhs"
NATURAL_RANKS = "456789TJQKA"
ALL_FACES = [r + s for r in RANKS for s in SUITS] + ["JK"]


# --- notation --------------------------------------------------------------------------


@pytest.mark.parametrize("face", ALL_FACES)
def test_face_round_trip(face):
    uid = parse_card(face)
    assert face_text(uid) == face
    assert card_text(uid) == f"{face}#1"
    assert parse_card(card_text(uid)) == uid


def test_every_physical_card_round_trips():
    deck = build_deck(3, 6)
    for uid in deck:
        text = card_text(uid)
        face, _, copy = text.partition("#")
        assert face == face_text(uid)
        assert 1 <= int(copy) <= (6 if face == "JK" else 3)
        assert parse_card(text) == uid
    assert len({card_text(u) for u in deck}) == len(deck)


def test_copy_numbers_name_distinct_physical_cards():
    first, second, third = (parse_card(f"Kh#{n}") for n in (1, 2, 3))
    assert len({first, second, third}) == 3
    assert first == parse_card("Kh")
    assert {face_text(u) for u in (first, second, third)} == {"Kh"}
    assert [card_text(u) for u in (first, second, third)] == ["Kh#1", "Kh#2", "Kh#3"]
    assert card_text(parse_card("JK#4")) == "JK#4"
    assert card_text(parse_card("3d#2")) == "3d#2"


def test_parse_cards_gives_repeated_faces_successive_copies():
    cards = parse_cards("Kh Kh Ts Kh JK JK")
    assert [card_text(c) for c in cards] == ["Kh#1", "Kh#2", "Ts#1", "Kh#3", "JK#1", "JK#2"]
    assert len(set(cards)) == 6


def test_parse_cards_accepts_an_iterable_and_explicit_copies():
    cards = parse_cards(["Kh#2", "Kh", "Kh"])
    assert [card_text(c) for c in cards] == ["Kh#2", "Kh#1", "Kh#3"]
    assert parse_cards("") == []
    assert parse_cards("  9c   9c ") == [parse_card("9c#1"), parse_card("9c#2")]


def test_parse_cards_rejects_the_same_physical_card_twice():
    with pytest.raises(ValueError, match="Kh#1"):
        parse_cards("Kh Kh#1")
    with pytest.raises(ValueError, match="Qs#2"):
        parse_cards(["Qs#2", "Qs#2"])


@pytest.mark.parametrize(
    "text, shown",
    [
        ("Kx", "Kx"),
        ("1h", "1h"),
        ("K", "K"),
        ("Khh", "Khh"),
        ("", ""),
        ("10h", "10h"),
        ("XX", "XX"),
        ("Kh#0", "Kh#0"),
        ("Kh#17", "Kh#17"),  # HF-2: up to 16 copies (seven decks, 14 jokers)
        ("Kh#x", "x"),
    ],
)
def test_bad_card_text_raises_value_error_naming_it(text, shown):
    with pytest.raises(ValueError) as info:
        parse_card(text)
    assert shown in str(info.value)


def test_bad_text_inside_a_list_is_reported():
    with pytest.raises(ValueError, match="Zz"):
        parse_cards("Kh Zz 9c")


# --- decks (N-DECK-1, N-DECK-2, O-DECK-JOKERS) ------------------------------------------


@pytest.mark.parametrize(
    "decks, jokers, size", [(2, 4, 108), (3, 6, 162), (2, 6, 110), (2, 0, 104), (2, 2, 106)]
)
def test_deck_sizes(decks, jokers, size):
    deck = build_deck(decks, jokers)
    assert len(deck) == size
    assert len(set(deck)) == size  # N-CARD-2: every physical card has its own id
    faces = Counter(face_text(c) for c in deck)
    assert faces["JK"] == jokers
    for face in ALL_FACES[:-1]:
        assert faces[face] == decks, face


def _composition(deck):
    faces = [face_text(c) for c in deck]
    per_rank = Counter(f[0] for f in faces if f != "JK")
    return {
        "naturals": {r: per_rank[r] for r in NATURAL_RANKS},
        "twos": per_rank["2"],
        "jokers": faces.count("JK"),
        "red3": sum(1 for f in faces if f in ("3d", "3h")),
        "black3": sum(1 for f in faces if f in ("3c", "3s")),
    }


def test_two_deck_composition_n_deck_1():
    comp = _composition(build_deck(2, 4))
    assert comp["naturals"] == dict.fromkeys(NATURAL_RANKS, 8)
    assert (comp["twos"], comp["jokers"], comp["red3"], comp["black3"]) == (8, 4, 4, 4)


def test_three_deck_composition_n_deck_2():
    comp = _composition(build_deck(3, 6))
    assert comp["naturals"] == dict.fromkeys(NATURAL_RANKS, 12)
    assert (comp["twos"], comp["jokers"], comp["red3"], comp["black3"]) == (12, 6, 6, 6)


# --- classes (1.2) and values (1.3) -----------------------------------------------------

EXPECTED_VALUE = {
    "JK": 50,
    "2": 20,
    "A": 20,
    **dict.fromkeys("KQJT98", 10),
    **dict.fromkeys("7654", 5),
}


def test_classes_and_values_of_every_card():
    for uid in build_deck(3, 6):
        face = face_text(uid)
        rank = "JK" if face == "JK" else face[0]
        red3 = face in ("3d", "3h")
        black3 = face in ("3c", "3s")
        assert IS_WILD[uid] == (rank in ("2", "JK")), face  # N-CLS-1
        assert IS_NATURAL[uid] == (rank in NATURAL_RANKS), face  # N-CLS-2
        assert IS_RED_THREE[uid] == red3, face  # N-CLS-3
        assert IS_BLACK_THREE[uid] == black3, face  # N-CLS-4
        if black3:
            assert VALUE_OF[uid] == 5, face  # black 3 counts 5
        elif not red3:  # the red three has no card value, only a bonus (C-SCORE-5)
            assert VALUE_OF[uid] == EXPECTED_VALUE[rank], face


def test_value_table_examples():
    assert [VALUE_OF[c] for c in parse_cards("JK 2c Ah Kd Qs Jc Th 9d 8s 7c 6h 5d 4s 3c 3s")] == [
        50, 20, 20, 10, 10, 10, 10, 10, 10, 5, 5, 5, 5, 5, 5,
    ]  # fmt: skip


def test_classes_split_the_pack():
    deck = build_deck(2, 4)
    wild = sum(IS_WILD[c] for c in deck)
    natural = sum(IS_NATURAL[c] for c in deck)
    red = sum(IS_RED_THREE[c] for c in deck)
    black = sum(IS_BLACK_THREE[c] for c in deck)
    assert (wild, natural, red, black) == (12, 88, 4, 4)
    assert wild + natural + red + black == 108
