"""What the Racepack rules look at: a :class:`Context` built once per layout.

The context indexes the layout's tiles on the ground, settles where the
start/finish line is, and collects the contacts between tiles that a special
construction (a hairpin's wall, a pit lane against its straight) makes legal,
so that the general adjacency rule can leave them alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction

from trackkit.findings import Finding, Report
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.ground import Ground
from trackkit.racepack import analysis
from trackkit.racepack.constructions import ExtraTile, extra_tile_count
from trackkit.racepack.layout import Layout
from trackkit.racepack.u_turns import Hairpin, HairpinMiss, UTurn, read_u_turn, u_turns

__all__ = ["Context", "Pair", "Rule", "consecutive", "make_context"]

Pair = frozenset[int]
"""Two tiles, unordered, by index."""


@dataclass
class Context:
    """What the rules look at: the layout, its tiles on the ground, where the
    start/finish line is (``None`` until the loop is whole), and the extra
    contacts that a recognised construction makes legal.

    ``extra`` holds the tiles on the table that are not part of the loop (a
    pit lane, a wide main straight's second row), numbered after the loop's
    tiles.  ``claimed`` holds contacts that a construction rule reports in
    its own words, so the adjacency rule leaves them alone; ``notes`` holds,
    for some contacts the adjacency rule does report, a sentence to add to its
    message and a hint to use instead of its own.
    """

    layout: Layout
    ground: Ground[int]
    start: Fraction | None
    sanctioned: set[Pair] = field(default_factory=set)
    extra: tuple[ExtraTile, ...] = ()
    claimed: set[Pair] = field(default_factory=set)
    notes: dict[Pair, tuple[str, str]] = field(default_factory=dict)
    recheck: Callable[[Layout], Report] | None = None
    """Validates another layout: a rule whose hint proposes a change checks
    the changed layout with it before offering the hint, so that following
    a hint never leads to an illegal track."""
    _corner_numbers: dict[int, int] | None = field(default=None, repr=False)
    _described: dict[int, str] = field(default_factory=dict, repr=False)
    _u_turns: list[tuple[UTurn, Hairpin | HairpinMiss]] | None = field(default=None, repr=False)

    @property
    def circuit(self) -> Circuit:
        return self.layout.circuit

    @property
    def tile_count(self) -> int:
        """Every tile the layout lays down: the loop's and the extra ones."""
        return len(self.circuit) + extra_tile_count(self.layout)

    def describe(self, index: int) -> str:
        """``tile 7 at (3, 2)`` for a loop tile, ``pit tile 2 at (9, 2)`` for an
        extra one (worked out once a tile: a pile of tiles names each many times)."""
        found = self._described.get(index)
        if found is None:
            n = len(self.circuit)
            found = self.extra[index - n].describe() if index >= n else self.circuit[index].describe()
            self._described[index] = found
        return found

    def u_turn_readings(self) -> list[tuple[UTurn, Hairpin | HairpinMiss]]:
        """Every U-turn of the loop with what it reads as, a hairpin or a
        miss (see :mod:`trackkit.racepack.u_turns`), in driving order:
        worked out once, since both the contacts a hairpin allows and the
        hairpin rule ask for them."""
        if self._u_turns is None:
            self._u_turns = [(turn, read_u_turn(self.circuit, turn)) for turn in u_turns(self.circuit)]
        return self._u_turns

    def corner_number(self, index: int) -> int:
        """The number players call corner tile ``index`` by: 1 for the first
        corner after the start/finish line, and so on round the loop.  While
        the track does not close, corners are counted from tile 0."""
        if self._corner_numbers is None:
            self._corner_numbers = self._number_corners()
        return self._corner_numbers[index]

    def _number_corners(self) -> dict[int, int]:
        """Every corner tile's number, worked out once for all messages."""
        if self.start is not None:
            return {c.tile: c.number for c in analysis.numbered_corners(self.circuit, self.start)}
        corners = [index for index, tile in enumerate(self.circuit.tiles) if tile.is_corner]
        return {tile: number for number, tile in enumerate(corners, 1)}

    def corner_words(self, tiles: tuple[int, ...]) -> str:
        """``corners 3 and 4 (tiles 8 and 9)``: corner tiles as players number
        them, with their tile numbers for finding them in the file."""
        numbers = [str(self.corner_number(index)) for index in tiles]
        indices = [str(index) for index in tiles]
        return f"corners {_and(numbers)} (tiles {_and(indices)})"

    def follows(self, a: int, b: int) -> bool:
        """Whether ``a`` and ``b`` are loop tiles that follow one another."""
        n = len(self.circuit)
        return a < n and b < n and consecutive(a, b, n)

    def beside(self, tile: int) -> tuple[int, ...]:
        """The loop tiles just before and after ``tile`` round the loop:
        those it :meth:`follows` (none for a tile off the loop)."""
        n = len(self.circuit)
        return ((tile - 1) % n, (tile + 1) % n) if tile < n else ()

    def expects_contact(self, a: int, b: int) -> bool:
        """Whether the adjacency rule should stay silent about ``a`` touching
        ``b``: they follow one another round the loop, a construction
        sanctions the contact, or a construction rule reports it itself.
        Most contacts are of tiles that follow one another, so that is
        asked first, before the pair is made to look it up."""
        if self.follows(a, b):
            return True
        if not (self.sanctioned or self.claimed):
            return False
        pair = frozenset((a, b))
        return pair in self.sanctioned or pair in self.claimed


Rule = Callable[[Context], Iterator[Finding]]


def make_context(layout: Layout) -> Context:
    """Index the layout's tiles and settle the start/finish line."""
    circuit = layout.circuit
    ground = Ground((tile.index, tile.centre) for tile in circuit)
    start = analysis.resolve_start(layout) if circuit.is_whole else None
    return Context(layout, ground, start)


def _and(words: list[str]) -> str:
    """``3 and 4``, ``2, 3 and 4``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def consecutive(a: int, b: int, n: int) -> bool:
    """Whether tiles ``a`` and ``b`` follow one another round a loop of ``n``."""
    return (a - b) % n in (1, n - 1)
