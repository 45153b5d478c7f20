"""A hint's edit made on a Racepack layout (``Game.edit``; see :mod:`trackkit.edits`).

``path`` and ``tiles`` edits change the circuit; a :class:`~trackkit.edits.Put`
of any other key sets that key of the file (``start``, ``packs``, ``cars``,
``laps``, the pit lane's ``length``...).
"""

from __future__ import annotations

from trackkit.edits import Edit, Put, put_field, target
from trackkit.piecepack.circuit_edits import CIRCUIT_KEYS, edited_circuit
from trackkit.racepack.layout import Layout

__all__ = ["apply"]

FIELD_NAMES = {"from": "first"}
"""A file's key where the layout's field has another name."""


def apply(layout: Layout, edit: Edit) -> Layout:
    """``layout`` with ``edit`` made."""
    if target(edit) in CIRCUIT_KEYS:
        return layout.with_circuit(edited_circuit(layout.circuit, edit))
    assert isinstance(edit, Put), edit
    return put_field(layout, edit, FIELD_NAMES)
