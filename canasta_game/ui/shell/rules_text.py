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
    """Every variant New game can offer: what each changes from Classic."""
    return [*_sequence_sections(), *_spanish_sections(), *_other_sections()]


def _sequence_sections() -> list[tuple[str, list[str]]]:
    """The sequence family (V-SAMBA, V-BOL, V-BRA, V-CHI)."""
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
                    "Your side may start another group of a rank it has already melded, and in "
                    "its turn combine two of its groups of one rank into one, if the result "
                    "holds at most two wild cards and no wild card joins a finished canasta. At "
                    "the table, drag one group onto the other."
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


def _spanish_sections() -> list[tuple[str, list[str]]]:
    """The Spanish rule book's other games: V-URU (URU-1), V-CUB (VARIANTS.md section 6,
    CUB-1..9) and V-BRIT (BRIT-1..3)."""
    return [
        (
            _("Uruguayan Canasta"),
            [
                _(
                    "The original game of 1949 as it was published in Montevideo. The Spanish "
                    "rules call it exactly the original Canasta, so it is played by the "
                    "Classic rules above."
                ),
            ],
        ),
        (
            _("Cuban Canasta"),
            [
                _(
                    "Two packs, 13 cards each, played to 7,500; from 5,000 points the first "
                    "meld needs 150. The pile is always frozen: it is taken only with a natural "
                    "pair of the top card's rank, and never while a wild card is on top."
                ),
                _(
                    "A canasta holds at most seven cards. Melds of wild cards are allowed: "
                    "seven twos make a canasta worth 4,000, four jokers and three twos 3,000, "
                    "any other seven wild cards 2,000."
                ),
                _(
                    "Red threes count 100 for one, 300 for two, 500 for three and 1,000 for "
                    "all four: plus for a side with a canasta, minus for a side without. No "
                    "black three may be discarded in the first round of turns. Black threes in "
                    "a pile that is taken are laid aside and score 5 each, or 100 when a side "
                    "has all four. Going out concealed earns nothing extra."
                ),
            ],
        ),
        (
            _("British Canasta"),
            [
                _(
                    "Classic Canasta with Acaba. In your own turn you may declare Acaba: the "
                    "hand ends at once, your side scores 0 for it and every other side 1,500, "
                    "and nothing else of the hand is scored. It ends a hand that the other "
                    "side controls through the pile."
                ),
                _(
                    "In a partnership you may first ask your partner whether to declare Acaba; "
                    "the answer binds you, as when asking to go out."
                ),
            ],
        ),
        (
            _("Canasta Caliente"),
            [
                _(
                    "Classic Canasta with two Caliente cards in the pack (110 cards), 11 cards "
                    "each, played to 5,000. A Caliente is worth nothing, is not wild and is "
                    "never melded."
                ),
                _(
                    "When your side has fewer melds than every other side, you may play a "
                    "Caliente in your turn after drawing: you draw from the stock until you "
                    "hold eleven cards again, and your side loses 100. A discarded Caliente "
                    "stops the pile like a black three: the next player cannot take it."
                ),
                _(
                    "A Caliente left in your hand at the end doubles what your cards cost; "
                    "two Calientes triple it."
                ),
            ],
        ),
    ]


def _other_sections() -> list[tuple[str, list[str]]]:
    """V-MAC (VARIANTS.md section 4, the CLA rules), V-HF (section 5, Whitnack's version)
    and V-IT (RULES.md V-IT with VARIANTS.md section 7)."""
    return [
        (
            _("Modern American Canasta"),
            [
                _(
                    "Two partnerships, 13 cards each, played to 8,500, with no first card on "
                    "the pile. Every three, red or black, is a bonus card, laid out and "
                    "replaced; threes are never melded or discarded. The pile is always "
                    "frozen, and taking it must not make a meld longer than seven cards."
                ),
                _(
                    "A meld has three to seven cards and at most two wild cards. Once either "
                    "side completes a canasta of a rank, nobody melds that rank again. After "
                    "the first meld a wild card joins only a meld with five natural cards. "
                    "Sevens never take wild cards, aces only in the first meld, and melds of "
                    "wild cards are allowed. A seven, ace, wild card or dead rank may not be "
                    "discarded onto an empty pile."
                ),
                _(
                    "The first meld needs 125, from 3,000 points 155, from 5,000 180, and must "
                    "include three natural cards of one rank; its player then takes four extra "
                    "cards from the stock, three if the other side opened first. Going out "
                    "needs two canastas and a last discard, and scores 100."
                ),
                _(
                    "Canastas: mixed 300, natural 500, natural aces or sevens 2,500, wild "
                    "cards 2,000 to 3,000. Threes of each colour count 100, 300, 500 or 1,000 "
                    "for one to four: minus without a canasta, nothing with one, plus with "
                    "two. An unfinished meld of aces, sevens or wild cards costs 2,000 or "
                    "2,500, and three aces or three sevens left in a hand 1,500. Special hands "
                    "of fourteen cards, such as seven pairs, end the hand for their own score."
                ),
            ],
        ),
        (
            _("Hand and Foot"),
            [
                _(
                    "One pack of 54 cards more than there are players (270 cards for four). "
                    "Each player gets a hand of 13 cards and a foot of 13 that stays face down "
                    "until the hand is used up. Draw two cards and discard one."
                ),
                _(
                    "A meld holds three to seven cards of one rank, fewer wild cards than "
                    "naturals and at most three; melds of wild cards alone are allowed, threes "
                    "never. Seven cards make a book: clean 500, dirty 300, wild 1,500. The pile "
                    "is taken with a natural pair of the top card's rank, or, when it is not "
                    "frozen, by adding the top card to a meld."
                ),
                _(
                    "A match is four deals, with first melds of 50, 90, 120 and 150; the highest "
                    "total wins. To go out you must have played your hand and your foot and "
                    "have your partner's yes, and your side needs two clean books, two dirty "
                    "and one wild; going out scores 100. Red threes score 100 each when laid "
                    "out and cost 100 each when caught in a hand or foot; cards left in a hand "
                    "and an unplayed foot count against the side."
                ),
            ],
        ),
        (
            _("Italian Canasta"),
            [
                _(
                    "Three packs and six jokers, 15 cards each, played until a side passes "
                    "15,000. Red threes are laid aside and replaced from the bottom of the "
                    "stock before the pile is started. The first card of the pile gets as many "
                    "face-down cards under it as its number (jack 11, queen 12, king 13, ace "
                    "14), and whoever takes the pile takes them all. A three, two or joker "
                    "turned up is covered by another card; a red three, two or joker so "
                    "turned freezes the pile."
                ),
                _(
                    "Draw two cards, or take the pile and draw one. You may open at the start "
                    "of your turn, before drawing. The opening needs 50, from 3,001 points 90, "
                    "from 5,001 120, from 7,001 160 and from 10,001 200. An opening of 50 must "
                    "be clean, without wild cards; three twos, or two jokers and a two, count "
                    "as clean. After a clean opening you may take the pile in the same turn, "
                    "after a dirty one only from your next turn."
                ),
                _(
                    "Two natural cards take at most one wild card, three or more at most two. "
                    "Threes are never melded; melds of twos and of jokers are allowed. Only a "
                    "side that has opened takes the pile, with two natural cards of the top "
                    "card's rank from the hand, three when a wild card inside has frozen the "
                    "pile. A black three, two or joker on top blocks it."
                ),
                _(
                    "To close, a side needs at least one clean and one dirty canasta; closing "
                    "scores 500. Canastas: clean 500, dirty 300, aces 1,000 or 500, twos alone "
                    "3,000, jokers 5,000, other wild cards 2,000; five clean canastas earn "
                    "1,000 more. Red threes are 100 each up to three, four 800, five 1,000, six "
                    "1,200: plus with a clean and a dirty canasta, nothing with clean ones only, "
                    "minus with dirty ones only, twice minus with none. Closing before the "
                    "other side has opened makes it pay its cards in hand double."
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
