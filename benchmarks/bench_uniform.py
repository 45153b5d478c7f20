"""Time the exactly uniform draw of two-pack circuits (48 tiles) and print the figures.

Run from the repository root (use ``nice`` on a shared machine)::

    python benchmarks/bench_uniform.py             # 48 tiles, 7 runs of the short steps
    python benchmarks/bench_uniform.py --tiles 40 --runs 3

Everything runs in a throw-away cache folder, in this order: the box counts
(one sweep, cached); every box's completion table built and stored (what
the first draws of a size pay, spread over them); the same tables read back
from the cache files by a process that has none in memory (what a one-off
``generate`` pays with a warm cache); one track per call with the tables
in memory; 1,000 tracks in one call, each laid out and validated; a
one-off ``generate`` command as a new process; and the same with a number
of corners, which the tables count too.  Times are CPU seconds of this
process (the machine is shared), medians of ``--runs`` where repeated; the
load average is printed first.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trackkit.racepack import circuits
from trackkit.racepack.circuits import uniform
from trackkit.racepack.circuits.stored import completion_path, stored_box_table
from trackkit.racepack.generate import GenerationRequest, generate_layouts


def cpu(action: Callable[[], object]) -> float:
    start = time.process_time()
    action()
    return time.process_time() - start


def show(label: str, value: str) -> None:
    print(f"{label:<64} {value}", flush=True)


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def boxes_of(tiles: int, corners: tuple[int, int] | None = None) -> list[tuple[int, int]]:
    counted = uniform.circuit_boxes(tiles, None, corners is not None)
    return sorted({(w, h) for _, w, h, _ in uniform._fitting_boxes(counted, tiles, None, None, corners)})


def bench_tables(tiles: int, corners: tuple[int, int] | None = None) -> None:
    words = ""
    if corners is not None:
        least, most = corners
        words = f", {least} corners" if least == most else f", {least}-{most} corners"
    circuits.clear_table_cache()
    counting = cpu(lambda: uniform.circuit_boxes(tiles, None, corners is not None))
    show(f"{tiles} tiles{words}: box counts (one sweep, cached)", f"{counting:.1f} s")
    boxes = boxes_of(tiles, corners)
    build = cpu(lambda: [stored_box_table(w, h, tiles, corners=corners) for w, h in boxes])
    size = sum(completion_path(w, h, tiles, corners).stat().st_size for w, h in boxes)
    show(
        f"{tiles} tiles{words}: all {len(boxes)} box tables built and stored",
        f"{build:.1f} s, {size / 1e6:.0f} MB on disk, peak {peak_mib():.0f} MiB",
    )
    circuits.clear_table_cache()
    read = cpu(lambda: [stored_box_table(w, h, tiles, corners=corners) for w, h in boxes])
    show(f"{tiles} tiles{words}: all {len(boxes)} tables read back (checked)", f"{read:.2f} s")


def bench_draws(tiles: int, runs: int) -> None:
    circuits.clear_table_cache()
    one_off = [
        cpu(lambda seed=seed: uniform.uniform_circuits(tiles, 1, random.Random(seed))) for seed in range(runs)
    ]
    show(
        f"{tiles} tiles: one circuit, warm cache, nothing in memory",
        f"{1000 * statistics.median(one_off):.0f} ms (median of {runs}; the first included)",
    )
    request = GenerationRequest(tiles=tiles, packs=2)
    generate_layouts(request, seed=0)
    per_track = [
        cpu(lambda seed=seed: generate_layouts(request, seed=seed)) for seed in range(1, 20 * runs + 1)
    ]
    show(
        f"{tiles} tiles: one validated track per call",
        f"{1000 * statistics.median(per_track):.1f} ms (median of {20 * runs})",
    )
    thousand = cpu(lambda: generate_layouts(request, seed=99, count=1_000))
    show(
        f"{tiles} tiles: 1,000 tracks in one call, validated", f"{thousand:.1f} s, peak {peak_mib():.0f} MiB"
    )


def bench_command(tiles: int, runs: int, corners: int | None = None) -> None:
    """The whole command as a new process, with the cache this script filled."""
    extra = [] if corners is None else ["--corners", str(corners)]
    times = []
    for seed in range(runs):
        command = [
            sys.executable,
            "-m",
            "trackkit",
            "generate",
            "--tiles",
            str(tiles),
            "--packs",
            "2",
            *extra,
        ]
        start = os.times()
        subprocess.run([*command, "--seed", str(seed)], capture_output=True, check=True)
        end = os.times()
        times.append(
            (end.children_user + end.children_system) - (start.children_user + start.children_system)
        )
    words = "" if corners is None else f" --corners {corners}"
    show(
        f"'trackkit generate --tiles {tiles} --packs 2{words}', new process",
        f"{statistics.median(times):.2f} s CPU (median of {runs}; imports and validation included)",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiles", type=int, default=48)
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    print("load average (1, 5, 15 min): " + ", ".join(f"{load:.1f}" for load in os.getloadavg()), flush=True)
    with tempfile.TemporaryDirectory() as cache:
        os.environ["TRACKKIT_CACHE_DIR"] = cache
        bench_tables(options.tiles)
        bench_draws(options.tiles, options.runs)
        bench_command(options.tiles, options.runs)
        bench_tables(options.tiles, (12, 12))
        bench_command(options.tiles, options.runs, corners=12)


if __name__ == "__main__":
    main()
