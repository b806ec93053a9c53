"""Settings: forgiving field by field, strict about what a settings document is."""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta_game.persistence import (
    DataDirs,
    Settings,
    backup_path,
    load_settings,
    save_settings,
)
from canasta_game.persistence.settings import settings_from_dict

DEFAULTS = Settings()


def _write(dirs: DataDirs, **fields: Any) -> None:
    dirs.settings_file.parent.mkdir(parents=True, exist_ok=True)
    document = {"schema_version": 1, "kind": "settings", **fields}
    dirs.settings_file.write_text(json.dumps(document))


def test_defaults_match_the_specification() -> None:
    assert DEFAULTS.players == 4
    assert DEFAULTS.preset == "classic-4"
    assert dict(DEFAULTS.options) == {}
    assert DEFAULTS.difficulty == "medium"
    assert DEFAULTS.animation_speed == 1.0
    assert DEFAULTS.hard_think_s == 0.5
    assert DEFAULTS.volume == 0.8
    assert DEFAULTS.window_size == (1280, 800)
    assert DEFAULTS.language == "en"
    assert not any(
        (DEFAULTS.reduced_motion, DEFAULTS.muted, DEFAULTS.four_colour_deck, DEFAULTS.fullscreen)
    )


def test_missing_file_gives_defaults_without_a_problem(dirs: DataDirs) -> None:
    loaded = load_settings(dirs)
    assert loaded.settings == DEFAULTS
    assert loaded.problem is None
    assert not dirs.settings_file.exists(), "loading defaults writes nothing"


def test_round_trip(dirs: DataDirs) -> None:
    chosen = Settings(
        players=3,
        preset="house-rules",
        options={"wild_cards_in_canasta": 3, "pairs_allowed": False, "bonus": 0.5},
        difficulty="hard",
        hard_think_s=1.25,
        animation_speed=2.5,
        reduced_motion=True,
        volume=0.3,
        muted=True,
        four_colour_deck=True,
        window_size=(1920, 1080),
        fullscreen=True,
        language="cs",
    )
    save_settings(dirs, chosen)
    loaded = load_settings(dirs)
    assert loaded.problem is None
    assert loaded.settings == chosen
    on_disk = json.loads(dirs.settings_file.read_text())
    assert on_disk["schema_version"] == 1
    assert on_disk["kind"] == "settings"
    assert on_disk["window_size"] == [1920, 1080]


@pytest.mark.parametrize(
    ("field", "stored", "expected"),
    [
        ("players", 1, 2),
        ("players", 99, 6),
        ("players", 10**40, 6),
        ("animation_speed", 0, 0.25),
        ("animation_speed", 100.0, 4.0),
        ("animation_speed", 10**400, 4.0),
        ("hard_think_s", 0.01, 0.25),
        ("hard_think_s", 60, 2.0),
        ("volume", -0.5, 0.0),
        ("volume", 7, 1.0),
        ("window_size", [100, 100000], (800, 4320)),
        ("window_size", [99999, 1], (7680, 500)),
    ],
)
def test_out_of_range_numbers_are_clamped(
    dirs: DataDirs, field: str, stored: Any, expected: Any
) -> None:
    _write(dirs, **{field: stored})
    loaded = load_settings(dirs)
    assert loaded.problem is None
    assert getattr(loaded.settings, field) == expected


@pytest.mark.parametrize(
    ("field", "stored"),
    [
        ("players", "four"),
        ("players", True),
        ("players", 4.5),
        ("players", None),
        ("preset", 7),
        ("preset", "   "),
        ("options", [1, 2]),
        ("options", "fast"),
        ("difficulty", "impossible"),
        ("difficulty", 2),
        ("animation_speed", "fast"),
        ("animation_speed", False),
        ("hard_think_s", "long"),
        ("hard_think_s", None),
        ("volume", [0.5]),
        ("muted", "yes"),
        ("muted", 1),
        ("four_colour_deck", None),
        ("window_size", "1920x1080"),
        ("window_size", [1920]),
        ("window_size", [1920, 1080, 3]),
        ("window_size", [1920.0, 1080]),
        ("window_size", {"w": 1920, "h": 1080}),
        ("fullscreen", 0),
        ("language", "klingon"),
        ("language", ["en"]),
    ],
)
def test_wrong_types_fall_back_to_the_default(dirs: DataDirs, field: str, stored: Any) -> None:
    _write(dirs, **{"players": 5, field: stored})
    loaded = load_settings(dirs)
    assert loaded.problem is None
    expected_players = 5 if field != "players" else DEFAULTS.players
    assert loaded.settings == dataclasses.replace(DEFAULTS, players=expected_players)


def test_one_bad_field_does_not_reset_the_others(dirs: DataDirs) -> None:
    _write(dirs, volume="loud", muted=True, language="es")
    settings_ = load_settings(dirs).settings
    assert (settings_.volume, settings_.muted, settings_.language) == (0.8, True, "es")


def test_unknown_keys_are_ignored(dirs: DataDirs) -> None:
    _write(dirs, colour_theme="dark", players=2, future={"nested": [1]})
    loaded = load_settings(dirs)
    assert loaded.problem is None
    assert loaded.settings == dataclasses.replace(DEFAULTS, players=2)


def test_malformed_options_are_dropped_one_by_one(dirs: DataDirs) -> None:
    _write(dirs, options={"ok": 1, "also_ok": "x", "nested": {"a": 1}, "list": [1], "none": None})
    assert dict(load_settings(dirs).settings.options) == {"ok": 1, "also_ok": "x"}


def test_corrupt_file_gives_defaults_and_a_problem(dirs: DataDirs) -> None:
    dirs.settings_file.parent.mkdir(parents=True)
    dirs.settings_file.write_bytes(b'{"players": 3,')
    loaded = load_settings(dirs)
    assert loaded.settings == DEFAULTS
    assert loaded.problem is not None
    assert loaded.problem.code == "corrupt"
    assert loaded.problem.moved_to is not None
    assert loaded.problem.moved_to.read_bytes() == b'{"players": 3,'
    assert "Your settings could not be read" in loaded.problem.message
    assert "default settings are used" in loaded.problem.message
    save_settings(dirs, DEFAULTS)
    assert load_settings(dirs).problem is None


def test_corrupt_file_falls_back_to_the_backup(dirs: DataDirs) -> None:
    earlier = Settings(volume=0.1, language="it")
    save_settings(dirs, earlier)
    save_settings(dirs, Settings(volume=0.2))
    dirs.settings_file.write_bytes(b"\x00\x01")
    loaded = load_settings(dirs)
    assert loaded.settings == earlier
    assert loaded.problem is not None
    assert loaded.problem.backup is not None
    assert loaded.problem.backup.path == backup_path(dirs.settings_file)
    assert "backup copy" in loaded.problem.message
    # The next start still finds them, even though nothing was saved in between.
    again = load_settings(dirs)
    assert again.settings == earlier
    assert again.problem is None


def test_statistics_file_in_place_of_settings_is_the_wrong_kind(dirs: DataDirs) -> None:
    dirs.settings_file.parent.mkdir(parents=True)
    dirs.settings_file.write_text(json.dumps({"schema_version": 1, "kind": "statistics"}))
    loaded = load_settings(dirs)
    assert loaded.problem is not None and loaded.problem.code == "wrong_kind"
    assert loaded.settings == DEFAULTS


def test_settings_from_a_newer_game_are_kept_aside(dirs: DataDirs) -> None:
    dirs.settings_file.parent.mkdir(parents=True)
    dirs.settings_file.write_text(json.dumps({"schema_version": 2, "kind": "settings"}))
    loaded = load_settings(dirs)
    assert loaded.problem is not None and loaded.problem.code == "newer_version"
    assert "newer version" in loaded.problem.message


def test_constructor_clamps_numbers() -> None:
    clamped = Settings(players=0, animation_speed=9, volume=-1, window_size=(10, 10))
    assert (clamped.players, clamped.animation_speed, clamped.volume) == (2, 4.0, 0.0)
    assert clamped.window_size == (800, 500)
    assert dataclasses.replace(DEFAULTS, volume=1.5).volume == 1.0


@pytest.mark.parametrize(
    "bad",
    [
        {"difficulty": "insane"},
        {"language": "de"},
        {"players": "4"},
        {"muted": "no"},
        {"volume": math.nan},
        {"window_size": (1, 2, 3)},
        {"options": {"x": [1]}},
        {"preset": ""},
    ],
)
def test_constructor_rejects_programming_errors(bad: dict[str, Any]) -> None:
    with pytest.raises((TypeError, ValueError)):
        Settings(**bad)


def test_options_cannot_be_mutated_through_the_settings() -> None:
    source = {"a": 1}
    chosen = Settings(options=source)
    source["a"] = 2
    assert chosen.options["a"] == 1
    with pytest.raises(TypeError):
        chosen.options["a"] = 3  # type: ignore[index]


def test_settings_are_hashable_and_equal_by_value() -> None:
    assert hash(Settings(options={"a": 1})) == hash(Settings(options={"a": 1}))
    assert Settings(options={"a": 1}) != Settings(options={"a": 2})


_any_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    data=st.dictionaries(
        st.sampled_from([f.name for f in dataclasses.fields(Settings)]) | st.text(max_size=8),
        _any_json,
    )
)
def test_any_field_values_give_settings_within_range(data: dict[str, Any]) -> None:
    result = settings_from_dict(data)
    assert 2 <= result.players <= 6
    assert 0.25 <= result.animation_speed <= 4.0
    assert 0.0 <= result.volume <= 1.0
    assert 800 <= result.window_size[0] <= 7680 and 500 <= result.window_size[1] <= 4320
    assert result.difficulty in {"easy", "medium", "hard"}
    assert result.language in {"en", "cs", "es", "it"}
    assert all(isinstance(v, bool) for v in (result.muted, result.fullscreen))


def test_override_folder_holds_settings(tmp_path: Path) -> None:
    dirs = DataDirs(tmp_path / "portable")
    save_settings(dirs, Settings(players=6))
    assert (tmp_path / "portable" / "settings.json").is_file()
    assert load_settings(dirs).settings.players == 6


def test_overflowing_float_falls_back_to_the_default(dirs: DataDirs) -> None:
    dirs.settings_file.parent.mkdir(parents=True)
    dirs.settings_file.write_text(
        '{"schema_version": 1, "kind": "settings", "volume": 1e400, "animation_speed": -1e400}'
    )
    loaded = load_settings(dirs)
    assert loaded.problem is None
    assert (loaded.settings.volume, loaded.settings.animation_speed) == (0.8, 1.0)
