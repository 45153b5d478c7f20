"""Hairpins: where the road turns back alongside itself.

A *U-turn* is two corners in a row turning the same way, so that the tile
just before the first touches the tile just after the second: the road comes
back beside itself.  The rulebook's hairpin ("Assume there is a straight that
is three or more tiles long. Place a tile adjacent to the last tile of the
straight to form a right-hand corner ...", *Racepack*, Other Variants) is a
U-turn followed (or, driven the other way, preceded) by a corner turning the
other way, with plain straights leading into it.  This module finds U-turns
and reads each as a hairpin or as a miss;
:mod:`trackkit.racepack.rules.hairpins` decides what a miss breaks.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.piecepack.circuit import Circuit
from trackkit.racepack.constructions import hand, touching

__all__ = ["Hairpin", "HairpinMiss", "UTurn", "hairpin_misses", "hairpins", "read_u_turn", "u_turns"]


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

    Needs a whole circuit; gives an empty list otherwise.  On a loop so small
    that the two neighbours follow one another (four corners, say) there is no
    extra contact and so no U-turn.
    """
    if not circuit.is_whole:
        return []
    n = len(circuit)
    kinds = circuit.kinds()
    found: list[UTurn] = []
    for index, kind in enumerate(kinds):
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
    """Decide whether ``turn`` belongs to a legal hairpin, in either direction."""
    n = len(circuit)
    a, b = turn.corners
    ahead = _turns_away(circuit, turn.after, turn.hand)
    behind = _turns_away(circuit, turn.before, turn.hand)
    approach = ((turn.before - 1) % n, turn.before)
    departure = (turn.after, (turn.after + 1) % n)
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
