"""Confidence intervals and percentiles for the arena's report, stdlib only.

Game results are win/loss/draw counts, so the win rate gets a Wilson score interval (it
behaves near 0% and 100%, where the normal approximation does not). Score per hand is a
ratio of sums over deals whose hands are correlated (both copies of a duplicate deal share
the cards), so its interval treats each deal as one cluster.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson interval of a proportion; ``successes`` may hold halves (draws)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def clustered_ratio_interval(
    totals: Sequence[float], counts: Sequence[int], z: float = Z95
) -> tuple[float, float, float]:
    """Mean of ``sum(totals) / sum(counts)`` with a 95% interval, one cluster per entry.

    Each cluster (a duplicate deal) contributes a total and a count (score difference summed
    over its hands, number of hands). The variance is the usual linearised ratio estimator.
    """
    n = len(totals)
    hands = sum(counts)
    if n == 0 or hands == 0:
        return 0.0, 0.0, 0.0
    mean = sum(totals) / hands
    if n < 2:
        return mean, -math.inf, math.inf
    residuals = [t - mean * c for t, c in zip(totals, counts, strict=True)]
    variance = n / (n - 1) * sum(r * r for r in residuals) / (hands * hands)
    half = z * math.sqrt(variance)
    return mean, mean - half, mean + half


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) by linear interpolation of sorted values."""
    if not sorted_values:
        return 0.0
    position = (len(sorted_values) - 1) * q / 100.0
    low = math.floor(position)
    high = math.ceil(position)
    if low == high:
        return float(sorted_values[low])
    weight = position - low
    return float(sorted_values[low] * (1 - weight) + sorted_values[high] * weight)
