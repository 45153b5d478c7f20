"""Checking many layouts at once: files, folders and standard input.

``trackkit validate`` takes any mix of layout files, folders (every
``*.yaml`` and ``*.yml`` file directly inside, in name order) and ``-``
(standard input).  Each source gives one :class:`SourceResult`: the layouts
it holds, checked, or the error that kept it from being read.  Like
:mod:`trackkit.api`, this layer reads files by name; it writes nothing.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from trackkit import games
from trackkit.errors import LayoutError, LimitError
from trackkit.fileio import name_problem
from trackkit.formats.report import CheckedFile
from trackkit.layoutfile.files import read_stream, read_text

__all__ = [
    "LAYOUT_SUFFIXES",
    "MAX_SOURCES",
    "STDIN",
    "SourceResult",
    "Tally",
    "check_sources",
    "expand_sources",
    "tally",
]

STDIN = "-"
"""The name that stands for standard input."""

LAYOUT_SUFFIXES = (".yaml", ".yml")
"""The endings of the files a folder is searched for."""

MAX_SOURCES = 10_000
"""The most files one run checks, so a folder of millions is refused."""


@dataclass(frozen=True)
class SourceResult:
    """One source's outcome: ``checked`` its layouts (one per YAML
    document), or ``error`` when it could not be read, with its ``text``
    when the file was read but is not a layout (to quote its lines)."""

    name: str
    checked: tuple[CheckedFile, ...] = ()
    error: LayoutError | None = None
    text: str | None = None


def expand_sources(sources: Sequence[str | os.PathLike[str]]) -> list[str]:
    """The files to check: each folder replaced by its layout files (in
    name order), ``-`` and plain files kept as given.  A folder with no
    layout file is kept, so that checking it reports the fact.  Raises
    :class:`~trackkit.errors.LimitError` past :data:`MAX_SOURCES` files."""
    found: list[str] = []
    for source in sources:
        name = str(source)
        path = Path(name)
        inside = (
            sorted(p for p in path.iterdir() if p.suffix in LAYOUT_SUFFIXES and p.is_file())
            if (name != STDIN and name_problem(name) is None and path.is_dir())
            else None
        )
        found.extend([str(p) for p in inside] if inside else [name])
        if len(found) > MAX_SOURCES:
            raise LimitError(f"more than {MAX_SOURCES:,} files to check; check fewer at a time")
    return found


def check_sources(
    sources: Sequence[str | os.PathLike[str]],
    stdin: BinaryIO | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[SourceResult]:
    """Read and validate every source in turn (see :func:`expand_sources`).
    ``stdin`` is read for ``-`` (standard input by default); ``progress``,
    when given, is called with the files done and the files in all, before
    the first and after each."""
    names = expand_sources(sources)
    if progress is not None:
        progress(0, len(names))
    for done, name in enumerate(names, start=1):
        text = None
        try:
            text = _read(name, stdin)
            loaded = games.loads_all(text, "<stdin>" if name == STDIN else name)
            yield SourceResult(name, tuple(_checked(item) for item in loaded))
        except LayoutError as error:
            yield SourceResult(name, error=error if error.file else error.located(name), text=text)
        if progress is not None:
            progress(done, len(names))


def _read(name: str, stdin: BinaryIO | None) -> str:
    """The text of the source ``name`` (standard input for ``-``)."""
    if name == STDIN:
        return read_stream(stdin or sys.stdin.buffer, "<stdin>")
    problem = name_problem(name)
    if problem is not None:
        raise LayoutError(problem, file=name)
    if Path(name).is_dir():
        raise LayoutError(
            f"is a folder with no {' or '.join(LAYOUT_SUFFIXES)} files",
            file=name,
            hint="give layout files",
        )
    return read_text(name)


def _checked(loaded: Any) -> CheckedFile:
    game = games.find_game(loaded.layout.game)
    return CheckedFile(loaded, game.validate(loaded.layout), game.size(loaded.layout))


@dataclass(frozen=True)
class Tally:
    """How a run over many layouts went."""

    legal: int = 0
    warned: int = 0
    illegal: int = 0
    unreadable: int = 0

    @property
    def layouts(self) -> int:
        return self.legal + self.illegal + self.unreadable


def tally(results: Sequence[SourceResult]) -> Tally:
    """Count the legal layouts (and how many of them have warnings), the
    illegal ones and the sources that could not be read."""
    legal = warned = illegal = unreadable = 0
    for result in results:
        if result.error is not None:
            unreadable += 1
        for checked in result.checked:
            if checked.report.valid:
                legal += 1
                warned += bool(checked.report.warnings)
            else:
                illegal += 1
    return Tally(legal, warned, illegal, unreadable)
