"""A RACE! track on the editor's table (``Game.tabletop``; see
:mod:`trackkit.tabletop`).

A track of spaces alone is shown as its spaces in rows of
:data:`ROW_SPACES`, space 1 first, each row turning back under the one
before (so every space lies beside the next and a space put down never
moves another): the palette's space goes after the last one, its corners
cover the spaces a drag goes through (rated by the piece: "a radius
rating of one or two"), and the finish line goes after the space it is put on.  A track laid
on tiles shows its tiles where they lie, laid as Racepack's are, each tile
two spaces long.
"""

from __future__ import annotations

from dataclasses import replace

from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.geometry import TILE
from trackkit.piecepack.roads import closing_cells, ghosts, road_placed
from trackkit.race.track import CLOCKWISE, COUNTERCLOCKWISE, SPACES_PER_TILE, Corner, RaceLayout
from trackkit.tabletop import Piece, Placement, Spot, Stock, Table, refuse

__all__ = ["palette", "place", "table", "text"]

ROW_SPACES = 10
"""Spaces in one row of the table, for a track of spaces alone."""

SPACES = (Piece("space", "Space", "one more space after the last, on the cell it is dropped on", "s"),)
TILES = (
    Piece("straight", "Straight on", "lay a tile ahead of the road's end", "s"),
    Piece("left", "Turn left", "the road turns left on its last tile", "l"),
    Piece("right", "Turn right", "the road turns right on its last tile", "r"),
)
MARKS = (
    Piece("corner-1", "Corner, radius 1", "drag through spaces: a tight corner over them", on="piece"),
    Piece("corner-2", "Corner, radius 2", "drag through spaces: a corner of radius 2 over them", on="piece"),
    Piece("straight-space", "No corner", "take the corner off these spaces", on="piece"),
    Piece("finish", "Finish line", "the finish line after this space; the pole starts here", on="piece"),
)


def palette(track: RaceLayout | None) -> tuple[Piece, ...]:
    """Spaces (or tiles, for a track on tiles), corners and the finish line."""
    return (TILES if track is not None and track.circuit is not None else SPACES) + MARKS


def space_cell(space: int) -> tuple[float, float]:
    """The table cell of space ``space`` (from 1) of a track of spaces alone:
    rows of :data:`ROW_SPACES` going south, every other row run west."""
    row, place = divmod(space - 1, ROW_SPACES)
    return (float(place if row % 2 == 0 else ROW_SPACES - 1 - place), float(-row))


def _space_at(cell: tuple[float, float]) -> int:
    row = -round(cell[1])
    place = round(cell[0]) if row % 2 == 0 else ROW_SPACES - 1 - round(cell[0])
    return row * ROW_SPACES + place + 1


def _cornered(track: RaceLayout, spaces: list[int], radius: int) -> RaceLayout:
    """The track with the spaces given one corner of ``radius`` (none for 0),
    taken out of any corner that covered them."""
    covered = set(spaces)
    kept = [c for c in track.corners if not covered & set(c.spaces(track.spaces))]
    if radius:
        kept.append(Corner(min(covered), len(covered), radius))
    return replace(track, corners=tuple(sorted(kept, key=lambda c: c.first)))


def _chosen_spaces(track: RaceLayout, placement: Placement) -> list[int]:
    """The spaces a mark goes on: those dragged through, else the one chosen
    (for a track on tiles, a tile's two spaces)."""
    if placement.cells and track.circuit is None:
        spaces = [_space_at(cell) for cell in placement.cells]
    elif track.circuit is not None:
        spaces = [tile * SPACES_PER_TILE + s for tile in placement.chosen for s in (1, 2)]
    else:
        spaces = [index + 1 for index in placement.chosen]
    if not spaces or not all(1 <= s <= track.spaces for s in spaces):
        raise refuse("put it on spaces of the track")
    return sorted(set(spaces))


def _marked(track: RaceLayout, placement: Placement) -> RaceLayout:
    spaces = _chosen_spaces(track, placement)
    if placement.piece == "finish":
        return replace(track, finish=spaces[-1])
    radius = {"corner-1": 1, "corner-2": 2, "straight-space": 0}.get(placement.piece)
    if radius is None:
        raise refuse(f"{placement.piece!r} is not a RACE! piece")
    return _cornered(track, spaces, radius)


def _spaces_placed(track: RaceLayout | None, placement: Placement) -> RaceLayout | None:
    """A track of spaces alone with spaces put down or taken (``None``: the
    placement is a mark)."""
    count = 0 if track is None else track.spaces
    if placement.action in ("road", "put") and placement.piece in ("space", ""):
        added = max(1, len({cell for cell in placement.cells if _space_at(cell) > count}))
        new = count + added
        base = track if track is not None else RaceLayout(spaces=new, finish=new)
        finish = new if base.finish == count else base.finish
        return replace(base, spaces=new, finish=finish)
    if placement.action == "reverse" and track is not None:
        other = COUNTERCLOCKWISE if track.direction == CLOCKWISE else CLOCKWISE
        return replace(track, direction=other)
    if placement.action in ("turn", "flip", "move", "close"):
        raise refuse("spaces alone lie in rows on the table: lay the track on tiles to turn or move it")
    if placement.action == "remove" and track is not None:
        gone = len({index for index in placement.chosen if 0 <= index < count})
        new = max(count - gone, 1)
        corners = tuple(c for c in track.corners if c.first + c.length - 1 <= new)
        return replace(track, spaces=new, finish=min(track.finish, new), corners=corners)
    return None


def _tiles_placed(track: RaceLayout, placement: Placement) -> RaceLayout | None:
    """A track on tiles with tiles laid, moved or taken, its spaces two a
    tile and its finish kept where it was (``None``: the placement is a mark)."""
    assert track.circuit is not None
    laid = road_placed(list(track.circuit.centres()), placement, loops=True)
    if laid is None:
        return None
    circuit = Circuit.from_centres(laid[0])
    _refuse_broken(circuit)
    spaces = max(len(circuit) * SPACES_PER_TILE, 2)
    return replace(track, circuit=circuit, spaces=spaces, finish=min(track.finish, spaces))


def _refuse_broken(circuit: Circuit) -> None:
    """A RACE! file writes a road on tiles as a ``path``, each tile after
    the one before, so a road that breaks (a tile apart from it) cannot be
    saved; it is refused in words, not laid and then lost."""
    if circuit.breaks:
        raise refuse(
            f"a RACE! road on tiles is saved as a path, so each tile must follow on from the one before"
            f" ({circuit.breaks[0].message}); lay or move tiles so the road goes on"
        )


def place(track: RaceLayout | None, placement: Placement) -> RaceLayout:
    """The track after one placement on the table."""
    on_tiles = track is not None and track.circuit is not None
    placed = _tiles_placed(track, placement) if on_tiles and track else _spaces_placed(track, placement)
    if placed is not None:
        return placed
    if track is None:
        raise refuse("put a space down first")
    return _marked(track, placement)


def _space_spot(track: RaceLayout, space: int, corners: dict[int, Corner]) -> Spot:
    corner = corners.get(space)
    label = str(space) + (f"r{corner.radius}" if corner else "") + ("|" if space == track.finish else "")
    note = f"space {space}" + (f", corner of radius {corner.radius}" if corner else "")
    note += ", the finish line after it" if space == track.finish else ""
    return Spot(space - 1, space_cell(space), label, "corner" if corner else "space", note)


def table(track: RaceLayout | None) -> Table:
    """The spaces (or tiles) where they lie, where the next goes, and the
    spaces (or tiles) used."""
    if track is not None and track.circuit is not None:
        centres = list(track.circuit.centres())
        spots = tuple(
            Spot(
                i,
                (x / TILE, y / TILE),
                f"{2 * i + 1}-{2 * i + 2}",
                "tile",
                f"tile {i}: spaces {2 * i + 1}, {2 * i + 2}",
            )
            for i, (x, y) in enumerate(centres)
        )
        close = tuple((x / TILE, y / TILE) for x, y in closing_cells(centres)) if len(centres) > 1 else ()
        return Table(
            spots,
            tuple((x / TILE, y / TILE) for x, y in ghosts(centres)),
            close,
            (Stock("tiles", len(centres), 24),),
        )
    count = 0 if track is None else track.spaces
    corners = {} if track is None else {s: c for c in track.corners for s in c.spaces(track.spaces)}
    spots = () if track is None else tuple(_space_spot(track, s, corners) for s in range(1, count + 1))
    return Table(spots, (space_cell(count + 1),), (), (Stock("spaces", count, max(count, 20)),))


def text(track: RaceLayout) -> str:
    """The track as its file writes it."""
    from trackkit.race.formats.layout_file import dump_layout

    return dump_layout(track)
