"""Time the transfer-matrix count of plain circuits and print the figures.

Run from the repository root (use ``nice`` on a shared machine)::

    python benchmarks/bench_count.py                # every even size to 48, then to 60
    python benchmarks/bench_count.py --most 48 --runs 3
    python benchmarks/bench_count.py --translation-only   # without the count up to symmetry
    python benchmarks/bench_count.py --corners      # with the corner histogram

A run counts every even size up to its own both up to translation and up to
rotation and reflection (the symmetric circuits of :mod:`.fixed` and
Burnside's lemma, checked to divide by eight), as ``trackkit count`` does.

One sweep counts every size up to its own, so "every even size up to N" is
one run of ``box_counts(N)``.  Times are CPU seconds of this process (the
machine is shared, so wall-clock time says little), medians of ``--runs``.
Peak memory is the process's maximum resident set.  The load average is
printed first: on a busy machine even CPU seconds grow (shared caches).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trackkit.racepack import circuits
from trackkit.racepack.circuits import boxes, is_plain_circuit, uniform_circuits
from trackkit.racepack.circuits.fixed import clear_fixed_counts, fixed_counts


def cpu_median(action: object, runs: int) -> float:
    times = []
    for _ in range(runs):
        boxes.clear_box_counts()
        clear_fixed_counts()
        start = time.process_time()
        action()  # type: ignore[operator]
        times.append(time.process_time() - start)
    return statistics.median(times)


def totals(most: int, corners: bool) -> dict[int, int]:
    counted: dict[int, int] = {}
    for (width, height), sizes in boxes.box_counts(most, corners=corners).items():
        for tiles, by_corners in sizes.items():
            counted[tiles] = counted.get(tiles, 0) + (1 if width == height else 2) * sum(by_corners.values())
    return counted


def free_totals(most: int) -> dict[int, int]:
    """Every even size up to ``most`` up to rotation and reflection (Burnside's lemma)."""
    counted = totals(most, False)
    fixed = fixed_counts(most)
    free: dict[int, int] = {}
    for tiles in range(4, most + 1, 2):
        orbits, left = divmod(fixed.orbit_sum(tiles, counted.get(tiles, 0)), 8)
        assert not left, f"Burnside's sum for {tiles} tiles is not a multiple of 8"
        free[tiles] = orbits
    return free


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench_uniform(tiles: int, tracks: int = 200) -> None:
    """First draw (box counts and the tables it needs), then ``tracks`` more,
    in a throw-away cache directory."""
    with tempfile.TemporaryDirectory() as cache:
        os.environ["TRACKKIT_CACHE_DIR"] = cache
        circuits.clear_table_cache()
        start = time.process_time()
        uniform_circuits(tiles, 1, random.Random(1))
        first = time.process_time() - start
        start = time.process_time()
        drawn = uniform_circuits(tiles, tracks, random.Random(2))
        more = time.process_time() - start
        assert all(is_plain_circuit(c) for c in drawn.circuits)
        print(
            f"uniform {tiles} tiles: first draw {first:.1f} s CPU; then {tracks} tracks in {more:.1f} s"
            f" ({1000 * more / tracks:.1f} ms a track, tables built on the way included);"
            f" peak {peak_mib():.0f} MiB",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--most", type=int, nargs="*", default=[48, 60])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--corners", action="store_true")
    parser.add_argument(
        "--translation-only", action="store_true", help="time the count up to translation alone"
    )
    parser.add_argument(
        "--uniform", type=int, nargs="*", default=[], help="time exactly uniform draws of these sizes"
    )
    parser.add_argument("--tracks", type=int, default=200, help="tracks drawn after the first (--uniform)")
    options = parser.parse_args()
    print("load average (1, 5, 15 min): " + ", ".join(f"{load:.1f}" for load in os.getloadavg()), flush=True)
    for most in options.most:
        if options.translation_only or options.corners:
            seconds = cpu_median(lambda most=most: totals(most, options.corners), options.runs)
            counted = totals(most, options.corners)
            print(
                f"every even size up to {most} tiles{' with corners' if options.corners else ''}:"
                f" {seconds:.1f} s CPU (median of {options.runs}), peak {peak_mib():.0f} MiB;"
                f" {most} tiles: {counted.get(most, 0):,} circuits",
                flush=True,
            )
            continue
        seconds = cpu_median(lambda most=most: free_totals(most), options.runs)
        free = free_totals(most)
        print(
            f"every even size up to {most} tiles, up to translation and up to symmetry:"
            f" {seconds:.1f} s CPU (median of {options.runs}), peak {peak_mib():.0f} MiB;"
            f" {most} tiles: {totals(most, False).get(most, 0):,} circuits, {free[most]:,} up to symmetry",
            flush=True,
        )
    for tiles in options.uniform:
        bench_uniform(tiles, options.tracks)


if __name__ == "__main__":
    main()
