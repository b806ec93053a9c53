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
