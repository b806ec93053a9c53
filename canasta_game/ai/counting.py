"""Card counting from the view: what is still hidden, and who can hold what.

Every safe-discard decision reduces to one question: could the next opponent take the pile
if this card were on top? With perfect memory of the face-up cards (the view's pile, melds,
known cards and discard history) the unseen cards of each rank are known exactly; an
opponent's unknown hand cards are a random draw from them, so the chance that it holds a
pair of a rank is hypergeometric. A rank with at most one unseen card left is *dead* for a
natural pair.
"""

from __future__ import annotations

from collections import Counter
from math import comb

from canasta_game.ai.determinize import unseen_cards
from canasta_game.engine.cards import IS_NATURAL, RANK_OF
from canasta_game.engine.observation import PlayerView


class CardCount:
    """Unseen cards per rank and the hidden hand sizes, from one view."""

    __slots__ = ("hidden_hand", "pool", "unseen_rank", "unseen_wild", "view")

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        unseen = unseen_cards(view)
        self.unseen_rank: Counter[int] = Counter(RANK_OF[c] for c in unseen if IS_NATURAL[c])
        self.unseen_wild = sum(1 for c in unseen if view.rules.wild[c])
        # bonus threes (C-R3-1, O-B3-ASR3) never sit in a hand after the deal
        self.pool = sum(1 for c in unseen if not view.rules.is_bonus_three(c))
        self.hidden_hand = [
            max(0, size - len(known))
            for size, known in zip(view.hand_sizes, view.known, strict=True)
        ]

    def known_of_rank(self, seat: int, rank: int) -> int:
        return sum(1 for c in self.view.known[seat] if RANK_OF[c] == rank and IS_NATURAL[c])

    def known_wilds(self, seat: int) -> int:
        return sum(1 for c in self.view.known[seat] if self.view.rules.wild[c])

    def p_holds_at_least(self, seat: int, rank: int, count: int) -> float:
        """Chance that ``seat`` holds ``count`` or more natural cards of ``rank``."""
        need = count - self.known_of_rank(seat, rank)
        if need <= 0:
            return 1.0
        return p_at_least(self.pool, self.unseen_rank[rank], self.hidden_hand[seat], need)

    def p_holds_wild(self, seat: int) -> float:
        if self.known_wilds(seat):
            return 1.0
        return p_at_least(self.pool, self.unseen_wild, self.hidden_hand[seat], 1)

    def dead_for_pair(self, seat: int, rank: int) -> bool:
        """Nobody but the holder of known cards can make a natural pair of ``rank``."""
        return self.p_holds_at_least(seat, rank, 2) == 0.0


def p_at_least(pool: int, good: int, drawn: int, need: int) -> float:
    """Hypergeometric P(X >= need) drawing ``drawn`` of ``pool`` cards, ``good`` of them good."""
    if need <= 0:
        return 1.0
    if good < need or drawn < need or pool <= 0:
        return 0.0
    drawn = min(drawn, pool)
    total = comb(pool, drawn)
    below = sum(comb(good, k) * comb(pool - good, drawn - k) for k in range(need))
    return max(0.0, 1.0 - below / total)
