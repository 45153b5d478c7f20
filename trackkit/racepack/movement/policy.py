"""The risk-taking plan of ``trackkit analyze --plan``: from every place
of every lap, the turn the bold driver takes and the turns it expects to
need to the finish.

A long race repeats itself: far from the finish, each lap's plans are a
later lap's, the expectations shifted by the turns a lap takes.  The plan
lists such laps once (see :class:`PolicyRepeat`), and refuses, before
listing any, a plan longer than :data:`MAX_PLAN_STEPS` places.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from trackkit.errors import LimitError
from trackkit.racepack.movement.board import HEADINGS, CarState
from trackkit.racepack.movement.laps import Node, Planner
from trackkit.racepack.movement.races import ExpectedRace, RacePolicy
from trackkit.racepack.movement.turns import Plan
from trackkit.racepack.spaces import Space

__all__ = [
    "MAX_PLAN_STEPS",
    "LineMove",
    "PolicyRepeat",
    "PolicyStep",
    "policy_repeat",
    "policy_steps",
]

MAX_PLAN_STEPS = 5_000
"""The most places the risk-taking plan lists (``analyze --plan``): every
place of every lap that does not repeat a later one, some 260 a lap on a
48-tile track and 120 on a 24-tile loop whose laps never quite repeat, so
that a plan of a 99-lap race takes at most a few seconds to print."""

@dataclass(frozen=True)
class LineMove:
    """One movement of the racing line: ``kind`` (``forward``, ``lane-change``),
    ``speed`` and the ``spaces`` it passes, the first being where it starts;
    ``risks`` is the number of the corner it enters at speed 2, if any."""

    kind: str
    speed: int
    spaces: tuple[Space, ...]
    risks: int | None = None


@dataclass(frozen=True)
class PolicyRepeat:
    """Laps of a long race whose plans repeat a later lap's: from crossing
    ``first`` to ``last`` the car takes, place by place, the turn it takes
    at crossing ``like`` (``last + 1``), and expects ``turns_per_lap`` more
    turns to the finish for each lap it is behind that one.  Listing them
    would only repeat that lap, so the policy leaves them out (a 99-lap
    race lists about ten laps, not 99)."""

    first: int
    last: int
    like: int
    turns_per_lap: float


@dataclass(frozen=True)
class PolicyStep:
    """One entry of the risk-taking policy: what the bold driver does from
    one place.

    The car has crossed the line ``crossings`` times (0 on the grid) and
    stands on ``space`` facing ``heading``, or, when ``spun`` is a corner
    number, waits off the track beside that corner after spinning out.
    ``race_start`` marks the race's very first turn (from the pole, at
    speed 1).  ``expected`` is the least expected number of turns from here
    to the finish, this turn included; ``moves`` are the turn's movements
    and ``risks`` the corners (by number) it enters at speed 2.
    """

    crossings: int
    space: Space | None
    heading: str | None
    spun: int | None
    race_start: bool
    expected: float
    moves: tuple[LineMove, ...]
    risks: tuple[int, ...]


def policy_steps(
    planner: Planner, race: ExpectedRace, pole: CarState, numbers: dict[int, int]
) -> tuple[PolicyStep, ...]:
    """Every entry of ``race``'s policy with a finite expectation: first the
    race's first turn from the ``pole``, then level by level, place by
    place.  ``numbers`` maps corner tiles to corner numbers."""
    policy = race.policy
    first: Node = (pole[0], pole[1], 0, 0)
    found = [_policy_step(planner, first, race.plans[0], race.turns, numbers, True)]
    repeat = policy_repeat(race)
    skipped = range(0) if repeat is None else range(repeat.first, repeat.last + 1)
    _refuse_long_plan(policy, skipped)
    for level in range(policy.goal):
        if level in skipped:
            continue
        for place, value in sorted(policy.values[level].items(), key=_board_order):
            if math.isfinite(value):
                node: Node = (place[0], place[1], level, 0)
                found.append(_policy_step(planner, node, policy.choice(level, place), value, numbers, False))
    return tuple(found)


def _refuse_long_plan(policy: RacePolicy, skipped: range) -> None:
    """Refuse, before listing any, a plan of more than :data:`MAX_PLAN_STEPS` places."""
    listed = sum(
        sum(1 for value in policy.values[level].values() if math.isfinite(value))
        for level in range(policy.goal)
        if level not in skipped
    )
    if listed > MAX_PLAN_STEPS:
        raise LimitError(
            f"the risk-taking plan of this {policy.goal - 1}-lap race lists {listed:,} places;"
            f" --plan prints at most {MAX_PLAN_STEPS:,}: ask for fewer laps"
        )


def policy_repeat(race: ExpectedRace) -> PolicyRepeat | None:
    """The laps of ``race``'s policy that repeat a later lap (see
    :class:`PolicyRepeat`), or ``None`` when every lap is its own."""
    repeat = race.policy.repeat
    if repeat is None or repeat[0] <= 2:
        return None
    return PolicyRepeat(2, repeat[0] - 1, repeat[0], repeat[1])


def _board_order(item: tuple[tuple[int, int], float]) -> tuple[int, int, int]:
    """Places on the track in driving order, then the places beside corners."""
    space, heading = item[0]
    return (1, -1 - space, 0) if space < 0 else (0, space, heading)


def _policy_step(
    planner: Planner, node: Node, plan: Plan, value: float, numbers: dict[int, int], race_start: bool
) -> PolicyStep:
    board = planner.board
    space, heading, level, _ = node
    movements = planner.movements(node, plan, race_start)
    moves = tuple(
        LineMove(
            movement.kind,
            movement.speed,
            tuple(board.space(number) for number in movement.spaces),
            None if movement.risked is None else numbers[movement.risked],
        )
        for movement in movements
    )
    risks = tuple(numbers[tile] for tile, _ in plan.risks)
    if space < 0:
        return PolicyStep(level, None, None, numbers[-1 - space], race_start, value, moves, risks)
    return PolicyStep(
        level, board.space(space), HEADINGS[heading].name.lower(), None, race_start, value, moves, risks
    )
