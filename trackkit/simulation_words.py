"""What many simulated races showed, as text or JSON: ``trackkit simulate``'s report.

The figures come from a game's simulation (Racepack's
:func:`trackkit.racepack.race.simulate.simulate`, RACE!'s
:func:`trackkit.race.simulate.simulate_race`), gathered in a
:class:`~trackkit.montecarlo.Simulation`.  A *grid slot* is a place on the
starting grid (slot 1 is the pole); a win rate comes with its 95 %
confidence interval (Wilson's).  Race lengths are in turns (rounds of every
car's turn) and in minutes at the game's stated pace.
"""

from __future__ import annotations

from typing import Any

from trackkit.montecarlo import Interval, RaceFigures, Simulation

__all__ = [
    "QUANTILES",
    "driver_lines",
    "drivers_json",
    "interval_json",
    "length_json",
    "length_lines",
    "percent",
    "quantiles_json",
    "quantiles_words",
    "simulation_json",
    "simulation_text",
]

QUANTILES = (0.1, 0.5, 0.9)
"""The shares of races whose length is shown."""


def interval_json(interval: Interval) -> dict[str, float]:
    return {"rate": round(interval.rate, 4), "low": round(interval.low, 4), "high": round(interval.high, 4)}


def quantiles_json(result: RaceFigures) -> dict[str, int]:
    """The race length that 10, 50 and 90 % of the races did not exceed, keyed ``"10%"``..."""
    return {f"{round(100 * share)}%": result.quantile(share) for share in QUANTILES}


def quantiles_words(result: RaceFigures) -> str:
    """The same lengths in words: ``10 % within 14, 50 % within 16, ...``."""
    return ", ".join(f"{round(100 * share)} % within {result.quantile(share)}" for share in QUANTILES)


def simulation_json(name: str | None, result: Simulation) -> dict[str, Any]:
    """Every figure of ``result``, for a game raced on a circuit by grid
    slot (Racepack, RACE!); a game with figures of its own gives its own
    view as its ``simulation_json`` job."""
    corners = range(0 if _off_corners(result) else 1, len(result.incidents))
    return {
        "name": name,
        "races": result.races,
        "cars": result.cars,
        "laps": result.laps,
        "seed": result.seed,
        "drivers": list(result.drivers),
        "unfinished": result.unfinished,
        "grid": [
            {
                "slot": slot + 1,
                "wins": wins,
                **interval_json(result.slot_rate(slot)),
                **_points_json(result, slot),
            }
            for slot, wins in enumerate(result.slot_wins)
        ],
        "length": length_json(result),
        "incident": result.incident,
        "corners": [
            {
                "corner": corner,
                "incidents_per_race": round(result.incidents[corner] / result.races, 4),
                "overtakes_per_race": round(result.overtakes[corner] / result.races, 4),
            }
            for corner in corners
        ],
        "drivers_won": drivers_json(result),
    }


def length_json(result: Simulation) -> dict[str, Any]:
    """The race lengths: mean, its standard error, quantiles, minutes."""
    return {
        "mean_turns": round(result.mean_length, 4),
        "standard_error": round(result.length_error, 4),
        "quantiles": quantiles_json(result),
        "mean_minutes": round(result.minutes(result.mean_length), 1),
        "seconds_per_move": result.seconds_per_move,
    }


def drivers_json(result: Simulation) -> list[dict[str, Any]]:
    """Each kind of driver's starts, wins and win rate."""
    return [
        {
            "driver": name,
            "starts": result.driver_starts[name],
            "wins": result.driver_wins[name],
            **interval_json(result.driver_rate(name)),
        }
        for name in sorted(result.driver_starts)
    ]


def _points_json(result: Simulation, slot: int) -> dict[str, float]:
    if not result.slot_points:
        return {}
    return {"mean_points": round(result.slot_points[slot] / result.races, 4)}


def _off_corners(result: Simulation) -> bool:
    """Whether anything happened on road that belongs to no corner (RACE!'s
    straights; counted as corner 0)."""
    return bool(result.incidents[0] or result.overtakes[0])


def percent(interval: Interval) -> str:
    return f"{100 * interval.rate:5.1f} %  ({100 * interval.low:4.1f} to {100 * interval.high:4.1f})"


def simulation_text(name: str | None, result: Simulation) -> str:
    """The figures as a short report a designer can read, for a game raced
    on a circuit by grid slot (Racepack, RACE!); a game with figures of its
    own gives its own view as its ``simulation_text`` job."""
    title = name or "Track"
    lines = [
        f"{title}: {result.races:,} races of {result.cars} {result.vehicles} over {result.laps} laps"
        f" (drivers {', '.join(result.drivers)}; seed {result.seed})",
        "",
        "grid slot  wins     win rate (95 % interval)" + ("  points a race" if result.slot_points else ""),
    ]
    for slot, wins in enumerate(result.slot_wins):
        label = f"{slot + 1}" + (" (pole)" if slot == 0 else "")
        points = f"  {result.slot_points[slot] / result.races:>14.2f}" if result.slot_points else ""
        lines.append(f"{label:<9}  {wins:>6,}  {percent(result.slot_rate(slot))}{points}")
    lines += ["", *length_lines(result)]
    heading = f"{result.incident} a race"
    lines += ["", f"corner  {heading:>20}  overtakes a race"]
    for corner in range(0 if _off_corners(result) else 1, len(result.incidents)):
        label = str(corner) if corner else "none"
        incidents = result.incidents[corner] / result.races
        passes = result.overtakes[corner] / result.races
        lines.append(f"{label:>6}  {incidents:>20.2f}  {passes:>16.2f}")
    lines += ["", *driver_lines(result)]
    return "\n".join(lines)


def length_lines(result: Simulation) -> list[str]:
    """The race lengths in turns and minutes, and the races stopped unfinished."""
    quantiles = quantiles_words(result)
    lines = [
        f"Race length: {result.mean_length:.2f} turns on average (standard error {result.length_error:.2f});"
        f" {quantiles}",
        f"  about {result.minutes(result.mean_length):.0f} minutes"
        f" at {result.seconds_per_move} seconds a move"
        f" ({result.cars} moves a round)",
    ]
    if result.unfinished:
        lines.append(f"  {result.unfinished:,} races stopped unfinished")
    return lines


def driver_lines(result: Simulation) -> list[str]:
    """The table of each kind of driver's starts, wins and win rate."""
    width = max(8, *(len(driver) for driver in result.driver_starts))
    lines = [f"{'driver':<{width}}  starts    wins  win rate (95 % interval)"]
    for driver in sorted(result.driver_starts):
        lines.append(
            f"{driver:<{width}}  {result.driver_starts[driver]:>6,}  {result.driver_wins[driver]:>6,}"
            f"  {percent(result.driver_rate(driver))}"
        )
    return lines
