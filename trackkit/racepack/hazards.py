"""Placing the track hazards from die rolls and suit icons.

A *hazard* is a null coin lying on one space of the track (loose gravel, an
oil slick); a car that passes over or lands on it, once it is turned suit
side up, ends its turn there.  Before the race the players place four of
them like this (Racepack, "Construct The Track"):

1. Roll a die.  Starting from the corner-1 tile (the first corner after the
   start/finish line), count that many tiles along the driving direction:
   "if the die shows a 4, go to the fourth tile past the corner tile".
2. Every piecepack tile has a small suit icon in one corner of its face.
   The tiles lie face down, so the icon hides under one of the tile's four
   spaces, depending on how the tile was turned when it was laid.  The
   hazard goes on that space.
3. Roll again, counting from the tile just used, for the next hazard.

A piecepack die has six faces: null, ace, 2, 3, 4 and 5.  Faces are numbered
0 (null) to 5 here, ace being 1.

Two things the rulebook leaves open, settled here (see ``docs/rules.md``):

* A null counts as zero tiles (:attr:`NullRule.ZERO`, the default): the
  piecepack null is the zero of each suit.  The other reading
  (:attr:`NullRule.REROLL`) ignores a null and rolls again.
* A hazard whose count ends on a tile whose icon space already holds a
  hazard moves on to the next tile along whose icon space is free, and the
  next count starts from the tile it ended on.  Since a tile has one icon,
  each tile takes at most one hazard this way.

Where a tile's icon lies is a fact about the physical tile: the layout may
record it (``icons``), the caller may give it, and otherwise it is drawn at
random, each corner equally likely.  Rolls may be given, or drawn from a
seeded random generator.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from trackkit.errors import ArgumentError
from trackkit.piecepack.equipment import NULLS_PER_PACK
from trackkit.racepack.analysis import numbered_corners, require_whole, resolve_start
from trackkit.racepack.layout import Layout
from trackkit.racepack.spaces import Quadrant, Space
from trackkit.randomness import Seed, make_rng

__all__ = [
    "DEFAULT_COUNT",
    "FACES",
    "HazardPlacement",
    "HazardToken",
    "IconSource",
    "NullRule",
    "face_name",
    "place_hazards",
    "with_hazards",
]

FACES = ("null", "ace", "2", "3", "4", "5")
"""The six faces of a piecepack die, by value (null is 0, ace 1)."""

DEFAULT_COUNT = NULLS_PER_PACK
"""The rules place "the four null tokens"."""


class NullRule(StrEnum):
    """What a null roll does: count zero tiles, or is ignored and rolled again."""

    ZERO = "zero"
    REROLL = "reroll"


class IconSource(StrEnum):
    """Where the position of a tile's suit icon came from."""

    LAYOUT = "layout"
    GIVEN = "given"
    DRAWN = "drawn"


@dataclass(frozen=True)
class HazardToken:
    """One placed hazard.

    The token lies on ``quadrant`` of tile ``tile``.  It was placed by
    rolling ``roll`` (0 null to 5) and counting from tile ``counted_from``;
    ``passed`` lists the tiles the count ended on first whose icon space
    already held a hazard, ``rerolled`` how many nulls were rolled again
    first, and ``icon`` where the icon's position came from.
    """

    tile: int
    quadrant: Quadrant
    roll: int
    counted_from: int
    passed: tuple[int, ...] = ()
    rerolled: int = 0
    icon: IconSource = IconSource.DRAWN

    @property
    def space(self) -> Space:
        return Space(self.tile, self.quadrant)


@dataclass(frozen=True)
class HazardPlacement:
    """Every hazard placed, in order.

    ``corner_tile`` is the corner-1 tile the first count starts from;
    ``used_random`` says whether any roll or icon came from the random
    generator (so whether the seed mattered); ``icons`` what is known of
    the icons afterwards.
    """

    corner_tile: int
    tokens: tuple[HazardToken, ...]
    null_rule: NullRule
    used_random: bool
    icons: tuple[tuple[int, Quadrant], ...] = ()
    """Every icon corner known once the hazards are placed, by tile: the
    layout's, those given, and those drawn (a tile tilted up shows its icon;
    the icon stays where it is when the hazards are rolled again)."""


def face_name(face: int) -> str:
    """``null``, ``ace``, ``2`` ... ``5`` for a face value 0 to 5."""
    return FACES[face]


# --- placing -----------------------------------------------------------------


class _Dice:
    """Rolls from a list given in advance, or else from the random generator."""

    def __init__(self, rolls: Sequence[int] | None, rng: random.Random) -> None:
        self.given = None if rolls is None else list(rolls)
        self.used = 0
        self.rng = rng
        self.random = False

    def roll(self) -> int:
        if self.given is None:
            self.random = True
            return self.rng.randrange(len(FACES))
        if self.used == len(self.given):
            raise ArgumentError(
                f"the {len(self.given)} rolls given ran out; give one roll per hazard,"
                " plus one for every null rolled again"
            )
        self.used += 1
        return self.given[self.used - 1]

    def check_all_used(self) -> None:
        if self.given is not None and self.used < len(self.given):
            raise ArgumentError(
                f"{len(self.given)} rolls given but only {self.used} needed; leave out the extra rolls"
            )


class _Icons:
    """Each tile's icon corner: known, given, or drawn once when first needed."""

    def __init__(self, known: Mapping[int, Quadrant], given: Mapping[int, Quadrant], rng: random.Random):
        self.sources = {tile: IconSource.LAYOUT for tile in known} | {t: IconSource.GIVEN for t in given}
        self.corners = {**known, **given}
        self.rng = rng
        self.random = False

    def at(self, tile: int) -> Quadrant:
        if tile not in self.corners:
            self.random = True
            self.corners[tile] = self.rng.choice(list(Quadrant))
            self.sources[tile] = IconSource.DRAWN
        return self.corners[tile]


def place_hazards(
    layout: Layout,
    *,
    rolls: Sequence[int] | None = None,
    icons: Mapping[int, Quadrant] | None = None,
    count: int = DEFAULT_COUNT,
    null_rule: NullRule = NullRule.ZERO,
    seed: Seed = None,
) -> HazardPlacement:
    """Place ``count`` hazards on ``layout``'s track by the rulebook's procedure.

    ``rolls`` (faces 0 to 5) are used in order when given, otherwise the die
    is rolled with the generator made from ``seed``.  ``icons`` add to or
    override the icon corners the layout records; the rest are drawn from
    the generator.  Raises :class:`ArgumentError` for a bad count, an icon off
    the loop, or rolls that run out or are left over, and
    :class:`~trackkit.errors.CircuitError` for a circuit that is not a whole
    loop.
    """
    circuit = layout.circuit
    require_whole(circuit)
    _check_count(layout, count)
    given = dict(icons or {})
    _check_icon_tiles(given, len(circuit))
    rng = make_rng(seed)
    dice = _Dice(rolls, rng)
    corners = _Icons(_layout_icons(layout), given, rng)
    corner_tile = numbered_corners(circuit, resolve_start(layout))[0].tile
    tokens = tuple(_count_round(len(circuit), corner_tile, count, dice, corners, null_rule))
    dice.check_all_used()
    known = tuple(sorted(corners.corners.items()))
    return HazardPlacement(corner_tile, tokens, null_rule, dice.random or corners.random, known)


def _count_round(
    n: int, first: int, count: int, dice: _Dice, icons: _Icons, null_rule: NullRule
) -> Iterator[HazardToken]:
    taken: set[int] = set()
    position = first
    for _ in range(count):
        roll, rerolled = _roll(dice, null_rule)
        tile = (position + roll) % n
        passed: list[int] = []
        while tile in taken:
            passed.append(tile)
            tile = (tile + 1) % n
        quadrant = icons.at(tile)
        taken.add(tile)
        yield HazardToken(tile, quadrant, roll, position, tuple(passed), rerolled, icons.sources[tile])
        position = tile


def _roll(dice: _Dice, null_rule: NullRule) -> tuple[int, int]:
    """A roll that counts, and how many nulls were rolled again before it."""
    rerolled = 0
    roll = dice.roll()
    while roll == 0 and null_rule is NullRule.REROLL:
        rerolled += 1
        roll = dice.roll()
    return roll, rerolled


def _check_count(layout: Layout, count: int) -> None:
    nulls = NULLS_PER_PACK * layout.packs
    if count < 1:
        raise ArgumentError(f"place at least one hazard, not {count}")
    if count > nulls:
        packs = "one piecepack has" if layout.packs == 1 else f"{layout.packs} piecepacks have"
        raise ArgumentError(f"{count} hazards, but {packs} only {nulls} null tokens; set 'packs' for more")
    if count > len(layout.circuit):
        raise ArgumentError(
            f"{count} hazards, but the {len(layout.circuit)}-tile track takes at most one per tile"
            " (each tile has one suit icon)"
        )


def _check_icon_tiles(icons: Mapping[int, Quadrant], n: int) -> None:
    for tile in icons:
        if tile >= n:
            raise ArgumentError(f"icon given for tile {tile}, but the track's tiles are 0 to {n - 1}")


def _layout_icons(layout: Layout) -> dict[int, Quadrant]:
    return {tile: Quadrant.parse(quadrant) for tile, quadrant in layout.icons}


def with_hazards(layout: Layout, placement: HazardPlacement) -> Layout:
    """``layout`` with its stored hazards replaced by ``placement``'s, and
    every icon corner the placement learned stored beside the layout's own,
    so that rolling the hazards again finds each tile's icon where it was."""
    stored = tuple((token.tile, token.quadrant.value) for token in placement.tokens)
    icons = dict(layout.icons) | {tile: quadrant.value for tile, quadrant in placement.icons}
    return replace(layout, hazards=stored, icons=tuple(sorted(icons.items())))
