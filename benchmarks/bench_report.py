"""Benchmark: ``trackkit report`` on the shipped 48-tile Grand Prix.

Prints the median of three runs of the command as a person types it (the
default number of races, one worker; target <= 15 s on the 2-core
machine): its wall-clock time, which includes starting Python and reading
the layout, and the processor time it took, which hardly grows when other
jobs share the cores.

Run: python benchmarks/bench_report.py
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from trackkit.report import DEFAULT_RACES, skill_races

ROOT = Path(__file__).resolve().parent.parent
GRAND_PRIX = ROOT / "layouts" / "grand-prix.yaml"
COMMAND = [sys.executable, "-m", "trackkit", "report", str(GRAND_PRIX), "--seed", "1"]
RUNS = 3


def one_run() -> tuple[float, float]:
    """The wall-clock and processor seconds of one report."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(COMMAND, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - used.ru_utime) + (after.ru_stime - used.ru_stime)


def main() -> None:
    runs = [one_run() for _ in range(RUNS)]
    wall = statistics.median(run[0] for run in runs)
    processor = statistics.median(run[1] for run in runs)
    races = f"{DEFAULT_RACES} six-car races and {skill_races(DEFAULT_RACES)} two-car races"
    print(f"report on the 48-tile Grand Prix ({races}):")
    print(f"  median {wall:.1f} s wall clock, {processor:.1f} s processor")


if __name__ == "__main__":
    main()
