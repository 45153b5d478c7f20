"""The corner rules of RACE! (an advanced rule): how long a corner is, its
radius rating, where it lies and that corners do not share spaces.

Each rule is one small function that takes a layout and yields its
findings; its docstring quotes the sentence of the rulebook it enforces.
A finding's ``tiles`` are the positions of the corners involved in the
file's ``corners`` list, counted from 0.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from trackkit.edits import Put
from trackkit.findings import Finding, error
from trackkit.race.track import Corner, RaceLayout, space_after

__all__ = [
    "LONGEST",
    "RADII",
    "RULES",
    "SHORTEST",
    "check_corner_length",
    "check_corner_overlap",
    "check_corner_place",
    "check_corner_radius",
]

SHORTEST, LONGEST = 2, 4
"""The lengths a corner may have, in spaces."""

RADII = (1, 2)
"""The radius ratings a corner may have."""


def check_corner_length(layout: RaceLayout) -> Iterator[Finding]:
    """Rulebook: "Make your corners between two and four spaces long."  A
    corner of one space, or of five or more, is an error; a longer bend is
    written as two corners back to back.
    """
    for index, corner in enumerate(layout.corners):
        if not SHORTEST <= corner.length <= LONGEST:
            yield error(
                "race/corner-length",
                f"the corner at {corner.words(layout.spaces)} is {corner.length}"
                f" space{'' if corner.length == 1 else 's'} long;"
                f" corners are {SHORTEST} to {LONGEST} spaces long",
                (index,),
                *_length_hint(index, corner.length),
            )


def _length_hint(index: int, length: int) -> tuple[str, Put]:
    """Lengthen a short corner, shorten a long one (or split a long bend)."""
    if length < SHORTEST:
        edit = Put(("corners", index, "length"), SHORTEST)
        return f"lengthen it to {SHORTEST} spaces: {edit.words()}, or drop it if the bend is so gentle", edit
    edit = Put(("corners", index, "length"), LONGEST)
    return f"shorten it to {LONGEST} spaces: {edit.words()}, or split a long bend into two corners", edit


def check_corner_radius(layout: RaceLayout) -> Iterator[Finding]:
    """Rulebook: "Give them a radius rating of one or two; a lower radius
    rating represents a tougher corner."  Any other rating (0, 3...) is an
    error.
    """
    for index, corner in enumerate(layout.corners):
        if corner.radius not in RADII:
            yield error(
                "race/corner-radius",
                f"the corner at {corner.words(layout.spaces)} has radius {corner.radius};"
                " a corner's radius rating is 1 or 2",
                (index,),
                f"{_radius(index, corner.radius).words()}: 1 is a tough corner, 2 an easier one",
                _radius(index, corner.radius),
            )


def _radius(index: int, radius: int) -> Put:
    """The edit giving a corner the nearest rating the rules allow."""
    return Put(("corners", index, "radius"), min(max(radius, RADII[0]), RADII[-1]))


def check_corner_place(layout: RaceLayout) -> Iterator[Finding]:
    """Rulebook: "When you build your racetrack, you can choose to denote
    certain spaces as being corners."  A corner is made of the track's own
    spaces, so it starts on one of them and is shorter than the loop.
    """
    for index, corner in enumerate(layout.corners):
        if corner.first > layout.spaces:
            yield error(
                "race/corner-place",
                f"a corner starts at space {corner.first}, beyond the last space ({layout.spaces})",
                (index,),
                *_within(index, corner, layout),
            )
        elif corner.length >= layout.spaces:
            yield error(
                "race/corner-place",
                f"the corner from space {corner.first} is {corner.length} spaces long,"
                f" as long as the whole track ({layout.spaces} spaces)",
                (index,),
                "a corner is part of the track, with straight spaces besides it",
            )


def check_corner_overlap(layout: RaceLayout) -> Iterator[Finding]:
    """Rulebook: "When you build your racetrack, you can choose to denote
    certain spaces as being corners."  A space is a corner space or not, with
    one radius rating: two corners may touch but not share a space.
    """
    owner: dict[int, int] = {}
    reported: set[tuple[int, int]] = set()
    for index, corner in enumerate(layout.corners):
        if corner.first > layout.spaces:
            continue
        for space in corner.spaces(layout.spaces):
            earlier = owner.setdefault(space, index)
            if earlier == index or (earlier, index) in reported:
                continue
            reported.add((earlier, index))
            other = layout.corners[earlier]
            yield error(
                "race/corner-overlap",
                f"the corners at {other.words(layout.spaces)} and {corner.words(layout.spaces)}"
                f" share space {space}",
                (earlier, index),
                *_moved_on(index, corner, other, layout),
            )


def _within(index: int, corner: Corner, layout: RaceLayout) -> tuple[str, Put | None]:
    """Start a corner beyond the last space so that it ends on it (an edit,
    for a corner shorter than the loop)."""
    hint = f"give 'from' a space from 1 to {layout.spaces}"
    if corner.length >= layout.spaces:
        return hint, None
    edit = Put(("corners", index, "from"), layout.spaces - corner.length + 1)
    return f"{hint}: {edit.words()}", edit


def _moved_on(index: int, corner: Corner, earlier: Corner, layout: RaceLayout) -> tuple[str, Put | None]:
    """Move one of two corners sharing spaces: the later one to start just
    after the ``earlier`` one ends (an edit, where it then shares none)."""
    first = space_after(earlier.last(layout.spaces), layout.spaces)
    moved = replace(corner, first=first).spaces(layout.spaces)
    if set(moved) & set(earlier.spaces(layout.spaces)):
        return "move one of them, or make them one corner", None
    edit = Put(("corners", index, "from"), first)
    return f"move one of them ({edit.words()}), or make them one corner", edit


RULES: tuple[Callable[[RaceLayout], Iterator[Finding]], ...] = (
    check_corner_place,
    check_corner_length,
    check_corner_radius,
    check_corner_overlap,
)
"""The corner rules, in the order their findings are listed."""
