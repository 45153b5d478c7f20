"""What ``trackkit generate`` does the same for every game once the
request is settled: check the outputs are free, settle the seed, and after
making the tracks print the seed used and what was written.

The seed goes to standard error (``seed: N``) so that standard output stays
a layout file; the same seed makes the same tracks, byte for byte.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from trackkit.api import GeneratedOutput

__all__ = ["prepare_outputs", "print_seed", "show_generated"]


def prepare_outputs(
    output: Path | None, svg: Path | None, count: int, seed: int | None, *, force: bool
) -> int:
    """The seed to make ``count`` tracks with, after checking the files they
    will be written to can be (see :func:`trackkit.api.check_outputs`)."""
    from trackkit.api import check_outputs
    from trackkit.randomness import resolve_seed

    check_outputs(output, svg, count, force=force)
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
