"""The names of the engine's score lines, in the player's language.

The engine keeps the English ``LINE_TEXT`` for logs and tests; words a player reads live
in the UI, so the score dialog and the score sheet name each line through here.
"""

from __future__ import annotations

from canasta_game.engine.rules import Rules
from canasta_game.i18n import N_, _

LABELS: dict[str, str] = {
    "melded_cards": N_("Melded cards"),
    "natural_canastas": N_("Natural canastas"),
    "mixed_canastas": N_("Mixed canastas"),
    "wild_canastas": N_("Wild-card canastas"),
    "natural_ace_canastas": N_("Natural canastas of aces"),
    "mixed_ace_canastas": N_("Mixed canastas of aces"),
    "pure_twos_canastas": N_("Canastas of 2s only (Pinellata)"),
    "jokers_canastas": N_("Canastas of jokers (Toro Seduto)"),
    "five_clean_canastas": N_("Five natural canastas"),
    "pay_double": N_("Paying double: closed out before opening"),
    "sequence_canastas": N_("Sequence canastas"),
    "red_threes": N_("Red threes"),
    "black_threes_bonus": N_("Black threes laid out"),
    "black_threes_set_aside": N_("Black threes set aside"),
    "going_out": N_("Going out"),
    "concealed": N_("Going out concealed"),
    "concealed_canastas": N_("Canastas laid from hand"),
    "exact_deal": N_("Exact deal"),
    "wild_meld_penalty": N_("Incomplete wild-card meld"),
    "short_sequences": N_("Short sequences"),
    "black_threes_in_hand": N_("Black threes left in hand"),
    "hand_penalty": N_("Cards left in hand"),
    "acaba_declared": N_("Acaba declared"),
    "acaba_opponents": N_("The opponents declared Acaba"),
    # Canasta Caliente (CAL-2, CAL-4)
    "calientes_played": N_("Calientes played (-100 each)"),
    "calientes_in_hand": N_("Calientes in hand: penalty ×2 or ×3"),
    # Modern American Canasta (MAC-36..42)
    "ace_canastas": N_("Natural canastas of aces"),
    "seven_canastas": N_("Natural canastas of sevens"),
    "joker_canastas": N_("Four-joker canastas"),
    "deuce_canastas": N_("Canastas of seven twos"),
    "black_threes": N_("Black threes"),
    "open_aces_penalty": N_("Incomplete meld of aces"),
    "open_sevens_penalty": N_("Incomplete meld of sevens"),
    "aces_in_hand": N_("3+ aces left in a hand"),
    "sevens_in_hand": N_("3+ sevens left in a hand"),
    "special_hand": N_("Special hand"),
    "clean_books": N_("Clean books"),
    "dirty_books": N_("Dirty books"),
    "wild_books": N_("Wild books"),
    "red_threes_caught": N_("Red threes caught in hand or foot"),
    "foot_penalty": N_("Cards left in the foot"),
}


#: MAC-33, MAC-35: the special hands by the CLA's (and pagat's) names.
SPECIAL_HANDS: dict[str, str] = {
    "pairs": N_("Pairs"),
    "wild_pairs": N_("Wild Pairs"),
    "miami_pairs": N_("Miami Pairs"),
    "zip_code": N_("Zip Code"),
    "straight": N_("Straight"),
    "garbage": N_("Garbage"),
    "blast_off": N_("Blast Off"),
    "triples": N_("Triples"),
    "quads": N_("Quads"),
    "dream_hand_4": N_("Dream Hand +4"),
    "dream_hand_5": N_("Dream Hand +5"),
}


def special_hand_name(key: str) -> str:
    """A special hand's name in the player's language (its key if a newer engine adds one)."""
    name = SPECIAL_HANDS.get(key)
    return _(name) if name is not None else key.replace("_", " ")


#: The sequence family names its canastas as the rule books do: a samba (V-SAMBA), or an
#: escalera where bolivias exist (BOL-3, BOL-4).
SAMBA_LABELS: dict[str, str] = {"sequence_canastas": N_("Sambas")}
BOLIVIA_LABELS: dict[str, str] = {
    "sequence_canastas": N_("Escaleras"),
    "wild_canastas": N_("Bolivias"),
}


def score_line_label(key: str, rules: Rules | None = None) -> str:
    """A score line's name, in the terms of ``rules``' variant; a line of a newer engine is
    named by its key rather than lost."""
    if rules is not None and rules.sequences:
        family = BOLIVIA_LABELS if rules.wild_melds else SAMBA_LABELS
        if key in family:
            return _(family[key])
    label = LABELS.get(key)
    return _(label) if label is not None else key.replace("_", " ")
