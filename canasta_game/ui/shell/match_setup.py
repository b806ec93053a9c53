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
from canasta_game.i18n import N_, _, format_number, ngettext
from canasta_game.persistence import Settings
from canasta_game.ui.shell.house_rules import engine_value

PLAYER_COUNTS = tuple(sorted({rules.players for rules in PRESETS.values()}))  # 2 to 6
DIFFICULTIES = ("easy", "medium", "hard")
TARGETS = (2500, 5000, 7500, 10000)


@dataclass(frozen=True)
class PresetText:
    """How New game names a preset and says in one line what sets it apart."""

    label: str
    description: str


#: Every preset New game offers, in the order it lists them: Classic first, then the house
#: rules, then the sequence family. A preset added later adds its line here; one missing is
#: still offered, last, under its own name.
PRESET_TEXTS: dict[str, PresetText] = {
    "classic-2": PresetText(
        N_("Classic, two players"), N_("15 cards each, draw two, two canastas to go out.")
    ),
    "classic-3": PresetText(
        N_("Classic, three players"), N_("Each for themselves, 13 cards each.")
    ),
    "classic-4": PresetText(
        N_("Classic, two partnerships"), N_("Two decks, 11 cards, partners sit opposite.")
    ),
    "classic-5": PresetText(
        N_("Classic, five players"), N_("Each for themselves, three decks, 11 cards.")
    ),
    "classic-6": PresetText(N_("Classic, two teams of three"), N_("Three decks, 13 cards each.")),
    "classic-6x2": PresetText(N_("Classic, three teams of two"), N_("Three decks, 13 cards each.")),
    "cz-house": PresetText(
        N_("Czech house rules"), N_("Wild-card canastas, bigger canasta bonuses.")
    ),
    "samba": PresetText(
        N_("Samba, two partnerships"), N_("Three decks, draw two, sequences of one suit.")
    ),
    "samba-2": PresetText(N_("Samba, two players"), N_("Samba, each for themselves.")),
    "samba-3": PresetText(N_("Samba, three players"), N_("Samba, each for themselves.")),
    "samba-5": PresetText(N_("Samba, five players"), N_("Samba, each for themselves.")),
    "samba-6": PresetText(
        N_("Samba, three teams of two"), N_("Samba, partners two seats apart, 13 cards.")
    ),
    "bolivia": PresetText(N_("Bolivia"), N_("Samba with bolivias; go out with an escalera.")),
    "brazilian": PresetText(
        N_("Brazilian Canasta"),
        N_("Harder first melds; short sequences cost 1,000."),
    ),
    "chilean": PresetText(
        N_("Chilean Canasta"), N_("Bolivia under its Chilean name, three decks.")
    ),
    "chilean-216": PresetText(
        N_("Chilean, four decks"), N_("Bolivia with four decks and eight jokers.")
    ),
    "uruguayan": PresetText(
        N_("Uruguayan Canasta"), N_("The original rules of 1949, played as Classic.")
    ),
    "cuban": PresetText(
        N_("Cuban Canasta"),
        N_("13 cards, 7,500 to win, the pile always frozen, canastas of at most seven."),
    ),
    "british": PresetText(
        N_("British Canasta"), N_("Classic with Acaba: end the hand and give away 1,500.")
    ),
    "caliente": PresetText(
        N_("Canasta Caliente"),
        N_(
            "Classic with two Caliente cards: play one to draw back to eleven when your side "
            "is behind; a discarded Caliente stops the pile."
        ),
    ),
    "italian": PresetText(
        N_("Italian Canasta"),
        N_("Three decks, 15 cards, pinelle, clean openings; a clean and a dirty canasta to close."),
    ),
    "italian-2decks": PresetText(
        N_("Italian Canasta, two decks"), N_("Italian Canasta with 108 cards.")
    ),
    "modern-american": PresetText(
        N_("Modern American Canasta"),
        N_("The CLA's game: a turn card and a talon, dead ranks, the rule of five, to 8,500."),
    ),
    "hand-and-foot": PresetText(
        N_("Hand and Foot"),
        N_("A hand and a face-down foot of 13; clean, dirty and wild books over four deals."),
    ),
    "hand-and-foot-2": PresetText(
        N_("Hand and Foot, two players"), N_("Hand and Foot, each for themselves, three decks.")
    ),
    "hand-and-foot-3": PresetText(
        N_("Hand and Foot, three players"), N_("Hand and Foot, each for themselves, four decks.")
    ),
    "hand-and-foot-6": PresetText(
        N_("Hand and Foot, two teams of three"), N_("Hand and Foot with seven decks.")
    ),
}


def preset_label(name: str) -> str:
    """A preset's name as the player reads it."""
    text = PRESET_TEXTS.get(name)
    return _(text.label) if text is not None else name


def preset_description(name: str) -> str:
    """One line on what sets the preset apart, empty for one without a line yet."""
    text = PRESET_TEXTS.get(name)
    return _(text.description) if text is not None else ""


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
    moot_when: tuple[str, ...] = ()  # Rules fields any of which, set, make it change nothing

    def applies(self, rules: Rules) -> bool:
        return not any(getattr(rules, name) for name in self.moot_when)

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
    # SAM-28, MAC-38 and HF-21 count the red threes their own way
    Toggle("r3_scale", "PROGRESSIVE", "FLAT", moot_when=("r3_samba", "mac_scoring", "r3_each")),
    Toggle("stock_recycle", True, False),
)


def presets_for(players: int) -> list[str]:
    """The presets New game offers for ``players`` players (``NEW_GAME_PRESETS`` decides
    which), in ``PRESET_TEXTS`` order: Classic first."""
    order = list(PRESET_TEXTS)
    offered = [name for name in NEW_GAME_PRESETS if PRESETS[name].players == players]
    return sorted(offered, key=lambda n: order.index(n) if n in order else len(order))


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
        key: engine_value(key, value)  # (HF-17's quota is saved as text)
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
