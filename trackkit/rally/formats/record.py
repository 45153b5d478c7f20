"""The rally record: one race written move by move, as a PPN game.

The metadata is every record's (:mod:`trackkit.layoutfile.records`): the
seed and race number, ``laps: 1``, the drivers by seat (seat 1 the
starting player) and the whole deck raced on.  A rally card has no place
on a piecepack grid, so the movetext tells the race in comments, one fact
a line (described for players in ``docs/simulation.md``); this module
writes it, :mod:`trackkit.rally.formats.record_read` reads it back::

    ...
    setup. {skills: base}
    {expansion: no}
    {shape hairpin: 3 rows, 2 lanes; gates 2.1=3 2.2=3; walls 2.1}
    {seat 1: 3 Fuel, 3 Control; Turbo, Best Line, Stunt Driver, All In}
    {seat 2: 3 Fuel, 4 Control; Turbo, Best Line, Stunt Driver, All In}
    1. {seat 1: place 1a 0.4.1, 1b 0.4.2 | 1a 0.4.1 1.1.1 1.2.1 | roll 2 5 1 3 1 4; fuel 1 2 3; control 4}
    ...
    {scores: 37, 33}
    {winner: seat 2}

* A *car* is its seat and ``a`` or ``b``: ``1a`` and ``1b`` are the
  starting player's.
* A *space* is ``card.row.lane``: the card's course position (0 is the Start
  card, as ``trackkit info`` numbers them), the row on the card from 1
  (nearest the start) and the lane from 1 (the left-hand lane); ``out`` is
  past the final Checkpoint line.
* ``skills`` is the Skills mode the hands were dealt by (``none``, ``base``
  or ``advanced``); ``expansion`` says whether the expansion's extra track
  cards (and its Skills cards) were in use (``yes`` or ``no``; a record
  without it reads as ``yes``, the looser setup).
* A ``shape`` line gives a card shape the players gave their own
  (``simulate --shapes``), used for every card of that name: its rows and
  lanes, each Gate as ``row.lane=cost`` and each solid white line as the
  ``row.lane`` it stands right of (rows and lanes from 1); a record with no
  such line was raced on trackkit's shapes.
* A seat line gives the seat's starting tokens and Skills cards (``-``
  for none); its driver is the metadata's.
* A turn's parts are separated by ``|``: ``play`` the Skills cards played
  before moving; ``place`` the cars put on the Start card on the first turn;
  one part per Fuel token (the car, the spaces from where it stood to where
  it stopped, ``ghost`` when it ghosted, ``jump KIND SPACE`` when it jumped
  from the ramp: ``behind``, ``first`` or ``stunt``); ``roll`` the dice
  (``roll all-in`` with All In), each ``reroll`` (the dice's places, from 1,
  and their new faces) and the two Combos taken as ``fuel`` and ``control``.

Records written before records were PPN are plain text, one fact a line,
opening with :data:`HEADER` (``turn N, seat S: ...`` for a turn, the
course and each seat's driver in lines of their own); they still read.
"""

from __future__ import annotations

from typing import Any

from trackkit.layoutfile.records import head_lines, ppn_text
from trackkit.play import Standing, Token
from trackkit.rally.game import OLD_HEADER
from trackkit.rally.race.record import FINISHED, MoveRecord, RallyRecord, RollRecord, TurnRecord
from trackkit.rally.race.road import WIDTH, CardShape, Road, build_road

__all__ = [
    "HEADER",
    "MAX_RECORD_TURNS",
    "MAX_TURN_PARTS",
    "OUT",
    "RallyRecordFile",
    "rally_captions",
    "rally_record_text",
    "rally_standings",
]

HEADER = OLD_HEADER
"""The first line of every rally record written before records were PPN."""

MAX_RECORD_TURNS = 5000
"""The most turns a record may hold (a real race has well under 200)."""

MAX_TURN_PARTS = 64
"""The most parts a turn line may hold (a real turn has at most eight Fuel
moves, as nobody keeps more than eight Fuel tokens, and four other parts)."""

OUT = "out"
"""A space past the final Checkpoint line, in a record."""


class RallyRecordFile:
    """A record read back: the race and the facts around it."""

    def __init__(self, record: RallyRecord, name: str | None, seed: int, race: int, skills: str) -> None:
        self.record = record
        self.name = name
        self.seed = seed
        self.race = race
        self.skills = skills


def _car(car: int) -> str:
    return f"{car // 2 + 1}{'ab'[car % 2]}"


def _space(road: Road, space: int) -> str:
    if space == FINISHED:
        return OUT
    row, lane = divmod(space, WIDTH)
    card = road.card[row]
    return f"{card}.{row - road.first_row[card] + 1}.{lane + 1}"


def _faces(dice: tuple[int, ...]) -> str:
    return " ".join(str(face) for face in dice)


def _move_text(road: Road, move: MoveRecord) -> str:
    steps = move.path[:-1] if move.jump else move.path
    words = [_car(move.car), *(_space(road, space) for space in steps)]
    if move.ghost:
        words.append("ghost")
    if move.jump:
        words += ["jump", move.jump, _space(road, move.path[-1])]
    return " ".join(words)


def _roll_text(roll: RollRecord) -> str:
    parts = [("roll all-in " if roll.all_in else "roll ") + _faces(roll.rolls[0])]
    for chosen, faces in zip(roll.rerolled, roll.rolls[1:]):
        parts.append(f"reroll {' '.join(str(index + 1) for index in chosen)}: {_faces(faces)}")
    parts += [f"fuel {_faces(roll.fuel)}", f"control {_faces(roll.control)}"]
    return "; ".join(parts)


def _turn_text(road: Road, number: int, turn: TurnRecord) -> str:
    """A turn as a replay shows it: ``turn N, seat S: PARTS``."""
    return f"turn {number}, {_turn_body(road, turn)}"


def _turn_body(road: Road, turn: TurnRecord) -> str:
    """A turn's seat and parts: ``seat S: place ... | roll ...``."""
    parts = []
    if turn.played:
        parts.append("play " + ", ".join(turn.played))
    if turn.placed:
        parts.append("place " + ", ".join(f"{_car(car)} {_space(road, space)}" for car, space in turn.placed))
    parts += [_move_text(road, move) for move in turn.moves]
    if turn.roll is not None:
        parts.append(_roll_text(turn.roll))
    return f"seat {turn.seat + 1}: " + " | ".join(parts)


def _shape_text(name: str, shape: CardShape) -> str:
    words = f"shape {name}: {shape.rows} rows, {shape.lanes} lanes"
    if shape.gates:
        words += "; gates " + " ".join(f"{row + 1}.{lane + 1}={cost}" for row, lane, cost in shape.gates)
    if shape.walls:
        words += "; walls " + " ".join(f"{row + 1}.{lane + 1}" for row, lane in shape.walls)
    return words


def rally_record_text(
    record: RallyRecord, *, deck: Any, deck_text: str, seed: int, race: int, skills: str
) -> str:
    """``record``, raced on ``deck`` (whose file holds ``deck_text``), as a PPN record."""
    road = build_road(record.course, dict(record.shapes))
    title = deck.name or "a rally deck"
    notes = (
        f"race {race} of seed {seed}: {record.players} players, two cars each, Skills cards {skills};"
        " written by trackkit"
    )
    head = head_lines(f"rally race on {title}", notes, seed, race, 1, record.drivers, deck_text)
    lines = [f"skills: {skills}"]
    if record.expansion is not None:
        lines.append(f"expansion: {'yes' if record.expansion else 'no'}")
    lines += [_shape_text(card, shape) for card, shape in record.shapes]
    for seat, (fuel, control) in enumerate(record.tokens):
        hand = ", ".join(record.hands[seat]) or "-"
        lines.append(f"seat {seat + 1}: {fuel} Fuel, {control} Control; {hand}")
    moves = [f"{{{line}}}" for line in lines]
    moves[0] = "setup. " + moves[0]
    moves += [f"{number}. {{{_turn_body(road, turn)}}}" for number, turn in enumerate(record.turns, 1)]
    moves.append("{scores: " + ", ".join(str(score) for score in record.scores) + "}")
    moves.append(f"{{winner: seat {record.winner + 1}}}")
    return ppn_text(head, "\n".join(moves) + "\n")


def rally_captions(record: RallyRecord) -> list[str]:
    """The captions of a replay's frames: before the first turn, then each
    turn's line (``turn 1, seat 1: place ...``)."""
    road = build_road(record.course, dict(record.shapes))
    turns = (_turn_text(road, number, turn) for number, turn in enumerate(record.turns, 1))
    return ["before the first turn", *turns]


def rally_standings(record: RallyRecord) -> list[Standing]:
    """Where every car stands before the first turn and after each (``-``
    for a car not yet placed), by car (``1a``, ``1b``, ``2a``...)."""
    road = build_road(record.course, dict(record.shapes))
    spaces: list[int | None] = [None] * (2 * record.players)
    found = [_standing(road, spaces)]
    for turn in record.turns:
        for car, space in turn.placed:
            if 0 <= car < len(spaces):
                spaces[car] = space
        for move in turn.moves:
            if 0 <= move.car < len(spaces):
                spaces[move.car] = move.path[-1]
        found.append(_standing(road, spaces))
    return found


def _standing(road: Road, spaces: list[int | None]) -> Standing:
    """Each car and the space it stands on (``-``: not yet placed)."""
    return {_car(car): Token("-" if at is None else _space(road, at)) for car, at in enumerate(spaces)}
