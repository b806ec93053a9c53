"""What Custom rules offers (issue 13): every option of the base game, worded, and the
engine's verdict on a combination turned into a sentence."""

from __future__ import annotations

import pytest

from canasta_game.engine.rules import OPTION_IDS, PRESETS, SEQUENCE_PRESETS, VARIANT_RULE_IDS
from canasta_game.i18n import _
from canasta_game.persistence.house_tables import HouseTable
from canasta_game.ui.shell.house_rules import (
    SKIPPED,
    Refused,
    house_rules,
    options_of,
    table_check,
    value_label,
)

FALLBACK = _("Rule {rule} of this game").format(rule="")


def test_classic_offers_every_house_option_of_rules_section_3_each_worded() -> None:
    fields = [option.field for option in options_of(PRESETS["classic-4"])]
    assert set(fields) == set(OPTION_IDS) - SKIPPED - {"six_seating"}  # O-SEAT6: six only
    for option in options_of(PRESETS["classic-4"]):
        assert not option.sentence.startswith(FALLBACK), option.field
        for value in option.values:
            if isinstance(value, str):
                assert value_label(option.field, value) != value, (option.field, value)


def test_o_seat6_is_offered_to_six_players() -> None:
    assert "six_seating" in [o.field for o in options_of(PRESETS["classic-6"])]


def test_a_variant_offers_its_own_switches_too() -> None:
    samba = SEQUENCE_PRESETS["samba"]
    fields = {option.field for option in options_of(samba)}
    assert fields >= {"sequences", "no_wild_on_canasta", "r3_plus_canastas"}
    switches = {name for name in VARIANT_RULE_IDS if isinstance(getattr(samba, name), bool)}
    assert fields >= switches
    assert "sequences" not in {o.field for o in options_of(PRESETS["classic-4"])}
    for option in options_of(samba):
        assert not option.sentence.startswith(FALLBACK), option.field


def test_c_deal_house_rules_refuses_what_the_engine_cannot_deal() -> None:
    with pytest.raises(Refused) as refused:
        house_rules("classic-4", {"deal_size": 21})
    assert str(refused.value) == _(
        "Too few cards: the pack could not deal this and still leave a stock."
    )
    assert house_rules("classic-4", {"deal_size": 20}).deal_size == 20


@pytest.mark.parametrize(
    "base, options",
    [
        ("no-such-game", {}),
        ("samba", {}),  # not offered in New game yet
        ("classic-4", {"name": "x"}),  # not an option
        ("classic-4", {"custom_deck": ["AS"]}),  # not offered as a switch
        ("classic-4", {"deal_size": "13"}),  # the wrong type
        ("classic-4", {"meld_wild": "MAX9"}),  # not one of its values
        ("classic-4", {"b3_freeze": 1}),
    ],
)
def test_a_table_the_game_cannot_use_is_refused_with_a_sentence(base, options) -> None:
    reason = table_check(HouseTable("T", base, options))
    assert reason is not None and reason.endswith(").")


def test_a_good_table_passes_the_check() -> None:
    assert table_check(HouseTable("T", "classic-4", {"target": 10000, "b3_freeze": True})) is None
