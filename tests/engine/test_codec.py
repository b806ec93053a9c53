"""JSON for actions, states and logs; replaying a log reproduces the hand exactly."""

from __future__ import annotations

import copy
import json

import pytest

from canasta_game.engine import (
    AddToMeld,
    AnswerGoOut,
    AskGoOut,
    Discard,
    DrawStock,
    IllegalAction,
    Meld,
    TakePile,
    apply,
    new_hand,
    parse_card,
    parse_cards,
)
from canasta_game.engine.actions import action_from_dict, action_to_dict
from canasta_game.engine.codec import log_to_dict, replay, state_from_dict, state_to_dict
from canasta_game.engine.rules import PRESETS
from canasta_game.engine.state import Phase
from canasta_game.sim.policies import greedy_policy, random_policy

KH2, KD1, TWO, JOKER = parse_cards("Kh#2 Kd 2c JK#3")

ACTIONS = [
    DrawStock(0),
    DrawStock(5),
    TakePile(1),
    TakePile(2, (KH2, KD1)),
    TakePile(3, (KH2, TWO), (tuple(parse_cards("Qs Qh 2d")), tuple(parse_cards("5c 5d 5h")))),
    TakePile(0, (KH2, JOKER), separate=True),
    Meld(0, (tuple(parse_cards("9c 9d 9h")),)),
    Meld(2, (tuple(parse_cards("3c 3s 3c")), tuple(parse_cards("Ac Ad JK")))),
    Meld(1, add=((0, (KH2,)), (7, (TWO, JOKER)))),
    Meld(3, (tuple(parse_cards("7c 7d 7h 7s")),), ((2, (KD1,)),)),
    AddToMeld(0, 4, (TWO,)),
    Discard(1, KH2),
    Discard(0, parse_card("3s#2")),
    AskGoOut(2),
    AnswerGoOut(0, True),
    AnswerGoOut(0, False),
]


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: type(a).__name__)
def test_action_round_trip(action):
    data = action_to_dict(action)
    assert action_from_dict(data) == action
    assert action_from_dict(json.loads(json.dumps(data))) == action


def test_action_dicts_name_cards_in_rules_notation():
    assert action_to_dict(Discard(1, KH2)) == {"type": "discard", "seat": 1, "card": "Kh#2"}
    assert action_to_dict(DrawStock(3)) == {"type": "draw", "seat": 3}
    assert action_to_dict(AnswerGoOut(2, False)) == {"type": "answer", "seat": 2, "yes": False}
    data = action_to_dict(TakePile(0, (KH2, JOKER), separate=True))
    assert data["cards"] == ["Kh#2", "JK#3"] and data["separate"] is True
    assert action_to_dict(AddToMeld(0, 4, (TWO,)))["add"] == [[4, ["2c#1"]]]


def test_every_action_type_is_covered():
    assert {type(a) for a in ACTIONS} == {DrawStock, TakePile, Meld, Discard, AskGoOut, AnswerGoOut}


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"seat": 0},
        {"type": "draw"},
        {"type": "fly", "seat": 0},
        {"type": "draw", "seat": "north"},
        {"type": "draw", "seat": None},
        {"type": "discard", "seat": 0},
        {"type": "discard", "seat": 0, "card": "Zz"},
        {"type": "discard", "seat": 0, "card": "Kh#99"},
        {"type": "discard", "seat": 0, "card": 7},
        {"type": "take", "seat": 0, "cards": ["Kh", "Q"]},
        {"type": "take", "seat": 0, "cards": [1, 2]},
        {"type": "meld", "seat": 0, "new": [["Kh", "Xx"]]},
        {"type": "meld", "seat": 0, "add": [[1]]},
        {"type": "meld", "seat": 0, "add": [["one", ["Kh"]]]},
        {"type": "meld", "seat": 0, "add": 5},
        {"type": "answer", "seat": 0},
        [],
        None,
        "draw",
    ],
    ids=repr,
)
def test_malformed_action_is_a_value_error(data):
    with pytest.raises(ValueError):
        action_from_dict(data)


# --- states at many points of seeded hands ---------------------------------------------


def _play(rules, seed, make_policy, dealer=0):
    """Every state of a hand (start included) and the actions between them."""
    state = new_hand(rules, seed, dealer)
    policies = [make_policy(f"{seed}:{seat}") for seat in range(rules.players)]
    states, actions = [state], []
    while state.phase is not Phase.OVER:
        assert len(actions) < 3000, "hand did not end"
        action = policies[state.actor](state)
        state, _ = apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("policy", [random_policy, greedy_policy], ids=["random", "greedy"])
def test_state_round_trip_through_a_hand(name, policy):
    rules = PRESETS[name]
    for hand in range(2):
        states, actions = _play(rules, f"codec:{name}:{hand}", policy, dealer=hand)
        phases = set()
        for state in states:
            data = state_to_dict(state)
            text = json.dumps(data)
            again = state_from_dict(json.loads(text))
            assert again == state
            assert state_to_dict(again) == data
            phases.add(state.phase)
        assert Phase.DRAW in phases and Phase.PLAY in phases and Phase.OVER in phases
        for action in actions:
            assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_replay_reproduces_the_final_state(name):
    rules = PRESETS[name]
    for hand, policy in enumerate((random_policy, greedy_policy)):
        states, actions = _play(rules, f"replay:{name}:{hand}", policy, dealer=hand)
        log = log_to_dict(states[0], actions)
        final, replayed_actions = replay(json.loads(json.dumps(log)))
        assert final == states[-1]
        assert replayed_actions == actions
        # a prefix of the log reproduces the matching intermediate state
        middle = len(actions) // 2
        part, _ = replay(log_to_dict(states[0], actions[:middle]))
        assert part == states[middle]


def _some_log():
    states, actions = _play(PRESETS["classic-4"], "tamper", greedy_policy)
    return states, actions, log_to_dict(states[0], actions)


def test_tampered_discard_raises():
    states, actions, log = _some_log()
    index = next(i for i, a in enumerate(actions) if isinstance(a, Discard))
    state = states[index]
    hand = set(state.hands[state.current])
    elsewhere = next(c for c in state.stock if c not in hand)
    bad = copy.deepcopy(log)
    bad["actions"][index]["card"] = action_to_dict(Discard(0, elsewhere))["card"]
    with pytest.raises(IllegalAction):
        replay(bad)


def test_tampered_seat_raises():
    _, _, log = _some_log()
    bad = copy.deepcopy(log)
    bad["actions"][0]["seat"] = (bad["actions"][0]["seat"] + 1) % 4
    with pytest.raises(IllegalAction):
        replay(bad)


def test_tampered_action_type_raises():
    _, actions, log = _some_log()
    bad = copy.deepcopy(log)
    index = next(i for i, a in enumerate(actions) if isinstance(a, Discard))
    bad["actions"][index] = {"type": "draw", "seat": bad["actions"][index]["seat"]}
    with pytest.raises(IllegalAction):
        replay(bad)


def test_garbled_card_in_log_raises():
    _, actions, log = _some_log()
    bad = copy.deepcopy(log)
    index = next(i for i, a in enumerate(actions) if isinstance(a, Discard))
    bad["actions"][index]["card"] = "Qx#1"
    with pytest.raises(ValueError):
        replay(bad)


def test_extra_action_after_the_end_raises():
    _, _, log = _some_log()
    bad = copy.deepcopy(log)
    bad["actions"].append(action_to_dict(DrawStock(0)))
    with pytest.raises(IllegalAction):
        replay(bad)


def test_tampered_start_state_changes_or_breaks_the_replay():
    states, _, log = _some_log()
    bad = copy.deepcopy(log)
    bad["start"]["hands"][0], bad["start"]["hands"][1] = (
        bad["start"]["hands"][1],
        bad["start"]["hands"][0],
    )
    try:
        final, _ = replay(bad)
    except ValueError:
        return
    assert final != states[-1]


def test_state_version_is_checked():
    data = state_to_dict(new_hand(PRESETS["classic-4"], 1))
    data["version"] = 99
    with pytest.raises(ValueError):
        state_from_dict(data)
    data["version"] = 1
    data["seed"] = [1, 2]
    with pytest.raises(ValueError):
        state_from_dict(data)
