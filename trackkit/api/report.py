"""A track's report card from a layout file: ``trackkit report``.

This module knows no game: it reads the layout, refuses a layout whose
game has no races, and hands the layout to :func:`trackkit.report.measure`,
which races it through its :class:`~trackkit.game.Game`.  The page (SVG,
or PDF through the optional cairosvg package) is drawn by
:mod:`trackkit.render.report_page` and written atomically, never over the
layout it reports on.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from trackkit.api.layouts import refuse_outputs
from trackkit.api.simulation import racing_game, refuse_unplayable
from trackkit.errors import ArgumentError
from trackkit.fileio import write_atomic
from trackkit.games import load
from trackkit.montecarlo import check_bounds, check_layout_laps
from trackkit.play import Progress
from trackkit.randomness import resolve_seed
from trackkit.report import Report, measure

__all__ = [
    "PAGE_TYPES",
    "report_file",
    "track_report",
]

PAGE_TYPES = (".svg", ".pdf")
"""The endings a report's page may be written as."""


def track_report(
    source: str | os.PathLike[str] | Any,
    *,
    races: int | None = None,
    seed: int | None = None,
    workers: int = 1,
    progress: Progress | None = None,
) -> Report:
    """The report card of a layout (a file's path, or a layout already
    read): ``races`` races of its field of expert drivers (``None``: enough
    for each grid slot's win rate, see :func:`trackkit.report.default_races`)
    and a quarter as many head-to-heads of the expert and a random driver, seeded by
    ``seed`` (``None`` draws one, given in the report).  Raises
    :class:`~trackkit.errors.ArgumentError` for a count out of range and
    :class:`~trackkit.errors.LayoutError` for a layout whose game has no
    races."""
    _check(races, seed, workers)
    named = isinstance(source, (str, os.PathLike))
    layout = load(source).layout if named else source
    return _measured(layout, source if named else None, races, seed, workers, progress)


def _check(races: int | None, seed: int | None, workers: int) -> None:
    """Refuse counts out of range before any work (``None`` races: the default)."""
    check_bounds(races=1 if races is None else races, cars=None, laps=None, seed=seed, workers=workers)


def _measured(
    layout: Any, file: str | os.PathLike[str] | None, races: int | None, seed: int | None, workers: int,
    progress: Progress | None,
) -> Report:
    """The report of ``layout`` (read from ``file``, if any), once it is
    known to be raced."""
    game = racing_game(layout, file if file is not None else str(getattr(layout, "name", None) or "layout"))
    check_layout_laps(int(getattr(layout, "laps", 1)))
    refuse_unplayable(layout)
    return measure(game, layout, races=races, seed=resolve_seed(seed), workers=workers, progress=progress)


def report_file(
    path: str | os.PathLike[str],
    *,
    races: int | None = None,
    seed: int | None = None,
    workers: int = 1,
    progress: Progress | None = None,
    output: str | os.PathLike[str] | None = None,
    force: bool = False,
) -> Report:
    """The report card of the layout in ``path`` (see :func:`track_report`),
    its page written to ``output`` (``.svg`` or ``.pdf``) when given.  The
    output is refused before any race is played when it is the layout
    itself, has another ending, or exists (unless ``force``)."""
    if output is not None:
        _page_type(output)
        refuse_outputs([path], [output], force)
    _check(races, seed, workers)
    layout = load(path).layout
    drawing = _drawing(layout, path) if output is not None else None
    report = _measured(layout, path, races, seed, workers, progress)
    if output is not None:
        write_atomic(output, page_bytes(layout, report, _page_type(output), drawing))
    return report


def _drawing(layout: Any, path: str | os.PathLike[str]) -> str:
    """The track's drawing the page shows, made before any race is played,
    so that a track too large to draw is refused at once (a 10,000-space
    RACE! loop raced for seconds, then could not be drawn)."""
    from trackkit.render.options import RenderOptions

    return racing_game(layout, str(path)).draw_svg(layout, RenderOptions())


def _page_type(output: str | os.PathLike[str]) -> str:
    """``.svg`` or ``.pdf`` from the output's name, or :class:`ArgumentError`."""
    suffix = Path(output).suffix.lower()
    if suffix not in PAGE_TYPES:
        shown = suffix or "no ending"
        raise ArgumentError(f"{output}: cannot write {shown}; name the report's page .svg or .pdf")
    return suffix


def page_bytes(layout: Any, report: Report, kind: str = ".svg", drawing: str | None = None) -> bytes:
    """The report's page as the bytes of an SVG or PDF file, showing the
    layout's ``drawing`` when it is already made."""
    from trackkit.formats.track_report import page_words
    from trackkit.render.report_page import report_svg

    svg = report_svg(layout, report, page_words(report), drawing)
    if kind == ".svg":
        return svg.encode()
    from trackkit.render.raster import pdf_bytes

    return pdf_bytes([svg])

