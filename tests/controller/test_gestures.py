"""Gestures become exactly the engine action they mean; the glow follows the engine."""

from __future__ import annotations

from canasta_game.controller.gestures import (
    Drop,
    Staging,
    Target,
    action_for_drop,
    legal_targets,
    split_groups,
    take_pile_action,
)
from canasta_game.controller.session import Session
from canasta_game.engine.actions import Discard, DrawStock, Meld, TakePile
from canasta_game.engine.cards import face_text
from canasta_game.engine.reasons import Reason
from canasta_game.engine.rules import preset
from canasta_game.engine.setup import state_from_setup
from canasta_game.engine.state import Phase, evolve

RULES = preset("classic-4")


def _session(
    hand: str,
    *,
    melds: dict[int, list[str]] | None = None,
    phase: Phase = Phase.DRAW,
    pile: str = "9c Qd Ks 6h Kh",
    scores: tuple[int, int] = (0, 0),
) -> Session:
    state = state_from_setup(
        RULES,
        [hand, "4c 4d 9s", "7c 7d 8s", "6c 6d Ts"],
        stock="Qh Qd 5h 5d",
        pile=pile,
        melds=melds,
        scores=scores,
        phase=phase,
    )
    return Session.from_state(state, human_seat=0, level="easy")


def _cards(session: Session, *faces: str) -> tuple[int, ...]:
    hand = list(session.state.hands[0])
    out = []
    for face in faces:
        card = next(c for c in hand if face_text(c) == face)
        hand.remove(card)
        out.append(card)
    return tuple(out)


def test_stock_drop_or_click_draws() -> None:
    session = _session("Kc Kd Qs Qh 2d")
    drop = Drop((), "stock", Target("hand"))
    assert action_for_drop(session, drop) == DrawStock(0)


def test_pile_drag_with_selection_takes_with_the_justifying_melds() -> None:
    # closed at minimum 50, pile top Kh; K-K-K plus Q-Q-2 reach 70.
    session = _session("Kc Kd Qs Qh 2d")
    selected = _cards(session, "Kc", "Kd", "Qs", "Qh", "2d")
    action = take_pile_action(session, selected)
    assert isinstance(action, TakePile)
    assert sorted(map(face_text, action.cards)) == ["Kc", "Kd"]
    assert [sorted(map(face_text, m)) for m in action.melds] == [["2d", "Qh", "Qs"]]
    assert isinstance(session.play(action), list)


def test_pile_drag_that_cannot_reach_the_minimum_gives_the_reason() -> None:
    session = _session("Kc Kd Qs Qh 2d", scores=(1600, 0))  # minimum 90
    selected = _cards(session, "Kc", "Kd", "Qs", "Qh", "2d")
    why = take_pile_action(session, selected)
    assert isinstance(why, Reason)
    assert why.values["need"] == 90 and why.values["have"] == 70


def test_discard_needs_exactly_one_card() -> None:
    session = _session("Kc Kd Qs Qh 2d", phase=Phase.PLAY)
    two = _cards(session, "Kc", "Kd")
    why = action_for_drop(session, Drop(two, "hand", Target("pile")))
    assert isinstance(why, Reason) and why.rule == "C-DISC-1"
    one = _cards(session, "Qs")
    assert action_for_drop(session, Drop(one, "hand", Target("pile"))) == Discard(0, one[0])


def test_drop_on_a_meld_adds_to_it() -> None:
    session = _session("Kc Kd Qs 5c", melds={0: ["Kh Ks Kh"]}, phase=Phase.PLAY)
    kings = _cards(session, "Kc", "Kd")
    mid = session.state.melds[0][0].mid
    action = action_for_drop(session, Drop(kings, "hand", Target("meld", mid)))
    assert action == Meld(0, add=((mid, kings),))
    assert Target("meld", mid) in legal_targets(session, kings, "hand")
    assert Target("pile") not in legal_targets(session, kings, "hand")


def test_closed_side_stages_melds_until_the_minimum() -> None:
    session = _session("Kc Kd Ks Qs Qh 2d 5c", phase=Phase.PLAY, scores=(1600, 0))
    staging = Staging(session)
    kings = _cards(session, "Kc", "Kd", "Ks")
    assert action_for_drop(session, Drop(kings, "hand", Target("table")), staging) is None
    assert staging.points() == 30 and staging.minimum == 90
    why = staging.check()
    assert isinstance(why, Reason) and why.rule == "C-INIT-1"
    queens = _cards(session, "Qs", "Qh", "2d")
    assert staging.add(queens) is None
    assert staging.points() == 70
    assert isinstance(staging.check(), Reason)
    assert staging.remove(1) == queens and len(staging.groups) == 1


def test_staging_rejects_a_group_that_is_no_meld() -> None:
    session = _session("Kc Kd Qs Qh 2d 5c", phase=Phase.PLAY)
    staging = Staging(session)
    why = staging.add(_cards(session, "Kc", "Qs"))
    assert isinstance(why, Reason) and why.rule in ("C-MELD-1", "C-MELD-2")
    assert staging.groups == []


def test_split_groups_gives_wild_cards_to_pairs() -> None:
    session = _session("Kc Kd Qs Qh Qd 2d 5c", phase=Phase.PLAY)
    cards = _cards(session, "Kc", "Kd", "Qs", "Qh", "Qd", "2d")
    groups = split_groups(cards, session.state.rules)
    by_size = sorted((sorted(map(face_text, g)) for g in groups), key=len)
    assert by_size == [["2d", "Kc", "Kd"], ["Qd", "Qh", "Qs"]]


def test_no_targets_glow_when_it_is_not_the_humans_turn() -> None:
    session = _session("Kc Kd Qs Qh 2d")
    session.state = evolve(session.state, current=1)  # seat 1 is to play
    assert legal_targets(session, _cards(session, "Kc"), "hand") == set()
