"""Benchmark: ``trackkit analyze`` as a whole process.

Prints the median of several runs for:

* `trackkit analyze layouts/figure1.yaml` (24 tiles), target <= 1 s;
* `trackkit analyze layouts/grand-prix.yaml` (48 tiles), target <= 3 s;
* the same 48-tile track raced over 99 laps (the most a layout allows);
* the analysis alone, in process, for an 88-tile comb of 24 corners
  (near the largest track analyze accepts, 96 tiles).

Run: python benchmarks/bench_analyze.py
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _timing import median_seconds

from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.path_text import expand_path, parse_path
from trackkit.racepack.layout import Layout
from trackkit.racepack.movement.analysis import analyze

ROOT = Path(__file__).resolve().parent.parent


def command(path: Path) -> Callable[[], object]:
    arguments = [sys.executable, "-m", "trackkit", "analyze", str(path)]
    return lambda: subprocess.run(arguments, cwd=ROOT, check=True, capture_output=True)


def median_cpu_seconds(action: Callable[[], object], runs: int) -> float:
    """The median processor time (user and system) of the child processes
    ``action`` runs: less disturbed than wall time on a busy machine."""
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        action()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times)


def report(label: str, action: Callable[[], object], runs: int, target: str = "") -> None:
    wall = median_seconds(action, runs)
    cpu = median_cpu_seconds(action, runs)
    print(f"{label}: median {wall:.3f} s wall, {cpu:.3f} s processor{target}")


def main() -> None:
    for name, target in (("figure1", 1.0), ("grand-prix", 3.0)):
        path = ROOT / "layouts" / f"{name}.yaml"
        report(f"trackkit analyze layouts/{name}.yaml", command(path), 7, f" (target <= {target} s)")
    with tempfile.TemporaryDirectory() as folder:
        long_race = Path(folder) / "grand-prix-99.yaml"
        text = (ROOT / "layouts" / "grand-prix.yaml").read_text().replace("laps: 3", "laps: 99")
        long_race.write_text(text)
        report("trackkit analyze on the 48-tile track over 99 laps", command(long_race), 5)
    loop = Circuit.from_path(expand_path(parse_path(comb_path(5, 3))))
    seconds = median_seconds(lambda: analyze(Layout(loop)), 3)
    began = time.process_time()
    analyze(Layout(loop))
    cpu = time.process_time() - began
    print(
        f"analyze() on a {len(loop)}-tile comb with {len(loop.corners())} corners:"
        f" median {seconds:.3f} s wall, {cpu:.3f} s processor"
    )


def comb_path(teeth: int, height: int) -> str:
    """A legal loop: ``teeth`` up-and-down roads one tile apart, then a road
    back along the bottom (as in bench_validate), six corners a tooth."""
    words = [f"L {height}S R S R {height}S L S"] * teeth
    return "S " + " ".join(words) + f" R S R {4 * teeth + 1}S R S R"


if __name__ == "__main__":
    main()
