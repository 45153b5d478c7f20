"""Completion tables (:mod:`.completion`) kept on disk, in the cache folder,
so that a one-off draw in a new process reads its box's table instead of
sweeping it again.

One file per box, tile count (and range of corners), named
``completion-f<FORMAT>-e<ENGINE>-<tiles>-<width>x<height>.bin`` (with
``-c<least>-<most>`` before the ``.bin`` for a range of corners): the format
version (:data:`TABLE_FILE_FORMAT`, raised when this file layout changes)
and the engine version (:data:`~.completion.ENGINE_VERSION`, raised when the
sweep numbers its entries differently) are part of the name, so a file
written by another version is never opened, and they are repeated in the
header, so a renamed file is not trusted either.

The file is a 64-byte header (:data:`_HEADER`: magic word, the two versions,
the box, the tiles, the range of corners (0 to 65535 for any), the number of
visits, the body's length and its SHA-256 digest) and a body of raw
little-endian arrays, laid out so that each starts on an 8-byte boundary and
is read in place without copying:

1. for each visit, the entries before it and after it (``uint64`` pairs);
2. every visit's completion counts (``uint64``), one after another;
3. every visit's ``empty`` links, then every ``tile`` link (``int32``);
4. every visit's ``closing`` marks (``int8``).

Reading checks the magic word, the versions, the box, the length and the
digest before anything is used; a file that fails (cut short, damaged,
another version) is built again and replaced.  Files are written through
:func:`~trackkit.fileio.write_atomic` (a temporary file renamed over the
target), so a reader sees either a whole old file, a whole new one or none.
While a process builds a table it holds a lock on the table's lock file
(:func:`~trackkit.fileio.cache_lock`): other processes wanting the same
table wait for it and then read the file, rather than all building it.
The table files together stay within :data:`STORED_BUDGET` bytes: after a
write, the least recently used go first.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import os
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from trackkit.errors import OutputError
from trackkit.fileio import cache_dir, cache_lock, write_atomic
from trackkit.racepack.circuits.completion import ENGINE_VERSION, BoxTable, CornerRange, box_table
from trackkit.racepack.circuits.sweep import Links

__all__ = [
    "STORED_BUDGET",
    "TABLE_FILE_FORMAT",
    "completion_path",
    "decode_table",
    "encode_table",
    "stored_box_table",
]

TABLE_FILE_FORMAT = 2
"""Version of the completion table file layout, part of its name and header."""

_MAGIC = b"TKCP"
_HEADER = struct.Struct("<4sHHHHHHHIQ32s2x")
"""Magic, format, engine, width, height, tiles, least and most corners,
visits, body length, digest (64 bytes)."""

_ANY_CORNERS = (0, 0xFFFF)

STORED_BUDGET = 2 * 1024**3
"""Bytes the stored tables may take in the cache folder, together: every
box of 48 tiles takes about 330 MB, and each range of corners asked for
adds its own tables, so the least recently used go beyond this."""


def completion_path(width: int, height: int, tiles: int, corners: CornerRange | None = None) -> Path:
    """The cache file of one box's completion table."""
    turns = "" if corners is None else f"-c{corners[0]}-{corners[1]}"
    name = f"completion-f{TABLE_FILE_FORMAT}-e{ENGINE_VERSION}-{tiles}-{width}x{height}{turns}.bin"
    return cache_dir() / name


def encode_table(table: BoxTable) -> bytes:
    """The file bytes of ``table`` (header and body)."""
    sizes = np.array(
        [(len(link.empty), len(done)) for link, done in zip(table.links, table.completions)], dtype="<u8"
    )
    parts = [
        sizes.tobytes(),
        *(done.astype("<u8").tobytes() for done in table.completions),
        *(link.empty.astype("<i4").tobytes() for link in table.links),
        *(link.tile.astype("<i4").tobytes() for link in table.links),
        *(link.closing.astype("i1").tobytes() for link in table.links),
    ]
    body = b"".join(parts)
    header = _HEADER.pack(
        _MAGIC, TABLE_FILE_FORMAT, ENGINE_VERSION, table.width, table.height, table.tiles,
        *(table.corners or _ANY_CORNERS), len(table.links), len(body), hashlib.sha256(body).digest(),
    )  # fmt: skip
    return header + body


def decode_table(
    data: bytes, width: int, height: int, tiles: int, corners: CornerRange | None = None
) -> BoxTable | None:
    """The table in ``data`` if it is a sound file of this box, tiles and
    corners written by this version; ``None`` otherwise.  The arrays are
    views of ``data`` (read-only)."""
    if len(data) < _HEADER.size:
        return None
    *fields, least, most, visits, length, digest = _HEADER.unpack_from(data)
    found = (*fields, (least, most), visits)
    wanted = (_MAGIC, TABLE_FILE_FORMAT, ENGINE_VERSION, width, height, tiles, corners or _ANY_CORNERS)
    if found != (*wanted, width * height):
        return None
    body = memoryview(data)[_HEADER.size :]
    if len(body) != length or hashlib.sha256(body).digest() != digest:
        return None
    return _arrays(body, BoxTable(width, height, tiles, [], [], corners))


def _arrays(body: memoryview, empty: BoxTable) -> BoxTable | None:
    """Cut a checked body into the arrays of the table ``empty`` (which
    has none yet); ``None`` when the sizes it gives do not add up to the
    body's length."""
    visits = empty.width * empty.height
    if len(body) < 16 * visits:
        return None
    sizes = np.frombuffer(body, dtype="<u8", count=2 * visits).reshape(visits, 2).astype(np.int64)
    linked, kept = sizes[:, 0], sizes[:, 1]
    if len(body) != 16 * visits + 8 * int(kept.sum()) + 9 * int(linked.sum()):
        return None
    offset = 16 * visits
    completions = []
    for count in kept:
        completions.append(np.frombuffer(body, dtype="<u8", count=int(count), offset=offset))
        offset += 8 * int(count)
    columns: list[list[npt.NDArray[Any]]] = []
    for dtype, width_bytes in (("<i4", 4), ("<i4", 4), ("i1", 1)):
        column = []
        for count in linked:
            column.append(np.frombuffer(body, dtype=dtype, count=int(count), offset=offset))
            offset += width_bytes * int(count)
        columns.append(column)
    links = [Links(empty, tile, closing) for empty, tile, closing in zip(*columns)]
    return dataclasses.replace(empty, links=links, completions=completions)


def _read(path: Path, width: int, height: int, tiles: int, corners: CornerRange | None) -> BoxTable | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    table = decode_table(data, width, height, tiles, corners)
    if table is not None:
        with contextlib.suppress(OSError):
            os.utime(path)  # used now: the last to go when the folder is over its budget
    return table


def stored_box_table(
    width: int,
    height: int,
    tiles: int,
    progress: Callable[[int, int], None] | None = None,
    corners: CornerRange | None = None,
) -> tuple[BoxTable, bool]:
    """The completion table of the box (for circuits with a number of
    corners in ``corners``, when given), read from its cache file when that
    is sound, else built (``progress`` follows) and written there; also
    whether it was built here.  Processes sharing the cache build each table
    once: the first takes the table's lock, the others wait and read."""
    path = completion_path(width, height, tiles, corners)
    found = _read(path, width, height, tiles, corners)
    if found is not None:
        return found, False
    with cache_lock(path):
        found = _read(path, width, height, tiles, corners)
        if found is not None:
            return found, False
        table = box_table(width, height, tiles, progress, corners)
        _write(path, table)
    return table, True


def _write(path: Path, table: BoxTable) -> None:
    """Write the table's file, then keep the stored tables within
    :data:`STORED_BUDGET`; a cache that cannot be written is only a lost
    time saver."""
    with contextlib.suppress(OSError, OutputError):
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, encode_table(table))
        _keep_within_budget(path)


def _keep_within_budget(written: Path) -> None:
    """Delete the least recently used table files (not ``written``) while
    the table files in its folder take more than :data:`STORED_BUDGET`
    bytes.  A process reading a file as it goes still reads it whole (or
    finds it gone and builds the table)."""
    found = []
    for path in written.parent.glob("completion-*.bin"):
        with contextlib.suppress(OSError):
            facts = path.stat()
            found.append((facts.st_mtime, facts.st_size, path))
    total = sum(size for _, size, _ in found)
    for _, size, path in sorted(found):
        if total <= STORED_BUDGET:
            return
        if path != written:
            with contextlib.suppress(OSError):
                path.unlink()
                total -= size
