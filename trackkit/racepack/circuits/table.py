"""Tables of every plain circuit of a size, kept in memory and cached on disk."""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from trackkit.errors import ArgumentError
from trackkit.fileio import CacheEntry, cache_dir, read_cache, write_cache
from trackkit.piecepack.cells import Cell
from trackkit.racepack.circuits.boxes import clear_box_counts
from trackkit.racepack.circuits.plain import EXACT_LIMIT, CellLoop, Progress, Where
from trackkit.racepack.circuits.search import _has_search, _make_board, _refuse_negative, _search_paths
from trackkit.racepack.circuits.uniform import clear_uniform_tables

__all__ = [
    "TABLE_FORMAT",
    "CircuitTable",
    "circuit_table",
    "clear_table_cache",
    "table_cache_path",
    "table_is_ready",
]

TABLE_FORMAT = 1
"""Version of the on-disk table format, part of the cache file name: to be
raised whenever the file layout, the codes or the order of the circuits change,
so that old files are left alone rather than misread."""

_TABLE_MAGIC = b"TKCT"


# ---------------------------------------------------------------------------
# Tables for uniform sampling
# ---------------------------------------------------------------------------

_CODE_CELLS: tuple[Cell, ...] = tuple((code >> 4, code & 15) for code in range(256))


@dataclass(frozen=True)
class CircuitTable:
    """Every plain circuit of ``tiles`` tiles, packed one byte per tile.

    Circuit ``i`` occupies ``codes[i * tiles:(i + 1) * tiles]``; each byte is a
    cell of its canonical form, ``16 * x + y``.  The order is that of
    :func:`enumerate_circuits`.
    """

    tiles: int
    codes: bytes

    def __len__(self) -> int:
        return len(self.codes) // self.tiles if self.tiles else 0

    def __getitem__(self, index: int) -> CellLoop:
        if not 0 <= index < len(self):
            raise IndexError(index)
        start = index * self.tiles
        return tuple(map(_CODE_CELLS.__getitem__, self.codes[start : start + self.tiles]))

    def __iter__(self) -> Iterator[CellLoop]:
        step = self.tiles
        codes = self.codes
        cells = _CODE_CELLS.__getitem__
        for start in range(0, len(codes), step):
            yield tuple(map(cells, codes[start : start + step]))

    def matching(self, where: Where | None) -> list[int] | range:
        """Indices of the circuits meeting ``where`` (all of them for ``None``)."""
        if where is None:
            return range(len(self))
        return [index for index, circuit in enumerate(self) if where(circuit)]


def _build_codes(n: int, progress: Progress | None = None) -> bytes:
    if n == 4:
        return bytes([0x00, 0x10, 0x11, 0x01])
    if not _has_search(n):
        return b""
    board = _make_board(n)
    codes = [i // board.stride * 16 - 16 for i in range(len(board.xs))]
    ys = board.ys
    shifted: dict[int, list[int]] = {}
    chunks: list[bytes] = []
    for found in _search_paths(n, progress):
        for path in found:
            bottom = min(map(ys.__getitem__, path))
            table = shifted.get(bottom)
            if table is None:
                table = shifted[bottom] = [
                    code + y - bottom if 0 <= y - bottom < 16 else 0 for code, y in zip(codes, ys)
                ]
            chunks.append(bytes(map(table.__getitem__, path)))
    return b"".join(chunks)


def table_cache_path(n: int) -> Path:
    """The cache file of the ``n``-tile table (the name carries the format version)."""
    return cache_dir() / f"circuits-v{TABLE_FORMAT}-{n}.bin"


def _read_cached(path: Path, n: int) -> CircuitTable | None:
    """The cached table, or ``None`` when the file is not a sound ``n``-tile table."""
    entry = read_cache(path, _TABLE_MAGIC, TABLE_FORMAT, n)
    if entry is None or len(entry.payload) != entry.items * n or zlib.crc32(entry.payload) != entry.check:
        return None
    return CircuitTable(n, entry.payload)


def _write_cached(path: Path, table: CircuitTable) -> None:
    entry = CacheEntry(table.tiles, len(table), zlib.crc32(table.codes), table.codes)
    write_cache(path, _TABLE_MAGIC, TABLE_FORMAT, entry)


_TABLES: dict[int, CircuitTable] = {}


def clear_table_cache() -> None:
    """Forget the tables and counts held in memory (the files on disk stay)."""
    _TABLES.clear()
    clear_box_counts()
    clear_uniform_tables()


def _check_table_size(n: int) -> None:
    _refuse_negative(n)
    if n > EXACT_LIMIT:
        raise ArgumentError(f"exact tables stop at {EXACT_LIMIT} tiles, not {n}")


def table_is_ready(n: int) -> bool:
    """Whether the ``n``-tile table is in memory or in its cache file, so
    that :func:`circuit_table` will not have to build it (a cache file that
    turns out damaged is rebuilt all the same)."""
    return n in _TABLES or n <= 4 or not _has_search(n) or table_cache_path(n).is_file()


def circuit_table(n: int, progress: Progress | None = None) -> CircuitTable:
    """Return the table of every ``n``-tile circuit, building it only when needed.

    Looked up in memory first, then in the cache file
    (:func:`table_cache_path`), and built by search as a last resort; a new
    table is written to the cache.  The file is a 14-byte header, little
    endian: the magic ``TKCT``, the format version (1 byte), ``n`` (1 byte), the
    number of circuits (4 bytes) and the CRC-32 of the codes (4 bytes),
    followed by the :class:`CircuitTable` codes compressed with zlib.  A file
    that is unreadable, truncated or fails any of these checks is rebuilt
    without a word; when the cache directory cannot be written the table just
    lives in memory.  ``progress(done, total)`` follows a build.  Raises
    :class:`ArgumentError` for ``n`` outside
    ``0..EXACT_LIMIT``.
    """
    _check_table_size(n)
    table = _TABLES.get(n)
    if table is not None:
        return table
    path = table_cache_path(n)
    table = _read_cached(path, n)
    if table is None:
        table = CircuitTable(n, _build_codes(n, progress))
        if table.codes:
            _write_cached(path, table)
    _TABLES[n] = table
    return table
