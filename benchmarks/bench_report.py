"""Benchmark: ``trackkit report`` on the shipped 48-tile Grand Prix.

Prints the median of three runs of the command as a person types it (the
default number of races, one worker; target <= 15 s on the 2-core
machine): its wall-clock time, which includes starting Python and reading
the layout, and the processor time it took, which hardly grows when other
jobs share the cores.

Run: python benchmarks/bench_report.py [--workers N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import command_seconds

from trackkit.report import default_races, skill_races

ROOT = Path(__file__).resolve().parent.parent
GRAND_PRIX = ROOT / "layouts" / "grand-prix.yaml"
COMMAND = [sys.executable, "-m", "trackkit", "report", str(GRAND_PRIX), "--seed", "1"]
RUNS = 3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=1)
    workers = parser.parse_args().workers
    runs = [command_seconds([*COMMAND, "--workers", str(workers)]) for _ in range(RUNS)]
    wall = statistics.median(run[0] for run in runs)
    processor = statistics.median(run[1] for run in runs)
    field = default_races(6)
    races = f"{field} six-car races and {skill_races(field)} two-car races, {workers} worker(s)"
    print(f"report on the 48-tile Grand Prix ({races}):")
    print(f"  median {wall:.1f} s wall clock, {processor:.1f} s processor")


if __name__ == "__main__":
    main()
