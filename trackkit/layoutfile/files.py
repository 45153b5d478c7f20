"""Reading input files: one place that turns every way a file can fail to be
read into a one-line :class:`~trackkit.errors.LayoutError`."""

from __future__ import annotations

import os
import stat
import sys
from typing import BinaryIO

from trackkit.errors import LayoutError
from trackkit.fileio import name_problem

__all__ = ["MAX_INPUT_BYTES", "STDIN", "STDIN_NAME", "read_stdin", "read_stream", "read_text"]

MAX_INPUT_BYTES = 1 << 20
"""The largest layout file trackkit reads: 1 MiB, a hundred times the
biggest track a table holds, so a stray huge file is refused at once."""


STDIN = "-"
"""The file name that stands for standard input where a command allows it."""

STDIN_NAME = "<stdin>"
"""How messages name standard input."""


def read_stdin() -> str:
    """The UTF-8 text of standard input, read up to :data:`MAX_INPUT_BYTES`;
    raises :class:`LayoutError` for more, or for text that is not UTF-8."""
    return read_stream(sys.stdin.buffer, STDIN_NAME)


def read_stream(stream: BinaryIO, name: str = STDIN_NAME) -> str:
    """The UTF-8 text of an open stream (standard input, say), with the same
    size limit and errors as :func:`read_text`; ``name`` names it."""
    return _decoded(stream.read(MAX_INPUT_BYTES + 1), name)


def read_text(path: str | os.PathLike[str]) -> str:
    """The UTF-8 text of the file at ``path``.

    Raises :class:`LayoutError` naming the file when its name is one the
    file system refuses, it is missing, not a regular file (a directory, a
    device, a pipe), larger than
    :data:`MAX_INPUT_BYTES`, unreadable, or not UTF-8.
    """
    name = str(path)
    problem = name_problem(path)
    if problem is not None:
        raise LayoutError(problem, file=name)
    try:
        _refuse_irregular(os.stat(path).st_mode, name)
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(handle, "rb") as stream:
            _refuse_irregular(os.fstat(stream.fileno()).st_mode, name)
            data = stream.read(MAX_INPUT_BYTES + 1)
    except FileNotFoundError:
        raise LayoutError("no such file", file=name, hint="check the path") from None
    except IsADirectoryError:
        raise LayoutError("is a directory, not a layout file", file=name) from None
    except OSError as exc:
        raise LayoutError(f"cannot read the file: {exc.strerror or exc}", file=name) from None
    return _decoded(data, name)


def _refuse_irregular(kind: int, name: str) -> None:
    """Refuse anything but a regular file: a folder, and a pipe or device,
    which could block the read forever or never end.  Checked on the name
    before opening (opening a FIFO waits for a writer), then again on what
    was opened, without waiting, in case the name changed in between."""
    if stat.S_ISDIR(kind):
        raise LayoutError("is a directory, not a layout file", file=name)
    if not stat.S_ISREG(kind):
        raise LayoutError("is not a regular file", file=name, hint="give the path of a .yaml file")


def _decoded(data: bytes, name: str) -> str:
    if len(data) > MAX_INPUT_BYTES:
        raise LayoutError(
            f"is larger than {MAX_INPUT_BYTES // 1024} KiB; a layout file is a few hundred bytes",
            file=name,
            hint="check that this is the file you meant",
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = data.rfind(b"\n", 0, exc.start) + 1
        raise LayoutError(
            f"not UTF-8 text (byte {data[exc.start]:#04x})",
            file=name,
            line=data.count(b"\n", 0, exc.start) + 1,
            column=len(data[start : exc.start].decode("utf-8", "replace")) + 1,
            hint="save the file as UTF-8",
        ) from None

