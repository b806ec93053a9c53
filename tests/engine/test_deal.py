"""Dealing a hand: C-DEAL-5 (one at a time from the dealer's left), C-UP-1..4 (the upcard),
C-R3-2 (red threes laid out and replaced in turn order), C-DEAL-7 (that order), C-TURN-1.

The deal is re-enacted here from the seeded shuffle (``random.Random(seed).shuffle`` of the
pack in ``build_deck`` order, whose first card is the top of the pack) by following the rules
step by step; the engine's state must match it card for card.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from canasta_game.engine import TakePile, new_hand, preset, why_illegal
from canasta_game.engine.cards import build_deck, face_text
from canasta_game.engine.rules import PRESETS
from canasta_game.engine.state import DrawKind, Phase


def is_wild(c):
    return face_text(c) == "JK" or face_text(c)[0] == "2"


def is_red3(c):
    return face_text(c) in ("3d", "3h")


def is_black3(c):
    return face_text(c) in ("3c", "3s")


def reenact(rules, seed, dealer):
    cards = build_deck(rules.decks, rules.jokers, rules.calientes)  # CAL-1: and the Calientes
    random.Random(seed).shuffle(cards)
    players = rules.players
    hands: list[list[int]] = [[] for _ in range(players)]
    dealt = players * rules.deal_size
    for i in range(dealt):  # C-DEAL-5: one at a time, clockwise, from the dealer's left
        hands[(dealer + 1 + i) % players].append(cards[i])
    stock = cards[dealt:]  # top first here
    feet: list[list[int]] = [[] for _ in range(players)]
    for i in range(players * rules.foot_size):  # HF-3: then the feet, the same way
        feet[(dealer + 1 + i) % players].append(stock.pop(0))
    pile = []
    while rules.upcard != "NONE":  # C-UP-1/C-UP-2 (MAC-5: no upcard at all)
        card = stock.pop(0)
        if rules.upcard_return and (is_wild(card) or is_red3(card)):
            stock.append(card)  # HF-5: back into the stock (its bottom), turn another
            continue
        pile.append(card)
        if not (is_wild(card) or is_red3(card)):
            break
    frozen = any(is_wild(c) or is_red3(c) for c in pile)  # C-UP-3
    bonus: list[list[int]] = [[] for _ in range(rules.sides)]
    for step in range(players):  # C-R3-2: in turn order from the dealer's left
        seat = (dealer + 1 + step) % players
        kept: list[int] = []
        while True:  # MAC-6: every three is a bonus card
            threes = [c for c in hands[seat] if rules.is_bonus_three(c) and c not in kept]
            if rules.keep_three and threes and not kept:
                kept.append(threes.pop(0))  # MAC-7: the first three stays for a Straight
            if not threes:
                break
            hands[seat] = [c for c in hands[seat] if c not in threes]
            bonus[rules.seat_side[seat]].extend(threes)
            for _ in threes:
                hands[seat].append(stock.pop(0))
    return {
        "dealt": cards[:dealt],
        "hands": hands,
        "stock": stock,
        "pile": pile,
        "frozen": frozen,
        "bonus": bonus,
        "feet": feet,
    }


CASES = [
    (name, seed, dealer)
    for name in sorted(PRESETS)
    if not PRESETS[name].r3_before_upcard  # IT-3/IT-4 deal: test_variant_italian.py
    for seed in range(8)
    for dealer in range(PRESETS[name].players)
    if (seed + dealer) % 2 == 0
]


@pytest.mark.parametrize("name, seed, dealer", CASES)
def test_deal_matches_the_rules(name, seed, dealer):
    rules = preset(name)
    state = new_hand(rules, f"deal:{seed}", dealer)
    want = reenact(rules, f"deal:{seed}", dealer)
    players = rules.players
    for seat in range(players):
        assert sorted(state.hands[seat]) == sorted(want["hands"][seat]), seat
        assert len(state.hands[seat]) == rules.deal_size  # D cards each
        kept = [c for c in state.hands[seat] if rules.is_bonus_three(c)]
        assert len(kept) <= (1 if rules.keep_three else 0)  # C-R3-1; MAC-7 keeps one at most
    assert [list(f) for f in state.feet] == (want["feet"] if rules.foot_size else [])
    assert list(reversed(state.stock)) == want["stock"]  # the state keeps the top last
    assert list(state.pile) == want["pile"]
    assert state.pile_frozen == want["frozen"]
    for side in range(rules.sides):
        assert sorted(state.bonus_threes[side]) == sorted(want["bonus"][side])
    # C-TURN-1: the player on the dealer's left begins, with a draw
    assert state.dealer == dealer
    assert state.current == (dealer + 1) % players
    assert state.phase is Phase.DRAW and state.turn == 0 and state.drew is DrawKind.NONE
    assert state.end is None


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_card_is_somewhere_once(name):
    rules = preset(name)
    for seed in range(5):
        state = new_hand(rules, seed, seed % rules.players)
        seen = Counter(state.stock) + Counter(state.pile)
        for hand in state.hands:
            seen += Counter(hand)
        for threes in state.bonus_threes:
            seen += Counter(threes)
        for foot in state.feet:  # HF-3
            seen += Counter(foot)
        assert seen == Counter(build_deck(rules.decks, rules.jokers, rules.calientes))
        red = sum(len(b) for b in state.bonus_threes)
        turned = len(state.pile)  # the upcard and the cards it covered (none under MAC-5)
        dealt = rules.players * (rules.deal_size + rules.foot_size)
        assert len(state.stock) == rules.deck_size() - dealt - turned - red


def test_dealt_cards_go_round_the_table_one_at_a_time():
    rules = preset("classic-4")
    for dealer in range(4):
        state = new_hand(rules, "round", dealer)
        want = reenact(rules, "round", dealer)
        for i, card in enumerate(want["dealt"]):
            seat = (dealer + 1 + i) % 4
            if not is_red3(card):
                assert card in state.hands[seat], (dealer, i)


def _find(rules, predicate, seeds=400):
    for seed in range(seeds):
        state = new_hand(rules, f"find:{seed}", seed % rules.players)
        if predicate(state):
            return state
    pytest.fail("no seed shows the situation")


def test_upcard_covered_when_wild_or_red_three_c_up_2():
    rules = preset("classic-4")
    state = _find(rules, lambda s: len(s.pile) > 1)
    assert all(is_wild(c) or is_red3(c) for c in state.pile[:-1])
    assert not is_wild(state.pile[-1]) and not is_red3(state.pile[-1])
    assert state.pile_frozen  # C-UP-3
    state = _find(rules, lambda s: len(s.pile) == 1)
    assert not state.pile_frozen


def test_red_three_upcard_stays_in_the_pile():
    rules = preset("classic-4")
    state = _find(rules, lambda s: any(is_red3(c) for c in s.pile))
    assert state.pile_frozen
    assert all(not any(c in b for b in state.bonus_threes) for c in state.pile)


def test_black_three_upcard_ends_the_procedure_c_up_4():
    rules = preset("classic-4")
    state = _find(rules, lambda s: is_black3(s.pile[-1]))
    seat = state.current
    hand = state.hands[seat]
    why = why_illegal(state, TakePile(seat, tuple(hand[:2])))
    assert why is not None and why.rule == "C-UP-4"  # nobody has discarded it
    # O-UPCARD=COVER_ANY3_WILD turns another card onto the black three
    covered = new_hand(preset("classic-4", upcard="COVER_ANY3_WILD"), state.seed, state.dealer)
    assert covered.pile[: len(state.pile)] == state.pile
    assert len(covered.pile) > len(state.pile)
    assert face_text(covered.pile[-1])[0] in "456789TJQKA"


def test_red_threes_are_laid_out_and_replaced_c_r3_2():
    rules = preset("classic-4")
    state = _find(rules, lambda s: sum(len(b) for b in s.bonus_threes) >= 2)
    for side, threes in enumerate(state.bonus_threes):
        assert all(is_red3(c) for c in threes)
        seats = rules.side_seats[side]
        assert all(len(state.hands[s]) == 11 for s in seats)


def test_same_seed_same_deal_and_different_seeds_differ():
    for name in ("classic-2", "classic-4", "classic-6"):
        rules = preset(name)
        assert new_hand(rules, 123, 1) == new_hand(rules, 123, 1)
        assert new_hand(rules, "x", 0) == new_hand(rules, "x", 0)
        deals = {tuple(new_hand(rules, seed, 0).hands) for seed in range(20)}
        assert len(deals) == 20
        assert new_hand(rules, 5, 0).stock != new_hand(rules, 6, 0).stock


def test_dealer_must_be_a_seat():
    with pytest.raises(ValueError):
        new_hand(preset("classic-4"), 1, dealer=4)
    with pytest.raises(ValueError):
        new_hand(preset("classic-4"), 1, dealer=-1)
