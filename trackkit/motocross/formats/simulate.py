"""``trackkit simulate`` output for a Motocross course, as text or JSON.

The figures come from :func:`trackkit.motocross.race.simulate.simulate_motocross`,
gathered in a :class:`~trackkit.montecarlo.Simulation`: a *seat* is a place
at the table (seat 1 is the starting player, who places a bike first and
moves first); a win rate comes with its 95 % confidence interval (Wilson's).
Race lengths are the winner's turns, and minutes at twenty seconds a
rider's turn.  Per tile of the course (tile 0 the starting tile): the
*wipe-outs* there (counted at the space the bike left the track from) and
the *failed jumps* (turns a ramp held a bike back).
"""

from __future__ import annotations

from typing import Any

from trackkit.montecarlo import Simulation
from trackkit.simulation_words import (
    driver_lines,
    drivers_json,
    interval_json,
    length_json,
    length_lines,
    percent,
)

__all__ = [
    "motocross_simulation_json",
    "motocross_simulation_text",
]


def _busy_tiles(result: Simulation) -> list[int]:
    """The tiles where a bike wiped out or failed a jump in some race."""
    return [tile for tile in range(len(result.incidents)) if result.incidents[tile] or result.overtakes[tile]]


def motocross_simulation_json(name: str | None, result: Simulation) -> dict[str, Any]:
    """Every figure of ``result``."""
    return {
        "name": name,
        "game": result.game,
        "races": result.races,
        "riders": result.cars,
        "tiles": len(result.incidents),
        "seed": result.seed,
        "drivers": list(result.drivers),
        "unfinished": result.unfinished,
        "seats": [
            {"seat": seat + 1, "wins": wins, **interval_json(result.slot_rate(seat))}
            for seat, wins in enumerate(result.slot_wins)
        ],
        "length": length_json(result),
        "tiles_per_race": [
            {
                "tile": tile,
                "wipe_outs": round(result.incidents[tile] / result.races, 4),
                "failed_jumps": round(result.overtakes[tile] / result.races, 4),
            }
            for tile in range(len(result.incidents))
        ],
        "drivers_won": drivers_json(result),
    }


def motocross_simulation_text(name: str | None, result: Simulation) -> str:
    """The figures as a short report a course builder can read."""
    title = name or "Course"
    lines = [
        f"{title}: {result.races:,} races of {result.cars} riders on {len(result.incidents)} tiles"
        f" (drivers {', '.join(result.drivers)}; seed {result.seed})",
        "",
        "seat         wins     win rate (95 % interval)",
    ]
    for seat, wins in enumerate(result.slot_wins):
        label = f"{seat + 1}" + (" (first)" if seat == 0 else "")
        lines.append(f"{label:<9}  {wins:>7,}  {percent(result.slot_rate(seat))}")
    lines += ["", *length_lines(result)]
    lines += ["", "tile  wipe-outs a race  failed jumps a race"]
    busy = _busy_tiles(result)
    for tile in busy:
        wipe_outs = result.incidents[tile] / result.races
        failed = result.overtakes[tile] / result.races
        lines.append(f"{tile:>4}  {wipe_outs:>16.2f}  {failed:>19.2f}")
    if len(busy) < len(result.incidents):
        lines.append(f"  (no wipe-out or failed jump on the other {len(result.incidents) - len(busy)} tiles)")
    lines += ["", *driver_lines(result)]
    return "\n".join(lines)
