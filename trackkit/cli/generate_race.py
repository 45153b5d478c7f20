"""``trackkit generate --game race``: random legal RACE! tracks.

The ``generate`` command hands over here when asked for a RACE! track; the
Racepack-only options (tiles, packs, hairpins...) are refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from trackkit.cli.common import guarded
from trackkit.cli.generated_output import prepare_outputs, print_seed, show_generated

__all__ = ["generate_race", "racepack_options_given", "refuse_racepack_options"]


def refuse_racepack_options(given: Sequence[str]) -> None:
    """Raise :class:`~trackkit.errors.ArgumentError` naming the first
    Racepack-only option given with ``--game race``."""
    from trackkit.errors import ArgumentError

    if given:
        raise ArgumentError(f"{given[0]} is for Racepack tracks; RACE! takes --spaces, --corners and --laps")


def racepack_options_given(options: dict[str, object]) -> list[str]:
    """The Racepack-only options of ``generate`` given in ``options`` (its
    arguments by name)."""
    given = [
        ("--tiles", options["tiles"] is not None),
        ("--packs", options["packs"] != 1),
        ("--min-corners", options["min_corners"] is not None),
        ("--max-corners", options["max_corners"] is not None),
        ("--min-straight", options["min_straight"] is not None),
        ("--max-width", options["max_width"] is not None),
        ("--max-height", options["max_height"] is not None),
        ("--hairpins", options["hairpins"] != 0),
        ("--chicanes", options["chicanes"] != 0),
        ("--pit", bool(options["pit"])),
        ("--direction", str(options["direction"]) != "any"),
        ("--cars", options["cars"] != 4),
        ("--id", options["circuit_id"] is not None),
    ]
    return [name for name, is_given in given if is_given]


def generate_race(
    spaces: int | None,
    corners: int | None,
    laps: int | None,
    seed: int | None,
    count: int,
    output: Path | None,
    svg: Path | None,
    force: bool,
    racepack_options: Sequence[str],
) -> None:
    """Make, check and write ``count`` RACE! tracks; print the seed used."""
    from trackkit.api import write_generated_race
    from trackkit.race.generate import DEFAULT_SPACES, RaceRequest, generate_tracks
    from trackkit.race.track import DEFAULT_LAPS

    with guarded():
        refuse_racepack_options(racepack_options)
        request = RaceRequest(
            spaces=spaces if spaces is not None else DEFAULT_SPACES,
            corners=corners,
            laps=laps if laps is not None else DEFAULT_LAPS,
        )
        used_seed = prepare_outputs(output, svg, count, seed, force=force)
        tracks = generate_tracks(request, seed=used_seed, count=count)
        print_seed(used_seed)
        result = write_generated_race(tracks, output, svg, force=force)
    show_generated(result)
