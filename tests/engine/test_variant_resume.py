"""A Samba match saved and resumed at many points equals the snapshot (issue 11).

Every tenth action of two played hands the match and the hand go through JSON; the restored
pair must equal the pair saved, and the rest of the hand applied to the restored state must
reach the same end, scores included (sequences, takes onto them and the variant lines).
"""

from __future__ import annotations

import json

from canasta_game.engine import Match, Phase, apply, preset, score_hand
from canasta_game.engine.codec import state_from_dict, state_to_dict
from canasta_game.engine.meldrules import MeldKind, meld_facts
from canasta_game.sim.policies import greedy_policy


def _played(state):
    policies = [greedy_policy(f"resume:{state.seed}:{s}") for s in range(state.rules.players)]
    states, actions = [state], []
    while state.phase is not Phase.OVER:
        action = policies[state.actor](state)
        state, _ = apply(state, action)
        states.append(state)
        actions.append(action)
        assert len(actions) < 3000
    return states, actions


def _restored(match, state):
    saved = json.loads(json.dumps({"match": match.to_dict(), "hand": state_to_dict(state)}))
    return Match.from_dict(saved["match"]), state_from_dict(saved["hand"])


def test_samba_match_saved_and_resumed_at_many_points_equals_the_snapshot():
    rules = preset("samba")
    match = Match.start(rules, "resume")
    sequences_seen = 0
    for _ in range(2):
        states, actions = _played(match.deal())
        final = states[-1]
        for index in range(0, len(states), 10):
            again_match, again = _restored(match, states[index])
            assert again_match == match and again == states[index]
            for action in actions[index:]:
                again, _ = apply(again, action)
            assert again == final
            assert score_hand(again) == score_hand(final)
        sequences_seen += sum(
            1
            for side in final.melds
            for m in side
            if meld_facts(rules, m).kind is MeldKind.SEQUENCE
        )
        match = match.record(final)
        again_match, _ = _restored(match, final)
        assert again_match == match
    assert sequences_seen > 0  # the hands really had sequences to save
