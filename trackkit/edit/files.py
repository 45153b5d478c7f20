"""The files the editor reads and writes: names it takes, plain files only,
and never a file that is not a trackkit layout replaced.

A ``file`` field comes from the page, so it is held to what every file
system takes and what prints as itself (no line break that could end an
HTTP header, no invisible character), before any system call sees it.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path
from typing import Any

from trackkit import games
from trackkit.edit.versions import version_of
from trackkit.errors import ArgumentError, LayoutError, OutputError
from trackkit.layoutfile.files import read_text

__all__ = ["MAX_NAME_BYTES", "refuse_bad_name", "regular", "replaced"]

MAX_NAME_BYTES = 255
"""The longest file name (each folder's too), in bytes once encoded: what
the common file systems of Linux, macOS and Windows allow."""


def refuse_bad_name(name: Any) -> None:
    """Raise :class:`~trackkit.errors.ArgumentError` for a ``file`` field no
    file system takes, or that would print as something else: not text,
    empty, holding control characters or invisible ones (a line break that
    could end a header, a right-to-left mark), not writable in this
    system's file names, or with a part over :data:`MAX_NAME_BYTES` bytes."""
    if not isinstance(name, str) or not name or "\x00" in name:
        raise ArgumentError("must be a file name", parameter="file")
    if not name.isprintable():
        raise ArgumentError(f"must hold no control or invisible characters: {name!r}", parameter="file")
    try:
        name.encode("utf-8")
        encoded = os.fsencode(name)
    except UnicodeError:
        raise ArgumentError(
            f"{name!r} cannot be written as a file name on this system"
            f" (its file names are {sys.getfilesystemencoding()})",
            parameter="file",
        ) from None
    longest = max(len(part) for part in encoded.split(b"/"))
    if longest > MAX_NAME_BYTES:
        raise ArgumentError(
            f"must name each file and folder in at most {MAX_NAME_BYTES} bytes, not {longest:,}",
            parameter="file",
        )


def regular(path: Path) -> bool:
    """Whether a plain file is at ``path`` (``False``: nothing is there).
    Raises :class:`~trackkit.errors.OutputError` for anything else (a
    folder, a pipe that would wait for a writer, a device) or a path the
    system cannot follow: the editor reads and writes plain files only."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return False
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG:
            raise OutputError(
                f"the name is too long (at most {MAX_NAME_BYTES} bytes)", file=path.name
            ) from None
        raise OutputError(f"cannot be reached ({error.strerror or error})", file=path.name) from None
    if not stat.S_ISREG(mode):
        raise OutputError(
            "is not a plain file (a folder, a pipe or a device); name a .yaml file", file=path.name
        )
    return True


def replaced(target: Path, own: bool = False) -> str | None:
    """The version of the file a save would replace (``None``: none is
    there).  Raises :class:`~trackkit.errors.OutputError` when what is there
    is not a plain file or does not read as a layout of some game: the
    editor never writes over another program's file (a
    ``docker-compose.yml``), however the page insists.  The one exception
    is the tab's ``own`` file, opened in the text pane because it did not
    read: its mended text may be saved over it."""
    if not regular(target):
        return None
    try:
        text = read_text(target)
    except LayoutError as error:
        raise _not_a_layout(target, error) from None
    try:
        games.loads(text, target.name)
    except LayoutError as error:
        if not own:
            raise _not_a_layout(target, error) from None
    return version_of(text)


def _not_a_layout(target: Path, error: LayoutError) -> OutputError:
    """The refusal to replace ``target``, which does not read as a layout."""
    return OutputError(
        f"is not a trackkit layout ({error.message}), so the editor does not replace it;"
        " save under another name",
        file=target.name,
    )
