"""What ``trackkit generate motocross`` asks of a course: the request, its
defaults and its checks (the drawing itself is :mod:`trackkit.motocross.generate`).

The rules deal every tile and half the coins: "Deal all tiles evenly
between the players", and "Divide all the coins into two equal groups.
Set one group aside, then deal the remaining coins evenly between the
players."  So a course uses all the packs' tiles (24 a pack: 8 each for
three players, 6 each for four) and 12 coins a pack unless asked for
fewer, and is then a short course by house rule.

Besides, a course may be asked to fit a table (``max_width`` and
``max_height``, in spaces, the course as it lies) and to turn on a number
of its tiles (``min_turns`` to ``max_turns``: the tiles where the road
bends left or right, as ``trackkit info`` counts them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trackkit.errors import ArgumentError
from trackkit.motocross.course import (
    BUILDING_COINS_PER_PACK,
    CORNER_TOUCH,
    MAX_HEIGHT,
    MAX_PACKS,
    MAX_PLAYERS,
    MIN_PLAYERS,
)
from trackkit.piecepack.equipment import TILES_PER_PACK
from trackkit.piecepack.geometry import TILE, Point, parse_table_length

__all__ = ["CourseRequest", "Limits", "settle_courses"]


@dataclass(frozen=True)
class Limits:
    """What a course's shape must meet beyond the rules: turns on
    ``min_turns`` to ``max_turns`` tiles, and lying within ``max_width`` by
    ``max_height`` spaces (``None``: no limit)."""

    min_turns: int | None = None
    max_turns: int | None = None
    max_width: int | None = None
    max_height: int | None = None

    def turns_fit(self, cells: list[Point]) -> bool:
        """Whether a shape (tiles in whole-tile cells, in play order) turns
        as often as asked."""
        turns = sum(1 for a, b, c in zip(cells, cells[1:], cells[2:]) if _bends(a, b, c))
        return (self.min_turns is None or turns >= self.min_turns) and (
            self.max_turns is None or turns <= self.max_turns
        )

    def table_fits(self, cells: tuple[Point, ...]) -> bool:
        """Whether a shape, as it lies, fits the table."""
        width = (max(x for x, _ in cells) - min(x for x, _ in cells) + 1) * TILE
        depth = (max(y for _, y in cells) - min(y for _, y in cells) + 1) * TILE
        return (self.max_width is None or width <= self.max_width) and (
            self.max_height is None or depth <= self.max_height
        )

    def table_is_a_row(self) -> bool:
        """Whether the table is one tile wide or one tile deep."""
        return any(side is not None and side < 2 * TILE for side in (self.max_width, self.max_height))


def _bends(a: Point, b: Point, c: Point) -> bool:
    """Whether the road from ``a`` through ``b`` to ``c`` turns on ``b``."""
    return (b[0] - a[0], b[1] - a[1]) != (c[0] - b[0], c[1] - b[1])


@dataclass(frozen=True)
class CourseRequest:
    """What a generated course must be: ``tiles`` tiles (all of the packs'
    by default), ``ramps`` ramp tiles (chosen at random when ``None``)
    holding ``coins`` coins (all those dealt for building when ``None``),
    legal under the ``corner_touch`` reading (one of
    :data:`~trackkit.motocross.course.CORNER_TOUCH`), its shape within the
    :class:`Limits` ``limits``."""

    tiles: int | None = None
    players: int = 4
    packs: int = 1
    ramps: int | None = None
    coins: int | None = None
    corner_touch: str = "allowed"
    limits: Limits = Limits()

    def settled(self) -> tuple[int, int, int | None]:
        """``(tiles, coins, ramps)`` with the defaults filled in; raises
        :class:`ArgumentError` for values that cannot make a legal course."""
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ArgumentError(
                f"must be {MIN_PLAYERS} or {MAX_PLAYERS}, not {self.players}", parameter="players"
            )
        if self.corner_touch not in CORNER_TOUCH:
            raise ArgumentError(
                f"must be {' or '.join(CORNER_TOUCH)}, not {self.corner_touch!r}", parameter="corner_touch"
            )
        if not 1 <= self.packs <= MAX_PACKS:
            raise ArgumentError(f"must be from 1 to {MAX_PACKS}, not {self.packs}", parameter="packs")
        supply = self.packs * TILES_PER_PACK
        tiles = supply if self.tiles is None else self.tiles
        if not 2 <= tiles <= supply:
            raise ArgumentError(
                f"must be from 2 to {supply} with {self.packs} pack(s), not {tiles}", parameter="tiles"
            )
        dealt = self.packs * BUILDING_COINS_PER_PACK
        coins = self.coins
        if coins is None:
            coins = dealt if self.ramps is None else min(dealt, MAX_HEIGHT * self.ramps)
        if not 0 <= coins <= dealt:
            raise ArgumentError(
                f"must be from 0 to {dealt} (the coins dealt for building), not {coins}", parameter="coins"
            )
        if self.ramps is not None:
            if self.ramps < 0 or self.ramps > tiles - 2:
                raise ArgumentError(
                    f"must be from 0 to {max(tiles - 2, 0)}, not {self.ramps}", parameter="ramps"
                )
            if not self.ramps <= coins <= MAX_HEIGHT * self.ramps:
                raise ArgumentError(
                    f"{self.ramps} ramps hold from {self.ramps} to {MAX_HEIGHT * self.ramps} coins,"
                    f" not {coins}"
                )
        _check_limits(self.limits, tiles)
        return tiles, coins, self.ramps


def _check_limits(limits: Limits, tiles: int) -> None:
    """Refuse turns no course of ``tiles`` tiles has, and a table too small
    to hold that many tiles."""
    most = max(tiles - 2, 0)
    exact = limits.min_turns == limits.max_turns
    for name in ("min_turns", "max_turns"):
        turns = getattr(limits, name)
        if turns is not None and not 0 <= turns <= most:
            shown = "turns" if exact else name
            raise ArgumentError(f"must be from 0 to {most} for {tiles} tiles, not {turns}", parameter=shown)
    if limits.min_turns is not None and limits.max_turns is not None and limits.min_turns > limits.max_turns:
        raise ArgumentError(
            f"{{min_turns}} {limits.min_turns} is more than {{max_turns}} {limits.max_turns}",
            mentions=("min_turns", "max_turns"),
        )
    width, depth = (limits.max_width or tiles * TILE) // TILE, (limits.max_height or tiles * TILE) // TILE
    if width * depth < tiles:
        raise ArgumentError(
            f"a table of {width} x {depth} whole tiles holds {width * depth} tiles; the course has {tiles}"
        )


def settle_courses(options: Any) -> CourseRequest:
    """The generator's request for the options typed (a
    :class:`trackkit.motocross.game.GenerateRequest`: ``--turns N`` is the
    range ``N`` to ``N``, table sizes are read as tiles or inches into
    spaces); raises :class:`ArgumentError` for values that cannot make a
    legal course."""
    turns = options.turns
    if turns is not None and (options.min_turns is not None or options.max_turns is not None):
        raise ArgumentError("give --turns, or --min-turns and --max-turns, not both")
    limits = Limits(
        options.min_turns if turns is None else turns,
        options.max_turns if turns is None else turns,
        None if options.max_width is None else parse_table_length(options.max_width),
        None if options.max_height is None else parse_table_length(options.max_height),
    )
    request = CourseRequest(
        tiles=options.tiles, players=options.players, packs=options.packs, ramps=options.ramps,
        coins=options.coins, corner_touch=options.corner_touch, limits=limits,
    )
    request.settled()
    return request


