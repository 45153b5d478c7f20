"""Timing shared by the benchmark scripts (imported as ``_timing``: a
script run as ``python benchmarks/bench_x.py`` has this folder on its path)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

__all__ = ["median_processor_seconds", "median_seconds"]


def median_seconds(work: Callable[[], object], runs: int) -> float:
    """The median wall-clock time of ``runs`` calls of ``work``, in seconds
    (the median, so that one slow run on a busy machine does not count)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def median_processor_seconds(work: Callable[[], object], runs: int) -> float:
    """The median processor time (user and system) of ``runs`` calls of
    ``work`` in this process, in seconds: unlike wall-clock time it hardly
    grows when other jobs share the cores."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times)
