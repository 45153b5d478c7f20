"""The track-building rules of RACE!: its length, the loop a piecepack track
makes, the finish line, the starting grid and the number of racers.

Each rule is one small function that takes a layout and yields its
findings; its docstring quotes the sentence of the rulebook it enforces.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from trackkit.findings import Finding, error, warning
from trackkit.race.track import RaceLayout, grid_spaces, space_after

__all__ = [
    "MIN_LENGTH",
    "POINTS_TABLES",
    "RULES",
    "check_finish",
    "check_grid",
    "check_length",
    "check_loop",
    "check_racers",
    "corner_at",
    "corner_spaces",
]

MIN_LENGTH = 20
"""The shortest track the rules advise, in spaces."""

POINTS_TABLES = (6, 8)
"""The numbers of racers the rules give points for."""


def corner_spaces(layout: RaceLayout) -> dict[int, int]:
    """Each corner space and the position in the ``corners`` list of the
    first corner covering it."""
    owner: dict[int, int] = {}
    for index, corner in enumerate(layout.corners):
        if corner.first <= layout.spaces:
            for space in corner.spaces(layout.spaces):
                owner.setdefault(space, index)
    return owner


def corner_at(layout: RaceLayout, space: int) -> int | None:
    """The position in the ``corners`` list of a corner covering ``space``, if any."""
    return corner_spaces(layout).get(space)


def check_length(layout: RaceLayout) -> Iterator[Finding]:
    """Rulebook: "Your racetrack is divided into SPACES; it shouldn't be any
    shorter than twenty spaces."  A warning, since the rule says "shouldn't".
    """
    if layout.spaces < MIN_LENGTH:
        yield warning(
            "race/length",
            f"the track has {layout.spaces} spaces; it shouldn't be shorter than {MIN_LENGTH}",
            hint="add spaces; the more spaces, the longer the race",
        )


def check_loop(layout: RaceLayout) -> Iterator[Finding]:
    """Rulebook: "A lap is one complete trip around the racetrack."  A track
    laid on piecepack tiles must close into a loop for a lap to end where it
    began.
    """
    circuit = layout.circuit
    if circuit is not None and not circuit.is_whole:
        yield error(
            "race/loop",
            "the piecepack path does not close into a loop",
            hint="run 'trackkit validate' on it as a Racepack track to see where it breaks",
        )


def check_finish(layout: RaceLayout) -> Iterator[Finding]:
    """Rulebook: "The finish line is always placed between two spaces."  Our
    reading: the two spaces are not both spaces of one corner, so the line
    and the pole position lie on the straight or at a corner's end.  Players
    who read it otherwise say ``finish_in_corner: true``, and get a warning.
    """
    owner = corner_spaces(layout)
    here = owner.get(layout.finish)
    beyond = owner.get(space_after(layout.finish, layout.spaces))
    if here is not None and here == beyond:
        corner = layout.corners[here]
        report = warning if layout.finish_in_corner else error
        yield report(
            "race/finish-corner",
            f"the finish line between spaces {layout.finish} and"
            f" {space_after(layout.finish, layout.spaces)} is inside the corner at"
            f" {corner.words(layout.spaces)}",
            (here,),
            "move the finish line to a straight, or allow it with 'finish_in_corner: true'",
        )


def check_grid(layout: RaceLayout) -> Iterator[Finding]:
    """Rulebook: "Place the pole position racer in the space just behind the
    finish line. The next racer is placed in the space behind the pole
    position, and proceeding downwards."  One racer per space: the grid may
    wrap past space 1 but not round the whole loop (an error); a grid that
    reaches back into a corner is legal but worth knowing (a warning).
    """
    if layout.racers >= layout.spaces:
        yield error(
            "race/grid",
            f"{layout.racers} racers cannot line up single file behind the line on a track of"
            f" {layout.spaces} spaces",
            hint=f"race at most {layout.spaces - 1} racers, or add spaces",
        )
        return
    hit: dict[int, list[int]] = {}
    owner = corner_spaces(layout)
    for space in grid_spaces(layout):
        index = owner.get(space)
        if index is not None:
            hit.setdefault(index, []).append(space)
    for index, spaces in hit.items():
        corner = layout.corners[index]
        yield warning(
            "race/grid-corner",
            f"the starting grid reaches into the corner at {corner.words(layout.spaces)}"
            f" (grid {'space' if len(spaces) == 1 else 'spaces'} {', '.join(map(str, spaces))})",
            (index,),
            "move the finish line further from the corner behind it, or race fewer racers",
        )


def check_racers(layout: RaceLayout) -> Iterator[Finding]:
    """Rulebook: "Your team earns points for the order that the racers cross
    the finish line at the end of the final lap", with a table for eight
    racers and one for six.  Other numbers are allowed, with a warning.
    """
    if layout.racers not in POINTS_TABLES:
        yield warning(
            "race/racers",
            f"the rules give points for 6 or 8 racers, not {layout.racers}",
            hint="race 6 or 8 racers, or agree on points before the start",
        )


RULES: tuple[Callable[[RaceLayout], Iterator[Finding]], ...] = (
    check_length,
    check_loop,
    check_finish,
    check_grid,
    check_racers,
)
"""The course rules, in the order their findings are listed."""
