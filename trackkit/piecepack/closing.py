"""The one change that closes a path into a loop, for a hint to propose.

A path that does not close is usually one tile off: a straight one tile too
long or too short (a loop of 25 tiles cannot close: one side of the
rectangle is longer than the other), or a corner laid turning the wrong
way.  :func:`closing_edit` tries those changes, the smallest first, and
gives the first that closes the loop with no two tiles on the same ground,
with the words that explain it.  Only paths of whole tile kinds are tried,
and only up to :data:`MOST_TILES` tiles, so the search stays quick.
"""

from __future__ import annotations

from collections.abc import Iterator

from trackkit.edits import Edit, Insert, Put, Remove
from trackkit.piecepack.circuit import Circuit, Kind
from trackkit.piecepack.circuit_edits import edited_circuit
from trackkit.piecepack.geometry import TILE, step
from trackkit.piecepack.ground import Ground

__all__ = ["MOST_TILES", "closing_edit", "closing_hint", "straight_runs"]

MOST_TILES = 400
"""The longest path :func:`closing_edit` searches a change for."""

_OTHER_WAY = {Kind.LEFT: Kind.RIGHT, Kind.RIGHT: Kind.LEFT}


def straight_runs(circuit: Circuit) -> list[tuple[int, int]]:
    """Each run of straight tiles as ``(first, last)`` tile, in path order
    (not joined round the end: a path that does not close has no round)."""
    runs: list[tuple[int, int]] = []
    for tile in circuit.tiles:
        if tile.kind is not Kind.STRAIGHT:
            continue
        if runs and runs[-1][1] == tile.index - 1:
            runs[-1] = (runs[-1][0], tile.index)
        else:
            runs.append((tile.index, tile.index))
    return runs


def _straight(first: int, last: int) -> str:
    return f"the straight from tile {first} to tile {last}" if first != last else f"the straight tile {first}"


def _candidates(circuit: Circuit) -> Iterator[tuple[Edit, str]]:
    """Changes that may close the path, the smallest first, each with why.

    Taking ``k`` straights out of a run heading ``h`` pulls the end of the
    path ``k`` tiles back along ``h`` and turns nothing, so it can only
    close a path whose end already faces the start and lies exactly
    ``k`` tiles beyond it along ``h`` (putting one in, one tile short of
    it); turning a corner the other way changes the turns by two, so it is
    tried only on a path two turns off a loop."""
    runs = straight_runs(circuit)
    first_tile, last_tile = circuit.tiles[0], circuit.tiles[-1]
    end = step(last_tile.line_point, last_tile.exit, TILE) if last_tile.exit else None
    facing = end is not None and last_tile.exit == first_tile.entry
    gap = (end[0] - first_tile.line_point[0], end[1] - first_tile.line_point[1]) if end else (0, 0)

    def beyond(run: tuple[int, int], tiles: int) -> bool:
        heading = circuit.tiles[run[1]].exit
        reach = TILE * tiles
        return facing and heading is not None and gap == (heading.dx * reach, heading.dy * reach)

    for first, last in runs:
        if beyond((first, last), 1):
            yield Remove("path", last), f"{_straight(first, last)} is one tile too long"
    for first, last in runs:
        if beyond((first, last), -1):
            short = f"{_straight(first, last)} is one tile too short"
            yield Insert("path", last + 1, Kind.STRAIGHT.value), short
    if abs(circuit.turning_number()) in (2, 6):
        for tile in circuit.tiles:
            if tile.kind in _OTHER_WAY:
                turned = _OTHER_WAY[tile.kind].value
                yield Put(("path", tile.index), turned), f"corner tile {tile.index} turns the wrong way"
    for first, last in runs:
        if last > first and beyond((first, last), 2):
            yield Remove("path", last - 1, 2), f"{_straight(first, last)} is two tiles too long"


def closing_edit(circuit: Circuit) -> tuple[Edit, str] | None:
    """The first change (with why it is needed) that makes ``circuit`` a
    whole loop whose tiles lie on ground of their own; ``None`` when no one
    change does, or the path is too long to search."""
    if not circuit.tiles or len(circuit) > MOST_TILES or any(tile.kind is None for tile in circuit):
        return None
    for edit, why in _candidates(circuit):
        after = edited_circuit(circuit, edit)
        if after.is_whole and not any(Ground((t.index, t.centre) for t in after).overlaps()):
            return edit, why
    return None


def closing_hint(circuit: Circuit) -> tuple[str, Edit] | None:
    """The hint that closes ``circuit`` with one change, and the change
    (``the straight from tile 20 to tile 24 is one tile too long for the
    loop to close: remove tile 24``); ``None`` when :func:`closing_edit`
    finds none."""
    fix = closing_edit(circuit)
    if fix is None:
        return None
    edit, why = fix
    return f"{why} for the loop to close: {edit.words()}", edit
