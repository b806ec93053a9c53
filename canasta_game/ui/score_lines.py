"""The names of the engine's score lines, in the player's language.

The engine keeps the English ``LINE_TEXT`` for logs and tests; words a player reads live
in the UI, so the score dialog and the score sheet name each line through here.
"""

from __future__ import annotations

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
    "going_out": N_("Going out"),
    "concealed": N_("Going out concealed"),
    "concealed_canastas": N_("Canastas laid from hand"),
    "exact_deal": N_("Exact deal"),
    "wild_meld_penalty": N_("Incomplete wild-card meld"),
    "short_sequences": N_("Short sequences"),
    "black_threes_in_hand": N_("Black threes left in hand"),
    "hand_penalty": N_("Cards left in hand"),
}


def score_line_label(key: str) -> str:
    """A score line's name; a line of a newer engine is named by its key rather than lost."""
    label = LABELS.get(key)
    return _(label) if label is not None else key.replace("_", " ")
