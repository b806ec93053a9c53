"""Saves and house tables hold ``Rules.to_dict``: one written before a concept became one
field (the old names below) must load as the same rules, and refusals keep citing each
game's own rule."""

from __future__ import annotations

from typing import Any

import pytest
from scenario import pick, rejected

from canasta_game.engine import Meld, Phase, state_from_setup
from canasta_game.engine.rules import PRESETS, Rules, RulesError, preset
from canasta_game.engine.state import State

#: The fields each preset wrote before the change, as the old code had them.
OLD_FIELDS: dict[str, dict[str, Any]] = {
    "cuban": {"canasta_max": 7, "meld_max": 0, "no_three_melds": False, "b3_meld": True},
    "modern-american": {"canasta_max": 0, "meld_max": 7, "no_three_melds": False, "b3_meld": True},
    "hand-and-foot": {"canasta_max": 0, "meld_max": 0, "no_three_melds": True, "b3_meld": True},
    "italian": {"canasta_max": 0, "meld_max": 0, "no_three_melds": False, "b3_meld": False},
}
#: Fields the old saves did not have (they load with their defaults or from the old names).
NEW_FIELDS = ("meld_max_rule", "b3_meld_rule")


def _old_dict(name: str) -> dict[str, Any]:
    data = {k: v for k, v in PRESETS[name].to_dict().items() if k not in NEW_FIELDS}
    data.update(OLD_FIELDS[name])
    return data


def _playing(rules: Rules, hand: str) -> State:
    """North to meld after drawing, holding ``hand``, both sides opened."""
    return state_from_setup(
        rules,
        [hand, "4c 4d 5c", "4s 5d 5s", "6c 6d 6s"],
        stock="Tc Td Ts Kc",
        melds={0: ["9c 9d 9s"], 1: ["8c 8d 8s"]},
        phase=Phase.PLAY,
    )


@pytest.mark.parametrize("name", sorted(OLD_FIELDS))
def test_a_rules_dict_with_the_old_names_loads_as_the_preset(name: str) -> None:
    """CUB-4, MAC-15, HF-12, IT-14: a save written with ``canasta_max`` and
    ``no_three_melds`` gives the preset's rules."""
    assert Rules.from_dict(_old_dict(name)) == PRESETS[name]


def test_cub_4_and_mac_15_one_cap_each_citing_its_own_rule() -> None:
    """CUB-4 and MAC-15 are one field (``meld_max``); each game's refusal names its rule."""
    assert preset("cuban").meld_max == preset("modern-american").meld_max == 7
    assert preset("cuban").meld_max_rule == "CUB-4"
    assert preset("modern-american").meld_max_rule == "MAC-15"
    with pytest.raises(RulesError, match="CUB-4"):
        preset("cuban").with_options(meld_max=6)


def test_cub_4_an_old_cuban_save_still_caps_its_melds() -> None:
    """CUB-4: rules loaded from an old save refuse an eighth card, citing CUB-4."""
    state = _playing(Rules.from_dict(_old_dict("cuban")), "Kc Kd Ks Kh Kc Kd Ks Kh Qd")
    rejected(state, Meld(0, (pick(state, 0, "Kc Kd Ks Kh Kc Kd Ks Kh"),)), "CUB-4")


def test_hf_12_and_it_14_one_switch_each_citing_its_own_rule() -> None:
    """HF-12 and IT-14 are one switch (``b3_meld`` off); each game's refusal names its rule."""
    for name, rule in (("hand-and-foot", "HF-12"), ("italian", "IT-14")):
        rules = Rules.from_dict(_old_dict(name))
        assert not rules.b3_meld and rules.b3_meld_rule == rule
        state = _playing(rules, "3c 3s 3c 5d")
        rejected(state, Meld(0, (pick(state, 0, "3c 3s 3c"),)), rule)
