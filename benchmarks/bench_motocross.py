"""Time Motocross validation and generation and print the medians.

Run from the repository root::

    python benchmarks/bench_motocross.py            # about half a minute
    python benchmarks/bench_motocross.py --quick    # fewer repeats

Everything runs in this one process, on one core.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _timing import median_seconds

from trackkit.motocross.course import Course
from trackkit.motocross.generate import CourseRequest, generate_course
from trackkit.motocross.rules import validate


def snake(tiles: int) -> Course:
    """A legal-shaped zigzag of ``tiles`` tiles: rows of 20 joined at alternate ends."""
    centres = []
    for index in range(tiles):
        row, along = divmod(index, 22)
        if along < 20:
            x = along if row % 2 == 0 else 19 - along
            centres.append((2 * x, 4 * row))
        else:
            x = 19 if row % 2 == 0 else 0
            centres.append((2 * x, 4 * row + 2 * (along - 19)))
    return Course(tuple(centres))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    quick = parser.parse_args().quick
    repeats = 3 if quick else 11
    course = generate_course(CourseRequest(), seed=1)
    small = median_seconds(lambda: validate(course), repeats * 10)
    print(f"validate 24 tiles:          {small * 1000:8.2f} ms")
    big = snake(100_000)
    print(f"validate 100,000 tiles:     {median_seconds(lambda: validate(big), 3) * 1000:8.0f} ms")
    for tiles, packs in ((24, 1), (36, 2), (48, 2), (192, 8)):
        print(f"generate {tiles:>3} tiles:         {generate_median(tiles, packs, repeats) * 1000:8.1f} ms")


def generate_median(tiles: int, packs: int, repeats: int) -> float:
    """The median time to generate one course, over seeds 0, 1, 2..."""
    seeds = iter(range(repeats))
    request = CourseRequest(tiles=tiles, packs=packs)
    return median_seconds(lambda: generate_course(request, seed=next(seeds)), repeats)

if __name__ == "__main__":
    main()
