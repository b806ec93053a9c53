"""Hand and Foot for the computer players: aim the wild cards at the wild book (HF-17).

The book quota of Whitnack's version needs a wild book, seven wild cards on one meld; a
player who spreads wild cards over dirty melds never gets there, and the side never goes
out. So while the side lacks its wild books, a wild card laid on the wild meld is worth
more than one laid anywhere else.
"""

from __future__ import annotations

from canasta_game.engine.actions import Meld
from canasta_game.engine.meldrules import CanastaKind, MeldKind
from canasta_game.engine.observation import PlayerView

WILD_BOOK_PULL = 160.0  # per wild card laid towards a missing wild book
WILD_ELSEWHERE = 60.0  # per wild card laid on a group meld while the wild book is missing


def wild_book_gain(view: PlayerView, move: Meld) -> float:
    """HF-17: points for building the wild book the quota still needs, and against spending
    wild cards elsewhere meanwhile (0 where the rules need no wild book)."""
    quota = view.rules.book_quota
    facts = view.meld_facts[view.side]
    if not quota or sum(1 for f in facts if f.canasta is CanastaKind.WILD) >= quota[2]:
        return 0.0
    wild = view.rules.wild
    wild_mids = {f.mid for f in facts if f.kind is MeldKind.WILD}
    towards = sum(1 for cards in move.new for c in cards if all(wild[x] for x in cards))
    towards += sum(len(cards) for mid, cards in move.add if mid in wild_mids)
    spent = sum(1 for c in move.cards() if wild[c]) - towards
    return WILD_BOOK_PULL * towards - WILD_ELSEWHERE * spent
