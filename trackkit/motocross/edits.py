"""A hint's edit made on a Motocross course (``Game.edit``; see :mod:`trackkit.edits`).

``tiles`` edits change where tiles lie (each ramp stays under its tile,
and goes with a tile taken out); ``ramps`` edits change the coins under
one tile (none: no ramp) or move them to another tile; a
:class:`~trackkit.edits.Put` of any other key sets that key of the file.
"""

from __future__ import annotations

from dataclasses import replace

from trackkit.edits import BY_TILE, Edit, Move, Put, edited_items, put_field, target
from trackkit.motocross.course import Course
from trackkit.piecepack.circuit_edits import centre_of

__all__ = ["apply"]


def apply(course: Course, edit: Edit) -> Course:
    """``course`` with ``edit`` made."""
    key = target(edit)
    if key == "tiles":
        centres = edited_items(course.centres, edit, centre_of)
        moved = ((edit.moved(tile), height) for tile, height in course.ramps)
        ramps = tuple(sorted((tile, height) for tile, height in moved if tile is not None))
        return replace(course, centres=centres, ramps=ramps)
    if key == BY_TILE:
        return replace(course, ramps=_ramps_edited(course, edit))
    assert isinstance(edit, Put), edit
    return put_field(course, edit, {})


def _ramps_edited(course: Course, edit: Edit) -> tuple[tuple[int, int], ...]:
    """The ramps with the coins under one tile set, or moved to another."""
    heights = dict(course.ramps)
    if isinstance(edit, Move):
        heights[edit.to] = heights.get(edit.to, 0) + heights.pop(edit.index, 0)
    else:
        assert isinstance(edit, Put) and isinstance(edit.value, int), edit
        heights[int(edit.key[1])] = edit.value
    return tuple(sorted((tile, height) for tile, height in heights.items() if height))
