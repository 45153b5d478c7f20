"""The rules for Racepack's special constructions: hairpins, chicanes, pit
lanes and wide main straights (see :mod:`trackkit.racepack.constructions` for what
each one is).

:func:`prepare` runs while the rules' :class:`~trackkit.racepack.rules.context.Context`
is built: it lays the extra tiles (pit lane, wide row) on the ground and
records which contacts between tiles a construction makes legal (a hairpin's
wall, a pit lane against its straight) and which ones a rule below reports in
its own words.  Each rule function then opens with a comment quoting the
sentence of the rulebook it enforces.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from trackkit.findings import Finding, error, warning
from trackkit.piecepack.circuit import Kind
from trackkit.piecepack.equipment import TILES_PER_PACK
from trackkit.piecepack.ground import Ground
from trackkit.racepack import analysis
from trackkit.racepack.analysis import Straight
from trackkit.racepack.constructions import (
    HAIRPIN_APPROACH,
    PIT,
    PIT_LENGTH,
    WIDE,
    ExtraTile,
    Hairpin,
    HairpinMiss,
    chicanes,
    encloses,
    extra_indices,
    extra_tiles,
    grid_depth,
    read_u_turn,
    span_words,
    u_turns,
    wide_stretch,
)
from trackkit.racepack.layout import INSIDE
from trackkit.racepack.rules.context import Context, Rule

MANY_CARS = 6
"""Races of more than this many cars want a two-tile-wide main straight."""

LONG_COURSE = TILES_PER_PACK
"""A loop of more tiles than one piecepack holds counts as a long course."""

SHORT_COURSE_LAPS = 5
LONG_COURSE_LAPS = 3
"""The fewest laps for which the rules call a pit lane applicable: "5 or more
laps on a short course, or 3-6 laps on a long course"."""


# --- setting up the context ----------------------------------------------------


def prepare(ctx: Context) -> None:
    """Lay extra tiles on the ground and sort out the contacts constructions make."""
    if not ctx.circuit.is_whole:
        return
    ctx.extra = extra_tiles(ctx.layout)
    if ctx.extra:
        loop = [(tile.index, tile.centre) for tile in ctx.circuit]
        ctx.ground = Ground([*loop, *((tile.index, tile.centre) for tile in ctx.extra)])
        _sort_row_contacts(ctx)
    _sort_u_turn_contacts(ctx)


def _sort_row_contacts(ctx: Context) -> None:
    """A row tile may touch the loop tile it lines and its own row's tiles;
    every other contact of a row tile is reported by that row's rule."""
    for a, b in ctx.ground.contacts():
        if _row_tile(ctx, a) is None and _row_tile(ctx, b) is None:
            continue
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


def _sort_u_turn_contacts(ctx: Context) -> None:
    # "a tight hairpin corner can be constructed as follows ... The hairpin
    # can be a little confusing visually because two sections of the road run
    # parallel to each other with no space in between."  That one contact,
    # the hairpin's wall, is legal.  Any other pair of same-way corners whose
    # neighbours touch breaks the adjacency rule, and its message says how a
    # hairpin would have been built.
    for turn in u_turns(ctx.circuit):
        reading = read_u_turn(ctx.circuit, turn)
        pair = frozenset(turn.wall)
        if isinstance(reading, Hairpin):
            ctx.sanctioned.add(pair)
        elif reading.shaped:
            ctx.claimed.add(pair)
        else:
            ctx.notes[pair] = _u_turn_note(ctx, reading)


def _u_turn_note(ctx: Context, miss: HairpinMiss) -> tuple[str, str]:
    turn = miss.turn
    a, b = turn.corners
    n = len(ctx.circuit)
    other = "left" if turn.hand == "right" else "right"
    letter, other_letter = turn.hand[0].upper(), other[0].upper()
    note = (
        f": corners {a} and {b} both turn {turn.hand}, folding the road back against itself,"
        " which only a hairpin may do"
    )
    approach = ((turn.before - 1) % n, turn.before)
    straighten = ""
    if any(ctx.circuit[i].is_corner for i in approach):
        straighten = f", with tiles {approach[0]} and {approach[1]} plain straights"
    hint = (
        f"for a hairpin ({letter}, {letter}, {other_letter}) make tile {turn.after} a {other}-hand"
        f" corner{straighten}; otherwise leave a tile's gap between the roads"
    )
    return note, hint


# --- hairpins ------------------------------------------------------------------


def check_hairpin_approach(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Assume there is a straight that is three or more tiles long. Place a
    tile adjacent to the last tile of the straight to form a right-hand
    corner."  The straight's last tile becomes the first corner, so two
    plain tiles of it must remain before the corners.
    """
    for turn in u_turns(ctx.circuit):
        reading = read_u_turn(ctx.circuit, turn)
        if isinstance(reading, HairpinMiss) and reading.shaped:
            yield _short_hairpin(ctx, reading)


def _short_hairpin(ctx: Context, miss: HairpinMiss) -> Finding:
    turn = miss.turn
    a, b = turn.corners
    forward = miss.short[-1] == turn.before
    corners = (a, b, turn.after) if forward else (turn.before, a, b)
    turns = ", ".join(_letter(ctx, i) for i in corners)
    corner_tiles = [i for i in miss.short if ctx.circuit[i].is_corner]
    named = " and ".join(ctx.describe(i) for i in corner_tiles)
    verb = "is a corner" if len(corner_tiles) == 1 else "are corners"
    where = "before" if forward else "after"
    end = corners[0] if forward else corners[-1]
    return error(
        "hairpin",
        f"{ctx.describe(turn.before)} touches {ctx.describe(turn.after)}: corners"
        f" {corners[0]}, {corners[1]} and {corners[2]} turn {turns} like a hairpin, but a hairpin"
        f" needs a straight of at least {HAIRPIN_APPROACH} tiles {where} its corners, and {named} {verb}",
        (*corners, *miss.short),
        f"make tiles {miss.short[0]} and {miss.short[1]} plain straights, so that the straight"
        f" {where} tile {end} is at least {HAIRPIN_APPROACH} tiles long",
    )


def _letter(ctx: Context, index: int) -> str:
    return "R" if ctx.circuit[index].kind is Kind.RIGHT else "L"


# --- chicanes ------------------------------------------------------------------


def check_chicane_in_straight(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Another possibility that makes efficient use of tiles is to form a
    chicane by offsetting a tile in the middle of a straight by 1 space."
    Both neighbours of a chicane must be plain straight tiles.
    """
    if not ctx.circuit.is_whole:
        return
    circuit = ctx.circuit
    for chicane in chicanes(circuit):
        here = chicane.tile
        for there in (here - 1, here + 1):
            neighbour = circuit[there]
            if neighbour.is_corner:
                yield error(
                    "chicane",
                    f"chicane {ctx.describe(here)} is next to corner {ctx.describe(neighbour.index)};"
                    " a chicane goes in the middle of a straight",
                    (here, neighbour.index),
                    f"put a plain straight tile between the chicane and corner tile {neighbour.index}",
                )
            elif there == here + 1 and neighbour.kind is not None and neighbour.kind.is_chicane:
                yield error(
                    "chicane",
                    f"chicane {ctx.describe(here)} is next to chicane {ctx.describe(neighbour.index)};"
                    " a chicane is one tile offset in a straight, with plain straights on both sides",
                    (here, neighbour.index),
                    f"make tile {neighbour.index} a plain straight (S), or put a straight between them",
                )


def check_chicane_after_start(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Because of this, a chicane should never be placed on the main straight
    after the start/finish line because it would then unfairly favor the
    pole-setter at the beginning of the race."
    """
    if ctx.start is None:
        return
    if ctx.layout.start is None:
        yield from _chicanes_where_the_line_may_go(ctx)
        return
    main = analysis.main_straight(ctx.circuit, ctx.start)
    if main is None:
        return
    after = _tiles_from_line(main, ctx.start, len(ctx.circuit))
    for chicane in chicanes(ctx.circuit):
        if chicane.tile in after:
            yield error(
                "chicane",
                f"chicane {ctx.describe(chicane.tile)} is on the main straight after the start/finish"
                " line; it would narrow the road in front of the starting grid and favour the pole-setter",
                (chicane.tile,),
                "move the chicane to another straight, or to the main straight before the line",
            )


def _tiles_from_line(main: Straight, start: Fraction, size: int) -> tuple[int, ...]:
    """The main straight's tiles from the one the line crosses (or the first
    one after it) to the straight's end."""
    offset = (start - main.first) % size
    return tuple(tile for position, tile in enumerate(main.tiles) if position + 1 > offset)


def _chicanes_where_the_line_may_go(ctx: Context) -> Iterator[Finding]:
    """Without a chosen line, trackkit puts it in the middle of a longest
    straight: a chicane on any longest straight may end up after it."""
    runs = analysis.straights(ctx.circuit)
    longest = max((run.length for run in runs), default=0)
    for run in runs:
        if run.length != longest:
            continue
        for chicane in chicanes(ctx.circuit):
            if chicane.tile in run.tiles:
                yield warning(
                    "chicane",
                    f"chicane {ctx.describe(chicane.tile)} is on a longest straight"
                    f" ({span_words(run.tiles)}), where trackkit puts the start/finish line when"
                    " 'start' is not set; a chicane must never be on the main straight after the line",
                    (chicane.tile,),
                    "set 'start' so that the line lies after the chicane or on another straight",
                )


# --- pit lanes and wide rows -----------------------------------------------------


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
        f"set the pit lane's 'length' to {PIT_LENGTH}",
    )


def check_pit_lane_outside(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "(using a row of four tiles against the outside of the straight)"
    """
    pit = ctx.layout.pit
    inside = [t for t in _row(ctx, PIT) if encloses(ctx.circuit, t.centre)]
    if pit is None or not inside:
        return
    named = ", ".join(t.describe() for t in inside)
    hint = "set the pit lane's 'side' to outside"
    if pit.side != INSIDE:
        hint = "lay the pit lane outside the loop"
    yield error(
        PIT_RULE,
        f"{named} {'lies' if len(inside) == 1 else 'lie'} inside the circuit; the pit lane goes"
        " against the outside of the straight",
        tuple(t.index for t in inside),
        hint,
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
        _room_hint(main, len(tiles), len(ctx.circuit)),
    )


def _room_hint(main: Straight, length: int, size: int) -> str:
    if main.length < length + 2:
        return f"lengthen the main straight to at least {length + 2} tiles"
    return f"set the pit lane's 'from' to {(main.first + 1) % size} to leave a tile free at each end"


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
        f"set 'laps' to {fewest} or more, or leave out the pit lane",
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
    return f"{verb} 'wide: {{from: {stretch[0]}, length: {len(stretch)}}}', a second row beside those tiles"


RULES: tuple[Rule, ...] = (
    check_hairpin_approach,
    check_chicane_in_straight,
    check_chicane_after_start,
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
"""The special-construction rules, in the order their findings are listed."""
