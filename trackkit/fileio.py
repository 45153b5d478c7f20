"""Writing files safely, and where trackkit keeps its caches.

Every file trackkit writes goes through :func:`write_atomic`: the bytes go to
a temporary file beside the target, named ``.NAME.trackkit-PID-XXXXXXXX.tmp``
(PID is the writing process's number), which then replaces the target in one
step.  A failure or a kill at any moment leaves the old file whole.  A kill
between the two steps leaves the hidden temporary file behind; the next write
of the same file removes such leftovers whose process has gone.

Caches (the tables of circuits the generator draws from) live in
:func:`cache_dir` and are written the same way.  Their files share one shape,
read and written by :func:`read_cache` and :func:`write_cache`: a 14-byte
header (a 4-byte magic word, a format version, a tile count, an item count
and a CRC-32 check value) followed by the zlib-compressed payload.
"""

from __future__ import annotations

import contextlib
import glob
import os
import stat
import struct
import tempfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from trackkit.errors import OutputError

__all__ = [
    "TEMP_INFIX",
    "CacheEntry",
    "cache_dir",
    "cache_lock",
    "read_cache",
    "write_atomic",
    "write_cache",
]

TEMP_INFIX = ".trackkit-"
"""What every temporary file's name carries: ``.NAME.trackkit-PID-XXXXXXXX.tmp``."""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


TEMP_NAME_BYTES = 200
"""The most bytes of the target's name a temporary file's name repeats, so
that with its dot, infix, process number, random part and ending it stays
within the 255 bytes a file name may hold."""


def _temp_prefix(name: str) -> str:
    """How the temporary files of target ``name`` begin: ``.NAME.trackkit-``,
    a name too long to repeat whole cut short and ended with a check value
    of the whole (``~`` and 8 hex digits), so a target of any legal name
    can be written."""
    whole = os.fsencode(name)
    if len(whole) > TEMP_NAME_BYTES:
        kept = name
        while len(os.fsencode(kept)) > TEMP_NAME_BYTES - 9:
            kept = kept[:-1]
        name = f"{kept}~{zlib.crc32(whole):08x}"
    return f".{name}{TEMP_INFIX}"


def _remove_leftovers(folder: Path, name: str) -> None:
    """Delete temporary files of ``name`` left by writers that were killed."""
    prefix = _temp_prefix(name)
    with contextlib.suppress(OSError):
        for path in folder.glob(f"{glob.escape(prefix)}*.tmp"):
            pid = path.name[len(prefix) :].split("-", 1)[0]
            if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
                path.unlink(missing_ok=True)


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _mode_for(target: Path) -> int:
    """The permission bits the written file gets: the replaced file's, or
    what the umask leaves of ``rw-rw-rw-`` for a new file."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        return 0o666 & ~_current_umask()


def _refuse_unwritable(target: Path, replace: bool) -> None:
    if target.is_dir():
        raise OutputError("is a directory; give a file name", file=str(target))
    if not target.exists():
        folder = target.parent if str(target.parent) else Path(".")
        if not folder.is_dir():
            raise OutputError(f"the folder {folder} does not exist; create it first", file=str(target))
        return
    if not replace:
        raise OutputError("already exists; choose another name", file=str(target), exists=True)
    if not os.access(target, os.W_OK) or not stat.S_IMODE(target.stat().st_mode) & stat.S_IWUSR:
        raise OutputError("is read-only; make it writable or choose another name", file=str(target))


def write_atomic(
    path: str | os.PathLike[str], data: str | bytes, *, replace: bool = True, mode: int | None = None
) -> None:
    """Write ``data`` (text is written as UTF-8 with ``\\n`` line ends) to
    ``path`` so that a failure leaves any old file intact.

    The new file keeps the mode of the file it replaces; a new file gets the
    mode the umask allows.  ``mode`` sets it instead: ``0o600`` keeps a
    file to its user, never readable by others even for a moment (the
    temporary file is made ``0o600``).  Raises
    :class:`~trackkit.errors.OutputError` when ``path`` is a directory, its
    folder is missing, it exists and ``replace`` is false, it is read-only,
    or the operating system refuses the write; the temporary file is
    removed on every one of those paths.
    """
    target = Path(path)
    _refuse_unwritable(target, replace)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = target.parent if str(target.parent) else Path(".")
    mode = _mode_for(target) if mode is None else mode
    try:
        _remove_leftovers(folder, target.name)
        handle, temporary = tempfile.mkstemp(
            prefix=f"{_temp_prefix(target.name)}{os.getpid()}-", suffix=".tmp", dir=folder
        )
    except OSError as error:
        raise OutputError(f"cannot write here ({error.strerror or error})", file=str(target)) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise OutputError(f"cannot write the file ({error.strerror or error})", file=str(target)) from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def cache_dir() -> Path:
    """Where caches live: ``$TRACKKIT_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/trackkit``, else ``~/.cache/trackkit``."""
    explicit = os.environ.get("TRACKKIT_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        return Path(xdg) / "trackkit"
    return Path.home() / ".cache" / "trackkit"


@contextlib.contextmanager
def cache_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock tied to the cache file ``path`` (on the hidden
    file ``.NAME.lock`` beside it) while the body runs: processes building
    the same cache file take turns.  The system drops the lock when its
    process ends, however it ends.  Where the folder cannot be written or
    locks are not available, the body runs without one (the atomic write
    still keeps readers from a partial file)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - systems without POSIX locks
        yield
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path.parent / f".{path.name}.lock", "a+b")  # noqa: SIM115 - held across the yield
    except OSError:
        yield
        return
    with handle:
        with contextlib.suppress(OSError):
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield


_HEADER = struct.Struct("<4sBBII")  # magic, format version, tiles, items, check value


@dataclass(frozen=True)
class CacheEntry:
    """What a cache file holds: ``items`` things for ``tiles`` tiles, a
    ``check`` value the writer chose (a CRC-32 of what the payload was built
    from, say), and the ``payload`` bytes, uncompressed."""

    tiles: int
    items: int
    check: int
    payload: bytes


def write_cache(path: Path, magic: bytes, version: int, entry: CacheEntry) -> None:
    """Write a cache file atomically; give up quietly when that fails (a
    cache is only a time saver)."""
    header = _HEADER.pack(magic, version, entry.tiles, entry.items, entry.check)
    with contextlib.suppress(OSError, OutputError):
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, header + zlib.compress(entry.payload, 6))


def read_cache(path: Path, magic: bytes, version: int, tiles: int) -> CacheEntry | None:
    """Read a cache file written by :func:`write_cache`; ``None`` when it is
    missing, unreadable, of another kind, version or tile count, or damaged."""
    try:
        data = path.read_bytes()
        found_magic, found_version, found_tiles, items, check = _HEADER.unpack_from(data)
        payload = zlib.decompress(data[_HEADER.size :])
    except (OSError, struct.error, zlib.error):
        return None
    if (found_magic, found_version, found_tiles) != (magic, version, tiles):
        return None
    return CacheEntry(tiles, items, check, payload)
