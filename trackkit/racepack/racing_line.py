"""Beside the table: what a Racepack drawing shows that is not a piece, the
tiles a broken rule names and the racing line, the fastest safe flying lap
drawn as the spaces it passes."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from trackkit.findings import Faults, faults_of
from trackkit.piecepack.geometry import Square
from trackkit.racepack.layout import Layout
from trackkit.racepack.movement.analysis import fastest_safe_line, line_spaces
from trackkit.racepack.rules import validate
from trackkit.racepack.spaces import cell_of

__all__ = ["DrawnMove", "RacingLine", "fault_tiles", "racing_line"]


def fault_tiles(layout: Layout) -> Faults:
    """Whether the track breaks a rule, and the loop tiles those rules name."""
    return faults_of(validate(layout), len(layout.circuit))


@dataclass(frozen=True)
class DrawnMove:
    """One movement of the racing line: the spaces it passes, from where it
    starts, and the speed it is made at."""

    cells: tuple[Square, ...]
    speed: int


@dataclass(frozen=True)
class RacingLine:
    """The fastest safe flying lap: ``turns``, each a run of movements, and
    ``path``, every space it visits in order, once each."""

    turns: tuple[tuple[DrawnMove, ...], ...]
    path: tuple[Square, ...]


@functools.lru_cache(maxsize=32)
def racing_line(layout: Layout) -> RacingLine:
    """The fastest safe flying lap as the spaces it passes (see
    :func:`trackkit.racepack.movement.analysis.fastest_safe_line`); kept for
    the last layouts asked about, since finding it is a race analysis and a
    drawing's layers and the terminal preview each ask for it."""
    circuit = layout.circuit
    found = fastest_safe_line(layout)
    turns = tuple(
        tuple(DrawnMove(tuple(cell_of(circuit, s) for s in move.spaces), move.speed) for move in turn)
        for turn in found
    )
    return RacingLine(turns, tuple(cell_of(circuit, space) for space in line_spaces(found)))
