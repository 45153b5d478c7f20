"""Racepack's jobs for ``generate``, ``count`` and ``id``: from the options
a person typed to circuits, counts and circuit ids.

The options are declared in :class:`trackkit.racepack.game.GenerateRequest`;
here they become a :class:`~trackkit.racepack.generate.GenerationRequest`
(corners as a range, table sizes in spaces), and the drawing says before a
one-off table build that it is coming.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from trackkit.errors import ArgumentError
from trackkit.generation import Generated, Progress
from trackkit.piecepack.geometry import parse_table_length

if TYPE_CHECKING:
    from trackkit.racepack.circuits import CircuitCount
    from trackkit.racepack.game import GenerateRequest
    from trackkit.racepack.generate import GenerationRequest, LayoutId
    from trackkit.racepack.layout import Layout

__all__ = [
    "Counted",
    "count_job",
    "counted_json",
    "counted_text",
    "id_json",
    "id_note",
    "id_text",
    "make_circuits",
    "settle_request",
]


def settle_request(options: GenerateRequest) -> GenerationRequest:
    """The generator's request for the options typed (the same names,
    but ``--corners N`` is the range ``N`` to ``N``, and table sizes are
    read as tiles or inches into spaces).
    Raises :class:`ArgumentError` for ``--corners`` given with a range, or
    a table size that does not read."""
    from trackkit.racepack.generate import GenerationRequest

    typed = {each.name: getattr(options, each.name) for each in fields(options)}
    corners = typed.pop("corners")
    if corners is not None and (options.min_corners is not None or options.max_corners is not None):
        raise ArgumentError("give --corners, or --min-corners and --max-corners, not both")
    if corners is not None:
        typed.update(min_corners=corners, max_corners=corners)
    typed.update(max_width=_spaces(options.max_width), max_height=_spaces(options.max_height))
    typed["every_circuit"] = typed.pop("any_circuit")
    return GenerationRequest(**typed)


def _spaces(size: str | None) -> int | None:
    """A table size typed as tiles or inches, in spaces (``None``: no limit)."""
    return parse_table_length(size) if size is not None else None


def make_circuits(request: GenerationRequest, seed: int, count: int, progress: Progress) -> Generated:
    """``count`` random legal circuits for ``request`` from ``seed``, with
    the line saying how they were chosen; a circuit rebuilt from its id
    used no seed, so the seed is not shown."""
    from trackkit.racepack.formats.generated import summary_line
    from trackkit.racepack.generate import generate_layouts

    bar = _table_notice(request, progress)
    made = generate_layouts(request, seed=seed, count=count, progress=bar, track_progress=progress.tracks)
    return Generated(made.layouts, summary_line(made), seed_shown=request.circuit_id is None)


def _table_notice(request: GenerationRequest, progress: Progress) -> Callable[[int, int], None] | None:
    """Say before a one-off table build that it is coming (it can take a
    minute, once), and follow it with a bar on a terminal; above the exact
    limit, a bar for the search corner by corner (when the walk needs it)."""
    from trackkit.racepack.circuits import EXACT_LIMIT, table_cache_path
    from trackkit.racepack.generate import box_counts_file, boxes_to_count, draws_uniformly, table_to_build

    boxes = boxes_to_count(request)
    if boxes is not None:
        progress.note(
            f"counting the circuits of {boxes} tiles box by box: a one-off job that can take minutes;"
            f" later runs read it from {box_counts_file(request)}"
        )
    if draws_uniformly(request):
        # One bar for the box counts, then (from 0 again) the boxes' tables.
        return progress.bar(f"preparing the exact draw of {request.plain_tiles} tiles")
    size = table_to_build(request)
    if size is None:
        return progress.bar("searching corner by corner") if request.loop_tiles > EXACT_LIMIT else None
    progress.note(
        f"building the table of every {size}-tile circuit: a one-off job that can take a minute;"
        f" later runs read it from {table_cache_path(size)}"
    )
    return progress.bar(f"building the {size}-tile table")


# --- trackkit count ----------------------------------------------------------------


@dataclass(frozen=True)
class Counted:
    """The plain circuits counted, and whether by corners too."""

    count: CircuitCount
    corners: bool


def count_job(
    layout: None,
    *,
    tiles: int,
    corners: bool = False,
    max_width: int | None = None,
    max_height: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Counted:
    """``trackkit count``: the plain circuits of ``tiles`` tiles (within
    ``max_width`` by ``max_height`` tiles), by corners too when asked.  It
    needs no layout."""
    from trackkit.racepack.circuits import count_circuits

    limits = {"max_width": max_width, "max_height": max_height}
    return Counted(count_circuits(tiles, corners=corners, **limits, progress=progress), corners)


def counted_text(layout: None, counted: Counted) -> str:
    """The counts in words (see :func:`~trackkit.racepack.formats.generated.count_text`)."""
    from trackkit.racepack.formats.generated import count_text

    return count_text(counted.count, counted.corners)


def counted_json(layout: None, counted: Counted) -> dict[str, Any]:
    """The counts as JSON-ready data (see :func:`~trackkit.racepack.formats.generated.count_json`)."""
    from trackkit.racepack.formats.generated import count_json

    return count_json(counted.count, counted.corners)


# --- trackkit id -------------------------------------------------------------------


def id_text(layout: Layout, found: LayoutId) -> str:
    """The circuit id alone, as ``generate --id`` takes it."""
    return found.code


def id_json(layout: Layout, found: LayoutId) -> dict[str, Any]:
    """``{"id", "tiles", "chicanes", "extra_tiles", "hairpins"}``."""
    return {
        "id": found.code,
        "tiles": len(layout.circuit),
        "chicanes": found.chicanes,
        "extra_tiles": found.extra_tiles,
        "hairpins": found.hairpins,
    }


def id_note(found: LayoutId) -> str | None:
    """What the id leaves out of the track, said on standard error:
    ``note: the id names the loop's shape only; its chicane counts as a
    plain straight``."""
    parts = []
    if found.chicanes:
        parts.append(
            "its chicane counts as a plain straight"
            if found.chicanes == 1
            else f"its {found.chicanes} chicanes count as plain straights"
        )
    if found.extra_tiles:
        parts.append(f"the {found.extra_tiles} tiles off the loop are left out")
    return f"note: the id names the loop's shape only; {' and '.join(parts)}" if parts else None
