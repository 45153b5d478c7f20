"""Where the pit lane and chicanes may go on a chosen circuit."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from trackkit.errors import GenerationError
from trackkit.piecepack.cells import Cell, corner_flags, in_spaces
from trackkit.piecepack.geometry import TILE
from trackkit.piecepack.loops import Box, bounding_box, is_counterclockwise, straight_runs
from trackkit.racepack.constructions import (
    PIT_LENGTH,
)
from trackkit.racepack.generate.facts import main_of_runs, main_run
from trackkit.racepack.generate.request import CHICANE_TRIES, GenerationRequest
from trackkit.racepack.generate.shapes import Shape, _add, _sub

__all__ = [
    "ChicanePlace",
    "Limits",
    "PitPlace",
    "SideStep",
    "can_take_constructions",
    "chicane_places",
    "chicane_room",
    "pit_places",
]

SideStep = tuple[int, int]
"""A unit step ``(dx, dy)`` to one side of the road."""


# ---------------------------------------------------------------------------
# Eligible places for the pit lane and chicanes
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PitPlace:
    """A pit lane beside the loop cells ``lined`` (in the loop's listed
    order), its own four tiles on the cells ``row``."""

    lined: tuple[Cell, ...]
    row: tuple[Cell, ...]


@dataclass(frozen=True)
class ChicanePlace:
    """The loop tile on ``cell`` pushed one space towards ``side``."""

    cell: Cell
    side: SideStep

    @property
    def centre(self) -> tuple[int, int]:
        """The pushed tile's centre, in spaces."""
        return (self.cell[0] * TILE + self.side[0], self.cell[1] * TILE + self.side[1])


@dataclass(frozen=True)
class Limits:
    """The largest width and height the tiles may take, in spaces (``None``: any)."""

    width: int | None = None
    height: int | None = None

    def fit(self, box: Box) -> bool:
        """Whether tiles whose centres span ``box`` fit within the limits."""
        left, bottom, right, top = box
        wide = self.width is None or right - left + TILE <= self.width
        return wide and (self.height is None or top - bottom + TILE <= self.height)


def _grown(box: Box, centres: Sequence[tuple[int, int]]) -> Box:
    if not centres:
        return box
    more = bounding_box(centres)
    return (min(box[0], more[0]), min(box[1], more[1]), max(box[2], more[2]), max(box[3], more[3]))


def _outward(cells: Sequence[Cell], heading: Cell) -> SideStep:
    """The side away from the ground the loop encloses, for a tile driven along ``heading``."""
    dx, dy = heading
    return (dy, -dx) if is_counterclockwise(cells) else (-dy, dx)


def pit_places(shape: Shape, limits: Limits) -> list[PitPlace]:
    """Every eligible place for a 4-tile pit lane on the main straight.

    "A track can also be constructed with a long main straight and a 4-tile
    pit lane (using a row of four tiles against the outside of the
    straight)." (*Racepack*, Other Variants)

    The lane lines four plain tiles of the main straight, leaving at least one
    straight tile before and after it; its row of four cells on the outside
    must be free, touch no tile but the ones it lines, and fit the limits.
    """
    cells = shape.cells
    main = main_run(cells)
    if main is None or main[1] < PIT_LENGTH + 2:
        return []
    n = len(cells)
    first, length = main
    run = [cells[(first + i) % n] for i in range(length)]
    heading = _sub(run[1], run[0])
    out = _outward(cells, heading)
    occupied = set(cells)
    box = bounding_box(in_spaces(cells))
    places: list[PitPlace] = []
    for start in range(1, length - PIT_LENGTH):
        lined = run[start : start + PIT_LENGTH]
        row = [_add(cell, out) for cell in lined]
        rim = [_add(cell, out) for cell in row] + [_sub(row[0], heading), _add(row[-1], heading)]
        if any(cell in occupied for cell in (*row, *rim)):
            continue
        if limits.fit(_grown(box, in_spaces(row))):
            places.append(PitPlace(tuple(lined), tuple(row)))
    return places


def chicane_places(shape: Shape, pit: PitPlace | None, limits: Limits) -> list[ChicanePlace]:
    """Every eligible single chicane place, given the pit lane (if any).

    "form a chicane by offsetting a tile in the middle of a straight by 1
    space ... a chicane should never be placed on the main straight after the
    start/finish line" (*Racepack*, Other Variants)

    The tile must be a plain straight off the main straight with a plain
    straight on each side; pushed one space to either side, it must overlap
    nothing, touch nothing but its two neighbours, and fit the limits.
    """
    return _places_in(shape, pit, limits, _box_with(shape, pit))


def _box_with(shape: Shape, pit: PitPlace | None) -> Box:
    """The box (in spaces) of the circuit and its pit lane, if any."""
    return _grown(bounding_box(in_spaces(shape.cells)), in_spaces(pit.row if pit else ()))


def _places_in(shape: Shape, pit: PitPlace | None, limits: Limits, box: Box) -> list[ChicanePlace]:
    """:func:`chicane_places`, the circuit's ``box`` already known."""
    return list(_each_place(shape, pit, limits, box))


def _has_a_place(shape: Shape, pit: PitPlace | None, limits: Limits) -> bool:
    """Whether the circuit has room for one chicane: the first place found
    answers, where :func:`_places_in` would work out every one (a 24-tile
    ``generate --chicanes 1`` asks this of 20,000 circuits)."""
    return next(_each_place(shape, pit, limits, _box_with(shape, pit)), None) is not None


def _each_place(shape: Shape, pit: PitPlace | None, limits: Limits, box: Box) -> Iterator[ChicanePlace]:
    """The chicane places of :func:`chicane_places`, one at a time."""
    cells = shape.cells
    n = len(cells)
    turning = corner_flags(cells)
    main = main_run(cells)
    on_main = {(main[0] + i) % n for i in range(main[1])} if main else set()
    occupied = set(cells) | set(pit.row if pit else ())
    for i, cell in enumerate(cells):
        if i in on_main or turning[i - 1] or turning[i] or turning[(i + 1) % n]:
            continue
        ahead = _sub(cells[(i + 1) % n], cell)
        for side in ((-ahead[1], ahead[0]), (ahead[1], -ahead[0])):
            beside = _add(cell, side)
            near = (beside, _add(beside, ahead), _sub(beside, ahead))
            place = ChicanePlace(cell, side)
            if not any(other in occupied for other in near) and limits.fit(_grown(box, [place.centre])):
                yield place


def _touch_or_overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether tiles centred on ``a`` and ``b`` (spaces) share ground or an edge."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dx <= TILE and dy < TILE) or (dy <= TILE and dx < TILE)


def _compatible(one: ChicanePlace, two: ChicanePlace, position: dict[Cell, int], n: int) -> bool:
    """Whether two chicane places can both be used: different tiles, not next
    to each other round the loop, and the pushed tiles not touching."""
    gap = (position[one.cell] - position[two.cell]) % n
    if gap in (0, 1, n - 1):
        return False
    return not _touch_or_overlap(one.centre, two.centre)


@dataclass
class _ChicaneChoice:
    """The chicane places of one circuit, and how to test a set of them."""

    places: list[ChicanePlace]
    position: dict[Cell, int]
    size: int
    box: Box
    limits: Limits

    def valid(self, chosen: Sequence[ChicanePlace]) -> bool:
        for one, two in itertools.combinations(chosen, 2):
            if not _compatible(one, two, self.position, self.size):
                return False
        return self.limits.fit(_grown(self.box, [place.centre for place in chosen]))

    def sets(self, count: int) -> Iterator[tuple[ChicanePlace, ...]]:
        """Every valid set of ``count`` places, each once."""

        def extend(start: int, chosen: list[ChicanePlace]) -> Iterator[tuple[ChicanePlace, ...]]:
            if len(chosen) == count:
                if self.limits.fit(_grown(self.box, [place.centre for place in chosen])):
                    yield tuple(chosen)
                return
            for index in range(start, len(self.places)):
                place = self.places[index]
                if all(_compatible(place, other, self.position, self.size) for other in chosen):
                    chosen.append(place)
                    yield from extend(index + 1, chosen)
                    chosen.pop()

        return extend(0, [])

    def possible(self, count: int) -> bool:
        return count == 0 or next(self.sets(count), None) is not None

    def pick(self, count: int, rng: random.Random) -> tuple[ChicanePlace, ...]:
        """A uniformly random valid set: random subsets tried first (each
        accepted one is equally likely), then, if they keep failing, a
        uniform choice from the full list."""
        if count == 0:
            return ()
        if count <= len(self.places):
            for _ in range(CHICANE_TRIES):
                chosen = rng.sample(self.places, count)
                if self.valid(chosen):
                    return tuple(sorted(chosen, key=lambda place: self.position[place.cell]))
        every = list(self.sets(count))
        if not every:
            raise GenerationError(f"no room for {count} chicanes on the chosen circuit")
        return every[int(rng.random() * len(every))]


def _chicane_choice(shape: Shape, pit: PitPlace | None, limits: Limits) -> _ChicaneChoice:
    cells = shape.cells
    box = _box_with(shape, pit)
    position = {cell: i for i, cell in enumerate(cells)}
    return _ChicaneChoice(_places_in(shape, pit, limits, box), position, len(cells), box, limits)


def _pit_options(shape: Shape, request: GenerationRequest, limits: Limits) -> list[PitPlace | None]:
    """The pit places that leave room for the chicanes asked for (``[None]``
    without a pit lane, if the chicanes fit)."""
    options: list[PitPlace | None] = list(pit_places(shape, limits)) if request.pit else [None]
    if not request.chicanes:
        return options
    if request.chicanes == 1:
        return [pit for pit in options if _has_a_place(shape, pit, limits)]
    return [pit for pit in options if _chicane_choice(shape, pit, limits).possible(request.chicanes)]


def can_take_constructions(shape: Shape, request: GenerationRequest, limits: Limits) -> bool:
    """Whether the circuit has room for the pit lane and chicanes asked for."""
    if not request.pit and not request.chicanes:
        return True
    if request.chicanes > chicane_room(shape):
        return False
    return bool(_pit_options(shape, request, limits))


def chicane_room(shape: Shape) -> int:
    """The most chicanes the circuit's straights could hold, were nothing in
    the way: a quick bound, looked at before any place is worked out.

    A chicane tile is a straight with a straight on each side, off the main
    straight, so a run of ``k`` straights between two corners offers its
    ``k - 2`` inner tiles; two chicanes are never on neighbouring tiles, so
    at most every other one of those."""
    cells = shape.cells
    runs = straight_runs(corner_flags(cells))
    main = main_of_runs(cells, runs)
    return sum((length - 1) // 2 for first, length in runs if length >= 3 and (first, length) != main)
