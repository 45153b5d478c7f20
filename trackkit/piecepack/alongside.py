"""Stretches of road lying side by side.

When a road folds back on itself, or two parts of a track run next to each
other, the tiles touch pair after pair: tile 4 touches tile 7, tile 3 tile
8, tile 2 tile 9...  Each contact breaks the same rule for the same reason,
so a report names the whole stretch once instead of listing every pair.

A *run* is a list of touching pairs ``(a, b)`` where each next pair moves
one tile on along the first stretch, ``(a + 1, ...)``, and one tile along
the other, either back (``b - 1``: the road folded back against itself) or
on (``b + 1``: two stretches running the same way).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

__all__ = ["MOST_GROUPED", "Pair", "Run", "run_words", "side_by_side"]

Pair = tuple[int, int]
"""Two touching tiles by index: the one a sweep along the road reaches
first, then the other."""


@dataclass(eq=False)
class Run:
    """Touching pairs that follow one another along both stretches;
    ``number`` is where its first pair came in the sweep, and ``step`` how
    the other stretch moves as the first moves on (-1 back: the road folded
    back against itself; +1 on; 0 while the run is a single pair)."""

    pairs: list[Pair]
    number: int = 0
    step: int = 0
    waits_for: tuple[Pair, ...] = field(init=False)

    def __post_init__(self) -> None:
        first, other = self.pairs[-1]
        self.waits_for = ((first + 1, other - 1), (first + 1, other + 1))  # a pair on, folded or not

    @property
    def folded(self) -> bool:
        """Whether the two stretches run opposite ways (the road came back)."""
        return self.step < 0

    def carry_on(self, pair: Pair) -> None:
        """Add ``pair``, one of the pairs the run waits for."""
        if not self.step:
            self.step = -1 if pair == self.waits_for[0] else 1
        self.pairs.append(pair)
        self.waits_for = ((pair[0] + 1, pair[1] + self.step),)  # the pair one tile on

    @property
    def tiles(self) -> tuple[int, ...]:
        """Every tile of the run, pair by pair."""
        return tuple(tile for pair in self.pairs for tile in pair)


MOST_GROUPED = 20_000
"""How many pairs are grouped into runs at most; past them (only a pile of
tiles has so many) each pair is a run of its own, so the work a capped
report does stays bounded."""


def side_by_side(pairs: Iterable[Pair], most: int = MOST_GROUPED) -> Iterator[Run]:
    """The runs of ``pairs``, which must come ordered by their first tile (as
    a sweep along the road finds them).  Lazy, and each run is given as soon
    as the sweep has passed its end, in the order the runs begin; a pair
    belonging to no longer run is a run of its own.  Each pair costs about
    the same however many tiles are piled up around it.  A closed loop is
    swept from a fixed place on it (Racepack's start/finish line), so the
    runs found do not depend on how its tiles are numbered.  Only the first
    ``most`` pairs are grouped."""
    stream = iter(pairs)
    waiting: dict[Pair, Run] = {}
    open_runs: list[Run] = []
    finished: list[tuple[Pair, int, Run]] = []
    sweep: int | None = None
    for number, pair in enumerate(itertools.islice(stream, most)):
        if pair[0] != sweep:
            sweep = pair[0]
            open_runs = _close(open_runs, sweep, waiting, finished)
            yield from _ready(finished, open_runs)
        run = waiting.get(pair)
        if run is None:
            run = Run([pair], number)
            open_runs.append(run)
        else:
            _unwait(run, waiting)
            run.carry_on(pair)
        for after in run.waits_for:
            waiting.setdefault(after, run)
    _close(open_runs, None, waiting, finished)
    yield from _ready(finished, [])
    yield from (Run([pair], most + number) for number, pair in enumerate(stream))


def _close(
    open_runs: list[Run], sweep: int | None, waiting: dict[Pair, Run], finished: list[tuple[Pair, int, Run]]
) -> list[Run]:
    """Move the runs the sweep (now at tile ``sweep``; ``None`` at the end)
    can no longer carry on to ``finished``; the runs still open."""
    still_open = []
    for run in open_runs:
        if sweep is None or run.pairs[-1][0] + 1 < sweep:
            _unwait(run, waiting)
            heapq.heappush(finished, (run.pairs[0], run.number, run))
        else:
            still_open.append(run)
    return still_open


def _unwait(run: Run, waiting: dict[Pair, Run]) -> None:
    """Forget the pairs ``run`` was waiting for."""
    for after in run.waits_for:
        if waiting.get(after) is run:
            del waiting[after]


def _ready(finished: list[tuple[Pair, int, Run]], open_runs: list[Run]) -> Iterator[Run]:
    """Hand out the finished runs that begin before every open one, first
    begun first, keeping the rest for later."""
    earliest = min(((run.pairs[0], run.number) for run in open_runs), default=None)
    while finished and (earliest is None or finished[0][:2] < earliest):
        yield heapq.heappop(finished)[2]


def run_words(run: Run, name: Callable[[int], str], verb: str = "touches") -> str:
    """How a report names a run: ``tile 7 at (4, -1) touches tile 4 at
    (4, 0)`` for a single pair, ``tile 7 at (4, -1) to tile 11 at (0, -1)
    lie alongside tile 4 at (4, 0) to tile 0 at (0, 0), touching in 5
    places`` for a stretch (``name`` names one tile)."""
    (first_a, first_b), (last_a, last_b) = run.pairs[0], run.pairs[-1]
    if len(run.pairs) == 1:
        return f"{name(first_a)} {verb} {name(first_b)}"
    return (
        f"{name(first_a)} to {name(last_a)} lie alongside {name(first_b)} to {name(last_b)},"
        f" touching in {len(run.pairs)} places"
    )
