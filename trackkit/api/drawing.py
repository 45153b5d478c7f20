"""Drawing a layout to files or the terminal: ``render`` and ``show``."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trackkit import games
from trackkit.api.layouts import SUFFIXES, load, refuse_existing, refuse_input
from trackkit.errors import ArgumentError, OutputError, TrackkitError
from trackkit.fileio import refuse_bad_name, write_atomic, write_together
from trackkit.findings import Report

if TYPE_CHECKING:
    from trackkit.render.options import RenderOptions

Progress = Callable[[int, int], None]
"""``progress(done, total)``, called as the pages of a paper split are written."""

__all__ = [
    "Drawing",
    "output_type",
    "page_paths",
    "preview_file",
    "render_file",
]

# --- drawing -----------------------------------------------------------------------


@dataclass(frozen=True)
class Drawing:
    """What drawing a layout file produced.

    ``written`` lists the files written, in page order; ``text`` is the SVG (or
    the terminal preview) when nothing was written to a file; ``report`` is what
    the rules say about the track; ``notes`` what could not be drawn.
    """

    written: tuple[Path, ...]
    text: str | None
    report: Report
    notes: tuple[str, ...] = ()
    """Warnings about the drawing itself: something asked for that could not
    be drawn (a starting grid with no room behind the line)."""


def output_type(output: str | os.PathLike[str]) -> str:
    """``.svg``, ``.png`` or ``.pdf`` from the output's name; raises
    :class:`~trackkit.errors.OutputError` for a directory and
    :class:`~trackkit.errors.ArgumentError` for any other ending (and
    ``OutputError`` for a name the file system would refuse)."""
    refuse_bad_name(output)
    suffix = Path(output).suffix.lower()
    if Path(output).is_dir():
        raise OutputError("is a directory; give a file name", file=str(output))
    if suffix not in SUFFIXES:
        shown = suffix or "no ending"
        raise ArgumentError(f"{output}: cannot write {shown}; name the output .svg, .png or .pdf")
    return suffix


def page_paths(output: Path, count: int) -> list[Path]:
    """``track-1.svg``, ``track-2.svg``... for the pages of ``track.svg``."""
    return [output.with_name(f"{output.stem}-{number}{output.suffix}") for number in range(1, count + 1)]


def render_file(
    source: str | os.PathLike[str],
    output: str | os.PathLike[str] | None,
    options: RenderOptions | None = None,
    paper: str | None = None,
    *,
    force: bool = False,
    progress: Progress | None = None,
) -> Drawing:
    """Draw the layout in ``source``.

    The output's ending picks its type: ``.svg``, or ``.png`` and ``.pdf``
    through the optional cairosvg package.  Without ``output`` the SVG text
    is returned.  ``paper`` (``a4`` or ``letter``) cuts the true-size picture
    into pages: SVG and PNG pages go to numbered files beside the output name
    (``track-1.svg``...), a PDF holds every page.  A drawing is made even
    when the track breaks a rule (it helps to see what is wrong); the report
    comes back with it.  An existing file is replaced only with ``force``,
    and never the layout itself.  Pages are written together: when one
    fails, none is left.  ``progress(done, total)`` is called as the pages
    are written (PNG pages take a fifth of a second each).

    Raises :class:`~trackkit.errors.LayoutError` for an unreadable layout,
    :class:`~trackkit.errors.ArgumentError` for a bad request,
    :class:`~trackkit.errors.OutputError` when a file cannot be written, and
    :class:`~trackkit.errors.TrackkitError` when PNG or PDF output is asked
    for without cairosvg.
    """
    from trackkit.render.options import RenderOptions

    settings = options or RenderOptions()
    kind = output_type(output) if output is not None else ".svg"
    if paper is not None and output is None:
        raise ArgumentError("writes several pages, so it needs an output file", parameter="paper")
    if kind != ".svg":
        from trackkit.render.raster import load_cairosvg

        load_cairosvg()
    layout = load(source).layout
    game = games.find_game(layout.game)
    asked = {
        "lanes": settings.lanes,
        "grid": settings.grid,
        "numbers": settings.numbers is True,
        "line": settings.line,
    }
    games.refuse_undrawn(game, [name for name, on in asked.items() if on])
    if output is None:
        svg = game.draw_svg(layout, settings)  # drawing first: it refuses a track too big to draw
        return Drawing((), svg, game.validate(layout), _grid_notes(layout, settings.grid))
    target = Path(output)
    if paper is not None:
        from trackkit.picture.paper import get_paper

        pages = game.draw_pages(layout, replace(settings, true_size=True), get_paper(paper))
        written = _write_pages(pages, target, kind, str(source), force, settings.dpi, progress)
    else:
        refuse_input(target, [str(source)])
        refuse_existing([target], force)
        _write_one(
            game.draw_svg(layout, settings), target, kind, settings.dpi if settings.true_size else None
        )
        written = (target,)
    return Drawing(written, None, game.validate(layout), _grid_notes(layout, settings.grid))


def _grid_notes(layout: Any, grid: bool) -> tuple[str, ...]:
    """Why a starting grid asked for is not drawn, if it is not: the
    game's ``grid`` study could not line the cars up."""
    study = games.find_game(layout.game).studies.get("grid")
    if not grid or study is None:
        return ()
    try:
        study.run(layout)
    except TrackkitError as error:
        return (f"no starting grid drawn: {error}",)
    return ()


def _write_one(svg: str, target: Path, kind: str, dpi: int | None = None) -> None:
    if kind == ".svg":
        write_atomic(target, svg)
        return
    from trackkit.render.raster import pdf_bytes, png_bytes

    write_atomic(target, png_bytes(svg, dpi) if kind == ".png" else pdf_bytes([svg]))


def _write_pages(
    pages: list[str], target: Path, kind: str, source: str, force: bool, dpi: int, progress: Progress | None
) -> tuple[Path, ...]:
    """Write the pages as one PDF, or as numbered SVG or PNG files written
    together (all of them or, when one fails, none), calling ``progress``
    after each."""
    paths = [target] if kind == ".pdf" else page_paths(target, len(pages))
    for path in paths:
        refuse_input(path, [source])
    refuse_existing(paths, force)
    if kind == ".pdf":
        from trackkit.render.raster import pdf_bytes

        write_atomic(target, pdf_bytes(pages))
        return (target,)
    files: Iterable[str | bytes] = pages
    if kind == ".png":
        from trackkit.render.raster import png_pages

        files = png_pages(pages, dpi)  # sized against its budget here, before any page is drawn
    if progress is not None:
        progress(0, len(paths))
    with write_together() as write:
        for number, (path, data) in enumerate(zip(paths, files), 1):
            write(path, data)
            if progress is not None:
                progress(number, len(paths))
    return tuple(paths)


def preview_file(
    source: str | os.PathLike[str],
    width: int,
    color: bool,
    grid: bool = False,
    *,
    light: bool = False,
    ascii: bool = False,
    line: bool = False,
) -> Drawing:
    """The terminal preview of the layout in ``source``, with the rules' report.

    ``light`` picks colours for a light terminal background and ``ascii``
    keeps to plain ASCII, for every game; ``grid`` and ``line`` (the starting
    grid and the racing line) for the games that draw them."""
    layout = load(source).layout
    game = games.find_game(layout.game)
    asked = (("grid", grid), ("line", line))
    games.refuse_undrawn(game, [name for name, on in asked if on])
    from trackkit.render.options import TerminalOptions

    text = game.preview(layout, TerminalOptions(width, color, grid, light, ascii, line))
    return Drawing((), text, game.validate(layout), _grid_notes(layout, grid))
