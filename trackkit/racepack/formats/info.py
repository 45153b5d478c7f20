"""``trackkit info`` output: what :func:`trackkit.racepack.analysis.describe` finds."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from trackkit.layoutfile.json_numbers import number
from trackkit.racepack import constructions, u_turns
from trackkit.racepack.analysis import TrackInfo, describe
from trackkit.racepack.layout import Layout
from trackkit.racepack.spaces import Quadrant

__all__ = [
    "constructions_json",
    "constructions_rows",
    "info_json",
    "info_text",
    "number",
    "start_words",
    "stop_space",
    "tile_words",
]


def start_words(start: Fraction) -> str:
    """``21 (entry edge of tile 21)`` or ``20.5 (middle of tile 20)``."""
    tile = int(start)
    where = f"entry edge of tile {tile}" if start.denominator == 1 else f"middle of tile {tile}"
    return f"{number(start)} ({where})"


def tile_words(layout: Layout) -> str:
    """How many tiles the layout lays down, the same in every command:
    ``24 tiles``, or ``24 tiles: 20 in the loop, 4 in the pit lane``."""
    loop = len(layout.circuit)
    rows = [(len(_row_tiles(layout, row)), words) for row, words in _ROW_WORDS]
    total = loop + sum(count for count, _ in rows)
    if total == loop:
        return f"{total:,} tiles"
    parts = [f"{loop:,} in the loop", *(f"{count:,} {words}" for count, words in rows if count)]
    return f"{total:,} tiles: {', '.join(parts)}"


_ROW_WORDS = ((constructions.PIT, "in the pit lane"), (constructions.WIDE, "in the wide row"))


def info_json(layout: Layout) -> dict[str, Any]:
    facts = _facts(layout)
    return {
        "name": facts.name,
        "game": layout.game,
        "tiles": facts.tiles,
        "tiles_with_rows": facts.tiles + len(constructions.extra_tiles(layout)),
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
        **constructions_json(layout),
    }


def constructions_json(layout: Layout) -> dict[str, Any]:
    """The special constructions: hairpins, chicanes, pit lane and wide straight."""
    circuit = layout.circuit
    return {
        "hairpins": [
            {"tiles": list(h.corners), "turns": h.turns, "wall": list(h.wall)}
            for h in u_turns.hairpins(circuit)
        ],
        "chicanes": [{"tile": c.tile, "side": c.side} for c in constructions.chicanes(circuit)],
        "pit_lane": _pit_json(layout),
        "wide_straight": _wide_json(layout),
    }


def _row_tiles(layout: Layout, row: str) -> list[constructions.ExtraTile]:
    return [t for t in constructions.extra_tiles(layout) if t.row == row]


def _centre_json(centre: tuple[int, int]) -> list[int | float]:
    return [number(Fraction(value, 2)) for value in centre]


def _row_json(layout: Layout, row: str, side: str, length: int) -> dict[str, Any]:
    """What a pit lane and a wide main straight's second row share: the
    loop tiles they lie beside, their side, length and tile centres."""
    tiles = _row_tiles(layout, row)
    return {
        "beside": [t.beside for t in tiles],
        "side": side,
        "length": length,
        "tiles": [_centre_json(t.centre) for t in tiles],
    }


def _pit_json(layout: Layout) -> dict[str, Any] | None:
    pit = layout.pit
    if pit is None:
        return None
    return {
        **_row_json(layout, constructions.PIT, pit.side, pit.length),
        "speed_limit": constructions.PIT_SPEED_LIMIT,
        "stopping_places": [
            {
                "pit_tile": place.pit_tile,
                "space": stop_space(layout, place),
                "square": [number(value) for value in place.square],
            }
            for place in constructions.stopping_places(layout)
        ],
    }


def stop_space(layout: Layout, place: constructions.StoppingPlace) -> str:
    """A stopping place named as ``grid`` and ``hazards`` name spaces: the
    pit tile's number (pit tiles are numbered after the loop's, as in
    messages) and the quadrant, such as ``20NW``."""
    tile = next(t for t in _row_tiles(layout, constructions.PIT) if t.number == place.pit_tile)
    east = 1 if 2 * place.square[0] > tile.centre[0] else -1
    north = 1 if 2 * place.square[1] > tile.centre[1] else -1
    return f"{tile.index}{Quadrant.from_signs(east, north).value}"


def _wide_json(layout: Layout) -> dict[str, Any] | None:
    wide = layout.wide
    if wide is None:
        return None
    return {
        **_row_json(layout, constructions.WIDE, wide.side, wide.length),
        "lanes": wide.lanes,
        "pit_lane": wide.lanes == 3,
    }


def constructions_rows(layout: Layout) -> list[tuple[str, str]]:
    """Text rows for the special constructions the track has (none if it has none)."""
    circuit = layout.circuit
    rows: list[tuple[str, str]] = []
    hairpins = u_turns.hairpins(circuit)
    if hairpins:
        rows.append(("hairpins", "; ".join(_hairpin_words(h) for h in hairpins)))
    chicanes = constructions.chicanes(circuit)
    if chicanes:
        rows.append(("chicanes", ", ".join(f"tile {c.tile} ({c.side})" for c in chicanes)))
    if layout.pit is not None:
        rows.append(("pit lane", _pit_words(layout)))
    if layout.wide is not None:
        rows.append(("wide", _wide_words(layout)))
    return rows


def _hairpin_words(hairpin: u_turns.Hairpin) -> str:
    a, b, c = hairpin.corners
    turns = ", ".join(hairpin.turns)
    return f"tiles {a}, {b}, {c} ({turns}; wall between tiles {hairpin.wall[0]} and {hairpin.wall[1]})"


def _pit_words(layout: Layout) -> str:
    assert layout.pit is not None
    pit = layout.pit
    beside = [t.beside for t in _row_tiles(layout, constructions.PIT)] or [pit.first]
    stops = ", ".join(stop_space(layout, p) for p in constructions.stopping_places(layout))
    words = (
        f"{pit.length} tiles beside {constructions.span_words(tuple(beside))} ({pit.side}),"
        f" speed limit {constructions.PIT_SPEED_LIMIT}"
    )
    return f"{words}, stops at {stops}" if stops else words


def _wide_words(layout: Layout) -> str:
    assert layout.wide is not None
    wide = layout.wide
    beside = [t.beside for t in _row_tiles(layout, constructions.WIDE)] or [wide.first]
    lanes = "4 racing lanes" if wide.lanes == 4 else "3 racing lanes and a pit lane"
    return f"{wide.length} tiles beside {constructions.span_words(tuple(beside))} ({wide.side}), {lanes}"


def _facts(layout: Layout) -> TrackInfo:
    """What ``describe`` finds, with the table space of any pit or wide row."""
    return describe(layout, [tile.centre for tile in constructions.extra_tiles(layout)])


def _size_json(facts: TrackInfo) -> dict[str, int | float]:
    return {
        "width": number(facts.size.width),
        "height": number(facts.size.height),
        "width_inches": number(facts.size.width_inches),
        "height_inches": number(facts.size.height_inches),
    }


def info_text(layout: Layout) -> str:
    facts = _facts(layout)
    size = _size_json(facts)
    longest = facts.longest
    rows = [
        ("name", facts.name or "(unnamed)"),
        ("tiles", f"{tile_words(layout)}, driven {facts.direction}"),
        ("race", f"{layout.laps} laps, {layout.cars} cars"),
        ("start", start_words(facts.start)),
        ("longest", f"{longest.length} tiles from tile {longest.first}" if longest else "no straight"),
        ("straights", ", ".join(f"{s.length} from tile {s.first}" for s in facts.straights) or "none"),
        (
            "size",
            f"{size['width']} x {size['height']} tiles "
            f"({size['width_inches']} x {size['height_inches']} inches)",
        ),
        *constructions_rows(layout),
        ("corners", f"{len(facts.corners)}"),
    ]
    lines = [f"{label + ':':<11}{value}" for label, value in rows]
    lines += [
        f"  {c.number:>2}  tile {c.tile:>2}  turns {'left' if c.turn == 'L' else 'right'}"
        for c in facts.corners
    ]
    return "\n".join(lines)
