"""The speed rules of one turn.

A *movement* is one of the three things a driver does in a turn: a forward
movement (straight ahead, as many spaces as its speed) or a lane change (one
space diagonally, with a stated speed).  Every movement has a *speed* from 1
to 7, and within a turn the speeds of consecutive movements are tied
together: "cars may accelerate by 1 per movement, while decelerations of
either 1 or 2 per movement are allowed".  Speed is not carried from one turn
to the next, so the first movement of a turn may have any speed, except at
the start of the race ("Drivers must start the race with a first movement
speed of 1").

A *strategy token* (ace to 5, each once per race) sets a movement's speed to
its number "without regard to the acceleration and deceleration rules", but
not "when starting out, such as when beginning the race or while re-entering
the track following a spin-out".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "MAX_ACCELERATION",
    "MAX_DECELERATION",
    "MAX_SPEED",
    "MIN_SPEED",
    "MOVEMENTS_PER_TURN",
    "RISKY_ENTRY_SPEED",
    "SAFE_ENTRY_SPEED",
    "SPIN_FACE",
    "SPIN_ODDS",
    "STRATEGY_TOKENS",
    "SpeedCheck",
    "check_speeds",
    "first_speeds",
    "movement_speeds",
    "next_speeds",
]

MIN_SPEED = 1
MAX_SPEED = 7
"""Forward movements "of 1-7 spaces"."""

MOVEMENTS_PER_TURN = 3
"""'Drivers are allotted three movements per turn and they must use all three if it is possible.'"""

MAX_ACCELERATION = 1
MAX_DECELERATION = 2
"""'cars may accelerate by 1 per movement, while decelerations of either 1 or 2 per movement are allowed'."""

SAFE_ENTRY_SPEED = 1
RISKY_ENTRY_SPEED = 2
"""'Corners ... may only be safely entered at a speed of 1.  If a driver is
willing to risk spinning out, a speed of 2 is allowed.'"""

SPIN_FACE = 5
SPIN_ODDS = 6
"""'If the die shows a 5, the car spins out': one face of the six."""

STRATEGY_TOKENS = (1, 2, 3, 4, 5)
"""'a set of five (ace through 5)'; 'Aces count as 1'."""


def next_speeds(previous: int) -> range:
    """The speeds allowed for a movement after one at ``previous``, within a turn."""
    low = max(MIN_SPEED, previous - MAX_DECELERATION)
    high = min(MAX_SPEED, previous + MAX_ACCELERATION)
    return range(low, high + 1)


def first_speeds(race_start: bool = False) -> range:
    """The speeds allowed for the first movement of a turn: 1 to 7, or 1 at
    the start of the race."""
    return range(MIN_SPEED, MIN_SPEED + 1) if race_start else range(MIN_SPEED, MAX_SPEED + 1)


def movement_speeds(previous: int, used: int, tokens: bool) -> list[tuple[int, bool]]:
    """The speeds a movement may take after one at ``previous`` (0 before a
    turn's first, -1 before the race's first), each with whether it is
    played on a strategy token: the allowed speeds, then (with ``tokens``,
    not at the race's start) the others whose token is not in ``used``, a
    bit mask with bit ``k`` for token ``k``."""
    if previous == 0:
        normal = first_speeds()
    elif previous < 0:
        normal = first_speeds(race_start=True)
    else:
        normal = next_speeds(previous)
    speeds = [(value, False) for value in normal]
    if tokens and previous >= 0:
        spare = [value for value in STRATEGY_TOKENS if value not in normal and not used & (1 << value)]
        speeds += [(value, True) for value in spare]
    return speeds


@dataclass(frozen=True)
class SpeedCheck:
    """The verdict on a sequence of speeds within one turn: ``legal``, or the
    ``position`` (0-based) of the first bad speed and ``reason``."""

    legal: bool
    position: int | None = None
    reason: str = ""


def check_speeds(
    speeds: Sequence[int], *, race_start: bool = False, tokens: Sequence[bool] = ()
) -> SpeedCheck:
    """Check the speeds of one turn's movements against the speed rules.

    ``tokens[i]`` says that movement ``i`` uses a strategy token (of the
    number equal to its speed), which lifts the acceleration and deceleration
    limits for that movement but may not be used "when starting out".
    """
    if len(speeds) > MOVEMENTS_PER_TURN:
        return SpeedCheck(False, MOVEMENTS_PER_TURN, f"a turn has at most {MOVEMENTS_PER_TURN} movements")
    used = list(tokens) + [False] * (len(speeds) - len(tokens))
    token_values: set[int] = set()
    for position, speed in enumerate(speeds):
        if not MIN_SPEED <= speed <= MAX_SPEED:
            return SpeedCheck(False, position, f"speeds range from {MIN_SPEED} to {MAX_SPEED}, not {speed}")
        if used[position]:
            problem = _token_problem(position, speed, race_start, token_values)
            if problem:
                return SpeedCheck(False, position, problem)
            token_values.add(speed)
            continue
        allowed = first_speeds(race_start) if position == 0 else next_speeds(speeds[position - 1])
        if speed not in allowed:
            return SpeedCheck(False, position, _change_words(speeds, position, race_start))
    return SpeedCheck(True)


def _token_problem(position: int, speed: int, race_start: bool, values: set[int]) -> str:
    if position == 0 and race_start:
        return "a strategy token may not be used when starting out"
    if speed not in STRATEGY_TOKENS:
        return f"there is no strategy token {speed}"
    if speed in values:
        return f"the {speed} token can be used only once"
    return ""


def _change_words(speeds: Sequence[int], position: int, race_start: bool) -> str:
    if position == 0:
        return "the race starts with a first movement of speed 1" if race_start else "bad speed"
    before, now = speeds[position - 1], speeds[position]
    if now > before:
        return f"{before} to {now} accelerates by {now - before}; at most {MAX_ACCELERATION} is allowed"
    return f"{before} to {now} decelerates by {before - now}; at most {MAX_DECELERATION} is allowed"
