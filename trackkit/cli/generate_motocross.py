"""``trackkit generate --game motocross``: random legal Motocross courses.

The ``generate`` command parses the options; this module checks the ones
that belong to Motocross, makes the courses and writes them.
"""

from __future__ import annotations

from pathlib import Path

import typer

__all__ = ["RACEPACK_ONLY", "generate_motocross"]

RACEPACK_ONLY = (
    "--corners",
    "--min-corners",
    "--max-corners",
    "--min-straight",
    "--max-width",
    "--max-height",
    "--hairpins",
    "--chicanes",
    "--pit",
    "--direction",
    "--laps",
    "--cars",
    "--id",
)
"""The ``generate`` options that shape a Racepack circuit only."""


def generate_motocross(
    *,
    output: Path | None,
    svg: Path | None,
    tiles: int | None,
    players: int | None,
    packs: int,
    ramps: int | None,
    coins: int | None,
    corner_touch: str,
    seed: int | None,
    count: int,
    force: bool,
) -> None:
    """Make ``count`` courses and print or write them, the seed on standard
    error.  Raises :class:`~trackkit.errors.TrackkitError` subclasses for a
    bad request or unwritable output."""
    from trackkit.api import check_outputs, write_generated
    from trackkit.motocross.generate import CourseRequest, generate_courses
    from trackkit.randomness import resolve_seed

    request = CourseRequest(
        tiles=tiles,
        players=4 if players is None else players,
        packs=packs,
        ramps=ramps,
        coins=coins,
        corner_touch=corner_touch,
    )
    request.settled()
    check_outputs(output, svg, count, force=force)
    used_seed = resolve_seed(seed)
    courses = generate_courses(request, seed=used_seed, count=count)
    typer.echo(f"seed: {used_seed}", err=True)
    result = write_generated(courses, output, svg, force=force)
    if result.text is not None:
        typer.echo(result.text, nl=False)
    for path in result.written:
        typer.echo(f"wrote {path}", err=True)
