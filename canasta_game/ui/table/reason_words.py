"""The English sentence of every refusal reason, and the names of cards, ranks and melds.

The engine gives a reason as raw values (a card uid, a rank index, counts); here each key
becomes one whole sentence through ``_()`` or ``ngettext()`` with named
placeholders, so a translator sees the full sentence and every count gets its plural form.
Names of cards and ranks are put into sentences, and languages such as Czech decline them,
so each name is looked up in the grammatical role it plays (the ``pgettext`` context).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from canasta_game.engine.cards import CALIENTE, FOUR, JOKER, RANK_OF, SUIT_OF
from canasta_game.engine.meldrules import MeldKind, meld_kind
from canasta_game.i18n import _, ngettext, npgettext, pgettext

Values = Mapping[str, Any]


# --- names --------------------------------------------------------------------------------
# Each name is a whole phrase per grammatical role (the pgettext context): Czech and Italian
# suit words agree with the rank's gender ("srdcový král", "srdcová dáma"), and Czech puts a
# meld or a rank in another case after each verb, so no name is glued from a rank and a suit.


def card_name(uid: int) -> str:
    """A card as the subject of a sentence: "the king of hearts", "a joker"."""
    rank = RANK_OF[uid]
    if rank == JOKER:
        return pgettext("card, subject", "a joker")
    if rank == CALIENTE:
        return pgettext("card, subject", "a Caliente")  # CAL-1
    return _card_names()[rank * 4 + SUIT_OF[uid]]


def _card_names() -> tuple[str, ...]:
    """Every card but the joker, in the engine's code order (rank * 4 + suit)."""
    return (
        pgettext("card, subject", "the two of clubs"),
        pgettext("card, subject", "the two of diamonds"),
        pgettext("card, subject", "the two of hearts"),
        pgettext("card, subject", "the two of spades"),
        pgettext("card, subject", "the three of clubs"),
        pgettext("card, subject", "the three of diamonds"),
        pgettext("card, subject", "the three of hearts"),
        pgettext("card, subject", "the three of spades"),
        pgettext("card, subject", "the four of clubs"),
        pgettext("card, subject", "the four of diamonds"),
        pgettext("card, subject", "the four of hearts"),
        pgettext("card, subject", "the four of spades"),
        pgettext("card, subject", "the five of clubs"),
        pgettext("card, subject", "the five of diamonds"),
        pgettext("card, subject", "the five of hearts"),
        pgettext("card, subject", "the five of spades"),
        pgettext("card, subject", "the six of clubs"),
        pgettext("card, subject", "the six of diamonds"),
        pgettext("card, subject", "the six of hearts"),
        pgettext("card, subject", "the six of spades"),
        pgettext("card, subject", "the seven of clubs"),
        pgettext("card, subject", "the seven of diamonds"),
        pgettext("card, subject", "the seven of hearts"),
        pgettext("card, subject", "the seven of spades"),
        pgettext("card, subject", "the eight of clubs"),
        pgettext("card, subject", "the eight of diamonds"),
        pgettext("card, subject", "the eight of hearts"),
        pgettext("card, subject", "the eight of spades"),
        pgettext("card, subject", "the nine of clubs"),
        pgettext("card, subject", "the nine of diamonds"),
        pgettext("card, subject", "the nine of hearts"),
        pgettext("card, subject", "the nine of spades"),
        pgettext("card, subject", "the ten of clubs"),
        pgettext("card, subject", "the ten of diamonds"),
        pgettext("card, subject", "the ten of hearts"),
        pgettext("card, subject", "the ten of spades"),
        pgettext("card, subject", "the jack of clubs"),
        pgettext("card, subject", "the jack of diamonds"),
        pgettext("card, subject", "the jack of hearts"),
        pgettext("card, subject", "the jack of spades"),
        pgettext("card, subject", "the queen of clubs"),
        pgettext("card, subject", "the queen of diamonds"),
        pgettext("card, subject", "the queen of hearts"),
        pgettext("card, subject", "the queen of spades"),
        pgettext("card, subject", "the king of clubs"),
        pgettext("card, subject", "the king of diamonds"),
        pgettext("card, subject", "the king of hearts"),
        pgettext("card, subject", "the king of spades"),
        pgettext("card, subject", "the ace of clubs"),
        pgettext("card, subject", "the ace of diamonds"),
        pgettext("card, subject", "the ace of hearts"),
        pgettext("card, subject", "the ace of spades"),
    )


def ranks_subject(key: int) -> str:
    """A meld key as the subject, in the plural: "{ranks} and wild cards can go..."."""
    return _by_key(
        key,
        black_threes=pgettext("ranks, subject", "black threes"),
        wild=pgettext("ranks, subject", "wild cards"),
        groups=(
            pgettext("ranks, subject", "fours"),
            pgettext("ranks, subject", "fives"),
            pgettext("ranks, subject", "sixes"),
            pgettext("ranks, subject", "sevens"),
            pgettext("ranks, subject", "eights"),
            pgettext("ranks, subject", "nines"),
            pgettext("ranks, subject", "tens"),
            pgettext("ranks, subject", "jacks"),
            pgettext("ranks, subject", "queens"),
            pgettext("ranks, subject", "kings"),
            pgettext("ranks, subject", "aces"),
        ),
    )


def ranks_after_melds_of(key: int) -> str:
    """A meld key after "melds of" (a genitive in Czech): "two new melds of {ranks}"."""
    return _by_key(
        key,
        black_threes=pgettext("ranks, after 'melds of'", "black threes"),
        wild=pgettext("ranks, after 'melds of'", "wild cards"),
        groups=(
            pgettext("ranks, after 'melds of'", "fours"),
            pgettext("ranks, after 'melds of'", "fives"),
            pgettext("ranks, after 'melds of'", "sixes"),
            pgettext("ranks, after 'melds of'", "sevens"),
            pgettext("ranks, after 'melds of'", "eights"),
            pgettext("ranks, after 'melds of'", "nines"),
            pgettext("ranks, after 'melds of'", "tens"),
            pgettext("ranks, after 'melds of'", "jacks"),
            pgettext("ranks, after 'melds of'", "queens"),
            pgettext("ranks, after 'melds of'", "kings"),
            pgettext("ranks, after 'melds of'", "aces"),
        ),
    )


def meld_object(key: int) -> str:
    """A meld as the object of a verb: "you need {meld}", "your side already has {meld}"."""
    return _by_key(
        key,
        black_threes=pgettext("meld, object", "the black-three meld"),
        wild=pgettext("meld, object", "the wild-card meld"),
        groups=(
            pgettext("meld, object", "the meld of fours"),
            pgettext("meld, object", "the meld of fives"),
            pgettext("meld, object", "the meld of sixes"),
            pgettext("meld, object", "the meld of sevens"),
            pgettext("meld, object", "the meld of eights"),
            pgettext("meld, object", "the meld of nines"),
            pgettext("meld, object", "the meld of tens"),
            pgettext("meld, object", "the meld of jacks"),
            pgettext("meld, object", "the meld of queens"),
            pgettext("meld, object", "the meld of kings"),
            pgettext("meld, object", "the meld of aces"),
        ),
    )


def meld_added_to(key: int) -> str:
    """A meld after "added to" (another case in Czech): "cannot be added to {meld}"."""
    return _by_key(
        key,
        black_threes=pgettext("meld, after 'added to'", "the black-three meld"),
        wild=pgettext("meld, after 'added to'", "the wild-card meld"),
        groups=(
            pgettext("meld, after 'added to'", "the meld of fours"),
            pgettext("meld, after 'added to'", "the meld of fives"),
            pgettext("meld, after 'added to'", "the meld of sixes"),
            pgettext("meld, after 'added to'", "the meld of sevens"),
            pgettext("meld, after 'added to'", "the meld of eights"),
            pgettext("meld, after 'added to'", "the meld of nines"),
            pgettext("meld, after 'added to'", "the meld of tens"),
            pgettext("meld, after 'added to'", "the meld of jacks"),
            pgettext("meld, after 'added to'", "the meld of queens"),
            pgettext("meld, after 'added to'", "the meld of kings"),
            pgettext("meld, after 'added to'", "the meld of aces"),
        ),
    )


def naturals_counted(key: int, count: int) -> str:
    """A number of cards for a meld key, as the object of "you need": "2 natural kings"."""
    kind = meld_kind(key)
    if kind is MeldKind.BLACK_THREES:
        text = npgettext("cards, counted", "{count} black three", "{count} black threes", count)
    elif kind is MeldKind.WILD:
        text = npgettext("cards, counted", "{count} wild card", "{count} wild cards", count)
    else:
        text = (
            npgettext("cards, counted", "{count} natural four", "{count} natural fours", count),
            npgettext("cards, counted", "{count} natural five", "{count} natural fives", count),
            npgettext("cards, counted", "{count} natural six", "{count} natural sixes", count),
            npgettext("cards, counted", "{count} natural seven", "{count} natural sevens", count),
            npgettext("cards, counted", "{count} natural eight", "{count} natural eights", count),
            npgettext("cards, counted", "{count} natural nine", "{count} natural nines", count),
            npgettext("cards, counted", "{count} natural ten", "{count} natural tens", count),
            npgettext("cards, counted", "{count} natural jack", "{count} natural jacks", count),
            npgettext("cards, counted", "{count} natural queen", "{count} natural queens", count),
            npgettext("cards, counted", "{count} natural king", "{count} natural kings", count),
            npgettext("cards, counted", "{count} natural ace", "{count} natural aces", count),
        )[key - FOUR]
    return text.format(count=count)


def _by_key(key: int, *, black_threes: str, wild: str, groups: tuple[str, ...]) -> str:
    """The name among a role's names that fits a meld key (a rank, black threes, wild)."""
    kind = meld_kind(key)
    if kind is MeldKind.BLACK_THREES:
        return black_threes
    if kind is MeldKind.WILD:
        return wild
    return groups[key - FOUR]


# --- sentences ----------------------------------------------------------------------------


def _needed(v: Values) -> str:
    return naturals_counted(v["rank"], v["need"])


MESSAGES: dict[str, Callable[[Values], str]] = {
    "game_over": lambda v: _("The hand is over."),
    "not_your_turn": lambda v: _("It is not your turn."),
    "draw_first": lambda v: _("Draw a card or take the pile first."),
    "already_drew": lambda v: _("You have already drawn this turn."),
    "stock_empty_take": lambda v: _(
        "The stock is empty and you can take the pile, so you must take it."
    ),
    "stock_empty_force": lambda v: _(
        "The stock is empty and the top card fits one of your melds, so you must take the pile."
    ),
    "not_in_hand": lambda v: _("{card} is not in your hand.").format(card=card_name(v["card"])),
    "duplicate_card": lambda v: _("{card} is used twice.").format(card=card_name(v["card"])),
    "empty_action": lambda v: _("Choose at least one card."),
    "discard_one": lambda v: _("Discard exactly one card."),
    "pile_empty": lambda v: _("The discard pile is empty."),
    "pile_blocked_wild": lambda v: _(
        "A wild card on top blocks the pile until a natural card covers it."
    ),
    "pile_blocked_b3": lambda v: _("A black three on top blocks the pile for this turn."),
    "pile_blocked_r3": lambda v: _("A three on top blocks the pile until a card covers it."),
    "frozen_by_card": lambda v: _("The pile is frozen: {card} lies in it.").format(
        card=card_name(v["card"])
    ),
    "frozen": lambda v: _("The pile is frozen."),
    "frozen_always": lambda v: _("Under these rules the pile is always frozen."),
    "frozen_closed": lambda v: _("The pile is frozen for your side until your side has melded."),
    "pile_frozen_pair": lambda v: _(
        "The pile is frozen: you need {cards} from your hand to take it."
    ).format(cards=_needed(v)),
    "pile_frozen_closed": lambda v: _(
        "Your side has not melded yet, so the pile is frozen for you: you need {cards} from "
        "your hand to take it."
    ).format(cards=_needed(v)),
    "pile_always_frozen": lambda v: _(
        "The pile is always frozen: you need {cards} from your hand."
    ).format(cards=_needed(v)),
    "pile_two_naturals": lambda v: _("You need {cards} from your hand to take the pile.").format(
        cards=_needed(v)
    ),
    "pile_needs_cards": lambda v: _(
        "To take the pile you need {meld} on the table, or two matching cards from your "
        "hand (at least one of them natural)."
    ).format(meld=meld_object(v["rank"])),
    "pile_no_canasta_add": lambda v: _(
        "The top card cannot be added to a finished canasta to take the pile."
    ),
    "pile_card_rank": lambda v: _("Only {ranks} and wild cards can go with the top card.").format(
        ranks=ranks_subject(v["rank"])
    ),
    "pile_one_card": lambda v: _("You cannot take a pile of one card while you hold one card."),
    "pile_extra_open": lambda v: _(
        "Your side has already melded: take the pile first, then meld the other cards."
    ),
    "meld_too_small": lambda v: _("A meld needs at least three cards."),
    "meld_two_naturals": lambda v: _("A meld needs at least two natural cards."),
    "meld_one_rank": lambda v: _("The natural cards of a meld must all be of one rank."),
    "combine_one_rank": lambda v: _("Only two groups of one rank can be combined."),
    "sequence_naturals": lambda v: _(
        "A sequence holds natural cards only: no wild cards and no threes."
    ),
    "sequence_one_suit": lambda v: _("A sequence holds cards of one suit."),
    "sequence_consecutive": lambda v: _(
        "A sequence runs in consecutive ranks from 4 up to ace, each rank once."
    ),
    "sequence_full": lambda v: _(
        "A sequence of {size} cards is complete and takes no more cards."
    ).format(size=v["size"]),
    "sequence_grow_out": lambda v: _(
        "An escalera may grow past seven cards only when you go out this turn."
    ),
    "wild_meld_full": lambda v: _("A wild-card meld holds at most {size} cards.").format(
        size=v["size"]
    ),
    "wild_on_canasta": lambda v: _("No wild card may be added to a completed canasta."),
    "pile_closed_never": lambda v: _(
        "Your side has not melded yet: the pile cannot be taken for the initial meld."
    ),
    # V-IT, Italian Canasta (the rule book's words: aprire, pozzo, pulita, sporca)
    "pile_open_only": lambda v: _(
        "Only a side that has opened may take the pile: open first (you may open before drawing)."
    ),
    "pile_after_dirty_opening": lambda v: _(
        "After a dirty opening the pile can be taken from your next turn."
    ),
    "pile_naturals": lambda v: _("To take the pile you need {cards} from your hand.").format(
        cards=_needed(v)
    ),
    "opening_clean": lambda v: _(
        "An opening of {need} must be clean: no wild cards, except three 2s or two jokers and a 2."
    ).format(need=v["need"]),
    "open_keep_card": lambda v: _("An opening before the draw must leave a card in your hand."),
    "meld_no_threes": lambda v: _("Threes are never melded, red or black."),
    "close_by_discard": lambda v: _(
        "You close by discarding your last card: keep one card to discard."
    ),
    "out_clean_and_dirty": lambda v: _(
        "To close, your side needs a clean canasta and a dirty canasta."
    ),
    "pile_sequence_end": lambda v: _("The top card does not fit either end of that sequence."),
    "pile_sequence_alone": lambda v: _(
        "Only the top card by itself may extend a sequence to take the pile."
    ),
    "out_needs_sequence": lambda v: _("One of the canastas you go out with must be an escalera."),
    "out_must_ask": lambda v: _("Ask your partner before going out."),
    "meld_max": lambda v: _(
        "A meld holds at most {size} cards: a finished canasta takes no more."
    ).format(size=v["size"]),
    "acaba_off": lambda v: _("Acaba is not part of these rules."),
    "pile_blocked_caliente": lambda v: _("A Caliente on top blocks the pile for this turn."),
    "meld_caliente": lambda v: _("A Caliente is never melded: play it or discard it."),
    "caliente_off": lambda v: _("There are no Caliente cards in these rules."),
    "caliente_draw_first": lambda v: _("Play a Caliente in your own turn, after drawing."),
    "caliente_none": lambda v: _("You have no Caliente in your hand."),
    "caliente_not_behind": lambda v: ngettext(
        "Your side has {count} meld: you may play a Caliente only with fewer melds than "
        "every other side ({other}).",
        "Your side has {count} melds: you may play a Caliente only with fewer melds than "
        "every other side ({other}).",
        v["count"],
    ).format(count=v["count"], other=v["other"]),
    "acaba_forbidden": lambda v: _("Your partner said no: you may not declare Acaba this turn."),
    "b3_first_round": lambda v: _("No black three may be discarded in the first round of turns."),
    "meld_threes": lambda v: _(
        "Threes cannot be melded, except three or more black threes when you go out."
    ),
    "meld_wild_only": lambda v: _("A meld of wild cards only is not allowed."),
    "meld_wild_cap": lambda v: ngettext(
        "With {naturals} natural cards a meld can hold at most {cap} wild card.",
        "With {naturals} natural cards a meld can hold at most {cap} wild cards.",
        v["cap"],
    ).format(cap=v["cap"], naturals=v["naturals"]),
    "meld_exists": lambda v: _("Your side already has {meld}: add to it.").format(
        meld=meld_object(v["rank"])
    ),
    "meld_same_rank_twice": lambda v: _(
        "Two new melds of {ranks} in one move: make them one meld."
    ).format(ranks=ranks_after_melds_of(v["rank"])),
    "meld_not_yours": lambda v: _("You can only add to your own side's melds."),
    "meld_no_such": lambda v: _("There is no such meld."),
    "meld_wrong_card": lambda v: _("{card} cannot be added to {meld}.").format(
        card=card_name(v["card"]), meld=meld_added_to(v["rank"])
    ),
    "meld_add_once": lambda v: _("Add to each meld only once per move."),
    "meld_b3_add": lambda v: _("Nothing can be added to the black-three meld."),
    "wild_meld_pending": lambda v: _(
        "While your wild-card meld is unfinished, wild cards can only go there."
    ),
    "init_minimum": lambda v: ngettext(
        "Your side needs {need} points to open; these melds count {have}.",
        "Your side needs {need} points to open; these melds count {have}.",
        v["need"],
    ).format(need=v["need"], have=v["have"]),
    "init_canasta": lambda v: (
        _("At this score your first melds must include a natural canasta.")
        if v["natural"]
        else _("At this score your first melds must include a canasta.")
    ),
    "b3_not_out": lambda v: _("Black threes can be melded only when you go out this turn."),
    "out_canastas": lambda v: ngettext(
        "To go out your side needs {need} canasta and would have {have}.",
        "To go out your side needs {need} canastas and would have {have}.",
        v["need"],
    ).format(need=v["need"], have=v["have"]),
    "out_clean": lambda v: ngettext(
        "To go out your side needs {need} natural canasta.",
        "To go out your side needs {need} natural canastas.",
        v["need"],
    ).format(need=v["need"]),
    "out_no_canasta": lambda v: _(
        "Your side has no canasta yet, so you must keep at least one card."
    ),
    "out_forbidden": lambda v: _("Your partner said no: you must keep at least one card."),
    "out_required": lambda v: _("Your partner said yes: you must go out this turn."),
    "out_nowild3": lambda v: _("You cannot go out by discarding a wild card or a black three."),
    "b3_must_out": lambda v: _("After melding black threes you must go out: meld the rest first."),
    "turn_unfinishable": lambda v: _("After this you could not finish your turn legally."),
    "ask_not_partner": lambda v: _("You have no partner to ask."),
    "ask_late": lambda v: _("Ask right after drawing, before you meld."),
    "ask_before_draw": lambda v: _("Draw first: you may ask to go out right after drawing."),
    "ask_again": lambda v: _("You have already asked this turn."),
    "ask_once": lambda v: _("You may ask to go out only once a hand, and you have asked."),
    "ask_cannot_out": lambda v: _("You cannot go out this turn, so you may not ask."),
    "ask_no_choice": lambda v: _(
        "With one card left you must go out anyway, so there is nothing to ask."
    ),
    "answer_none": lambda v: _("Nobody has asked to go out."),
    "out_foot_first": lambda v: _("Play your foot before you go out."),
    "out_books": lambda v: _(
        "To go out your side needs clean books: {clean}, dirty books: {dirty}, wild books: {wild}."
    ).format(clean=v["clean"], dirty=v["dirty"], wild=v["wild"]),
    "out_needs_discard": lambda v: _("You go out with a discard: keep one card to discard."),
    "book_full": lambda v: _(
        "A book of {size} cards is complete: start a new meld beside it."
    ).format(size=v["size"]),
    "question_pending": lambda v: _("Wait for your partner's answer."),
    # Modern American Canasta (MAC-*)
    "rank_dead": lambda v: _(
        "{ranks} are dead: a canasta of them is on the table, so nobody may meld them."
    ).format(ranks=ranks_subject(v["rank"])),
    "sevens_pure": lambda v: _("Sevens never take wild cards."),
    "aces_pure": lambda v: _("Aces take wild cards only in your side's initial meld."),
    "rule_of_five": lambda v: _(
        "Rule of five: a wild card may join only a meld of {need} natural cards; "
        "this one would have {have}."
    ).format(need=v["need"], have=v["have"]),
    "init_mixed_canasta": lambda v: _("A mixed canasta may not be laid in the initial meld."),
    "init_clean_triple": lambda v: _(
        "The initial meld needs a clean triple: three natural cards of one rank without a "
        "wild card."
    ),
    "pick_pair_only": lambda v: _(
        "Pick the pack with a natural pair of {ranks} only, without wild cards."
    ).format(ranks=ranks_after_melds_of(v["rank"])),
    "discard_three": lambda v: _("A three is never discarded."),
    "discard_wild": lambda v: _(
        "A wild card may be discarded only to go out, or when you hold nothing but wild cards."
    ),
    "swad": lambda v: _(
        "{card} may not go onto an empty pile: no seven, wild card, ace or dead card."
    ).format(card=card_name(v["card"])),
    "out_open_pure": lambda v: _("Your side cannot go out while {meld} is incomplete.").format(
        meld=meld_object(v["rank"])
    ),
    "special_after_draw": lambda v: _("A special hand is laid after drawing from the stock."),
}
