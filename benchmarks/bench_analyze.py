"""Benchmark: ``trackkit analyze`` as a whole process.

Prints the median of several runs for:

* `trackkit analyze layouts/figure1.yaml` (24 tiles), target <= 1 s;
* `trackkit analyze layouts/grand-prix.yaml` (48 tiles), target <= 3 s;
* the same 48-tile track raced over 99 laps (the most a layout allows);
* the analysis alone, in process, for a 192-tile road course of many
  corners (eight packs' worth, near the largest track analyze accepts).

Run: python benchmarks/bench_analyze.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.path_text import expand_path, parse_path
from trackkit.racepack.layout import Layout
from trackkit.racepack.movement.analysis import analyze

ROOT = Path(__file__).resolve().parent.parent


def median_seconds(action: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        action()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def command(path: Path) -> Callable[[], object]:
    arguments = [sys.executable, "-m", "trackkit", "analyze", str(path)]
    return lambda: subprocess.run(arguments, cwd=ROOT, check=True, capture_output=True)


def main() -> None:
    for name, target in (("figure1", 1.0), ("grand-prix", 3.0)):
        path = ROOT / "layouts" / f"{name}.yaml"
        seconds = median_seconds(command(path), 7)
        print(f"trackkit analyze layouts/{name}.yaml: median {seconds:.3f} s (target <= {target} s)")
    with tempfile.TemporaryDirectory() as folder:
        long_race = Path(folder) / "grand-prix-99.yaml"
        text = (ROOT / "layouts" / "grand-prix.yaml").read_text().replace("laps: 3", "laps: 99")
        long_race.write_text(text)
        seconds = median_seconds(command(long_race), 5)
        print(f"trackkit analyze on the 48-tile track over 99 laps: median {seconds:.3f} s")
    loop = Circuit.from_path(expand_path(parse_path(comb_path(10, 4))))
    seconds = median_seconds(lambda: analyze(Layout(loop)), 3)
    print(f"analyze() on a {len(loop)}-tile comb with {len(loop.corners())} corners: median {seconds:.3f} s")


def comb_path(teeth: int, height: int) -> str:
    """A legal loop: ``teeth`` up-and-down roads one tile apart, then a road
    back along the bottom (as in bench_validate), six corners a tooth."""
    words = [f"L {height}S R S R {height}S L S"] * teeth
    return "S " + " ".join(words) + f" R S R {4 * teeth + 1}S R S R"


if __name__ == "__main__":
    main()
