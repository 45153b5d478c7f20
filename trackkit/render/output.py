"""From a layout file to drawings on disk or text: what ``render`` and ``show`` do.

The output's ending picks its type: ``.svg`` for SVG, ``.png`` and ``.pdf``
through the optional cairosvg package (:mod:`trackkit.render.raster`).  With a
paper size the true-size picture is cut into pages
(:mod:`trackkit.render.pages`): SVG and PNG pages go to numbered files beside
the output name (``track.svg`` becomes ``track-1.svg``, ``track-2.svg``...),
while a PDF holds every page in one file.

Every file is written atomically, and none is ever written over the layout it
was drawn from.  A drawing is made even when the track breaks a rule (it helps
to see what is wrong); the rules' report comes back with it so the caller can
say so.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from trackkit.checking import validate_layout
from trackkit.errors import ArgumentError
from trackkit.findings import Report
from trackkit.formats.layout_yaml import load_layout, refuse_overwrite, write_atomic
from trackkit.racepack.layout import Layout
from trackkit.render.options import RenderOptions

SUFFIXES = (".svg", ".png", ".pdf")
"""The output types ``render`` writes, by file ending."""


@dataclass(frozen=True)
class Drawing:
    """What drawing a layout file produced.

    ``written`` lists the files written, in page order; ``text`` is the SVG (or
    the terminal preview) when nothing was written to a file; ``report`` is what
    the rules say about the track.
    """

    written: tuple[Path, ...]
    text: str | None
    report: Report


def output_type(output: str | os.PathLike[str]) -> str:
    """``.svg``, ``.png`` or ``.pdf`` from the output's name; raises
    :class:`ArgumentError` for anything else."""
    suffix = Path(output).suffix.lower()
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
) -> Drawing:
    """Draw the layout in ``source``.

    Without ``output`` the SVG text is returned.  ``options`` is a
    :class:`~trackkit.render.svg.RenderOptions`; ``paper`` (``a4`` or
    ``letter``) splits a true-size picture into pages and needs an output.
    Raises :class:`~trackkit.errors.LayoutError` for an unreadable layout,
    :class:`ArgumentError` for a bad request, and
    :class:`~trackkit.errors.TrackkitError` when PNG or PDF output is asked for
    without cairosvg.
    """
    from trackkit.render.svg import render_svg

    settings = options or RenderOptions()
    kind = output_type(output) if output is not None else ".svg"
    if paper is not None and output is None:
        raise ArgumentError("--paper writes several pages, so it needs --output")
    if kind != ".svg":
        from trackkit.render.raster import load_cairosvg

        load_cairosvg()
    loaded = load_layout(source)
    report = validate_layout(loaded.layout)
    if output is None:
        return Drawing((), render_svg(loaded.layout, settings), report)
    target = Path(output)
    if paper is not None:
        written = _write_pages(loaded.layout, settings, paper, target, kind, str(source))
    else:
        refuse_overwrite(target, [str(source)])
        _write_one(render_svg(loaded.layout, settings), target, kind)
        written = (target,)
    return Drawing(written, None, report)


def _write_one(svg: str, target: Path, kind: str) -> None:
    if kind == ".svg":
        write_atomic(target, svg)
        return
    from trackkit.render.raster import pdf_bytes, png_bytes, write_bytes_atomic

    write_bytes_atomic(target, png_bytes(svg) if kind == ".png" else pdf_bytes([svg]))


def _write_pages(
    layout: Layout, options: RenderOptions, paper: str, target: Path, kind: str, source: str
) -> tuple[Path, ...]:
    from trackkit.render.pages import get_paper, render_pages

    pages = render_pages(layout, replace(options, true_size=True), get_paper(paper))
    if kind == ".pdf":
        refuse_overwrite(target, [source])
        from trackkit.render.raster import pdf_bytes, write_bytes_atomic

        write_bytes_atomic(target, pdf_bytes(pages))
        return (target,)
    paths = page_paths(target, len(pages))
    for path in paths:
        refuse_overwrite(path, [source])
    for path, page in zip(paths, pages):
        _write_one(page, path, kind)
    return tuple(paths)


def preview_file(source: str | os.PathLike[str], width: int, color: bool, grid: bool = False) -> Drawing:
    """The terminal preview of the layout in ``source``, with the rules' report."""
    from trackkit.render.terminal import PreviewOptions, render_preview

    loaded = load_layout(source)
    text = render_preview(loaded.layout, PreviewOptions(width=width, color=color, grid=grid))
    return Drawing((), text, validate_layout(loaded.layout))
