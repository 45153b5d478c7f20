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
    return _median(work, runs, time.perf_counter)


def median_processor_seconds(work: Callable[[], object], runs: int) -> float:
    """The median processor time (user and system) of ``runs`` calls of
    ``work`` in this process, in seconds: unlike wall-clock time it hardly
    grows when other jobs share the cores."""
    return _median(work, runs, time.process_time)


def _median(work: Callable[[], object], runs: int, clock: Callable[[], float]) -> float:
    times = []
    for _ in range(runs):
        start = clock()
        work()
        times.append(clock() - start)
    return statistics.median(times)
