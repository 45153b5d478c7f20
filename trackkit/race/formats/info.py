"""``trackkit info`` for a RACE! track: spaces, corners with their radius
ratings, the finish line and the starting grid."""

from __future__ import annotations

from typing import Any

from trackkit.race.track import RaceLayout, grid_spaces, space_after

__all__ = ["info_json", "info_text", "size_words"]


def size_words(layout: RaceLayout) -> str:
    """``48 spaces`` (and ``on 24 tiles`` for a track laid on a piecepack path)."""
    words = f"{layout.spaces} spaces"
    if layout.circuit is not None:
        words += f" on {len(layout.circuit)} tiles"
    return words


def _finish_words(layout: RaceLayout) -> str:
    return f"between spaces {layout.finish} and {space_after(layout.finish, layout.spaces)}"


def info_json(layout: RaceLayout) -> dict[str, Any]:
    return {
        "name": layout.name,
        "game": layout.game,
        "spaces": layout.spaces,
        "direction": layout.direction,
        "laps": layout.laps,
        "racers": layout.racers,
        "finish": {"after": layout.finish, "before": space_after(layout.finish, layout.spaces)},
        "corners": [
            {
                "number": number,
                "from": corner.first,
                "length": corner.length,
                "radius": corner.radius,
                "spaces": list(corner.spaces(layout.spaces)) if corner.first <= layout.spaces else [],
            }
            for number, corner in enumerate(layout.corners, 1)
        ],
        "grid": list(grid_spaces(layout)),
        "tiles": len(layout.circuit) if layout.circuit is not None else None,
    }


def info_text(layout: RaceLayout) -> str:
    grid = grid_spaces(layout)
    rows = [
        ("name", layout.name or "(unnamed)"),
        ("game", "RACE!"),
        ("spaces", f"{size_words(layout)}, driven {layout.direction}"),
        ("race", f"{layout.laps} laps, {layout.racers} racers"),
        ("finish", _finish_words(layout)),
        (
            "grid",
            f"pole in space {grid[0]}, then {', '.join(map(str, grid[1:]))}"
            if len(grid) > 1
            else f"pole in space {grid[0]}",
        ),
        ("corners", f"{len(layout.corners)}"),
    ]
    lines = [f"{label + ':':<9}{value}" for label, value in rows]
    lines += [
        f"  {number:>2}  {corner.words(layout.spaces):<16} radius {corner.radius}"
        for number, corner in enumerate(layout.corners, 1)
    ]
    return "\n".join(lines)
