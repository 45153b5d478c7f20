"""Output of ``trackkit lanes``, ``grid`` and ``hazards``: text tables and JSON.

Also stores placed hazards back into a layout file (``hazards --write``).
Spaces are named by quadrant in the table frame (``NE``, ``NW``, ``SE``,
``SW``); lane lists give the rear space first, then the front one.
"""

from __future__ import annotations

from typing import Any

from trackkit.racepack.formats.info import number, start_words
from trackkit.racepack.grid import StartingGrid
from trackkit.racepack.hazards import HazardPlacement, HazardToken, NullRule, face_name
from trackkit.racepack.lanes import CornerApproach, InsideLanes, TileInside
from trackkit.racepack.layout import Layout

__all__ = [
    "grid_json",
    "grid_text",
    "hazards_json",
    "hazards_text",
    "lanes_json",
    "lanes_text",
]

# --- inside lanes ------------------------------------------------------------


def lanes_json(lanes: InsideLanes) -> dict[str, Any]:
    """``{"start", "tiles": [...], "corners": [...]}``."""
    return {
        "start": number(lanes.start),
        "tiles": [_tile_json(tile) for tile in lanes.tiles],
        "corners": [_corner_json(corner) for corner in lanes.corners],
    }


def _tile_json(tile: TileInside) -> dict[str, Any]:
    return {
        "tile": tile.tile,
        "kind": tile.kind.value,
        "inside": tile.side.value,
        "spaces": [quadrant.value for quadrant in tile.quadrants],
        "next_corner": tile.corner.number,
    }


def _corner_json(corner: CornerApproach) -> dict[str, Any]:
    return {
        "number": corner.corner.number,
        "tile": corner.corner.tile,
        "turn": corner.corner.turn,
        "approach": list(corner.approach),
        "inside": corner.side.value,
        "inside_on_tile": corner.own_side.value,
    }


def lanes_text(layout: Layout, lanes: InsideLanes) -> str:
    """One table per corner: the tiles whose inside lane it decides."""
    by_tile = {tile.tile: tile for tile in lanes.tiles}
    lines = [f"{_title(layout)}: inside lanes, start {start_words(lanes.start)}"]
    for corner in lanes.corners:
        lines += ["", _corner_heading(corner), "  tile  kind  inside  spaces"]
        lines += [_tile_row(by_tile[index]) for index in corner.approach]
    return "\n".join(lines)


def _corner_heading(corner: CornerApproach) -> str:
    first, last = corner.approach[0], corner.approach[-1]
    tiles = f"tile {first}" if first == last else f"tiles {first} to {last}"
    return (
        f"corner {corner.corner.number} (tile {corner.corner.tile}) turns {corner.side.value}:"
        f" the inside lane of {tiles} is the {corner.side.value} lane"
    )


def _tile_row(tile: TileInside) -> str:
    spaces = " ".join(quadrant.value for quadrant in tile.quadrants)
    return f"  {tile.tile:>4}  {tile.kind.value:<4}  {tile.side.value:<6}  {spaces}"


# --- starting grid -----------------------------------------------------------


def grid_json(grid: StartingGrid) -> dict[str, Any]:
    """``{"cars", "start", "inside", "room", "slots": [{"car", "row", "tile", "space", "lane"}]}``."""
    return {
        "cars": len(grid.slots),
        "start": number(grid.start),
        "inside": grid.side.value,
        "room": 2 * grid.room,
        "slots": [
            {
                "car": slot.car,
                "row": slot.row,
                "tile": slot.space.tile,
                "space": slot.space.quadrant.value,
                "lane": "inside" if slot.inside else "outside",
            }
            for slot in grid.slots
        ],
    }


def grid_text(layout: Layout, grid: StartingGrid) -> str:
    """A line about the grid, then one row per car."""
    lines = [
        f"{_title(layout)}: starting grid for {_plural(len(grid.slots), 'car')}",
        f"line {start_words(grid.start)}; inside lane on the {grid.side.value};"
        f" room for {_plural(2 * grid.room, 'car')}",
        "  row  car  tile  space  lane",
    ]
    for slot in grid.slots:
        lane = "inside" if slot.inside else "outside"
        if slot.car == 1:
            lane += " (pole)"
        lines.append(
            f"  {slot.row:>3}  {slot.car:>3}  {slot.space.tile:>4}  {slot.space.quadrant.value:<5}  {lane}"
        )
    return "\n".join(lines)


# --- hazards -----------------------------------------------------------------


def hazards_json(placement: HazardPlacement) -> dict[str, Any]:
    """``{"corner_tile", "null_rule", "hazards": [{"tile", "space", "roll", ...}]}``."""
    return {
        "corner_tile": placement.corner_tile,
        "null_rule": placement.null_rule.value,
        "hazards": [_token_json(token) for token in placement.tokens],
    }


def _token_json(token: HazardToken) -> dict[str, Any]:
    return {
        "tile": token.tile,
        "space": token.quadrant.value,
        "roll": token.roll,
        "face": face_name(token.roll),
        "from": token.counted_from,
        "passed": list(token.passed),
        "rerolled": token.rerolled,
        "icon": token.icon.value,
    }


def hazards_text(layout: Layout, placement: HazardPlacement) -> str:
    """A line about the count, then one row per hazard."""
    null = "counts as zero" if placement.null_rule is NullRule.ZERO else "is rolled again"
    lines = [
        f"{_title(layout)}: {_plural(len(placement.tokens), 'hazard')}, counted from the"
        f" corner-1 tile ({placement.corner_tile}); a null {null}",
        "    #  roll  from  tile  space  icon    note",
    ]
    lines += [_token_row(number, token) for number, token in enumerate(placement.tokens, 1)]
    return "\n".join(lines)


def _token_row(position: int, token: HazardToken) -> str:
    row = (
        f"  {position:>3}  {face_name(token.roll):<4}  {token.counted_from:>4}  {token.tile:>4}"
        f"  {token.quadrant.value:<5}  {token.icon.value:<6}  {_token_note(token)}"
    )
    return row.rstrip()


def _token_note(token: HazardToken) -> str:
    notes: list[str] = []
    if token.rerolled:
        notes.append(f"{_plural(token.rerolled, 'null')} rolled again")
    if token.passed:
        tiles = "tile" if len(token.passed) == 1 else "tiles"
        taken = ", ".join(map(str, token.passed))
        notes.append(f"moved on past {tiles} {taken} (icon space taken)")
    return "; ".join(notes)


# --- shared ------------------------------------------------------------------


def _title(layout: Layout) -> str:
    return layout.name or "the track"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
