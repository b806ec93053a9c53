"""``observe``: a seat sees its own hand, the table, the pile (every card of it was seen face up)
and the cards another player is known to hold because they were picked up with the pile; never
the stock or the rest of another hand.

Which cards are "known" is tracked here independently of the engine: whenever a seat takes the
pile, every card below the top card (red threes excepted, C-UP-5) becomes known in its hand.
"""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pytest

import canasta_game
from canasta_game.engine import (
    Discard,
    Meld,
    Phase,
    PlayerView,
    TakePile,
    apply,
    new_hand,
    observe,
    preset,
    state_from_setup,
)
from canasta_game.engine.cards import IS_RED_THREE, RANK_OF, VALUE_OF, face_text
from canasta_game.engine.state import DrawKind, Question
from canasta_game.engine.turn import pile_block
from canasta_game.sim.policies import greedy_policy, random_policy


def pick(state, seat, text):
    out: list[int] = []
    for face in text.split():
        found = [c for c in state.hands[seat] if face_text(c) == face and c not in out]
        assert found, f"{face} is not in seat {seat}'s hand"
        out.append(found[0])
    return tuple(out)


def shown_cards(view: PlayerView) -> set[int]:
    """Every card a view names."""
    shown = set(view.hand)
    for known in view.known:
        shown.update(known)
    for side in view.melds:
        for meld in side:
            shown.update(meld.cards)
    for threes in view.bonus_threes:
        shown.update(threes)
    if view.pile_top is not None:
        shown.add(view.pile_top)
    shown.update(view.pile_cards)
    shown.update(card for _, card in view.discards)
    return shown


def check_view(state, seat, picked):
    view = observe(state, seat)
    players = state.rules.players
    hidden = set(state.stock)
    for other in range(players):
        if other != seat:
            hidden.update(c for c in state.hands[other] if c not in picked[other])
    leaked = shown_cards(view) & hidden
    assert not leaked, f"seat {seat} sees {sorted(face_text(c) for c in leaked)}"
    assert view.hand == state.hands[seat]
    assert view.hand_sizes == tuple(len(h) for h in state.hands)
    assert view.stock_size == len(state.stock)
    assert view.pile_size == len(state.pile)
    assert view.pile_top == (state.pile[-1] if state.pile else None)
    for other in range(players):
        expected = (
            set(state.hands[other]) if other == seat else picked[other] & set(state.hands[other])
        )
        assert set(view.known[other]) == expected, (seat, other)
        assert len(view.known[other]) == len(expected)


def test_view_has_no_field_for_hidden_cards():
    names = {f.name for f in dataclasses.fields(PlayerView)}
    assert not names & {"stock", "hands", "pile", "picked", "seed"}
    view = observe(new_hand(preset("classic-4"), 3), 1)
    assert not hasattr(view, "stock") and not hasattr(view, "hands")


def _walk(rules, seed, make_policy, dealer=0):
    """Yield (state, picked) at every step; ``picked`` is tracked from the actions."""
    state = new_hand(rules, seed, dealer)
    policies = [make_policy(f"{seed}:{s}") for s in range(rules.players)]
    picked: list[set[int]] = [set() for _ in range(rules.players)]
    takes = 0
    steps = 0
    while True:
        yield state, picked
        if state.phase is Phase.OVER:
            break
        action = policies[state.actor](state)
        if isinstance(action, TakePile):
            takes += 1
            picked[action.seat].update(c for c in state.pile[:-1] if not IS_RED_THREE[c])
        state, _ = apply(state, action)
        steps += 1
        assert steps < 3000
    _walk.takes = takes  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["classic-4", "classic-6x2"])
@pytest.mark.parametrize("policy", [random_policy, greedy_policy], ids=["random", "greedy"])
def test_no_leaks_at_every_step(name, policy):
    rules = preset(name)
    total_takes = 0
    for hand in range(3):
        for state, picked in _walk(rules, f"obs:{name}:{hand}", policy, dealer=hand):
            for seat in range(rules.players):
                check_view(state, seat, picked)
        total_takes += _walk.takes  # type: ignore[attr-defined]
    if policy is greedy_policy:
        assert total_takes > 0  # the "known" cards were exercised


# --- a hand-made pickup -----------------------------------------------------------------


def test_picked_up_cards_are_known_until_melded_or_discarded():
    rules = preset("classic-4")
    state = state_from_setup(
        rules,
        ["9c 9h Qc Qd 4s 6d", "Kc Kd 5h", "Ac Ad 8h", "Tc Td Th"],
        melds={0: ["7c 7d 7h"]},
        pile="Qs 3h Jd 8c 9d",  # bottom first: the top card is 9d, a red three is inside
        stock="5c 5d 5s 6c 6h",
        current=0,
    )
    for seat in (1, 2, 3):
        assert observe(state, seat).known[0] == ()
    take = TakePile(0, pick(state, 0, "9c 9h"))
    state, _ = apply(state, take)
    qs, jd, c8 = pick(state, 0, "Qs Jd 8c")
    for seat in (1, 2, 3):
        view = observe(state, seat)
        assert set(view.known[0]) == {qs, jd, c8}  # not 4s 6d Qc Qd, and not the 3h
        assert len(view.hand_sizes) == 4 and view.hand_sizes[0] == 7
    assert len(state.bonus_threes[0]) == 1  # the 3h went to NS's area (C-UP-5)
    state, _ = apply(state, Meld(0, (pick(state, 0, "Qc Qd Qs"),)))
    for seat in (1, 2, 3):
        assert set(observe(state, seat).known[0]) == {jd, c8}
    state, _ = apply(state, Discard(0, jd))
    for seat in (1, 2, 3):
        assert set(observe(state, seat).known[0]) == {c8}
        assert observe(state, seat).pile_top == jd
    # the next player's hand is still unknown to everybody else
    assert observe(state, 0).known[1] == ()


# --- hidden cards do not matter to a seat ------------------------------------------------


def bot(view: PlayerView) -> tuple:
    """A toy player that reads only its view: what it would discard and what it believes."""
    hand = sorted(view.hand, key=lambda c: (VALUE_OF[c], RANK_OF[c], c))
    discard = hand[0] if hand else None
    top_rank = RANK_OF[view.pile_top] if view.pile_top is not None else None
    pair = sum(1 for c in view.hand if RANK_OF[c] == top_rank) >= 2
    unseen = 108 - len(shown_cards(view))
    return discard, pair, unseen, view.stock_size, view.hand_sizes, view.known, view.minimums


def _permute_hidden(state, seat, rng):
    hidden_slots: list[tuple[str, int, int]] = []
    for other, hand in enumerate(state.hands):
        if other == seat:
            continue
        for i, card in enumerate(hand):
            if card not in state.picked[other]:
                hidden_slots.append(("hand", other, i))
    hidden_slots += [("stock", 0, i) for i in range(len(state.stock))]
    hands = [list(h) for h in state.hands]
    stock = list(state.stock)
    cards = [hands[o][i] if kind == "hand" else stock[i] for kind, o, i in hidden_slots]
    rng.shuffle(cards)
    for (kind, other, i), card in zip(hidden_slots, cards, strict=True):
        if kind == "hand":
            hands[other][i] = card
        else:
            stock[i] = card
    return dataclasses.replace(state, hands=tuple(tuple(h) for h in hands), stock=tuple(stock))


@pytest.mark.parametrize("name", ["classic-4", "classic-6x2"])
def test_views_ignore_a_permutation_of_hidden_cards(name):
    rules = preset(name)
    rng = random.Random(f"perm:{name}")
    changed = 0
    for hand in range(2):
        for step, (state, _) in enumerate(_walk(rules, f"perm:{name}:{hand}", greedy_policy)):
            if step % 3:
                continue
            for seat in range(rules.players):
                other = _permute_hidden(state, seat, rng)
                changed += other.hands != state.hands or other.stock != state.stock
                view = observe(state, seat)
                assert observe(other, seat) == view
                assert bot(observe(other, seat)) == bot(view)
    assert changed > 50  # the permutations really moved cards


def test_a_seat_does_see_its_own_hand_change():
    rules = preset("classic-4")
    state = new_hand(rules, 11)
    hands = list(state.hands)
    hands[0], hands[1] = hands[1], hands[0]
    swapped = dataclasses.replace(state, hands=tuple(hands))
    assert observe(swapped, 0) != observe(state, 0)
    assert bot(observe(swapped, 0)) != bot(observe(state, 0)) or hands[0] == hands[1]


def _eager_view(state, seat) -> PlayerView:
    """The view as the constructor makes it, every field worked out at once (the reference
    for the fields ``observe`` leaves to first reading)."""
    rules = state.rules
    side = rules.seat_side[seat]
    mine = state.current == seat and state.phase is not Phase.OVER
    ours = rules.seat_side[state.current] == side
    known = tuple(
        state.hands[s] if s == seat else tuple(c for c in state.hands[s] if c in state.picked[s])
        for s in range(rules.players)
    )
    end = state.end
    return PlayerView(
        seat=seat, rules=rules, phase=state.phase, current=state.current, actor=state.actor,
        dealer=state.dealer, turn=state.turn, hand=state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        foot_sizes=tuple(len(f) for f in state.feet) if state.feet else (0,) * rules.players,
        deal=state.deal, known=known, melds=state.melds, bonus_threes=state.bonus_threes,
        pile_top=state.pile[-1] if state.pile else None, pile_size=len(state.pile),
        pile_cards=state.pile[state.pile_hidden :], pile_packet=state.pile_hidden,
        discards=state.discards, pile_frozen=state.pile_frozen or rules.pile_frozen,
        pile_frozen_for_me=state.pile_frozen or rules.pile_frozen or not state.melds[side],
        pile_blocked=pile_block(state) is not None, pile_frozen_by_card=state.pile_frozen,
        stock_size=len(state.stock), scores=state.scores,
        minimums=tuple(rules.initial_minimum(s, state.deal)[0] for s in state.scores),
        drew=state.drew if mine else DrawKind.NONE,
        question=state.question if ours else Question.NONE,
        acaba_question=state.acaba_question if ours else Question.NONE,
        must_go_out=state.must_go_out if mine else False, end=end,
        calientes_played=state.calientes_played,
        special_cards=state.hands[end.seat] if end and end.special and end.seat is not None else (),
    )  # fmt: skip


@pytest.mark.parametrize("name", ["classic-4", "samba", "hand-and-foot", "modern-american"])
def test_fields_left_to_first_reading_read_as_the_constructor_makes_them(name):
    """Issue 16: ``observe`` fills the state's own values at once and works the others out on
    first reading; read in any order, every field equals
    the view built field by field, and so does the view as a whole (equality, hash)."""
    rules = preset(name)
    rng = random.Random(name)
    for state, _ in _walk(rules, f"lazy:{name}", random_policy):
        seat = rng.randrange(rules.players)
        view, expected = observe(state, seat), _eager_view(state, seat)
        names = [f.name for f in dataclasses.fields(PlayerView)]
        rng.shuffle(names)
        for field in names:
            assert getattr(view, field) == getattr(expected, field), field
        assert view == expected and hash(observe(state, seat)) == hash(expected)


def test_no_player_reads_the_state_a_view_keeps_for_its_lazy_fields():
    """Hidden information: a view keeps the whole observed state (``_state``, other hands
    included) only to work its fields out on first reading. Outside the engine nothing may
    read it, by attribute or by name; a class's own ``self._state`` is its own business."""
    package = Path(canasta_game.__file__).parent
    offences = []
    for path in sorted(package.rglob("*.py")):
        if path.parent.name == "engine":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            peeks = (
                isinstance(node, ast.Attribute)
                and node.attr == "_state"
                and not (isinstance(node.value, ast.Name) and node.value.id == "self")
            ) or (isinstance(node, ast.Constant) and node.value == "_state")
            if peeks:
                offences.append(f"{path.relative_to(package)}:{node.lineno}")
    assert offences == []
