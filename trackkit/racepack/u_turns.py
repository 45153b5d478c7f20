"""Hairpins and U-turns: corners that fold the road back alongside itself.

A *hairpin* is three corner tiles in a row that turn the road right round:
two corners turning the same way, then one turning the other way.  The road
comes back alongside itself with no gap, so the third corner touches the
tile just before the first one: the *wall* between the two roads, where the
rulebook suggests standing a strip of card.  A *U-turn* is any two corners
in a row turning the same way whose neighbours end up touching.  A legal
hairpin contains one; a U-turn that is not part of a legal hairpin is a
track-building mistake.  :mod:`trackkit.racepack.constructions` re-exports
the names the other construction rules need (``hand``, ``touching``,
``LEFT``, ``RIGHT``, ``HAIRPIN_APPROACH``); :mod:`trackkit.racepack.rules.hairpins`
decides what a miss breaks.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.piecepack.circuit import Circuit, Kind, heading_between
from trackkit.piecepack.geometry import Point

__all__ = [
    "HAIRPIN_APPROACH",
    "LEFT",
    "RIGHT",
    "Hairpin",
    "HairpinMiss",
    "UTurn",
    "hairpin_misses",
    "hairpins",
    "hand",
    "read_u_turn",
    "touching",
    "u_turns",
]

RIGHT = "right"
LEFT = "left"

HAIRPIN_APPROACH = 2
"""Plain tiles a hairpin's straight needs before its first corner.

The rules start from "a straight that is three or more tiles long" and turn
its last tile into the first corner, so at least two tiles of it are left."""


def hand(kind: Kind | None) -> str | None:
    """``right`` or ``left`` for a corner or chicane, ``None`` otherwise."""
    if kind in (Kind.RIGHT, Kind.CHICANE_RIGHT):
        return RIGHT
    if kind in (Kind.LEFT, Kind.CHICANE_LEFT):
        return LEFT
    return None


def touching(a: Point, b: Point) -> bool:
    """Whether tiles centred on ``a`` and ``b`` share a stretch of edge."""
    return heading_between(a, b) is not None



@dataclass(frozen=True)
class UTurn:
    """Corners ``corners`` (in driving order) both turn ``hand``, bringing the
    road back alongside itself: tile ``before`` (just before the first corner)
    touches tile ``after`` (just after the second)."""

    corners: tuple[int, int]
    hand: str
    before: int
    after: int

    @property
    def wall(self) -> tuple[int, int]:
        """The two touching tiles, in driving order."""
        return (self.before, self.after)


@dataclass(frozen=True)
class Hairpin:
    """A legal hairpin: three corner tiles ``corners`` in driving order, and
    the ``wall`` pair of tiles whose roads run side by side.

    ``turns`` reads the corners as a driver would: ``RRL`` or ``LLR`` when the
    hairpin is driven the way the rules build it (the straight first), ``RLL``
    or ``LRR`` when it is driven the other way (the straight last).
    """

    corners: tuple[int, int, int]
    wall: tuple[int, int]
    turns: str

    @property
    def tiles(self) -> tuple[int, ...]:
        return self.corners


@dataclass(frozen=True)
class HairpinMiss:
    """A U-turn that is not part of a legal hairpin.

    ``shaped`` is True when a third corner turns the other way, so the tiles
    read like a hairpin and only the straight leading into it is too short;
    ``short`` then lists the tiles that would have to be plain straights.
    """

    turn: UTurn
    shaped: bool
    short: tuple[int, ...] = ()


def u_turns(circuit: Circuit) -> list[UTurn]:
    """Every pair of same-way corners whose neighbours touch, in driving order.

    Needs a circuit whose tiles all follow one another (it need not close yet:
    a hairpin on a track still being built is a hairpin); gives an empty list
    otherwise.  On an open track the road does not wrap from its last tile to
    its first.  On a loop so small that the two neighbours follow one another
    (four corners, say) there is no extra contact and so no U-turn.
    """
    if circuit.breaks or not circuit.tiles or any(t.kind is None for t in circuit.tiles):
        return []
    n = len(circuit)
    kinds = circuit.kinds()
    found: list[UTurn] = []
    for index, kind in enumerate(kinds):
        if not circuit.closed and not 1 <= index <= n - 3:
            continue
        if not kind.is_corner or kinds[(index + 1) % n] is not kind:
            continue
        way = hand(kind)
        before, after = (index - 1) % n, (index + 2) % n
        if way is None or (before - after) % n in (0, 1, n - 1):
            continue
        if touching(circuit[before].centre, circuit[after].centre):
            found.append(UTurn((index, (index + 1) % n), way, before, after))
    return found


def read_u_turn(circuit: Circuit, turn: UTurn) -> Hairpin | HairpinMiss:
    """Decide whether ``turn`` belongs to a legal hairpin, in either direction.

    On an open track a tile beyond either end is not laid yet; it counts as
    the plain straight the hairpin may still get."""
    a, b = turn.corners
    ahead = _turns_away(circuit, turn.after, turn.hand)
    behind = _turns_away(circuit, turn.before, turn.hand)
    approach = _laid(circuit, (turn.before - 1, turn.before))
    departure = _laid(circuit, (turn.after, turn.after + 1))
    letter = turn.hand[0].upper()
    other = "L" if letter == "R" else "R"
    if ahead and _plain(circuit, approach):
        return Hairpin((a, b, turn.after), turn.wall, letter * 2 + other)
    if behind and _plain(circuit, departure):
        return Hairpin((turn.before, a, b), turn.wall, other + letter * 2)
    if not (ahead or behind):
        return HairpinMiss(turn, shaped=False)
    short = approach if ahead else departure
    return HairpinMiss(turn, shaped=True, short=short)


def _laid(circuit: Circuit, tiles: tuple[int, int]) -> tuple[int, ...]:
    """``tiles`` as loop indices (wrapping round a closed loop), leaving out
    those beyond the ends of an open track."""
    n = len(circuit)
    if circuit.closed:
        return tuple(i % n for i in tiles)
    return tuple(i for i in tiles if 0 <= i < n)


def _turns_away(circuit: Circuit, index: int, way: str) -> bool:
    """Whether tile ``index`` is a corner turning the other way from ``way``."""
    tile = circuit[index]
    return tile.is_corner and hand(tile.kind) != way


def _plain(circuit: Circuit, tiles: tuple[int, ...]) -> bool:
    return all(not circuit[i].is_corner for i in tiles)


def hairpins(circuit: Circuit) -> list[Hairpin]:
    """Every legal hairpin, in driving order of its first corner."""
    found = [read_u_turn(circuit, turn) for turn in u_turns(circuit)]
    return sorted((h for h in found if isinstance(h, Hairpin)), key=lambda h: h.corners[0])


def hairpin_misses(circuit: Circuit) -> list[HairpinMiss]:
    """Every U-turn that no legal hairpin explains."""
    found = [read_u_turn(circuit, turn) for turn in u_turns(circuit)]
    return [m for m in found if isinstance(m, HairpinMiss)]
