"""The rules for rows of extra tiles beside the main straight: the pit lane
and the second row of a wide main straight.

A *pit lane* is a row of four tiles against the outside of the main straight
where cars stop to renew their strategy tokens; a *wide straight* is a second
row that makes the main straight four lanes wide for races of many cars.
Neither row is part of the loop: its tiles are numbered after the loop's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from trackkit.edits import Put
from trackkit.findings import Finding, error, warning
from trackkit.piecepack.circuit import Kind
from trackkit.racepack import analysis
from trackkit.racepack.analysis import Straight
from trackkit.racepack.constructions import (
    LONG_COURSE,
    LONG_COURSE_LAPS,
    MANY_CARS,
    PIT,
    PIT_LENGTH,
    SHORT_COURSE_LAPS,
    WIDE,
    ExtraTile,
    encloses,
    extra_indices,
    grid_depth,
    span_words,
    wide_stretch,
)
from trackkit.racepack.layout import INSIDE, OUTSIDE, SIDES, Layout, WideRow
from trackkit.racepack.rules.context import Context, Rule

__all__ = [
    "RULES",
    "check_pit_lane_contacts",
    "check_pit_lane_length",
    "check_pit_lane_on_main_straight",
    "check_pit_lane_outside",
    "check_pit_lane_room",
    "check_pit_race_length",
    "check_wide_for_many_cars",
    "check_wide_row_contacts",
    "check_wide_row_on_main_straight",
    "sort_row_contacts",
]


def sort_row_contacts(ctx: Context) -> None:
    """A row tile may touch the loop tile it lines and its own row's tiles;
    every other contact of a row tile is reported by that row's rule."""
    for a, b in ctx.ground.contacts_of(tile.index for tile in ctx.extra):
        pair = frozenset((a, b))
        if _lines_or_follows(ctx, a, b):
            ctx.sanctioned.add(pair)
        else:
            ctx.claimed.add(pair)


def _row_tile(ctx: Context, index: int) -> ExtraTile | None:
    n = len(ctx.circuit)
    return ctx.extra[index - n] if index >= n else None


def _lines_or_follows(ctx: Context, a: int, b: int) -> bool:
    first, second = _row_tile(ctx, a), _row_tile(ctx, b)
    if first is not None and second is not None:
        return first.row == second.row and abs(first.number - second.number) == 1
    row_tile = first or second
    loop_tile = b if first is not None else a
    return row_tile is not None and row_tile.beside == loop_tile


def _row(ctx: Context, row: str) -> tuple[ExtraTile, ...]:
    return tuple(tile for tile in ctx.extra if tile.row == row)


def _main_straight(ctx: Context) -> Straight | None:
    return analysis.main_straight(ctx.circuit, ctx.start) if ctx.start is not None else None


def _misplaced(ctx: Context, tiles: tuple[ExtraTile, ...]) -> list[ExtraTile]:
    """The row tiles that line anything but a plain straight of the main straight."""
    main = _main_straight(ctx)
    on_main = set(main.tiles) if main else set()
    return [t for t in tiles if t.beside not in on_main or ctx.circuit[t.beside].kind is not Kind.STRAIGHT]


def _what(ctx: Context, index: int) -> str:
    kind = ctx.circuit[index].kind
    if kind is not None and kind.is_corner:
        return "is a corner"
    if kind is not None and kind.is_chicane:
        return "is a chicane"
    return "is off the main straight"


def _misplaced_row(ctx: Context, rule: str, name: str, tiles: tuple[ExtraTile, ...]) -> Iterator[Finding]:
    wrong = _misplaced(ctx, tiles)
    if not wrong:
        return
    main = _main_straight(ctx)
    lined = span_words(tuple(t.beside for t in tiles))
    where = f"({span_words(main.tiles)})" if main else "(the start/finish line is not on a straight)"
    faults = ", ".join(f"{ctx.describe(t.beside)} {_what(ctx, t.beside)}" for t in wrong)
    yield error(
        rule,
        f"the {name} beside {lined} must lie along plain straight tiles of the main straight"
        f" {where}, but {faults}",
        (wrong[0].index, *(t.beside for t in wrong)),
        f"set the {name}'s 'from' so that it lies beside the main straight",
    )


def _row_contacts(ctx: Context, rule: str, name: str, tiles: tuple[ExtraTile, ...]) -> Iterator[Finding]:
    own = {t.index for t in tiles}
    for a, b in ctx.ground.contacts_of(own):
        if frozenset((a, b)) not in ctx.claimed or not own & {a, b}:
            continue
        mine, other = (a, b) if a in own else (b, a)
        if rule == WIDE_RULE and _row_tile_named(ctx, other, PIT):
            continue  # the pit lane's rule reports it
        yield error(
            rule,
            f"{ctx.describe(mine)} touches {ctx.describe(other)}; the {name} may touch only"
            " the loop tiles it lines and its own tiles",
            (mine, other),
            "leave at least a tile's gap between the row and other roads",
        )


def _row_tile_named(ctx: Context, index: int, row: str) -> bool:
    tile = _row_tile(ctx, index)
    return tile is not None and tile.row == row


PIT_RULE = "pit-lane"
WIDE_RULE = "wide-straight"


def check_pit_lane_length(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "A track can also be constructed with a long main straight and a 4-tile
    pit lane (using a row of four tiles against the outside of the
    straight)."
    """
    pit = ctx.layout.pit
    if pit is None or pit.length == PIT_LENGTH:
        return
    yield error(
        PIT_RULE,
        f"the pit lane is {pit.length} tiles long; the rules' pit lane is a row of {PIT_LENGTH} tiles",
        tuple(extra_indices(ctx.layout)[PIT][:1]),
        f"make the pit lane a row of {PIT_LENGTH}: {_PIT_LENGTH.words()}",
        _PIT_LENGTH,
    )


_PIT_LENGTH = Put(("pit", "length"), PIT_LENGTH)
"""The edit that makes the pit lane the rules' row of four."""


def check_pit_lane_outside(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "(using a row of four tiles against the outside of the straight)" """
    pit = ctx.layout.pit
    inside = [t for t in _row(ctx, PIT) if encloses(ctx.circuit, t.centre)]
    if pit is None or not inside:
        return
    named = ", ".join(t.describe() for t in inside)
    edit = Put(("pit", "side"), OUTSIDE) if pit.side == INSIDE else None
    hint = "lay the pit lane outside the loop" + (f": {edit.words()}" if edit else "")
    yield error(
        PIT_RULE,
        f"{named} {'lies' if len(inside) == 1 else 'lie'} inside the circuit; the pit lane goes"
        " against the outside of the straight",
        tuple(t.index for t in inside),
        hint,
        edit,
    )


def check_pit_lane_on_main_straight(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "A track can also be constructed with a long main straight and a 4-tile
    pit lane (using a row of four tiles against the outside of the
    straight)."  The straight is the main straight.
    """
    yield from _misplaced_row(ctx, PIT_RULE, "pit lane", _row(ctx, PIT))


def check_pit_lane_room(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "A track can also be constructed with a long main straight and a 4-tile
    pit lane."  Long enough means a straight tile before the pit lane to
    leave the road from, and one after it to rejoin on.
    """
    tiles = _row(ctx, PIT)
    main = _main_straight(ctx)
    if not tiles or main is None or _misplaced(ctx, tiles):
        return
    lined = tuple(t.beside for t in tiles)
    ends = [tile for tile in (main.tiles[0], main.tiles[-1]) if tile in lined]
    if not ends:
        return
    need = len(tiles) + 2
    yield error(
        PIT_RULE,
        f"the pit lane beside {span_words(lined)} leaves no straight tile of the main straight"
        f" ({span_words(main.tiles)}) {'before' if ends[0] == main.tiles[0] else 'after'} it for cars"
        f" to {'enter' if ends[0] == main.tiles[0] else 'leave'} the pit lane; a pit lane of"
        f" {len(tiles)} tiles needs a main straight of at least {need}",
        (tiles[0].index, *ends),
        *_room_hint(main, len(tiles), len(ctx.circuit)),
    )


def _room_hint(main: Straight, length: int, size: int) -> tuple[str, Put | None]:
    """Lengthen a main straight too short for the row, else move the row to
    leave a tile free at each end (an edit)."""
    if main.length < length + 2:
        return f"lengthen the main straight to at least {length + 2} tiles", None
    edit = Put(("pit", "from"), (main.first + 1) % size)
    return f"{edit.words()} to leave a tile free at each end", edit


def check_pit_lane_contacts(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "(using a row of four tiles against the outside of the straight)": the
    row lies against the straight it serves and nothing else.
    """
    yield from _row_contacts(ctx, PIT_RULE, "pit lane", _row(ctx, PIT))


def check_pit_race_length(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Pit lanes are applicable in longer races, with 5 or more laps on a
    short course, or 3-6 laps on a long course."
    """
    layout = ctx.layout
    if layout.pit is None:
        return
    long_course = len(ctx.circuit) > LONG_COURSE
    fewest = LONG_COURSE_LAPS if long_course else SHORT_COURSE_LAPS
    if layout.laps >= fewest:
        return
    course = f"long course (over {LONG_COURSE} tiles)" if long_course else "short course"
    yield warning(
        PIT_RULE,
        f"a {layout.laps}-lap race is too short for pit stops: the rules suggest a pit lane for"
        f" {fewest} or more laps on a {course}",
        (),
        f"{Put(('laps',), fewest).words()} or more, or leave out the pit lane",
        Put(("laps",), fewest),
    )


def check_wide_row_on_main_straight(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "For races that include more than six cars, the main straight should be
    two tiles wide from the starting grid up to the first corner": the
    second row lies beside the main straight.
    """
    yield from _misplaced_row(ctx, WIDE_RULE, "wide row", _row(ctx, WIDE))


def check_wide_row_contacts(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "the main straight should be two tiles wide": the second row lies
    against the main straight and touches nothing else.
    """
    yield from _row_contacts(ctx, WIDE_RULE, "wide row", _row(ctx, WIDE))


def check_wide_for_many_cars(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "For races that include more than six cars, the main straight should be
    two tiles wide from the starting grid up to the first corner to avoid
    an unfair amount of blocking during the first couple turns of the game."
    """
    layout = ctx.layout
    if layout.cars <= MANY_CARS or ctx.start is None:
        return
    stretch = wide_stretch(ctx.circuit, ctx.start, layout.cars)
    covered = {t.beside for t in _row(ctx, WIDE)}
    missing = tuple(tile for tile in stretch if tile not in covered)
    if not stretch or not missing:
        return
    row = _row(ctx, WIDE)
    narrow = f"is not two tiles wide beside {span_words(missing)}" if row else "is one tile wide"
    yield warning(
        WIDE_RULE,
        f"{layout.cars} cars race, but the main straight {narrow};"
        f" for more than {MANY_CARS} cars it should be two tiles wide"
        f" from the starting grid ({grid_depth(layout.cars)} spaces behind the line) up to the"
        f" first corner, beside {span_words(stretch)}",
        (row[0].index, *missing) if row else missing,
        _wide_hint(ctx, stretch),
    )


def _wide_hint(ctx: Context, stretch: tuple[int, ...]) -> str:
    bends = [i for i in stretch if ctx.circuit[i].kind is not Kind.STRAIGHT]
    if bends:
        return (
            f"the grid reaches back to tile {bends[-1]}, which is not a plain straight:"
            " move the start/finish line forward or lengthen the main straight"
        )
    verb = "set" if ctx.layout.wide is not None else "add"
    old = ctx.layout.wide
    sides = (old.side, *(s for s in SIDES if s != old.side)) if old else SIDES
    lanes = old.lanes if old else 4
    broken = ""
    for side in sides:
        words = "" if side == OUTSIDE else f", side: {side}"
        change = f"{verb} 'wide: {{from: {stretch[0]}, length: {len(stretch)}{words}}}'"
        row = WideRow(stretch[0], len(stretch), side, lanes)
        problem = _broken_by(ctx, replace(ctx.layout, wide=row))
        if not problem:
            return f"{change}, a second row beside those tiles"
        broken = broken or problem
    change = f"{verb} 'wide: {{from: {stretch[0]}, length: {len(stretch)}}}'"
    return (
        f"a second row here would break {broken} ({change} gives an illegal track): rebuild the"
        f" main straight with room beside it, or race {MANY_CARS} cars or fewer"
    )


def _broken_by(ctx: Context, changed: Layout) -> str:
    """The rules ``changed`` breaks that the layout itself keeps, as words
    (``the tile-budget and wide-straight rules``); empty when none."""
    if ctx.recheck is None:
        return ""
    kept = {f.rule for f in ctx.recheck(ctx.layout).errors}
    new = sorted({f.rule for f in ctx.recheck(changed).errors} - kept)
    if not new:
        return ""
    names = " and ".join(new) if len(new) < 3 else ", ".join(new[:-1]) + f" and {new[-1]}"
    return f"the {names} rule{'s' if len(new) > 1 else ''}"


RULES: tuple[Rule, ...] = (
    check_pit_lane_length,
    check_pit_lane_outside,
    check_pit_lane_on_main_straight,
    check_pit_lane_room,
    check_pit_lane_contacts,
    check_pit_race_length,
    check_wide_row_on_main_straight,
    check_wide_row_contacts,
    check_wide_for_many_cars,
)
