"""The player's settings and the ``settings.json`` document they live in.

Settings are the file players are most likely to edit by hand, and a bad value there must
never stop the game from starting. So reading is forgiving field by field: unknown keys are
ignored (a newer game may add some), numbers out of range are clamped, values of the wrong
type fall back to the default. Only a file that is not a settings document at all is set
aside, and then the backup or the defaults are used.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from canasta_game.i18n import LANGUAGES, _
from canasta_game.persistence.atomic import write_json_atomic
from canasta_game.persistence.choices import DIFFICULTIES, MAX_PLAYERS, MIN_PLAYERS, is_json_int
from canasta_game.persistence.messages import DocumentTexts
from canasta_game.persistence.paths import DataDirs
from canasta_game.persistence.results import Absent, Loaded, Problem
from canasta_game.persistence.store import Upgrader, load_document

SETTINGS_KIND: Final = "settings"
SETTINGS_VERSION: Final = 1
SETTINGS_UPGRADERS: Final[dict[int, Upgrader]] = {}
"""Version N -> N+1 converters; empty while version 1 is the only one."""

ANIMATION_SPEED_RANGE: Final = (0.25, 4.0)
HARD_THINK_RANGE: Final = (0.25, 2.0)
"""Seconds a Hard computer player may think per decision (0.5 s is the measured default)."""
VOLUME_RANGE: Final = (0.0, 1.0)
WINDOW_MIN: Final = (800, 500)
WINDOW_MAX: Final = (7680, 4320)
MAX_PRESET_LENGTH: Final = 64

OptionValue = bool | int | float | str
"""A rule-option override; the engine decides what each name means."""


def _clamp(value: float, low: float, high: float) -> float:
    return min(max(value, low), high)


@dataclass(frozen=True)
class Settings:
    """Everything the player can choose, always within range.

    Numbers are clamped on construction (so ``dataclasses.replace`` from a slider can never
    produce an out-of-range value); values of the wrong type or an unknown difficulty or
    language raise, because in code that is a bug rather than a player's typo.
    """

    players: int = 4
    preset: str = "classic-4"
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    house: str = ""
    """The house table ``preset`` and ``options`` were taken from ("" for none)."""
    difficulty: str = "medium"
    hard_think_s: float = 0.5
    animation_speed: float = 1.0
    reduced_motion: bool = False
    volume: float = 0.8
    muted: bool = False
    four_colour_deck: bool = False
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    language: str = "en"

    def __post_init__(self) -> None:
        if not is_json_int(self.players):
            raise TypeError(f"players must be an int, not {self.players!r}")
        for name in ("reduced_motion", "muted", "four_colour_deck", "fullscreen"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be a bool")
        if not isinstance(self.preset, str) or not self.preset:
            raise TypeError("preset must be a non-empty str")
        if not isinstance(self.house, str):
            raise TypeError("house must be a str")
        if self.difficulty not in DIFFICULTIES:
            raise ValueError(f"difficulty must be one of {DIFFICULTIES}")
        if self.language not in LANGUAGES:
            raise ValueError(f"language must be one of {LANGUAGES}")
        options = _read_options(self.options)
        if options is None or len(options) != len(self.options):
            raise TypeError("options must map str to bool, int, float or str")
        window = _read_window(self.window_size)
        if window is None:
            raise TypeError("window_size must be two ints")
        set_ = object.__setattr__
        set_(self, "players", int(_clamp(self.players, MIN_PLAYERS, MAX_PLAYERS)))
        set_(self, "options", MappingProxyType(options))
        set_(self, "animation_speed", _clamp_number(self.animation_speed, ANIMATION_SPEED_RANGE))
        set_(self, "volume", _clamp_number(self.volume, VOLUME_RANGE))
        set_(self, "hard_think_s", _clamp_number(self.hard_think_s, HARD_THINK_RANGE))
        width = int(_clamp(window[0], WINDOW_MIN[0], WINDOW_MAX[0]))
        height = int(_clamp(window[1], WINDOW_MIN[1], WINDOW_MAX[1]))
        set_(self, "window_size", (width, height))

    def __hash__(self) -> int:
        """Hashable despite ``options``, so settings can key a cache."""
        values = [getattr(self, name) for name in _READERS if name != "options"]
        return hash((*values, frozenset(self.options.items())))


def _clamp_number(value: object, bounds: tuple[float, float]) -> float:
    """Clamp a finite real number; raise for anything else (the loader filters first)."""
    number = _read_number(value)
    if number is None:
        raise TypeError(f"expected a finite number, not {value!r}")
    return float(_clamp(number, *bounds))


def _read_number(raw: object) -> float | int | None:
    """A finite int or float (huge ints stay ints so that clamping cannot overflow)."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float) and math.isfinite(raw):
        return raw
    return None


def _read_int(raw: object) -> int | None:
    if isinstance(raw, bool) or not isinstance(raw, int):
        return None
    return raw


def _read_bool(raw: object) -> bool | None:
    return raw if isinstance(raw, bool) else None


def _read_preset(raw: object) -> str | None:
    if isinstance(raw, str) and raw.strip() and len(raw) <= MAX_PRESET_LENGTH:
        return raw.strip()
    return None


def _read_house(raw: object) -> str | None:
    return raw if isinstance(raw, str) and len(raw) <= MAX_PRESET_LENGTH else None


def _read_choice(choices: tuple[str, ...]) -> Callable[[object], str | None]:
    def read(raw: object) -> str | None:
        return raw if isinstance(raw, str) and raw in choices else None

    return read


def _read_window(raw: object) -> tuple[int, int] | None:
    if isinstance(raw, list | tuple) and len(raw) == 2 and all(is_json_int(v) for v in raw):
        return (raw[0], raw[1])
    return None


def is_option_value(value: object) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, bool | int | str)


def _read_options(raw: object) -> dict[str, OptionValue] | None:
    """Keep the well-formed overrides; a malformed entry is dropped, not the whole set."""
    if not isinstance(raw, Mapping):
        return None
    return {k: v for k, v in raw.items() if isinstance(k, str) and is_option_value(v)}


_READERS: Final[dict[str, Callable[[object], object | None]]] = {
    "players": _read_int,
    "preset": _read_preset,
    "options": _read_options,
    "house": _read_house,
    "difficulty": _read_choice(DIFFICULTIES),
    "hard_think_s": _read_number,
    "animation_speed": _read_number,
    "reduced_motion": _read_bool,
    "volume": _read_number,
    "muted": _read_bool,
    "four_colour_deck": _read_bool,
    "window_size": _read_window,
    "fullscreen": _read_bool,
    "language": _read_choice(LANGUAGES),
}
"""One forgiving reader per field: the value to use, or ``None`` for "use the default"."""


def settings_from_dict(data: Mapping[str, Any]) -> Settings:
    """Build ``Settings`` from untrusted data: ignore unknown keys, default bad values, clamp."""
    values: dict[str, Any] = {}
    for name, read in _READERS.items():
        if name in data:
            value = read(data[name])
            if value is not None:
                values[name] = value
    return Settings(**values)


def settings_to_dict(settings: Settings) -> dict[str, Any]:
    """The JSON-ready fields (without the document envelope)."""
    values: dict[str, Any] = {name: getattr(settings, name) for name in _READERS}
    values["options"] = dict(settings.options)
    values["window_size"] = list(settings.window_size)
    return values


@dataclass(frozen=True)
class SettingsLoad:
    """The settings to use, and the problem met on the way (to show the player once)."""

    settings: Settings
    problem: Problem | None = None


def _texts() -> DocumentTexts:
    return DocumentTexts(
        label=_("Your settings"),
        advice_with_backup=_("The settings from the backup copy ({backup}) are used instead."),
        advice_without_backup=_("The default settings are used instead."),
    )


def load_settings(dirs: DataDirs) -> SettingsLoad:
    """Read ``settings.json``; a missing file gives defaults, a bad one the backup or defaults."""
    result = load_document(
        dirs.settings_file,
        SETTINGS_KIND,
        SETTINGS_VERSION,
        SETTINGS_UPGRADERS,
        texts=_texts(),
    )
    match result:
        case Loaded(data=data):
            return SettingsLoad(settings_from_dict(data))
        case Absent():
            return SettingsLoad(Settings())
        case Problem(backup=Loaded(data=data)):
            return SettingsLoad(settings_from_dict(data), result)
        case _:
            return SettingsLoad(Settings(), result)


def save_settings(dirs: DataDirs, settings: Settings) -> None:
    """Write ``settings.json`` atomically; raises ``SaveError`` if the disk refuses."""
    document = {
        "schema_version": SETTINGS_VERSION,
        "kind": SETTINGS_KIND,
        **settings_to_dict(settings),
    }
    write_json_atomic(dirs.settings_file, document)
