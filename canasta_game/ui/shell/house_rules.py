"""What "Custom rules" offers: each option of a base game, its sentence and its values.

The engine decides whether a combination can be played (``Rules`` refuses what cannot be
dealt); this module only lists the options a player may switch, words them, and turns the
engine's refusal into a sentence. Options are the house options of RULES.md section 3
(``OPTION_IDS``) and, on a variant, that variant's own switches (``VARIANT_RULE_IDS``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from canasta_game.engine.rules import (
    NEW_GAME_PRESETS,
    OPTION_IDS,
    PRESET_OPTIONS,
    PRESETS,
    VARIANT_RULE_IDS,
    Rules,
    RulesError,
)
from canasta_game.i18n import _, format_number
from canasta_game.persistence.house_tables import HouseTable
from canasta_game.persistence.settings import OptionValue

#: Values offered for the number options (the base game's own value is always added).
NUMBERS: dict[str, tuple[int, ...]] = {
    "deal_size": (7, 9, 10, 11, 12, 13, 15, 17, 19, 21),
    "draw_count": (1, 2, 3),
    "go_out_canastas": (0, 1, 2, 3),
    "conc_bonus": (0, 100, 200, 250, 500),
    "jokers": (0, 2, 4, 6, 8),
    "b3_hand": (5, 100),
    "target": (2500, 5000, 7500, 10000, 15000),
    "r3_plus_canastas": (0, 1, 2, 3),
    "b3_hand_penalty": (0, 100),
    "short_sequence_penalty": (0, 500, 1000),
    "calientes": (0, 1, 2),  # CAL-1: one per deck of two
    "foot_size": (11, 13),  # HF-3, O-HF-DEAL
    "pile_take_n": (0, 3, 5, 6, 7),  # HF-7, O-HF-PILE-N (0: the whole pile)
}
#: O-SEAT6 only matters with six players; O-DECK-7PERRANK needs a card list, not a switch.
SKIPPED = frozenset({"custom_deck"})
#: Options whose engine value is a tuple of numbers (HF-17's book quota: clean, dirty, wild):
#: offered and saved as the numbers joined by commas (a house table's values are JSON
#: scalars), and made the engine's tuple where the rules are built (``house_rules``).
TUPLE_OPTIONS = frozenset({"book_quota"})


class Refused(ValueError):
    """A combination the game will not deal; ``str()`` is the sentence for the player."""


@dataclass(frozen=True)
class Option:
    """One row of Custom rules: the field, its sentence and the values it may take."""

    field: str
    sentence: str
    values: tuple[OptionValue, ...]  # empty for a switch (on / off)

    @property
    def is_switch(self) -> bool:
        return not self.values


def own_switches(base: Rules) -> list[str]:
    """The variant switches ``base`` sets away from Classic's: its own rules, the ones a
    house table of that game may switch back (Samba offers no Acaba, Cuban no sequences)."""
    plain = Rules()
    own = [name for name in VARIANT_RULE_IDS if getattr(base, name) != getattr(plain, name)]
    return own + [n for n in PRESET_OPTIONS.get(base.name, ()) if n not in own]


def options_of(base: Rules) -> list[Option]:
    """Every option Custom rules shows for ``base``, in RULES.md's order."""
    names = [n for n in OPTION_IDS if n not in SKIPPED]
    if base.players != 6:
        names.remove("six_seating")
    names += [n for n in own_switches(base) if n not in names]
    found = []
    for name in names:
        option = _option(name, base)
        if option is not None:
            found.append(option)
    return found


def option_value(rules: Rules, name: str) -> OptionValue:
    """The value of option ``name`` in ``rules`` as Custom rules offers and saves it."""
    value = getattr(rules, name)
    if name in TUPLE_OPTIONS:
        return ",".join(map(str, value))
    return value  # type: ignore[no-any-return]


def engine_value(name: str, value: OptionValue) -> Any:
    """A saved or offered value as the engine's field holds it (``TUPLE_OPTIONS``: the
    numbers' tuple; text that is not numbers stays text, which no such field accepts)."""
    if name in TUPLE_OPTIONS and isinstance(value, str):
        try:
            return tuple(int(n) for n in value.split(","))
        except ValueError:
            return value
    return value


def _option(name: str, base: Rules) -> Option | None:
    current = option_value(base, name)
    sentence = option_sentence(name, base)
    if sentence is None:
        return None  # an option this version cannot word is not offered (never a rule ID)
    if isinstance(current, bool):
        return Option(name, sentence, ())
    if isinstance(current, int):
        values = tuple(sorted({*NUMBERS.get(name, ()), current}))
        return Option(name, sentence, values) if len(values) > 1 else None
    choices = tuple(value for field, value in _value_texts() if field == name)
    if not choices:
        return None  # a variant's value this version cannot word: not offered
    return Option(name, sentence, choices)


def option_sentence(name: str, base: Rules) -> str | None:
    """The option in the player's words (RULES.md section 3), ``None`` where it has none:
    switches that other variants add to ``Rules`` later stay out of the dialog until they
    are worded here, rather than showing the player a rule ID."""
    texts = _sentences()
    if name in texts:
        return texts[name]
    if name == "wild_penalty":
        return _("An unfinished meld of wild cards costs its side {points} points").format(
            points=format_number(base.wild_penalty_points)
        )
    if name == "conc_canasta":
        return _("Each canasta laid at once from the hand scores {points} more").format(
            points=format_number(base.conc_canasta_bonus)
        )
    if name == "deal_exact":
        text = _("The dealer lifts the pack; lifting exactly the cards dealt scores {points}")
        return text.format(points=format_number(base.deal_exact_bonus))
    if name == "init_high":
        return _("An extra opening minimum from {points} points").format(
            points=format_number(base.init_high_threshold)
        )
    return None


def _sentences() -> dict[str, str]:
    return {
        "six_seating": _("Six players sit as"),
        "pile_nocanadd": _("The pile cannot be taken by adding its top card to a canasta"),
        "pile_2nat": _("Taking an unfrozen pile needs two natural cards"),
        "pile_conflict": _("Taking the pile for a canasta that holds three wild cards"),
        "pile_frozen": _("The pile is always frozen"),
        "pile_onecard": _("A player holding one card takes a pile of one card"),
        "b3_freeze": _("A black three freezes the pile like a wild card"),
        "meld_wild": _("Wild cards a meld may hold"),
        "wild_melds": _("Melds of wild cards only (seven make a wild canasta)"),
        "go_out_canastas": _("Canastas a side needs before going out"),
        "go_out_clean": _("How many of those canastas must be natural"),
        "out_nowild3": _("The last discard may not be a wild card or a black three"),
        "conc_bonus": _("Bonus for going out concealed"),
        "concealed_pile": _("Going out concealed in a turn that took the pile"),
        "deal_size": _("Cards dealt to each player"),
        "draw_count": _("Cards drawn from the stock each turn"),
        "upcard": _("The first card of the pile"),
        "stock_force": _("Taking the pile once the stock is empty"),
        "stock_recycle": _("Turn the pile over when the stock runs out"),
        "recycle_shuffle": _("Shuffle the pile when it is turned over"),
        "jokers": _("Jokers in the pack"),
        "r3_scale": _("What red threes are worth"),
        "b3_meld4": _("A meld of four black threes scores 100"),
        "b3_hand": _("Penalty for each black three left in a hand"),
        "b3_asr3": _("Black threes are laid out and scored like red threes"),
        "b3_asr3_stop": _("A black three on the pile still blocks it"),
        "target": _("Points needed to win the match"),
        "init_neg50": _("A side with a minus score needs 50 to open"),
        "tiebreak": _("When the highest scores are tied"),
        "sequences": _("Sequences of one suit may be melded"),
        "no_wild_on_canasta": _("No wild card joins a finished canasta"),
        "pile_closed_forbidden": _("A side that has not opened never takes the pile"),
        "r3_plus_canastas": _("Canastas a side needs for its red threes to count plus"),
        "b3_hand_penalty": _("Extra penalty for each black three left in a hand"),
        "short_sequence_penalty": _("Penalty for each sequence left too short"),
        "out_needs_sequence": _("One canasta for going out must be a sequence"),
        "out_must_ask": _("Going out needs the partner's yes"),
        "sequence_grow_out": _("A sequence may grow in the turn that goes out"),
        "meld_max": _("Most cards a canasta may hold"),  # CUB-4, MAC-15
        "wild_canasta_cuban": _("Wild canastas earn 2,000 to 4,000 by their twos"),
        "r3_cuban": _("Red threes count 100, 300, 500 and 1,000 for one to four"),
        "b3_first_round": _("No black three is discarded in the first round"),
        "b3_set_aside": _("Black threes of a taken pile are laid aside and score"),
        "acaba": _("A player may declare Acaba (the others score 1,500)"),
        "calientes": _("Caliente cards in the pack (a side behind in melds may play one)"),
        "ask_once": _('A player may ask "May I go out?" only once a hand'),
        "keep_three": _("One three may stay in hand for a Straight until the side melds"),
        "talon": _("The talon for the player who opens for the side"),
        "splash": _("A natural or wild canasta from the hand opens with no minimum"),
        "special_hands": _("Special hands that end the hand"),  # MAC-33, MAC-35
        "foot_size": _("Cards in each foot"),  # HF-3
        "pile_take_n": _("Cards taken from the pile"),  # HF-7
        "out_clean_and_dirty": _("Closing needs one clean and one dirty canasta"),  # IT-20
        "book_quota": _("Books a side needs before going out"),  # HF-17
    }


def value_label(name: str, value: OptionValue) -> str:
    """A value as the player reads it."""
    worded = _value_texts().get((name, str(value)))
    if worded is not None:
        return worded  # O-HF-PILE-N: 0 is "the whole pile"
    if isinstance(value, int) and not isinstance(value, bool):
        return format_number(value)
    return str(value)


def _value_texts() -> dict[tuple[str, str], str]:
    """Each choice option's values, in the order offered (the engine's own spelling, which
    the engine checks), with the words the player reads."""
    return {
        ("six_seating", "TWO_OF_THREE"): _("Two teams of three"),
        ("six_seating", "THREE_OF_TWO"): _("Three teams of two"),
        ("talon", "STOCK"): _("4 or 3 cards from the stock after the discard"),
        ("talon", "PREDEALT"): _("Packets of 4 and 3 set aside at the deal"),
        ("pile_conflict", "C"): _("Not allowed"),
        ("pile_conflict", "A"): _("A second meld of that rank"),
        ("pile_conflict", "B"): _("No wild limit over seven cards"),
        ("pile_onecard", "ALLOW"): _("Allowed"),
        ("pile_onecard", "FORBID"): _("Not allowed"),
        ("meld_wild", "MAX3"): _("At most three"),
        ("meld_wild", "LE_NAT"): _("No more than its naturals"),
        ("meld_wild", "LT_NAT"): _("Fewer than its naturals"),
        ("meld_wild", "MAX2"): _("At most two"),
        ("meld_wild", "IT"): _("Two, fewer than its naturals"),
        ("go_out_clean", "NONE"): _("None"),
        ("go_out_clean", "ONE"): _("One"),
        ("go_out_clean", "BOTH"): _("All of them"),
        ("concealed_pile", "ALLOWED"): _("Earns the bonus"),
        ("concealed_pile", "DISALLOWED"): _("Earns no bonus"),
        ("upcard", "COVER_WILD_R3"): _("Covered if wild or a red three"),
        ("upcard", "COVER_ANY3_WILD"): _("Covered if wild or any three"),
        ("upcard", "NO_COVER"): _("Never covered"),
        ("stock_force", "ANY"): _("As at any other time"),
        ("stock_force", "PAGAT"): _("A must if the top card fits"),
        ("r3_scale", "FLAT"): _("100 each"),
        ("r3_scale", "PROGRESSIVE"): _("100, 200, 400, 800"),
        ("init_high", "OFF"): _("None"),
        ("init_high", "150"): _("150 points"),
        ("init_high", "CANASTA"): _("A canasta in the opening"),
        ("tiebreak", "DRAW"): _("The match is drawn"),
        ("tiebreak", "EXTRA_HAND"): _("Play more hands"),
        ("special_hands", "NONE"): _("None"),
        ("special_hands", "CLA"): _("The Canasta League's list"),
        ("special_hands", "PAGAT"): _("Pagat's shorter list"),
        ("pile_take_n", "0"): _("The whole pile"),
        # HF-17: Whitnack's quota (the preset's), two red and two black, Saskatchewan's and
        # Steve Simpson's
        ("book_quota", "2,2,1"): _("2 clean, 2 dirty, 1 wild"),
        ("book_quota", "2,2,0"): _("2 clean, 2 dirty"),
        ("book_quota", "1,1,1"): _("1 clean, 1 dirty, 1 wild"),
        ("book_quota", "1,1,0"): _("1 clean, 1 dirty"),
    }


def house_rules(base: str, options: Mapping[str, OptionValue]) -> Rules:
    """The rules of ``base`` with ``options`` switched; ``Refused`` says why not.

    Only the options Custom rules offers may be switched, each with a value of its own
    type; the combination is then the engine's to accept (its dead-deal check, C-DEAL).
    """
    start = PRESETS.get(base)
    if start is None or base not in NEW_GAME_PRESETS:
        text = _("The table starts from rules this game does not offer ({base}).")
        raise Refused(text.format(base=base))
    offered = {option.field: option for option in options_of(start)}
    for name, value in options.items():
        option = offered.get(name)
        if option is None or not _fits(option, value, option_value(start, name)):
            text = _("The table sets an option this game does not offer ({option}).")
            raise Refused(text.format(option=name))
    changes = {name: engine_value(name, value) for name, value in options.items()}
    try:
        return dataclasses.replace(start, **changes)
    except (ValueError, TypeError) as exc:
        raise Refused(refusal(exc)) from None


def _fits(option: Option, value: OptionValue, current: OptionValue) -> bool:
    """A value of the option's own type, and one of its choices where it has them."""
    return type(value) is type(current) and (not isinstance(value, str) or value in option.values)


def refusal(exc: Exception) -> str:
    """The engine's refusal in the player's words: the pack too small to deal (C-DEAL) is
    named; anything else the engine refuses is said plainly."""
    if isinstance(exc, RulesError) and exc.dead_deal:
        text = _(
            "Too few cards: a pack of {pack} cards could not deal this and still leave a "
            "stock (it would need {needed})."
        )
        return text.format(pack=format_number(exc.pack), needed=format_number(exc.needed))
    return _("The game cannot be played with this value and the other rules together.")


def table_check(table: HouseTable) -> str | None:
    """The loader's check of a saved table: ``None`` when it can be dealt."""
    try:
        house_rules(table.base, table.options)
    except Refused as exc:
        return str(exc)
    return None
