"""The completion tables of the exactly uniform draw (:mod:`.uniform`),
built on the array sweep of :mod:`.sweep`.

A forward sweep of one box records, at every visit, where each entry goes
under each move (:class:`~.sweep.Links`).  A backward pass over those links
then counts, for every entry, the ways to finish it as a circuit of exactly
the wanted tiles: two gathers per visit.  Entries that cannot finish are
dropped and the links renumbered, which halves the memory.

With a range of corners, the sweep counts corners too (each entry's slot is
its tiles and its corners, see :mod:`.sweep`), drops the entries with more
corners than the range allows, and a closing tile finishes a circuit the
table draws only when both its tiles and its corners are right: the draw is
then exactly uniform among the circuits with that many corners, with no
circuit drawn and thrown away.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from trackkit.racepack.circuits.codes import Array, Strip
from trackkit.racepack.circuits.sweep import Links, start_sweep, visit, without_empty

__all__ = ["ENGINE_VERSION", "BoxTable", "CornerRange", "box_table"]

ENGINE_VERSION = 2
"""Version of the way the sweep numbers its entries and links them: tables
stored on disk by another version are not read (see :mod:`.stored`).  Raise
it whenever a change to :mod:`.sweep` or :mod:`.codes` changes the tables."""


CornerRange = tuple[int, int]
"""The fewest and the most corners a drawn circuit may have (both included)."""


@dataclass(frozen=True)
class BoxTable:
    """Completion counts of the circuits of ``tiles`` tiles filling a box
    ``width`` by ``height`` (swept ``width`` across), for drawing one
    exactly uniformly.

    ``links[t]`` says where each entry met after visit ``t - 1`` goes at
    visit ``t`` (visit 0 starts from the one empty entry), and
    ``completions[t][e]`` is how many ways entry ``e`` met after visit ``t``
    finishes as a circuit of exactly ``tiles`` tiles (and a number of
    corners in ``corners``, when given); ``links[t].closing`` is 1 where the
    tile closes such a circuit.  Each table entry holds one number below
    ``2 ** 64`` (the circuits of one box are fewer)."""

    width: int
    height: int
    tiles: int
    links: list[Links]
    completions: list[Array]
    corners: CornerRange | None = None

    @property
    def entries(self) -> int:
        return sum(len(done) for done in self.completions)

    @cached_property
    def _visits(self) -> list[_Visit]:
        """Each visit's links and the completions after it as memory views,
        made once: an item of a view reads as a plain ``int``, several times
        quicker than an array item, which a draw reads one at a time."""
        return [
            (_view(link.empty, np.int32), _view(link.tile, np.int32), _view(link.closing, np.int8),
             _view(done, np.uint64))
            for link, done in zip(self.links, self.completions)
        ]  # fmt: skip

    def draw(self, rng: random.Random) -> list[tuple[int, int]]:
        """The cells of one circuit filling the box, each such circuit equally
        likely: at each visit, the cell is left empty or made a tile with
        weights the completions each leaves, ``rng`` drawing a whole number
        below the two weights' total (empty when it falls below the first).
        That is the one call to ``randrange`` a visit
        :func:`~trackkit.randomness.weighted_choice` makes over the two
        choices (a choice of weight 0 is never taken), written out for the
        hundred thousand visits a batch of draws makes."""
        entry = 0
        cells: list[tuple[int, int]] = []
        width = self.width
        randrange = rng.randrange
        for t, (empties, tiles, closing, done) in enumerate(self._visits):
            empty = empties[entry]
            stay = done[empty] if empty >= 0 else 0
            if closing[entry] > 0:
                after, go = -1, 1
            else:
                after = tiles[entry]
                go = done[after] if after >= 0 else 0
            if randrange(stay + go) < stay:
                entry = empty
                continue
            cells.append((t % width, t // width))
            if after < 0:
                return cells
            entry = after
        raise AssertionError("the sweep ended without closing the circuit")  # pragma: no cover


_Visit = tuple[memoryview, memoryview, memoryview, memoryview]
"""One visit of a :class:`BoxTable` as :meth:`BoxTable.draw` reads it:
where each entry goes when the cell stays empty and when it is a tile, the
closing marks, and the completions of the entries after it."""


def _view(array: npt.NDArray[Any], dtype: type[np.generic]) -> memoryview:
    """``array`` as a memory view of ``dtype`` in the machine's byte order
    (a table read from disk is little-endian), copied only when it must be."""
    return np.ascontiguousarray(array, dtype=dtype).data


def box_table(
    width: int,
    height: int,
    tiles: int,
    progress: Callable[[int, int], None] | None = None,
    corners: CornerRange | None = None,
) -> BoxTable:
    """Sweep the box forwards (which entries occur, and where each goes),
    then backwards (how many ways each one finishes as a circuit of
    ``tiles`` tiles, with a number of corners in ``corners`` when given);
    ``progress(done, total)`` follows the visits, forwards then backwards."""
    steps = 2 * width * height
    most = None if corners is None else corners[1]
    strip = Strip(width, tiles, height, corners is not None, most)
    sweep = start_sweep()
    links: list[Links] = []
    sizes: list[int] = []
    unused = np.zeros(strip.slots, dtype=np.uint64)
    for row in range(height):
        for m in range(width):
            sweep, link = visit(sweep, strip, row, m, unused, linked=True)
            assert link is not None
            if m == width - 1:
                sweep, dropped = without_empty(sweep)
                link = _shifted_links(link, dropped)
            links.append(_marked(link, strip, corners))
            sizes.append(len(sweep.ways))
            if progress is not None:
                progress(len(links), steps)
    completions: list[Array] = [np.zeros(0, dtype=np.uint64)] * len(links)
    completions[-1] = np.zeros(sizes[-1], dtype=np.uint64)
    for t in range(len(links) - 1, 0, -1):
        completions[t - 1] = _finishing(links[t], completions[t])
        _keep_finishing(links, completions, t)
        if progress is not None:
            progress(steps - t, steps)
    _keep_finishing(links, completions, 0)
    if progress is not None:
        progress(steps, steps)
    return BoxTable(width, height, tiles, links, completions, corners)


def _keep_finishing(links: list[Links], completions: list[Array], t: int) -> None:
    """Drop the entries met after visit ``t`` that cannot finish (about half:
    they fit the tiles left but cannot use them exactly), renumbering the
    links into and out of them."""
    keep = completions[t] != 0
    number = np.where(keep, np.cumsum(keep) - 1, -1).astype(np.int32)
    number = np.append(number, np.int32(-1))  # index -1: no entry

    def renumbered(went: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
        return number[went]

    into = links[t]
    links[t] = Links(renumbered(into.empty), renumbered(into.tile), into.closing)
    if t + 1 < len(links):
        out = links[t + 1]
        links[t + 1] = Links(out.empty[keep], out.tile[keep], out.closing[keep])
    completions[t] = completions[t][keep]


def _shifted_links(link: Links, dropped: int) -> Links:
    """``link`` after the first ``dropped`` entries it leads to are dropped."""
    if not dropped:
        return link

    def shift(went: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
        return np.where(went >= dropped, went - dropped, -1).astype(np.int32)

    return Links(shift(link.empty), shift(link.tile), link.closing)


def _marked(link: Links, strip: Strip, corners: CornerRange | None) -> Links:
    """``link`` with its closing slots turned into marks: 1 where the tile
    closes a circuit of exactly the strip's tiles (and corners in range)."""
    slot = link.closing.astype(np.int64)
    if corners is None:
        wanted = slot == strip.most_tiles
    else:
        tiles, turns = np.divmod(slot, strip.tile)
        wanted = (slot >= 0) & (tiles == strip.most_tiles) & (turns >= corners[0]) & (turns <= corners[1])
    return Links(link.empty, link.tile, wanted.astype(np.int8))


def _finishing(link: Links, done: Array) -> Array:
    """The completions of the entries before a visit, from those after it:
    the sum over the moves, and one for the tile that closes a circuit the
    table draws."""
    padded = np.append(done, np.uint64(0))  # index -1: no such entry, no completion
    return padded[link.empty] + padded[link.tile] + link.closing.astype(np.uint64)
