"""Reading a rally record back (the format is written, and described, in
:mod:`trackkit.rally.formats.record`): line by line, every line checked
for its form, a located :class:`~trackkit.errors.LayoutError` for a file
that is not a record.  Whether the race it records keeps the rules is the
move checker's business (:mod:`trackkit.rally.race.checker`).
"""

from __future__ import annotations

import re

from trackkit.errors import LayoutError
from trackkit.layoutfile.records import RecordHead, movetext_of
from trackkit.rally.deck import RaceDeck
from trackkit.rally.formats.record import HEADER, MAX_RECORD_TURNS, MAX_TURN_PARTS, OUT, RallyRecordFile
from trackkit.rally.race.record import FINISHED, JUMPS, MoveRecord, RallyRecord, RollRecord, TurnRecord
from trackkit.rally.race.road import WIDTH, CardShape, Road, build_road, shape_problems
from trackkit.rally.race.skills import SKILL_MODES

__all__ = [
    "read_rally_moves",
    "read_rally_record",
]


class _Reader:
    """Reads a record line by line (each with its number in the file),
    raising located errors."""

    def __init__(self, lines: list[tuple[int, str]], file: str) -> None:
        self.file = file
        self.lines = lines
        self.at = 0
        self.road: Road | None = None
        self.shapes: tuple[tuple[str, CardShape], ...] = ()

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
        if text == OUT:
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
    """The race in ``text``, a rally record of the form written before
    records were PPN (it opens with :data:`~trackkit.rally.formats.record.HEADER`);
    raises a located :class:`~trackkit.errors.LayoutError` for text that is
    not one."""
    lines = [
        (number, line.rstrip())
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    reader = _Reader(lines, file)
    if not reader.lines or reader.lines[0][1] != HEADER:
        raise reader.error(
            reader.lines[0][0] if reader.lines else 1, f"a rally record starts with '{HEADER}'"
        )
    reader.at = 1
    name = reader.next("name")[1] if reader.peek().startswith("name:") else None
    seed = reader.integer(*reader.next("seed"), "the seed")
    race = reader.integer(*reader.next("race"), "the race")
    skills, expansion = _skills_line(reader), _expansion_line(reader)
    number, course_text = reader.next("course")
    course = tuple(card.strip() for card in course_text.split(","))
    if len(course) > 200 or any(not card for card in course):
        raise reader.error(number, "the course lists 1 to 200 card names, separated by commas")
    seats = _seats(reader, course, number)
    record = _race(reader, course, seats, skills, expansion)
    return RallyRecordFile(record, name, seed, race, skills)


def read_rally_moves(head: RecordHead, deck: RaceDeck) -> RallyRecordFile:
    """The race of a rally PPN record (see :mod:`trackkit.rally.formats.record`)
    on ``deck``, the deck its metadata holds; raises a located
    :class:`~trackkit.errors.LayoutError` for movetext not written so."""
    try:
        movetext = movetext_of(head, "rally")
        first = head.movetext_line
        written = [(first + at, line.strip()) for at, line in enumerate(movetext.split("\n")) if line.strip()]
        lines = [_fact(number, line, head.drivers, at == 0) for at, (number, line) in enumerate(written)]
        reader = _Reader(lines, head.file)
        skills, expansion = _skills_line(reader), _expansion_line(reader)
        seats = _seats(reader, deck.course, head.movetext_line)
        if len(seats) != len(head.drivers):
            found = f"the record sets out {len(seats)} seats for its {len(head.drivers)} drivers"
            raise reader.error(head.movetext_line, found)
        record = _race(reader, deck.course, seats, skills, expansion)
    except LayoutError as error:
        raise error.located(head.file) from None
    return RallyRecordFile(record, deck.name, head.seed, head.race, skills)


def _fact(number: int, line: str, drivers: tuple[str, ...], first: bool) -> tuple[int, str]:
    """One line of a rally record's movetext as the line of the older form
    it tells (``{seed: 3}`` as ``seed: 3``, ``4. {seat 2: ...}`` as ``turn 4,
    seat 2: ...``, a seat's driver from the metadata), with its number."""
    text = line.removeprefix("setup. ") if first else line
    move = re.fullmatch(r"(\d{1,5})\. \{(seat [^{}]*)\}", text)
    if move is not None:
        return number, f"turn {move.group(1)}, {move.group(2)}"
    fact = re.fullmatch(r"\{([^{}]*)\}", text)
    if fact is None:
        raise LayoutError(
            f"expected a '{{fact}}' comment or a move 'N. {{seat S: ...}}', found {line[:40]!r}",
            line=number,
            column=1,
            hint="see docs/simulation.md",
        )
    seat = re.fullmatch(r"seat (\d{1,2}): (.*)", fact.group(1))
    if seat is not None and 1 <= int(seat.group(1)) <= len(drivers):
        return number, f"seat {seat.group(1)}: {drivers[int(seat.group(1)) - 1]}; {seat.group(2)}"
    return number, fact.group(1)


Seat = tuple[str, tuple[int, int], tuple[str, ...]]
"""A seat as its line gives it: the driver, the starting Fuel and Control
tokens, the Skills cards."""


def _seats(reader: _Reader, course: tuple[str, ...], number: int) -> list[Seat]:
    """The shape lines and the seat lines: the road built, each seat's
    driver, starting tokens and Skills cards."""
    shapes: list[tuple[str, CardShape]] = []
    while reader.peek().startswith("shape "):
        shapes.append(_shape_line(reader, course, [card for card, _ in shapes]))
    reader.road = build_road(course, dict(shapes))
    reader.shapes = tuple(shapes)
    if not reader.road.lines:
        raise reader.error(number, "the course has no Checkpoint to finish at")
    seats: list[Seat] = []
    while reader.peek().startswith("seat "):
        seats.append(_seat_line(reader, len(seats)))
        if len(seats) > 6:
            raise reader.error(reader.lines[reader.at - 1][0], "a rally race seats at most 6 players")
    if len(seats) < 2:
        raise reader.error(number, "a rally race seats 2 to 6 players, one 'seat N:' line each")
    return seats


def _race(
    reader: _Reader,
    course: tuple[str, ...],
    seats: list[Seat],
    skills: str,
    expansion: bool | None,
) -> RallyRecord:
    """The turns, the scores and the winner, after the seats: the race."""
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
    return RallyRecord(
        course=course,
        drivers=tuple(driver for driver, _, _ in seats),
        hands=tuple(hand for _, _, hand in seats),
        tokens=tuple(tokens for _, tokens, _ in seats),
        turns=turns,
        scores=scores,
        winner=winner,
        shapes=reader.shapes,
        skills=skills,
        expansion=expansion,
    )


def _skills_line(reader: _Reader) -> str:
    """The ``skills:`` line: one of the Skills modes."""
    number, skills = reader.next("skills")
    if skills not in SKILL_MODES:
        raise reader.error(
            number, f"skills {skills[:20]!r} is not a Skills mode", f"write one of {', '.join(SKILL_MODES)}"
        )
    return skills


def _expansion_line(reader: _Reader) -> bool | None:
    """The ``expansion:`` line, ``yes`` or ``no``, if there is one."""
    if not reader.peek().startswith("expansion:"):
        return None
    number, value = reader.next("expansion")
    if value not in ("yes", "no"):
        raise reader.error(number, f"expansion {value[:20]!r} is neither yes nor no", "write yes or no")
    return value == "yes"
