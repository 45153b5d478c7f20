"""Which tiles touch or overlap, found through a spatial index.

Every tile covers four one-space squares.  Filing each square under the tile
that covers it lets us find, for every tile, the tiles across each of its
edges by looking up eight squares, so the work grows linearly with the number
of tiles.

Two tiles *touch* (are orthogonally adjacent) when they share a stretch of
edge of at least one space.  Tiles that meet only at a corner point do not
touch.  Two tiles *overlap* when they cover a common square.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Generic, TypeVar

from trackkit.piecepack.geometry import Point

__all__ = [
    "Ground",
    "Ref",
    "footprint",
    "rim",
]

Ref = TypeVar("Ref", bound=Hashable)


def footprint(centre: Point) -> tuple[Point, ...]:
    """The four squares (by south-west point) a tile centred on ``centre`` covers."""
    x, y = centre
    return ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y))


def rim(centre: Point) -> tuple[Point, ...]:
    """The eight squares just outside a tile's four edges (not its corners)."""
    x, y = centre
    return (
        (x + 1, y - 1),
        (x + 1, y),  # east
        (x - 2, y - 1),
        (x - 2, y),  # west
        (x - 1, y + 1),
        (x, y + 1),  # north
        (x - 1, y - 2),
        (x, y - 2),  # south
    )


class Ground(Generic[Ref]):
    """The tiles laid on the table, indexed by the squares they cover.

    ``Ref`` is whatever names a tile for the caller (a loop index, say).
    Each square maps to the first tile laid on it; the rare squares covered
    more than once keep their extra tiles aside, so the common case costs one
    dictionary look-up per square.
    """

    def __init__(self, tiles: Iterable[tuple[Ref, Point]]) -> None:
        self.centres: dict[Ref, Point] = {}
        self.cover: dict[Point, Ref] = {}
        self.stacked: dict[Point, list[Ref]] = {}
        cover, stacked, centres = self.cover, self.stacked, self.centres
        for ref, centre in tiles:
            centres[ref] = centre
            x, y = centre
            for square in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):  # its footprint
                first = cover.setdefault(square, ref)
                if first != ref:
                    stacked.setdefault(square, [first]).append(ref)
        self.overlapping: set[Ref] = {ref for refs in stacked.values() for ref in refs}
        self._laid: dict[Ref, int] = {}
        self._piles: dict[Point, set[Ref]] = {}

    def overlaps(self) -> Iterator[tuple[Ref, Ref]]:
        """Each pair of tiles that cover a common square, once, in order laid."""
        seen: set[tuple[Ref, Ref]] = set()
        for refs in self.stacked.values():
            for i, first in enumerate(refs):
                for second in refs[i + 1 :]:
                    if (first, second) not in seen:
                        seen.add((first, second))
                        yield first, second

    def overlaps_by_later(self) -> Iterator[tuple[Ref, Ref]]:
        """Each pair of tiles that cover a common square once, as ``(later,
        earlier)``, in the order the later tiles were laid, then the earlier.

        Lazy, and the work grows with the pairs taken: a square's stacked
        tiles are kept in the order laid, so only the earlier ones are read.
        A rule that stops after a few hundred pairs stays quick even on a
        course of thousands of tiles stacked on one spot."""
        order = self._order()
        for ref, centre in self.centres.items():
            if ref not in self.overlapping:
                continue
            rank = order[ref]
            earlier: set[Ref] = set()
            for square in footprint(centre):
                for other in self.stacked.get(square, ()):
                    if order[other] >= rank:
                        break
                    earlier.add(other)
            for other in sorted(earlier, key=order.__getitem__):
                yield ref, other

    def neighbours(self, ref: Ref) -> list[Ref]:
        """The tiles that touch ``ref`` along an edge, without duplicates,
        leaving out any tile that overlaps it."""
        return self._touching(ref, None) if self.stacked else self._beside(ref)

    def neighbours_before(self, ref: Ref) -> list[Ref]:
        """The tiles laid before ``ref`` that touch it (see :meth:`neighbours`).
        Stacked squares are read only as far as ``ref``, so the work grows
        with the tiles found, not with the height of a stack."""
        return self._touching(ref, self._order()[ref])

    def _touching(self, ref: Ref, before: int | None) -> list[Ref]:
        order = self._order() if before is not None else {}
        found: dict[Ref, None] = {}
        for square in rim(self.centres[ref]):
            other = self.cover.get(square)
            if other is None:
                continue
            for candidate in self.stacked.get(square, (other,)):
                if before is not None and order[candidate] >= before:
                    break
                if candidate != ref:
                    found[candidate] = None
        if found and ref in self.overlapping:
            piled = self._covering(self.centres[ref])
            return [other for other in found if other not in piled]
        return list(found)

    def _beside(self, ref: Ref) -> list[Ref]:
        """:meth:`neighbours` on a ground where no square is covered twice:
        the tiles on the eight squares of the rim (:func:`rim`, written out
        here), each once, in the order of the rim."""
        get = self.cover.get
        x, y = self.centres[ref]
        found: list[Ref] = []
        for other in (
            get((x + 1, y - 1)), get((x + 1, y)), get((x - 2, y - 1)), get((x - 2, y)),
            get((x - 1, y + 1)), get((x, y + 1)), get((x - 1, y - 2)), get((x, y - 2)),
        ):
            if other is not None and other != ref and other not in found:
                found.append(other)
        return found

    def _covering(self, centre: Point) -> set[Ref]:
        """Every tile covering a square of the tile centred on ``centre``:
        the tiles overlapping it, and itself.  Gathered from the stacks of
        its squares rather than by laying each of the thousands of tiles
        around a pile against it, once for all the tiles of a pile."""
        found = self._piles.get(centre)
        if found is None:
            found = self._piles[centre] = set()
            for square in footprint(centre):
                found.update(self.stacked.get(square, (self.cover[square],)))
        return found

    def contacts(self) -> Iterator[tuple[Ref, Ref]]:
        """Each pair of touching tiles once, the earlier-laid tile first."""
        return self._contacts_from(self.centres)

    def contacts_of(self, refs: Iterable[Ref]) -> Iterator[tuple[Ref, Ref]]:
        """The pairs of :meth:`contacts` that involve one of ``refs``, ordered
        by when their tiles were laid, looking only at the neighbours of
        ``refs`` (so the work grows with them, not with the whole ground)."""
        order = self._order()
        pairs: set[tuple[Ref, Ref]] = set()
        for ref in set(refs):
            for other in self.neighbours(ref):
                pairs.add((ref, other) if order[ref] < order[other] else (other, ref))
        return iter(sorted(pairs, key=lambda pair: (order[pair[0]], order[pair[1]])))

    def _contacts_from(self, refs: Iterable[Ref]) -> Iterator[tuple[Ref, Ref]]:
        order = self._order()
        for ref in refs:
            rank = order[ref]
            for other in self.neighbours(ref):
                if rank < order[other]:
                    yield ref, other

    def _order(self) -> dict[Ref, int]:
        """Each tile's place in the order the tiles were laid."""
        if len(self._laid) != len(self.centres):
            self._laid = {ref: i for i, ref in enumerate(self.centres)}
        return self._laid
