"""Issue 17, item 6: a save's match fields are checked against the rules and the replayed
hand; an inconsistent save is explained and kept aside, never deleted or half-loaded."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from canasta_game.controller.session import Session
from canasta_game.engine.rules import PRESETS, preset
from canasta_game.persistence import DataDirs, MatchSaveStore
from canasta_game.ui.shell.resume import match_inconsistency, probe


def finished_hand(name: str = "classic-2", seed: int = 6) -> Session:
    session = Session.new(preset(name), seed, human_seat=None, level="easy")
    while not session.hand_over:
        session.bot_step()
    return session


def second_hand(moves: int = 9) -> Session:
    session = finished_hand()
    session.next_hand()
    for _step in range(moves):
        session.bot_step()
    return session


def three_scores(document: dict[str, Any]) -> None:
    document["match"]["scores"].append(0)


def over_mid_hand(document: dict[str, Any]) -> None:
    document["match"]["over"] = True
    document["match"]["winner"] = 0


def shifted_dealer(document: dict[str, Any]) -> None:
    players = document["match"]["rules"]["players"]
    document["match"]["dealer"] = (document["match"]["dealer"] + 1) % players


def inflated_score(document: dict[str, Any]) -> None:
    document["match"]["scores"][0] += 500
    document["match"]["history"][-1]["totals_after"][0] += 500


def extra_side_in_history(document: dict[str, Any]) -> None:
    document["match"]["history"][0]["sides"].append([])


DAMAGE: dict[str, tuple[Callable[[], Session], Callable[[dict[str, Any]], None]]] = {
    "three scores for two sides": (lambda: second_hand(), three_scores),
    "over in the middle of a hand": (lambda: second_hand(), over_mid_hand),
    "a dealer other than the hand's": (lambda: second_hand(), shifted_dealer),
    "scores that do not add up": (lambda: second_hand(), inflated_score),
    "a history hand with a third side": (lambda: second_hand(), extra_side_in_history),
    "a finished hand with a wrong total": (lambda: finished_hand(), inflated_score),
    "a finished hand marked over wrongly": (lambda: finished_hand(), over_mid_hand),
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_save_whose_match_does_not_fit_the_hand_is_kept_aside(
    damage: str, tmp_path: Path
) -> None:
    make, spoil = DAMAGE[damage]
    store = MatchSaveStore(DataDirs(tmp_path))
    store.save(make().to_payload())
    store.backup.unlink(missing_ok=True)
    document = json.loads(store.path.read_text(encoding="utf-8"))
    spoil(document)
    content = json.dumps(document).encode()
    store.path.write_bytes(content)
    saved = probe(store)
    assert saved.session is None and saved.problem is not None, damage
    assert saved.problem.code == "failed_check"
    assert saved.problem.moved_to is not None
    assert saved.problem.moved_to.read_bytes() == content  # kept, never deleted


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_real_saves_of_every_preset_pass_the_check(name: str) -> None:
    session = finished_hand(name, seed=2)
    assert match_inconsistency(session) is None  # a finished hand, recorded
    session.next_hand()
    for _step in range(5):
        session.bot_step()
    restored = Session.from_payload(json.loads(json.dumps(session.to_payload())))
    assert match_inconsistency(restored) is None  # the next hand under way
