"""Print the Motocross table of ``docs/simulation.md``: ``trackkit simulate``
on every shipped Motocross course, and what a lone rider needs there.

Run: python benchmarks/simulation_table_motocross.py  (about a minute)
"""

from __future__ import annotations

from pathlib import Path

from simulation_table import print_table

from trackkit.api import simulate_file, study_file
from trackkit.games import load
from trackkit.montecarlo import Simulation

RACES = 2000
SEED = 2026
DRIVERS = "bold,cautious,random"


def busiest(counts: tuple[int, ...], races: int) -> str:
    """The tile with the most of ``counts`` a race, as ``3 (0.52)``."""
    tile = max(range(len(counts)), key=lambda index: counts[index])
    return f"{tile} ({counts[tile] / races:.2f})"


def row(path: Path) -> str | None:
    course = load(path).layout
    if course.game != "motocross":
        return None
    _, result = simulate_file(path, races=RACES, drivers=DRIVERS, seed=SEED)
    lone = study_file(path, "analyze").result
    return _row(path.name, result, lone.without_coins, lone.with_coins)


def _row(name: str, result: Simulation, alone: int | None, with_coins: int | None) -> str:
    first = result.slot_rate(0)
    best = max(range(result.cars), key=lambda seat: result.slot_wins[seat])
    rate = result.slot_rate(best)
    return (
        f"| `{name}` | {result.cars} | {100 * first.rate:.1f} ({100 * first.low:.1f}-{100 * first.high:.1f})"
        f" | {best + 1}: {100 * rate.rate:.1f}"
        f" | {result.mean_length:.1f} ({result.quantile(0.1)}-{result.quantile(0.9)})"
        f" | {result.minutes(result.mean_length):.0f} | {alone} / {with_coins}"
        f" | {sum(result.incidents) / result.races:.2f} | {busiest(result.incidents, result.races)}"
        f" | {sum(result.overtakes) / result.races:.2f} | {busiest(result.overtakes, result.races)} |"
    )


COLUMNS = [
    "course",
    "riders",
    "seat 1 wins % (95 % interval)",
    "best seat: wins %",
    "race length, turns (10-90 %)",
    "minutes",
    "lone rider, fewest turns (no coins / coins)",
    "wipe-outs a race",
    "most: tile (a race)",
    "failed jumps a race",
    "most: tile (a race)",
]


def main() -> None:
    print_table(COLUMNS, row)


if __name__ == "__main__":
    main()
