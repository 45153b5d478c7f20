"""Benchmark: the Racepack turn search, the hot path of ``simulate``,
``analyze``, the drivers and the race pictures.

Prints the median processor time of a few runs (processor time, not wall
time: the machine is shared) for:

* 30 three-lap races on Figure 1 with its hazards rolled for each race
  (four cars: bold, cautious, random and bold+tokens dealt in turn), a
  fresh track each run: every race searches the turns of its own hazards;
* every turn plan from every place of Figure 1's board, hazards in effect
  and not, risky and safe, with the movements of each plan read back, on a
  fresh planner;
* the exact analysis of Figure 1 (``trackkit analyze``'s figures, in process).

Run: python benchmarks/bench_turn_search.py

The 30 races, medians of seven on the shared machine: 2.17 and 2.43 s
before a hazard set's search took the rests of a turn that touch none of
its last hazard's tiles from the set before it (and ranked places out of
its reach the same), 1.88 and 1.89 s after.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from _timing import median_processor_seconds

from trackkit.racepack.formats.layout_file import load_layout
from trackkit.racepack.movement.analysis import analyze, board_of
from trackkit.racepack.movement.laps import Planner
from trackkit.racepack.race.drivers import Driver
from trackkit.racepack.race.simulate import forget_tracks, simulate

ROOT = Path(__file__).resolve().parent.parent
FIGURE1 = load_layout(ROOT / "layouts" / "figure1.yaml").layout
ROLLED = replace(FIGURE1, hazards=())
"""Figure 1 without its written hazards, so each race rolls four of its own."""
DRIVERS = (Driver("bold"), Driver("cautious"), Driver("random"), Driver("bold+tokens"))
RUNS = 5


def races() -> object:
    forget_tracks()
    return simulate(ROLLED, DRIVERS, races=30, seed=2026, cars=4)


def every_plan() -> int:
    board = board_of(FIGURE1, wide=True)
    moves = 0
    for risky in (False, True):
        planner = Planner(board, risky=risky)
        for space, heading in board.states():
            for crossings in (1, 2):
                node = (space, heading, crossings, 0)
                for plan in planner.plans(node):
                    moves += len(planner.movements(node, plan))
    return moves


def main() -> None:
    for label, work in (
        ("30 races on Figure 1, hazards rolled per race, 4 cars", races),
        ("every plan of Figure 1's board with its movements, fresh planner", every_plan),
        ("analyze Figure 1 in process", lambda: analyze(FIGURE1)),
    ):
        print(f"{label}: median {median_processor_seconds(work, RUNS):.3f} s processor")


if __name__ == "__main__":
    main()
