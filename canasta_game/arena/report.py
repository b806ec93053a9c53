"""Turning deal results into the arena's figures (the JSON object the CLI prints last)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from canasta_game.arena.games import DealResult
from canasta_game.arena.stats import clustered_ratio_interval, percentile, wilson_interval


def _latency(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "decisions": len(ordered),
        "p50": round(percentile(ordered, 50), 3),
        "p95": round(percentile(ordered, 95), 3),
        "p99": round(percentile(ordered, 99), 3),
        "max": round(ordered[-1], 3) if ordered else 0.0,
    }


def summarize(deals: Sequence[DealResult]) -> dict[str, Any]:
    """Games, wins, the win rate and score per hand with 95% intervals, latencies, illegal."""
    games = hands = a_wins = b_wins = draws = illegal = 0
    deal_totals: list[float] = []
    deal_hands: list[int] = []
    latency: dict[str, list[float]] = {"a": [], "b": []}
    for deal in deals:
        total = 0.0
        count = 0
        for copy in deal.copies:
            games += 1
            hands += copy.hands
            illegal += copy.illegal
            if copy.winner is None:
                draws += 1
            elif copy.winner == copy.a_side:
                a_wins += 1
            else:
                b_wins += 1
            total += sum(copy.a_diffs)
            count += len(copy.a_diffs)
        deal_totals.append(total)
        deal_hands.append(count)
        for label in latency:
            latency[label].extend(deal.latency_ms[label])
    rate = (a_wins + 0.5 * draws) / games if games else 0.0
    low, high = wilson_interval(a_wins + 0.5 * draws, games)
    mean, d_low, d_high = clustered_ratio_interval(deal_totals, deal_hands)
    return {
        "games": games,
        "deals": len(deals),
        "hands": hands,
        "a_wins": a_wins,
        "b_wins": b_wins,
        "draws": draws,
        "a_win_rate": round(rate, 4),
        "a_win_rate_ci95": [round(low, 4), round(high, 4)],
        "a_score_diff_per_hand": round(mean, 2),
        "a_score_diff_per_hand_ci95": [round(d_low, 2), round(d_high, 2)],
        "latency_ms": {label: _latency(values) for label, values in latency.items()},
        "illegal_moves": illegal,
        # per deal, a's score per hand over the deal's copies: for paired comparisons of two
        # players on the same seed (their deals are the same cards)
        "deal_diffs": [
            round(t / n, 2) if n else 0.0 for t, n in zip(deal_totals, deal_hands, strict=True)
        ],
    }
