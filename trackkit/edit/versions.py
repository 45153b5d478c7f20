"""Which version of a file each tab of the editor edits, so that no save
loses another's work.

Several tabs (and other programs) may work on the files of one folder.  So
each tab keeps the file it opened and the *version* of it it started from
(a SHA-256 of the file's bytes, :func:`version_of`), and sends both with
every request.  The server writes the tab's edits into the text of that
version (its comments, its description), never into whatever file another
tab opened since; and a save of a file whose bytes are no longer that
version (another tab or program saved it since) is refused, so the page can
offer the choice: reload it, save under another name, or overwrite it.

The server keeps the text of the versions tabs opened (:class:`Versions`,
a few dozen, the oldest forgotten first): a tab says only which version it
holds, and an edit is written into that version's own text.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trackkit.errors import ArgumentError, OutputError
from trackkit.layoutfile.files import MAX_INPUT_BYTES

__all__ = [
    "NEW_FILE_TEXT",
    "REMEMBERED_VERSIONS",
    "Opened",
    "Versions",
    "read_opened",
    "refuse_stale",
    "version_of",
]

NEW_FILE_TEXT = "trackkit: 1\n"
"""The base text of a layout the editor starts from nothing."""

REMEMBERED_VERSIONS = 64
"""How many opened versions' texts the server keeps (a layout is a few
hundred bytes, at most a mebibyte)."""

_VERSION = re.compile(r"[0-9a-f]{64}")


def version_of(data: str | bytes) -> str:
    """The version of a file holding ``data`` (text as its UTF-8 bytes): a
    SHA-256 of its first :data:`~trackkit.layoutfile.files.MAX_INPUT_BYTES`
    and one bytes, as much as a layout may hold and one more, in hex."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return hashlib.sha256(raw[: MAX_INPUT_BYTES + 1]).hexdigest()


@dataclass(frozen=True)
class Opened:
    """A file as a tab opened it: its path (``None`` for a new layout), the
    text every edit is written into (the file's text, or a tiles layout
    already written as a path), and the ``version`` of the bytes it was
    read from (``None`` when no file was there)."""

    file: Path | None = None
    text: str = NEW_FILE_TEXT
    version: str | None = None

    @property
    def shown_name(self) -> str:
        return self.file.name if self.file is not None else "<new layout>"


def read_opened(data: Any) -> tuple[str | None, str | None] | None:
    """The ``opened`` field of a request: the file the tab opened (its name
    in the folder, ``None`` for a new layout) and the version it holds;
    ``None`` when the request does not say.  Raises
    :class:`~trackkit.errors.ArgumentError` for any other shape."""
    if data is None:
        return None
    if not isinstance(data, dict) or not set(data) <= {"file", "version"}:
        raise ArgumentError("must be an object of file and version", parameter="opened")
    version = data.get("version")
    if version is not None and (not isinstance(version, str) or not _VERSION.fullmatch(version)):
        raise ArgumentError("must be a version the editor gave, or null", parameter="version")
    return data.get("file"), version


def refuse_stale(target: Path, base: Opened, on_disk: str | None) -> None:
    """Raise :class:`~trackkit.errors.OutputError` (with ``exists``) when a
    save to ``target``, based on ``base``, would lose what is there now
    (version ``on_disk``, ``None`` when nothing is): the tab's own file
    changed since it was opened, or another file already exists."""
    if on_disk is None:
        return
    if target != base.file:
        raise OutputError("already exists; save again to replace it", file=target.name, exists=True)
    if on_disk != base.version:
        raise OutputError(
            "changed since this tab opened it (another tab or program saved it);"
            " reload it, save under another name, or overwrite it",
            file=target.name,
            exists=True,
        )


class Versions:
    """The texts of the versions tabs opened or saved, by version: at most
    :data:`REMEMBERED_VERSIONS`, the least recently used forgotten first.
    Requests run in threads of their own, so every use takes the lock."""

    def __init__(self) -> None:
        self._texts: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def keep(self, opened: Opened) -> None:
        """Remember the text of ``opened``'s version (nothing for a new layout)."""
        if opened.version is None:
            return
        with self._lock:
            self._texts[opened.version] = opened.text
            self._texts.move_to_end(opened.version)
            while len(self._texts) > REMEMBERED_VERSIONS:
                self._texts.popitem(last=False)

    def text(self, version: str) -> str | None:
        """The text of ``version``, or ``None`` when it is not (or no longer) kept."""
        with self._lock:
            found = self._texts.get(version)
            if found is not None:
                self._texts.move_to_end(version)
            return found
