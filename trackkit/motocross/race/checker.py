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
* the race ends when a bike crosses the finish line: a record that stops
  before any bike has crossed it is a race cut off, and no turn follows it.

Every problem names the turn and the seat, says what the turn did and
quotes the sentence of the rulebook it breaks (see
:mod:`trackkit.motocross.race.rulebook`).  :func:`check_race` returns every
problem found (an empty list for a clean race).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from trackkit.findings import broken
from trackkit.motocross.course import Course
from trackkit.motocross.race import rulebook as rule
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
            return [*problems, f"{where}: " + broken("plays after the race was won", rule.FINISH)]
        if turn.seat != index % riders:
            wrong = broken(f"seat {index % riders + 1} was to play", rule.TURN_ORDER)
            return [*problems, f"{where}: {wrong}"]
        found = _check_turn(table, turn)
        problems += [f"{where}: {problem}" for problem in found]
        finished = turn.outcome == "finish"
    if not finished:
        cut = f"the race ends after {len(record.turns)} turns with no bike across the finish line"
        problems.append(broken(cut, rule.FINISH))
    return problems


def _check_start(table: _Table, record: RaceRecord) -> list[str]:
    """The bikes on the starting tile and the coins dealt."""
    problems = []
    start = set(footprint(record.course.centres[0]))
    if len(set(record.starts)) != len(record.starts) or not set(record.starts) <= start:
        problems.append(
            broken("the bikes do not start on different spaces of the starting tile", rule.STARTING_TILE)
        )
    dealt = record.course.packs * (COINS_PER_PACK // 2) // len(record.drivers)
    if record.coins != dealt:
        problems.append(broken(f"each rider holds {record.coins} coins, not the {dealt} dealt", rule.COINS))
    return problems


def _check_turn(table: _Table, turn: TurnRecord) -> list[str]:
    """A pass, a wait beside a taken space, or a roll."""
    seat = turn.seat
    taken = table.out[seat] and table.bike_on(table.where[seat], seat) is not None
    if turn.action == "wait":
        if not taken:
            return [broken("waits though its space is free or its bike is on the track", rule.TAKEN)]
        if turn.drew_coin != (table.discard > 0):
            drew = "draws a coin" if turn.drew_coin else "draws no coin"
            return [broken(f"{drew} with {table.discard} discarded", rule.TAKEN)]
        if turn.drew_coin:
            table.discard -= 1
            table.coins[seat] += 1
        return []
    if turn.action == "pass":
        return [broken("passes though its space is taken", rule.TAKEN)] if taken else []
    if turn.action != "roll":
        return [f"unknown action {turn.action!r}"]
    if taken:
        return [broken("tries to re-enter onto a space another bike stands on", rule.TAKEN)]
    return _check_roll(table, turn)


def _check_roll(table: _Table, turn: TurnRecord) -> list[str]:
    """The coins spent and the dice rolled, then the re-entry and the move."""
    seat = turn.seat
    coming_back = table.out[seat]
    problems = _check_dice(table, turn, coming_back)
    spent = turn.extra + int(turn.coin_start)
    table.coins[seat] -= spent
    table.discard += spent
    faces = list(turn.dice)
    if turn.outcome == "no-start":
        return problems + _check_no_start(turn, coming_back)
    if coming_back and not turn.coin_start:
        if ACE_FACE not in faces:
            return [
                *problems,
                broken(f"re-enters with no ace in {list(turn.dice)} and no coin", rule.NO_START),
            ]
        faces.remove(ACE_FACE)
    if coming_back:
        table.out[seat] = False
    if turn.number:
        return problems + _check_move(table, turn, faces)
    return problems + _check_no_move(table, turn, faces, coming_back)


def _check_dice(table: _Table, turn: TurnRecord, coming_back: bool) -> list[str]:
    """As many dice as the bike's place and the coins spent, each a real face."""
    seat = turn.seat
    problems = []
    if turn.coin_start and not coming_back:
        problems.append(broken("spends a coin to re-enter while on the track", rule.RE_ENTER))
    spent = turn.extra + int(turn.coin_start)
    if spent > table.coins[seat]:
        problems.append(broken(f"spends {spent} coins holding {table.coins[seat]}", rule.EXTRA))
    place = table.place(seat)
    if len(turn.dice) > MOST_DICE:
        problems.append(broken(f"rolls {len(turn.dice)} dice", rule.MOST_DICE))
    elif len(turn.dice) != place + turn.extra:
        problems.append(
            broken(f"rolls {len(turn.dice)} dice in place {place} with {turn.extra} coins", rule.DICE)
        )
    if any(not NULL_FACE <= face <= HIGHEST_FACE for face in turn.dice):
        problems.append(broken(f"rolls a face no die has: {list(turn.dice)}", rule.FACES))
    return problems


def _check_no_start(turn: TurnRecord, coming_back: bool) -> list[str]:
    """A bike that does not start: only off the track, with no ace and no coin."""
    if not coming_back:
        return [broken("records a no-start though its bike is on the track", rule.CHOOSE)]
    if turn.coin_start:
        return [broken("records a no-start though it discarded a coin to re-enter", rule.KICK_START)]
    if ACE_FACE in turn.dice:
        return [broken(f"records a no-start though it rolled an ace ({list(turn.dice)})", rule.ACE)]
    if turn.number or turn.headings:
        return [broken("moves though its bike did not start", rule.NO_START)]
    return []


FORBIDDEN = {"back": rule.WAY_ON, "bike": rule.BIKE, "ramp": rule.RAMP, "short": rule.ONE_NUMBER}
"""The rule a walk that ends ``back``, ``bike``, ``ramp`` or ``short`` breaks."""

ENDINGS = {"moved": rule.ONE_NUMBER, "landed": rule.LANDED, "off": rule.RUN_OFF, "finish": rule.FINISH}
"""The rule that says how a legal move ends, for a record that says otherwise."""


def _check_move(table: _Table, turn: TurnRecord, faces: list[int]) -> list[str]:
    """A move of one rolled number, step by step, ending as recorded."""
    seat = turn.seat
    if turn.number not in faces:
        return [broken(f"moves {turn.number}, which it did not roll (dice {faces})", rule.ONE_NUMBER)]
    steps = tuple(LETTERS[letter] for letter in turn.headings)
    turns = _turns_of(steps)
    if turns is None or turns > faces.count(NULL_FACE):
        return [
            broken(f"turns more than its {faces.count(NULL_FACE)} nulls allow ({turn.headings})", rule.NULLS)
        ]
    if len(steps) > turn.number:
        return [broken(f"takes {len(steps)} steps with a {turn.number}", rule.ONE_NUMBER)]
    walk = table.walk(seat, steps, turn.number)
    if walk.how in FORBIDDEN:
        return [broken(_forbidden_words(table, turn, walk), FORBIDDEN[walk.how])]
    if walk.used != len(steps):
        return [broken(f"goes on after leaving the track ({turn.headings})", rule.RUN_OFF)]
    if walk.how != turn.outcome:
        return [broken(f"records {turn.outcome!r} where the move ends {walk.how!r}", ENDINGS[walk.how])]
    table.where[seat] = walk.end
    if walk.how == "off":
        table.out[seat] = True
    if walk.landed is not None:
        table.out[walk.landed] = True
    return []


def _forbidden_words(table: _Table, turn: TurnRecord, walk: _Walk) -> str:
    """What a move the rules forbid does, step by step, in words."""
    step = f"step {walk.used + 1} of {turn.headings}"
    if walk.how == "back":
        return f"{step} moves away from the next tile"
    if walk.how == "bike":
        return f"{step} moves into or through a bike on the ground"
    if walk.how == "ramp":
        tile = table.tile[walk.end]
        height = table.course.height(tile)
        return f"{step} crosses the {height}-high jump ramp of tile {tile} with a {turn.number}"
    return f"moves {turn.number} but takes only {len(turn.headings)} steps"


def _check_no_move(table: _Table, turn: TurnRecord, faces: list[int], optional: bool) -> list[str]:
    """A roll that moved nothing: a stay the rules allow, or a wipe-out
    where the bike stands when every move runs into a bike."""
    if turn.outcome not in ("stay", "wipe-out"):
        return [broken(f"records {turn.outcome!r} without moving", rule.ONE_NUMBER)]
    if optional and turn.outcome == "stay":
        return []
    if all(face == NULL_FACE for face in faces):
        return [] if turn.outcome == "stay" else [broken("wipes out on a roll of nulls", rule.WIPE_OUT)]
    walks = _every_move(table, turn.seat, faces)
    held = any(
        walk.how == "ramp" and max(faces) <= table.course.height(table.tile[walk.end]) for walk in walks
    )
    if held:
        return (
            []
            if turn.outcome == "stay"
            else [broken("wipes out though a ramp held it back", rule.RAMP_HOLDS)]
        )
    if any(walk.how in ("moved", "landed", "off", "finish") for walk in walks):
        return [broken(f"does not move though a number of {faces} could", rule.ONE_NUMBER)]
    if turn.outcome == "stay":
        return [broken("stays though no ramp held it back and it could not move", rule.WIPE_OUT)]
    table.out[turn.seat] = True
    return []
