"""A recorded Motocross race as Portable Piecepack Notation movetext.

The movetext starts with the table (``setup.``): the course's tiles and the
ramps' coins dropped where :func:`trackkit.motocross.setup.course_setup`
lays them, then each rider's pawn (bike) on the space of the starting tile
it chose -- seat 1's the suns pawn ``pS``, then ``pM``, ``pC``, ``pA`` --
and a comment with the coins each rider holds, ``{3 coins each}``.  Then
one numbered move per rider's turn, in the order played:

* ``{seat N}``: whose turn it is (seat 1 is the starting player);
* a wiped-out bike getting back on the track: ``{re-enters}``, after the
  pawn's step back from the edge it lies at to the space it left the track
  from, ``(x,y)-(x,y)`` (none when the pawn stayed on its space);
* a bike a jump is about to land on: its pawn put aside, ``(x,y)-(x,y)
  {seat K is landed on}``, before the lander's steps;
* the pawn's one-space steps, ``(x,y)-(x,y)`` each, from space centre to
  space centre (a flight over bikes too); a last step that leaves the track
  (running off it, or across the finish line) ends half way, on the edge
  it crosses, where the pawn then lies;
* a comment with the roll and how the turn ended: ``{roll 3 0 5; extra 1;
  number 3; off}`` -- the dice faces (0 the null, 1 the ace, up to 5),
  ``extra N`` coins spent on extra dice, ``coin to start`` when a coin
  was discarded to re-enter, ``number N`` the number moved, and the
  outcome (one of :data:`~trackkit.motocross.race.record.OUTCOMES`); or
  ``{pass}``, or ``{wait}`` / ``{wait; draws a coin}`` for a wiped-out
  rider whose space another bike stands on;
* after a ``wipe-out`` where the bike stood, its pawn put aside,
  ``(x,y)-(x,y) {wipes out}``.

"When you wipe out, take your pawn off the track and place it next to the
space where you wiped out": a pawn that ran off lies at the middle of the
edge it crossed; one *put aside* goes to the middle of its space's first
edge (east, north, west, south) with no space of the course beyond it, or
stays on its space where there is none (the inside of a bend).

Locations are in inches, x east and y north, shifted as the setup export
shifts them (nothing left of x = 0 or below y = 0), so a PPN viewer shows
the race on the table ``trackkit export --to ppn`` shows.
:func:`race_movetext` writes it;
:func:`trackkit.motocross.race.ppn_read.read_movetext` reads it back into
the same :class:`~trackkit.motocross.race.record.RaceRecord`, with where
every bike stood after each turn, moving the pawns with the same
:class:`Places` and :class:`Table`.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from trackkit.motocross.course import Course
from trackkit.motocross.race.board import Space
from trackkit.motocross.race.record import RaceRecord, TurnRecord
from trackkit.motocross.setup import course_setup
from trackkit.piecepack.geometry import Heading
from trackkit.piecepack.ground import footprint
from trackkit.piecepack.notation import (
    SUIT_LETTERS,
    cartesian,
    drop,
)
from trackkit.piecepack.setup import shifted_to_origin

__all__ = [
    "LEAVING",
    "LETTERS",
    "Bike",
    "Places",
    "Table",
    "course_spaces",
    "race_movetext",
]

LETTERS = {heading.name[0]: heading for heading in Heading}
"""A step's heading by its letter in a record (``N``, ``E``, ``S``, ``W``)."""

LEAVING = ("off", "finish")
"""The outcomes whose last step leaves the track."""


@dataclass(frozen=True)
class Bike:
    """Where a rider's pawn is: the ``space`` it stands on (wiped out: the
    space it left the track from), whether it is ``out`` (wiped out), and
    the ``edge`` of that space it lies at after leaving the track across
    it (``None`` on the space)."""

    space: Space
    out: bool = False
    edge: Heading | None = None


def course_spaces(course: Course) -> list[Space]:
    """The spaces of ``course``: every space of every tile."""
    return [space for centre in course.centres for space in footprint(centre)]


class Places:
    """Where the spaces of a course lie in a record, and the setup's drops."""

    def __init__(self, course: Course) -> None:
        pieces = [piece for piece in course_setup(course).pieces if piece.kind != "pawn"]
        moved = shifted_to_origin(pieces)
        self.dx, self.dy = (moved[0].x - pieces[0].x, moved[0].y - pieces[0].y) if pieces else (0.0, 0.0)
        self.drops = tuple(drop(piece) for piece in moved)
        self.space = {self.location(space): space for space in course_spaces(course)}

    def location(self, space: Space, edge: Heading | None = None) -> str:
        """The centre of ``space``, or the middle of its ``edge``."""
        x, y = space[0] + 0.5 + self.dx, space[1] + 0.5 + self.dy
        if edge is not None:
            x, y = x + edge.dx / 2, y + edge.dy / 2
        return cartesian(x, y)

    def step(self, start: Bike, end: Bike) -> str:
        return f"{self.location(start.space, start.edge)}-{self.location(end.space, end.edge)}"


class Table:
    """The pawns as a record moves them, seat by seat, on the course's
    ``spaces``."""

    def __init__(self, starts: Sequence[Space], spaces: Collection[Space]) -> None:
        self.bikes = [Bike(space) for space in starts]
        self.spaces = frozenset(spaces)

    def aside(self, space: Space) -> Heading | None:
        """Where a pawn wiped out on ``space`` is put, "next to the space":
        the middle of its first edge (east, north, west, south) with no
        space of the course beyond it; ``None`` when every edge has one."""
        for heading in Heading:
            if (space[0] + heading.dx, space[1] + heading.dy) not in self.spaces:
                return heading
        return None

    def landed_on(self, seat: int, space: Space) -> list[int]:
        """The seats of the bikes on the track at ``space`` besides ``seat``'s."""
        return [
            other
            for other, bike in enumerate(self.bikes)
            if other != seat and not bike.out and bike.space == space
        ]

    def walk(self, seat: int, headings: str, outcome: str) -> list[Bike]:
        """Where the pawn of ``seat`` is after each step of ``headings``; the
        last step of a move that leaves the track ends on the edge."""
        places = [self.bikes[seat]]
        for index, letter in enumerate(headings):
            heading = LETTERS[letter]
            space = places[-1].space
            if index == len(headings) - 1 and outcome in LEAVING:
                places.append(Bike(space, edge=heading))
            else:
                places.append(Bike((space[0] + heading.dx, space[1] + heading.dy)))
        return places

    def re_enter(self, seat: int) -> Bike | None:
        """Put a wiped-out bike back on its space; where its pawn lay, if it
        lay at an edge (so the record shows its step back)."""
        bike = self.bikes[seat]
        self.bikes[seat] = Bike(bike.space)
        return bike if bike.edge is not None else None

    def wipe_out(self, seat: int) -> Bike:
        """Wipe out the bike of ``seat`` where it stands, its pawn put aside;
        where the pawn now lies."""
        space = self.bikes[seat].space
        self.bikes[seat] = Bike(space, out=True, edge=self.aside(space))
        return self.bikes[seat]

    def settle(self, seat: int, end: Bike, outcome: str) -> None:
        """The pawn of ``seat`` ends its turn at ``end``: wiped out if it
        ran off (lying at the edge it crossed) or wiped out where it stood
        (put aside); a bike it landed on wipes out (put aside)."""
        if outcome == "landed":
            for other in self.landed_on(seat, end.space):
                self.wipe_out(other)
        self.bikes[seat] = replace(end, out=outcome == "off" or end.out)
        if outcome == "wipe-out":
            self.wipe_out(seat)


# --- writing ---------------------------------------------------------------------


def race_movetext(record: RaceRecord) -> str:
    """The movetext of ``record``: the setup, then one line per turn."""
    places = Places(record.course)
    pawns = [f"p{SUIT_LETTERS[seat]}@{places.location(space)}" for seat, space in enumerate(record.starts)]
    lines = ["setup. " + " ".join([*places.drops, *pawns, f"{{{record.coins} coins each}}"])]
    table = Table(record.starts, course_spaces(record.course))
    for number, turn in enumerate(record.turns, 1):
        lines.append(" ".join([f"{number}.", f"{{seat {turn.seat + 1}}}", *_turn_words(places, table, turn)]))
    return "\n".join(lines) + "\n"


def _turn_words(places: Places, table: Table, turn: TurnRecord) -> list[str]:
    seat = turn.seat
    if turn.action == "pass":
        return ["{pass}"]
    if turn.action == "wait":
        return ["{wait; draws a coin}" if turn.drew_coin else "{wait}"]
    words = []
    if table.bikes[seat].out and turn.outcome != "no-start":
        lay = table.re_enter(seat)
        words += [places.step(lay, table.bikes[seat])] if lay is not None else []
        words.append("{re-enters}")
    walk = table.walk(seat, turn.headings, turn.outcome)
    if turn.outcome == "landed":
        for other in table.landed_on(seat, walk[-1].space):
            before, after = table.bikes[other], table.wipe_out(other)
            if after.edge is not None:
                words += [places.step(before, after), f"{{seat {other + 1} is landed on}}"]
    words += [places.step(a, b) for a, b in itertools.pairwise(walk)]
    words.append(_roll_comment(turn))
    table.settle(seat, walk[-1], turn.outcome)
    fallen = table.bikes[seat]
    if turn.outcome == "wipe-out" and fallen.edge is not None:
        words += [places.step(Bike(fallen.space), fallen), "{wipes out}"]
    return words


def _roll_comment(turn: TurnRecord) -> str:
    parts = ["roll " + " ".join(map(str, turn.dice))]
    if turn.extra:
        parts.append(f"extra {turn.extra}")
    if turn.coin_start:
        parts.append("coin to start")
    if turn.number:
        parts.append(f"number {turn.number}")
    return "{" + "; ".join([*parts, turn.outcome]) + "}"
