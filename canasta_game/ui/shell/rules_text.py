"""A readable summary of Classic Canasta and its presets for the Rules screen and docs/.

The full specification (RULES.md) is written for programmers; players need the game in a
few minutes' reading. Each paragraph is its own ``_()`` message so translators get units
they can handle, and the markup (pygame_gui's small HTML subset) stays out of the texts.
"""

from __future__ import annotations

from html import escape

from canasta_game.i18n import _
from canasta_game.ui.shell.theme import GOLD


def sections() -> list[tuple[str, list[str]]]:
    """(heading, paragraphs) in reading order, in the active language."""
    return [
        (
            _("The aim"),
            [
                _(
                    "Canasta is played with two packs of cards and four jokers (108 cards). "
                    "Players score by laying down melds of cards of the same rank; a meld of seven "
                    "or more cards is a canasta, worth a large bonus. The first side to reach "
                    "5,000 points over several hands wins the match."
                ),
                _(
                    "Four players play as two partnerships, partners sitting opposite and sharing "
                    "their melds and their score. Two, three, five and six players have their "
                    "own versions, listed at the end."
                ),
            ],
        ),
        (
            _("The cards"),
            [
                _(
                    "Jokers and twos are wild: they can stand for any rank from four to ace. "
                    "Red threes are bonus cards, laid out at once and replaced from the stock. "
                    "Black threes are stop cards: a black three on top of the pile blocks it."
                ),
                _(
                    "Card values: joker 50; ace and two 20; king down to eight 10; seven down to "
                    "four and the black three 5."
                ),
            ],
        ),
        (
            _("A turn"),
            [
                _(
                    "Draw the top card of the stock, or take the whole discard pile (see below). "
                    "Then meld as many cards as you like, and end the turn by discarding one card "
                    "onto the pile."
                ),
            ],
        ),
        (
            _("Melds"),
            [
                _(
                    "A meld has at least three cards of one rank from four to ace, with at least "
                    "two natural cards and no more than three wild cards. You may add cards to "
                    "your side's melds at any time during your turn, canastas included. A side "
                    "has only one meld of each rank."
                ),
                _("A canasta is natural (no wild cards, 500 points) or mixed (300 points)."),
            ],
        ),
        (
            _("The first meld"),
            [
                _(
                    "A side's first meld of the hand must be worth a minimum, counted from the "
                    "card values alone: 15 with a negative score, 50 from 0, 90 from 1,500 and "
                    "120 from 3,000 points."
                ),
            ],
        ),
        (
            _("Taking the pile"),
            [
                _(
                    "To take the pile you must use its top card at once: either add it to one of "
                    "your melds, or meld it with two cards from your hand (at least one of them "
                    "natural). Then the rest of the pile goes into your hand."
                ),
                _(
                    "The pile is frozen while it holds a wild card or a red three, and for a "
                    "side that has not yet melded. A frozen pile can only be taken with a natural "
                    "pair of the top card's rank."
                ),
            ],
        ),
        (
            _("Going out"),
            [
                _(
                    "You may go out (get rid of your last card) once your side has a canasta. In "
                    "a partnership you may first ask your partner; the answer binds you. Going "
                    "out scores 100, or 200 when you meld your whole hand at once without having "
                    "melded before (going out concealed)."
                ),
                _(
                    "Black threes can be melded only in the turn you go out: three or more of "
                    "them, without wild cards."
                ),
                _(
                    "The hand also ends when the stock runs out and the next player cannot take "
                    "the pile."
                ),
            ],
        ),
        (
            _("Scoring a hand"),
            [
                _(
                    "Each side adds the values of its melded cards, its canasta bonuses, 100 per "
                    "red three (800 for all four) and any bonus for going out, then subtracts the "
                    "value of the cards left in its players' hands. Red threes count against a "
                    "side that has melded nothing."
                ),
            ],
        ),
        (
            _("Other numbers of players"),
            [
                _(
                    "Two players: 15 cards each, draw two cards a turn and discard one, two "
                    "canastas to go out. Three players: 13 cards each, everyone for themselves."
                ),
                _(
                    "Five players: three packs and six jokers (162 cards), 11 cards each, "
                    "everyone for themselves."
                ),
                _(
                    "Six players: three packs and six jokers, 13 cards each and two canastas to "
                    "go out. Two teams of three play to 10,000 (from 7,500 points the first meld "
                    "needs 150); three teams of two play to 7,500."
                ),
            ],
        ),
        (
            _("Czech house rules"),
            [
                _(
                    "Played to 10,000. A natural canasta earns 600, a mixed one 300. Melds of wild "
                    "cards alone are allowed, and seven wild cards make a wild canasta worth "
                    "1,000."
                ),
                _(
                    "The last card of the player who goes out is discarded face down. Going out "
                    "with a meld of black threes scores 300 instead of 100. A side without a "
                    "canasta at the end of the hand subtracts its melded cards as well."
                ),
            ],
        ),
        *variant_sections(),
        (
            _("House rules"),
            [
                _(
                    "House rules such as a pile that is always frozen or a different target can "
                    "be chosen in the New game dialog."
                ),
            ],
        ),
    ]


def variant_sections() -> list[tuple[str, list[str]]]:
    """The sequence family (V-SAMBA, V-BOL, V-BRA, V-CHI): what each changes from Classic."""
    return [
        (
            _("Samba"),
            [
                _(
                    "Three packs and six jokers (162 cards); 15 cards each, 13 with six players. "
                    "Draw two cards from the stock and discard one; whoever takes the pile draws "
                    "nothing."
                ),
                _(
                    "Besides groups of one rank you may meld sequences: three to seven "
                    "consecutive natural cards of one suit from four up to ace, never with a "
                    "three or a wild card. Seven in a row are a samba, worth 1,500, and take no "
                    "more cards. Several sequences of one suit stay separate."
                ),
                _(
                    "A group holds at most two wild cards, and no wild card may be added to a "
                    "finished canasta. You may always take the pile with a natural pair of the "
                    "top card's rank; when it is not frozen, also by adding the top card alone "
                    "to a group or to either end of a sequence that is not yet a canasta, but "
                    "never with one natural and one wild card."
                ),
                _(
                    "From 7,000 points the first meld needs 150. Going out needs two canastas "
                    "and scores 200; going out concealed earns nothing extra. Red threes count "
                    "100 each, all six 1,000, but only plus for a side with two canastas. The "
                    "match is played to 10,000."
                ),
            ],
        ),
        (
            _("Bolivia"),
            [
                _(
                    "Samba with melds of wild cards: three to seven twos and jokers; seven make "
                    "a bolivia, worth 2,500, which takes no more cards. A seven-card sequence is "
                    "called an escalera (1,500), and one of the two canastas you go out with "
                    "must be an escalera."
                ),
                _(
                    "A wild card on top of the pile blocks it. A black three left in a hand "
                    "when a player goes out costs 100. The match is played to 15,000."
                ),
            ],
        ),
        (
            _("Brazilian Canasta"),
            [
                _(
                    "Bolivia played to 10,000, where the pile may never be taken for the first "
                    "meld. From 7,000 points the first meld must include a canasta, from 8,000 "
                    "a canasta and 200 points, from 9,000 a natural canasta."
                ),
                _(
                    "A bolivia earns 2,000. Any two canastas let you go out, an escalera is not "
                    "needed, but you must ask your partner first; going out, you may lengthen "
                    "an escalera past seven cards. A sequence of fewer than five cards at the end "
                    "of the hand costs 1,000. Red threes count plus once the side has one "
                    "canasta: 100 each, five 1,000, six 1,200."
                ),
            ],
        ),
        (
            _("Chilean Canasta"),
            [
                _(
                    "Played as Bolivia, with three packs, or with four packs and eight jokers "
                    "(216 cards)."
                ),
            ],
        ),
    ]


def rules_html() -> str:
    """The summary in pygame_gui's HTML subset, headings in gold."""
    gold = "#{:02x}{:02x}{:02x}".format(*GOLD)
    parts: list[str] = []
    for heading, paragraphs in sections():
        parts.append(f'<font color="{gold}" size=5><b>{escape(heading)}</b></font><br>')
        for paragraph in paragraphs:
            parts.append(f"{escape(paragraph)}<br><br>")
    return "".join(parts)


def rules_markdown(links: str = "") -> str:
    """The same summary as a Markdown page (``docs/rules*.md``), ``links`` under the title."""
    parts = [f"# {_('Rules of Classic Canasta')}\n"]
    if links:
        parts.append(f"{links}\n")
    for heading, paragraphs in sections():
        parts.append(f"## {heading}\n")
        parts.extend(f"{paragraph}\n" for paragraph in paragraphs)
    return "\n".join(parts)
