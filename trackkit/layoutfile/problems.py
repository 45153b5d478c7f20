"""Every problem of a file at once.

A player who mistypes three things in a layout should learn of all three in
one run, not one run each.  Readers therefore go on past a bad value, an
unknown key or a bad entry of a list wherever the rest of the file can still
be read, gather what they find, and raise it as one error at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from trackkit.errors import LayoutError

__all__ = ["Problems", "read_each"]

S = TypeVar("S")
T = TypeVar("T")


class Problems:
    """The format errors found in one file so far.

    A reader goes on past a problem wherever the rest of the file can still
    be read (a bad value, an unknown key, a bad entry of a list), so that a
    player sees every mistake in one run; :meth:`raise_any` then raises one
    :class:`LayoutError` carrying them all, in the order they stand in the
    file.
    """

    def __init__(self) -> None:
        self.found: list[LayoutError] = []

    def add(self, problem: LayoutError) -> None:
        """Record ``problem`` and any others it carries."""
        for each in problem.every():
            self.found.append(
                LayoutError(each.message, file=each.file, line=each.line, column=each.column, hint=each.hint)
            )

    @contextmanager
    def gathered(self) -> Iterator[None]:
        """Run a block of reading; a :class:`LayoutError` it raises is
        recorded and reading goes on after the block."""
        try:
            yield
        except LayoutError as problem:
            self.add(problem)

    def __bool__(self) -> bool:
        return bool(self.found)

    def raise_any(self) -> None:
        """Raise every problem found as one :class:`LayoutError`, if any."""
        if self.found:
            raise LayoutError.combined(self.found)


def read_each(nodes: Iterable[S], read: Callable[[S], T]) -> list[T]:
    """``read`` applied to every entry of a list, going on past a bad one;
    raises one :class:`LayoutError` naming every bad entry."""
    problems = Problems()
    values: list[T] = []
    for node in nodes:
        with problems.gathered():
            values.append(read(node))
    problems.raise_any()
    return values
