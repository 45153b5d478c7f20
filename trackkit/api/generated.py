"""Writing generated tracks: to standard output as one YAML stream, or to
numbered files with their drawings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trackkit import games
from trackkit.api.layouts import refuse_existing, refuse_input
from trackkit.api.readback import readable
from trackkit.errors import ArgumentError
from trackkit.fileio import write_atomic

__all__ = [
    "MAX_GENERATED",
    "GeneratedOutput",
    "check_outputs",
    "generated_json",
    "write_generated",
]

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

MAX_GENERATED = 10_000
"""The most tracks one ``generate`` makes, printed or written to numbered
files (``track-1.yaml``...): checked before any work, as the file names are
listed and checked before any work too, so a huge ``--count`` would
otherwise take seconds and gigabytes before the game's own limit on tracks
is reached (Motocross makes at most 100 courses, RACE! 1,000 tracks and
the rally game 1,000 decks; Racepack stops here).  Up to it, a large
``--count`` is honest work, in proportion to the tracks asked for (about
a second per 100 Racepack tracks)."""


def numbered_paths(path: Path, count: int) -> list[Path]:
    """``path`` itself for one track; ``track-1.yaml``... for several."""
    if count == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{number}{path.suffix}") for number in range(1, count + 1)]


def check_outputs(
    output: Path | None,
    svg: Path | None,
    count: int,
    *,
    force: bool = False,
    inputs: Sequence[Path] = (),
) -> tuple[list[Path], list[Path]]:
    """The layout files and drawings ``count`` tracks will be written to.

    Raises :class:`~trackkit.errors.OutputError` when one of them exists
    (unless ``force``), is a directory or is one of the ``inputs`` (a file
    the command reads, such as ``--cards``: never written over), and
    :class:`~trackkit.errors.ArgumentError` when a layout and a drawing would
    share a name or ``count`` passes :data:`MAX_GENERATED` (whatever the
    output), so that a command can refuse before doing any work.
    """
    if count > MAX_GENERATED:
        raise ArgumentError(f"must be at most {MAX_GENERATED:,}, not {count:,}", parameter="count")
    yaml_paths = numbered_paths(output, count) if output is not None else []
    svg_paths = numbered_paths(svg, count) if svg is not None else []
    if set(yaml_paths) & set(svg_paths):
        raise ArgumentError("the layout and its drawing need different file names")
    for path in [*yaml_paths, *svg_paths]:
        refuse_input(path, inputs)
    refuse_existing([*yaml_paths, *svg_paths], force)
    return yaml_paths, svg_paths


def write_generated(
    layouts: Sequence[Any],
    output: Path | None,
    svg: Path | None = None,
    *,
    force: bool = False,
    inputs: Sequence[Path] = (),
) -> GeneratedOutput:
    """Write the layouts to ``output`` (numbered for several), or return their
    text, and draw each to ``svg`` when asked.  Each drawing is made from the
    very text written to its layout file.  Every text and drawing is made
    before the first file is written, so a track that cannot be drawn (too
    large, say) leaves no layout file behind either.

    Raises as :func:`check_outputs` does, and
    :class:`~trackkit.errors.OutputError` when a file cannot be written.
    """
    texts = [readable(games.find_game(item.game).dump(item), "the generated layout") for item in layouts]
    yaml_paths, svg_paths = check_outputs(output, svg, len(texts), force=force, inputs=inputs)
    files: list[tuple[Path, str]] = []
    for number, text in enumerate(texts):
        if yaml_paths:
            files.append((yaml_paths[number], text))
        if svg_paths:
            files.append((svg_paths[number], _drawing(text)))
    for path, data in files:
        write_atomic(path, data)
    joined = None if yaml_paths else readable(DOCUMENT_SEPARATOR.join(texts), "the generated layouts")
    return GeneratedOutput(joined, tuple(path for path, _ in files))


def _drawing(text: str) -> str:
    """The SVG drawing of the layout ``text`` holds, as read back."""
    from trackkit.render.options import RenderOptions

    layout = games.loads(text).layout
    return games.find_game(layout.game).draw_svg(layout, RenderOptions())


def generated_json(layouts: Sequence[Any], seed: int) -> dict[str, Any]:
    """Generated tracks as JSON-ready data: ``{"seed", "layouts": [...]}``,
    each entry the track's facts (as ``trackkit info --format json`` gives
    them) and its ``layout`` text, as written to a file."""
    entries = []
    for layout in layouts:
        game = games.find_game(layout.game)
        text = readable(game.dump(layout), "the generated layout")
        entries.append({**game.info_json(layout), "layout": text})
    return {"seed": seed, "layouts": entries}
