"""What ``trackkit generate GAME`` does the same for every game: the
options every game takes (under the same names), checking the outputs are
free, settling the seed, and after making the tracks printing the seed used,
the tracks (YAML or JSON) and what was written.

The seed goes to standard error (``seed: N``) so that standard output stays
a layout file (or JSON); the same seed makes the same tracks, byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from trackkit.cli.common import choice, print_json

if TYPE_CHECKING:
    from trackkit.api import GeneratedOutput

__all__ = [
    "COUNT_OPTION",
    "FORCE_OPTION",
    "GENERATED_FORMAT_OPTION",
    "OUTPUT_OPTION",
    "SEED_OPTION",
    "SVG_OPTION",
    "GeneratedFormat",
    "deliver",
    "prepare_outputs",
    "print_seed",
    "show_generated",
    "tracks_bar",
]


class GeneratedFormat(StrEnum):
    """How ``generate`` prints its tracks: YAML layouts or JSON."""

    yaml = "yaml"
    json = "json"


def _format(text: str | GeneratedFormat) -> GeneratedFormat:
    """``yaml`` or ``json``; ``text`` (the other commands' word for the
    plain output) is taken as ``yaml``."""
    if isinstance(text, str) and text.strip().lower() == "text":
        return GeneratedFormat.yaml
    return choice(GeneratedFormat, "an output format")(text)


OUTPUT_OPTION = typer.Option(
    None, "--output", "-o", help="Write the layout here; with --count M, OUT-1.yaml ... OUT-M.yaml."
)
SVG_OPTION = typer.Option(None, "--svg", help="Also draw each track to this SVG file (numbered like -o).")
SEED_OPTION = typer.Option(
    None, "--seed", help="Seed for every random choice; printed to stderr.", show_default=False
)
COUNT_OPTION = typer.Option(1, "--count", help="Make this many different tracks.")
FORCE_OPTION = typer.Option(False, "--force", help="Replace output files that already exist.")
GENERATED_FORMAT_OPTION = typer.Option(
    GeneratedFormat.yaml,
    "--format",
    "-f",
    help="Print the tracks as YAML layouts or as JSON (each track's facts and its layout text).",
    parser=_format,
    metavar="yaml|json",
)


def prepare_outputs(
    output: Path | None,
    svg: Path | None,
    count: int,
    seed: int | None,
    *,
    force: bool,
    inputs: Sequence[Path] = (),
) -> int:
    """The seed to make ``count`` tracks with, after checking the files they
    will be written to can be, and are none of the ``inputs`` (see
    :func:`trackkit.api.check_outputs`)."""
    from trackkit.api import check_outputs
    from trackkit.randomness import resolve_seed

    check_outputs(output, svg, count, force=force, inputs=inputs)
    return resolve_seed(seed)


def print_seed(seed: int) -> None:
    """Print the seed the tracks were made with to standard error."""
    typer.echo(f"seed: {seed}", err=True)


def show_generated(result: GeneratedOutput, *, text: bool = True) -> None:
    """Print the layouts' text (unless they went to files, or ``text`` is
    false because the caller printed them otherwise), then each file written
    to standard error."""
    if text and result.text is not None:
        typer.echo(result.text, nl=False)
    for path in result.written:
        typer.echo(f"wrote {path}", err=True)


def deliver(
    tracks: Sequence[Any],
    seed: int,
    output: Path | None,
    svg: Path | None,
    *,
    force: bool,
    output_format: GeneratedFormat,
    inputs: Sequence[Path] = (),
) -> None:
    """Write ``tracks`` (any game's) to their files (none of them one of the
    ``inputs``), or print them as YAML;
    with ``--format json`` print ``{"seed", "layouts": [...]}`` instead, each
    entry the track's facts (as ``info --format json`` gives them) and its
    ``layout`` text.  Raises :class:`~trackkit.errors.TrackkitError`
    subclasses when a file cannot be written."""
    from trackkit.api import generated_json, write_generated

    result = write_generated(tracks, output, svg, force=force, inputs=inputs)
    as_json = output_format is GeneratedFormat.json
    if as_json:
        print_json(generated_json(tracks, seed))
    show_generated(result, text=not as_json)


def tracks_bar(count: int) -> Callable[[int, int], None] | None:
    """A bar on standard error following the ``count`` tracks being made,
    when it is a terminal and more than one track is asked for (see
    :mod:`trackkit.cli.progress`: it shows only after a second of work).
    A large ``--count`` is honest work, in proportion to the tracks asked
    for, up to :data:`~trackkit.api.generated.MAX_GENERATED`."""
    from trackkit.cli.progress import stderr_bar

    return stderr_bar("generating") if count > 1 else None
