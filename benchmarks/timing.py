"""How the benchmarks time a piece of work: the median of several runs, which one slow run does not move."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(work: Callable[[], object], repeat: int) -> float:
    """The median wall time of ``work()`` over ``repeat`` runs, in milliseconds."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)
