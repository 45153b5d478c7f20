"""A hint's edit made on a RACE! track (``Game.edit``; see :mod:`trackkit.edits`).

``path`` and ``tiles`` edits change the piecepack circuit a track lies on
(and so its spaces, two a tile); a :class:`~trackkit.edits.Put` sets a key
of the file (``finish``, ``racers``) or of one corner (corner 2's
``length``).
"""

from __future__ import annotations

from dataclasses import replace

from trackkit.edits import Edit, Put, put_field, target
from trackkit.piecepack.circuit_edits import CIRCUIT_KEYS, edited_circuit
from trackkit.race.track import SPACES_PER_TILE, RaceLayout

__all__ = ["apply"]

FIELD_NAMES = {"from": "first"}
"""A file's key where the track's field has another name."""


def apply(layout: RaceLayout, edit: Edit) -> RaceLayout:
    """``layout`` with ``edit`` made."""
    if target(edit) in CIRCUIT_KEYS and layout.circuit is not None:
        circuit = edited_circuit(layout.circuit, edit)
        return replace(layout, circuit=circuit, spaces=SPACES_PER_TILE * len(circuit))
    assert isinstance(edit, Put), edit
    return put_field(layout, edit, FIELD_NAMES)
