"""Random legal RACE! tracks: a loop of spaces with rated corners.

A generated track is laid out from the finish line round: two straight
spaces after the line, then the corners (each two to four spaces, radius 1
or 2, with at least one straight space between two corners), then the
starting grid on the straight behind the line, one space per racer.  The
spaces left over are shared out at random among the straights.  So the
finish line is never in a corner and the grid never reaches into one, and
every track is checked against the rules before it is returned.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from trackkit.errors import ArgumentError, GenerationError
from trackkit.generation import Generated, Progress
from trackkit.piecepack.equipment import TILES_PER_PACK
from trackkit.race.rules import validate
from trackkit.race.rules.corners import LONGEST, RADII, SHORTEST
from trackkit.race.track import (
    DEFAULT_LAPS,
    DEFAULT_RACERS,
    DIRECTIONS,
    MAX_CORNERS,
    MAX_RACERS,
    MAX_SPACES,
    Corner,
    RaceLayout,
)
from trackkit.racepack.layout import MAX_PACKS
from trackkit.randomness import Seed, draw_many, make_rng

if TYPE_CHECKING:
    from trackkit.race.game import GenerateRequest

__all__ = [
    "AFTER_LINE",
    "DEFAULT_SPACES",
    "MAX_COUNT",
    "MAX_TILES",
    "MIN_TILES",
    "RaceRequest",
    "generate_tracks",
    "least_spaces",
    "make_tracks",
    "settle_tracks",
]

DEFAULT_SPACES = 40
"""Spaces in a generated track when none are asked for."""

AFTER_LINE = 2
"""Straight spaces between the finish line and the first corner, at least."""

MAX_COUNT = 1_000
"""The most tracks one call makes."""

MIN_TILES = 4
"""The fewest tiles a loop of tiles takes: four corners."""

MAX_TILES = MAX_PACKS * TILES_PER_PACK
"""The most tiles a track laid on tiles may take: those of the most packs a layout combines."""

MOST_RANDOM_CORNERS = 6
"""The most corners a track gets when no number is asked for."""


@dataclass(frozen=True)
class RaceRequest:
    """What a generated RACE! track must be: ``spaces`` round the loop,
    exactly ``corners`` corners (``None``: two to six, as many as fit),
    ``racers`` on the grid, ``laps`` to race, driven ``direction``
    (``clockwise`` or ``counterclockwise``; ``None``: either, at random);
    or, with ``tiles``, on a circuit of that many piecepack tiles."""

    spaces: int = DEFAULT_SPACES
    corners: int | None = None
    racers: int = DEFAULT_RACERS
    laps: int = DEFAULT_LAPS
    direction: str | None = None
    tiles: int | None = None
    """Lay the track on this many piecepack tiles (see
    :mod:`trackkit.race.tiled`): the circuit's tiles make its spaces and
    corners, so ``spaces`` and ``corners`` are not asked for."""


def least_spaces(corners: int, racers: int) -> int:
    """The fewest spaces a track of ``corners`` corners and ``racers`` racers
    needs: the straight after the line, two-space corners a space apart,
    and the grid."""
    return AFTER_LINE + SHORTEST * corners + max(0, corners - 1) + racers


def _check(request: RaceRequest, count: int) -> None:
    for name, value, low, high in (
        ("spaces", request.spaces, 2, MAX_SPACES),
        ("racers", request.racers, 1, MAX_RACERS),
        ("count", count, 1, MAX_COUNT),
    ):
        if not low <= value <= high:
            raise ArgumentError(f"must be from {low} to {high}, not {value}", parameter=name)
    if request.direction is not None and request.direction not in DIRECTIONS:
        raise ArgumentError(
            f"must be {' or '.join(DIRECTIONS)}, not {request.direction!r}", parameter="direction"
        )
    if request.laps < 1:
        raise ArgumentError(f"must be 1 or more, not {request.laps}", parameter="laps")
    if request.tiles is not None and not MIN_TILES <= request.tiles <= MAX_TILES:
        raise ArgumentError(
            f"must be from {MIN_TILES} to {MAX_TILES}, not {request.tiles}", parameter="tiles"
        )
    if request.corners is not None and not 0 <= request.corners <= MAX_CORNERS:
        raise ArgumentError(f"must be from 0 to {MAX_CORNERS}, not {request.corners}", parameter="corners")
    corners = request.corners if request.corners is not None else 0
    need = least_spaces(corners, request.racers)
    if request.spaces < need:
        raise GenerationError(
            f"{corners} corners and a grid of {request.racers} racers need at least {need} spaces,"
            f" not {request.spaces}; ask for more spaces or fewer corners"
        )


def _shares(total: int, parts: int, rng_draw: list[int]) -> list[int]:
    """``total`` split into ``parts`` non-negative shares at the cut points drawn."""
    cuts = sorted(rng_draw)
    edges = [0, *cuts, total]
    return [b - a for a, b in itertools.pairwise(edges)][:parts] if parts else []


def _one(request: RaceRequest, seed: Seed) -> RaceLayout:
    rng = make_rng(seed)
    room = (request.spaces - AFTER_LINE - request.racers + 1) // (SHORTEST + 1)
    count = request.corners
    if count is None:
        count = rng.randint(min(2, room), max(min(2, room), min(MOST_RANDOM_CORNERS, room)))
    slack = request.spaces - least_spaces(count, request.racers)
    lengths: list[int] = []
    for _ in range(count):
        extra = min(rng.randint(0, LONGEST - SHORTEST), slack)
        slack -= extra
        lengths.append(SHORTEST + extra)
    gaps = _shares(slack, count + 1, [rng.randint(0, slack) for _ in range(count)])
    corners: list[Corner] = []
    space = 1 + AFTER_LINE
    for index, length in enumerate(lengths):
        space += gaps[index]
        corners.append(Corner(space, length, rng.choice(RADII)))
        space += length + 1
    drawn = rng.choice(DIRECTIONS)  # drawn even when asked for, so a seed makes the same shapes either way
    return RaceLayout(
        spaces=request.spaces,
        finish=request.spaces,
        corners=tuple(corners),
        direction=request.direction or drawn,
        laps=request.laps,
        racers=request.racers,
        name="Generated RACE! track",
    )


def generate_tracks(
    request: RaceRequest,
    seed: Seed = None,
    count: int = 1,
    track_progress: Callable[[int, int], None] | None = None,
) -> list[RaceLayout]:
    """``count`` random legal tracks meeting ``request``; the same seed
    gives the same tracks.  ``track_progress(done, count)`` is called after
    each track.  Raises :class:`~trackkit.errors.ArgumentError`
    for a value out of range and :class:`~trackkit.errors.GenerationError`
    when the corners and grid cannot fit in the spaces."""
    _check(request, count)
    if request.tiles is not None:
        from trackkit.race.tiled import tiled_tracks  # Racepack's generator, loaded only for tiles

        tracks = tiled_tracks(
            request.tiles, request.racers, request.laps, request.direction,
            seed=seed, count=count, track_progress=track_progress,
        )
        return [_checked(track) for track in tracks]
    rng = make_rng(seed)
    return draw_many(lambda: _checked(_one(request, rng)), count, track_progress)


def _checked(track: RaceLayout) -> RaceLayout:
    """``track``, once every rule has passed it."""
    report = validate(track)
    if not report.valid:
        raise GenerationError(f"a generated track broke a rule: {report.errors[0].message}")
    return track


# --- trackkit generate race ------------------------------------------------------


def settle_tracks(options: GenerateRequest) -> RaceRequest:
    """The generator's request for the options typed: a direction of
    ``any`` leaves the direction to chance, and an option not given keeps
    the request's default."""
    if options.tiles is not None and (options.spaces is not None or options.corners is not None):
        raise ArgumentError(
            "{tiles} lays the track on tiles, whose bends make its corners and two spaces a tile its"
            " spaces: give {tiles}, or {spaces} and {corners}",
            mentions=("tiles", "spaces", "corners"),
        )
    given = {"spaces": options.spaces, "racers": options.cars, "laps": options.laps}
    return RaceRequest(
        corners=options.corners,
        direction=None if options.direction == "any" else options.direction,
        tiles=options.tiles,
        **{name: value for name, value in given.items() if value is not None},
    )


def make_tracks(request: RaceRequest, seed: int, count: int, progress: Progress) -> Generated:
    """``count`` random legal tracks for ``request`` from ``seed``."""
    return Generated(generate_tracks(request, seed=seed, count=count, track_progress=progress.tracks))
