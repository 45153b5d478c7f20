"""Shapes: plain circuits with hairpins folded in."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from trackkit.piecepack.cells import Cell, neighbours

__all__ = ["HairpinSite", "Shape", "fold_hairpins", "hairpin_shapes", "hairpin_sites"]

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
    shape, approaches, blocks = folded
    return shape if _hairpins_hold(shape, approaches, blocks) else None


def _fold(
    cells: Sequence[Cell], sites: Sequence[HairpinSite]
) -> tuple[Shape, list[tuple[Cell, Cell, Cell]], list[Cell]] | None:
    """The loop with the new tiles added at each site, for each hairpin its
    two approach tiles and its last corner, and the tiles of every hairpin's
    block (the new tiles and the three around them); ``None`` when two
    hairpins' blocks share a tile.  Nothing else is checked."""
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
    return Shape(tuple(loop), frozenset(frozenset(pair) for pair in walls)), approaches, blocks


def _hairpins_hold(
    shape: Shape, approaches: Sequence[tuple[Cell, Cell, Cell]], blocks: Sequence[Cell]
) -> bool:
    """Whether every contact of the loop is with the tile before, the tile
    after or across a wall, and each hairpin's two approach tiles are
    straights while its last corner turns.

    The loop was a plain circuit before the folds, and a fold adds tiles
    and parts neighbours only inside its block, so every contact the folds
    can have made or changed has a tile of a block at one end: those are
    the only ones looked at."""
    cells = shape.cells
    n = len(cells)
    position = {cell: i for i, cell in enumerate(cells)}
    if len(position) != n:
        return False
    for cell in blocks:
        i = position[cell]
        before, after = cells[i - 1], cells[(i + 1) % n]
        for other in neighbours(cell):
            apart = other != before and other != after
            if apart and other in position and frozenset((cell, other)) not in shape.walls:
                return False

    def turns(cell: Cell) -> bool:
        i = position[cell]
        before, after = cells[i - 1], cells[(i + 1) % n]
        return before[0] != after[0] and before[1] != after[1]

    return all(not turns(one) and not turns(two) and turns(last) for one, two, last in approaches)


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
