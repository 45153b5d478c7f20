"""``trackkit grid`` for a RACE! track: the racers single file behind the
finish line, one line a racer."""

from __future__ import annotations

from typing import Any

from trackkit.race.grid import RaceGrid
from trackkit.race.track import RaceLayout, space_after

__all__ = ["grid_json", "grid_text"]


def grid_json(layout: RaceLayout, grid: RaceGrid) -> dict[str, Any]:
    """``{"racers", "finish", "slots": [{"racer", "space", "corner"}]}``."""
    return {
        "racers": len(grid.spaces),
        "finish": [grid.finish, space_after(grid.finish, layout.spaces)],
        "slots": [
            {"racer": racer, "space": space, "corner": corner}
            for racer, (space, corner) in enumerate(zip(grid.spaces, grid.corners), start=1)
        ],
    }


def grid_text(layout: RaceLayout, grid: RaceGrid) -> str:
    """A line about the grid, then one row a racer."""
    count = len(grid.spaces)
    lines = [
        f"{layout.name or 'Track'}: starting grid for {count} racer{'s' if count != 1 else ''}",
        f"finish line between spaces {grid.finish} and {space_after(grid.finish, layout.spaces)};"
        " racers single file, one a space",
        "  racer  space",
    ]
    for racer, (space, corner) in enumerate(zip(grid.spaces, grid.corners), start=1):
        notes = ["pole"] if racer == 1 else []
        notes += [f"in corner {corner}"] if corner else []
        lines.append(f"  {racer:>5}  {space:>5}" + (f"  ({', '.join(notes)})" if notes else ""))
    return "\n".join(lines)
