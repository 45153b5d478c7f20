"""Where a diagram prints the corner numbers: worked out on the table, in
:mod:`trackkit.racepack.corner_labels`, and named here for the drawings."""

from __future__ import annotations

from trackkit.racepack.corner_labels import (
    DIE_SIDE,
    LABEL_RADIUS,
    CornerLabel,
    corner_labels,
    label_cell,
    shared_diagonals,
)

__all__ = [
    "DIE_SIDE",
    "LABEL_RADIUS",
    "CornerLabel",
    "corner_labels",
    "label_cell",
    "shared_diagonals",
]
