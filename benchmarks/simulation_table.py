"""Print the table of ``docs/simulation.md``: ``trackkit simulate`` on every
shipped Racepack and RACE! layout.

Run: python benchmarks/simulation_table.py [GAME]  (about ten minutes on one
core: every Racepack race rolls its own four hazards, and planning turns
around them costs two to three times a race without); with ``racepack`` or
``race``, only that game's rows.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from trackkit.api.simulation import simulate_file
from trackkit.games import load
from trackkit.montecarlo import Simulation

ROOT = Path(__file__).resolve().parent.parent
RACES = {"racepack": 300, "race": 2000}
"""Races per row, by game: fewer Racepack races, whose hazards make each
race dearer to plan (the intervals in the table show what that costs)."""
SEED = 2026
DRIVERS = "bold,cautious,random"
MORE_FIELDS = {"wide-straight.yaml": (7,)}
"""Layouts raced with other numbers of cars too, each a row of its own (the
wide straight: seven cars as well as its own eight)."""


def busiest(result: Simulation) -> str:
    """The corner with the most incidents a race, as ``3 (0.52)``."""
    corner = max(range(len(result.incidents)), key=lambda index: result.incidents[index])
    label = str(corner) if corner else "none"
    return f"{label} ({result.incidents[corner] / result.races:.2f})"


def rows(path: Path) -> str | None:
    """The layout's row, with its own number of cars, then a row for each
    other field of :data:`MORE_FIELDS`."""
    layout = load(path).layout
    if layout.game not in GAMES:
        return None
    own = getattr(layout, "cars", 0)
    fields = (None, *MORE_FIELDS.get(path.name, ()))
    return "\n".join(row(path, cars) for cars in sorted(fields, key=lambda cars: cars or own))


def row(path: Path, cars: int | None = None) -> str:
    """One row of the table: the layout raced by ``cars`` cars (its own number by default)."""
    layout = load(path).layout
    _, result = simulate_file(path, races=RACES[layout.game], drivers=DRIVERS, seed=SEED, cars=cars)
    pole = result.slot_rate(0)
    best = max(range(result.cars), key=lambda slot: result.slot_wins[slot])
    rate = result.slot_rate(best)
    points = f"{result.slot_points[0] / result.races:.1f}" if result.slot_points else "-"
    game = "Racepack" if layout.game == "racepack" else "RACE!"
    return (
        f"| `{path.name}` | {game} | {result.cars} | {result.laps}"
        f" | {100 * pole.rate:.1f} ({100 * pole.low:.1f}-{100 * pole.high:.1f})"
        f" | {best + 1}: {100 * rate.rate:.1f} | {points}"
        f" | {result.mean_length:.1f} ({result.quantile(0.1)}-{result.quantile(0.9)})"
        f" | {result.minutes(result.mean_length):.0f} | {busiest(result)} |"
    )


def print_table(columns: list[str], row_of: Callable[[Path], str | None]) -> None:
    """A Markdown table: the ``columns``, then a row for each shipped layout
    ``row_of`` gives one for."""
    print("| " + " | ".join(columns) + " |")
    print("|" + " --- |" * len(columns))
    for path in sorted((ROOT / "layouts").glob("*.yaml")):
        found = row_of(path)
        if found is not None:
            print(found)


GAMES = tuple(sys.argv[1:]) or ("racepack", "race")
"""The games whose rows are printed (both unless named on the command line)."""


def main() -> None:
    columns = "layout, game, cars, laps, pole wins % (95 % interval), best slot: wins %, pole points"
    columns += ", race length, turns (10-90 %), minutes, most incidents: corner (a race)"
    print_table(columns.split(", "), rows)


if __name__ == "__main__":
    main()
