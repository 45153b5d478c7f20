"""Time ``trackkit generate``'s library function and print the figures.

Run from the repository root::

    python benchmarks/bench_generate.py            # the speed figures, under a minute
    python benchmarks/bench_generate.py --default  # only a default generate of 24 tiles
    python benchmarks/bench_generate.py --bias     # also the random walk's bias (minutes)

Every figure is the median of several runs.  A track counts once it is a
validated :class:`~trackkit.racepack.layout.Layout`: drawing the circuit,
choosing its direction and constructions, laying it out and checking it
against every rule are all included.  Tables are built in a temporary cache
directory, so the user's cache is neither used nor touched.  Everything
runs in this one process, on one core.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _timing import median_seconds

from trackkit.racepack import circuits, generate
from trackkit.racepack.circuits import measure_chain_bias
from trackkit.racepack.generate import GenerationRequest, generate_layouts

TYPICAL = GenerationRequest(min_corners=8, max_corners=12, min_straight=4)
"""A typical request: 24 tiles, 8 to 12 corners, a main straight of 4 tiles or more."""


def timed(action: Callable[[], object]) -> float:
    """Seconds one call of ``action`` takes."""
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def show(label: str, value: str) -> None:
    print(f"{label:<58} {value}", flush=True)


def rate(tracks: int, times: list[float]) -> str:
    median = statistics.median(times)
    if len(times) > 7:
        spread = f"{tracks / max(times):,.0f} to {tracks / min(times):,.0f}"
        return f"{tracks / median:,.0f} tracks/s (median of {len(times)}; {spread})"
    runs = ", ".join(f"{tracks / t:,.0f}" for t in times)
    return f"{tracks / median:,.0f} tracks/s (median of {len(times)}; runs: {runs})"


def bench_table_build(runs: int) -> None:
    builds, facts = [], []
    for _ in range(runs):
        circuits.clear_table_cache()
        generate.clear_caches()
        circuits.table_cache_path(24).unlink(missing_ok=True)
        generate.facts_cache_path(24).unlink(missing_ok=True)
        builds.append(timed(lambda: circuits.circuit_table(24)))
        facts.append(timed(lambda: generate.table_facts(24)))
    show("24-tile table: build and write (one-off)", f"{statistics.median(builds):.2f} s")
    show("24-tile table: facts of every circuit (one-off)", f"{statistics.median(facts):.2f} s")
    circuits.clear_table_cache()
    generate.clear_caches()
    load = timed(lambda: circuits.circuit_table(24))
    load_facts = timed(lambda: generate.table_facts(24))
    show("24-tile table and facts: load from the cache files", f"{load:.3f} s + {load_facts:.3f} s")


def bench_uniform(runs: int, tracks: int) -> None:
    generate.clear_caches()
    generate.table_facts(24)
    first = timed(lambda: generate_layouts(TYPICAL, seed=0, count=tracks))
    show(f"24 tiles, {tracks} per call, first call (constraints searched)", f"{tracks / first:,.0f} tracks/s")
    times = [
        timed(lambda seed=seed: generate_layouts(TYPICAL, seed=seed, count=tracks)) for seed in range(runs)
    ]
    show(f"24 tiles, {tracks} per call, typical constraint", rate(tracks, times))
    one = [timed(lambda seed=seed: generate_layouts(TYPICAL, seed=seed)) for seed in range(runs * 20)]
    show("24 tiles, one track per call", rate(1, one))


def bench_constructions(runs: int, tracks: int) -> None:
    for label, request in (
        ("24 tiles, 2 chicanes", GenerationRequest(chicanes=2)),
        (
            "28 tiles: pit lane and 1 chicane",
            GenerationRequest(tiles=28, packs=2, pit=True, chicanes=1),
        ),
        ("24 tiles, 1 hairpin", GenerationRequest(hairpins=1)),
        # The two slowest inputs of the second hostile-input campaign (issue 27).
        ("24 tiles, 4 chicanes", GenerationRequest(chicanes=4)),
        ("24 tiles, 2 hairpins and 2 chicanes", GenerationRequest(hairpins=2, chicanes=2)),
    ):
        generate.clear_caches()
        search = timed(lambda request=request: generate.exact_population(request))
        # A track per circuit at most: four chicanes fit only 63 circuits of 24 tiles.
        drawn = min(tracks, len(generate.exact_population(request).entries))
        times = [
            timed(lambda seed=seed, r=request, n=drawn: generate_layouts(r, seed=seed, count=n))
            for seed in range(runs)
        ]
        show(f"{label}: search once", f"{search:.2f} s")
        show(f"{label}: then {drawn} per call", rate(drawn, times))


def bench_walk(runs: int, tracks: int) -> None:
    request = GenerationRequest(tiles=52, packs=3)
    times = [
        timed(lambda seed=seed: generate_layouts(request, seed=seed, count=tracks)) for seed in range(runs)
    ]
    show(f"52 tiles (random walk), {tracks} per call", rate(tracks, times))
    one = [timed(lambda seed=seed: generate_layouts(request, seed=seed)) for seed in range(runs * 4)]
    show("52 tiles (random walk), one track per call", rate(1, one))


def bench_default(runs: int) -> None:
    """A default ``generate`` (24 tiles, a circuit people race), its facts
    cached: in this process from cold memory (the population searched), and
    as the whole command in a new process."""
    circuits.circuit_table(24)
    generate.table_facts(24)

    def cold() -> object:
        generate.clear_caches()
        return generate_layouts(GenerationRequest(), seed=1)

    show(
        "default 24-tile draw, population searched each time",
        f"{median_seconds(cold, runs):.3f} s (median of {runs})",
    )
    command = [sys.executable, "-m", "trackkit", "generate", "--seed", "1"]
    compileall.compile_dir(str(Path(generate.__file__).parents[2]), quiet=1)  # as an installed copy has it
    subprocess.run(command, capture_output=True, check=True)
    walls, processor = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        walls.append(timed(lambda: subprocess.run(command, capture_output=True, check=True)))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        processor.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    show(
        "default 'trackkit generate' of 24 tiles, a new process",
        f"{statistics.median(processor):.2f} s processor, {statistics.median(walls):.2f} s wall"
        f" (median of {runs}; at most 1 s)",
    )


def bench_command(runs: int) -> None:
    """The whole command, a fresh process each time, with a warm table cache."""
    command = [sys.executable, "-m", "trackkit", "generate", "--seed", "1"]
    subprocess.run(command, capture_output=True, check=True)
    times = [timed(lambda: subprocess.run(command, capture_output=True, check=True)) for _ in range(runs)]
    show(
        "'trackkit generate --seed 1' as a new process",
        f"{statistics.median(times):.2f} s (median of {runs})",
    )


def bench_bias(samples: int) -> None:
    for n in (24, 26, 28):
        start = time.perf_counter()
        bias = measure_chain_bias(n, samples=samples, seed=2024)
        elapsed = time.perf_counter() - start
        show(
            f"walk bias at {n} tiles, {samples} samples",
            f"TV = {bias.distance:.3f} (exactly uniform draws: mean {bias.noise:.3f},"
            f" 95th percentile {bias.noise_high:.3f}) [{elapsed:.0f} s]",
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    parser.add_argument("--bias", action="store_true", help="also measure the random walk's bias (slow)")
    parser.add_argument("--default", action="store_true", help="only a default generate of 24 tiles")
    options = parser.parse_args()
    runs = 3 if options.quick else 7
    with tempfile.TemporaryDirectory() as cache:
        os.environ["TRACKKIT_CACHE_DIR"] = cache
        print(f"python {sys.version.split()[0]}, exact up to {circuits.EXACT_LIMIT} tiles")
        if options.default:
            bench_default(runs)
            return
        bench_table_build(3 if options.quick else 5)
        bench_uniform(runs, 200)
        bench_constructions(runs, 200)
        bench_walk(runs, 50)
        bench_command(runs)
        bench_default(runs)
        if options.bias:
            bench_bias(500 if options.quick else 2000)


if __name__ == "__main__":
    main()
