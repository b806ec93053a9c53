"""What the New game dialog offers, and how the player's choices become ``Rules``.

The choices are kept in ``Settings`` (players, preset, option overrides, difficulty) so the
dialog opens with what the player picked last time. Overrides are stored by the ``Rules``
field name; anything a newer or hand-edited settings file holds that these rules do not
accept is dropped rather than stopping the match from starting.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from canasta_game.engine.rules import NEW_GAME_PRESETS, OPTION_IDS, PRESETS, Rules
from canasta_game.i18n import _, format_number, ngettext
from canasta_game.persistence import Settings

PLAYER_COUNTS = tuple(sorted({rules.players for rules in PRESETS.values()}))  # 2 to 6
DIFFICULTIES = ("easy", "medium", "hard")
TARGETS = (2500, 5000, 7500, 10000)


def preset_label(name: str) -> str:
    """A preset's name as the player reads it."""
    labels = {
        "classic-2": _("Classic, two players"),
        "classic-3": _("Classic, three players"),
        "classic-4": _("Classic, two partnerships"),
        "classic-5": _("Classic, five players"),
        "classic-6": _("Classic, two teams of three"),
        "classic-6x2": _("Classic, three teams of two"),
        "cz-house": _("Czech house rules"),
    }
    return labels.get(name, name)


def target_label(points: int) -> str:
    """A match target as the Play to list shows it, e.g. "5,000 points"."""
    return ngettext("{points} point", "{points} points", points).format(
        points=format_number(points)
    )


def difficulty_label(level: str) -> str:
    return {"easy": _("Easy"), "medium": _("Medium"), "hard": _("Hard")}.get(level, level)


@dataclass(frozen=True)
class Toggle:
    """A yes/no house rule offered in the dialog: the field, its value when on, its text."""

    field: str
    on: object
    off: object

    @property
    def option_id(self) -> str:
        return OPTION_IDS[self.field]

    def label(self) -> str:
        texts = {
            "pile_frozen": _("The pile is always frozen"),
            "r3_scale": _("Red threes count 100, 200, 400, 800"),
            "stock_recycle": _("Turn the pile over when the stock runs out"),
        }
        return texts[self.field]


TOGGLES = (
    Toggle("pile_frozen", True, False),
    Toggle("r3_scale", "PROGRESSIVE", "FLAT"),
    Toggle("stock_recycle", True, False),
)


def presets_for(players: int) -> list[str]:
    """The presets New game offers for ``players`` players, in the engine's order
    (``NEW_GAME_PRESETS`` decides which: not the sequence family yet)."""
    return [name for name in NEW_GAME_PRESETS if PRESETS[name].players == players]


def default_preset(players: int) -> str:
    names = presets_for(players)
    classic = f"classic-{players}"
    return classic if classic in names else names[0]


def fitting_preset(settings: Settings) -> str:
    """The chosen preset if it suits the chosen player count, else that count's classic."""
    players = settings.players if settings.players in PLAYER_COUNTS else 4
    if settings.preset in NEW_GAME_PRESETS and PRESETS[settings.preset].players == players:
        return settings.preset
    return default_preset(players)


def rules_for(settings: Settings) -> Rules:
    """The rules of a new match from the player's choices; bad overrides are ignored."""
    base = PRESETS[fitting_preset(settings)]
    fields = {f.name for f in dataclasses.fields(Rules) if f.init}
    changes = {
        key: value
        for key, value in settings.options.items()
        if key in fields and key not in ("name", "players")
    }
    changes = {k: v for k, v in changes.items() if type(v) is type(getattr(base, k))}
    try:  # a house table's options hold together only all at once (issue 13)
        return dataclasses.replace(base, **changes)
    except (ValueError, TypeError):
        pass
    for key, value in changes.items():
        try:
            base = dataclasses.replace(base, **{key: value})
        except (ValueError, TypeError):
            continue
    return base
