"""One library function per command: from files to results.

The command line (:mod:`trackkit.cli`) parses its arguments, calls one
function here and prints what it returns; a script can call the same
functions.  This is the only layer that reads layout files by name and
writes output files: everything below it works on layouts and text.

Heavy libraries (svgwrite, cairosvg, the circuit tables) are imported by the
function that needs them, so that checking a track stays quick to start.
Every output is written atomically, keeps the mode of the file it replaces,
and is never written over an input.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

from trackkit import games
from trackkit.errors import ArgumentError, LayoutError, OutputError, TrackkitError
from trackkit.fileio import write_atomic
from trackkit.findings import Report
from trackkit.formats.files import STDIN, STDIN_NAME, read_stdin
from trackkit.formats.racepack_yaml import RacepackFile, dump_layout
from trackkit.formats.report import CheckedFile
from trackkit.formats.source import LoadedLayout
from trackkit.racepack.hazards import HazardPlacement, with_hazards
from trackkit.racepack.layout import Layout
from trackkit.racepack.movement.analysis import TrackPlay
from trackkit.render.options import RenderOptions, TerminalOptions

__all__ = [
    "SUFFIXES",
    "Drawing",
    "GeneratedOutput",
    "analyze_file",
    "check_documents",
    "check_file",
    "check_outputs",
    "convert_file",
    "describe",
    "load",
    "load_racepack",
    "output_type",
    "page_paths",
    "preview_file",
    "refuse_existing",
    "refuse_input",
    "render_file",
    "require_racepack",
    "schema",
    "store_hazards",
    "validate",
    "write_generated",
    "write_generated_race",
]

SUFFIXES = (".svg", ".png", ".pdf")
"""The drawing types ``render`` writes, by file ending."""


def load(path: str | os.PathLike[str]) -> LoadedLayout[Any]:
    """Read a layout file of any game (see :func:`trackkit.games.load`)."""
    return games.load(path)


def load_racepack(path: str | os.PathLike[str], what: str) -> RacepackFile:
    """Read a layout file that must be a Racepack track, for a command that
    only Racepack has (``what`` names it in the message).  Raises
    :class:`~trackkit.errors.LayoutError` for a layout of another game."""
    loaded = load(path)
    require_racepack(loaded.layout, path, what)
    return cast(RacepackFile, loaded)


def require_racepack(layout: Any, path: str | os.PathLike[str], what: str) -> None:
    """Raise :class:`~trackkit.errors.LayoutError` unless ``layout`` (read
    from ``path``) is a Racepack track; ``what`` names what only Racepack
    has."""
    if layout.game != games.RACEPACK.name:
        title = games.find_game(layout.game).title
        raise LayoutError(f"{what} belong to Racepack tracks, and this is a {title} layout", file=str(path))


def validate(layout: Any) -> Report:
    """Every finding for ``layout`` (of any game) under its game's rules."""
    return games.find_game(layout.game).validate(layout)


def _checked(loaded: LoadedLayout[Any]) -> CheckedFile:
    game = games.find_game(loaded.layout.game)
    return CheckedFile(loaded, game.validate(loaded.layout), game.size(loaded.layout))


def check_file(path: str | os.PathLike[str]) -> CheckedFile:
    """Read and validate a layout file.

    Raises :class:`~trackkit.errors.LayoutError` when the file cannot be read
    or is not a layout; a layout that breaks rules gets a report instead.
    """
    return _checked(load(path))


def check_documents(path: str | os.PathLike[str]) -> list[CheckedFile]:
    """Read and validate every layout of a file of one or more YAML
    documents; with several, each is named ``FILE#1``, ``FILE#2``...
    ``-`` reads standard input, named ``<stdin>`` in messages.  Raises
    :class:`~trackkit.errors.LayoutError` as :func:`check_file` does."""
    if str(path) == STDIN:
        return [_checked(loaded) for loaded in games.loads_all(read_stdin(), STDIN_NAME)]
    return [_checked(loaded) for loaded in games.load_all(path)]


def schema(game: str = games.DEFAULT_GAME) -> dict[str, Any]:
    """The JSON Schema of ``game``'s layout files."""
    return games.find_game(game).schema()


# --- writing safely ----------------------------------------------------------------


def refuse_input(output: str | os.PathLike[str], inputs: list[str]) -> None:
    """Raise :class:`~trackkit.errors.OutputError` when ``output`` is one of
    the input files."""
    out = Path(output)
    for item in inputs:
        source = Path(item)
        if out.exists() and source.exists() and out.resolve() == source.resolve():
            raise OutputError("refusing to overwrite the input file; choose another output", file=str(output))


def refuse_existing(paths: Sequence[Path], force: bool) -> None:
    """Raise :class:`~trackkit.errors.OutputError` for the first of ``paths``
    that is a directory, or that exists when ``force`` is false, so that a
    command refuses before writing anything."""
    for path in paths:
        if path.is_dir():
            raise OutputError("is a directory; give a file name", file=str(path))
        if path.exists() and not force:
            raise OutputError("already exists; choose another name", file=str(path), exists=True)


def convert_file(
    source: str | os.PathLike[str],
    form: str,
    output: str | os.PathLike[str] | None = None,
    *,
    force: bool = False,
) -> str:
    """Read a layout and return it with its circuit written as ``form``
    (``path`` or ``tiles``), or turned into a RACE! track (``race``, see
    :mod:`trackkit.race.convert`).

    With ``output``, also write it there atomically.  Writing over
    ``source`` itself is always refused, and over another existing file
    unless ``force``, with :class:`~trackkit.errors.OutputError`.
    """
    if output is not None:
        refuse_input(output, [str(source)])
        refuse_existing([Path(output)], force)
    layout = load(source).layout
    game = games.find_game(layout.game)
    if form == games.RACE.name:
        from trackkit.race.convert import from_racepack

        if game is not games.RACEPACK:
            message = f"circuit forms belong to Racepack tracks, and this is a {game.title} layout"
            raise LayoutError(message, file=str(source))
        text = games.RACE.dump(from_racepack(layout))
    elif game.convert is None:
        raise LayoutError(f"{game.title} layouts have no circuit forms to convert", file=str(source))
    else:
        text = game.convert(layout, form)
    if output is not None:
        write_atomic(output, text)
    return text


def describe(path: str | os.PathLike[str], as_json: bool = False) -> str | dict[str, Any]:
    """What ``trackkit info`` prints about the layout in ``path``: text, or
    JSON-ready data with ``as_json``."""
    layout = load(path).layout
    game = games.find_game(layout.game)
    return game.info_json(layout) if as_json else game.info_text(layout)


def analyze_file(
    path: str | os.PathLike[str], target_turns: int | None = None, *, chicane_cuts: bool = True
) -> tuple[Layout, TrackPlay]:
    """How the Racepack track in ``path`` plays for one car alone (see
    :func:`trackkit.racepack.movement.analysis.analyze`)."""
    from trackkit.racepack.movement.analysis import analyze

    layout = load_racepack(path, "lap analyses").layout
    return layout, analyze(layout, target_turns=target_turns, chicane_cuts=chicane_cuts)


def store_hazards(loaded: RacepackFile, placement: HazardPlacement) -> Layout:
    """Write ``placement``'s hazards into the file ``loaded`` came from.

    The file keeps its circuit form (``path`` or ``tiles``), its mode and
    every other key; it is replaced in one step, so a failure leaves it as
    it was.  Comments in the file are not kept.  Returns the layout written.
    """
    layout = with_hazards(loaded.layout, placement)
    write_atomic(loaded.file, dump_layout(layout, loaded.source.form))
    return layout


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
    :class:`~trackkit.errors.ArgumentError` for any other ending."""
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
) -> Drawing:
    """Draw the layout in ``source``.

    The output's ending picks its type: ``.svg``, or ``.png`` and ``.pdf``
    through the optional cairosvg package.  Without ``output`` the SVG text
    is returned.  ``paper`` (``a4`` or ``letter``) cuts the true-size picture
    into pages: SVG and PNG pages go to numbered files beside the output name
    (``track-1.svg``...), a PDF holds every page.  A drawing is made even
    when the track breaks a rule (it helps to see what is wrong); the report
    comes back with it.  An existing file is replaced only with ``force``,
    and never the layout itself.

    Raises :class:`~trackkit.errors.LayoutError` for an unreadable layout,
    :class:`~trackkit.errors.ArgumentError` for a bad request,
    :class:`~trackkit.errors.OutputError` when a file cannot be written, and
    :class:`~trackkit.errors.TrackkitError` when PNG or PDF output is asked
    for without cairosvg.
    """
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
        pages = game.draw_pages(layout, replace(settings, true_size=True), paper)
        written = _write_pages(pages, target, kind, str(source), force, settings.dpi)
    else:
        refuse_input(target, [str(source)])
        refuse_existing([target], force)
        _write_one(
            game.draw_svg(layout, settings), target, kind, settings.dpi if settings.true_size else None
        )
        written = (target,)
    return Drawing(written, None, game.validate(layout), _grid_notes(layout, settings.grid))


def _grid_notes(layout: Any, grid: bool) -> tuple[str, ...]:
    """Why a starting grid asked for is not drawn, if it is not."""
    if not grid or layout.game != games.RACEPACK.name:
        return ()
    from trackkit.racepack.grid import starting_grid

    try:
        starting_grid(layout)
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
    pages: list[str], target: Path, kind: str, source: str, force: bool, dpi: int
) -> tuple[Path, ...]:
    paths = [target] if kind == ".pdf" else page_paths(target, len(pages))
    for path in paths:
        refuse_input(path, [source])
    refuse_existing(paths, force)
    if kind == ".pdf":
        from trackkit.render.raster import pdf_bytes

        write_atomic(target, pdf_bytes(pages))
        return (target,)
    for path, page in zip(paths, pages):
        _write_one(page, path, kind, dpi)
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
    keeps to plain ASCII, for games whose preview offers them (an ASCII
    request is honoured for every game by translating the text); ``line``
    adds the racing line (Racepack tracks only)."""
    layout = load(source).layout
    game = games.find_game(layout.game)
    asked = (("grid", grid), ("light", light), ("line", line))
    games.refuse_undrawn(game, [name for name, on in asked if on])
    if game.preview_with is not None:
        text = game.preview_with(layout, TerminalOptions(width, color, grid, light, ascii, line))
    else:
        text = game.preview(layout, width, color, grid)
        if ascii:
            from trackkit.render.terminal_boxes import to_ascii

            text = to_ascii(text)
    return Drawing((), text, game.validate(layout), _grid_notes(layout, grid))


# --- generated tracks --------------------------------------------------------------


@dataclass(frozen=True)
class GeneratedOutput:
    """What writing generated tracks did: ``text`` is the YAML for standard
    output (``None`` when the layouts went to files), ``written`` the files
    written, layouts and drawings in turn for each track."""

    text: str | None
    written: tuple[Path, ...]


DOCUMENT_SEPARATOR = "---\n"
"""What stands between two layouts printed one after another."""


def numbered_paths(path: Path, count: int) -> list[Path]:
    """``path`` itself for one track; ``track-1.yaml``... for several."""
    if count == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{number}{path.suffix}") for number in range(1, count + 1)]


def check_outputs(
    output: Path | None, svg: Path | None, count: int, *, force: bool = False
) -> tuple[list[Path], list[Path]]:
    """The layout files and drawings ``count`` tracks will be written to.

    Raises :class:`~trackkit.errors.OutputError` when one of them exists
    (unless ``force``) or is a directory, and
    :class:`~trackkit.errors.ArgumentError` when a layout and a drawing would
    share a name, so that a command can refuse before doing any work.
    """
    yaml_paths = numbered_paths(output, count) if output is not None else []
    svg_paths = numbered_paths(svg, count) if svg is not None else []
    if set(yaml_paths) & set(svg_paths):
        raise ArgumentError("the layout and its drawing need different file names")
    refuse_existing([*yaml_paths, *svg_paths], force)
    return yaml_paths, svg_paths


def write_generated(
    layouts: Sequence[Any], output: Path | None, svg: Path | None = None, *, force: bool = False
) -> GeneratedOutput:
    """Write the layouts to ``output`` (numbered for several), or return their
    text, and draw each to ``svg`` when asked.  Each drawing is made from the
    very text written to its layout file.

    Raises as :func:`check_outputs` does, and
    :class:`~trackkit.errors.OutputError` when a file cannot be written.
    """
    texts = [games.find_game(layout.game).dump(layout) for layout in layouts]
    yaml_paths, svg_paths = check_outputs(output, svg, len(texts), force=force)
    written: list[Path] = []
    for number, text in enumerate(texts):
        if yaml_paths:
            write_atomic(yaml_paths[number], text)
            written.append(yaml_paths[number])
        if svg_paths:
            written_layout = games.loads(text).layout
            drawing = games.find_game(written_layout.game).draw_svg(written_layout, RenderOptions())
            write_atomic(svg_paths[number], drawing)
            written.append(svg_paths[number])
    joined = None if yaml_paths else DOCUMENT_SEPARATOR.join(texts)
    return GeneratedOutput(joined, tuple(written))


def write_generated_race(
    layouts: Sequence[Any], output: Path | None, svg: Path | None = None, *, force: bool = False
) -> GeneratedOutput:
    """:func:`write_generated` for RACE! tracks: each drawing is made from the
    very text written to its layout file."""
    texts = [games.RACE.dump(layout) for layout in layouts]
    yaml_paths, svg_paths = check_outputs(output, svg, len(texts), force=force)
    written: list[Path] = []
    for number, text in enumerate(texts):
        if yaml_paths:
            write_atomic(yaml_paths[number], text)
            written.append(yaml_paths[number])
        if svg_paths:
            write_atomic(svg_paths[number], games.RACE.draw_svg(games.loads(text).layout, RenderOptions()))
            written.append(svg_paths[number])
    joined = None if yaml_paths else DOCUMENT_SEPARATOR.join(texts)
    return GeneratedOutput(joined, tuple(written))
