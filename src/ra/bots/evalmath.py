"""Small smoothing functions shared by the heuristic valuations of both games."""

from __future__ import annotations

import math
from collections.abc import Sequence


def sigmoid(x: float) -> float:
    """The logistic function, clamped so that it never overflows."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def interp(table: Sequence[float], x: float) -> float:
    """Linear interpolation in a table indexed 0..len-1 (x clamped to that range)."""
    x = max(0.0, min(float(len(table) - 1), x))
    low = int(x)
    if low >= len(table) - 1:
        return table[-1]
    return table[low] + (table[low + 1] - table[low]) * (x - low)
