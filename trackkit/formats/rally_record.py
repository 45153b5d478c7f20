"""The rally record: one race written move by move, and read back.

Our own plain-text format (described for players in ``docs/simulation.md``).
Each line is one fact; a ``#`` line is a comment::

    trackkit-rally-record 1
    name: Rally base game deck
    seed: 3
    race: 1
    skills: base
    course: start, 3-lane, s-bend, left-curve, straight, checkpoint, ...
    shape hairpin: 3 rows, 2 lanes; gates 2.1=3 2.2=3; walls 2.1
    seat 1: bold; 3 Fuel, 3 Control; Turbo, Best Line, Stunt Driver, All In
    seat 2: cautious; 3 Fuel, 4 Control; Turbo, Best Line, Stunt Driver, All In
    turn 1, seat 1: place 1a 0.4.1, 1b 0.4.2 | 1a 0.4.1 1.1.1 1.2.1 | roll 2 5 1 3 1 4; fuel 1 2 3; control 4
    ...
    scores: 37, 33
    winner: seat 2

* A *car* is its seat and ``a`` or ``b``: ``1a`` and ``1b`` are the
  starting player's.
* A *space* is ``card.row.lane``: the card's course position (0 is the Start
  card, as ``trackkit info`` numbers them), the row on the card from 1
  (nearest the start) and the lane from 1 (the left-hand lane); ``out`` is
  past the final Checkpoint line.
* A ``shape`` line gives a card shape the players gave their own
  (``simulate --shapes``), used for every card of that name: its rows and
  lanes, each Gate as ``row.lane=cost`` and each solid white line as the
  ``row.lane`` it stands right of (rows and lanes from 1); a record with no
  such line was raced on trackkit's shapes.
* A turn's parts are separated by ``|``: ``play`` the Skills cards played
  before moving; ``place`` the cars put on the Start card on the first turn;
  one part per Fuel token (the car, the spaces from where it stood to where
  it stopped, ``ghost`` when it ghosted, ``jump KIND SPACE`` when it jumped
  from the ramp: ``behind``, ``first`` or ``stunt``); ``roll`` the dice
  (``roll all-in`` with All In), each ``reroll`` (the dice's places, from 1,
  and their new faces) and the two Combos taken as ``fuel`` and ``control``.
"""

from __future__ import annotations

import re

from trackkit.errors import LayoutError
from trackkit.rally.race.record import FINISHED, JUMPS, MoveRecord, RallyRecord, RollRecord, TurnRecord
from trackkit.rally.race.road import WIDTH, CardShape, Road, build_road, shape_problems

__all__ = [
    "HEADER",
    "MAX_RECORD_TURNS",
    "MAX_TURN_PARTS",
    "RallyRecordFile",
    "rally_frames",
    "rally_record_text",
    "read_rally_record",
]

HEADER = "trackkit-rally-record 1"
"""The first line of every rally record."""

MAX_RECORD_TURNS = 5000
"""The most turns a record may hold (a real race has well under 200)."""

MAX_TURN_PARTS = 64
"""The most parts a turn line may hold (a real turn has at most eight Fuel
moves, as nobody keeps more than eight Fuel tokens, and four other parts)."""

_OUT = "out"


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
        return _OUT
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
    parts = []
    if turn.played:
        parts.append("play " + ", ".join(turn.played))
    if turn.placed:
        parts.append("place " + ", ".join(f"{_car(car)} {_space(road, space)}" for car, space in turn.placed))
    parts += [_move_text(road, move) for move in turn.moves]
    if turn.roll is not None:
        parts.append(_roll_text(turn.roll))
    return f"turn {number}, seat {turn.seat + 1}: " + " | ".join(parts)


def _shape_text(name: str, shape: CardShape) -> str:
    words = f"shape {name}: {shape.rows} rows, {shape.lanes} lanes"
    if shape.gates:
        words += "; gates " + " ".join(f"{row + 1}.{lane + 1}={cost}" for row, lane, cost in shape.gates)
    if shape.walls:
        words += "; walls " + " ".join(f"{row + 1}.{lane + 1}" for row, lane in shape.walls)
    return words


def rally_record_text(record: RallyRecord, *, name: str | None, seed: int, race: int, skills: str) -> str:
    """``record`` in the rally record format."""
    road = build_road(record.course, dict(record.shapes))
    lines = [HEADER, "# one rally race move by move; see docs/simulation.md"]
    if name:
        lines.append(f"name: {name}")
    lines += [f"seed: {seed}", f"race: {race}", f"skills: {skills}", "course: " + ", ".join(record.course)]
    lines += [_shape_text(card, shape) for card, shape in record.shapes]
    for seat, driver in enumerate(record.drivers):
        fuel, control = record.tokens[seat]
        hand = ", ".join(record.hands[seat]) or "-"
        lines.append(f"seat {seat + 1}: {driver}; {fuel} Fuel, {control} Control; {hand}")
    lines += [_turn_text(road, number, turn) for number, turn in enumerate(record.turns, 1)]
    lines.append("scores: " + ", ".join(str(score) for score in record.scores))
    lines.append(f"winner: seat {record.winner + 1}")
    return "\n".join(lines) + "\n"


def rally_frames(record: RallyRecord) -> list[str]:
    """The race turn by turn for a replay: before the first turn, then after
    each turn its line (as in the record) and where every car stands."""
    road = build_road(record.course, dict(record.shapes))
    spaces: list[int | None] = [None] * (2 * record.players)
    frames = [_standing(road, spaces, "before the first turn")]
    for number, turn in enumerate(record.turns, 1):
        for car, space in turn.placed:
            if 0 <= car < len(spaces):
                spaces[car] = space
        for move in turn.moves:
            if 0 <= move.car < len(spaces):
                spaces[move.car] = move.path[-1]
        frames.append(_standing(road, spaces, _turn_text(road, number, turn)))
    return frames


def _standing(road: Road, spaces: list[int | None], caption: str) -> str:
    cars = "  ".join(
        f"{_car(car)} {'-' if space is None else _space(road, space)}" for car, space in enumerate(spaces)
    )
    return f"{caption}\n  cars: {cars}"


# -- reading -------------------------------------------------------------


class _Reader:
    """Reads a record line by line, raising located errors."""

    def __init__(self, text: str, file: str) -> None:
        self.file = file
        self.lines = [
            (number, line.rstrip())
            for number, line in enumerate(text.splitlines(), 1)
            if line.strip() and not line.lstrip().startswith("#")
        ]
        self.at = 0
        self.road: Road | None = None

    def error(self, number: int, message: str, hint: str | None = None) -> LayoutError:
        return LayoutError(message, file=self.file, line=number, column=1, hint=hint)

    def next(self, key: str) -> tuple[int, str]:
        """The value of the next line, which must start ``key:``."""
        if self.at >= len(self.lines):
            last = self.lines[-1][0] if self.lines else 1
            raise self.error(last, f"the record ends before its '{key}:' line")
        number, line = self.lines[self.at]
        if not line.startswith(f"{key}:"):
            raise self.error(number, f"expected a '{key}:' line, found {line[:40]!r}")
        self.at += 1
        return number, line[len(key) + 1 :].strip()

    def peek(self) -> str:
        return self.lines[self.at][1] if self.at < len(self.lines) else ""

    def integer(self, number: int, text: str, what: str) -> int:
        if not re.fullmatch(r"-?\d{1,12}", text):
            raise self.error(number, f"{what} must be a whole number, not {text[:20]!r}")
        return int(text)

    def space(self, number: int, text: str) -> int:
        assert self.road is not None
        if text == _OUT:
            return FINISHED
        match = re.fullmatch(r"(\d{1,4})\.(\d{1,2})\.(\d)", text)
        if not match:
            raise self.error(
                number, f"{text[:20]!r} is not a space", "write a space as card.row.lane, or out"
            )
        card, row, lane = (int(part) for part in match.groups())
        road = self.road
        if card >= len(road.first_row):
            raise self.error(number, f"{text!r} names card {card}; the course has {len(road.first_row)}")
        last = road.first_row[card + 1] if card + 1 < len(road.first_row) else road.rows
        absolute = road.first_row[card] + row - 1
        if not (row >= 1 and absolute < last and 1 <= lane <= road.lanes[absolute]):
            raise self.error(number, f"{text!r} is not a space of card {card} ({road.cards[card]})")
        return absolute * WIDTH + lane - 1

    def car(self, number: int, text: str, players: int) -> int:
        match = re.fullmatch(r"(\d{1,2})([ab])", text)
        if not match or not 1 <= int(match.group(1)) <= players:
            raise self.error(
                number,
                f"{text[:20]!r} is not a car",
                f"write a car as its seat and a or b (1a to {players}b)",
            )
        return 2 * (int(match.group(1)) - 1) + "ab".index(match.group(2))

    def faces(self, number: int, text: str) -> tuple[int, ...]:
        words = text.split()
        if not words or len(words) > 10 or any(not re.fullmatch(r"[1-6]", word) for word in words):
            raise self.error(number, f"{text[:30]!r} are not one to ten die faces (1 to 6)")
        return tuple(int(word) for word in words)


_SHAPE = re.compile(
    r"shape ([a-z0-9][a-z0-9-]{0,39}): (\d) rows, (\d) lanes"
    r"(?:; gates ([\d.= ]{1,150}))?(?:; walls ([\d. ]{1,120}))?"
)


def _shape_line(reader: _Reader, course: tuple[str, ...], given: list[str]) -> tuple[str, CardShape]:
    """One ``shape NAME: ...`` line: a card of the course, given once."""
    number, line = reader.lines[reader.at]
    reader.at += 1
    match = _SHAPE.fullmatch(line)
    if not match:
        raise reader.error(
            number,
            "a shape line reads 'shape NAME: R rows, L lanes; gates ROW.LANE=COST ...; walls ROW.LANE ...'",
        )
    card, rows, lanes, gates, walls = match.groups()
    if card not in course or card in given:
        raise reader.error(number, f"card {card!r} is not in the course, or its shape is given twice")
    gate_marks = _marks(reader, number, gates, r"([1-8])\.([1-3])=([1-3])", "a Gate reads ROW.LANE=COST")
    wall_marks = _marks(reader, number, walls, r"([1-8])\.([1-3])", "a white line reads ROW.LANE")
    shape = CardShape(
        int(rows),
        int(lanes),
        gates=tuple((row - 1, lane - 1, cost) for row, lane, cost in gate_marks),
        walls=tuple((row - 1, lane - 1) for row, lane in wall_marks),
    )
    problems = shape_problems(card, shape)
    if problems:
        raise reader.error(number, f"card {card!r} {problems[0]}")
    return card, shape


def _marks(reader: _Reader, number: int, text: str | None, pattern: str, form: str) -> list[tuple[int, ...]]:
    """The Gates or white lines of a shape line, each a tuple of its numbers."""
    found = []
    for word in (text or "").split():
        match = re.fullmatch(pattern, word)
        if not match:
            raise reader.error(number, f"{word[:20]!r} is not a place on a card: {form}")
        found.append(tuple(int(part) for part in match.groups()))
    return found


def _seat_line(reader: _Reader, seat: int) -> tuple[str, tuple[int, int], tuple[str, ...]]:
    number, value = reader.next(f"seat {seat + 1}")
    match = re.fullmatch(r"([a-z]{1,20}); (\d) Fuel, (\d) Control; (.*)", value)
    if not match:
        raise reader.error(number, "a seat line reads 'seat N: DRIVER; F Fuel, C Control; SKILLS CARDS'")
    driver, fuel, control, hand = match.groups()
    cards = () if hand.strip() == "-" else tuple(card.strip() for card in hand.split(","))
    return driver, (int(fuel), int(control)), cards


def _move(reader: _Reader, number: int, part: str, players: int) -> MoveRecord:
    words = part.split()
    car = reader.car(number, words[0], players)
    jump = ""
    landing: tuple[int, ...] = ()
    if "jump" in words:
        at = words.index("jump")
        if at + 3 != len(words) or words[at + 1] not in JUMPS:
            raise reader.error(number, f"a jump reads 'jump KIND SPACE' (KIND: {', '.join(JUMPS)})")
        jump, landing = words[at + 1], (reader.space(number, words[at + 2]),)
        words = words[:at]
    ghost = words[-1] == "ghost"
    if ghost:
        words = words[:-1]
    if len(words) < 2 or len(words) > 8:
        raise reader.error(number, f"car {words[0]}'s move must list where it stood and one to four spaces")
    path = tuple(reader.space(number, word) for word in words[1:])
    return MoveRecord(car, path + landing, ghost, jump)


def _roll(reader: _Reader, number: int, part: str) -> RollRecord:
    pieces = [piece.strip() for piece in part.split(";")]
    head = pieces[0].split(maxsplit=2)
    all_in = len(head) > 1 and head[1] == "all-in"
    first = reader.faces(number, pieces[0][len("roll all-in") if all_in else len("roll") :])
    rolls, rerolled = [first], []
    for piece in pieces[1:-2]:
        match = re.fullmatch(r"reroll ([\d ]{1,30}): ([\d ]{1,30})", piece)
        if not match:
            raise reader.error(number, f"{piece[:30]!r} is not a reroll", "write 'reroll PLACES: FACES'")
        chosen = tuple(reader.integer(number, word, "a die's place") - 1 for word in match.group(1).split())
        rerolled.append(chosen)
        rolls.append(reader.faces(number, match.group(2)))
    if len(pieces) < 3 or not pieces[-2].startswith("fuel ") or not pieces[-1].startswith("control "):
        raise reader.error(number, "a roll ends with the Combos taken: '; fuel FACES; control FACES'")
    fuel = reader.faces(number, pieces[-2][len("fuel ") :])
    control = reader.faces(number, pieces[-1][len("control ") :])
    return RollRecord(all_in, tuple(rolls), tuple(rerolled), fuel, control)


def _turn(reader: _Reader, index: int, players: int) -> TurnRecord:
    number, line = reader.lines[reader.at]
    match = re.fullmatch(r"turn (\d{1,5}), seat (\d{1,2}): ?(.*)", line)
    if not match or int(match.group(1)) != index + 1 or not 1 <= int(match.group(2)) <= players:
        raise reader.error(number, f"expected 'turn {index + 1}, seat N: ...', found {line[:40]!r}")
    reader.at += 1
    seat = int(match.group(2)) - 1
    played: tuple[str, ...] = ()
    placed: list[tuple[int, int]] = []
    moves: list[MoveRecord] = []
    roll: RollRecord | None = None
    parts = match.group(3).split("|")
    if len(parts) > MAX_TURN_PARTS:
        raise reader.error(
            number, f"turn {index + 1} has {len(parts)} parts; a turn holds at most {MAX_TURN_PARTS}"
        )
    for part in (part.strip() for part in parts):
        if not part:
            continue
        if part.startswith("play "):
            played = tuple(card.strip() for card in part[len("play ") :].split(","))
        elif part.startswith("place "):
            for entry in part[len("place ") :].split(","):
                words = entry.split()
                if len(words) != 2:
                    raise reader.error(number, "a placing reads 'place CAR SPACE, CAR SPACE'")
                placed.append((reader.car(number, words[0], players), reader.space(number, words[1])))
        elif part.startswith("roll"):
            roll = _roll(reader, number, part)
        else:
            moves.append(_move(reader, number, part, players))
    return TurnRecord(seat, played, tuple(placed), tuple(moves), roll)


def read_rally_record(text: str, file: str) -> RallyRecordFile:
    """The race in rally record ``text``; raises a located
    :class:`~trackkit.errors.LayoutError` for text that is not one."""
    reader = _Reader(text, file)
    if not reader.lines or reader.lines[0][1] != HEADER:
        raise reader.error(
            reader.lines[0][0] if reader.lines else 1, f"a rally record starts with '{HEADER}'"
        )
    reader.at = 1
    name = reader.next("name")[1] if reader.peek().startswith("name:") else None
    seed = reader.integer(*reader.next("seed"), "the seed")
    race = reader.integer(*reader.next("race"), "the race")
    skills = reader.next("skills")[1]
    number, course_text = reader.next("course")
    course = tuple(card.strip() for card in course_text.split(","))
    if len(course) > 200 or any(not card for card in course):
        raise reader.error(number, "the course lists 1 to 200 card names, separated by commas")
    shapes: list[tuple[str, CardShape]] = []
    while reader.peek().startswith("shape "):
        shapes.append(_shape_line(reader, course, [card for card, _ in shapes]))
    reader.road = build_road(course, dict(shapes))
    if not reader.road.lines:
        raise reader.error(number, "the course has no Checkpoint to finish at")
    seats: list[tuple[str, tuple[int, int], tuple[str, ...]]] = []
    while reader.peek().startswith("seat "):
        seats.append(_seat_line(reader, len(seats)))
        if len(seats) > 6:
            raise reader.error(reader.lines[reader.at - 1][0], "a rally race seats at most 6 players")
    if len(seats) < 2:
        raise reader.error(number, "a rally race seats 2 to 6 players, one 'seat N:' line each")
    turns: list[TurnRecord] = []
    while reader.peek().startswith("turn "):
        if len(turns) >= MAX_RECORD_TURNS:
            raise reader.error(reader.lines[reader.at][0], f"a record holds at most {MAX_RECORD_TURNS} turns")
        turns.append(_turn(reader, len(turns), len(seats)))
    number, scores_text = reader.next("scores")
    scores = tuple(reader.integer(number, word.strip(), "a score") for word in scores_text.split(","))
    number, winner_text = reader.next("winner")
    winner = reader.integer(number, winner_text.removeprefix("seat ").strip(), "the winner's seat") - 1
    if reader.at < len(reader.lines):
        raise reader.error(reader.lines[reader.at][0], "the record goes on after its 'winner:' line")
    record = RallyRecord(
        course=course,
        drivers=tuple(driver for driver, _, _ in seats),
        hands=tuple(hand for _, _, hand in seats),
        tokens=tuple(tokens for _, tokens, _ in seats),
        turns=turns,
        scores=scores,
        winner=winner,
        shapes=tuple(shapes),
    )
    return RallyRecordFile(record, name, seed, race, skills)
