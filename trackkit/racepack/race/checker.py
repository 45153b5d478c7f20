"""An independent check of a recorded race, move by move.

The checker does not use the race engine or the turn searches: it keeps its
own picture of the table (where every car is, from the grid on), rebuilds
the one-space steps of the track (the loop's and a wide row's) from
:func:`trackkit.racepack.row_spaces.racing_steps` and re-checks every recorded movement against the rules:

* a forward movement is straight-ahead steps with one heading, as many as its
  speed; a lane change one diagonal step; a re-entry lands on one of the
  three outside spaces of the corner the car spun out at;
* the heading is one the car may take ("facing out of the corner", or still
  the way it moved);
* the speeds of a turn obey the acceleration and deceleration rules, the
  race's first movement is at speed 1, a re-entry at 1; a movement whose
  speed was set by the car's own strategy token is free of those limits,
  but not when starting out;
* a rival's token forcing a re-roll comes from another car still racing;
  each car plays each token it was dealt once (on its own speed or against
  a rival) until they are renewed;
* no movement passes over or lands on a space holding another car;
* in the pit-stop variant, a car drives the loop tiles beside the pit lane
  at speed 3 at most on the one pass over them it enters on its pit lap
  (on both sides of the start/finish line, when they straddle it), and its
  strategy tokens are renewed when it next crosses the line;
* a setup hazard is turned over once the last car in the race stands on a
  later half tile than it on its first lap, not before and not later;
* a corner is entered at speed 1, or 2 with a penalty roll; the roll spins
  the car out exactly when it should, and a spin-out ends the turn;
* a turn has three movements unless a spin-out, an active hazard (passed
  over, landed on or re-entered onto) or the finish ended it, or the car
  could move no further (no legal movement from where it stopped);
* no step goes back from a tile's front half to its rear half;
* whose turn it is and the end of the race (:mod:`~trackkit.racepack.race.turn_order`).

:func:`check_race` returns every problem found (none for a clean race),
each ending with the rulebook's sentence it breaks
(:mod:`~trackkit.racepack.race.rulebook`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field

from trackkit.racepack.movement.board import HEADINGS, QUADRANTS
from trackkit.racepack.movement.speeds import (
    MOVEMENTS_PER_TURN,
    RISKY_ENTRY_SPEED,
    SPIN_FACE,
    STRATEGY_TOKENS,
    check_speeds,
    first_speeds,
    next_speeds,
)
from trackkit.racepack.race.hazard_checks import HazardWatch
from trackkit.racepack.race.record import MoveRecord, RaceRecord, TurnRecord
from trackkit.racepack.race.rulebook import (
    BUMPING,
    CORNER_SPEED,
    ENDED_BY,
    FORWARD,
    HEADING,
    MOVE_UP,
    OFF_TRACK,
    ONCE,
    OUTSIDE,
    PENALTY,
    RE_ENTRY,
    REROLL,
    THREE,
    TOKENS,
    quoted,
    speed_rule,
)
from trackkit.racepack.race.terms import MAX_ROUNDS
from trackkit.racepack.race.track import RaceTrack
from trackkit.racepack.race.turn_order import TurnOrder, end_problems, finish_problems
from trackkit.racepack.row_spaces import racing_steps, wide_row
from trackkit.racepack.spaces import Row, StepKind, row_of

__all__ = [
    "check_race",
]


@dataclass
class _Seen:
    """Where the checker believes a car is."""

    space: int
    heading: int
    spun: int | None = None
    crossings: int = 0
    started: bool = False
    done: bool = False
    played: set[int] = field(default_factory=set)
    """The strategy tokens it has played since its tokens were last renewed:
    on its own speed, or against a rival's penalty roll."""
    pit_lap: int = 0
    """The crossings it has made when it drives through the pits (0: never)."""
    pit_pass: bool = False
    """Whether it is on the pass over the pit tiles it entered on its pit lap."""
    held: tuple[int, ...] = STRATEGY_TOKENS
    """The strategy tokens it was dealt ("a set of five (ace through 5)")."""
    home: int = 0
    """Its finishing place (0 while racing)."""


class _Rules:
    """The one-space steps of the track, rebuilt from the space model."""

    def __init__(self, track: RaceTrack) -> None:
        circuit = track.layout.circuit
        row = wide_row(track.layout)
        number = track.board.number
        self.track = track
        self.forward: dict[tuple[int, int], int] = {}
        self.diagonal: dict[tuple[int, int], set[int]] = {}
        for step in racing_steps(track.layout):
            key = (number(step.source), HEADINGS.index(step.heading))
            if step.kind is StepKind.FORWARD:
                self.forward[key] = number(step.target)
            else:
                self.diagonal.setdefault(key, set()).add(number(step.target))
        self.corner = [tile.is_corner for tile in circuit] + [False] * len(row)
        self.exit = [HEADINGS.index(tile.exit) for tile in circuit if tile.exit is not None]
        self.exit += [HEADINGS.index(tile.heading) for tile in row]
        self.watch = HazardWatch(track)
        self.front = [
            row_of(QUADRANTS[space % 4], HEADINGS[self.exit[space // 4]]) is Row.FRONT
            for space in range(4 * len(self.exit))
        ]
        """Whether each space lies in its tile's front half, the half
        towards the way out (on a corner tile, out of the corner)."""

    def step_back(self, spaces: tuple[int, ...]) -> str:
        """What is wrong with a step of ``spaces`` that goes back on its tile,
        from the half towards the way out to the half towards the way in
        ("Forward movements represent forward motion around the track"); an
        empty text when none does."""
        for a, b in itertools.pairwise(spaces):
            if a // 4 == b // 4 and self.front[a] and not self.front[b]:
                number = self.track.corner_number.get(a // 4)
                where = f"inside corner {number}" if number is not None else f"on tile {a // 4}"
                return (
                    f"steps back {where} from its exit half to its entry half "
                    "('Forward movements represent forward motion around the track')"
                )
        return ""

    def headings(self, space: int, heading: int) -> set[int]:
        """The headings a car standing here may move with."""
        tile = space // 4
        return {self.exit[tile], heading} if self.corner[tile] else {self.exit[tile]}

    def path_ok(self, move: MoveRecord) -> bool:
        spaces = move.spaces
        if move.kind == "lane-change":
            return len(spaces) == 2 and spaces[1] in self.diagonal.get((spaces[0], move.heading), set())
        if len(spaces) != move.speed + 1:
            return False
        return all(self.forward.get((a, move.heading)) == b for a, b in itertools.pairwise(spaces))

    def enters_corner(self, move: MoveRecord) -> int | None:
        entered = None
        for a, b in itertools.pairwise(move.spaces):
            if a // 4 != b // 4 and self.corner[b // 4]:
                entered = b // 4
        return entered

    def any_move(self, space: int, heading: int, speeds: Iterable[int], blocked: set[int]) -> bool:
        """Whether any movement at ``speeds`` bumping nothing on ``blocked`` is legal next."""
        for facing in self.headings(space, heading):
            for value in speeds:
                if any(t not in blocked for t in self.diagonal.get((space, facing), ())):
                    return True
                walk, here = [], space
                for _ in range(value):
                    following = self.forward.get((here, facing))
                    if following is None:
                        break
                    walk.append(following)
                    here = following
                else:
                    if not blocked.intersection(walk) and self._entry_ok(space, walk, value):
                        return True
        return False

    def _entry_ok(self, space: int, walk: list[int], speed: int) -> bool:
        path = [space, *walk]
        enters = any(a // 4 != b // 4 and self.corner[b // 4] for a, b in itertools.pairwise(path))
        return not enters or speed <= RISKY_ENTRY_SPEED


def check_race(track: RaceTrack, record: RaceRecord) -> list[str]:
    """Every rule a recorded race breaks, as sentences naming the turn."""
    rules = _Rules(track)
    cars = [_Seen(space, heading, held=record.tokens) for space, heading in record.grid]
    for car, pit_lap in zip(cars, record.pit_laps):
        car.pit_lap = pit_lap
    problems: list[str] = []
    front = record.grid[:2]
    order = TurnOrder(len(cars))
    for number, turn in enumerate(record.turns, 1):
        whose = order.problem(turn.slot, cars[turn.slot].done, lambda: _standing(rules.track, cars))
        found = [whose] if whose else []
        found += rules.watch.flip_problems([(c.spun, c.space, c.crossings) for c in cars if not c.done], turn)
        found += _check_turn(rules, cars, turn, front)
        problems += [f"turn {number} (car {turn.slot + 1}): {problem}" for problem in found]
    racing = [slot for slot, car in enumerate(cars) if not car.done]
    complete = order.rounds >= MAX_ROUNDS and not order.queue
    ended = end_problems(len(record.turns), racing, len(cars) - len(racing), complete)
    home = sorted((slot for slot, car in enumerate(cars) if car.done), key=lambda slot: cars[slot].home)
    return problems + (ended or finish_problems(record.finish, home))


def _standing(track: RaceTrack, cars: list[_Seen]) -> list[int]:
    """The grid slots of the cars still racing, leader first: further round
    the track ahead, a spun-out car just before the corner it spun out at,
    cars level by grid slot."""

    def place(slot: int) -> int:
        car = cars[slot]
        if car.spun is not None:
            return track.spun_progress(car.spun, car.crossings)
        return track.progress(car.space, car.crossings)

    racing = [slot for slot, car in enumerate(cars) if not car.done]
    return sorted(racing, key=lambda slot: -place(slot))


def _check_turn(
    rules: _Rules, cars: list[_Seen], turn: TurnRecord, front: tuple[tuple[int, int], ...]
) -> list[str]:
    car = cars[turn.slot]
    problems: list[str] = []
    if car.done:
        return []  # the turn order names it
    race_start = not car.started
    if race_start:
        car.started = True
        lane = front[turn.slot % 2] if len(front) > 1 else front[0]
        if turn.start not in ((car.space, car.heading), lane):
            problems.append(
                "the car starts its race neither on its grid place nor moved up in its lane "
                + quoted(MOVE_UP)
            )
        car.space, car.heading = turn.start
    elif car.spun is not None:
        if turn.start != (-1 - car.spun, -1):
            problems.append(f"a spun-out car does not start off the track {quoted(OFF_TRACK)}")
    elif turn.start != (car.space, car.heading):
        problems.append(f"the car starts on {turn.start}, not where it stood ({car.space}, {car.heading})")
    others = {c.space for c in cars if c is not car and not c.done and c.spun is None}
    crossed = car.crossings
    chosen = [move.speed for move in turn.moves]
    verdict = check_speeds(chosen, race_start=race_start, tokens=[move.token for move in turn.moves])
    if not verdict.legal:
        problems.append(f"speeds {chosen}: {verdict.reason} {speed_rule(verdict.reason)}")
    ended = ""
    for index, move in enumerate(turn.moves):
        if ended:
            problems.append(
                f"movement {index + 1} comes after the turn ended ({ended}) {quoted(ENDED_BY[ended])}"
            )
            break
        pit, car.pit_pass = rules.watch.pit_problems(car.pit_lap, car.crossings, car.pit_pass, move, index)
        problems += pit
        problems += _check_move(rules, car, move, others, index)
        problems += _rival_problems(cars, turn.slot, move, f"movement {index + 1}")
        if car.crossings >= rules.track.goal:
            car.home = 1 + sum(other.done for other in cars)
            car.done = True
            ended = "the finish"
        elif move.rolls and _spun(move.rolls):
            entered = rules.enters_corner(move)
            car.spun = entered
            ended = "a spin-out"
        elif turn.hazards.intersection(move.spaces if move.kind == "re-entry" else move.spaces[1:]):
            ended = "a hazard"
    if not ended and len(turn.moves) < MOVEMENTS_PER_TURN and car.spun is None:
        speeds: Iterable[int] = next_speeds(turn.moves[-1].speed) if turn.moves else first_speeds(race_start)
        if rules.any_move(car.space, car.heading, speeds, others):
            problems.append(f"only {len(turn.moves)} movements though another was possible {quoted(THREE)}")
    if car.pit_lap and crossed <= car.pit_lap < car.crossings:
        car.played.clear()  # "After making a pit stop ... a driver's strategy tokens are renewed."
    return problems


def _check_move(rules: _Rules, car: _Seen, move: MoveRecord, others: set[int], index: int) -> list[str]:
    label = f"movement {index + 1}"
    problems: list[str] = []
    problems += _token_problems(car, move, label)
    if move.kind == "re-entry":
        tile = car.spun
        if tile is None or index != 0:
            return [f"{label}: a re-entry only starts the turn after a spin-out {quoted(RE_ENTRY)}"]
        if move.speed != 1:
            problems.append(f"{label}: a re-entry is at speed 1 {quoted(RE_ENTRY)}")
        target = move.spaces[0]
        if target // 4 != tile or target in _inside(rules, tile):
            problems.append(
                f"{label}: re-entry must be on one of the three outside spaces of the corner "
                + quoted(OUTSIDE)
            )
        if target in others:
            problems.append(f"{label}: re-entry onto another car {quoted(BUMPING)}")
        car.spun = None
        car.space, car.heading = target, rules.exit[tile]
        return problems
    if move.spaces[0] != car.space:
        problems.append(f"{label} starts on {move.spaces[0]}, not on the car's space {car.space}")
    if move.heading not in rules.headings(car.space, car.heading):
        problems.append(f"{label}: heading {move.heading} is not one the car may take {quoted(HEADING)}")
    backwards = rules.step_back(move.spaces)
    if backwards:
        problems.append(f"{label}: {backwards}")
    elif not rules.path_ok(move):
        problems.append(
            f"{label}: the spaces are not a legal {move.kind} at speed {move.speed} {quoted(FORWARD)}"
        )
    if others.intersection(move.spaces[1:]):
        problems.append(f"{label}: bumps another car {quoted(BUMPING)}")
    entered = rules.enters_corner(move)
    if entered is not None and move.speed > RISKY_ENTRY_SPEED:
        problems.append(f"{label}: enters a corner at speed {move.speed} {quoted(CORNER_SPEED)}")
    rolled = entered is not None and move.speed == RISKY_ENTRY_SPEED
    if rolled != bool(move.rolls):
        problems.append(
            f"{label}: the penalty die is rolled exactly when a corner is entered at speed 2 "
            + quoted(PENALTY)
        )
    for a, b in itertools.pairwise(move.spaces):
        car.crossings += rules.track.board.crosses(a, b)
    car.space = move.spaces[-1]
    car.heading = move.heading if rules.corner[car.space // 4] else rules.exit[car.space // 4]
    return problems


def _token_problems(car: _Seen, move: MoveRecord, label: str) -> list[str]:
    """A strategy token played on the car's own speed: not when re-entering
    ("except when starting out, such as when beginning the race or while
    re-entering the track") and each token once ("Each strategy token may
    only be used once")."""
    if not move.token:
        return []
    if move.kind == "re-entry":
        return [f"{label}: a strategy token may not be used while re-entering the track"]
    if move.speed not in car.held:
        return [f"{label}: the car holds no {move.speed} strategy token {quoted(TOKENS)}"]
    if move.speed in car.played:
        return [f"{label}: the {move.speed} token was played before {quoted(ONCE)}"]
    car.played.add(move.speed)
    return []


def _rival_problems(cars: list[_Seen], roller: int, move: MoveRecord, label: str) -> list[str]:
    """A rival's strategy token forcing a re-roll: "another player may play a
    strategy token to force the player to re-roll", from another car still
    racing, each token once ("Each strategy token may only be used once")."""
    if move.rival is None or len(move.rolls) != 3:
        return []
    token = move.rolls[1]
    if not 0 <= move.rival < len(cars) or move.rival == roller:
        return [f"{label}: the re-roll is forced by car {move.rival + 1}, which is no rival {quoted(REROLL)}"]
    rival = cars[move.rival]
    if rival.done:
        return [
            f"{label}: car {move.rival + 1} has finished and plays no token {quoted(ENDED_BY['the finish'])}"
        ]
    if token not in rival.held:
        return [f"{label}: car {move.rival + 1} holds no {token} strategy token {quoted(TOKENS)}"]
    if token in rival.played:
        return [f"{label}: car {move.rival + 1}'s {token} token was played before {quoted(ONCE)}"]
    rival.played.add(token)
    return []


def _inside(rules: _Rules, tile: int) -> set[int]:
    board = rules.track.board
    return {4 * tile + q for q in range(4)} - set(board.outside_spaces(tile))


def _spun(rolls: tuple[int, ...]) -> bool:
    if len(rolls) == 1:
        return rolls[0] == SPIN_FACE
    return rolls[0] != SPIN_FACE and rolls[2] >= rolls[1]
