"""Time the transfer-matrix count of plain circuits and print the figures.

Run from the repository root (use ``nice`` on a shared machine)::

    python benchmarks/bench_count.py                # every even size to 48, then 52
    python benchmarks/bench_count.py --most 60      # one sweep up to 60 tiles (minutes)
    python benchmarks/bench_count.py --corners      # with the corner histogram

One sweep counts every size up to its own, so "every even size up to N" is
one run of ``box_counts(N)``.  Times are CPU seconds of this process (the
machine is shared, so wall-clock time says little), medians of ``--runs``.
Peak memory is the process's maximum resident set.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trackkit.racepack.circuits import frontier
from trackkit.racepack.circuits.symmetry import mirror_fixed, turn_fixed


def cpu_median(action: object, runs: int) -> float:
    times = []
    for _ in range(runs):
        frontier.clear_box_counts()
        start = time.process_time()
        action()  # type: ignore[operator]
        times.append(time.process_time() - start)
    return statistics.median(times)


def totals(most: int, corners: bool) -> dict[int, int]:
    counted: dict[int, int] = {}
    for (width, height), sizes in frontier.box_counts(most, corners=corners).items():
        for tiles, by_corners in sizes.items():
            counted[tiles] = counted.get(tiles, 0) + (1 if width == height else 2) * sum(by_corners.values())
    return counted


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--most", type=int, nargs="*", default=[40, 48, 52])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--corners", action="store_true")
    parser.add_argument("--symmetric", action="store_true", help="also time the symmetric walks")
    options = parser.parse_args()
    for most in options.most:
        seconds = cpu_median(lambda most=most: totals(most, options.corners), options.runs)
        counted = totals(most, options.corners)
        print(
            f"every even size up to {most} tiles{' with corners' if options.corners else ''}:"
            f" {seconds:.1f} s CPU (median of {options.runs}), peak {peak_mib():.0f} MiB;"
            f" {most} tiles: {counted.get(most, 0):,} circuits",
            flush=True,
        )
    if options.symmetric:
        for n in (32, 36, 40):
            start = time.process_time()
            fixed = (turn_fixed(n, 1), turn_fixed(n, 2), mirror_fixed(n))
            seconds = time.process_time() - start
            print(f"symmetric circuits of {n} tiles {fixed}: {seconds:.1f} s CPU", flush=True)


if __name__ == "__main__":
    main()
