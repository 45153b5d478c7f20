"""Benchmark: a default ``trackkit generate`` with a target, on 24 tiles.

Runs ``trackkit generate --difficulty WORD --seed S`` for seeds 1 to 5 as a
person types it (a 24-tile Racepack track people race, each candidate
raced 30 times by the expert driver) and prints the median wall-clock and
processor seconds, and how many draws each seed took (the line the command
prints).  A seed whose target was not met counts its time too.

Run: python benchmarks/bench_targets.py [--difficulty medium]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import command_seconds

SEEDS = range(1, 6)


def one_seed(word: str, seed: int) -> tuple[float, float, str]:
    """The seconds of one generate and the line saying how many draws it took."""
    command = [sys.executable, "-m", "trackkit", "generate", "--difficulty", word, "--seed", str(seed)]
    wall, processor, said = command_seconds(command, check=False)
    return wall, processor, said.strip().splitlines()[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--difficulty", default="medium", choices=("easy", "medium", "hard"))
    word = parser.parse_args().difficulty
    runs = [one_seed(word, seed) for seed in SEEDS]
    for seed, (wall, processor, line) in zip(SEEDS, runs):
        print(f"seed {seed}: {wall:.1f} s wall, {processor:.1f} s processor; {line}")
    wall = statistics.median(run[0] for run in runs)
    processor = statistics.median(run[1] for run in runs)
    print(f"generate --difficulty {word}, 24 tiles: median {wall:.1f} s wall clock,", end=" ")
    print(f"{processor:.1f} s processor")


if __name__ == "__main__":
    main()
