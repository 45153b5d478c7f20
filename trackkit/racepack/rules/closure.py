"""Racepack's closure and connection rules: the tiles make one closed loop.

Their hints are edits where one change fixes the fault (see
:mod:`trackkit.edits`): the straight one tile too long or too short, the
corner turning the wrong way (:mod:`trackkit.piecepack.closing`), the
empty ground a tile is missing from.
"""

from __future__ import annotations

from collections.abc import Iterator

from trackkit.edits import Insert
from trackkit.findings import Finding, error
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.circuit_edits import filling, occupied
from trackkit.piecepack.closing import closing_hint
from trackkit.piecepack.geometry import TILE, format_point, step
from trackkit.racepack.rules.context import Context, Rule

__all__ = ["RULES", "check_closure", "check_connected"]


def check_closure(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Turn all twenty-four tiles grid side up and use them to construct a
    closed circuit."  Where one change closes the loop (a straight one tile
    shorter or longer, a corner turned the other way), the hint is that edit.
    """
    circuit = ctx.circuit
    if circuit.closed or not circuit.tiles:
        if not circuit.tiles:
            yield error("closure", "the track has no tiles", hint="list the tiles in 'path' or 'tiles'")
        return
    last = circuit.tiles[-1]
    first = circuit.tiles[0]
    message = f"the track does not close: the road leaves {last.describe()}"
    if last.exit is not None:
        target = step(last.line_point, last.exit, TILE)
        message += f" heading {last.exit.name.lower()} towards {format_point(target)}"
    message += f", but {first.describe()}"
    if first.entry is not None:
        message += f" is entered heading {first.entry.name.lower()}"
    hint, edit = closing_hint(circuit) or (_closure_hint(circuit), None)
    yield error("closure", message, (last.index, first.index), hint, edit)


def _closure_hint(circuit: Circuit) -> str:
    if len(circuit) % 2:
        return f"a closed loop always has an even number of tiles; this one has {len(circuit)}"
    if any(t.kind is None for t in circuit):
        return "make every tile follow the one before, then close the loop back into tile 0"
    turning = circuit.turning_number()
    if abs(turning) != 4:
        return (
            f"the path {_net_turns(turning)}; a closed loop turns right"
            " 4 more times than left (clockwise) or left 4 more times than right"
        )
    return "the turns add up, so change the number of straights so the road returns to tile 0"


def _net_turns(turning: int) -> str:
    """``turns right 3 more times than left``, ``turns left once more than
    right``, ``turns as often left as right`` (a net turn count in words)."""
    if turning == 0:
        return "turns as often left as right"
    way, other = ("right", "left") if turning > 0 else ("left", "right")
    times = "once more" if abs(turning) == 1 else f"{abs(turning)} more times"
    return f"turns {way} {times} than {other}"


def check_connected(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "use them to construct a closed circuit": each tile leads on into the
    next, sharing an edge (a whole edge, or one space of it at a chicane).
    Where two tiles are one tile apart and the ground between them is empty,
    the hint is to put a tile there.
    """
    centres = ctx.circuit.centres()
    taken = occupied(centres)
    for fault in ctx.circuit.breaks:
        a, b = (*fault.tiles, -1)[:2]
        cell = filling(centres[a], centres[b], taken) if b == a + 1 else None
        if cell is None:
            yield error("connected", fault.message, fault.tiles, _CONNECTED_HINT)
            continue
        edit = Insert("tiles", b, cell)
        hint = f"{edit.words()}, the empty ground between tile {a} and tile {b}"
        yield error("connected", fault.message, fault.tiles, hint, edit)


_CONNECTED_HINT = "place each tile beyond the exit edge of the tile before it"


RULES: tuple[Rule, ...] = (check_closure, check_connected)
"""The closure rules, in the order their findings are listed."""
