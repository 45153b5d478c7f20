"""Time the circuit algorithms of trackkit.racepack.circuits and print the figures.

Run from the repository root::

    python benchmarks/bench_circuits.py            # everything, about two minutes
    python benchmarks/bench_circuits.py --quick    # fewer repeats and samples

Tables are built in a temporary cache directory, so the user's cache is
neither used nor touched.  Everything runs in this one process, on one core.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trackkit.racepack import circuits
from trackkit.racepack.circuits import (
    CellLoop,
    circuit_table,
    corner_count,
    count_circuits,
    measure_chain_bias,
    random_circuit,
    sample_circuits,
    table_cache_path,
)


def timed(action: Callable[[], object]) -> float:
    """Seconds one call of ``action`` takes."""
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def median_time(action: Callable[[], object], runs: int) -> tuple[float, list[float]]:
    times = [timed(action) for _ in range(runs)]
    return statistics.median(times), times


def show(label: str, value: str) -> None:
    print(f"{label:<48} {value}", flush=True)


def bench_counts(runs_24: int, runs_28: int) -> None:
    for n, runs in ((24, runs_24), (26, runs_24), (28, runs_28)):
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            result = count_circuits(n)
            times.append(time.perf_counter() - start)
        show(
            f"count_circuits({n}), median of {runs}",
            f"{statistics.median(times):.3f} s  ({result.translation} circuits, {result.free} up to"
            f" symmetry)  runs: {_list(times)}",
        )


def bench_tables(sizes: list[int]) -> None:
    for n in sizes:
        circuits.clear_table_cache()
        path = table_cache_path(n)
        path.unlink(missing_ok=True)
        build = timed(partial(circuit_table, n))
        table = circuit_table(n)
        circuits.clear_table_cache()
        load = timed(partial(circuit_table, n))
        show(
            f"table {n}: build + write / load from cache",
            f"{build:.2f} s / {load:.3f} s  ({len(table)} circuits, "
            f"{len(table.codes) / 1e6:.1f} MB in memory, {path.stat().st_size / 1e6:.2f} MB on disk)",
        )


def eight_corners(circuit: CellLoop) -> bool:
    return corner_count(circuit) == 8


def bench_sampling(calls: int) -> None:
    circuit_table(24)
    for label, where, count in (
        ("sample 24 tiles, no condition, 100 per call", None, 100),
        ("sample 24 tiles, corners == 8, 100 per call", eight_corners, 100),
        ("sample 24 tiles, corners == 8, 1000 per call", eight_corners, 1000),
    ):
        median, _ = median_time(partial(sample_circuits, 24, seed=1, count=count, where=where), calls)
        show(label, f"{count / median:,.0f} tracks/s (median call {median * 1000:.1f} ms)")
    circuit_table(28)
    median, _ = median_time(lambda: sample_circuits(28, seed=1, count=100, where=eight_corners), 1)
    show(
        "sample 28 tiles, corners == 8, 100 per call", f"{100 / median:,.0f} tracks/s ({median:.2f} s a call)"
    )


def walk_circuits(n: int, tracks: int) -> list[CellLoop]:
    return [random_circuit(n, seed=seed) for seed in range(tracks)]


def bench_walk(tracks: int) -> None:
    for n in (30, 40, 48):
        elapsed = timed(partial(walk_circuits, n, tracks))
        show(f"random_circuit({n}), default steps", f"{tracks / elapsed:,.1f} tracks/s")
    elapsed = timed(lambda: sample_circuits(48, seed=1, count=tracks))
    show(f"sample_circuits(48, count={tracks}) (one thinned walk)", f"{tracks / elapsed:,.1f} tracks/s")


def bench_bias(samples: int, sizes: list[int]) -> None:
    for n in sizes:
        start = time.perf_counter()
        bias = measure_chain_bias(n, samples=samples, seed=2024)
        elapsed = time.perf_counter() - start
        show(
            f"walk bias at {n} tiles, {samples} samples",
            f"TV = {bias.distance:.3f} (exactly uniform draws: mean {bias.noise:.3f},"
            f" 95th percentile {bias.noise_high:.3f}) [{elapsed:.0f} s]",
        )
        exact = " ".join(f"{k}:{v:.3f}" for k, v in bias.exact.items())
        observed = " ".join(f"{k}:{v:.3f}" for k, v in bias.observed.items())
        print(f"    exact    {exact}\n    observed {observed}", flush=True)


def _list(times: list[float]) -> str:
    return ", ".join(f"{t:.3f}" for t in times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats and samples")
    parser.add_argument("--skip-bias", action="store_true", help="leave out the slow bias measurement")
    options = parser.parse_args()
    quick = options.quick
    with tempfile.TemporaryDirectory() as cache:
        os.environ["TRACKKIT_CACHE_DIR"] = cache
        print(f"python {sys.version.split()[0]}, EXACT_LIMIT = {circuits.EXACT_LIMIT}")
        bench_counts(runs_24=3 if quick else 5, runs_28=1 if quick else 3)
        bench_tables([24, 26, 28])
        bench_sampling(calls=3 if quick else 7)
        bench_walk(tracks=20 if quick else 100)
        if not options.skip_bias:
            bench_bias(samples=500 if quick else 2000, sizes=[24, 26, 28])


if __name__ == "__main__":
    main()
