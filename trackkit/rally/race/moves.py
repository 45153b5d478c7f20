"""Every move one Fuel token can buy a car: the engine's move search.

"Discard a Fuel token to move one of your cars up to 3 spaces forward or
sideways" (4 with Turbo); passing a Gate costs its number of Control tokens
(one less with Best Line); "you may also discard 1 Control token in order to
ignore all other cars on the track" (*ghosting*).  Moving onto a Jump's ramp
gives the option to jump, which ends the move (see :func:`jump_targets`).

A :class:`Candidate` is one such move; :func:`fuel_moves` finds them all,
keeping for each end the cheapest way there.  The engine never lets a move
end on another car's space (a ghosting car that stopped there would have to
spend another Fuel token at once; trackkit's drivers never do that).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import NamedTuple

from trackkit.rally.race.record import FINISHED
from trackkit.rally.race.road import WIDTH, Road, team_reach

__all__ = [
    "Candidate",
    "Table",
    "fuel_moves",
    "jump_targets",
]


class Candidate(NamedTuple):
    """A move ``car`` may make with one Fuel token: its ``path`` (first
    space where it stands), the Control tokens it ``costs`` (Gates and
    ghosting), ``ghost``, the ``jump`` taken (empty for none) and the rows
    it ``gains`` (passing the final Checkpoint line counts as two rows past it)."""

    car: int
    path: tuple[int, ...]
    cost: int
    ghost: bool
    jump: str
    gain: int
    rear: bool

    @property
    def end(self) -> int:
        return self.path[-1]


@dataclass
class Table:
    """What the move search needs of the race: the ``road``, every car's
    space (``pos``, negative off the road), ``occupied`` counts by space,
    the rows on the table (``rows_laid``) and each car's seat."""

    road: Road
    pos: list[int]
    occupied: bytearray
    rows_laid: int
    ways: Ways


def _closest_opponent(table: Table, car: int, row: int) -> int | None:
    """The space of the closest car of another player ahead of ``row``
    (lowest lane first on a tie), or ``None``."""
    seat = car // 2
    best: int | None = None
    for other, space in enumerate(table.pos):
        if space < 0 or other // 2 == seat or space // WIDTH <= row:
            continue
        if best is None or space < best:
            best = space
    return best


def _open_in_row(table: Table, row: int, first_lane: int) -> list[int]:
    """The open spaces of ``row``, ``first_lane`` first, then by lane."""
    lanes = table.road.lanes[row]
    order = sorted(range(lanes), key=lambda lane: (lane != first_lane, lane))
    return [row * WIDTH + lane for lane in order if not table.occupied[row * WIDTH + lane]]


def jump_targets(table: Table, car: int, ramp: int, stunt: bool) -> list[tuple[str, int]]:
    """Where ``car``, moved onto the ramp row ``ramp``, may jump: behind the
    closest opponent ahead, the first open spaces after the Jump, and with
    ``stunt`` (Stunt Driver) in front of the closest opponent ahead."""
    road = table.road
    targets: list[tuple[str, int]] = []
    last = table.rows_laid - 1
    opponent = _closest_opponent(table, car, ramp)
    if opponent is not None:
        opp_row, opp_lane = divmod(opponent, WIDTH)
        for row in range(opp_row - 1, ramp, -1):
            found = _open_in_row(table, row, opp_lane)
            if found:
                targets.append(("behind", found[0]))
                break
        if stunt:
            for row in range(opp_row + 1, last + 1):
                if row > road.finish_line:
                    targets.append(("stunt", FINISHED))
                    break
                found = _open_in_row(table, row, opp_lane)
                if found:
                    targets.append(("stunt", found[0]))
                    break
    after = road.first_row[road.card[ramp] + 1] if road.card[ramp] + 1 < len(road.first_row) else road.rows
    for row in range(after, last + 1):
        found = _open_in_row(table, row, 0)
        if found:
            targets += [("first", space) for space in found]
            break
    return targets


def _gain(road: Road, start: int, end: int) -> int:
    end_row = road.finish_line + 2 if end == FINISHED else end // WIDTH
    return end_row - start // WIDTH


class Way(NamedTuple):
    """One way a car may go with one Fuel token, whatever the traffic: the
    ``path`` (:data:`FINISHED` last when it passes the final line), the
    Control its Gates cost without and with Best Line, the furthest ``row``
    it reaches, and ``ramp`` when its last step is onto a Jump's ramp."""

    path: tuple[int, ...]
    cost: int
    best_line_cost: int
    row: int
    ramp: bool
    passed: tuple[int, ...]
    """The spaces entered on the road (the path after its first space)."""


Route = tuple[int, tuple[int, ...], tuple[int, ...]]
"""One way to an end: its Control cost, the spaces it enters, its whole path."""
Found = tuple[tuple[int, ...], int, bool, str, int]
"""A move found, without its car: path, cost, ghost, jump, gain."""


class End(NamedTuple):
    """Where a Fuel move from one space may end, and every way there,
    cheapest first: ``plain`` costed without Best Line, ``lined`` with it;
    ``ramp_plain`` and ``ramp_lined`` are the ways whose last step is onto a
    Jump's ramp (from where the car may jump); ``gain``, the rows a car
    gains ending there (none or fewer: only a jump from there is a move)."""

    end: int
    row: int
    gain: int
    plain: tuple[Route, ...]
    lined: tuple[Route, ...]
    ramp_plain: tuple[Route, ...]
    ramp_lined: tuple[Route, ...]


@dataclass(frozen=True)
class Ways:
    """Every end of a Fuel move from every space (index: the space), for a
    normal move and for Turbo's (key: the reach); ``jumpy`` says, the same
    way, whether a Jump's ramp is within reach.  ``seen`` keeps the moves
    found from a space with the cars near it as they stood (see
    :func:`_remembered`): races on one course meet the same few hundred
    pictures over and over."""

    by_reach: dict[int, tuple[tuple[End, ...], ...]]
    jumpy: dict[int, tuple[bool, ...]]
    seen: dict[tuple[object, ...], tuple[Candidate, ...]] = field(default_factory=dict)
    pictures: dict[tuple[object, ...], tuple[Found, ...]] = field(default_factory=dict)
    """The moves found from each picture, whichever car stands there (see
    :func:`_remembered`); ``seen`` keeps them as each car's candidates."""
    caps: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """``caps[reach][space]``: the most Control any move from ``space`` can
    cost (its dearest way, plus the token for ghosting); a player holding
    more has the same moves as one holding this many."""
    gaps: dict[tuple[int, int], frozenset[int]] = field(default_factory=dict)
    """:func:`team_reach`'s answers so far, by the rear space and the limit."""


MAX_SEEN = 400_000
"""The most pictures :class:`Ways` keeps (it starts afresh when full)."""


def _routes(ways: Sequence[Way], lined: bool) -> tuple[Route, ...]:
    """The routes of ``ways``, cheapest first (with or without Best Line)."""
    routes = [(way.best_line_cost if lined else way.cost, way.passed, way.path) for way in ways]
    return tuple(sorted(routes, key=itemgetter(0)))


def _ends_from(road: Road, start: int, reach: int) -> tuple[End, ...]:
    groups: dict[int, list[Way]] = {}
    for way in _ways_from(road, start, reach):
        groups.setdefault(way.path[-1], []).append(way)
    ends = []
    for end, ways in groups.items():
        ramps = [way for way in ways if way.ramp]
        ends.append(
            End(
                end,
                ways[0].row,
                _gain(road, start, end),
                _routes(ways, False),
                _routes(ways, True),
                _routes(ramps, False),
                _routes(ramps, True),
            )
        )
    return tuple(ends)


def _ways_from(road: Road, start: int, reach: int) -> tuple[Way, ...]:
    found: list[Way] = []
    ramps = set(road.ramps)

    def walk(path: tuple[int, ...], cost: int, lined: int) -> None:
        space = path[-1]
        if space // WIDTH == road.finish_line:
            found.append(Way((*path, FINISHED), cost, lined, road.rows, False, path[1:]))
        else:
            ahead = road.forward[space]
            if ahead >= 0:
                gate = road.gate[ahead]
                step = (*path, ahead)
                found.append(
                    Way(
                        step,
                        cost + gate,
                        lined + max(0, gate - 1),
                        ahead // WIDTH,
                        ahead // WIDTH in ramps,
                        step[1:],
                    )
                )
                if len(step) <= reach:
                    walk(step, cost + gate, lined + max(0, gate - 1))
        for side in road.sideways[space]:
            if side not in path:
                step = (*path, side)
                # rows never fall along a path, so the furthest is the last space's
                found.append(Way(step, cost, lined, side // WIDTH, False, step[1:]))
                if len(step) <= reach:
                    walk(step, cost, lined)

    if road.on_road(start):
        walk((start,), 0, 0)
    return tuple(found)


def road_ways(road: Road, reaches: Sequence[int]) -> Ways:
    """The ways from every space of ``road`` for each reach."""
    size = road.rows * WIDTH
    by_reach = {reach: tuple(_ends_from(road, space, reach) for space in range(size)) for reach in reaches}
    jumpy = {
        reach: tuple(any(end.ramp_plain for end in ends) for ends in by_reach[reach]) for reach in reaches
    }
    caps = {reach: tuple(_dearest(ends) + 1 for ends in by_reach[reach]) for reach in reaches}
    return Ways(by_reach, jumpy, caps=caps)


def _dearest(ends: Sequence[End]) -> int:
    """The Control cost of the dearest way to any of ``ends``."""
    return max((route[0] for end in ends for route in end.plain), default=0)


def _cheapest(
    routes: tuple[Route, ...], budget: int, occupied: bytearray
) -> tuple[Route | None, Route | None]:
    """The cheapest affordable route clear of other cars, and the cheapest
    route of all when ghosting through cars (its token included) costs less."""
    clear: Route | None = None
    for route in routes:
        if route[0] > budget:
            break
        for space in route[1]:
            if space >= 0 and occupied[space]:
                break
        else:
            clear = route
            break
    first = routes[0] if routes else None
    if first is None or first is clear or first[0] + 1 > budget:
        return clear, None
    if clear is not None and clear[0] <= first[0] + 1:
        return clear, None
    return clear, first


def fuel_moves(
    table: Table, car: int, reach: int, budget: int, discount: int, stunt: bool, rear: bool
) -> tuple[Candidate, ...]:
    """Every move of ``car`` for one Fuel token: up to ``reach`` spaces, at
    most ``budget`` Control tokens, Gates ``discount`` cheaper, ghosting
    when the budget allows and another car is in the way, and Jumps
    (Stunt Driver's too, with ``stunt``)."""
    start = table.pos[car]
    occupied = table.occupied
    occupied[start] -= 1
    ways = table.ways
    if ways.jumpy[reach][start]:
        found = _search(table, car, start, reach, budget, discount, stunt)
        moves = tuple(Candidate(car, *move, rear) for move in found)
    else:
        budget = min(budget, ways.caps[reach][start])
        moves = _remembered(table, car, rear, start, reach, budget, discount)
    occupied[start] += 1
    return moves


def _remembered(
    table: Table, car: int, rear: bool, start: int, reach: int, budget: int, discount: int
) -> tuple[Candidate, ...]:
    """:func:`fuel_moves` with no Jump within reach, where the moves depend
    only on the *picture*: the start, the reach, the budget, the discount,
    the rows on the table and the cars on the rows within reach.  The moves
    are kept by picture (whichever car stands there) and by car."""
    ways = table.ways
    row = start // WIDTH
    near = bytes(table.occupied[row * WIDTH : (row + reach + 1) * WIDTH])
    laid = min(table.rows_laid, row + reach + 1)
    moves = ways.seen.get((car, rear, start, reach, budget, discount, laid, near))
    if moves is None:
        if len(ways.seen) >= MAX_SEEN:
            ways.seen.clear()
            ways.pictures.clear()
        picture = (start, reach, budget, discount, laid, near)
        found = ways.pictures.get(picture)
        if found is None:
            found = ways.pictures[picture] = _search(table, car, start, reach, budget, discount, False)
        moves = tuple(Candidate(car, *move, rear) for move in found)
        ways.seen[(car, rear, *picture)] = moves
    return moves


def _search(
    table: Table, car: int, start: int, reach: int, budget: int, discount: int, stunt: bool
) -> tuple[Found, ...]:
    """The moves :func:`fuel_moves` finds, worked out (``car`` already
    lifted off ``start``)."""
    road = table.road
    occupied = table.occupied
    best: dict[tuple[int, bool, str], tuple[int, tuple[int, ...]]] = {}
    last_row = table.rows_laid - 1
    targets: dict[int, list[tuple[str, int]]] = {}

    for end, row, gain, plain, lined, ramp_plain, ramp_lined in table.ways.by_reach[reach][start]:
        if row > last_row and end != FINISHED:
            continue
        if gain > 0 and (end == FINISHED or not occupied[end]):
            clear, ghosted = _cheapest(lined if discount else plain, budget, occupied)
            if clear is not None:
                best[(end, False, "")] = (clear[0], clear[2])
            if ghosted is not None:
                best[(end, True, "")] = (ghosted[0] + 1, ghosted[2])
        ramp_routes = ramp_lined if discount else ramp_plain
        if ramp_routes:
            clear, ghosted = _cheapest(ramp_routes, budget, occupied)
            if clear is None and ghosted is None:
                continue
            if row not in targets:
                targets[row] = jump_targets(table, car, row, stunt)
            for kind, target in targets[row]:
                for route, ghost in ((clear, False), (ghosted, True)):
                    if route is None:
                        continue
                    held = best.get((target, ghost, kind))
                    if held is None or route[0] + ghost < held[0]:
                        best[(target, ghost, kind)] = (route[0] + ghost, (*route[2], target))
    found: list[Found] = []
    for (end, ghost, jump), (cost, path) in best.items():
        gain = _gain(road, start, end)
        if gain > 0 or jump:
            found.append((path, cost, ghost, jump, gain))
    return tuple(found)


def near_team(table: Table, spaces: Sequence[int], limit: int) -> bool:
    """:func:`team_gap` on the table's road, the spaces within reach of
    each rear space remembered in its :class:`Ways` (they depend on the
    road alone)."""
    first, second = spaces
    rear, front = (first, second) if first <= second else (second, first)
    reached = table.ways.gaps.get((rear, limit))
    if reached is None:
        reached = table.ways.gaps[(rear, limit)] = team_reach(table.road, rear, limit)
    return front in reached


def team_gap(road: Road, spaces: Sequence[int], limit: int) -> bool:
    """Whether the rear of two spaces reaches the other in ``limit`` moves
    or fewer, forward or sideways, Gates and cars ignored."""
    rear, front = sorted(spaces)
    return front in team_reach(road, rear, limit)
