"""Benchmark: the terminal preview of every game.

Prints the median of 15 runs, in milliseconds, of ``show``'s preview (the
rules checked too, for the fault marks) for the largest shipped layout of
each game, coloured for a dark terminal at 120 columns and at 40 (two
characters or one a space, where labels are kept apart).

Run: python benchmarks/bench_show.py
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from _timing import median_seconds

from trackkit import games
from trackkit.render.options import TerminalOptions

ROOT = Path(__file__).resolve().parent.parent
LAYOUTS = {
    "racepack": "grand-prix.yaml",
    "motocross": "motocross-max-ramps.yaml",
    "race": "race-hairpin.yaml",
    "rally": "rally-expansion.yaml",
}


def main() -> None:
    for name, file in LAYOUTS.items():
        game = games.find_game(name)
        layout = games.load(ROOT / "layouts" / file).layout
        for width in (120, 40):
            took = median_seconds(partial(game.preview, layout, TerminalOptions(width, color=True)), 15)
            print(f"{name:10} {file:28} {width:3} columns: {took * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
