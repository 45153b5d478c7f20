"""Writing generated tracks, and the words ``generate`` and ``count`` print.

Generated layouts are written in the ``path`` form of the layout format.  With
several tracks, ``track.yaml`` stands for ``track-1.yaml``, ``track-2.yaml``
..., and so does an SVG name; on standard output the layouts are separate
YAML documents.  Nothing is written until every output name has been
checked: an existing file is only replaced when the caller allows it, and
each file is written atomically.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trackkit.errors import ArgumentError
from trackkit.formats.layout_yaml import dump_layout, loads_layout, write_atomic
from trackkit.racepack.circuits import EXACT_LIMIT, CircuitCount
from trackkit.racepack.constructions import PIT_LENGTH
from trackkit.racepack.generate import Generated

DOCUMENT_SEPARATOR = "---\n"
"""What stands between two layouts printed one after another."""


@dataclass(frozen=True)
class GeneratedOutput:
    """What writing generated tracks did: ``text`` is the YAML for standard
    output (``None`` when the layouts went to files), ``written`` the files
    written, layouts and drawings in turn for each track."""

    text: str | None
    written: tuple[Path, ...]


def numbered_paths(path: Path, count: int) -> list[Path]:
    """``path`` itself for one track; ``track-1.yaml``... for several."""
    if count == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{number}{path.suffix}") for number in range(1, count + 1)]


def layout_texts(generated: Generated) -> list[str]:
    """Each generated layout as the text of a layout file."""
    return [dump_layout(layout, "path") for layout in generated.layouts]


def write_generated(
    generated: Generated, output: Path | None, svg: Path | None = None, *, force: bool = False
) -> GeneratedOutput:
    """Write the layouts to ``output`` (numbered for several), or return their
    text, and draw each to ``svg`` when asked.

    Raises :class:`ArgumentError` when an output file exists and ``force`` is
    false, when the layout and the drawing would share a name, or when a file
    cannot be written.
    """
    texts = layout_texts(generated)
    count = len(texts)
    yaml_paths, svg_paths = check_outputs(output, svg, count, force=force)
    written: list[Path] = []
    for number, text in enumerate(texts):
        if yaml_paths:
            _write(yaml_paths[number], text)
            written.append(yaml_paths[number])
        if svg_paths:
            _write(svg_paths[number], _drawing(text))
            written.append(svg_paths[number])
    joined = None if yaml_paths else DOCUMENT_SEPARATOR.join(texts)
    return GeneratedOutput(joined, tuple(written))


def check_outputs(
    output: Path | None, svg: Path | None, count: int, *, force: bool = False
) -> tuple[list[Path], list[Path]]:
    """The layout files and drawings ``count`` tracks will be written to.

    Raises :class:`ArgumentError` when one of them exists (unless ``force``), is
    a directory, or when a layout and a drawing would share a name, so that a
    command can refuse before doing any work.
    """
    yaml_paths = numbered_paths(output, count) if output is not None else []
    svg_paths = numbered_paths(svg, count) if svg is not None else []
    if set(yaml_paths) & set(svg_paths):
        raise ArgumentError("the layout and its drawing need different file names")
    for path in [*yaml_paths, *svg_paths]:
        if path.is_dir():
            raise ArgumentError(f"{path}: is a directory; give a file name")
        if path.exists() and not force:
            raise ArgumentError(f"{path}: already exists; choose another name, or add --force to replace it")
    return yaml_paths, svg_paths


def _write(path: Path, text: str) -> None:
    try:
        write_atomic(path, text)
    except OSError as error:
        raise ArgumentError(f"{path}: cannot write the file ({error.strerror or error})") from None


def _drawing(text: str) -> str:
    """The SVG of a layout, drawn from the very text written to its file."""
    from trackkit.render.svg import render_svg

    return render_svg(loads_layout(text).layout)


# --- what generate prints ------------------------------------------------------


def _plural(number: int, word: str) -> str:
    return f"{number:,} {word}" if number == 1 else f"{number:,} {word}s"


def summary_line(generated: Generated) -> str:
    """How the circuits were chosen, in one line.

    ``24 tiles: 4,812 of 58,364 circuits meet the constraints; each was
    equally likely``, or for the random walk ``48 tiles: the number of
    circuits is not known above 28 tiles; sampled by a random walk``.
    """
    tiles = _plural(generated.loop_tiles, "tile")
    if generated.pit:
        tiles += f" and a {PIT_LENGTH}-tile pit lane"
    kind = "circuits"
    if generated.hairpins:
        kind += f" with {_plural(generated.hairpins, 'hairpin')}"
    if generated.method == "id":
        return f"{tiles}: circuit {generated.ids[0]}, rebuilt from its id"
    if generated.matching is None or generated.total is None:
        return (
            f"{tiles}: the number of {kind} is not known above {EXACT_LIMIT} tiles; sampled by a random walk"
        )
    return (
        f"{tiles}: {generated.matching:,} of {generated.total:,} {kind} meet the constraints;"
        " each was equally likely"
    )


# --- what count prints ---------------------------------------------------------


def count_text(count: CircuitCount, corners: bool = False) -> str:
    """The counts in words, and with ``corners`` a table of how many circuits
    have each number of corners."""
    lines = [
        f"{_plural(count.tiles, 'tile')}: {_plural(count.translation, 'plain circuit')} up to translation,"
        f" {count.free:,} up to rotation and reflection"
    ]
    if corners and count.corners:
        width = max(len(f"{number:,}") for number in count.corners.values())
        width = max(width, len("circuits"))
        lines.append(f"corners  {'circuits':>{width}}   share")
        for corner_count, number in sorted(count.corners.items()):
            share = 100 * number / count.translation
            lines.append(f"{corner_count:>7}  {number:>{width},}  {share:5.1f}%")
    return "\n".join(lines)


def count_json(count: CircuitCount, corners: bool = False) -> dict[str, Any]:
    """``{"tiles", "translation", "free"}``, and ``"corners"`` when asked for,
    mapping a number of corners (as text) to a number of circuits."""
    data: dict[str, Any] = {"tiles": count.tiles, "translation": count.translation, "free": count.free}
    if corners:
        data["corners"] = {str(key): value for key, value in sorted(count.corners.items())}
    return data
