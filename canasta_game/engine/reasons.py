"""Why an action is illegal, as data: the rule ID, a message key and the numbers.

Params carry raw values only (issue 10): a card is its int uid under ``card`` (``cards``: a
tuple of uids), a rank is the int meld key of ``cards`` under ``rank``, counts and seats are
ints. The table words a reason in the player's language (``ui.table.wording``);
``str(reason)`` gives English in engine notation with the rule ID in front, for logs and tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from canasta_game.engine.cards import card_text, rank_text

TEMPLATES: dict[str, str] = {
    "game_over": "the hand is over",
    "not_your_turn": "it is seat {seat}'s turn, not seat {actor}'s",
    "draw_first": "draw a card or take the pile first",
    "already_drew": "you have already drawn this turn",
    "stock_empty_take": "the stock is empty and you can take the pile, so you must",
    "stock_empty_force": "the stock is empty and the pile fits your meld, so you must take it",
    "not_in_hand": "card {card} is not in your hand",
    "duplicate_card": "card {card} is used twice",
    "empty_action": "choose at least one card",
    "discard_one": "discard exactly one card",
    "pile_empty": "the discard pile is empty",
    "pile_blocked_wild": "a wild card on top blocks the pile until a natural card covers it",
    "pile_blocked_b3": "a black three on top blocks the pile for this turn",
    "pile_blocked_r3": "a red three on top blocks the pile until a card covers it",
    "pile_blocked_caliente": "a Caliente on top blocks the pile for this turn",
    "meld_caliente": "a Caliente card is never melded",
    "caliente_off": "there is no Caliente card in these rules",
    "caliente_draw_first": "a Caliente is played in your own turn, after drawing",
    "caliente_none": "you have no Caliente card in your hand",
    "caliente_not_behind": (
        "your side has {count} melds: it needs fewer than every other side ({other})"
    ),
    "frozen_by_card": "the pile is frozen: {card} was discarded or turned up in it",
    "frozen": "the pile is frozen",
    "frozen_always": "the pile is always frozen under these rules",
    "frozen_closed": "the pile is frozen for your side until it opens",
    "pile_frozen_pair": "the pile is frozen for your side: you need two natural {rank}s from "
    "your hand to take it",
    "pile_frozen_closed": "your side has not opened, so the pile is frozen for you: you need "
    "two natural {rank}s from your hand to take it",
    "pile_needs_cards": "to take the pile you need a {rank} meld on the table, or two cards from "
    "your hand ({rank}s or wild cards, at least one natural)",
    "pile_two_naturals": "you need two natural {rank}s to take the pile",
    "pile_no_canasta_add": "the top card cannot be added to a completed canasta to take the pile",
    "pile_card_rank": "only {rank}s and wild cards can go with the top card",
    "pile_one_card": "you cannot take a one-card pile while holding one card",
    "pile_extra_open": "your side has opened: meld the other cards after taking the pile",
    "pile_always_frozen": "the pile is always frozen: you need two natural {rank}s",
    "meld_too_small": "a meld needs at least 3 cards",
    "meld_two_naturals": "a meld needs at least 2 natural cards",
    "meld_one_rank": "the natural cards of a meld must all be of one rank",
    "combine_one_rank": "only two groups of one rank can be combined",
    "sequence_naturals": "a sequence holds natural cards only: no wild cards, no threes",
    "sequence_one_suit": "a sequence holds cards of one suit",
    "sequence_consecutive": "a sequence runs in consecutive ranks from 4 up to A, each once",
    "sequence_full": "a sequence of {size} cards is complete and takes no more cards",
    "sequence_grow_out": "an escalera may grow past 7 cards only when you go out this turn",
    "wild_meld_full": "a wild-card meld holds at most {size} cards",
    "wild_on_canasta": "no wild card may be added to a completed canasta",
    "pile_closed_never": "your side has not opened: the pile cannot be taken for the initial meld",
    # V-IT, Italian Canasta
    "pile_open_only": "only a side that has opened may take the pile: open first",
    "pile_after_dirty_opening": "after a dirty opening the pile may be taken from your next turn",
    "pile_naturals": "you need {need} natural {rank}s from your hand to take the pile",
    "opening_clean": "an opening of {need} must be clean: no wild cards (three 2s or JK-JK-2 "
    "excepted)",
    "open_keep_card": "an opening before the draw must leave a card in your hand",
    "meld_no_threes": "threes are never melded, red or black",
    "out_clean_and_dirty": "to close your side needs a clean and a dirty canasta",
    "close_by_discard": "you close by discarding your last card: keep one card to discard",
    "pile_sequence_end": "the top card does not fit either end of that sequence",
    "pile_sequence_alone": "only the top card itself may extend a sequence to take the pile",
    "out_needs_sequence": "one of the canastas you go out with must be an escalera",
    "out_must_ask": "ask your partner before going out",
    "meld_max": "a meld holds at most {size} cards: a canasta takes no more",
    "acaba_off": "Acaba is not part of these rules",
    "acaba_forbidden": "your partner said no: you may not declare Acaba this turn",
    "b3_first_round": "no black three may be discarded in the first round of turns",
    "meld_threes": "threes cannot be melded (only black threes, three or more, when going out)",
    "meld_wild_only": "a meld of wild cards only is not allowed",
    "meld_wild_cap": "a meld can hold at most {cap} wild cards with {naturals} natural cards",
    "meld_exists": "your side already has a {rank} meld: add to it",
    "meld_same_rank_twice": "two new {rank} melds in one move: make them one meld",
    "meld_not_yours": "you can only add to your own side's melds",
    "meld_no_such": "there is no such meld",
    "meld_wrong_card": "{card} cannot be added to the {rank} meld",
    "meld_add_once": "add to each meld once per move",
    "meld_b3_add": "nothing can be added to the black-three meld",
    "wild_meld_pending": "while your wild-card meld is incomplete, wild cards go only there",
    "init_minimum": "your side needs {need} points to open; these melds count {have}",
    "init_canasta": "at this score the initial meld must include a canasta (natural: {natural})",
    "b3_not_out": "a black-three meld is allowed only when you go out this turn",
    "out_canastas": "your side needs {need} canasta(s) to go out and would have {have}",
    "out_clean": "going out needs {need} natural canasta(s)",
    "out_no_canasta": "your side has no canasta yet, so you must keep at least one card",
    "out_forbidden": "your partner said no: you must keep at least one card",
    "out_required": "your partner said yes: you must go out this turn",
    "out_nowild3": "you cannot go out by discarding a wild card or a black three",
    "b3_must_out": "after melding black threes you must go out: meld the rest first",
    "turn_unfinishable": "after this you could not finish the turn legally",
    "ask_not_partner": "there is no partner to ask",
    "ask_late": "ask right after drawing, before melding",
    "ask_before_draw": "draw first: you may ask to go out right after drawing",
    "ask_again": "you have already asked this turn",
    "ask_once": "you have already asked once this hand",
    "ask_cannot_out": "you cannot go out this turn, so you may not ask",
    "ask_no_choice": "with one card left you must go out anyway, so there is nothing to ask",
    "answer_none": "nobody has asked to go out",
    "out_foot_first": "play your foot before going out",
    "out_books": "going out needs {clean} clean, {dirty} dirty and {wild} wild book(s)",
    "out_needs_discard": "you go out with a discard: keep one card to discard",
    "book_full": "a book of {size} cards is complete: start a new meld beside it",
    "question_pending": "wait for your partner's answer",
    "rank_dead": "the {rank}s are dead: a canasta of them is on the table",
    "sevens_pure": "sevens never take wild cards",
    "aces_pure": "aces take wild cards only in the initial meld",
    "rule_of_five": "a wild card joins only a meld of {need} natural cards (this one has {have})",
    "init_mixed_canasta": "a mixed canasta may not be laid in the initial meld",
    "init_clean_triple": "the initial meld needs three natural cards of one rank with no wild card",
    "pick_pair_only": "pick the pack with a natural pair of {rank}s only",
    "discard_three": "a three is never discarded",
    "discard_wild": "a wild card may be discarded only to go out or from a hand of wild cards",
    "swad": "{card} may not be discarded onto an empty pile: no seven, wild card, ace or dead card",
    "out_open_pure": "your side cannot go out with an incomplete {rank} meld",
    "special_after_draw": "a special hand is laid after drawing from the stock",
}


@dataclass(frozen=True, slots=True)
class Reason:
    rule: str
    key: str
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def values(self) -> dict[str, Any]:
        return dict(self.params)

    def text(self) -> str:
        """The English message without the rule ID, in engine notation (for logs and tests;
        players read ``ui.table.wording.reason_text``)."""
        return TEMPLATES[self.key].format(**_notation(self.values))

    def __str__(self) -> str:
        return f"{self.rule}: {self.text()}"


def _notation(values: dict[str, Any]) -> dict[str, Any]:
    """Raw values in RULES.md notation: a card uid as ``Kh#1``, a rank index as ``K``."""
    out = dict(values)
    if "card" in out:
        out["card"] = card_text(out["card"])
    if "cards" in out:
        out["cards"] = " ".join(card_text(c) for c in out["cards"])
    if "rank" in out:
        out["rank"] = rank_text(out["rank"])
    return out


def reason(rule: str, key: str, **params: Any) -> Reason:
    return Reason(rule, key, tuple(params.items()))
