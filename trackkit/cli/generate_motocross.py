"""``trackkit generate --game motocross``: random legal Motocross courses.

The ``generate`` command parses the options; this module checks the ones
that belong to Motocross, makes the courses and writes them.
"""

from __future__ import annotations

from pathlib import Path

from trackkit.cli.generated_output import prepare_outputs, print_seed, show_generated

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
    from trackkit.api import write_generated
    from trackkit.motocross.generate import CourseRequest, generate_courses

    request = CourseRequest(
        tiles=tiles,
        players=4 if players is None else players,
        packs=packs,
        ramps=ramps,
        coins=coins,
        corner_touch=corner_touch,
    )
    request.settled()
    used_seed = prepare_outputs(output, svg, count, seed, force=force)
    courses = generate_courses(request, seed=used_seed, count=count)
    print_seed(used_seed)
    show_generated(write_generated(courses, output, svg, force=force))
