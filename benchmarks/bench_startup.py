"""Benchmark: start-up of a one-game command, as whole processes.

``trackkit validate layouts/figure1.yaml`` against the import floor
``python -c "import typer, networkx, yaml"``: 10 pairs run one after the
other (floor, then validate, interleaved so that a busy moment hits both
alike), the median of each and their ratio.  Target: ratio <= 1.1.

Run: python benchmarks/bench_startup.py [--pairs N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FLOOR = [sys.executable, "-c", "import typer, networkx, yaml"]
VALIDATE = [sys.executable, "-c", "from trackkit.cli import main; main()", "validate", "layouts/figure1.yaml"]
TARGET = 1.1


def seconds(command: list[str]) -> float:
    """Wall-clock time of one whole process running ``command``."""
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=10, help="interleaved pairs of runs (default 10)")
    pairs = parser.parse_args().pairs
    seconds(FLOOR), seconds(VALIDATE)  # warm the file cache
    floor, ours = [], []
    for _ in range(pairs):
        floor.append(seconds(FLOOR))
        ours.append(seconds(VALIDATE))
    base, mine = statistics.median(floor), statistics.median(ours)
    print(f"import floor (typer, networkx, yaml)  median {base * 1000:.0f} ms over {pairs} runs")
    print(f"trackkit validate figure1             median {mine * 1000:.0f} ms over {pairs} runs")
    print(f"ratio {mine / base:.2f} (target <= {TARGET})")


if __name__ == "__main__":
    main()
