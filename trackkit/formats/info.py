"""``trackkit info`` output: what :func:`trackkit.analysis.describe` finds."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from trackkit.analysis import TrackInfo, describe
from trackkit.model.layout import Layout


def number(value: Fraction) -> int | float:
    """A whole number as an int, a half as a float: JSON-friendly."""
    return int(value) if value.denominator == 1 else float(value)


def start_words(start: Fraction) -> str:
    """``21 (entry edge of tile 21)`` or ``20.5 (middle of tile 20)``."""
    tile = int(start)
    where = f"entry edge of tile {tile}" if start.denominator == 1 else f"middle of tile {tile}"
    return f"{number(start)} ({where})"


def info_json(layout: Layout) -> dict[str, Any]:
    facts = describe(layout)
    return {
        "name": facts.name,
        "game": layout.game,
        "tiles": facts.tiles,
        "direction": facts.direction,
        "laps": layout.laps,
        "cars": layout.cars,
        "start": number(facts.start),
        "corners": [{"number": c.number, "tile": c.tile, "turn": c.turn} for c in facts.corners],
        "straights": [
            {"first_tile": s.first, "length": s.length, "tiles": list(s.tiles)} for s in facts.straights
        ],
        "longest_straight": (
            {"length": facts.longest.length, "first_tile": facts.longest.first} if facts.longest else None
        ),
        "size": _size_json(facts),
    }


def _size_json(facts: TrackInfo) -> dict[str, int | float]:
    return {
        "width": number(facts.size.width),
        "height": number(facts.size.height),
        "width_inches": number(facts.size.width_inches),
        "height_inches": number(facts.size.height_inches),
    }


def info_text(layout: Layout) -> str:
    facts = describe(layout)
    size = _size_json(facts)
    longest = facts.longest
    rows = [
        ("name", facts.name or "(unnamed)"),
        ("tiles", f"{facts.tiles}, driven {facts.direction}"),
        ("race", f"{layout.laps} laps, {layout.cars} cars"),
        ("start", start_words(facts.start)),
        ("longest", f"{longest.length} tiles from tile {longest.first}" if longest else "no straight"),
        ("straights", ", ".join(f"{s.length} from tile {s.first}" for s in facts.straights) or "none"),
        (
            "size",
            f"{size['width']} x {size['height']} tiles "
            f"({size['width_inches']} x {size['height_inches']} inches)",
        ),
        ("corners", f"{len(facts.corners)}"),
    ]
    lines = [f"{label + ':':<11}{value}" for label, value in rows]
    lines += [
        f"  {c.number:>2}  tile {c.tile:>2}  turns {'left' if c.turn == 'L' else 'right'}"
        for c in facts.corners
    ]
    return "\n".join(lines)
