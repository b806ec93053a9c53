"""Issue 16: the fast move lists (``engine.fastgen``) are exactly the general ones.

``legal_moves`` asks ``fastgen.play_moves`` (play phase) and ``fastgen.draw_moves`` (draw
phase) first; these tests walk seeded self-play (random
and greedy seats) and compare, position by position, its list with the one the general path
builds when the fast one is switched off: the same moves in the same order, each legal by
``why_illegal``. A cut that dropped a legal move (the going-out cuts of C-OUT-1 / C-OUT-2 /
C-TURN-7 included), or a shortcut that admitted an illegal one, fails here.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from scenario import random_play_positions

from canasta_game.ai.baselines import GreedyBot, RandomBot
from canasta_game.engine import fastgen
from canasta_game.engine.actions import Meld, TakePile, meld_of, take_of
from canasta_game.engine.cards import ACE, FOUR, IS_NATURAL, JOKER, RANK_OF, SUIT_OF, make_uid
from canasta_game.engine.cards import RANK_CHARS as RANKS
from canasta_game.engine.game import apply, why_illegal
from canasta_game.engine.going_out import (
    can_go_out,
    out_by_discard,
    simple_out_with,
    surely_stuck,
    within_reach,
)
from canasta_game.engine.meldrules import check_counts, make_meld, wild_cap
from canasta_game.engine.movegen import discard_moves, hand_runs, legal_moves, meld_all_proved
from canasta_game.engine.observation import observe
from canasta_game.engine.rules import Rules, preset
from canasta_game.engine.setup import new_hand, state_from_setup
from canasta_game.engine.state import DrawKind, Phase, State, TableMeld, evolve
from canasta_game.engine.take import HandGroups
from canasta_game.engine.turn import pile_block, pile_blocked, set_at
from canasta_game.sim.options import random_options


def _general(state: State, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    with monkeypatch.context() as patched:
        patched.setattr(fastgen, "play_moves", lambda _state: None)
        patched.setattr(fastgen, "draw_moves", lambda _state: None)
        return list(legal_moves(state))


def _walk(rules: Rules, seed: str, monkeypatch: pytest.MonkeyPatch, greedy: bool = True) -> int:
    """One hand (``greedy``: the even seats greedy, else every seat random); returns how many
    positions the fast list answered (each compared)."""
    state = new_hand(rules, seed, 0)
    kinds = (RandomBot, GreedyBot if greedy else RandomBot)
    bots = [kinds[seat % 2 == 0](seat, seed) for seat in range(rules.players)]
    compared = 0
    for _ in range(2000):
        if state.phase is Phase.OVER:
            break
        fast = fastgen.play_moves(state)
        if fast is None:
            fast = fastgen.draw_moves(state)  # (None in the play phase)
        if fast is not None:
            assert fast == _general(state, monkeypatch), f"{seed} turn {state.turn}"
            assert all(why_illegal(state, move) is None for move in fast)
            compared += 1
        moves = legal_moves(state)
        state, _ = apply(state, bots[state.actor].choose(observe(state, state.actor), moves))
    return compared


@pytest.mark.parametrize(
    "name",
    [
        "classic-4", "classic-2", "classic-6", "cz-house", "samba", "samba-2", "bolivia",
        "brazilian", "chilean",
    ],
)  # fmt: skip
def test_fast_play_moves_equal_the_general_ones(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    compared = sum(_walk(preset(name), f"fast:{name}:{n}", monkeypatch) for n in range(3))
    assert compared > 40


@pytest.mark.parametrize("name", ["classic-4", "samba"])
def test_fast_play_moves_equal_with_random_seats_only(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Random partners ask and answer "may I go out?" at random, so the cuts after a "no"
    (C-OUT-6) and of black threes melded keeping cards (C-B3-2) are met and compared."""
    compared = sum(
        _walk(preset(name), f"fast-random:{name}:{n}", monkeypatch, greedy=False) for n in range(3)
    )
    assert compared > 40


def test_fast_play_moves_under_random_options(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every modelled option (wild melds, caps, pile rules, go-out quotas) seeded at random."""
    rng = random.Random("fastgen")
    compared = 0
    for n in range(6):
        rules = random_options(preset("classic-4"), rng)
        compared += _walk(rules, f"fast-options:{n}", monkeypatch)
    assert compared > 60


@pytest.mark.parametrize("name", ["italian", "modern-american", "hand-and-foot", "cuban"])
def test_unmodelled_rules_take_the_general_path(name: str) -> None:
    """Every Rules field outside ``constructive.MODELLED_FIELDS``: the general path."""
    assert not fastgen.models(preset(name))
    assert fastgen.models(preset("classic-4")) and fastgen.models(preset("samba"))


def test_evolve_refuses_a_field_state_does_not_have() -> None:
    """A misspelt field would otherwise be a silent extra attribute the rules never read."""
    state = new_hand(preset("classic-4"), 1, 0)
    assert evolve(state, turn=3).turn == 3
    assert evolve(state, turn=3) == evolve(state, turn=3)
    with pytest.raises(TypeError):
        evolve(state, trun=3)


def test_a_meld_keeping_the_card_that_completes_a_canasta_is_offered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """C-TURN-7, C-OUT-1: with no canasta yet, adding the 9 keeps one card, the king that
    makes the six kings a canasta; going out stays possible, so the move is legal and the
    fast list's canasta bound must not drop it."""
    king, nine = RANKS.index("K"), RANKS.index("9")
    kings = tuple(make_uid(king, suit % 4, suit // 4) for suit in range(6))
    nines = tuple(make_uid(nine, suit, 0) for suit in range(4))
    hand = (make_uid(king, 2, 1), make_uid(nine, 0, 1))
    start = new_hand(preset("classic-4"), 1, 3)
    melds = (TableMeld(0, king, kings, 6, 0), TableMeld(1, nine, nines, 4, 0))
    state = evolve(
        start,
        phase=Phase.PLAY,
        current=0,
        drew=DrawKind.STOCK,
        hands=(hand, *start.hands[1:]),
        melds=(melds, ()),
        next_mid=2,
    )
    keep_king = Meld(0, add=((1, (hand[1],)),))
    assert why_illegal(state, keep_king) is None
    fast = fastgen.play_moves(state)
    assert fast is not None and keep_king in fast
    assert fast == _general(state, monkeypatch)


@pytest.mark.parametrize(
    "name", ["classic-4", "samba", "brazilian", "cuban", "british", "caliente", "italian"]
)
def test_within_reach_is_necessary_for_going_out(name: str) -> None:
    """C-OUT-7: ``legal_moves`` asks ``within_reach`` before the full check of "may I go
    out?" under every variant, so wherever the player could go out (``can_go_out`` as if the
    partner said yes) the cheap cuts must not say no; the walk meets both answers."""
    answers: set[bool] = set()
    for state in random_play_positions(preset(name), f"reach:{name}"):
        possible = can_go_out(state, asking=True)
        answers.add(possible)
        assert within_reach(state) or not possible, f"{name} turn {state.turn}"
    assert answers == {True, False}


@pytest.mark.parametrize("name", ["classic-4", "samba", "bolivia", "brazilian"])
def test_surely_stuck_is_a_cut_of_within_reach(name: str) -> None:
    """C-OUT-2, C-MELD-2, SAM-11: ``surely_stuck`` (two cards left over however the side's
    sequences are settled) is asked before ``within_reach`` on every "may I go out?" of the
    fast list, so wherever it says yes the cheap cuts must say no; both answers are met."""
    answers: set[bool] = set()
    for state in random_play_positions(preset(name), f"stuck:{name}", hands=4):
        groups = HandGroups(state.hands[state.current])
        melds = state.melds[state.side_of(state.current)]
        stuck = surely_stuck(groups.naturals, len(groups.blacks), melds)
        answers.add(stuck)
        assert not (stuck and within_reach(state)), f"{name} turn {state.turn}"
    assert answers == {True, False}


@pytest.mark.parametrize("name", ["classic-4", "samba", "bolivia", "brazilian", "chilean"])
def test_out_by_discard_is_a_yes_of_can_go_out(name: str) -> None:
    """C-OUT-1, C-OUT-2 (BOL-9, BRA-11, O-OUT-CLEAN where the preset has them): the fast list
    asks ``out_by_discard`` before the solver about a meld that keeps one card, so wherever it
    says yes ``can_go_out`` must too; every card of the walk's hands is tried as the last
    one; under Classic and Samba the yes answers it gives must be most of the solver's
    (elsewhere the walk's sides rarely hold the canastas, and Brazilian must ask first)."""
    said = agreed = 0
    for state in random_play_positions(preset(name), f"last:{name}", hands=4):
        for card in state.hands[state.current]:
            last = evolve(state, hands=set_at(state.hands, state.current, (card,)))
            if out_by_discard(last):
                said += 1
                assert can_go_out(last), f"{name} turn {state.turn}"
            agreed += can_go_out(last)
    assert said > agreed / 2 or name not in ("classic-4", "samba")


@pytest.mark.parametrize(
    "name",
    ["classic-4", "classic-2", "cz-house", "italian", "samba", "bolivia", "brazilian", "beside"],
)
def test_meld_all_skipped_only_where_it_repeats_an_earlier_candidate(name: str) -> None:
    """Issue 16, C-MELD-1..6, SAM-11, SAM-12: the fast list skips "meld all" where
    ``_meld_all_repeats`` says it adds nothing; there it must be no move, or one group,
    addition or extension that the list holds exactly when the full check allows it (so it
    was built before, kept or refused). "beside": Classic with O-PILE-CONFLICT=A. The walk
    meets positions where the cut holds and where it does not."""
    rules = (
        dataclasses.replace(preset("classic-4"), pile_conflict="A")
        if name == "beside"
        else preset(name)
    )
    seen: set[bool] = set()
    for state in random_play_positions(rules, f"repeats:{name}", hands=3):
        side_melds = state.melds[state.side_of(state.current)]
        if not side_melds or len(state.hands[state.current]) < 2:
            continue
        groups = HandGroups(state.hands[state.current])
        repeats = fastgen._meld_all_repeats(state, groups, {m.key for m in side_melds})
        seen.add(repeats)
        if not repeats:
            continue
        move = meld_all_proved(state, groups, threes=True)[0]
        if move is not None:
            assert len(move.new) + len(move.add) == 1, f"{name} turn {state.turn}"
            legal = why_illegal(state, move) is None
            assert (move in legal_moves(state)) == legal, f"{name} turn {state.turn}"
    assert seen == {True, False}


def test_meld_all_beside_a_canasta_is_not_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    """SAM-12: seven kings in hand beside the side's canasta of kings, no wild card: "meld
    all" lays them as a new group beside it, a move no single candidate makes, so
    ``_meld_all_repeats`` must not skip it and the fast list must offer it."""
    state = state_from_setup(
        preset("samba"),
        ["Kh Kh Kh Kd Kd Kd Kc 5h 9c Jd", "4c 4d", "4h 4s", "6c 6d"],
        stock="7c 7d 8h 8s",
        pile="9h",
        melds={0: ["Ks Ks Ks Ks Ks 2c 2d"]},
        phase=Phase.PLAY,
        drew=DrawKind.STOCK,
    )
    groups = HandGroups(state.hands[0])
    beside = meld_all_proved(state, groups, threes=True)[0]
    assert beside is not None and len(beside.new) == 1 and not beside.add
    assert not fastgen._meld_all_repeats(state, groups, {m.key for m in state.melds[0]})
    fast = fastgen.play_moves(state)
    assert fast is not None and beside in fast and fast == _general(state, monkeypatch)


@pytest.mark.parametrize("name", ["classic-4", "italian", "caliente", "bolivia", "cuban"])
def test_pile_blocked_answers_as_pile_block(name: str) -> None:
    """C-PILE-5 (C-B3-3, C-UP-4, IT-18, O-B3-ASR3, C-R3-1, CAL-3): the generators' quick
    ``pile_blocked`` must say yes exactly where ``pile_block`` gives a reason, for every card
    on top, with and without the black threes laid out as bonus cards, and an empty pile."""
    base = preset(name)
    for rules in (base, dataclasses.replace(base, b3_asr3=True)):
        state = new_hand(rules, f"blocked:{name}", 0)
        for top in range(len(RANK_OF)):
            with_top = evolve(state, pile=(*state.pile, top))
            assert pile_blocked(with_top) == (pile_block(with_top) is not None), (name, top)
        empty = evolve(state, pile=())
        assert pile_blocked(empty) and pile_block(empty) is not None


def test_direct_constructors_make_the_dataclasses_own_values() -> None:
    """Issue 16: ``actions.meld_of``, ``actions.take_of`` and ``meldrules.make_meld`` store
    the slots directly; the objects must equal (and hash like) the ones the dataclass
    constructors make."""
    nine = tuple(make_uid(RANKS.index("9"), suit) for suit in range(3))
    move = meld_of(2, (nine,), ((5, (make_uid(0, 0),)),))
    assert move == Meld(2, (nine,), ((5, (make_uid(0, 0),)),))
    assert hash(move) == hash(Meld(2, (nine,), ((5, (make_uid(0, 0),)),)))
    made = make_meld(preset("samba"), 7, RANKS.index("9"), nine, 3, 0)
    assert made == TableMeld(7, RANKS.index("9"), nine, 3, 0, 7)
    assert made.canasta_size == preset("samba").canasta_size
    take = take_of(1, nine[:2])
    assert take == TakePile(1, nine[:2]) and hash(take) == hash(TakePile(1, nine[:2]))
    assert (take.melds, take.separate, take.onto) == ((), False, None)


def test_single_additions_are_kept_per_seat_meld_and_card() -> None:
    """``fastgen._single``: the addition of one card, made once and offered again; it must
    equal the one ``meld_of`` makes, and a different seat, meld or card a different move
    (the key packs all three)."""
    card = make_uid(RANKS.index("9"), 1)
    for seat, mid in ((0, 0), (3, 0), (0, 60), (7, 61)):
        move = fastgen._single(seat, mid, card)
        assert move == meld_of(seat, (), ((mid, (card,)),))
        assert fastgen._single(seat, mid, card) is move
    uids = (0, 1, 1023)
    made = {fastgen._single(s, m, c) for s in range(8) for m in (0, 1, 63) for c in uids}
    assert len(made) == 8 * 3 * len(uids)


def test_kind_discards_are_the_general_discards() -> None:
    """C-TURN-4: one discard per kind of card (black threes apart from red ones, C-B3-1),
    in the order of each kind's first card in hand: the general ``discard_moves``' cards."""
    rules = preset("classic-4")
    for state in random_play_positions(rules, "kinds", hands=2):
        if state.must_go_out or len(state.hands[state.current]) < 2:
            continue
        general = discard_moves(state)
        assert fastgen.kind_discards(state.current, state.hands[state.current]) == general


def test_hand_runs_are_found_exactly_when_a_hand_holds_three_in_a_row() -> None:
    """SAM-9: ``hand_runs`` answers "none" at once unless some suit holds three naturals of
    consecutive ranks from 4 to the ace; on random Samba hands (two decks, jokers) it finds
    runs exactly then, each of one suit and consecutive ranks."""
    rng = random.Random("runs")
    deck = [c for c in range(len(RANK_OF)) if RANK_OF[c] != JOKER or c % 2]
    found = 0
    for _ in range(3000):
        hand = tuple(rng.sample(deck, rng.randrange(3, 20)))
        naturals = {(SUIT_OF[c], RANK_OF[c]) for c in hand if IS_NATURAL[c]}
        row = any(
            (suit, rank + 1) in naturals and (suit, rank + 2) in naturals
            for suit, rank in naturals
            if rank >= FOUR and rank + 2 <= ACE
        )
        runs = hand_runs(hand, 7)
        assert bool(runs) == row, hand
        for run in runs:
            ranks = [RANK_OF[c] for c in run]
            assert len({SUIT_OF[c] for c in run}) == 1
            assert ranks == list(range(ranks[0], ranks[0] + len(run))) and 3 <= len(run) <= 7
        found += bool(runs)
    assert 100 < found < 2900


@pytest.mark.parametrize("name", ["classic-4", "classic-2", "samba", "bolivia", "chilean"])
def test_black_threes_decided_as_the_full_check_decides(name: str) -> None:
    """C-B3-1, C-B3-2, C-MELD-5: an open side's meld of all its black threes, alone or in
    "meld all" with melds proven apart from them, keeping a card, is decided by
    ``fastgen.threes_out`` (going out possible after it) exactly as ``why_illegal`` decides
    it; both answers occur (Bolivia's and Chile's walks meet only "no": their sides rarely
    hold the canastas going out needs)."""
    seen: set[bool] = set()
    for state in random_play_positions(preset(name), f"threes:{name}", hands=8):
        seat = state.current
        melds = state.melds[state.side_of(seat)]
        groups = HandGroups(state.hands[seat])
        if state.must_go_out or not melds or len(groups.blacks) < 3:
            continue
        keys = {m.key for m in melds}
        candidates = [Meld(seat, (tuple(groups.blacks),))]
        everything, built = meld_all_proved(state, groups, threes=True)
        if everything is not None and built:
            candidates.append(everything)
        for move in candidates:
            legal = fastgen.threes_out(state, move, keys)
            if legal is not None:
                assert legal == (why_illegal(state, move) is None), f"{name} {state.turn}: {move}"
                seen.add(legal)
    assert seen == {True, False} or (seen and name in ("bolivia", "chilean"))


@pytest.mark.parametrize("name", ["classic-4", "classic-2", "samba", "bolivia", "brazilian"])
def test_proven_meld_all_going_out_decided_as_the_full_check_decides(name: str) -> None:
    """C-OUT-1, C-OUT-2, C-OUT-6, BOL-9: "meld all" proven by construction that lays every
    card is decided by ``melded_out_problem`` on the state after it, not ``why_illegal``
    (issue 16); the fast list holds it exactly when the full check allows it. The walk meets
    both answers (Bolivia's and Brazil's only "no": going out there needs canastas their random
    sides rarely hold, BOL-9)."""
    seen: set[bool] = set()
    for hand in range(40):
        positions = random_play_positions(preset(name), f"meldout:{name}:{hand}", hands=1)
        for state in positions:
            seat = state.current
            melds = state.melds[state.side_of(seat)]
            groups = HandGroups(state.hands[seat])
            if state.must_go_out or not melds or len(groups.blacks) >= 3:
                continue
            everything, built = meld_all_proved(state, groups, threes=True)
            if everything is None or not built:
                continue
            if len(everything.cards()) != len(state.hands[seat]):
                continue
            legal = why_illegal(state, everything) is None
            assert (everything in legal_moves(state)) == legal, f"{name} turn {state.turn}"
            seen.add(legal)
        if seen == {True, False}:
            break
    assert seen == {True, False} or (seen and name in ("bolivia", "brazilian"))


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"meld_wild": "LE_NAT"},
        {"meld_wild": "LT_NAT"},
        {"meld_wild": "MAX2"},
        {"meld_wild": "IT"},
        {"pile_conflict": "B", "pile_nocanadd": True},
    ],
)
def test_new_group_wild_counts_are_the_ones_the_cap_allows(changes: dict[str, object]) -> None:
    """C-MELD-1..3 (and O-PILE-CONFLICT=B's uncapped big melds): the wild-card counts
    ``_melds`` tries for a new group of n naturals are exactly those with three cards or more
    that ``check_counts`` accepts, up to the cap, fewest first (Samba's canasta sizes too)."""
    for base in ("classic-4", "samba"):
        rules = dataclasses.replace(preset(base), **changes)
        table = fastgen._group_wilds(rules)
        assert len(table) == 2 * rules.canasta_size
        for naturals in range(2, 3 * rules.canasta_size):
            cap = wild_cap(rules, naturals, naturals + 3)
            wanted = tuple(
                w
                for w in range(min(cap, 40) + 1)
                if naturals + w >= 3 and check_counts(rules, naturals, w) is None
            )
            got = (
                table[naturals]
                if naturals < len(table)
                else fastgen._fitting_wilds(rules, naturals)
            )
            assert got[: len(wanted)] == wanted, (base, changes, naturals)
            assert all(check_counts(rules, naturals, w) is None for w in got)


@pytest.mark.parametrize("name", ["classic-4", "samba", "bolivia", "brazilian", "italian"])
def test_simple_out_with_is_a_yes_of_can_go_out_after_the_meld(name: str) -> None:
    """C-TURN-7, C-OUT-1, C-OUT-2, C-OUT-6 (BOL-9, BRA-11, IT-20 where the preset has them):
    ``_checked`` and ``fastbound._still_out`` ask ``simple_out_with`` of a meld's hand and
    melds before the state after it is built, and take its yes for ``can_go_out``'s. Every
    meld of the walk's play lists is tried: where it says yes, the solver on the state after
    must too, for one card left as for more; under Classic and Samba it must say yes to
    hands of one card and of several (it is no fast path where it never answers)."""
    said: set[bool] = set()
    for state in random_play_positions(preset(name), f"simple:{name}", hands=4):
        for move in legal_moves(state):
            parts = fastgen._after_parts(state, move) if isinstance(move, Meld) else None
            if parts is None or not parts[0]:
                continue
            if simple_out_with(state, *parts):
                said.add(len(parts[0]) == 1)
                assert can_go_out(fastgen._built(state, parts)), f"{name} turn {state.turn}"
    assert said == {True, False} or name not in ("classic-4", "samba")
