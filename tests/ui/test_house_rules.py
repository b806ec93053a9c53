"""What Custom rules offers (issue 13): every option of the base game, worded, and the
engine's verdict on a combination turned into a sentence."""

from __future__ import annotations

import re

import pytest

from canasta_game.engine.rules import (
    NEW_GAME_PRESETS,
    OPTION_IDS,
    PRESETS,
    SEQUENCE_PRESETS,
    VARIANT_RULE_IDS,
)
from canasta_game.i18n import _
from canasta_game.persistence import Settings
from canasta_game.persistence.house_tables import HouseTable
from canasta_game.ui.shell.house_rules import (
    SKIPPED,
    Refused,
    house_rules,
    option_sentence,
    options_of,
    own_switches,
    table_check,
    value_label,
)
from canasta_game.ui.shell.match_setup import rules_for

FALLBACK = "Rule "  # the sentence options without words once fell back to
RULE_ID = re.compile(r"[A-Z]+-\d")


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


def test_a_variant_offers_its_own_switches_and_no_other_games() -> None:
    """A house table of Samba switches Samba's rules, not Cuban's or British's."""
    samba = SEQUENCE_PRESETS["samba"]
    fields = {option.field for option in options_of(samba)}
    assert fields >= {"sequences", "no_wild_on_canasta", "r3_plus_canastas"}
    assert not fields & {"acaba", "b3_first_round", "meld_max", "foot_size"}
    switches = {name for name in own_switches(samba) if isinstance(getattr(samba, name), bool)}
    worded = {name for name in switches if option_sentence(name, samba) is not None}
    assert worded >= {"sequences", "no_wild_on_canasta"}
    assert fields & set(VARIANT_RULE_IDS) >= worded  # every worded switch of its own
    assert "sequences" not in {o.field for o in options_of(PRESETS["classic-4"])}
    for option in options_of(samba):
        assert not option.sentence.startswith(FALLBACK), option.field


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_option_offered_for_every_preset_is_worded_without_a_rule_id(name) -> None:
    """Issue 13: a variant's own switches (CUB-4..8, BRIT-1 and the sequence family's) read
    as sentences; a switch this version cannot word is left out, never shown as its ID."""
    for option in options_of(PRESETS[name]):
        assert option.sentence and not RULE_ID.search(option.sentence), (name, option)
        for value in option.values:
            label = value_label(option.field, value)
            assert label and not RULE_ID.search(label), (name, option.field, value)
            if isinstance(value, str):
                assert label != value, (name, option.field, value)


def test_cuban_and_british_switches_are_offered_in_words() -> None:
    cuban = {o.field: o.sentence for o in options_of(PRESETS["cuban"])}
    assert {"wild_canasta_cuban", "r3_cuban", "b3_first_round", "b3_set_aside"} <= set(cuban)
    assert cuban["b3_first_round"] == _("No black three is discarded in the first round")
    british = {o.field for o in options_of(PRESETS["british"])}
    assert "acaba" in british


def test_a_variant_switch_without_words_is_left_out(monkeypatch) -> None:
    """A field another branch adds to VARIANT_RULE_IDS without a sentence stays hidden."""
    monkeypatch.setattr(
        "canasta_game.ui.shell.house_rules.option_sentence",
        lambda name, base: None if name == "b3_set_aside" else "worded",
    )
    fields = {o.field for o in options_of(PRESETS["cuban"])}
    assert "b3_set_aside" not in fields and "b3_first_round" in fields


def test_c_deal_house_rules_refuses_what_the_engine_cannot_deal() -> None:
    with pytest.raises(Refused) as refused:
        house_rules("classic-4", {"deal_size": 21})
    # 4 x 21 dealt + 20 wild cards and threes that may cover the upcard + the upcard + 4 red
    # threes replaced + 1 drawn = 110 of a 108-card pack.
    assert str(refused.value) == _(
        "Too few cards: a pack of {pack} cards could not deal this and still leave a "
        "stock (it would need {needed})."
    ).format(pack="108", needed="110")
    assert house_rules("classic-4", {"deal_size": 20}).deal_size == 20


@pytest.mark.parametrize(
    "base, options",
    [
        ("no-such-game", {}),
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


def test_a_table_of_a_game_held_out_of_new_game_is_refused(monkeypatch) -> None:
    """A preset in TABLE_PENDING (none today) is not dealt from a saved house table."""
    held = tuple(n for n in NEW_GAME_PRESETS if n != "samba")
    monkeypatch.setattr("canasta_game.ui.shell.house_rules.NEW_GAME_PRESETS", held)
    reason = table_check(HouseTable("T", "samba", {}))
    assert reason is not None and "samba" in reason
    assert table_check(HouseTable("T", "bolivia", {})) is None


def test_a_good_table_passes_the_check() -> None:
    assert table_check(HouseTable("T", "classic-4", {"target": 10000, "b3_freeze": True})) is None


def test_a_variants_named_options_are_offered_mac_25_mac_35_hf_3_hf_7_it_20() -> None:
    """O-MAC-SPLASH, O-MAC-HANDS, O-HF-DEAL, O-HF-PILE-N and Italian's closing option are
    switches of their game's house table, worded, and a table that sets them is dealt."""

    def offered(base: str) -> dict[str, tuple[object, ...]]:
        return {o.field: o.values for o in options_of(PRESETS[base])}

    mac, hf = offered("modern-american"), offered("hand-and-foot")
    assert mac["splash"] == () and mac["special_hands"] == ("NONE", "CLA", "PAGAT")
    assert hf["foot_size"] == (11, 13) and hf["pile_take_n"] == (0, 3, 5, 6, 7)
    assert offered("italian")["out_clean_and_dirty"] == ()
    assert "splash" not in offered("classic-4") and "pile_take_n" not in offered("samba")
    rules = house_rules("hand-and-foot", {"foot_size": 11, "pile_take_n": 7})
    assert (rules.foot_size, rules.pile_take_n) == (11, 7)
    rules = house_rules("modern-american", {"splash": True, "special_hands": "PAGAT"})
    assert rules.splash and rules.special_hands == "PAGAT"
    assert value_label("pile_take_n", 0) == _("The whole pile")
    assert value_label("pile_take_n", 7) == "7"


def test_hf_17_hand_and_foot_offers_three_book_quotas_and_deals_the_one_picked() -> None:
    """HF-17: the books a side needs before going out, as Whitnack (the preset: two clean,
    two dirty, one wild), "two red and two black", Saskatchewan (one of each) and Steve
    Simpson (one clean, one dirty) count them, in every player count; a table saves the
    choice as text and is dealt with the engine's tuple."""
    for name in ("hand-and-foot", "hand-and-foot-2", "hand-and-foot-3", "hand-and-foot-6"):
        quota = {o.field: o for o in options_of(PRESETS[name])}["book_quota"]
        assert quota.values == ("2,2,1", "2,2,0", "1,1,1", "1,1,0"), name
    assert value_label("book_quota", "1,1,0") == _("1 clean, 1 dirty")
    assert house_rules("hand-and-foot", {"book_quota": "1,1,0"}).book_quota == (1, 1, 0)
    assert house_rules("hand-and-foot", {}).book_quota == (2, 2, 1)
    assert table_check(HouseTable("T", "hand-and-foot", {"book_quota": "1,1,1"})) is None
    for unknown in ("3,3,3", "1,1", (1, 1, 0)):
        reason = table_check(HouseTable("T", "hand-and-foot", {"book_quota": unknown}))
        assert reason is not None and "book_quota" in reason, unknown
    assert "book_quota" not in {o.field for o in options_of(PRESETS["classic-4"])}


def test_hf_17_a_settings_file_with_a_quota_not_made_of_numbers_is_ignored() -> None:
    """New game's rules from the saved settings: a book quota that is not numbers is one of
    the bad overrides ``rules_for`` leaves out, the rest still apply."""
    options = {"book_quota": "one,two", "foot_size": 11}
    rules = rules_for(Settings(players=4, preset="hand-and-foot", options=options))
    assert rules.book_quota == (2, 2, 1) and rules.foot_size == 11
    settings = Settings(players=4, preset="hand-and-foot", options={"book_quota": "1,1,1"})
    assert rules_for(settings).book_quota == (1, 1, 1)
