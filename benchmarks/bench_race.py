"""Benchmark: RACE! validation of the largest file trackkit reads, and
generation.

Prints the median of several runs for:

* validating 2,500 overlapping 48-space corners on a 10,000-space loop (the
  most corners, the longest corners and the most spaces a file may give),
  target <= 1 s;
* reading and validating the same track from its file;
* generating 100 tracks of 1,000 spaces.

Run: python benchmarks/bench_race.py
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from trackkit.api import check_file
from trackkit.formats.race_yaml import dump_layout
from trackkit.race.generate import RaceRequest, generate_tracks
from trackkit.race.rules import validate
from trackkit.race.track import MAX_CORNER_LENGTH, MAX_CORNERS, MAX_SPACES, Corner, RaceLayout

RUNS = 5


def median_seconds(work: Callable[[], object]) -> float:
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    corners = tuple(Corner(1 + (i * 4) % MAX_SPACES, MAX_CORNER_LENGTH, 1) for i in range(MAX_CORNERS))
    layout = RaceLayout(spaces=MAX_SPACES, finish=MAX_SPACES, corners=corners, racers=16)
    print(f"validate, largest track:        {median_seconds(lambda: validate(layout)):.3f} s")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.yaml"
        path.write_text(dump_layout(layout))
        print(f"read + validate, largest file:  {median_seconds(lambda: check_file(path)):.3f} s")
    request = RaceRequest(spaces=1000, corners=100)
    print(f"generate 100 tracks of 1,000:   {median_seconds(lambda: generate_tracks(request, 1, 100)):.3f} s")


if __name__ == "__main__":
    main()
