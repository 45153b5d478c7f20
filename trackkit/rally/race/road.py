"""The rally road as the cars drive it: spaces, lanes, Gates and lines.

The rulebook shows its track cards only in pictures, so trackkit gives every
card a *shape* of its own (a reading recorded in ``docs/rules.md``): a few
*rows* across the road, each row one space per *lane*.  A car moves
**forward** (to the next row, in its lane) or **sideways** (to the next lane
of its row), one space a move.  Where the road narrows from three lanes to
two, the outer lane's forward move runs diagonally into the lane beside it
(the arrow the rules allow: "You may not move your car diagonally, except
when indicated by an arrow on the track").

* A **Gate** stands across one lane at the front of a row; passing it (the
  forward move into that space) costs Control tokens equal to its *cost*
  (1 yellow, 2 orange, 3 red).
* A **solid white line** between two lanes of a row forbids sideways moves
  there ("You may not move sideways through a solid white line").
* A **Checkpoint line** runs across a Checkpoint card between its first and
  second row; a car passes it by moving from the first row on.
* The first row of a **Jump** card is its ramp.

The whole course becomes one list of rows; a *space* is numbered
``row * WIDTH + lane``, so the engine and the checker work on small ints.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from trackkit.errors import CircuitError
from trackkit.rally.deck import CHECKPOINT, JUMP, START, THREE_LANE

__all__ = [
    "DEFAULT_SHAPE",
    "GATE_COSTS",
    "MAX_ROWS",
    "SHAPES",
    "START_SPACES",
    "WIDTH",
    "CardShape",
    "Road",
    "ShapeTable",
    "build_road",
    "check_raceable",
    "shape_of",
    "shape_problems",
    "team_reach",
]

WIDTH = 3
"""The most lanes a card has (the Start and 3-lane cards)."""

MAX_ROWS = 8
"""The most rows a card shape may have (a card is short: trackkit's have 2 to 4)."""

GATE_COSTS = (1, 2, 3)
"""What a Gate may cost in Control ("The number in the circle is the Gate
cost"): yellow, orange or red, read as 1, 2 (the rules' example of an
orange Gate) and 3."""

START_SPACES = 12
"""The spaces the Start card must hold: two cars for each of up to six players."""


@dataclass(frozen=True)
class CardShape:
    """How a card is laid out: ``rows`` rows of ``lanes`` spaces (lane 0 is
    the left-hand lane in the direction of travel); ``gates`` maps
    ``(row, lane)`` to the cost of the Gate in front of that space;
    ``walls`` lists the ``(row, lane)`` with a solid white line between
    ``lane`` and ``lane + 1``."""

    rows: int
    lanes: int
    gates: tuple[tuple[int, int, int], ...] = ()
    walls: tuple[tuple[int, int], ...] = ()


SHAPES: dict[str, CardShape] = {
    START: CardShape(4, 3),
    THREE_LANE: CardShape(3, 3),
    CHECKPOINT: CardShape(2, 2),
    JUMP: CardShape(2, 2),
    "straight": CardShape(3, 2),
    "left-curve": CardShape(3, 2, gates=((1, 0, 2), (1, 1, 1))),
    "right-curve": CardShape(3, 2, gates=((1, 0, 1), (1, 1, 2))),
    "s-bend": CardShape(4, 2, gates=((1, 0, 2), (1, 1, 1), (3, 0, 1), (3, 1, 2))),
    "hairpin": CardShape(3, 2, gates=((1, 0, 3), (1, 1, 2)), walls=((1, 0),)),
    "chicane": CardShape(3, 2, gates=((1, 0, 2), (1, 1, 2)), walls=((1, 0),)),
    "crest": CardShape(3, 2, gates=((1, 0, 1), (1, 1, 1))),
    "water-splash": CardShape(3, 2, gates=((1, 0, 1), (1, 1, 2))),
}
"""The shape of each card trackkit knows by name (see ``docs/rules.md``)."""

DEFAULT_SHAPE = SHAPES["straight"]
"""The shape of a card whose name trackkit does not know: a plain straight."""

ShapeTable = Mapping[str, CardShape]
"""Card shapes by card name, given by the players (a ``--shapes`` file):
each replaces the shape trackkit gives that name."""


def shape_problems(name: str, shape: CardShape) -> list[str]:
    """Everything that keeps ``shape`` from being raced as card ``name``:
    rows, lanes, Gates and lines off the card, a Gate of no colour, a Start
    card too small for every car, a Checkpoint with no room for its line.
    Rows and lanes are counted from 1 in the words."""
    problems = []
    if not 1 <= shape.rows <= MAX_ROWS:
        problems.append(f"has {shape.rows} rows; a card has 1 to {MAX_ROWS}")
    if not 1 <= shape.lanes <= WIDTH:
        problems.append(f"has {shape.lanes} lanes; a card has 1 to {WIDTH}")
    for row, lane, cost in shape.gates:
        if not (0 <= row < shape.rows and 0 <= lane < shape.lanes):
            problems.append(f"has a Gate at row {row + 1}, lane {lane + 1}, off the card")
        if cost not in GATE_COSTS:
            problems.append(f"has a Gate costing {cost}; a Gate costs 1 (yellow), 2 (orange) or 3 (red)")
    spaces = [(row, lane) for row, lane, _ in shape.gates]
    if len(set(spaces)) < len(spaces):
        problems.append("has two Gates in front of one space")
    for row, lane in shape.walls:
        if not (0 <= row < shape.rows and 0 <= lane < shape.lanes - 1):
            problems.append(
                f"has a white line right of row {row + 1}, lane {lane + 1}, not between two lanes"
            )
    if name == START and shape.rows * shape.lanes < START_SPACES:
        problems.append(f"holds {shape.rows * shape.lanes} cars; the Start card must hold {START_SPACES}")
    if name == CHECKPOINT and shape.rows < 2:
        problems.append("needs 2 rows or more: its Checkpoint line runs between its first and second row")
    return problems


def shape_of(name: str, shapes: ShapeTable | None = None) -> CardShape:
    """The shape card ``name`` races with: the players' own from ``shapes``
    if they gave one, else trackkit's (:data:`SHAPES`, or :data:`DEFAULT_SHAPE`)."""
    if shapes is not None and name in shapes:
        return shapes[name]
    return SHAPES.get(name, DEFAULT_SHAPE)


@dataclass(frozen=True)
class Road:
    """A course as rows of spaces.

    ``lanes[r]`` is the width of row ``r`` and ``card[r]`` the course
    position of its card; ``first_row[c]`` is card ``c``'s first row;
    ``gate[s]`` the Gate cost of entering space ``s`` by a forward move;
    ``wall[s]`` whether a solid white line stands on the right of space
    ``s``; ``lines`` the rows after which each Checkpoint line runs, in
    course order (the last is the final one); ``ramps`` the ramp rows of the
    Jumps; ``cards`` the card names in course order."""

    cards: tuple[str, ...]
    lanes: tuple[int, ...]
    card: tuple[int, ...]
    first_row: tuple[int, ...]
    gate: tuple[int, ...]
    wall: tuple[bool, ...]
    lines: tuple[int, ...]
    ramps: tuple[int, ...]
    forward: tuple[int, ...] = ()
    """``forward[s]``: the space a forward move from ``s`` reaches, -1 for none."""
    sideways: tuple[tuple[int, ...], ...] = ()
    """``sideways[s]``: the spaces a sideways move from ``s`` reaches."""

    @property
    def rows(self) -> int:
        return len(self.lanes)

    @property
    def finish_line(self) -> int:
        """The row after which the final Checkpoint line runs."""
        return self.lines[-1]

    def rows_laid(self, laid: int) -> int:
        """How many rows lie on the table when ``laid`` cards do."""
        return self.first_row[laid] if laid < len(self.first_row) else self.rows

    def space(self, row: int, lane: int) -> int:
        return row * WIDTH + lane

    def on_road(self, space: int) -> bool:
        """Whether ``space`` is a real space (its lane exists in its row)."""
        row, lane = divmod(space, WIDTH)
        return 0 <= row < self.rows and lane < self.lanes[row]

    def ahead(self, space: int) -> int | None:
        """The space a forward move from ``space`` reaches (``None`` past
        the last row)."""
        found = self.forward[space]
        return None if found < 0 else found

    def beside(self, space: int) -> tuple[int, ...]:
        """The spaces a sideways move from ``space`` reaches."""
        return self.sideways[space]


def _forward(lanes: Sequence[int], space: int) -> int:
    """The forward neighbour of ``space``: the same lane of the next row; the
    outer lane of a narrowing road runs diagonally into the lane beside it."""
    row, lane = divmod(space, WIDTH)
    if row + 1 >= len(lanes) or lane >= lanes[row]:
        return -1
    return (row + 1) * WIDTH + min(lane, lanes[row + 1] - 1)


def _sideways(lanes: Sequence[int], walls: set[int], space: int) -> tuple[int, ...]:
    """The sideways neighbours of ``space``: the lanes beside it in its row,
    unless a solid white line stands between."""
    row, lane = divmod(space, WIDTH)
    if lane >= lanes[row]:
        return ()
    found = []
    if lane > 0 and space - 1 not in walls:
        found.append(space - 1)
    if lane + 1 < lanes[row] and space not in walls:
        found.append(space + 1)
    return tuple(found)


def check_raceable(course: Sequence[str]) -> None:
    """"When the last car has passed through the final Checkpoint, all
    players total up the values of the scoring cards": a race needs a
    Checkpoint to end at, and a card after the one the cars line up on.  A
    course without either breaks the rules ``validate`` reports
    (``rally/end``, ``rally/opening``); racing it is refused with
    :class:`~trackkit.errors.CircuitError` before any race is played."""
    if CHECKPOINT not in course:
        raise CircuitError(
            "a rally race ends at the final Checkpoint, and this course has none;"
            " end it with a checkpoint card"
        )
    if len(course) < 2:
        raise CircuitError("a rally race needs a card after the Start to drive on; this course has one card")


def build_road(course: Sequence[str], shapes: ShapeTable | None = None) -> Road:
    """The rows of ``course`` (card names in course order), each card laid
    out by its shape (:func:`shape_of`: the players' ``shapes`` first)."""
    lanes: list[int] = []
    card: list[int] = []
    first_row: list[int] = []
    gates: dict[int, int] = {}
    walls: set[int] = set()
    lines: list[int] = []
    ramps: list[int] = []
    for index, name in enumerate(course):
        shape = shape_of(name, shapes)
        top = len(lanes)
        first_row.append(top)
        lanes += [shape.lanes] * shape.rows
        card += [index] * shape.rows
        for row, lane, cost in shape.gates:
            gates[(top + row) * WIDTH + lane] = cost
        for row, lane in shape.walls:
            walls.add((top + row) * WIDTH + lane)
        if name == CHECKPOINT:
            lines.append(top)
        if name == JUMP:
            ramps.append(top)
    size = len(lanes) * WIDTH
    return Road(
        cards=tuple(course),
        lanes=tuple(lanes),
        card=tuple(card),
        first_row=tuple(first_row),
        gate=tuple(gates.get(space, 0) for space in range(size)),
        wall=tuple(space in walls for space in range(size)),
        lines=tuple(lines),
        ramps=tuple(ramps),
        forward=tuple(_forward(lanes, space) for space in range(size)),
        sideways=tuple(_sideways(lanes, walls, space) for space in range(size)),
    )


def team_reach(road: Road, rear: int, limit: int) -> frozenset[int]:
    """The spaces a car on ``rear`` reaches in ``limit`` moves or fewer,
    forward or sideways, Gates and cars ignored."""
    frontier = {rear}
    for _ in range(limit):
        step: set[int] = set()
        for space in frontier:
            if road.forward[space] >= 0:
                step.add(road.forward[space])
            step.update(road.sideways[space])
        frontier = step | frontier
    return frozenset(frontier)
