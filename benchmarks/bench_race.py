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

import tempfile
from pathlib import Path

from _timing import median_seconds

from trackkit.api import check_file
from trackkit.race.formats.layout_file import dump_layout
from trackkit.race.generate import RaceRequest, generate_tracks
from trackkit.race.rules import validate
from trackkit.race.track import MAX_CORNER_LENGTH, MAX_CORNERS, MAX_SPACES, Corner, RaceLayout

RUNS = 5


def main() -> None:
    corners = tuple(Corner(1 + (i * 4) % MAX_SPACES, MAX_CORNER_LENGTH, 1) for i in range(MAX_CORNERS))
    layout = RaceLayout(spaces=MAX_SPACES, finish=MAX_SPACES, corners=corners, racers=16)
    print(f"validate, largest track:        {median_seconds(lambda: validate(layout), RUNS):.3f} s")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.yaml"
        path.write_text(dump_layout(layout))
        print(f"read + validate, largest file:  {median_seconds(lambda: check_file(path), RUNS):.3f} s")
    request = RaceRequest(spaces=1000, corners=100)
    seconds = median_seconds(lambda: generate_tracks(request, 1, 100), RUNS)
    print(f"generate 100 tracks of 1,000:   {seconds:.3f} s")


if __name__ == "__main__":
    main()
