"""The Motocross rules for jump ramps: where a coin may go, how high a ramp
may be and how many coins there are to build with.

A *jump ramp* is a stack of coins under the centre of one edge of a tile,
the edge farthest from the starting tile along the course (the edge the
bikes leave by); its *height* is how many coins are stacked there.
"""

from __future__ import annotations

from collections.abc import Iterator

from trackkit.edits import BY_TILE, Move, Put
from trackkit.findings import Finding, error, warning
from trackkit.motocross.course import MAX_HEIGHT, turn_of
from trackkit.motocross.rules.context import Context, Rule
from trackkit.motocross.rules.tiles import SHORT_COURSE_KEY
from trackkit.piecepack.circuit import Kind

__all__ = ["RULES", "check_ramp_coins", "check_ramp_height", "check_ramp_place", "room_for_coins"]


def check_ramp_place(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "To add a coin, find a tile for which the tile itself and both
    tiles adjacent to it are in a straight line."  The starting and finish
    tiles have a neighbour on one side only, so never hold a ramp.
    """
    course = ctx.course
    last = len(course) - 1
    for tile, _ in course.ramps:
        if not 0 <= tile <= last:
            yield error("motocross/ramp-place", f"tile {tile} is not on the course (tiles 0 to {last})")
            continue
        turn = turn_of(course, tile)
        if turn == Kind.STRAIGHT.value:
            continue
        if tile in (0, last):
            which = "starting" if tile == 0 else "finish"
            problem = f"{ctx.describe(tile)} is the {which} tile, with a neighbouring tile on one side only"
        elif turn is None:
            problem = f"{ctx.describe(tile)} is not lined up with both tiles next to it"
        else:
            side = "left" if turn == Kind.LEFT.value else "right"
            problem = f"the course turns {side} on {ctx.describe(tile)}"
        free = ctx.free_straight
        edit = Move(BY_TILE, tile, free) if free is not None else None
        yield error(
            "motocross/ramp-place",
            f"a ramp needs a tile in a straight line with both tiles next to it; {problem}",
            (tile,),
            f"{edit.words()}, in the middle of a straight"
            if edit
            else "move the coins to a tile in the middle of a straight",
            edit,
        )


def check_ramp_height(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "A jump ramp may not be higher than 3."  A ramp is one, two
    or three coins high.
    """
    for tile, height in ctx.course.ramps:
        if not 1 <= height <= MAX_HEIGHT:
            yield error(
                "motocross/ramp-height",
                f"the ramp on tile {tile} is {height} coins high;"
                f" a jump ramp is 1 to {MAX_HEIGHT} coins high",
                (tile,) if 0 <= tile < len(ctx.course) else (),
                f"{Put((BY_TILE, tile), MAX_HEIGHT).words()}, the most under one edge",
                Put((BY_TILE, tile), MAX_HEIGHT),
            )


def check_ramp_coins(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Divide all the coins into two equal groups.  Set one group
    aside, then deal the remaining coins evenly between the players."  The
    ramps use the dealt half: 12 coins a pack.  Since "After all players
    have played all of their tiles and coins, the race track is finished",
    fewer coins in ramps is an error too, unless the course declares the
    house rule ``house_rules: [short-course]``, which makes it a warning.
    """
    course = ctx.course
    used, dealt = course.ramp_coins, course.building_coins
    packs = "one piecepack" if course.packs == 1 else f"{course.packs} piecepacks"
    if used > dealt:
        yield error(
            "motocross/ramp-coins",
            f"the ramps hold {used} coins, but only {dealt} are dealt for building with {packs}",
            tuple(tile for tile, _ in course.ramps if 0 <= tile < len(course)),
            *_fewer_coins(ctx, used - dealt),
        )
    elif used < dealt:
        yield (warning if course.short_course else error)(
            "motocross/ramp-coins",
            f"the ramps hold {used} of the {dealt} coins dealt for building;"
            " the rules have every coin played"
            + (" (a short course, by house rule)" if course.short_course else ""),
            hint=_more_coins_hint(ctx, dealt - used),
            edit=_more_coins(ctx, dealt - used),
        )


def _fewer_coins(ctx: Context, extra: int) -> tuple[str, Put | None]:
    """Take the coins too many out of the ramps: off the tallest ramp, as an
    edit, where it holds them all."""
    tile, height = max(ctx.course.ramps, key=lambda ramp: (ramp[1], -ramp[0]))
    hint = f"take {_coins(extra)} out of the ramps"
    if height < extra:
        return hint, None
    edit = Put((BY_TILE, tile), height - extra)
    return f"{hint}: {edit.words()}", edit


def _more_coins(ctx: Context, missing: int) -> Put | None:
    """The coins missing stacked on one ramp in the middle of a straight,
    where one has room for them all."""
    course = ctx.course
    for tile in ctx.straight_tiles:
        if course.height(tile) + missing <= MAX_HEIGHT:
            return Put((BY_TILE, tile), course.height(tile) + missing)
    return None


def _coins(count: int) -> str:
    return "1 coin" if count == 1 else f"{count} coins"


def room_for_coins(ctx: Context) -> int:
    """How many more coins the course's ramps could take: up to 3 on every
    tile in a straight line with both its neighbours."""
    course = ctx.course
    return sum(max(0, MAX_HEIGHT - course.height(tile)) for tile in ctx.straight_tiles)


def _more_coins_hint(ctx: Context, missing: int) -> str:
    """Add the coins where they fit; where they do not, or as well, the
    short-course house rule."""
    short = ctx.course.short_course
    room = room_for_coins(ctx)
    if room >= missing:
        advice = f"add {_coins(missing)} to ramps on tiles in the middle of a straight, at most 3 a ramp"
        one = _more_coins(ctx, missing)
        advice += f" ({one.words()})" if one else ""
        return advice if short else f"{advice}, or declare the house rule '{SHORT_COURSE_KEY}'"
    if short:
        return f"the straight tiles take only {_coins(room)} more; the house rule keeps the rest back"
    return (
        f"the straight tiles take only {_coins(room)} more; declare the house rule"
        f" '{SHORT_COURSE_KEY}' to keep the coins back"
    )


RULES: tuple[Rule, ...] = (check_ramp_place, check_ramp_height, check_ramp_coins)
"""The ramp rules, in the order their findings are listed."""
