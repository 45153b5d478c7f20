"""Whole races, lap by lap, in time that does not grow with the laps.

A race is counted in *levels*: level ``c`` holds the places a car can start a
turn after crossing the line ``c`` times (0 on the grid).  From the second
lap on, every lap is driven under the same rules (hazards in effect), so the
step from one level to the next is the same map each time, and that map
commutes with adding a constant number of turns to every place.  Hence, once
two consecutive levels differ by the same constant ``k`` everywhere, every
later level differs by ``k`` too, and a 99-lap race costs no more than a
five-lap one.  Both searches here use this:

* :func:`level_turns` — the fewest turns to reach each crossing (a shortest
  path, Dijkstra within a level), optionally with strategy tokens;
* :func:`expected_race` — the least expected number of turns to the end of
  the race when corners may be risked, solved backwards level by level (the
  Bellman equation; value iteration that converges in one sweep because no
  turn goes backwards round the track).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from trackkit.errors import CircuitError
from trackkit.racepack.movement.board import CarState
from trackkit.racepack.movement.laps import Node, Planner, spin_chances
from trackkit.racepack.movement.turns import Plan

__all__ = [
    "MAX_PERIOD",
    "SETTLED_LEVEL",
    "Crossings",
    "ExpectedRace",
    "Place",
    "RacePolicy",
    "expected_race",
    "level_turns",
]

SETTLED_LEVEL = 4
"""The first level whose step can repeat exactly: the grid (level 0) and the
first lap without hazards (level 1) are special, and a step looks back two
levels."""

DEAD_END = math.inf
"""The value of a place no turn leaves: a lane the road narrows away from at
a chicane, with no lane change allowed out of it.  No policy goes there."""

TOLERANCE = 1e-9
"""How close two expectations must be to count as equal."""

_Key = tuple[int, int, int]
"""A place within a level: ``(space, heading, tokens used)``."""


@dataclass(frozen=True)
class Crossings:
    """The fewest turns to reach each crossing of the line: ``turns[c - 1]``
    for crossing ``c``.  ``period`` is ``(laps, turns)`` when the race
    settles into repeating every ``laps`` laps in ``turns`` turns."""

    turns: tuple[int, ...]
    period: tuple[int, int] | None

    @property
    def average_lap(self) -> float | None:
        """Turns per lap over a long race, once it repeats."""
        return None if self.period is None else self.period[1] / self.period[0]


MAX_PERIOD = 8
"""The longest repeat, in laps, looked for."""


def level_turns(planner: Planner, start: CarState, last: int) -> Crossings:
    """The fewest turns from the grid at ``start`` to each crossing ``1`` to
    ``last`` of the line."""
    pending: dict[int, dict[_Key, int]] = {0: {(start[0], start[1], 0): 0}}
    levels: list[dict[_Key, int]] = []
    firsts: list[int] = []
    jump = 1
    for level in range(last + 1):
        settled, longest = _settle(planner, pending, level, start)
        jump = max(jump, longest)
        levels.append(settled)
        if level and not settled:
            raise CircuitError(
                "no car can drive a lap from the grid: the road narrows at a chicane and the lanes"
                " leading on are reached only by lane changes that cut the chicane's corners",
            )
        if level:
            firsts.append(min(settled.values()))
        period = _repeating(levels, level, jump)
        if period is not None:
            laps, shift = period
            while len(firsts) < last:
                firsts.append(firsts[-laps] + shift)
            return Crossings(tuple(firsts[:last]), period)
    return Crossings(tuple(firsts[:last]), None)


def _repeating(levels: list[dict[_Key, int]], level: int, jump: int) -> tuple[int, int] | None:
    """``(p, k)`` when the last ``jump`` levels each equal the level ``p``
    before plus ``k`` everywhere (then every later level does too)."""
    if jump > 2:
        return None
    for laps in range(1, MAX_PERIOD + 1):
        if level - laps - jump + 1 < SETTLED_LEVEL - 2:
            break
        shifts = {_shift(levels[level - back - laps], levels[level - back]) for back in range(jump)}
        if len(shifts) == 1:
            shift = shifts.pop()
            if shift is not None:
                return (laps, shift)
    return None


def _shift(before: dict[_Key, int], after: dict[_Key, int]) -> int | None:
    if before.keys() != after.keys():
        return None
    differences = {after[key] - before[key] for key in before}
    return differences.pop() if len(differences) == 1 else None


def _settle(
    planner: Planner, pending: dict[int, dict[_Key, int]], level: int, start: CarState
) -> tuple[dict[_Key, int], int]:
    """Every place a car can reach within one level, by the fewest turns;
    pushes crossings on to later levels.  Returns the level's places that
    are not dominated, and the most crossings one turn made.

    Every turn costs one, so the search goes turn by turn (a breadth-first
    search in buckets of equal turns), each bucket in key order so that,
    at one place, a smaller set of used tokens comes before a larger one."""
    best = pending.pop(level, {})
    buckets: dict[int, list[_Key]] = {}
    for key, turns in best.items():
        buckets.setdefault(turns, []).append(key)
    done: dict[_Key, int] = {}
    masks: dict[tuple[int, int], list[int]] = {}
    longest = 0
    while buckets:
        turns = min(buckets)
        keys = sorted(buckets.pop(turns))
        after_turns = turns + 1
        following = buckets.setdefault(after_turns, [])
        for key in keys:
            if key in done or best[key] < turns:
                continue
            if planner.tokens and _dominated(masks, key):
                continue
            done[key] = turns
            made = _turn_from(planner, key, level, start, best, following, pending, after_turns)
            longest = max(longest, made)
        if not following:
            del buckets[after_turns]
    return done, longest


def _dominated(masks: dict[tuple[int, int], list[int]], key: _Key) -> bool:
    """Whether ``key``'s place was settled, no later, with a subset of its
    tokens (then nothing reached from it can be better); records it if not."""
    space, heading, mask = key
    kept = masks.setdefault((space, heading), [])
    if any(used & mask == used for used in kept):
        return True
    kept.append(mask)
    return False


def _turn_from(
    planner: Planner,
    key: _Key,
    level: int,
    start: CarState,
    best: dict[_Key, int],
    following: list[_Key],
    pending: dict[int, dict[_Key, int]],
    after_turns: int,
) -> int:
    """Every turn from ``key``: ends within the level join ``following``
    (the next bucket), crossings join a later level; the most crossings made."""
    space, heading, mask = key
    fresh = level == 0 and (space, heading) == start and mask == 0 and after_turns == 1
    longest = 0
    for after, laps in planner.ends((space, heading, level, mask), fresh):
        if mask:
            used = after[2]
            if used & mask:
                continue
            after = (after[0], after[1], mask | used)
        if laps == 0:
            if after_turns < best.get(after, after_turns + 1):
                best[after] = after_turns
                following.append(after)
            continue
        longest = max(longest, laps)
        target = pending.setdefault(level + laps, {})
        if after_turns < target.get(after, after_turns + 1):
            target[after] = after_turns
    return longest


Place = tuple[int, int]
"""Where a car starts a turn, within a level: ``(space, heading)``, or
``(-1 - tile, -1)`` off the track beside corner ``tile`` after a spin-out."""


@dataclass(frozen=True)
class RacePolicy:
    """The risk-taking policy of :func:`expected_race`: for every level
    (crossings made) below ``goal`` and every place, the least expected
    number of turns to the finish and the plan that achieves it.

    Levels from 2 up to ``repeat[0]`` repeat the level ``repeat[0]`` shifted
    by ``repeat[1]`` turns a level, so only that level's plans are kept.
    """

    goal: int
    values: dict[int, dict[Place, float]]
    choices: dict[int, dict[Place, Plan]]
    repeat: tuple[int, float] | None

    def value(self, level: int, place: Place) -> float:
        """The least expected turns to the finish from ``place`` at ``level``
        (0 past the finish; ``inf`` for a place no turn leaves)."""
        if level >= self.goal:
            return 0.0
        return self.values[level].get(place, DEAD_END)

    def choice(self, level: int, place: Place) -> Plan:
        """The plan the policy takes from ``place`` at ``level``."""
        return self.choices[self.source_level(level)][place]

    def source_level(self, level: int) -> int:
        """The level whose plans ``level`` repeats (itself, unless it repeats)."""
        repeat = self.repeat
        return repeat[0] if repeat is not None and 2 <= level <= repeat[0] else level


@dataclass(frozen=True)
class ExpectedRace:
    """The least expected turns for the race (``turns``), the plans its
    policy follows when every roll succeeds, from the grid to the finish,
    and the whole ``policy``.  ``first`` is the plan of the race's first
    turn from the pole (a turn at speed 1 from the start)."""

    turns: float
    plans: tuple[Plan, ...]
    policy: RacePolicy


def expected_race(planner: Planner, start: CarState, laps: int) -> ExpectedRace:
    """The least expected number of turns from the grid at ``start`` to the
    end of a ``laps``-lap race (its ``laps + 1``-th crossing)."""
    board = planner.board
    goal = laps + 1
    places = [(space, heading) for space, heading in board.states()]
    places += [(-1 - tile, -1) for tile in range(board.tiles) if board.corner[tile]]

    orders = {1: _downstream_first(planner, places, 1)}
    orders[2] = _downstream_first(planner, places, 2) if board.hazards else orders[1]
    values: dict[int, dict[tuple[int, int], float]] = {}
    choices: dict[int, dict[tuple[int, int], Plan]] = {}
    level = goal - 1
    repeat: tuple[int, float] | None = None
    while level >= 0:
        if repeat is not None and level >= 2:
            base, shift = repeat
            values[level] = {place: value + (base - level) * shift for place, value in values[base].items()}
            level -= 1
            continue
        values[level], choices[level] = _backup(planner, orders[min(max(level, 1), 2)], values, level, goal)
        repeat = repeat or _value_shift(values, level, goal)
        level -= 1
    pole_value, pole_plan = _best(planner, (start[0], start[1], 0, 0), values, goal, True)
    policy = RacePolicy(goal, values, choices, repeat)
    return ExpectedRace(pole_value, _follow(pole_plan, policy), policy)


def _downstream_first(planner: Planner, places: list[tuple[int, int]], level: int) -> list[tuple[int, int]]:
    """``places`` ordered so that every place comes after all the places a
    turn from it can reach without crossing the line (the turns within one
    lap form a directed acyclic graph: nothing goes backwards)."""
    following: dict[tuple[int, int], set[tuple[int, int]]] = {}
    for place in places:
        reached = following.setdefault(place, set())
        for plan in planner.plans((place[0], place[1], level, 0)):
            if not plan.laps:
                reached.add(plan.end)
            reached.update((-1 - tile, -1) for tile, laps in plan.risks if not laps)
    order: list[tuple[int, int]] = []
    state: dict[tuple[int, int], bool] = {}
    for root in places:
        stack = [(root, False)]
        while stack:
            place, finished = stack.pop()
            if finished:
                state[place] = True
                order.append(place)
                continue
            if place in state:
                continue
            state[place] = False
            stack.append((place, True))
            stack.extend((after, False) for after in following.get(place, ()) if after not in state)
    return order


def _value_shift(
    values: dict[int, dict[tuple[int, int], float]], level: int, goal: int
) -> tuple[int, float] | None:
    if level < 2 or level + 3 > goal - SETTLED_LEVEL:
        return None
    shifts = []
    for upper in (level + 1, level + 2):
        pairs = [(values[level][place], values[upper][place]) for place in values[level]]
        if any(math.isinf(low) != math.isinf(high) for low, high in pairs):
            return None
        differences = [low - high for low, high in pairs if not math.isinf(low)]
        if not differences:
            return None
        if max(differences) - min(differences) > TOLERANCE:
            return None
        shifts.append(differences[0] / (upper - level))
    if abs(shifts[0] - shifts[1]) > TOLERANCE:
        return None
    return (level, shifts[0])


def _backup(
    planner: Planner,
    order: list[tuple[int, int]],
    values: dict[int, dict[tuple[int, int], float]],
    level: int,
    goal: int,
) -> tuple[dict[tuple[int, int], float], dict[tuple[int, int], Plan]]:
    here: dict[tuple[int, int], float] = {}
    values[level] = here
    chosen: dict[tuple[int, int], Plan] = {}
    for place in order:
        value, plan = _best(planner, (place[0], place[1], level, 0), values, goal, False)
        here[place] = value
        chosen[place] = plan
    return here, chosen


def _best(
    planner: Planner, node: Node, values: dict[int, dict[tuple[int, int], float]], goal: int, race_start: bool
) -> tuple[float, Plan]:
    """The plan from ``node`` with the least expected turns to the finish,
    and that expectation: one turn, plus each spin-out's chance times the
    expectation from beside its corner, plus the chance of getting through
    times the expectation from where the plan ends.  The first plan wins a
    tie.  (The innermost loop of :func:`expected_race`, written for speed.)"""
    level = node[2]
    best_total = DEAD_END
    best_plan: Plan | None = None
    for plan in planner.plans(node, race_start):
        end, crossings, risks, _ = plan
        total = 1.0
        through = 1.0
        if risks:
            chances = spin_chances(len(risks))
            for chance, (tile, laps) in zip(chances, risks):
                if level + laps < goal:
                    total += chance * values[level + laps][(-1 - tile, -1)]
            through = chances[-1]
        if level + crossings < goal:
            total += through * values[level + crossings][end]
        if best_plan is None or total < best_total:
            best_total, best_plan = total, plan
    if best_plan is None:
        return (DEAD_END, Plan((-1, -1), 0, (), 0))
    return (best_total, best_plan)


def _follow(first: Plan, policy: RacePolicy) -> tuple[Plan, ...]:
    plans = [first]
    place, level = first.end, first.laps
    while level < policy.goal:
        plan = policy.choice(level, place)
        plans.append(plan)
        place, level = plan.end, level + plan.laps
    return tuple(plans)
