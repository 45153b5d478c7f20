"""Writing files safely, and where trackkit keeps its caches.

Every file trackkit writes goes through :func:`write_atomic`: the bytes go to
a temporary file beside the target, named ``.NAME.trackkit-PID-XXXXXXXX.tmp``
(PID is the writing process's number), which then replaces the target in one
step.  A failure or a kill at any moment leaves the old file whole.  A kill
between the two steps leaves the hidden temporary file behind; the next write
of the same file removes such leftovers whose process has gone.
:func:`write_together` writes several files (the pages of a printed track)
as one: every file goes to its temporary first, and only when all are
written do they replace their targets, so a command that fails half way
leaves none of its outputs.

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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from trackkit.errors import OutputError

__all__ = [
    "TEMP_INFIX",
    "CacheEntry",
    "Writer",
    "cache_dir",
    "cache_lock",
    "read_cache",
    "write_atomic",
    "write_cache",
    "write_together",
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


def _remove_leftovers(folder: Path, name: str) -> None:
    """Delete temporary files of ``name`` left by writers that were killed."""
    prefix = f".{name}{TEMP_INFIX}"
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


def write_atomic(path: str | os.PathLike[str], data: str | bytes, *, replace: bool = True) -> None:
    """Write ``data`` (text is written as UTF-8 with ``\\n`` line ends) to
    ``path`` so that a failure leaves any old file intact.

    The new file keeps the mode of the file it replaces; a new file gets the
    mode the umask allows.  Raises :class:`~trackkit.errors.OutputError` when
    ``path`` is a directory, its folder is missing, it exists and ``replace``
    is false, it is read-only, or the operating system refuses the write; the
    temporary file is removed on every one of those paths.
    """
    target = Path(path)
    _refuse_unwritable(target, replace)
    _put_in_place(_staged(target, data), target)


def _staged(target: Path, data: str | bytes) -> str:
    """``data`` written to a new temporary file beside ``target``, with the
    mode ``target`` is to have; the temporary file's name."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = target.parent if str(target.parent) else Path(".")
    mode = _mode_for(target)
    try:
        _remove_leftovers(folder, target.name)
        handle, temporary = tempfile.mkstemp(
            prefix=f".{target.name}{TEMP_INFIX}{os.getpid()}-", suffix=".tmp", dir=folder
        )
    except OSError as error:
        raise OutputError(f"cannot write here ({error.strerror or error})", file=str(target)) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
        os.chmod(temporary, mode)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise OutputError(f"cannot write the file ({error.strerror or error})", file=str(target)) from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return temporary


def _put_in_place(temporary: str, target: Path) -> None:
    """The staged ``temporary`` file becomes ``target`` in one step (or is
    removed, when the system refuses)."""
    try:
        os.replace(temporary, target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise OutputError(f"cannot write the file ({error.strerror or error})", file=str(target)) from None


Writer = Callable[[str | os.PathLike[str], str | bytes], None]
"""``write(path, data)``: one file of a group written together."""


@contextlib.contextmanager
def write_together() -> Iterator[Writer]:
    """Write several files as one piece of work: all of them, or none.

    Each call of the writer this gives (``write(path, data)``, checked as
    :func:`write_atomic` checks) puts ``data`` in a temporary file beside
    its target, so a file can be written as soon as it is made and need not
    be held in memory.  When the block ends, every temporary file replaces
    its target; when the block raises (a limit, an unwritable file, Ctrl-C),
    every temporary file is removed and no target has changed.  Only the
    last steps, each one a rename, happen after the first target changed.
    """
    staged: list[tuple[str, Path]] = []

    def write(path: str | os.PathLike[str], data: str | bytes) -> None:
        target = Path(path)
        _refuse_unwritable(target, True)
        staged.append((_staged(target, data), target))

    try:
        yield write
    except BaseException:
        for temporary, _ in staged:
            Path(temporary).unlink(missing_ok=True)
        raise
    for number, (temporary, target) in enumerate(staged):
        try:
            _put_in_place(temporary, target)
        except OutputError:
            for left, _ in staged[number + 1 :]:
                Path(left).unlink(missing_ok=True)
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
