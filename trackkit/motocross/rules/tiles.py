"""The Motocross rules for laying tiles: where each tile may go, how many
there are and how they are dealt, the finish and the starting tile.

Each rule is one small function taking a
:class:`~trackkit.motocross.rules.context.Context` and yielding its
findings; its docstring opens with the sentence of the rulebook it enforces.
A finding about two tiles names the later-played one first: that is the
tile played against the rule, and the one a report points at.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from trackkit.edits import Insert, Put, Remove
from trackkit.findings import Deferred, Finding, error, warning
from trackkit.motocross.course import MAX_BIKES, MIN_PLAYERS, SHORT_COURSE
from trackkit.motocross.rules.context import Context, Rule
from trackkit.piecepack.alongside import Run, run_words, side_by_side
from trackkit.piecepack.circuit import heading_between
from trackkit.piecepack.circuit_edits import filling, occupied, position
from trackkit.piecepack.geometry import TILE, Point

SHORT_COURSE_KEY = f"house_rules: [{SHORT_COURSE}]"
"""How a file declares the short-course house rule, as hints write it."""

__all__ = [
    "RULES",
    "SHORT_COURSE_KEY",
    "check_adjacent",
    "check_deal",
    "check_finish",
    "check_line_up",
    "check_overlap",
    "check_players",
    "check_tile_count",
    "check_touch",
]


def check_adjacent(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "To add a tile, simply play one of your tiles, face-down,
    adjacent to the last tile played."  Each tile shares a stretch of edge
    with the tile played just before it.
    """
    centres = ctx.course.centres
    taken = occupied(centres)
    for tile in range(1, len(centres)):
        if heading_between(centres[tile - 1], centres[tile]) is None:
            cell = filling(centres[tile - 1], centres[tile], taken)
            edit = Insert("tiles", tile, cell) if cell else None
            yield error(
                "motocross/adjacent",
                f"{ctx.describe(tile)} is not adjacent to {ctx.describe(tile - 1)}, the last tile played",
                (tile, tile - 1),
                f"{edit.words()}, the empty ground between tile {tile - 1} and tile {tile}"
                if edit
                else "lay each tile edge to edge with the tile played before it",
                edit,
            )


_SQUARELY = ((TILE, 0), (0, TILE))
"""How far a tile lying squarely beyond an edge of another is from it."""


def check_line_up(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "both spaces must line up with those on the adjacent tile."
    A tile pushed half a tile (one space) sideways along the edge it shares
    with the last tile played is not allowed.
    """
    centres = ctx.course.centres
    for tile in range(1, len(centres)):
        before, here = centres[tile - 1], centres[tile]
        if (abs(here[0] - before[0]), abs(here[1] - before[1])) in _SQUARELY:
            continue  # squarely beyond an edge: lined up
        if heading_between(before, here) is not None:
            edit = _slid(centres, tile)
            yield error(
                "motocross/line-up",
                f"{ctx.describe(tile)} is half a tile out of line with {ctx.describe(tile - 1)};"
                " both spaces along the edge must line up",
                (tile, tile - 1),
                f"{edit.words()}, squarely beyond tile {tile - 1}"
                if edit
                else "slide the tile one space so its spaces meet those of the tile before it",
                edit,
            )


def _slid(centres: tuple[Point, ...], tile: int) -> Put | None:
    """The edit sliding ``tile`` one space along the edge it shares with the
    tile before, to lie squarely beyond it, when the tile after it (if any)
    then lies squarely beyond it in turn."""
    (bx, by), (x, y) = centres[tile - 1], centres[tile]
    place = (x, by) if abs(x - bx) == TILE else (bx, y)
    after = centres[tile + 1] if tile + 1 < len(centres) else None
    found = position(place)
    if found is None or (after is not None and _offset(place, after) not in _SQUARELY):
        return None
    return Put(("tiles", tile), found)


def _offset(a: Point, b: Point) -> tuple[int, int]:
    return abs(a[0] - b[0]), abs(a[1] - b[1])


def check_overlap(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "play one of your tiles, face-down": a tile lies flat on the
    table, so no two tiles cover the same ground.
    """
    return Deferred(ctx.ground.overlaps_by_later(), lambda pair: _overlap_error(ctx, *pair))


def _overlap_error(ctx: Context, b: int, a: int) -> Finding:
    """The finding for tile ``b`` laid on tile ``a``, played before it."""
    return error(
        "motocross/overlap",
        f"{ctx.describe(b)} overlaps {ctx.describe(a)}",
        (b, a),
        "no two tiles may cover the same ground; move one of them",
    )


def check_touch(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "It may not touch any other tiles."  A tile touches only the
    tile played before it and the tile played after it.  Tiles meeting at a
    corner point do not touch, unless the course says
    ``corner_touch: forbidden``; even then the corner a turn makes between a
    tile and the tile two before it is allowed, since every turn makes one.
    A stretch of tiles lying alongside another touches it tile after tile:
    the whole stretch is one finding (see :mod:`trackkit.piecepack.alongside`).
    """
    touches = Deferred(side_by_side(_touching_pairs(ctx)), lambda run: _touch_error(ctx, run))
    if ctx.course.corner_touch == "forbidden":
        return itertools.chain(touches, _corner_touches(ctx))
    return touches


def _touch_error(ctx: Context, run: Run) -> Finding:
    """The finding for one stretch of tiles touching out of turn."""
    folded = ", where the course folds back on itself" if run.folded else ""
    return error(
        "motocross/touch",
        f"{run_words(run, ctx.describe)}{folded}; a tile may touch only the last tile played",
        run.tiles,
        "keep at least a tile's gap between parts of the course",
    )


def _touching_pairs(ctx: Context) -> Iterator[tuple[int, int]]:
    """Each pair of edge-touching tiles not played one after the other, the
    later tile first, in the order the later tiles were played.  Lazy, so a
    capped rule stops early on a course of many stacked tiles."""
    ground = ctx.ground
    for second in range(len(ctx.course.centres)):
        for first in sorted(other for other in ground.neighbours_before(second) if other < second - 1):
            yield second, first


def _corner_touches(ctx: Context) -> Iterator[Finding]:
    where: dict[tuple[int, int], list[int]] = {}
    for tile, centre in enumerate(ctx.course.centres):
        where.setdefault(centre, []).append(tile)
    pairs = sorted(
        (tile, other)
        for tile, (x, y) in enumerate(ctx.course.centres)
        for dx in (-TILE, TILE)
        for dy in (-TILE, TILE)
        for other in where.get((x + dx, y + dy), ())
        if other < tile - 2
    )
    for tile, other in pairs:
        yield error(
            "motocross/touch",
            f"{ctx.describe(tile)} touches {ctx.describe(other)} at a corner point"
            " (this course counts corner points: 'corner_touch: forbidden')",
            (tile, other),
            f"move the tiles apart, or {_CORNERS_ALLOWED.words()}",
            _CORNERS_ALLOWED,
        )


_CORNERS_ALLOWED = Put(("corner_touch",), "allowed")
"""The edit that lets tiles meet at a corner point."""


def check_tile_count(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Deal all tiles evenly between the players." and "After all
    players have played all of their tiles and coins, the race track is
    finished."  A course uses every tile of its packs: 24 for one pack.
    More is an error; fewer is an error too, unless the course declares the
    house rule ``house_rules: [short-course]``, which makes it a warning.
    """
    course = ctx.course
    used, supply = len(course), course.tile_supply
    packs = "one piecepack has" if course.packs == 1 else f"{course.packs} piecepacks have"
    if used > supply:
        yield error(
            "motocross/tile-count",
            f"the course uses {used} tiles but {packs} only {supply}",
            hint=f"{Remove('tiles', supply, used - supply).words()}, "
            + ("the last tile, and any ramp on it" if used - supply == 1 else f"the last {used - supply},"
               " and any ramp on them"),
            edit=Remove("tiles", supply, used - supply),
        )
    elif used < supply:
        yield (warning if course.short_course else error)(
            "motocross/tile-count",
            f"the course uses {used} of the {supply} tiles; the rules deal all tiles and every one is played"
            + (" (a short course, by house rule)" if course.short_course else ""),
            hint=f"add {_tiles(supply - used)} more"
            + ("" if course.short_course else f", or declare the house rule '{SHORT_COURSE_KEY}'"),
        )


def _tiles(count: int) -> str:
    return f"{count} tile" if count == 1 else f"{count} tiles"


def check_deal(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Deal all tiles evenly between the players."  With three
    players each gets 8 tiles of a pack, with four each gets 6; a tile count
    that does not share out evenly is a warning.
    """
    course = ctx.course
    used, players = len(course), course.players
    if used and players and used % players:
        each, over = divmod(used, players)
        yield warning(
            "motocross/deal",
            f"{_tiles(used)} {'does' if used == 1 else 'do'} not deal evenly between {players} players"
            f" ({each} each, {over} left over)",
            hint=f"with {players} players use a multiple of {players} tiles",
        )


def check_finish(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "The last tile played is the finish tile, and the edge
    opposite the previous tile is the finish line."  So a course has a
    starting tile and, after it, at least one more tile.
    """
    if len(ctx.course) < 2:
        edit = _next_tile(ctx.course.centres)
        yield error(
            "motocross/finish",
            "the course has no finish line: it needs a tile after the starting tile",
            tuple(range(len(ctx.course))),
            f"add tiles; the last tile played is the finish tile: {edit.words()} to begin"
            if edit
            else "add tiles; the last tile played is the finish tile",
            edit,
        )


def _next_tile(centres: tuple[Point, ...]) -> Insert | None:
    """The edit laying a second tile east of a lone starting tile on the grid."""
    if not centres or (found := position(centres[0])) is None:
        return None
    return Insert("tiles", 1, (found[0] + 1, found[1]))


def check_players(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "each player chooses a pawn (bike) and places it on any empty
    space of the starting tile."  A tile has four spaces, so at most four
    bikes start; the game is for "3 to 4 players".
    """
    players = ctx.course.players
    if players > MAX_BIKES:
        yield error(
            "motocross/players",
            f"{players} bikes do not fit on the starting tile, which has {MAX_BIKES} spaces",
            (0,),
            f"{Put(('players',), MAX_BIKES).words()} or fewer",
            Put(("players",), MAX_BIKES),
        )
    elif players < MIN_PLAYERS:
        yield warning(
            "motocross/players",
            f"Motocross is for 3 to 4 players, not {players}",
            hint=f"{Put(('players',), MIN_PLAYERS).words()} or 'players: {MAX_BIKES}'",
            edit=Put(("players",), MIN_PLAYERS),
        )


RULES: tuple[Rule, ...] = (
    check_adjacent,
    check_line_up,
    check_overlap,
    check_touch,
    check_tile_count,
    check_deal,
    check_finish,
    check_players,
)
"""The tile rules, in the order their findings are listed."""
