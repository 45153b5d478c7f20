"""The Motocross expert: every choice weighed by the turns it leaves to the finish.

Once a run the expert works out *turn tables*: for every space of the
course, the expected number of turns a lone rider still needs to cross
the finish line, on the track there and wiped out there.  The expectation
is exact over the dice: a roll of ``d`` dice is one of the multisets of
six faces (null, ace, 2 to 5), each with its multinomial chance, and from
each the rider takes the move that leaves the fewest turns, as the rules
give it moves (:class:`~.racecourse.RaceCourse`): one number, a quarter turn
a null, held back by a ramp it cannot clear, wiped out when every move
runs off the track.  A wiped-out rider kick-starts on an ace and may move
with the dice left over.  A table is kept for one to four dice a turn and
for the *race table* (:data:`RACE_DICE`): one die or two, half the time
each, for in a race the leader rolls one die and the bike behind it two,
and they change places again and again.  A race asks only for the race
table; the others serve the tests and ``analyze``-like questions.

No move goes back towards the start, so a table is solved from the finish
backwards, one row of progress at a time; within a row the two spaces
(and staying put) feed each other, and a few sweeps settle them.

In a race the expert then:

* **starts** on the free space of the starting tile with the fewest turns
  left;
* **moves** to the end with the fewest turns left, less the turns it costs
  a rival it lands on (that rival's turns wiped out less its turns on the
  track);
* **keeps its coins for re-entering** the track (a kick-start on one die
  waits six turns for an ace on average) and buys an extra die only when it
  saves more than :data:`COIN_WORTH` turns this turn -- until the race table
  says the finish is within :data:`ENDGAME_TURNS`, where a coin is worth
  little: then every extra die that saves a tenth of a turn is bought;
* **re-enters** with a coin whenever it holds one, passes only when boxed in.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Protocol

from trackkit.motocross.race.board import Board, Space
from trackkit.motocross.race.drivers import Option, Rider
from trackkit.motocross.race.moves import Route, RouteEnd

__all__ = [
    "COIN_WORTH",
    "MOST_TABLE_TILES",
    "ExpertMind",
    "TurnTables",
    "mind_of",
    "roll_chances",
]

FACES = 6
"""A piecepack die: null (0), ace (1), 2 to 5."""

ACE = 1

MOST_DICE = 4
"""'You may never roll more than four dice for movement.'"""

COIN_WORTH = 5.0
"""The turns a coin held for re-entering the track is reckoned to save (a
kick-start on one die waits six turns for an ace on average): a coin spent
on an extra die must save more than this."""

ENDGAME_TURNS = 6.0
"""Within this many turns of the finish (by the race table) a coin kept
for re-entering will hardly be needed, and unspent coins are worth nothing
once a bike crosses the line."""

ENDGAME_WORTH = 0.1
"""What a coin is reckoned worth in the endgame: any extra die that saves
more than a tenth of a turn is bought."""

RACE_DICE = 0
"""The key of the *race table*: a rider that rolls one die or two, each
half the time (in a race the leader rolls one and the bike behind two, and
they change places often)."""

SWEEPS = 400
"""The most sweeps over one row of progress while its values settle."""

SETTLED = 1e-9
"""A row's values are settled when no sweep changes one by more than this."""

Roll = tuple[tuple[int, ...], int]
"""A roll as a rider uses it: its distinct numbers (rising) and its nulls."""


class Found(Protocol):
    """What a set of rolled numbers allows from a space, with no bike in the way."""

    @property
    def free(self) -> tuple[Option, ...]: ...

    @property
    def free_ramp(self) -> Space | None: ...


class Course(Protocol):
    """The race-ready course the tables are worked out on."""

    @property
    def board(self) -> Board: ...

    def choices(self, space: Space, numbers: tuple[int, ...], turns: int) -> Found: ...


class Bike(Protocol):
    """A bike as the expert sees it: where it stands (or left the track from)."""

    @property
    def space(self) -> Space: ...

    @property
    def out(self) -> bool: ...


@lru_cache(maxsize=MOST_DICE)
def roll_chances(dice: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every multiset of faces ``dice`` dice can show, with its chance."""
    found = []
    for faces in itertools.combinations_with_replacement(range(FACES), dice):
        ways = math.factorial(dice)
        for face in set(faces):
            ways //= math.factorial(faces.count(face))
        found.append((faces, ways / FACES**dice))
    return tuple(found)


def as_roll(faces: Sequence[int]) -> Roll:
    """The numbers and the nulls of ``faces``."""
    return tuple(sorted(set(faces) - {0})), sum(1 for face in faces if face == 0)


def _grouped(pairs: Sequence[tuple[Roll, float]]) -> tuple[tuple[Roll, float], ...]:
    """Chances of equal rolls added together."""
    total: dict[Roll, float] = {}
    for roll, chance in pairs:
        total[roll] = total.get(roll, 0.0) + chance
    return tuple(total.items())


def _halves(
    rolls: Callable[[int], tuple[tuple[Roll, float], ...]],
) -> tuple[tuple[Roll, float], ...]:
    """The rolls of one die and of two, each at half its chance."""
    return _grouped([(roll, chance / 2) for dice in (1, 2) for roll, chance in rolls(dice)])


@lru_cache(maxsize=MOST_DICE + 1)
def moving_rolls(dice: int) -> tuple[tuple[Roll, float], ...]:
    """The rolls of ``dice`` dice a rider on the track moves with, and
    their chances (for :data:`RACE_DICE`, one die or two half the time each)."""
    if dice == RACE_DICE:
        return _halves(moving_rolls)
    return _grouped([(as_roll(faces), chance) for faces, chance in roll_chances(dice)])


@lru_cache(maxsize=MOST_DICE + 1)
def starting_rolls(dice: int) -> tuple[tuple[Roll, float], ...]:
    """The rolls of ``dice`` dice that kick-start a wiped-out bike ("If you
    roll an ace, you have successfully kick-started your bike"), each as the
    dice left over after the ace, and their chances (see :func:`moving_rolls`)."""
    if dice == RACE_DICE:
        return _halves(starting_rolls)
    pairs = []
    for faces, chance in roll_chances(dice):
        if ACE in faces:
            left = list(faces)
            left.remove(ACE)
            pairs.append((as_roll(left), chance))
    return _grouped(pairs)


class TurnTables:
    """The expected turns to the finish of a lone rider rolling a fixed
    number of dice, from every space on the track and wiped out there
    (see the module's text).  Entry ``i`` of a table is the ``i``-th space
    on the track, entry ``n + i`` that space wiped out, the last entry the
    finish (no turns)."""

    def __init__(self, course: Course) -> None:
        self.course = course
        board = course.board
        self.board = board
        self.spaces = sorted(board.tile_of, key=lambda space: (-board.progress[space], space))
        self.index = {space: i for i, space in enumerate(self.spaces)}
        self.finish = 2 * len(self.spaces)
        self._tables: dict[int, list[float]] = {}
        self._refs: dict[tuple[Space, Roll, bool], tuple[int, ...]] = {}
        self._after: dict[tuple[Space, int], float] = {}

    def after_roll(self, space: Space, dice: int) -> float:
        """The expected turns left by the race table after one roll of
        ``dice`` dice from ``space``, the best move taken (kept once asked)."""
        key = (space, dice)
        found = self._after.get(key)
        if found is None:
            values = self.table(RACE_DICE)
            found = sum(
                chance * min(values[ref] for ref in self.refs(space, roll, False))
                for roll, chance in moving_rolls(dice)
            )
            self._after[key] = found
        return found

    def table(self, dice: int) -> list[float]:
        """The table for ``dice`` dice a turn, worked out when first asked for."""
        found = self._tables.get(dice)
        if found is None:
            found = self._tables[dice] = self._solve(dice)
        return found

    def on(self, dice: int, space: Space) -> float:
        """Turns left on the track at ``space``."""
        return self.table(dice)[self.index[space]]

    def off(self, dice: int, space: Space) -> float:
        """Turns left wiped out from ``space``."""
        return self.table(dice)[len(self.spaces) + self.index[space]]

    def entry(self, route: Route) -> int:
        """The table entry a move ends at."""
        if route.end_kind is RouteEnd.FINISH:
            return self.finish
        offset = len(self.spaces) if route.end_kind is RouteEnd.OFF else 0
        return offset + self.index[route.end]

    def refs(self, space: Space, roll: Roll, optional: bool) -> tuple[int, ...]:
        """The entries a lone rider on ``space`` may end at with ``roll``
        (``optional``: it may also stay, as after a kick-start)."""
        key = (space, roll, optional)
        found = self._refs.get(key)
        if found is None:
            found = self._refs[key] = self._ends(space, roll, optional)
        return found

    def _ends(self, space: Space, roll: Roll, optional: bool) -> tuple[int, ...]:
        """"If none of your dice show numbers higher than the height of the
        jump ramp, then you may not move this turn"; "If you have no
        direction in which to legally move, you must wipe out"; "If all the
        dice show nulls, you will not move"."""
        numbers, nulls = roll
        here = self.index[space]
        if not numbers:
            return (here,)
        found = self.course.choices(space, numbers, nulls)
        ends = {self.entry(option.route) for option in found.free}
        ramp = found.free_ramp
        held = ramp is not None and numbers[-1] <= self.board.course.height(self.board.tile_of[ramp])
        if ends:
            return tuple(sorted(ends | {here})) if held or optional else tuple(sorted(ends))
        return (here,) if held or optional else (len(self.spaces) + here,)

    def _solve(self, dice: int) -> list[float]:
        """Every entry of the table for ``dice`` dice, row by row from the finish."""
        values = [0.0] * (self.finish + 1)
        board = self.board
        for _, row in itertools.groupby(self.spaces, key=lambda space: board.progress[space]):
            self._settle(list(row), dice, values)
        return values

    def _settle(self, row: list[Space], dice: int, values: list[float]) -> None:
        """Sweep one row's entries until they settle (from zero, they rise to the answer)."""
        size = len(self.spaces)
        local = {self.index[space] for space in row} | {size + self.index[space] for space in row}
        terms = []
        for space in row:
            moving = self._terms(space, moving_rolls(dice), False, local, values)
            starting = self._terms(space, starting_rolls(dice), True, local, values)
            kick = sum(chance for _, chance in starting_rolls(dice))
            terms.append((self.index[space], moving, starting, kick))
        for _ in range(SWEEPS):
            change = 0.0
            for here, moving, starting, kick in terms:
                on = 1.0 + _expected(moving, values)
                off = (1.0 + _expected(starting, values)) / kick
                change = max(change, abs(on - values[here]), abs(off - values[size + here]))
                values[here], values[size + here] = on, off
            if change < SETTLED:
                return

    def _terms(
        self,
        space: Space,
        rolls: Sequence[tuple[Roll, float]],
        optional: bool,
        local: set[int],
        values: list[float],
    ) -> list[tuple[float, float, tuple[int, ...]]]:
        """Each roll's chance, the best of its ends already known, and its
        ends still being settled (in ``local``)."""
        terms = []
        for roll, chance in rolls:
            refs = self.refs(space, roll, optional)
            known = min((values[ref] for ref in refs if ref not in local), default=math.inf)
            terms.append((chance, known, tuple(ref for ref in refs if ref in local)))
        return terms


def _expected(terms: Sequence[tuple[float, float, tuple[int, ...]]], values: list[float]) -> float:
    """The expected best end over a roll's ``terms``."""
    total = 0.0
    for chance, known, refs in terms:
        best = known
        for ref in refs:
            if values[ref] < best:
                best = values[ref]
        total += chance * best
    return total


class ExpertMind:
    """The expert riding from seat ``seat`` in one race: it reads where
    every bike stands (``bikes``, seat by seat, filled in as they start)
    and weighs its choices by the race table of ``tables``."""

    name = "expert"

    def __init__(self, tables: TurnTables, bikes: Sequence[Bike], seat: int) -> None:
        self.tables = tables
        self.bikes = bikes
        self.seat = seat

    def _rivals(self) -> list[Bike]:
        return [bike for index, bike in enumerate(self.bikes) if index != self.seat]

    def start_space(self, free: Sequence[Space], rng: random.Random) -> Space:
        """The free starting space with the fewest turns left."""
        return min(free, key=lambda space: (self.tables.on(RACE_DICE, space), space))

    def passes(self, boxed: bool, rng: random.Random) -> bool:
        """Passes only when boxed in (any roll but all nulls would wipe it out)."""
        return boxed

    def coin_to_start(self, coins: int, rng: random.Random) -> bool:
        """Re-enters with a coin whenever it holds one."""
        return coins > 0

    def extra_dice(self, rank: int, room: int, rng: random.Random) -> int:
        """Coins spent on extra dice: while each saves more turns this turn
        than a coin is worth (:data:`COIN_WORTH`, or :data:`ENDGAME_WORTH`
        within :data:`ENDGAME_TURNS` of the finish)."""
        space = self.bikes[self.seat].space
        near = self.tables.on(RACE_DICE, space) < ENDGAME_TURNS
        worth = ENDGAME_WORTH if near else COIN_WORTH
        spent = 0
        while spent < room and self._turn(space, rank + spent) - self._turn(space, rank + spent + 1) > worth:
            spent += 1
        return spent

    def _turn(self, space: Space, dice: int) -> float:
        """The expected turns left after one roll of ``dice`` dice from
        ``space``: a lone rider's best move, ends valued by the race table."""
        return self.tables.after_roll(space, dice)

    def choose(self, options: Sequence[Option], rng: random.Random) -> Option:
        """The option with the fewest turns left (see the module's text)."""
        return min(options, key=self._worth)

    def _worth(self, option: Option) -> float:
        """Turns left at the option's end by the race table, less what a
        rival it lands on loses (its turns wiped out less on the track)."""
        route = option.route
        tables = self.tables
        left = tables.table(RACE_DICE)[tables.entry(route)]
        if option.lands:
            for bike in self._rivals():
                if not bike.out and bike.space == route.end:
                    left -= tables.off(RACE_DICE, route.end) - tables.on(RACE_DICE, route.end)
        return left


MOST_TABLE_TILES = 48
"""The longest course the expert works out its tables of turns for: two
packs' worth, some second of work (a 48-tile straight); on a longer course
(eight packs hold 192 tiles) the tables would take several seconds, and
the expert rides as the bold rider does."""


def mind_of(rider: Rider, tables: TurnTables, bikes: Sequence[Bike], seat: int) -> Rider | ExpertMind:
    """Who makes the choices of ``rider`` in seat ``seat``: the expert's
    mind for an ``expert`` (the bold rider's past :data:`MOST_TABLE_TILES`
    tiles), the rider itself for the simple kinds."""
    if rider.name != "expert":
        return rider
    return ExpertMind(tables, bikes, seat) if tables.board.tiles <= MOST_TABLE_TILES else Rider("bold")
