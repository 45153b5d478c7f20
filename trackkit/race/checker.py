"""An independent check of a recorded RACE! race, turn by turn.

The checker shares nothing with the race engine (:mod:`trackkit.race.racing`)
but the layout: it keeps its own picture of the table (every racer's
position, speed, control and hazard tokens, from the grid on), reads the
corners from the layout and re-plays every recorded turn by the rulebook:

* the grid: "Place the pole position racer in the space just behind the
  finish line. The next racer is placed in the space behind the pole
  position, and proceeding downwards";
* turn order: "The leader takes the first turn, and you work your way back
  through the pack", the order set at the start of each round;
* the end: a racer that has finished takes no more turns, and the record
  runs until every racer has crossed the line at the end of the final lap
  (or the race was stopped after 2,000 rounds);
* speed: "up by one, down by one or stay the same", from 0 to 3, and a racer
  that lost control keeps its speed while it regains control;
* dice: three racer dice and a speed die per point of speed, one hazard die
  for one hazard token and two for more, every die showing 1 to 8;
* control: two dice alike lose control ("remove the highest die ... your
  speed drops by one");
* movement by the highest die left, one point a space, going round a racer
  ahead costing 1 (2 if it is out of control, one more in a corner) and 1 to
  enter the space beyond; a racer that cannot pass slows down or risks a
  crash; entering a corner faster than its radius earns a hazard token;
* shaking things up: the lowest die moves one other racer still in the race.

The recorded spaces must be where the check ends.  :func:`check_race_log`
returns every problem found, naming the turn and the rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.race.record import BLOCKED_CHOICES, RaceLog, RacerTurn
from trackkit.race.track import RaceLayout

__all__ = [
    "check_race_log",
]

SIDES = 8
MAX_ROUNDS = 2_000
"""Rounds after which a race is stopped (the engine's limit too)."""
ORDER = (
    "'The leader takes the first turn, and you work your way back through the pack ... You do this until"
    " everyone has taken a turn. Then, you start a new set of turns.'"
)
CHOICE = "'You've got a choice: slow down or risk a crash.'"
MOVING = (
    "'You move your racer one space for each point of movement your racer got this turn, and you keep"
    " moving until you're forced to stop'"
)
PLACES = "'the order that the racers cross the finish line at the end of the final lap'"
GRID = (
    "'Place the pole position racer in the space just behind the finish line. The next racer is placed"
    " in the space behind the pole position, and proceeding downwards'"
)
FIRST_DICE = 3
TOP_SPEED = 3
MOST_HAZARD_DICE = 2


@dataclass
class _Racer:
    """Where the checker believes a racer is, and how it stands."""

    position: int
    speed: int = 0
    in_control: bool = True
    tokens: int = 0
    finished: bool = False


class _Table:
    """The racers on the track, and the track's corners."""

    def __init__(self, layout: RaceLayout, log: RaceLog) -> None:
        self.loop = layout.spaces
        self.finish = layout.finish
        self.goal = log.laps * self.loop + 1
        self.corner = [0] * (self.loop + 1)
        self.radius = [0] * (self.loop + 1)
        for number, corner in enumerate(layout.corners, 1):
            for space in corner.spaces(self.loop):
                self.corner[space], self.radius[space] = number, corner.radius
        self.racers = [_Racer(-slot) for slot in range(len(log.drivers))]
        self.home: list[_Racer] = []
        """The racers that have finished, first home first."""

    def space(self, position: int) -> int:
        """The track's number of the space at ``position`` (the pole starts
        just behind the line)."""
        return (self.finish - 1 + position) % self.loop + 1

    def corner_at(self, position: int) -> int:
        return self.corner[self.space(position)]

    def racing(self) -> list[int]:
        """The racers still in the race, leader first."""
        slots = [slot for slot, racer in enumerate(self.racers) if not racer.finished]
        return sorted(slots, key=lambda slot: -self.racers[slot].position)


def check_race_log(layout: RaceLayout, log: RaceLog) -> list[str]:
    """Every rule a recorded RACE! race breaks, as sentences naming the turn."""
    table = _Table(layout, log)
    problems = _grid_problems(table, log)
    queue: list[int] = []
    rounds = 0
    for number, turn in enumerate(log.turns, 1):
        label = f"turn {number} (racer {turn.racer + 1})"
        if not 0 <= turn.racer < len(table.racers):
            return [*problems, f"{label}: there is no such racer"]
        if table.racers[turn.racer].finished:
            return [
                *problems,
                f"{label}: racer {turn.racer + 1} has finished and takes no more turns ({PLACES})",
            ]
        queue = [slot for slot in queue if not table.racers[slot].finished]  # a shake can finish a racer
        if not queue:
            queue, rounds = table.racing(), rounds + 1
        expected = queue.pop(0)
        if turn.racer != expected:
            problems.append(f"{label}: racer {expected + 1} plays now ({ORDER})")
        problems += [f"{label}: {problem}" for problem in _check_turn(table, turn)]
    ended = _end_problems(table, len(log.turns), rounds >= MAX_ROUNDS and not queue)
    slots = {id(racer): slot for slot, racer in enumerate(table.racers)}
    home = [slots[id(racer)] for racer in table.home]
    if ended or log.finish is None or log.finish == tuple(home):
        return problems + ended
    given = ", ".join(str(slot + 1) for slot in log.finish)
    crossed = ", ".join(str(slot + 1) for slot in home)
    return [
        *problems,
        f"the finish: the record gives the order {given}, but the racers finished {crossed} ({PLACES})",
    ]


def _grid_problems(table: _Table, log: RaceLog) -> list[str]:
    """The recorded grid against the rulebook's (a record without one lines
    up as the rulebook says): one racer a space, the pole just behind the
    line, each next racer a space further back."""
    racers = len(log.drivers)
    if racers >= table.loop:
        return [
            f"the grid: {racers} racers do not fit on the track's {table.loop} spaces, one a space ({GRID})"
        ]
    if log.grid and len(log.grid) != racers:
        return [f"the grid names {len(log.grid)} starting spaces for {racers} racers ({GRID})"]
    return [
        f"the grid: racer {slot + 1} starts on space {space}, not {table.space(-slot)} ({GRID})"
        for slot, space in enumerate(log.grid)
        if space != table.space(-slot)
    ]


def _end_problems(table: _Table, turns: int, stopped: bool) -> list[str]:
    """A record that ends while racers are still racing (unless the race was
    stopped after its last round): the race is over once every racer has
    crossed the finish line at the end of the final lap."""
    racing = table.racing()
    if not racing or stopped:
        return []
    if len(racing) == len(table.racers):
        return [f"after turn {turns}: the record ends before any racer has finished ({PLACES})"]
    still = ", ".join(str(slot + 1) for slot in sorted(racing))
    return [f"after turn {turns}: the record ends with racer {still} still racing ({PLACES})"]


def _check_turn(table: _Table, turn: RacerTurn) -> list[str]:
    racer = table.racers[turn.racer]
    problems = _speed_problems(racer, turn.speed)
    racer.speed, racer.in_control = turn.speed, True
    problems += _dice_problems(racer, turn)
    racer.tokens = 0
    dice = list(turn.dice)
    if not dice:
        return problems
    if len(set(dice + list(turn.hazard_dice))) < len(dice) + len(turn.hazard_dice):
        dice.remove(max(dice))
        racer.speed = max(0, racer.speed - 1)
        racer.in_control = False
    problems += _move(table, turn.racer, max(dice), turn.blocked, turn.to, "the move")
    return problems + _shake(table, turn, min(dice))


def _speed_problems(racer: _Racer, speed: int) -> list[str]:
    if not 0 <= speed <= TOP_SPEED:
        return [f"speed {speed}: 'Your speed can't go above three' (nor below nought)"]
    if not racer.in_control and speed != racer.speed:
        return [
            f"speed {racer.speed} → {speed}: a racer regaining control does not change speed"
            " ('If you're out of control, you get to: Regain control'; 'Change your speed' is for a racer"
            " in control)"
        ]
    if abs(speed - racer.speed) > 1:
        return [f"speed {racer.speed} → {speed}: 'up by one, down by one or stay the same'"]
    return []


def _dice_problems(racer: _Racer, turn: RacerTurn) -> list[str]:
    problems = []
    if len(turn.dice) != FIRST_DICE + turn.speed:
        problems.append(
            f"{len(turn.dice)} racer and speed dice at speed {turn.speed}: "
            f"'always pick up the three racer dice' and one speed die per point of speed"
        )
    wanted = min(MOST_HAZARD_DICE, racer.tokens)
    if len(turn.hazard_dice) != wanted:
        problems.append(
            f"{len(turn.hazard_dice)} hazard dice for {racer.tokens} hazard tokens ('if there's one token,"
            " you pick up one hazard die; if there's two or more tokens, you pick up two hazard dice')"
        )
    if any(not 1 <= face <= SIDES for face in (*turn.dice, *turn.hazard_dice)):
        problems.append("a die shows a face an eight-sided die does not have ('some eight-sided dice')")
    return problems


def _move(table: _Table, slot: int, points: int, choice: str | None, to: int | None, what: str) -> list[str]:
    """Move racer ``slot`` by ``points`` by the passing rules and compare
    with the record: where it ended (``to``) and its choice when blocked."""
    racer = table.racers[slot]
    others = {
        other.position % table.loop: other
        for index, other in enumerate(table.racers)
        if index != slot and not other.finished
    }
    blocked = _drive(table, racer, points, others)
    problems = []
    if blocked and choice not in BLOCKED_CHOICES:
        problems.append(f"{what} is blocked by the racers ahead, but records no choice ({CHOICE})")
    elif not blocked and choice is not None:
        problems.append(f"{what} records a choice ({choice}) though nothing blocked it ({CHOICE})")
    elif choice == "slow":
        racer.speed = max(0, racer.speed - 1)
    elif choice == "risk":
        racer.tokens += 1
    ended = table.space(racer.position)
    if to != ended:
        problems.append(
            f"{what} ends on space {to}, but {points} points of movement end on space {ended} ({MOVING})"
        )
    return problems


def _drive(table: _Table, racer: _Racer, points: int, others: dict[int, _Racer]) -> bool:
    """Spend ``points`` moving ``racer``; whether the racers ahead blocked it."""
    left = points
    while left > 0 and not racer.finished:
        beyond, cost = racer.position + 1, 1
        while beyond % table.loop in others:
            other = others[beyond % table.loop]
            cost += 1 if other.in_control else 2
            if table.corner_at(racer.position) or table.corner_at(beyond):
                cost += 1
            beyond += 1
        if cost > left:
            return True
        for position in range(racer.position + 1, beyond + 1):
            _enter(table, racer, position)
        left -= cost
    return False


def _enter(table: _Table, racer: _Racer, position: int) -> None:
    """Step onto ``position``: a corner entered faster than its radius earns
    a hazard token; passing the goal finishes the race."""
    before = table.corner_at(racer.position)
    racer.position = position
    corner = table.corner_at(position)
    if corner and corner != before and racer.speed > table.radius[table.space(position)]:
        racer.tokens += 1
    if position >= table.goal and not racer.finished:
        racer.finished = True
        table.home.append(racer)


def _shake(table: _Table, turn: RacerTurn, points: int) -> list[str]:
    mover = table.racers[turn.racer]
    others = [slot for slot in table.racing() if slot != turn.racer]
    if mover.finished or not others:
        if turn.shaken is not None:
            return [
                "shakes another racer though its move finished the race or no other racer is left"
                f" (a racer that has finished leaves the track: {PLACES})"
            ]
        return []
    if turn.shaken is None or turn.shaken not in others:
        return ["the lowest die must move another racer still in the race ('shake things up')"]
    return _move(table, turn.shaken, points, turn.shaken_blocked, turn.shaken_to, "the shake")
