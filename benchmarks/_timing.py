"""Timing shared by the benchmark scripts (imported as ``_timing``: a
script run as ``python benchmarks/bench_x.py`` has this folder on its path)."""

from __future__ import annotations

import resource
import statistics
import subprocess
import time
from collections.abc import Callable, Sequence

__all__ = ["command_seconds", "median_processor_seconds", "median_seconds"]


def command_seconds(command: Sequence[str], check: bool = True) -> tuple[float, float, str]:
    """Run ``command`` once (it must succeed when ``check``): its wall-clock seconds, the
    processor seconds it took (user and system, which hardly grow when
    other jobs share the cores) and what it wrote to stderr."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, check=check, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - used.ru_utime) + (after.ru_stime - used.ru_stime), done.stderr


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
