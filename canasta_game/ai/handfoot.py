"""Hand and Foot for the computer players: aim the wild cards at the wild book (HF-17).

The book quota of Whitnack's version needs a wild book, seven wild cards on one meld; a
player who spreads wild cards over dirty melds never gets there, and the side never goes
out. So while the side lacks its wild books, a wild card laid on the wild meld is worth
more than one laid anywhere else.
"""

from __future__ import annotations

from canasta_game.ai.handsense import hand_after
from canasta_game.ai.situation import Situation
from canasta_game.engine.actions import Meld, TakePile
from canasta_game.engine.meldrules import CanastaKind, MeldKind
from canasta_game.engine.observation import PlayerView

WILD_BOOK_PULL = 160.0  # per wild card laid towards a missing wild book
#: per wild card laid on a group meld while the wild book is missing: arena, Medium against
#: the Medium of the step before (Hand and Foot, duplicate deals, games of four deals): 120
#: over 60 +387 [+242, +531] a hand (seed 4, 300 games), 200 over 120 +262 [+117, +407]
#: (seed 5), 400 over 200 -37 [-171, +98] (seed 6); 200 over 60, seed 7, 400 games: 67.3%
#: [62.5, 71.7], +723 [+600, +845] a hand
WILD_ELSEWHERE = 200.0
FOOT_REACHED = 200.0  # a meld that leaves one card (to discard) on the way to the foot
FOOT_AT_ONCE = 250.0  # one that melds the last card: the foot comes at once (HF-8)
SWELL_CARD = 10.0  # per pile card below the top once the side has its books: it must go too


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


def pile_swell_cost(view: PlayerView, take: TakePile, situation: Situation) -> float:
    """HF-16: what a pile costs a player who has to empty hand and foot to go out.

    Once the side holds its books every card taken is one more to meld or throw before going
    out, so a big pile that would be a gain in Classic only swells the hand. 0 outside Hand
    and Foot (no book quota), and 0 before the books: the pile is the game's engine then.
    Its black threes (never melded, HF-12) cost nothing either: each is a stop to throw
    (arena, Medium against Medium, games of four deals: 40 a black three against 10, -776
    [-904, -648] a hand, seed 9; 10 against 40 +593 [+444, +742], seed 10; none against 10
    +181 [+60, +302], seed 11; 300 games each).
    """
    del take  # every way of taking brings the whole pile (HF-7)
    if not view.rules.book_quota or not situation.can_go_out_quota:
        return 0.0
    return SWELL_CARD * len(view.pile_cards[:-1])


def foot_gain(view: PlayerView, move: Meld) -> float:
    """HF-8, HF-16: reaching the foot is the first goal of the hand, since nobody goes out
    with it unplayed; a meld that leaves one card to discard or none is worth more than the
    wild cards it spends (``wild_book_gain``) or the cards it could have kept. 0 once the foot
    is played, or outside Hand and Foot."""
    if not view.rules.foot_size or not view.foot_sizes[view.seat]:
        return 0.0
    left = len(hand_after(view.hand, move))
    if left == 0:
        return FOOT_AT_ONCE
    return FOOT_REACHED if left == 1 else 0.0
