"""The track-building rules of RACE!: its length, the loop a piecepack track
makes, the finish line, the starting grid and the number of racers.

Each rule is one small function that takes a layout and yields its
findings; its docstring quotes the sentence of the rulebook it enforces.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from trackkit.edits import Put
from trackkit.findings import Finding, error, warning
from trackkit.piecepack.closing import closing_hint
from trackkit.race.track import SPACES_PER_TILE, Corner, RaceLayout, grid_spaces, space_after

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
            hint=f"lay at least {-(-MIN_LENGTH // SPACES_PER_TILE)} tiles in the path, two spaces a tile"
            if layout.circuit is not None
            else f"{_LONG_ENOUGH.words()} or more; the more spaces, the longer the race",
            edit=None if layout.circuit is not None else _LONG_ENOUGH,
        )


_LONG_ENOUGH = Put(("spaces",), MIN_LENGTH)
"""The edit making a track of spaces as long as the rules advise."""


def check_loop(layout: RaceLayout) -> Iterator[Finding]:
    """Rulebook: "A lap is one complete trip around the racetrack."  A track
    laid on piecepack tiles must close into a loop for a lap to end where it
    began.
    """
    circuit = layout.circuit
    if circuit is not None and not circuit.is_whole:
        hint, edit = closing_hint(circuit) or (_LOOP_HINT, None)
        yield error("race/loop", "the piecepack path does not close into a loop", hint=hint, edit=edit)


_LOOP_HINT = "run 'trackkit validate' on it as a Racepack track to see where it breaks"


def check_finish(layout: RaceLayout) -> Iterator[Finding]:
    """Rulebook: "The finish line is always placed between two spaces."
    That is the only condition: ``finish: K`` always names a place between
    two spaces, so any finish line is legal, inside a corner too.  A line
    inside a corner starts the pole racer mid-turn, so it is worth a
    warning, as a grid reaching into a corner is.  Players who forbid it as
    a house rule write ``finish_in_corner: false``, and it is an error.
    """
    owner = corner_spaces(layout)
    here = owner.get(layout.finish)
    beyond = owner.get(space_after(layout.finish, layout.spaces))
    if here is not None and here == beyond:
        corner = layout.corners[here]
        allowed = layout.finish_in_corner
        out = _out_of(layout, corner)
        yield (warning if allowed else error)(
            "race/finish-corner",
            f"the finish line between spaces {layout.finish} and"
            f" {space_after(layout.finish, layout.spaces)} is inside the corner at"
            f" {corner.words(layout.spaces)}"
            + ("" if allowed else " (this track forbids it: 'finish_in_corner: false')"),
            (here,),
            _finish_hint(allowed, out, corner.last(layout.spaces)),
            out,
        )


def _out_of(layout: RaceLayout, corner: Corner) -> Put | None:
    """The edit moving the finish line to the end of ``corner``, where the
    line then lies outside every corner."""
    last = corner.last(layout.spaces)
    owner = corner_spaces(layout)
    here = owner.get(last)
    inside = here is not None and here == owner.get(space_after(last, layout.spaces))
    return None if inside else Put(("finish",), last)


def _finish_hint(allowed: bool, out: Put | None, last: int) -> str:
    """Move the line out of the corner; a house rule forbidding it may go instead."""
    words = out.words() if out else f"set 'finish: {last}'"
    if allowed:
        return f"the rules allow it; to start out of the corner {words}, the corner's last space"
    return f"{words}, the corner's last space, or delete 'finish_in_corner: false'"


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
            hint=f"{Put(('racers',), layout.spaces - 1).words()} or fewer, or add spaces",
            edit=Put(("racers",), layout.spaces - 1),
        )
        return
    hit: dict[int, list[int]] = {}
    owner = corner_spaces(layout)
    for space in grid_spaces(layout):
        index = owner.get(space)
        if index is not None:
            hit.setdefault(index, []).append(space)
    grid = grid_spaces(layout)
    for index, spaces in hit.items():
        corner = layout.corners[index]
        ahead = grid.index(spaces[0])
        yield warning(
            "race/grid-corner",
            f"the starting grid reaches into the corner at {corner.words(layout.spaces)}"
            f" (grid {'space' if len(spaces) == 1 else 'spaces'} {', '.join(map(str, spaces))})",
            (index,),
            f"{Put(('racers',), ahead).words()} to keep the grid out of it,"
            " or move 'finish' further past the corner"
            if ahead
            else "move 'finish' further past the corner, more spaces past its end than there are racers",
            Put(("racers",), ahead) if ahead else None,
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
            hint=_points_hint(layout.spaces),
            edit=next((Put(("racers",), count) for count in POINTS_TABLES if count < layout.spaces), None),
        )


def _points_hint(spaces: int) -> str:
    """The points tables' racer counts that fit on the grid of a loop of
    ``spaces`` spaces, as settings, or the players' own points."""
    fitting = [f"'racers: {count}'" for count in POINTS_TABLES if count < spaces]
    own = "agree on points before the start"
    return f"set {' or '.join(fitting)}, or {own}" if fitting else own


RULES: tuple[Callable[[RaceLayout], Iterator[Finding]], ...] = (
    check_length,
    check_loop,
    check_finish,
    check_grid,
    check_racers,
)
"""The course rules, in the order their findings are listed."""
