"""Writing files safely, and where trackkit keeps its caches.

Every file trackkit writes goes through :func:`write_atomic`: the bytes go to
a temporary file beside the target, named ``.NAME.trackkit-PID-XXXXXXXX.tmp``
(PID is the writing process's number; a long NAME is cut short so that this
name fits too), which then replaces the target in one
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
import sys
import tempfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from trackkit.errors import OutputError

__all__ = [
    "MAX_NAME_BYTES",
    "MAX_PATH_BYTES",
    "TEMP_INFIX",
    "CacheEntry",
    "Writer",
    "cache_dir",
    "cache_lock",
    "name_problem",
    "read_cache",
    "refuse_bad_name",
    "write_atomic",
    "write_cache",
    "write_together",
]

TEMP_INFIX = ".trackkit-"
"""What every temporary file's name carries: ``.NAME.trackkit-PID-XXXXXXXX.tmp``."""


MAX_NAME_BYTES = 255
"""The longest name of one file or folder the common file systems take, in
bytes of the file system's encoding (ext4, XFS, APFS, NTFS's 255 units)."""

MAX_PATH_BYTES = 4096
"""The longest whole path Linux takes, in bytes."""

SHOWN_NAME = 24
"""How many characters of a name too long a message shows, at each end."""


def _shortened(name: str) -> str:
    """``name``, or its two ends with "..." between when it is long."""
    if len(name) <= 2 * SHOWN_NAME + 3:
        return name
    return f"{name[:SHOWN_NAME]}...{name[-SHOWN_NAME:]}"


def name_problem(path: str | os.PathLike[str]) -> str | None:
    """What the file system would refuse in the name ``path``, or ``None``:
    a NUL character, a character its encoding cannot write (a lone
    surrogate, or a non-ASCII letter under an ASCII locale), a path longer
    than :data:`MAX_PATH_BYTES` or a part of it (a file or folder name)
    longer than :data:`MAX_NAME_BYTES`.  Checked on the name alone,
    without touching the disk, so that a command can refuse it where the
    name was given instead of failing when it opens the file."""
    text = os.fspath(path)
    if "\0" in text:
        return "the name holds a NUL character, which no file name may hold (remove it)"
    try:
        raw = os.fsencode(text)
    except UnicodeEncodeError as error:
        found = text[error.start : error.end]
        encoding = sys.getfilesystemencoding()
        return (
            f"the name holds {found!r}, which the file system's encoding ({encoding}) cannot write"
            " (rename it)"
        )
    if len(raw) > MAX_PATH_BYTES:
        return f"the path is {len(raw):,} bytes long; a path holds at most {MAX_PATH_BYTES:,} (shorten it)"
    for part in raw.split(b"/"):
        if len(part) > MAX_NAME_BYTES:
            shown = _shortened(os.fsdecode(part))
            return (
                f"the name {shown!r} is {len(part):,} bytes long; a file or folder name holds at most"
                f" {MAX_NAME_BYTES} (shorten it)"
            )
    return None


def refuse_bad_name(path: str | os.PathLike[str]) -> None:
    """Raise :class:`~trackkit.errors.OutputError` when the file system
    would refuse the name ``path`` (see :func:`name_problem`, whose message
    shows the name)."""
    problem = name_problem(path)
    if problem is not None:
        raise OutputError(problem)


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
    refuse_bad_name(path)
    target = Path(path)
    _refuse_unwritable(target, replace)
    _put_in_place(_staged(target, data, mode), target)


def _staged(target: Path, data: str | bytes, mode: int | None = None) -> str:
    """``data`` written to a new temporary file beside ``target``, with the
    mode ``target`` is to have (``mode``, or the replaced file's); the
    temporary file's name."""
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
        refuse_bad_name(path)
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
