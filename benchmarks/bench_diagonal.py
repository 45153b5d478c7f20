"""Benchmark: the circuits the diagonal mirror fixes, counted by the
transfer matrix of trackkit.racepack.circuits.diagonal.

Prints the median wall-clock time of ``--runs`` runs (use ``nice`` on a
shared machine, and compare the load average printed first) of:

* every multiple of four up to 48 tiles by one sweep (``diagonal_counts(48)``);
* every even size up to 48 one call each (``diagonal_fixed(n)``, as Burnside's
  sum asks for them), the sizes that are not multiples of four costing nothing;
* 60 tiles (``diagonal_fixed(60)``), checked against the pinned value.

Then the counts themselves and the process's peak memory.  Targets: about
2 s for all sizes to 48, under 40 s for 60, well under 1 GiB.

Run: python benchmarks/bench_diagonal.py [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _timing import median_seconds

from trackkit.racepack.circuits.diagonal import diagonal_counts, diagonal_fixed

SIXTY = 713_471_767
"""The count at 60 tiles, as tests/racepack/test_diagonal.py pins it."""


def every_size(most: int) -> None:
    for n in range(4, most + 1, 2):
        diagonal_fixed(n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    print(f"load average {os.getloadavg()[0]:.2f}, median of {runs} runs", flush=True)
    seconds = median_seconds(lambda: diagonal_counts(48), runs)
    print(f"every size to 48, one sweep     {seconds:7.2f} s", flush=True)
    seconds = median_seconds(lambda: every_size(48), runs)
    print(f"every size to 48, one call each {seconds:7.2f} s", flush=True)
    seconds = median_seconds(lambda: diagonal_fixed(60), runs)
    print(f"60 tiles                        {seconds:7.2f} s", flush=True)
    counts = diagonal_counts(60)
    if counts[60] != SIXTY:
        raise SystemExit(f"60 tiles: {counts[60]}, not the pinned {SIXTY}")
    print("counts:", ", ".join(f"{n}: {number}" for n, number in counts.items()))
    print(f"peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
