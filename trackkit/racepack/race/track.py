"""A track made ready for racing: the board, the grid and the tables a race
looks up many thousands of times.

A :class:`RaceTrack` is built once per layout and shared by every race on
it (and by every driver): it holds the movement board of
:mod:`trackkit.racepack.movement`, the starting grid, where each space lies
in the race order, which corner each stretch of road belongs to, and the
turn plans of every place a car can start a turn, ranked by each driving
style's expectations (computed lazily and kept).  Each race may roll its
own hazards: the plans for a set of hazards reuse those for the set
without the last of them wherever a turn cannot reach it, and a place's
ranked turns are filed by the hazards within reach of it only, so races
with the same hazards ahead of a place share them (all are dropped once
too many sets are kept).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from trackkit.piecepack.circuit import Kind
from trackkit.racepack.analysis import numbered_corners, resolve_start
from trackkit.racepack.grid import starting_grid
from trackkit.racepack.lanes import next_corner_tiles
from trackkit.racepack.layout import Layout
from trackkit.racepack.movement.analysis import PIT_SPEED, board_of
from trackkit.racepack.movement.board import Board, CarState
from trackkit.racepack.movement.laps import Planner, reaching
from trackkit.racepack.movement.races import RacePolicy, expected_race
from trackkit.racepack.movement.turns import MoveTable, Plan
from trackkit.racepack.race.candidates import Candidate, expected_after, space_mask
from trackkit.racepack.spaces import Side

__all__ = [
    "Candidate",
    "RaceTrack",
    "Style",
    "space_mask",
]


KEPT_HAZARD_SETS = 4_000
"""How many sets of hazards within reach a track keeps plans for before it
drops them all (some 10 MB a hundred sets)."""

_PLACES = 8
"""Places in the race order per half tile: a spun-out car's, then up to
four lanes side by side."""


PlanStart = tuple[CarState, bool, bool, bool, bool]
"""Where a turn starts and how it is planned: the place, whether it is
the race's first turn, a risky driver's, through the pits, with tokens."""


@dataclass(frozen=True)
class Style:
    """How a driver weighs turns: ``risky`` allows entering corners at
    speed 2 (the bold driver's policy); otherwise every corner is entered at
    speed 1 (the cautious driver)."""

    risky: bool


class RaceTrack:
    """Everything a race on ``layout`` needs that does not change during it
    (see the module).  ``laps`` overrides the layout's."""

    def __init__(self, layout: Layout, laps: int | None = None, *, chicane_cuts: bool = True) -> None:
        self.layout = layout
        self.laps = layout.laps if laps is None else laps
        self.goal = self.laps + 1
        """A race of ``laps`` laps ends at a car's ``laps + 1``-th crossing of the line."""
        self.board: Board = board_of(layout, chicane_cuts=chicane_cuts, wide=True)
        board = self.board
        self.tiles = board.tiles
        self.hazards: tuple[int, ...] = tuple(sorted(board.hazards, key=lambda space: board.rel[space]))
        corners = numbered_corners(layout.circuit, resolve_start(layout))
        self.corner_number = {corner.tile: corner.number for corner in corners}
        self.corner_count = len(corners)
        self.section = self._sections()
        self.inside = self._inside_flags()
        self._tile_start = tuple(min(board.rel[4 * tile + q] for q in range(4)) for tile in range(self.tiles))
        pit = layout.pit
        self.pit_tiles: tuple[int, ...] = (
            () if pit is None else tuple((pit.first + offset) % self.tiles for offset in range(pit.length))
        )
        """The loop tiles beside the pit lane (none without one)."""
        self._boards: dict[tuple[frozenset[int], bool], Board] = {(board.hazards, False): board}
        self._planners: dict[tuple[frozenset[int], bool, bool, bool], Planner] = {}
        self._tables: dict[bool, MoveTable] = {}
        self._policies: dict[bool, RacePolicy] = {}
        self._ranked: dict[frozenset[int], dict[tuple[object, ...], list[Candidate]]] = {}
        """The ranked plans of :meth:`ranked`, filed by the hazards in effect."""
        self._best: dict[frozenset[int], dict[tuple[object, ...], float | None]] = {}
        self._crossings: dict[tuple[int, ...], int] = {}
        self._near_of = self._hazard_reach()
        self._in_reach: dict[tuple[frozenset[int], int], frozenset[int]] = {}
        self._touch: dict[tuple[frozenset[int], PlanStart], frozenset[int]] = {}
        self._reach: dict[PlanStart, frozenset[int]] = {}
        self.near_tolls: dict[tuple[frozenset[int], CarState, int, bool], float] = {}
        """The expert's hazard tolls (:func:`~.lookahead.hazard_toll`), by
        the hazards within reach; ``tolls`` by those in effect, for a race."""
        self.tolls: dict[frozenset[int], dict[tuple[CarState, int, bool], float]] = {}

    # --- the grid ---------------------------------------------------------

    def grid(self, cars: int) -> list[CarState]:
        """Where each grid slot's car stands (slot 1, the pole, first)."""
        board = self.board
        slots = starting_grid(self.layout, cars).slots
        return [(board.number(slot.space), board.exit_heading[slot.space.tile]) for slot in slots]

    # --- the race order ---------------------------------------------------

    def progress(self, space: int, crossings: int) -> int:
        """How far round the race a car on ``space`` has come, in eighth
        steps: half tiles past the line, laps counted by ``crossings``, and
        on each half tile the lane nearer the inside ahead of the lanes
        further out ("When two cars are side by side, the car on the inside
        lane is ahead"; on a four-lane straight, the order of the four)."""
        lap = 2 * self.tiles
        return _PLACES * ((crossings - 1) * lap + self.board.rel[space]) + 2 + self.inside[space]

    def spun_progress(self, tile: int, crossings: int) -> int:
        """The place in the race of a car off the track beside corner
        ``tile``: "behind any cars that are presently in the same corner or
        further around the track, but ... ahead of any cars that have not yet
        entered the corner"."""
        return _PLACES * ((crossings - 1) * 2 * self.tiles + self._tile_start[tile]) + 1

    def _inside_flags(self) -> tuple[int, ...]:
        """For each space, how many lanes of its stretch of road lie further
        from the inside: 1 for the inside lane of a two-lane tile, "the lane
        on the side that the NEXT corner turns toward" (on a corner tile, the
        next corner along), 0 for the other; 3 down to 0 across a four-lane
        straight (a wide row's lanes count from the loop tile they line)."""
        board = self.board
        circuit = self.layout.circuit
        following = next_corner_tiles(circuit)
        across: list[int] = []
        for space in range(4 * board.all_tiles):
            tile = circuit[self._loop_tile(space // 4)]
            assert tile.exit is not None
            turn = Side.LEFT if circuit[following[tile.index]].kind is Kind.LEFT else Side.RIGHT
            towards = turn.of(tile.exit)
            x, y = board.cell(space)
            across.append(x * towards.dx + y * towards.dy)
        lowest: dict[int, int] = {}
        for space, value in enumerate(across):
            index = self._loop_tile(space // 4)
            lowest[index] = min(value, lowest.get(index, value))
        return tuple(value - lowest[self._loop_tile(space // 4)] for space, value in enumerate(across))

    def _loop_tile(self, tile: int) -> int:
        """The loop tile ``tile`` is (a loop tile) or lies beside (a row tile)."""
        return tile if tile < self.tiles else self.board.row[tile - self.tiles].beside

    def _sections(self) -> tuple[int, ...]:
        """For each tile (loop, then wide row), the number of the corner
        whose stretch of road it is on: the corner itself, or the last
        corner before it."""
        found = []
        for tile in range(self.board.all_tiles):
            back, loop_tile = 0, self._loop_tile(tile)
            while (loop_tile - back) % self.tiles not in self.corner_number:
                back += 1
            found.append(self.corner_number[(loop_tile - back) % self.tiles])
        return tuple(found)

    def crossings_of(self, spaces: tuple[int, ...]) -> int:
        """How many times a movement over ``spaces`` crosses the line."""
        found = self._crossings.get(spaces)
        if found is None:
            crosses = self.board.crosses
            found = self._crossings[spaces] = sum(crosses(a, b) for a, b in itertools.pairwise(spaces))
        return found

    def half_tiles(self, key: int) -> int:
        """The half tiles a car has come from its first crossing of the
        line, read off its place in the race order ``key``."""
        return key // _PLACES

    def pit_passage(self, pit_lap: int) -> tuple[int, int]:
        """Where a car with pit lap ``pit_lap`` drives through the pits, in
        half tiles from its first crossing (as :meth:`half_tiles` counts):
        the one pass over the tiles beside the pit lane that it enters on
        that lap, from their first half tile to past their last.  A pit
        lane may straddle the start/finish line; its limit holds on both
        sides ("Speed in the pit lane is restricted to 3.")."""
        pit = self.layout.pit
        assert pit is not None
        lap = 2 * self.tiles
        entry = (pit_lap - 1) * lap + (2 * pit.first - self.board.line) % lap
        return entry, entry + 2 * pit.length

    def through_pits(self, pit_lap: int, key: int) -> bool:
        """Whether a car with pit lap ``pit_lap`` standing at ``key`` in the
        race order drives its next turn through the pits: it has not yet
        left its pit passage, and stands less than a lap before its end (so
        no other pass over the pit tiles lies between)."""
        if pit_lap <= 0:
            return False
        end = self.pit_passage(pit_lap)[1]
        return end - 2 * self.tiles <= self.half_tiles(key) < end

    # --- planners and policies --------------------------------------------

    def start_race(self, hazards: frozenset[int]) -> None:
        """Make ready for a race whose setup puts hazards on ``hazards``.
        Plans are filed by the hazards within reach of the place a turn
        starts from, so a race reuses every earlier race's plans for the
        same few hazards ahead; once more than :data:`KEPT_HAZARD_SETS`
        sets of hazards are kept, the plans for all but the track's own
        are dropped (they would pile up race after race)."""
        self.tolls.clear()
        if len(self._planners) <= KEPT_HAZARD_SETS:
            return
        kept = self.board.hazards

        def keep(spaces: frozenset[int]) -> bool:
            return spaces <= kept

        self._boards = {key: value for key, value in self._boards.items() if keep(key[0])}
        self._planners = {key: value for key, value in self._planners.items() if keep(key[0])}
        self._ranked = {key: value for key, value in self._ranked.items() if keep(key)}
        self._best = {key: value for key, value in self._best.items() if keep(key)}
        self._in_reach.clear()
        self._touch.clear()
        self.near_tolls.clear()

    def _hazard_reach(self) -> tuple[frozenset[int], ...]:
        """For each loop tile, the tiles a turn reaching it may start on
        (itself included, and every tile of a wide row): a hazard on the
        tile changes only the turns starting there (as :class:`Planner`
        reuses the plans of the road without it everywhere else)."""
        row = set(range(self.tiles, self.board.all_tiles))
        return tuple(frozenset({tile, *reaching(self.board, tile), *row}) for tile in range(self.tiles))

    def within_reach(self, hazards: frozenset[int], space: int) -> frozenset[int]:
        """The hazards of ``hazards`` that a turn from ``space`` (a car off
        the track: ``-1 - tile``) may reach: the turns from there are the
        same with only these in effect (a hazard on a wide row counts
        always)."""
        tile = (space if space >= 0 else 4 * (-1 - space)) // 4
        key = (hazards, tile)
        found = self._in_reach.get(key)
        if found is None:
            near, loop = self._near_of, self.tiles
            found = frozenset(h for h in hazards if h // 4 >= loop or tile in near[h // 4])
            self._in_reach[key] = found
        return found

    def touchable(self, hazards: frozenset[int], start: PlanStart) -> frozenset[int]:
        """The hazards of ``hazards`` that may change a turn from ``start``
        (place, race start, risky, through the pits, tokens): those on a
        space it may re-enter on, or pass over or land on before its last
        movement, on the road without hazards (see :meth:`Planner.reach`).
        Its plans and their order are the same with only these in effect,
        so races whose other hazards differ share them."""
        found = self._touch.get((hazards, start))
        if found is None:
            spaces = self._reach.get(start)
            if spaces is None:
                place, race_start, risky, pit, tokens = start
                planner = self.planner(frozenset(), risky, pit, tokens)
                spaces = self._reach[start] = planner.reach((place[0], place[1], 1, 0), race_start)
            found = self._touch[(hazards, start)] = hazards & spaces
        return found

    def board_with(self, hazards: frozenset[int], pit: bool = False) -> Board:
        """The board with only ``hazards`` in effect; with ``pit``, as driven
        through the pits: speed 3 on the loop tiles beside the pit lane."""
        key = (hazards, pit)
        found = self._boards.get(key)
        if found is None:
            limit = dict.fromkeys(self.pit_tiles, PIT_SPEED) if pit else None
            found = self._boards[key] = self.board.with_changes(hazards=hazards, limit=limit)
        return found

    def planner(
        self, hazards: frozenset[int], risky: bool, pit: bool = False, tokens: bool = False
    ) -> Planner:
        """Turn plans with ``hazards`` in effect, for a ``risky`` driver or not, through the pits with
        ``pit``, with strategy ``tokens`` on the car's own speed or not; all share the road's movements."""
        key = (hazards, risky, pit, tokens)
        found = self._planners.get(key)
        if found is None:
            board = self.board_with(hazards, pit)
            base, changed, table = None, frozenset[int](), self._tables.get(pit)
            if hazards:
                # Hazards turn over one by one along the track: the plans for
                # the hazards before the last are reused away from its tile.
                last = self._last_hazard(hazards)
                base = self.planner(hazards - {last}, risky, pit, tokens)
                changed = frozenset({last // 4})
            found = Planner(board, risky=risky, tokens=tokens, base=base, changed=changed, table=table)
            self._tables.setdefault(pit, found.table)
            self._planners[key] = found
        return found

    def _last_hazard(self, hazards: frozenset[int]) -> int:
        """The hazard of ``hazards`` furthest along the track from the line:
        a set's plans are those of the set without it, changed only where a
        turn can reach its tile."""
        return max(hazards, key=lambda space: (self.board.rel[space], space))

    def policy(self, risky: bool) -> RacePolicy:
        """The least expected turns to the finish from every place, for a
        car alone driving riskily or safely (``trackkit analyze``'s policy)."""
        found = self._policies.get(risky)
        if found is None:
            planner = self.planner(self.board.hazards, risky)
            found = self._policies[risky] = expected_race(planner, self.grid(1)[0], self.laps).policy
        return found

    def spin_stakes(self, tile: int, place: CarState, level: int) -> tuple[float, float]:
        """The expected turns to the finish (by the risk-optimal policy) of a
        car with ``level`` crossings at ``place``, just entered corner
        ``tile`` at speed 2: if it stays on the track, and if it spins out."""
        policy = self.policy(True)
        return policy.value(level, place), policy.value(level, (-1 - tile, -1))

    def expected(self, style: Style, level: int, plan: Plan) -> float:
        """The expected turns to the finish after ``plan`` (:func:`~.candidates.expected_after`)."""
        return expected_after(self.policy(style.risky), level, plan)[0]

    def best_expected(
        self, style: Style, hazards: frozenset[int], place: CarState, level: int, pit: bool
    ) -> float | None:
        """The expectation of the first of :meth:`ranked` (not a first turn,
        no tokens; ``None``: no turn leaves ``place``), else the least over
        the plans, unranked (the hazard toll asks it of many places)."""
        hazards, known = self._filed(style, hazards, place, False, pit, False)
        key = (style.risky, place, min(level, self.goal), False, pit, False)
        found = known.get(key)
        if found is not None:
            return found[0].expected if found else None
        best = self._best.setdefault(hazards, {})
        if key not in best:
            planner = self.planner(hazards, style.risky, pit)
            policy = self.policy(style.risky)
            plans = planner.plans((place[0], place[1], 2 if hazards else 1, 0), False)
            best[key] = min((expected_after(policy, level, plan)[0] for plan in plans), default=None)
        return best[key]

    def _filed(
        self, style: Style, hazards: frozenset[int], place: CarState, start: bool, pit: bool, tokens: bool
    ) -> tuple[frozenset[int], dict[tuple[object, ...], list[Candidate]]]:
        """The hazards of ``hazards`` that may change a turn from ``place``
        (see :meth:`touchable`; ``start``: the race's first turn), and the
        ranked turns kept for them."""
        if hazards:
            hazards = self.within_reach(hazards, place[0])
            if hazards:
                hazards = self.touchable(hazards, (place, start, style.risky, pit, tokens))
        known = self._ranked.get(hazards)
        if known is None:
            known = self._ranked[hazards] = {}
        return hazards, known

    def ranked(
        self,
        style: Style,
        hazards: frozenset[int],
        place: CarState,
        level: int,
        race_start: bool,
        pit: bool = False,
        tokens: bool = False,
    ) -> list[Candidate]:
        """Every turn plan from ``place`` (a car state, or ``(-1 - tile, -1)``
        off the track beside corner ``tile``) with ``hazards`` in effect (and
        through the pits with ``pit``), best first for ``style``; with
        ``tokens``, only the plans that play strategy tokens on the car's own
        speed (``plan.tokens``: which)."""
        hazards, known = self._filed(style, hazards, place, race_start, pit, tokens)
        key = (style.risky, place, min(level, self.goal), race_start, pit, tokens)
        found = known.get(key)
        if found is not None:
            return found
        planner = self.planner(hazards, style.risky, pit, tokens)
        if hazards and planner.reuses_base(place[0]):
            # no turn from here reaches the last hazard: the same plans, ranked the same
            earlier = hazards - {self._last_hazard(hazards)}
            found = known[key] = self.ranked(style, earlier, place, level, race_start, pit, tokens)
            return found
        node = (place[0], place[1], 2 if hazards else 1, 0)
        policy = self.policy(style.risky)
        found = []
        for plan in planner.plans(node, race_start):
            if tokens and not plan.tokens:
                continue
            expected, after = expected_after(policy, level, plan)
            found.append(Candidate(expected, plan, after, planner, node, race_start))
        found.sort(key=lambda candidate: candidate.expected)
        known[key] = found
        return found

