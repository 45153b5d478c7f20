"""Random legal tracks: choosing a circuit, driving it, and laying it out.

Terms used throughout this module
---------------------------------
*Cell*
    A tile position ``(x, y)`` in whole tiles, as in :mod:`trackkit.racepack.circuits`.
    The model measures in spaces (half tiles), so a cell ``(x, y)`` is the tile
    centred on ``(2x, 2y)``.
*Plain circuit*
    A closed loop of cells in which every tile touches exactly the tile
    before it and the tile after it (see :mod:`trackkit.racepack.circuits`).
*Hairpin circuit*
    A loop that is plain except for hairpin walls.  A *hairpin* is three
    corners in a row that fold the road back against itself; in cells it is a
    2 x 2 *block* of four tiles ``b, c1, c2, c3`` in driving order where
    ``b`` (the last tile of the straight leading in) touches ``c3`` (the
    third corner) across the *wall*.  The two tiles before ``b`` are plain
    straights (the rules' "straight that is three or more tiles long").
*Fold*
    Every hairpin circuit comes from a plain circuit two tiles shorter per
    hairpin: take away each block's two middle tiles ``c1, c2`` and ``b`` and
    ``c3`` become neighbours, ``b`` a corner with a straight tile on each
    side.  Folding is the reverse: at such a corner (a *hairpin site*), add
    two tiles beyond one of its legs.  Which leg, and the corner, name the
    site; the result is checked to be a legal hairpin circuit.
*Main straight*
    The straight holding the start/finish line: a longest straight, and of
    several equally long ones, the one whose middle lies lowest on the table,
    then furthest left.  That choice does not depend on the driving
    direction, so neither does anything built on it.  The line goes across
    its middle.
*Eligible place*
    Where a special construction may go on a chosen circuit.  A *pit place*
    is four plain tiles of the main straight, leaving one straight tile
    before and after, whose outside row of four cells is free and touches
    nothing else.  A *chicane place* is a plain straight tile off the main
    straight whose two neighbours are plain straights, together with the side
    its tile is pushed to, where the pushed tile touches nothing but its two
    neighbours.  Chicanes are placed in *sets* whose tiles are not next to one
    another and do not touch one another.

How a track is drawn
--------------------
Up to :data:`trackkit.racepack.circuits.EXACT_LIMIT` tiles in the loop, every circuit
is listed (:func:`trackkit.racepack.circuits.circuit_table`), and every circuit that
meets the constraints is exactly equally likely, counted up to translation.
With hairpins, the list is of (plain circuit, set of hairpin sites) pairs
whose fold is legal; each pair is one hairpin circuit and each hairpin
circuit one pair, so again every matching circuit is equally likely.  Above
the limit the plain circuit comes from the random walk of
:func:`trackkit.racepack.circuits.random_circuit`, close to uniform but not exactly.

Then, in this order, from the same seed: the driving direction (a fair coin
for ``any``), the pit place (uniform among the places that leave room for the
chicanes asked for), and the chicanes (uniform among the valid sets of
places).  A circuit is only counted as meeting the constraints when it can
take the constructions asked for.  Every layout is checked with the full
rules before it is returned; one that is not legal raises
:class:`~trackkit.errors.GenerationError`.

Everything here is pure: it builds :class:`~trackkit.racepack.layout.Layout`
objects and leaves writing them to :mod:`trackkit.formats.generated`.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import random
import re
import struct
import tempfile
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from trackkit.errors import ArgumentError, CircuitError, GenerationError
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.equipment import TILES_PER_PACK
from trackkit.piecepack.geometry import TILE
from trackkit.racepack import circuits
from trackkit.racepack.circuits import (
    EXACT_LIMIT,
    RANDOM_LIMIT,
    Cell,
    circuit_from_id,
    circuit_id,
    is_plain_circuit,
)
from trackkit.racepack.constructions import (
    LONG_COURSE,
    LONG_COURSE_LAPS,
    PIT_LENGTH,
    SHORT_COURSE_LAPS,
    extra_tile_count,
    grid_depth,
    hairpins,
)
from trackkit.racepack.layout import Layout, PitLane
from trackkit.racepack.rules import validate
from trackkit.randomness import Seed, make_rng

ANY = "any"
CLOCKWISE = "clockwise"
COUNTERCLOCKWISE = "counterclockwise"
DIRECTIONS = (ANY, CLOCKWISE, COUNTERCLOCKWISE)
"""The values of :attr:`GenerationRequest.direction`."""

DEFAULT_TILES = 24
"""Tiles a track uses unless told otherwise: one piecepack's worth."""

MAX_PACKS = 8
"""The most piecepacks a layout file may name."""

MAX_CARS = 16
MAX_LAPS = 99
"""The largest values a layout file accepts for ``cars`` and ``laps``."""

CHICANE_TRIES = 2000
"""Random sets of chicane places tried before listing every valid set."""

WALK_TRIES = 200
"""Random circuits looked at, per track wanted, above the exact limit
when hairpins are asked for, before giving up."""

Side = tuple[int, int]
"""A unit step ``(dx, dy)`` to one side of the road."""

Box = tuple[int, int, int, int]
"""The rectangle ``(left, bottom, right, top)`` holding tile centres, in spaces."""


# ---------------------------------------------------------------------------
# The request
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class GenerationRequest:
    """What the generated tracks must be.

    ``tiles`` counts every tile laid on the table, the pit lane's four
    included (``None`` means :data:`DEFAULT_TILES`, or the id's size).
    ``max_width`` and ``max_height`` are in spaces (inches), see
    :func:`parse_table_length`.  ``min_straight`` is the length, in tiles,
    the longest straight (where the start/finish line goes) must reach.
    ``hairpins`` and ``chicanes`` are exact numbers; ``pit`` adds a pit lane
    on the main straight.  ``laps`` ``None`` means 3, or the fewest laps the
    rules suggest for pit stops when there is a pit lane.  ``circuit_id``
    rebuilds the circuit an id names instead of drawing one; it goes with
    nothing that shapes the circuit.
    """

    tiles: int | None = None
    packs: int = 1
    min_corners: int | None = None
    max_corners: int | None = None
    min_straight: int | None = None
    max_width: int | None = None
    max_height: int | None = None
    hairpins: int = 0
    chicanes: int = 0
    pit: bool = False
    direction: str = ANY
    laps: int | None = None
    cars: int = 4
    circuit_id: str | None = None

    @property
    def total_tiles(self) -> int:
        """Every tile the track lays down."""
        return DEFAULT_TILES if self.tiles is None else self.tiles

    @property
    def loop_tiles(self) -> int:
        """The tiles of the racing loop: all of them but the pit lane's."""
        return self.total_tiles - (PIT_LENGTH if self.pit else 0)

    @property
    def plain_tiles(self) -> int:
        """The size of the plain circuit the loop is folded from."""
        return self.loop_tiles - 2 * self.hairpins

    @property
    def grid_room(self) -> int:
        """The fewest tiles the main straight needs for the starting grid.

        The line goes across the middle of the main straight, so a straight
        of ``L`` tiles has ``L`` spaces of road behind it, and the cars
        stand two abreast, one pair per space."""
        return grid_depth(self.cars)

    @property
    def straight_needed(self) -> int:
        """The shortest longest straight a drawn circuit may have."""
        need = max(self.min_straight or 0, self.grid_room)
        return max(need, PIT_LENGTH + 2) if self.pit else need

    def race_laps(self) -> int:
        """The laps written into the layout."""
        if self.laps is not None:
            return self.laps
        if not self.pit:
            return 3
        return LONG_COURSE_LAPS if self.loop_tiles > LONG_COURSE else SHORT_COURSE_LAPS


_SHAPING = ("tiles", "min_corners", "max_corners", "min_straight", "max_width", "max_height")


def check_request(request: GenerationRequest, count: int) -> None:
    """Raise :class:`ArgumentError` for a request that cannot be read as asked.

    A request that is well formed but that no circuit can meet is not an
    error here; drawing reports it as a :class:`GenerationError`.
    """
    if count < 1:
        raise ArgumentError(f"--count must be at least 1, not {count}")
    if request.direction not in DIRECTIONS:
        raise ArgumentError(f"unknown direction {request.direction!r}; use {', '.join(DIRECTIONS)}")
    if not 1 <= request.packs <= MAX_PACKS:
        raise ArgumentError(f"--packs must be from 1 to {MAX_PACKS}, not {request.packs}")
    if not 1 <= request.cars <= MAX_CARS:
        raise ArgumentError(f"--cars must be from 1 to {MAX_CARS}, not {request.cars}")
    if request.laps is not None and not 1 <= request.laps <= MAX_LAPS:
        raise ArgumentError(f"--laps must be from 1 to {MAX_LAPS}, not {request.laps}")
    _check_counts(request)
    if request.circuit_id is not None:
        _check_id_request(request, count)
        return
    _check_tiles(request.total_tiles, request.packs)


def _check_counts(request: GenerationRequest) -> None:
    for name, value in (
        ("--hairpins", request.hairpins),
        ("--chicanes", request.chicanes),
        ("--min-corners", request.min_corners),
        ("--max-corners", request.max_corners),
        ("--min-straight", request.min_straight),
    ):
        if value is not None and value < 0:
            raise ArgumentError(f"{name} must not be negative ({value})")
    for name, limit in (("--max-width", request.max_width), ("--max-height", request.max_height)):
        if limit is not None and limit < 1:
            raise ArgumentError(f"{name} must be positive, not {limit}")


def _check_tiles(tiles: int, packs: int) -> None:
    if tiles % 2:
        raise ArgumentError(f"--tiles is {tiles}; a closed circuit always has an even number of tiles")
    if tiles < 4:
        raise ArgumentError(f"--tiles is {tiles}; the smallest circuit has 4 tiles")
    if tiles > RANDOM_LIMIT:
        raise ArgumentError(f"--tiles is {tiles}; trackkit draws circuits of at most {RANDOM_LIMIT} tiles")
    supply = packs * TILES_PER_PACK
    if tiles > supply:
        needed = -(-tiles // TILES_PER_PACK)
        have = "one piecepack has" if packs == 1 else f"{packs} piecepacks have"
        raise ArgumentError(
            f"a track of {tiles} tiles needs {needed} piecepacks, but {have} only {supply} tiles;"
            f" add --packs {needed}"
        )


def _check_id_request(request: GenerationRequest, count: int) -> None:
    shaping = [name for name in _SHAPING if getattr(request, name) is not None]
    shaping += [name for name in ("hairpins", "chicanes") if getattr(request, name)]
    shaping += ["pit"] if request.pit else []
    if count != 1:
        shaping.append("count")
    if shaping:
        options = ", ".join("--" + name.replace("_", "-") for name in shaping)
        raise ArgumentError(f"--id fixes the circuit, so it goes without {options}")


_LENGTH = re.compile(r"^\s*(\d+)\s*(in)?\s*$", re.IGNORECASE)


def parse_table_length(text: str) -> int:
    """Read a table size: whole tiles (``10``) or inches (``20in``); return spaces.

    A space is an inch, half a tile, so ``10`` and ``20in`` are both 20.
    Raises :class:`ArgumentError` for anything else or for zero.
    """
    match = _LENGTH.match(text)
    if match is None:
        raise ArgumentError(
            f"{text!r} is not a table size; give whole tiles such as 10, or inches such as 20in"
        )
    value = int(match.group(1))
    spaces = value if match.group(2) else value * TILE
    if spaces < 1:
        raise ArgumentError(f"a table size must be positive, not {text!r}")
    return spaces


# ---------------------------------------------------------------------------
# Facts about a loop of cells
# ---------------------------------------------------------------------------

Facts = tuple[int, int, int, int]
"""``(corners, longest straight, width, height)`` of a loop, the size in tiles."""


def loop_facts(cells: Sequence[Cell]) -> Facts:
    """Corners, longest straight and size (in tiles) of a closed loop of cells.

    A tile is a *corner* when the tiles before and after it differ in both
    coordinates; the *longest straight* is the longest run of other tiles,
    going round the loop past tile 0 if need be.
    """
    turning = _corner_flags(cells)
    corners = sum(turning)
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    size = (max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    if not corners:
        return (0, len(cells), *size)
    first = turning.index(True)
    best = run = 0
    for flag in turning[first + 1 :] + turning[: first + 1]:
        if flag:
            best = max(best, run)
            run = 0
        else:
            run += 1
    return (corners, best, *size)


def _corner_flags(cells: Sequence[Cell]) -> list[bool]:
    """For each tile, whether the road turns on it."""
    before = [cells[-1], *cells[:-1]]
    after = [*cells[1:], cells[0]]
    return [a[0] != b[0] and a[1] != b[1] for a, b in zip(before, after)]


Bounds = tuple[int, int, int, int, int]
"""Fewest and most corners, shortest longest straight, and the widest and
highest a loop may be in tiles: what :func:`_meets` tests."""

_NO_LIMIT = 1 << 30


def _bounds(request: GenerationRequest) -> Bounds:
    """The request's shape constraints as plain numbers."""
    return (
        request.min_corners if request.min_corners is not None else 0,
        request.max_corners if request.max_corners is not None else _NO_LIMIT,
        request.straight_needed,
        request.max_width // TILE if request.max_width is not None else _NO_LIMIT,
        request.max_height // TILE if request.max_height is not None else _NO_LIMIT,
    )


def _meets(facts: Facts, bounds: Bounds) -> bool:
    """Whether a loop with these facts meets the shape constraints."""
    corners, longest, width, height = facts
    fewest, most, straight, widest, highest = bounds
    return fewest <= corners <= most and longest >= straight and width <= widest and height <= highest


def is_counterclockwise(cells: Sequence[Cell]) -> bool:
    """Whether the loop, driven in the listed order, goes round counterclockwise
    (its enclosed area lies on the driver's left)."""
    twice_area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(cells, [*cells[1:], cells[0]]))
    return twice_area > 0


def straight_runs(cells: Sequence[Cell]) -> list[tuple[int, int]]:
    """Every straight as ``(first position, length)`` in the listed order."""
    turning = _corner_flags(cells)
    n = len(cells)
    corners = [i for i, flag in enumerate(turning) if flag]
    runs: list[tuple[int, int]] = []
    for here, there in zip(corners, [*corners[1:], corners[0] + n]):
        if there - here > 1:
            runs.append(((here + 1) % n, there - here - 1))
    return runs


def main_straight(cells: Sequence[Cell]) -> tuple[int, int] | None:
    """The main straight as ``(first position, length)`` in the listed order.

    A longest straight; of equal ones, the one whose middle lies lowest,
    then furthest left, which does not depend on the driving direction.
    ``None`` when the loop has no straight (the square of four corners).
    """
    runs = straight_runs(cells)
    if not runs:
        return None
    longest = max(length for _, length in runs)
    n = len(cells)

    def middle(run: tuple[int, int]) -> tuple[int, int]:
        first, last = cells[run[0]], cells[(run[0] + run[1] - 1) % n]
        return (first[1] + last[1], first[0] + last[0])

    return min((run for run in runs if run[1] == longest), key=middle)


# ---------------------------------------------------------------------------
# Shapes and hairpins
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Shape:
    """A loop of cells in driving order, plain but for its hairpin ``walls``
    (each wall the pair of cells that touch across it)."""

    cells: tuple[Cell, ...]
    walls: frozenset[frozenset[Cell]] = frozenset()


@dataclass(frozen=True)
class HairpinSite:
    """A corner of a plain circuit where a hairpin can be folded in.

    ``corner`` is the corner's position in the circuit's listed order.  With
    ``approach_before`` the hairpin's straight is the one leading into the
    corner and the two new tiles go between the corner and the tile after
    it; otherwise the straight is the one leading out (read backwards) and
    the new tiles go between the tile before the corner and the corner.
    """

    corner: int
    approach_before: bool


def _add(a: Cell, b: Cell) -> Cell:
    return (a[0] + b[0], a[1] + b[1])


def _sub(a: Cell, b: Cell) -> Cell:
    return (a[0] - b[0], a[1] - b[1])


def _neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    x, y = cell
    return ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))


def hairpin_sites(cells: Sequence[Cell]) -> list[HairpinSite]:
    """Every place a single hairpin can be folded into a plain circuit.

    "Assume there is a straight that is three or more tiles long. Place a
    tile adjacent to the last tile of the straight to form a right-hand
    corner." (*Racepack*, Other Variants)

    A site is a corner with a straight tile on each side, and a leg whose two
    new tiles (beyond the corner, away from the other leg) are free and touch
    nothing but the tiles they join.  Folding one such site always gives a
    legal circuit with exactly one hairpin.
    """
    occupied = set(cells)
    n = len(cells)
    sites: list[HairpinSite] = []
    for i, b in enumerate(cells):
        a, c3 = cells[i - 1], cells[(i + 1) % n]
        u, v = _sub(b, a), _sub(c3, b)
        if u == v or cells[i - 2] != _sub(a, u) or cells[(i + 2) % n] != _add(c3, v):
            continue
        before_cells = (b, u, v)
        if not _touches_any(occupied, _fold_cells_before(*before_cells), _fold_rim_before(*before_cells)):
            sites.append(HairpinSite(i, True))
        if not _touches_any(occupied, _fold_cells_after(b, u, v), _fold_rim_after(b, u, v)):
            sites.append(HairpinSite(i, False))
    return sites


def _fold_cells_before(b: Cell, u: Cell, v: Cell) -> tuple[Cell, Cell]:
    """The two tiles a fold with the straight before corner ``b`` adds, in
    driving order: beyond ``b`` along ``u``, then towards ``v``."""
    first = _add(b, u)
    return (first, _add(first, v))


def _fold_rim_before(b: Cell, u: Cell, v: Cell) -> tuple[Cell, ...]:
    c1, c2 = _fold_cells_before(b, u, v)
    return (_add(c1, u), _sub(c1, v), _add(c2, u), _add(c2, v))


def _fold_cells_after(b: Cell, u: Cell, v: Cell) -> tuple[Cell, Cell]:
    """The two tiles a fold with the straight after corner ``b`` adds, in
    driving order: beside the tile before ``b``, then beside ``b``."""
    beside = _sub(b, v)
    return (_sub(beside, u), beside)


def _fold_rim_after(b: Cell, u: Cell, v: Cell) -> tuple[Cell, ...]:
    x2, x1 = _fold_cells_after(b, u, v)
    return (_sub(x1, v), _add(x1, u), _sub(x2, u), _sub(x2, v))


def _touches_any(occupied: set[Cell], new: Sequence[Cell], rim: Sequence[Cell]) -> bool:
    return any(cell in occupied for cell in (*new, *rim))


def fold_hairpins(cells: Sequence[Cell], sites: Sequence[HairpinSite]) -> Shape | None:
    """Fold a hairpin into the plain circuit ``cells`` at each site.

    Returns the hairpin circuit, or ``None`` when the folds do not make a
    legal circuit whose hairpins are exactly these, with no tile shared
    between two hairpins' blocks.
    """
    folded = _fold(cells, sites)
    if folded is None:
        return None
    shape, approaches = folded
    return shape if _hairpins_hold(shape, approaches) else None


def _fold(
    cells: Sequence[Cell], sites: Sequence[HairpinSite]
) -> tuple[Shape, list[tuple[Cell, Cell, Cell]]] | None:
    """The loop with the new tiles added at each site, and for each hairpin
    its two approach tiles and its last corner; ``None`` when two hairpins'
    blocks share a tile.  Nothing else is checked."""
    loop = list(cells)
    walls: list[tuple[Cell, Cell]] = []
    approaches: list[tuple[Cell, Cell, Cell]] = []  # the two plain tiles, then the turning tile
    blocks: list[Cell] = []
    n = len(cells)
    for site in sorted(sites, key=lambda s: s.corner, reverse=True):
        i = site.corner
        a, b, c3 = cells[i - 1], cells[i], cells[(i + 1) % n]
        u, v = _sub(b, a), _sub(c3, b)
        if site.approach_before:
            added = _fold_cells_before(b, u, v)
            loop[i + 1 : i + 1] = added
            walls.append((b, c3))
            approaches.append((a, b, c3))
            blocks += [b, *added, c3]
        else:
            added = _fold_cells_after(b, u, v)
            loop[i:i] = added
            walls.append((a, b))
            approaches.append((c3, b, a))
            blocks += [a, *added, b]
    if len(set(blocks)) != len(blocks):
        return None
    return Shape(tuple(loop), frozenset(frozenset(pair) for pair in walls)), approaches


def _hairpins_hold(shape: Shape, approaches: Sequence[tuple[Cell, Cell, Cell]]) -> bool:
    """Whether every contact of the loop is with the tile before, the tile
    after or across a wall, and each hairpin's two approach tiles are
    straights while its last corner turns."""
    cells = shape.cells
    n = len(cells)
    position = {cell: i for i, cell in enumerate(cells)}
    if len(position) != n:
        return False
    for i, cell in enumerate(cells):
        for other in _neighbours(cell):
            j = position.get(other)
            if j is None or (i - j) % n in (1, n - 1) or frozenset((cell, other)) in shape.walls:
                continue
            return False
    turning = _corner_flags(cells)
    for plain_one, plain_two, turns in approaches:
        if turning[position[plain_one]] or turning[position[plain_two]] or not turning[position[turns]]:
            return False
    return True


def _site_sets(cells: Sequence[Cell], count: int) -> Iterator[tuple[HairpinSite, ...]]:
    """Every set of ``count`` distinct corners' sites (one site per corner)."""
    sites = hairpin_sites(cells)
    for chosen in itertools.combinations(sites, count):
        if len({site.corner for site in chosen}) == count:
            yield chosen


def hairpin_shapes(cells: Sequence[Cell], count: int) -> Iterator[tuple[tuple[HairpinSite, ...], Shape]]:
    """Every legal way to fold ``count`` hairpins into a plain circuit."""
    if count == 0:
        yield (), Shape(tuple(cells))
        return
    if count == 1:
        # One site needs no further check: hairpin_sites has already made sure
        # the two new tiles touch nothing but their neighbours and that the
        # approach tiles are straights, which is all a single fold can break.
        for (site,) in _site_sets(cells, 1):
            folded = _fold(cells, (site,))
            assert folded is not None  # one block cannot share a tile with another
            yield (site,), folded[0]
        return
    for sites in _site_sets(cells, count):
        shape = fold_hairpins(cells, sites)
        if shape is not None:
            yield sites, shape


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
    side: Side

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


def _box(centres: Sequence[tuple[int, int]]) -> Box:
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    return (min(xs), min(ys), max(xs), max(ys))


def _grown(box: Box, centres: Sequence[tuple[int, int]]) -> Box:
    if not centres:
        return box
    more = _box(centres)
    return (min(box[0], more[0]), min(box[1], more[1]), max(box[2], more[2]), max(box[3], more[3]))


def _in_spaces(cells: Sequence[Cell]) -> list[tuple[int, int]]:
    return [(x * TILE, y * TILE) for x, y in cells]


def _outward(cells: Sequence[Cell], heading: Cell) -> Side:
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
    main = main_straight(cells)
    if main is None or main[1] < PIT_LENGTH + 2:
        return []
    n = len(cells)
    first, length = main
    run = [cells[(first + i) % n] for i in range(length)]
    heading = _sub(run[1], run[0])
    out = _outward(cells, heading)
    occupied = set(cells)
    box = _box(_in_spaces(cells))
    places: list[PitPlace] = []
    for start in range(1, length - PIT_LENGTH):
        lined = run[start : start + PIT_LENGTH]
        row = [_add(cell, out) for cell in lined]
        rim = [_add(cell, out) for cell in row] + [_sub(row[0], heading), _add(row[-1], heading)]
        if any(cell in occupied for cell in (*row, *rim)):
            continue
        if limits.fit(_grown(box, _in_spaces(row))):
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
    cells = shape.cells
    n = len(cells)
    turning = _corner_flags(cells)
    main = main_straight(cells)
    on_main = {(main[0] + i) % n for i in range(main[1])} if main else set()
    occupied = set(cells) | set(pit.row if pit else ())
    box = _grown(_box(_in_spaces(cells)), _in_spaces(pit.row if pit else ()))
    places: list[ChicanePlace] = []
    for i, cell in enumerate(cells):
        if i in on_main or turning[i - 1] or turning[i] or turning[(i + 1) % n]:
            continue
        ahead = _sub(cells[(i + 1) % n], cell)
        for side in ((-ahead[1], ahead[0]), (ahead[1], -ahead[0])):
            beside = _add(cell, side)
            near = (beside, _add(beside, ahead), _sub(beside, ahead))
            place = ChicanePlace(cell, side)
            if not any(other in occupied for other in near) and limits.fit(_grown(box, [place.centre])):
                places.append(place)
    return places


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
    box = _grown(_box(_in_spaces(cells)), _in_spaces(pit.row if pit else ()))
    position = {cell: i for i, cell in enumerate(cells)}
    return _ChicaneChoice(chicane_places(shape, pit, limits), position, len(cells), box, limits)


def _pit_options(shape: Shape, request: GenerationRequest, limits: Limits) -> list[PitPlace | None]:
    """The pit places that leave room for the chicanes asked for (``[None]``
    without a pit lane, if the chicanes fit)."""
    options: list[PitPlace | None] = list(pit_places(shape, limits)) if request.pit else [None]
    if not request.chicanes:
        return options
    return [pit for pit in options if _chicane_choice(shape, pit, limits).possible(request.chicanes)]


def can_take_constructions(shape: Shape, request: GenerationRequest, limits: Limits) -> bool:
    """Whether the circuit has room for the pit lane and chicanes asked for."""
    if not request.pit and not request.chicanes:
        return True
    return bool(_pit_options(shape, request, limits))


# ---------------------------------------------------------------------------
# From a chosen circuit to a layout
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TrackPlan:
    """Everything chosen for one track: the loop, the way it is driven, and
    where the pit lane and chicanes go."""

    shape: Shape
    clockwise: bool
    pit: PitPlace | None = None
    chicanes: tuple[ChicanePlace, ...] = ()


def _driven(cells: Sequence[Cell], clockwise: bool) -> list[Cell]:
    """The cells in the order of a loop driven the given way round."""
    order = list(cells)
    if is_counterclockwise(order) == clockwise:
        order = [order[0], *reversed(order[1:])]
    return order


def build_layout(
    plan: TrackPlan,
    *,
    packs: int,
    laps: int,
    cars: int,
    name: str | None = None,
    description: str | None = None,
) -> Layout:
    """Lay the plan out as a layout.

    Tile 0 is the first tile of the main straight and sits on ``(0, 0)``;
    the start/finish line crosses the middle of the main straight.
    """
    order = _driven(plan.shape.cells, plan.clockwise)
    main = main_straight(order)
    first, length = main if main is not None else (0, 0)
    order = order[first:] + order[:first]
    home = order[0]
    pushed = {place.cell: place.side for place in plan.chicanes}
    centres = []
    for cell in order:
        side = pushed.get(cell, (0, 0))
        centres.append(((cell[0] - home[0]) * TILE + side[0], (cell[1] - home[1]) * TILE + side[1]))
    circuit = Circuit.from_centres(centres)
    pit = None
    if plan.pit is not None:
        lined = {order.index(cell) for cell in plan.pit.lined}
        pit = PitLane(min(lined))
    start = float(Fraction(length, 2)) if main is not None else 0.0
    return Layout(
        circuit=circuit,
        name=name,
        description=description,
        packs=packs,
        laps=laps,
        cars=cars,
        start=start,
        pit=pit,
    )


def plan_track(shape: Shape, request: GenerationRequest, limits: Limits, rng: random.Random) -> TrackPlan:
    """Choose the direction, then the pit place, then the chicanes, at random."""
    clockwise = rng.random() < 0.5 if request.direction == ANY else request.direction == CLOCKWISE
    options = _pit_options(shape, request, limits)
    if not options:
        raise GenerationError("the chosen circuit has no room for the constructions asked for")
    pit = options[int(rng.random() * len(options))]
    chosen: tuple[ChicanePlace, ...] = ()
    if request.chicanes:
        chosen = _chicane_choice(shape, pit, limits).pick(request.chicanes, rng)
    return TrackPlan(shape, clockwise, pit, chosen)


# ---------------------------------------------------------------------------
# Which circuits meet the constraints
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Population:
    """The circuits a drawing chooses from, when they can all be listed.

    ``entries`` are the matching circuits: a position in the
    ``base_tiles``-tile table with the hairpin sites to fold there.
    ``total`` is how many circuits there are of the loop's size and number of
    hairpins, constraints aside.
    """

    base_tiles: int
    entries: list[tuple[int, tuple[HairpinSite, ...]]]
    total: int


_FACTS: dict[int, tuple[circuits.CircuitTable, list[Facts]]] = {}
_POPULATIONS: dict[GenerationRequest, tuple[circuits.CircuitTable, Population]] = {}
POPULATIONS_KEPT = 8
"""How many recent populations :func:`exact_population` keeps in memory."""


def clear_caches() -> None:
    """Forget the facts and populations kept in memory."""
    _FACTS.clear()
    _POPULATIONS.clear()


def table_facts(n: int) -> list[Facts]:
    """:func:`loop_facts` of every circuit of the ``n``-tile table, in table order.

    Worked out once and kept in memory, and in a cache file beside the table
    (:func:`facts_cache_path`): the table's tile count and number of circuits,
    the CRC-32 of its codes (so facts never outlive the table they describe),
    then four bytes per circuit, compressed with zlib.  A file that does not
    match is worked out again without a word.
    """
    table = circuits.circuit_table(n)
    cached = _FACTS.get(n)
    if cached is not None and cached[0] is table:
        return cached[1]
    checksum = zlib.crc32(table.codes)
    packed = _read_facts(n, len(table), checksum)
    if packed is None:
        packed = bytes(value for cells in table for value in loop_facts(cells))
        _write_facts(n, len(table), checksum, packed)
    facts = list(zip(packed[0::4], packed[1::4], packed[2::4], packed[3::4]))
    _FACTS[n] = (table, facts)
    return facts


FACTS_FORMAT = 1
"""Version of the facts cache file, part of its name."""

_FACTS_MAGIC = b"TKGF"
_FACTS_HEADER = struct.Struct("<4sBBII")  # magic, format, tiles, circuits, crc32 of the table's codes


def facts_cache_path(n: int) -> Path:
    """The cache file of the facts about the ``n``-tile table."""
    return circuits.table_cache_dir() / f"facts-v{FACTS_FORMAT}-{n}.bin"


def _read_facts(n: int, count: int, checksum: int) -> bytes | None:
    try:
        data = facts_cache_path(n).read_bytes()
        header = _FACTS_HEADER.unpack_from(data)
        packed = zlib.decompress(data[_FACTS_HEADER.size :])
    except (OSError, struct.error, zlib.error):
        return None
    if header != (_FACTS_MAGIC, FACTS_FORMAT, n, count, checksum) or len(packed) != 4 * count:
        return None
    return packed


def _write_facts(n: int, count: int, checksum: int, packed: bytes) -> None:
    """Write the facts file atomically; give up quietly when that fails."""
    path = facts_cache_path(n)
    data = _FACTS_HEADER.pack(_FACTS_MAGIC, FACTS_FORMAT, n, count, checksum) + zlib.compress(packed, 6)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=f"{path.name}.", suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(name, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(name)


def _limits(request: GenerationRequest) -> Limits:
    return Limits(request.max_width, request.max_height)


def exact_population(request: GenerationRequest) -> Population:
    """Every circuit of the request's size that meets its constraints.

    Needs ``request.loop_tiles`` of at most :data:`EXACT_LIMIT`.  The last
    few populations are kept in memory, so drawing again with the same
    constraints skips the search.
    """
    base = request.plain_tiles
    if base < 4:
        return Population(base, [], 0)
    table = circuits.circuit_table(base)
    key = replace(request, direction=ANY, laps=None, packs=1)
    kept = _POPULATIONS.get(key)
    if kept is not None and kept[0] is table:
        return kept[1]
    population = _search_population(request, table)
    if len(_POPULATIONS) >= POPULATIONS_KEPT:
        del _POPULATIONS[next(iter(_POPULATIONS))]
    _POPULATIONS[key] = (table, population)
    return population


def _search_population(request: GenerationRequest, table: circuits.CircuitTable) -> Population:
    base = table.tiles
    limits = _limits(request)
    bounds = _bounds(request)
    if request.hairpins == 0:
        fewest, most, straight, widest, highest = bounds
        no_sites: tuple[HairpinSite, ...] = ()
        entries = [
            (index, no_sites)
            for index, (corners, longest, width, height) in enumerate(table_facts(base))
            if fewest <= corners <= most and longest >= straight and width <= widest and height <= highest
        ]
        if request.pit or request.chicanes:
            entries = [
                entry for entry in entries if can_take_constructions(Shape(table[entry[0]]), request, limits)
            ]
        return Population(base, entries, len(table))
    total = 0
    matching: list[tuple[int, tuple[HairpinSite, ...]]] = []
    for index, cells in enumerate(table):
        for sites, shape in hairpin_shapes(cells, request.hairpins):
            total += 1
            if _meets(loop_facts(shape.cells), bounds) and can_take_constructions(shape, request, limits):
                matching.append((index, sites))
    return Population(base, matching, total)


def _shape_at(population: Population, entry: tuple[int, tuple[HairpinSite, ...]]) -> Shape:
    cells = circuits.circuit_table(population.base_tiles)[entry[0]]
    if not entry[1]:
        return Shape(cells)
    shape = fold_hairpins(cells, entry[1])
    assert shape is not None  # the population only holds folds that work
    return shape


# ---------------------------------------------------------------------------
# Drawing
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Generated:
    """What :func:`generate_layouts` made.

    ``layouts`` are the tracks, each legal.  ``ids`` gives each one's circuit
    id, or ``None`` for a loop with hairpins (ids name plain circuits).
    ``loop_tiles`` and ``hairpins`` describe the loops; ``pit`` whether each
    has a pit lane.  ``matching`` is how many circuits met the constraints
    and ``total`` how many there are of that size (with that many hairpins),
    both ``None`` when unknown.  ``method`` is ``table`` (every matching
    circuit exactly equally likely), ``walk`` (the random walk above
    :data:`EXACT_LIMIT`) or ``id`` (rebuilt from an id, nothing random).
    """

    layouts: tuple[Layout, ...]
    ids: tuple[str | None, ...]
    loop_tiles: int
    hairpins: int
    pit: bool
    matching: int | None
    total: int | None
    method: str


def generate_layouts(request: GenerationRequest, *, seed: Seed, count: int = 1) -> Generated:
    """Draw ``count`` different legal tracks meeting ``request``.

    See the module notes for how the circuit and its constructions are
    chosen.  The same ``seed`` gives the same tracks.  With
    ``request.circuit_id`` the one circuit it names is laid out instead, the
    same every time.

    Raises :class:`ArgumentError` for a malformed request or id, and
    :class:`GenerationError` when fewer than ``count`` circuits meet the
    constraints (or, above the exact limit, too few were found).
    """
    check_request(request, count)
    if request.circuit_id is not None:
        return _rebuild(request)
    rng = make_rng(seed)
    limits = _limits(request)
    _check_possible(request)
    if request.loop_tiles <= EXACT_LIMIT:
        population = exact_population(request)
        shapes = _draw_exact(population, request, count, rng)
        matching: int | None = len(population.entries)
        total: int | None = population.total
        method = "table"
    else:
        shapes = _draw_by_walk(request, count, rng, limits)
        matching = total = None
        method = "walk"
    plans = [plan_track(shape, request, limits, rng) for shape in shapes]
    layouts = tuple(
        _checked(
            build_layout(
                plan,
                packs=request.packs,
                laps=request.race_laps(),
                cars=request.cars,
                name=_name(plan.shape),
                description=_description(seed, number, count),
            )
        )
        for number, plan in enumerate(plans, 1)
    )
    ids = tuple(_plain_id(plan.shape) for plan in plans)
    return Generated(layouts, ids, request.loop_tiles, request.hairpins, request.pit, matching, total, method)


def _check_possible(request: GenerationRequest) -> None:
    """Raise :class:`GenerationError` for constraints that contradict each other."""
    low, high = request.min_corners, request.max_corners
    if low is not None and high is not None and low > high:
        raise GenerationError(
            f"no circuit meets the constraints: at least {low} and at most {high} corners"
            " contradict each other"
        )
    if (high is not None and high < 4) or (low is not None and low == high and low % 2):
        # Every closed loop turns four more times one way than the other, so
        # it has an even number of corners, at least four.
        raise GenerationError(f"no circuit meets the constraints ({constraint_words(request)})")
    if request.loop_tiles < 4:
        raise GenerationError(
            f"no circuit meets the constraints: a pit lane of {PIT_LENGTH} tiles leaves"
            f" {request.loop_tiles} tiles for the loop"
        )


def constraint_words(request: GenerationRequest) -> str:
    """The constraints in words, for messages: ``24 tiles, 8 to 10 corners``."""
    words = [f"{request.loop_tiles} tiles in the loop" if request.pit else f"{request.total_tiles} tiles"]
    low, high = request.min_corners, request.max_corners
    if low is not None and low == high:
        words.append(f"exactly {low} corners")
    elif low is not None or high is not None:
        words.append(_range_words(low, high, "corners"))
    if request.min_straight:
        words.append(f"a straight of at least {request.min_straight} tiles")
    if request.grid_room > max(request.min_straight or 0, PIT_LENGTH + 2 if request.pit else 0):
        room, cars = request.grid_room, request.cars
        words.append(f"a main straight of at least {room} tiles (the starting grid of {cars} cars)")
    for axis, limit in (("wide", request.max_width), ("high", request.max_height)):
        if limit is not None:
            words.append(f"at most {_length_words(limit)} {axis}")
    for name, number in (("hairpin", request.hairpins), ("chicane", request.chicanes)):
        if number:
            words.append(f"{number} {name}{'s' if number > 1 else ''}")
    if request.pit:
        words.append(f"a pit lane (a main straight of at least {PIT_LENGTH + 2} tiles)")
    return ", ".join(words)


def _range_words(low: int | None, high: int | None, what: str) -> str:
    if low is not None and high is not None:
        return f"{low} to {high} {what}"
    return f"at least {low} {what}" if low is not None else f"at most {high} {what}"


def _length_words(spaces: int) -> str:
    return f"{spaces // TILE} tiles" if spaces % TILE == 0 else f"{spaces} inches"


def _draw_exact(
    population: Population, request: GenerationRequest, count: int, rng: random.Random
) -> list[Shape]:
    found = len(population.entries)
    if found == 0:
        raise GenerationError(f"no circuit meets the constraints ({constraint_words(request)})")
    if found < count:
        raise GenerationError(
            f"only {found} circuit{'s' if found > 1 else ''} meet the constraints"
            f" ({constraint_words(request)}); cannot make {count} different tracks"
        )
    picks = rng.sample(range(found), count)
    return [_shape_at(population, population.entries[pick]) for pick in picks]


def _draw_by_walk(request: GenerationRequest, count: int, rng: random.Random, limits: Limits) -> list[Shape]:
    """Circuits from the random walk, distinct, each meeting the constraints;
    with hairpins, each walked circuit gets a uniformly chosen legal fold."""
    base = request.plain_tiles
    wide = None if limits.width is None else limits.width // TILE
    high = None if limits.height is None else limits.height // TILE

    def folds(cells: Sequence[Cell]) -> list[Shape]:
        return [
            shape
            for _, shape in hairpin_shapes(cells, request.hairpins)
            if _meets(loop_facts(shape.cells), _bounds(request))
            and can_take_constructions(shape, request, limits)
        ]

    if base < 8:
        raise GenerationError(f"no circuit meets the constraints ({constraint_words(request)})")
    if request.hairpins == 0:
        result = circuits.sample_circuits(
            base,
            seed=rng,
            count=count,
            where=lambda cells: bool(folds(cells)),
            max_width=wide,
            max_height=high,
        )
        return [Shape(cells) for cells in result.circuits]
    shapes: list[Shape] = []
    seen: set[circuits.Circuit] = set()
    for _ in range(WALK_TRIES * count):
        cells = circuits.random_circuit(base, seed=rng, max_width=wide, max_height=high)
        options = folds(cells) if cells not in seen else []
        seen.add(cells)
        if options:
            shapes.append(options[int(rng.random() * len(options))])
            if len(shapes) == count:
                return shapes
    raise GenerationError(
        f"found only {len(shapes)} of {count} circuits meeting the constraints"
        f" ({constraint_words(request)}) after looking at {WALK_TRIES * count} random ones"
    )


def _checked(layout: Layout) -> Layout:
    """The layout, after making sure it breaks no rule."""
    report = validate(layout)
    if not report.valid:
        rules = ", ".join(sorted({finding.rule for finding in report.errors}))
        raise GenerationError(f"a generated track broke a rule ({rules}); this is a bug in trackkit")
    return layout


def _plain_id(shape: Shape) -> str | None:
    return None if shape.walls else circuit_id(shape.cells)


def _name(shape: Shape) -> str:
    code = _plain_id(shape)
    if code is not None:
        return f"Circuit {code}"
    number = len(shape.walls)
    return f"Circuit with {number} hairpin{'s' if number > 1 else ''}"


def _description(seed: Seed, number: int, count: int) -> str | None:
    which = f"Track {number} of {count}, drawn" if count > 1 else "Drawn"
    if isinstance(seed, int) and not isinstance(seed, bool):
        return f"{which} at random by trackkit generate with seed {seed}."
    return f"{which} at random by trackkit generate."


def _rebuild(request: GenerationRequest) -> Generated:
    """The layout of the circuit ``request.circuit_id`` names."""
    assert request.circuit_id is not None
    cells = circuit_from_id(request.circuit_id)
    code = circuit_id(cells)
    _check_tiles(len(cells), request.packs)
    plan = TrackPlan(Shape(cells), clockwise=request.direction != COUNTERCLOCKWISE)
    layout = build_layout(
        plan,
        packs=request.packs,
        laps=request.race_laps(),
        cars=request.cars,
        name=f"Circuit {code}",
        description=f"Rebuilt from circuit id {code}.",
    )
    return Generated((_checked(layout),), (code,), len(cells), 0, False, None, None, "id")


# ---------------------------------------------------------------------------
# The id of a layout
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LayoutId:
    """A layout's circuit id, and what the id leaves out: how many of its
    tiles are chicanes (taken as on the line) and how many lie off the loop
    (pit lane, wide row)."""

    code: str
    chicanes: int
    extra_tiles: int


def loop_cells(circuit: Circuit) -> list[Cell]:
    """The loop's tiles as cells, a chicane taken where its driving line runs.

    Needs a whole circuit; raises :class:`CircuitError` otherwise.
    """
    from trackkit.racepack.analysis import require_whole

    require_whole(circuit)
    points = [tile.line_point for tile in circuit]
    return [(x // TILE, y // TILE) for x, y in points]


def layout_id(layout: Layout) -> LayoutId:
    """The circuit id of a layout's loop (see :func:`trackkit.racepack.circuits.circuit_id`).

    The same for every rotation, reflection, starting tile and driving
    direction.  A chicane counts as the plain straight it was pushed from, and
    pit-lane or wide-row tiles are left out.  Raises :class:`CircuitError`
    when the loop is broken or is not a plain circuit (a hairpin, or a tile
    touching another road).
    """
    cells = loop_cells(layout.circuit)
    if not is_plain_circuit(cells):
        raise CircuitError(_not_plain(layout.circuit, len(cells)))
    chicane_count = sum(1 for tile in layout.circuit if tile.kind is not None and tile.kind.is_chicane)
    return LayoutId(circuit_id(cells), chicane_count, extra_tile_count(layout))


def _not_plain(circuit: Circuit, size: int) -> str:
    found = hairpins(circuit)
    if found:
        word = "a hairpin" if len(found) == 1 else f"{len(found)} hairpins"
        return (
            f"the loop has {word}; circuit ids name plain circuits, where every tile touches"
            " only the tile before it and the tile after it"
        )
    return (
        f"the loop of {size} tiles is not a plain circuit (some tiles overlap or touch another"
        " road); run 'trackkit validate' to see where"
    )
