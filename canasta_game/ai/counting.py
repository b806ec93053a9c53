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

    __slots__ = ("_passed", "hidden_hand", "pool", "unseen_rank", "unseen_wild", "view")

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
        self._passed: dict[int, set[int]] = {}

    def passed(self, seat: int) -> set[int]:
        """``passed_ranks`` of ``seat``, worked out once per view."""
        if seat not in self._passed:
            self._passed[seat] = passed_ranks(self.view, seat)
        return self._passed[seat]

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


def pile_discards(view: PlayerView) -> list[tuple[int, int]]:
    """The (seat, card) of every discard still in the pile, oldest first.

    Discards only ever go on the pile, and a card is one physical card: the pile's face-up
    cards end with exactly the discards made since it was last taken (under them lie the
    upcards of the deal, which were never discarded).
    """
    out: list[tuple[int, int]] = []
    pile = view.pile_cards
    for back in range(1, min(len(pile), len(view.discards)) + 1):
        seat, card = view.discards[-back]
        if pile[-back] != card:
            break
        out.append((seat, card))
    out.reverse()
    return out


def passed_ranks(view: PlayerView, seat: int) -> set[int]:
    """Natural ranks ``seat`` saw on top of the present pile and did not take.

    Every discard in the pile but the last was followed by its next player's draw from the
    stock; that player could not (or would not) take the pile with it, so it then held no
    natural pair of the rank. The last discard is still on top: its next player may not have
    drawn yet.
    """
    before = (seat - 1) % view.rules.players
    return {
        RANK_OF[card]
        for who, card in pile_discards(view)[:-1]
        if who == before and IS_NATURAL[card]
    }


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
