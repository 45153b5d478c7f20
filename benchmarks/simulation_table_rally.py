"""Print the rally table of ``docs/simulation.md``: ``trackkit simulate`` on
every shipped rally deck, four players, without and with the base Skills
cards.

Run: python benchmarks/simulation_table_rally.py  (a minute or two)
"""

from __future__ import annotations

from pathlib import Path

from trackkit.api.simulation import simulate_file
from trackkit.games import load
from trackkit.rally.race.simulate import RallySimulation

ROOT = Path(__file__).resolve().parent.parent
RACES = 2000
SEED = 2026
DRIVERS = "bold,cautious,random"
PLAYERS = 4


def shortest(result: RallySimulation) -> str:
    """The card with the most shortages of either token a race, as ``13 s-bend (6.12)``."""
    totals = [fuel + control for fuel, control in zip(result.fuel_short, result.control_short)]
    card = max(range(len(totals)), key=lambda index: totals[index])
    return f"{card} {result.course[card]} ({totals[card] / result.races:.2f})"


def row(path: Path, skills: str) -> str:
    _, result = simulate_file(path, races=RACES, drivers=DRIVERS, seed=SEED, cars=PLAYERS, skills=skills)
    assert isinstance(result, RallySimulation)
    first = result.seat_rate(0)
    points = " / ".join(f"{result.seat_mean(seat):.1f}" for seat in range(result.players))
    groups = " / ".join(f"{100 * result.group_rate(seats).rate:.1f}" for _, seats in result.token_groups())
    return (
        f"| `{path.name}` | {skills} | {100 * first.rate:.1f} ({100 * first.low:.1f}-{100 * first.high:.1f})"
        f" | {points} | {groups}"
        f" | {result.mean_length:.1f} ({result.quantile(0.1)}-{result.quantile(0.9)})"
        f" | {result.minutes(result.mean_length):.0f} | {shortest(result)} |"
    )


def main() -> None:
    print(
        "| deck | Skills cards | seat 1 wins % (95 % interval) | points a race, seats 1-4"
        " | wins % a player: 3F 3C / 3F 4C / 4F 4C | race length, rounds (10-90 %) | minutes"
        " | most shortages: card (a race) |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for path in sorted((ROOT / "layouts").glob("*.yaml")):
        if load(path).layout.game == "rally":
            for skills in ("none", "base"):
                print(row(path, skills))


if __name__ == "__main__":
    main()
