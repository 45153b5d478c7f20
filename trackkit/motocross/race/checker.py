"""An independent check of a recorded Motocross race, turn by turn.

The checker does not use the race engine, its board or its routes: it keeps
its own picture of the table (where each bike is, who is wiped out, every
rider's coins and the discarded ones), works out each space's tile and
row from the course's tiles itself, and re-checks every recorded turn:

* the seats take turns in order, from the starting player;
* the bikes started on different spaces of the starting tile, each rider
  dealt the same share of the race coins;
* a rider rolls as many dice as its place in the race (one more than the
  bikes strictly ahead of it), plus one a coin it holds and spent, never
  more than four;
* a wiped-out rider re-enters with an ace or a coin, and waits (drawing a
  discarded coin if there is one) when another bike stands on its space;
* a move uses a rolled number, takes exactly that many steps (fewer only
  when it leaves the track), turns no more often than the nulls allow and
  never twice at a point, never steps against a tile's way on nor back
  onto an earlier tile, never goes into or through a bike on the ground,
  jumps a ramp only with a number higher than the ramp, and ends as
  recorded (landing on a bike wipes that bike out);
* a rider that rolled and did not move either rolled only nulls, or was
  held back by a ramp (a move reached its raised edge and no number rolled
  beats it), or had no legal move at all (it wipes out where it stands);
  after re-entering, staying put is the rider's choice;
* the race ends when a bike crosses the finish line.

:func:`check_race` returns every problem found (an empty list for a clean race).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from trackkit.motocross.course import Course
from trackkit.motocross.race.record import RaceRecord, TurnRecord
from trackkit.piecepack.equipment import COINS_PER_PACK
from trackkit.piecepack.geometry import Heading
from trackkit.piecepack.ground import footprint

__all__ = [
    "check_race",
]

LETTERS = {"N": Heading.NORTH, "E": Heading.EAST, "S": Heading.SOUTH, "W": Heading.WEST}
MOST_DICE = 4
ACE_FACE = 1
NULL_FACE = 0
HIGHEST_FACE = 5

Cell = tuple[int, int]


@dataclass(frozen=True)
class _Walk:
    """Where a list of steps took a bike: ``how`` it ended (``moved``,
    ``landed``, ``off``, ``finish``, or the reason it may not be taken:
    ``ramp``, ``bike``, ``back``, ``short``), the space it ended on (or
    left the track from), the steps ``used`` and the seat of a bike landed on."""

    how: str
    end: Cell
    used: int
    landed: int | None = None


class _Table:
    """The checker's own picture of the course and the bikes."""

    def __init__(self, course: Course, record: RaceRecord) -> None:
        self.course = course
        self.tile: dict[Cell, int] = {}
        for index, centre in enumerate(course.centres):
            for cell in footprint(centre):
                self.tile[cell] = index
        self.last = len(course) - 1
        self.where = list(record.starts)
        self.out = [False] * len(record.drivers)
        self.coins = [record.coins] * len(record.drivers)
        self.discard = 0

    def way(self, tile: int) -> Heading:
        """The heading towards the next tile (on across the finish tile)."""
        if tile == self.last:
            before, here = self.course.centres[tile - 1], self.course.centres[tile]
        else:
            before, here = self.course.centres[tile], self.course.centres[tile + 1]
        dx, dy = here[0] - before[0], here[1] - before[1]
        return Heading((dx // 2, dy // 2))

    def ahead(self, cell: Cell) -> int:
        """How far along the course ``cell`` is: two a tile, one more in the front row."""
        tile = self.tile[cell]
        cx, cy = self.course.centres[tile]
        way = self.way(tile)
        front = (2 * cell[0] + 1 - 2 * cx) * way.dx + (2 * cell[1] + 1 - 2 * cy) * way.dy > 0
        return 2 * tile + int(front)

    def place(self, seat: int) -> int:
        mine = self.ahead(self.where[seat])
        return 1 + sum(1 for cell in self.where if self.ahead(cell) > mine)

    def bike_on(self, cell: Cell, besides: int) -> int | None:
        for seat, where in enumerate(self.where):
            if seat != besides and not self.out[seat] and where == cell:
                return seat
        return None

    def walk(self, seat: int, steps: tuple[Heading, ...], number: int) -> _Walk:
        """Follow ``steps`` with ``number`` from the bike's space."""
        cell = self.where[seat]
        flying = False
        for used, heading in enumerate(steps):
            tile = self.tile[cell]
            if heading is self.way(tile).opposite():
                return _Walk("back", cell, used)
            nxt = (cell[0] + heading.dx, cell[1] + heading.dy)
            if nxt not in self.tile:
                how = "finish" if tile == self.last and heading is self.way(tile) else "off"
                return _Walk(how, cell, used + 1)
            if self.tile[nxt] < tile:
                return _Walk("back", cell, used)
            if self.tile[nxt] > tile and self.course.height(tile):
                if number <= self.course.height(tile):
                    return _Walk("ramp", cell, used)
                flying = True
            if not flying and self.bike_on(nxt, seat) is not None:
                return _Walk("bike", cell, used)
            cell = nxt
        if len(steps) < number:
            return _Walk("short", cell, len(steps))
        landed = self.bike_on(cell, seat)
        return _Walk("landed" if landed is not None else "moved", cell, len(steps), landed)


def _turns_of(steps: tuple[Heading, ...]) -> int | None:
    """How many quarter turns ``steps`` make, or ``None`` for a half turn at a point."""
    turns = 0
    for before, after in itertools.pairwise(steps):
        if after is before.opposite():
            return None
        turns += after is not before
    return turns


ENDED = ("back", "bike", "ramp", "off", "finish")
"""How a walk ends before its last step: the steps after it change nothing."""


def _every_move(table: _Table, seat: int, faces: list[int]) -> list[_Walk]:
    """Every walk each rolled number allows, by trying every list of steps
    of up to that many steps with no more quarter turns than nulls rolled:
    a walk that leaves the track counts at any length, any other only when
    all its steps are taken.  Lists are grown a step at a time; one whose
    walk has already ended is not grown further (every longer list starting
    with it ends the same way, and one going straight on stays within the
    turns), so each ending is found without trying every list."""
    nulls = faces.count(NULL_FACE)
    walks: list[_Walk] = []
    for number in sorted(set(faces) - {NULL_FACE}):
        grown: list[tuple[Heading, ...]] = [()]
        while grown:
            steps = grown.pop()
            for heading in Heading:
                longer = (*steps, heading)
                turns = _turns_of(longer)
                if turns is None or turns > nulls:
                    continue
                walk = table.walk(seat, longer, number)
                if walk.how in ENDED or len(longer) == number:
                    walks.append(walk)
                else:
                    grown.append(longer)
    return walks


def check_race(record: RaceRecord) -> list[str]:
    """Every problem with ``record`` (empty for a race played by the rules)."""
    table = _Table(record.course, record)
    problems = _check_start(table, record)
    riders = len(record.drivers)
    finished = False
    for index, turn in enumerate(record.turns):
        where = f"turn {index + 1} (seat {turn.seat + 1})"
        if finished:
            problems.append(f"{where}: played after the race was won")
            break
        if turn.seat != index % riders:
            problems.append(f"{where}: seat {index % riders + 1} was to play")
            break
        found = _check_turn(table, turn)
        problems += [f"{where}: {problem}" for problem in found]
        finished = turn.outcome == "finish"
    return problems


def _check_start(table: _Table, record: RaceRecord) -> list[str]:
    problems = []
    start = set(footprint(record.course.centres[0]))
    if len(set(record.starts)) != len(record.starts) or not set(record.starts) <= start:
        problems.append("the bikes do not start on different spaces of the starting tile")
    dealt = record.course.packs * (COINS_PER_PACK // 2) // len(record.drivers)
    if record.coins != dealt:
        problems.append(f"each rider is dealt {dealt} coins, not {record.coins}")
    return problems


def _check_turn(table: _Table, turn: TurnRecord) -> list[str]:
    seat = turn.seat
    taken = table.out[seat] and table.bike_on(table.where[seat], seat) is not None
    if turn.action == "wait":
        if not taken:
            return ["waits though its space is free or it is on the track"]
        if turn.drew_coin != (table.discard > 0):
            return ["draws a coin wrongly"]
        if turn.drew_coin:
            table.discard -= 1
            table.coins[seat] += 1
        return []
    if turn.action == "pass":
        return []
    if turn.action != "roll":
        return [f"unknown action {turn.action!r}"]
    if taken:
        return ["tries to re-enter onto a space another bike stands on"]
    return _check_roll(table, turn)


def _check_roll(table: _Table, turn: TurnRecord) -> list[str]:
    seat = turn.seat
    problems = []
    coming_back = table.out[seat]
    if turn.coin_start and not coming_back:
        problems.append("spends a coin to re-enter while on the track")
    spent = turn.extra + int(turn.coin_start)
    if spent > table.coins[seat]:
        problems.append(f"spends {spent} coins holding {table.coins[seat]}")
    place = table.place(seat)
    if len(turn.dice) != place + turn.extra or len(turn.dice) > MOST_DICE:
        problems.append(f"rolls {len(turn.dice)} dice in place {place} with {turn.extra} coins")
    if any(not NULL_FACE <= face <= HIGHEST_FACE for face in turn.dice):
        problems.append(f"rolls a face no die has: {turn.dice}")
    table.coins[seat] -= spent
    table.discard += spent
    faces = list(turn.dice)
    if coming_back and not turn.coin_start:
        if ACE_FACE not in faces:
            if turn.outcome != "no-start" or turn.number:
                problems.append("re-enters without an ace or a coin")
            return problems
        faces.remove(ACE_FACE)
    if coming_back:
        table.out[seat] = False
    if turn.number:
        return problems + _check_move(table, turn, faces)
    return problems + _check_no_move(table, turn, faces, coming_back)


def _check_move(table: _Table, turn: TurnRecord, faces: list[int]) -> list[str]:
    seat = turn.seat
    if turn.number not in faces:
        return [f"moves {turn.number}, which it did not roll (dice {faces})"]
    steps = tuple(LETTERS[letter] for letter in turn.headings)
    turns = _turns_of(steps)
    if turns is None or turns > faces.count(NULL_FACE):
        return [f"turns more than its {faces.count(NULL_FACE)} nulls allow ({turn.headings})"]
    walk = table.walk(seat, steps, turn.number)
    if walk.used != len(steps):
        return ["goes on after leaving the track"]
    if walk.how not in ("moved", "landed", "off", "finish"):
        return [f"makes a move the rules forbid ({walk.how}: {turn.headings})"]
    if walk.how != turn.outcome:
        return [f"records {turn.outcome!r} where the move ends {walk.how!r}"]
    table.where[seat] = walk.end
    if walk.how == "off":
        table.out[seat] = True
    if walk.landed is not None:
        table.out[walk.landed] = True
    return []


def _check_no_move(table: _Table, turn: TurnRecord, faces: list[int], optional: bool) -> list[str]:
    if turn.outcome not in ("stay", "wipe-out"):
        return [f"records {turn.outcome!r} without moving"]
    if optional and turn.outcome == "stay":
        return []
    if all(face == NULL_FACE for face in faces):
        return [] if turn.outcome == "stay" else ["wipes out on a roll of nulls"]
    walks = _every_move(table, turn.seat, faces)
    held = any(
        walk.how == "ramp" and max(faces) <= table.course.height(table.tile[walk.end]) for walk in walks
    )
    if held:
        return [] if turn.outcome == "stay" else ["wipes out though the ramp held it back"]
    if any(walk.how in ("moved", "landed", "off", "finish") for walk in walks):
        return ["does not move though it could"]
    if turn.outcome == "stay":
        return ["stays though no ramp held it back and it could not move"]
    table.out[turn.seat] = True
    return []
