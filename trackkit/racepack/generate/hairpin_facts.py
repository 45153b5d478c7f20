"""The facts of every way to fold hairpins into a table's circuits, cached.

A draw with hairpins chooses among every legal fold of that many hairpins
into every circuit of the plain table (24 tiles with two hairpins fold
from the 20-tile table into 28,104 circuits).  Finding the folds and
working out each one's facts takes a few seconds, the same few seconds for
every request of that size; the constraints only filter the result.  So
the folds and their facts are worked out once per table and number of
hairpins, kept in memory and in a cache file beside the table, and a
request then reads them and keeps the ones it wants.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

from trackkit.fileio import CacheEntry, cache_dir, read_cache, write_cache
from trackkit.racepack import circuits
from trackkit.racepack.generate.facts import Facts, loop_facts
from trackkit.racepack.generate.shapes import HairpinSite, hairpin_shapes

__all__ = ["FOLDS_FORMAT", "Fold", "clear_folds", "folds_cache_path", "table_folds"]

Fold = tuple[int, tuple[HairpinSite, ...], Facts]
"""One way to fold hairpins in: the plain circuit's place in its table, the
sites folded, and the facts of the circuit that makes."""

FOLDS_FORMAT = 2
"""Version of the folds cache file, part of its name (2: five facts a fold)."""

_MAGIC = b"TKHF"
_FOLDS: dict[tuple[int, int], tuple[circuits.CircuitTable, list[Fold]]] = {}


def clear_folds() -> None:
    """Forget the folds kept in memory."""
    _FOLDS.clear()


def folds_cache_path(base: int, hairpins: int) -> Path:
    """The cache file of the folds of ``hairpins`` hairpins into the ``base``-tile table."""
    return cache_dir() / f"folds-v{FOLDS_FORMAT}-{base}-{hairpins}.bin"


def table_folds(base: int, hairpins: int) -> list[Fold]:
    """Every legal fold of ``hairpins`` hairpins (one or more) into every
    circuit of the ``base``-tile table, in table order, with its facts.

    The cache file holds the table's tile count, the number of folds, the
    CRC-32 of the table's codes (so folds never outlive their table), then
    each fold's table position (four bytes), each site's corner and side
    (two bytes a site) and its five facts.  A file that does not match is
    worked out again without a word."""
    table = circuits.circuit_table(base)
    kept = _FOLDS.get((base, hairpins))
    if kept is not None and kept[0] is table:
        return kept[1]
    record = struct.Struct(f">I{2 * hairpins}B5B")
    path, checksum = folds_cache_path(base, hairpins), zlib.crc32(table.codes)
    entry = read_cache(path, _MAGIC, FOLDS_FORMAT, base)
    if entry is not None and entry.check == checksum and len(entry.payload) == entry.items * record.size:
        folds = [_unpacked(values, hairpins) for values in record.iter_unpack(entry.payload)]
    else:
        folds = list(_worked_out(table, hairpins))
        packed = b"".join(record.pack(*_packed(fold)) for fold in folds)
        write_cache(path, _MAGIC, FOLDS_FORMAT, CacheEntry(base, len(folds), checksum, packed))
    _FOLDS[(base, hairpins)] = (table, folds)
    return folds


def _worked_out(table: circuits.CircuitTable, hairpins: int) -> Iterator[Fold]:
    for index, cells in enumerate(table):
        for sites, shape in hairpin_shapes(cells, hairpins):
            yield index, sites, loop_facts(shape.cells)


def _packed(fold: Fold) -> tuple[int, ...]:
    index, sites, facts = fold
    return (index, *(value for site in sites for value in (site.corner, site.approach_before)), *facts)


def _unpacked(values: tuple[int, ...], hairpins: int) -> Fold:
    index, rest = values[0], values[1:]
    sites = tuple(HairpinSite(rest[2 * i], bool(rest[2 * i + 1])) for i in range(hairpins))
    facts = rest[2 * hairpins :]
    return index, sites, (facts[0], facts[1], facts[2], facts[3], facts[4])
