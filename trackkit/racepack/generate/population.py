"""Which circuits of a table meet a request, and the facts cached beside the table."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from trackkit.fileio import CacheEntry, cache_dir, read_cache, write_cache
from trackkit.piecepack.cells import Cell
from trackkit.racepack import circuits
from trackkit.racepack.circuits.plain import Progress
from trackkit.racepack.generate.facts import Facts, _fact_range, _meets, loop_facts
from trackkit.racepack.generate.hairpin_facts import clear_folds, table_folds
from trackkit.racepack.generate.places import Limits, can_take_constructions
from trackkit.racepack.generate.request import ANY, GenerationRequest
from trackkit.racepack.generate.shapes import HairpinSite, Shape, fold_hairpins

__all__ = [
    "FACTS_FORMAT",
    "POPULATIONS_KEPT",
    "Population",
    "clear_caches",
    "exact_population",
    "facts_cache_path",
    "table_facts",
]

# ---------------------------------------------------------------------------
# Which circuits meet the constraints
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Population:
    """The circuits a drawing chooses from, when they can all be listed.

    ``entries`` are the matching circuits: a position in the
    ``base_tiles``-tile table with the hairpin sites to fold there.
    ``total`` is how many circuits there are of the loop's size and number of
    hairpins, constraints aside.
    """

    base_tiles: int
    entries: list[tuple[int, tuple[HairpinSite, ...]]]
    total: int


_FACTS: dict[int, tuple[circuits.CircuitTable, list[Facts]]] = {}
_POPULATIONS: dict[GenerationRequest, tuple[circuits.CircuitTable, Population]] = {}
POPULATIONS_KEPT = 8
"""How many recent populations :func:`exact_population` keeps in memory."""


def clear_caches() -> None:
    """Forget the facts and populations kept in memory."""
    _FACTS.clear()
    _POPULATIONS.clear()
    clear_folds()


def table_facts(n: int) -> list[Facts]:
    """:func:`loop_facts` of every circuit of the ``n``-tile table, in table order.

    Worked out once and kept in memory, and in a cache file beside the table
    (:func:`facts_cache_path`): the table's tile count and number of circuits,
    the CRC-32 of its codes (so facts never outlive the table they describe),
    then five bytes per circuit, compressed with zlib.  A file that does not
    match is worked out again without a word.
    """
    table = circuits.circuit_table(n)
    cached = _FACTS.get(n)
    if cached is not None and cached[0] is table:
        return cached[1]
    checksum = zlib.crc32(table.codes)
    packed = _read_facts(n, len(table), checksum)
    if packed is None:
        packed = bytes(value for cells in table for value in loop_facts(cells))
        _write_facts(n, len(table), checksum, packed)
    step = _FACT_BYTES
    facts = list(zip(packed[0::step], packed[1::step], packed[2::step], packed[3::step], packed[4::step]))
    _FACTS[n] = (table, facts)
    return facts


FACTS_FORMAT = 2
"""Version of the facts cache file, part of its name (2: the twisty section added)."""

_FACT_BYTES = 5
"""Bytes of one circuit's facts in the cache file: one a fact."""

_FACTS_MAGIC = b"TKGF"


def facts_cache_path(n: int) -> Path:
    """The cache file of the facts about the ``n``-tile table."""
    return cache_dir() / f"facts-v{FACTS_FORMAT}-{n}.bin"


def _read_facts(n: int, count: int, checksum: int) -> bytes | None:
    entry = read_cache(facts_cache_path(n), _FACTS_MAGIC, FACTS_FORMAT, n)
    if (
        entry is None
        or (entry.items, entry.check) != (count, checksum)
        or len(entry.payload) != _FACT_BYTES * count
    ):
        return None
    return entry.payload


def _write_facts(n: int, count: int, checksum: int, packed: bytes) -> None:
    write_cache(facts_cache_path(n), _FACTS_MAGIC, FACTS_FORMAT, CacheEntry(n, count, checksum, packed))


def _limits(request: GenerationRequest) -> Limits:
    return Limits(request.max_width, request.max_height)


def exact_population(request: GenerationRequest, progress: Progress | None = None) -> Population:
    """Every circuit of the request's size that meets its constraints.

    Needs ``request.loop_tiles`` of at most :data:`EXACT_LIMIT`.  The last
    few populations are kept in memory, so drawing again with the same
    constraints skips the search.  ``progress(done, total)`` follows the
    building of the circuit table, when it has to be built.
    """
    base = request.plain_tiles
    if base < 4:
        return Population(base, [], 0)
    table = circuits.circuit_table(base, progress)
    key = replace(request, direction=ANY, laps=None, packs=1)
    kept = _POPULATIONS.get(key)
    if kept is not None and kept[0] is table:
        return kept[1]
    population = _search_population(request, table)
    if len(_POPULATIONS) >= POPULATIONS_KEPT:
        del _POPULATIONS[next(iter(_POPULATIONS))]
    _POPULATIONS[key] = (table, population)
    return population


def _search_population(request: GenerationRequest, table: circuits.CircuitTable) -> Population:
    base = table.tiles
    limits = _limits(request)
    bounds = _fact_range(request)
    if request.hairpins == 0:
        no_sites: tuple[HairpinSite, ...] = ()
        entries = [
            (index, no_sites) for index, facts in enumerate(table_facts(base)) if _meets(facts, bounds)
        ]
        if request.pit or request.chicanes:
            entries = [
                entry for entry in entries if can_take_constructions(Shape(table[entry[0]]), request, limits)
            ]
        return Population(base, entries, len(table))
    folds = table_folds(base, request.hairpins)
    matching = [(index, sites) for index, sites, facts in folds if _meets(facts, bounds)]
    if request.pit or request.chicanes:
        matching = [
            (index, sites)
            for index, sites in matching
            if can_take_constructions(_folded(table[index], sites), request, limits)
        ]
    return Population(base, matching, len(folds))


def _folded(cells: Sequence[Cell], sites: tuple[HairpinSite, ...]) -> Shape:
    shape = fold_hairpins(cells, sites)
    assert shape is not None  # only folds that work are kept
    return shape


def _shape_at(population: Population, entry: tuple[int, tuple[HairpinSite, ...]]) -> Shape:
    cells = circuits.circuit_table(population.base_tiles)[entry[0]]
    return _folded(cells, entry[1]) if entry[1] else Shape(cells)
