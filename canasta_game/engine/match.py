"""A match: hands dealt in turn until a side reaches the target (C-DEAL-2, C-GAME).

Immutable like a hand: ``record`` returns the next Match. Each hand's seed is derived from the
match seed and the hand number, so a match is reproducible from its seed and action logs.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from canasta_game.engine.mac import DREAM_HANDS
from canasta_game.engine.rules import Rules
from canasta_game.engine.scoring import HandScore, ScoreLine, SideScore, score_hand
from canasta_game.engine.setup import new_hand
from canasta_game.engine.state import State


@dataclass(frozen=True, slots=True)
class HandRecord:
    dealer: int
    seed: str
    score: HandScore
    totals_after: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Match:
    rules: Rules
    seed: int | str
    scores: tuple[int, ...]
    dealer: int
    history: tuple[HandRecord, ...] = ()
    over: bool = False
    winner: int | None = None  # the winning side; None with ``over`` means a draw

    @classmethod
    def start(cls, rules: Rules, seed: int | str) -> Match:
        """C-DEAL-2: the first dealer is chosen at random (from the match seed)."""
        dealer = random.Random(f"{seed}:first-dealer").randrange(rules.players)
        return cls(rules, seed, (0,) * rules.sides, dealer)

    @property
    def hands_played(self) -> int:
        return len(self.history)

    def hand_seed(self) -> str:
        return f"{self.seed}:hand:{self.hands_played}"

    def deal(self) -> State:
        if self.over:
            raise ValueError("the match is over")
        return new_hand(
            self.rules, self.hand_seed(), self.dealer, self.scores, deal=self.hands_played
        )

    def minimums(self) -> tuple[int, ...]:
        return tuple(self.rules.initial_minimum(s, self.hands_played)[0] for s in self.scores)

    def record(self, final: State) -> Match:
        """Score a finished hand, pass the deal clockwise and decide whether the match ends."""
        if final.end is None:
            raise ValueError("the hand is not over")
        score = score_hand(final)
        totals = tuple(s + t for s, t in zip(self.scores, score.totals, strict=True))
        record = HandRecord(self.dealer, self.hand_seed(), score, totals)
        over, winner = match_outcome(final, totals, self.hands_played + 1)
        return replace(
            self,
            scores=totals,
            dealer=(self.dealer + 1) % self.rules.players,
            history=(*self.history, record),
            over=over,
            winner=winner,
        )

    # --- JSON ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "scores": list(self.scores),
            "dealer": self.dealer,
            "over": self.over,
            "winner": self.winner,
            "history": [
                {
                    "dealer": h.dealer,
                    "seed": h.seed,
                    "reason": h.score.reason,
                    "sides": [
                        [[line.key, line.points, line.count] for line in s.lines]
                        for s in h.score.sides
                    ],
                    "totals_after": list(h.totals_after),
                }
                for h in self.history
            ],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        history = tuple(
            HandRecord(
                int(h["dealer"]),
                str(h["seed"]),
                HandScore(
                    tuple(
                        SideScore(i, tuple(ScoreLine(str(k), int(p), int(c)) for k, p, c in lines))
                        for i, lines in enumerate(h["sides"])
                    ),
                    str(h["reason"]),
                ),
                tuple(int(t) for t in h["totals_after"]),
            )
            for h in data["history"]
        )
        return cls(
            Rules.from_dict(data["rules"]),
            data["seed"],
            tuple(int(s) for s in data["scores"]),
            int(data["dealer"]),
            history,
            bool(data["over"]),
            data["winner"],
        )


def match_outcome(final: State, totals: tuple[int, ...], hands: int) -> tuple[bool, int | None]:
    """Does the match end with the hand ``final`` (the sides' ``totals`` after it, ``hands``
    played with it), and which side wins (None: a draw, or the match goes on)? C-GAME-1..3
    with O-TIEBREAK; IT-C3: the Italian game ends only when a side exceeds the target; HF-14:
    a game of fixed deals ends after the last, whatever the scores; MAC-34: a Dream Hand wins.
    A function of the hand alone, so that a player can ask it of a hand it imagines."""
    rules = final.rules
    end = final.end
    if end is not None and end.special in DREAM_HANDS and end.seat is not None:
        return True, final.side_of(end.seat)  # MAC-34
    best = max(totals)
    if rules.fixed_deals:
        if hands < rules.fixed_deals:
            return False, None
    elif best < rules.target or (rules.target_exceed and best == rules.target):
        return False, None
    leaders = [side for side, total in enumerate(totals) if total == best]
    if len(leaders) == 1:
        return True, leaders[0]
    if rules.tiebreak == "EXTRA_HAND":
        return False, None
    return True, None
