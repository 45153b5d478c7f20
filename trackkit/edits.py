"""Hints that are edits: the one change to a layout that fixes a finding.

A hint such as "(3, 2) is empty: put a tile there" is worth more than one
that only says what is wrong, and worth most when a program can follow it.
So a rule whose fault has a concrete fix gives its finding an *edit*: a
small value naming one change to the layout file, in the file's own terms
(its keys, and places in its lists counted from 0 as findings count them):

- :class:`Put` sets a key (``start: 12``), an entry of a list (tile 7 of
  the ``path`` becomes ``R``) or a key of an entry (corner 2's ``length``);
- :class:`Insert` puts a new entry into a list (a tile at ``(3, 2)`` as
  tile 5), :class:`Remove` takes entries out (tiles 23 to 25);
- :class:`Move` takes one entry out and puts it back elsewhere (a card to
  another group), :class:`Reverse` turns a stretch of a list round (a deck
  written bottom-up).

The game that read the layout applies the edit (``Game.edit``); the hint's
text is written from the edit (:meth:`Put.words` and the like), so what a
player reads and what a program does are the same change.  Nothing here
knows a game: the nouns come from the list's key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any, TypeVar

__all__ = [
    "BY_TILE",
    "Edit",
    "Insert",
    "Move",
    "Put",
    "Remove",
    "Reverse",
    "Value",
    "edit_json",
    "edited_items",
    "put_field",
    "shown",
    "target",
]

Value = str | int | float | bool | tuple[int, int]
"""What an edit writes: a token or card name, a number, a switch, or a
position ``(x, y)`` in tiles."""

Key = tuple[str | int, ...]
"""Where a :class:`Put` writes: ``("start",)``, ``("path", 7)``,
``("pit", "length")``, ``("corners", 2, "length")``."""

NOUNS: Mapping[str, str] = {
    "path": "tile", "tiles": "tile", "course": "card", "corners": "corner", "ramps": "ramp",
}
"""What one entry of a layout's list is called in a hint, by the list's key."""

BY_TILE = "ramps"
"""The one mapping a :class:`Put` or :class:`Move` may change entry by entry:
coins stacked under a tile, by the tile's number (``ramps: {5: 3}``)."""

T = TypeVar("T")


def noun(key: str | int) -> str:
    """``tile`` for an entry of ``path`` or ``tiles``, ``card`` for one of ``course``."""
    return NOUNS.get(str(key), "entry")


def shown(value: Value) -> str:
    """A value as a file writes it: ``12``, ``2.5``, ``true``, ``R``, ``(3, 2)``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return f"({value[0]}, {value[1]})"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _span(key: str, first: int, last: int) -> str:
    """``tile 4`` or ``tiles 4 to 6``."""
    return f"{noun(key)} {first}" if first == last else f"{noun(key)}s {first} to {last}"


def _stacked(coins: Value, tile: str | int) -> str:
    """``stack 3 coins under tile 5``; ``take the coins from under tile 5`` for none."""
    if coins == 0:
        return f"take the coins from under tile {tile}"
    return f"stack {'1 coin' if coins == 1 else f'{shown(coins)} coins'} under tile {tile}"


@dataclass(frozen=True)
class Put:
    """Set the value at ``key``: a top-level key, a list entry, or a key of a list entry."""

    key: Key
    value: Value

    def words(self) -> str:
        """``set 'start: 12'``, ``make tile 7 'R'``, ``move tile 5 to (3, 2)``,
        ``set 'length: 4' in 'pit'``, ``set 'length: 4' in corner 2``."""
        if len(self.key) == 1:
            return f"set '{self.key[0]}: {shown(self.value)}'"
        if isinstance(self.key[1], str):
            return f"set '{self.key[1]}: {shown(self.value)}' in '{self.key[0]}'"
        if self.key[0] == BY_TILE:
            return _stacked(self.value, self.key[1])
        what = f"{noun(self.key[0])} {self.key[1]}"
        if len(self.key) == 3:
            return f"set '{self.key[2]}: {shown(self.value)}' in {what}"
        if isinstance(self.value, tuple):
            return f"move {what} to {shown(self.value)}"
        return f"make {what} '{shown(self.value)}'"

    def moved(self, index: int) -> int | None:
        """Where entry ``index`` of the list is after the edit: it stays."""
        return index


@dataclass(frozen=True)
class Insert:
    """Put ``value`` into list ``key`` so that it becomes entry ``index``."""

    key: str
    index: int
    value: Value

    def words(self) -> str:
        """``put a tile at (3, 2)``, ``put 'start' in as card 0``."""
        if isinstance(self.value, tuple):
            return f"put a {noun(self.key)} at {shown(self.value)}"
        return f"put '{shown(self.value)}' in as {noun(self.key)} {self.index}"

    def moved(self, index: int) -> int | None:
        return index + 1 if index >= self.index else index


@dataclass(frozen=True)
class Remove:
    """Take ``count`` entries out of list ``key``, from entry ``index`` on."""

    key: str
    index: int
    count: int = 1

    def words(self) -> str:
        """``remove tile 18``, ``remove cards 14 to 15``."""
        return f"remove {_span(self.key, self.index, self.index + self.count - 1)}"

    def moved(self, index: int) -> int | None:
        if index < self.index:
            return index
        return None if index < self.index + self.count else index - self.count


@dataclass(frozen=True)
class Move:
    """Take entry ``index`` of list ``key`` out and put it back as entry ``to``."""

    key: str
    index: int
    to: int

    def words(self) -> str:
        """``move card 9 to place 6``, ``move the coins under tile 3 to tile 5``."""
        if self.key == BY_TILE:
            return f"move the coins under tile {self.index} to tile {self.to}"
        return f"move {noun(self.key)} {self.index} to place {self.to}"

    def moved(self, index: int) -> int | None:
        if index == self.index:
            return self.to
        if self.key == BY_TILE:
            return index
        shifted = index - (index > self.index)
        return shifted + (shifted >= self.to)


@dataclass(frozen=True)
class Reverse:
    """Turn entries ``first`` to ``last`` of list ``key`` round, last first."""

    key: str
    first: int
    last: int

    def words(self) -> str:
        """``reverse the order of cards 2 to 15``."""
        return f"reverse the order of {_span(self.key, self.first, self.last)}"

    def moved(self, index: int) -> int | None:
        return self.first + self.last - index if self.first <= index <= self.last else index


Edit = Put | Insert | Remove | Move | Reverse
"""One change to a layout that a hint proposes."""


def target(edit: Edit) -> str:
    """The top-level key an edit changes: ``start``, ``path``, ``course``."""
    return str(edit.key[0]) if isinstance(edit, Put) else edit.key


def edit_json(edit: Edit) -> dict[str, Any]:
    """An edit as ``--format json`` gives it: its kind and its fields."""
    data: dict[str, Any] = {"kind": type(edit).__name__.lower()}
    for item in fields(edit):
        value = getattr(edit, item.name)
        data[item.name] = list(value) if isinstance(value, tuple) else value
    return data


def edited_items(items: Sequence[T], edit: Edit, made: Callable[[Value], T]) -> tuple[T, ...]:
    """The entries of a list after a list edit; ``made`` turns an edit's
    value into an entry (a position into a tile centre, say)."""
    entries = list(items)
    if isinstance(edit, Put):
        entries[int(edit.key[1])] = made(edit.value)
    elif isinstance(edit, Insert):
        entries.insert(edit.index, made(edit.value))
    elif isinstance(edit, Remove):
        del entries[edit.index : edit.index + edit.count]
    elif isinstance(edit, Move):
        entries.insert(edit.to, entries.pop(edit.index))
    else:
        entries[edit.first : edit.last + 1] = entries[edit.first : edit.last + 1][::-1]
    return tuple(entries)


def put_field(thing: T, edit: Put, names: Mapping[str, str]) -> T:
    """A frozen dataclass with the key a :class:`Put` names set: a field
    (``names`` maps a file's key to the field's name where they differ) or a
    field of a field (``("pit", "length")``) or of one entry of a tuple
    field (``("corners", 2, "length")``)."""
    assert is_dataclass(thing) and not isinstance(thing, type)
    name = names.get(str(edit.key[0]), str(edit.key[0]))
    if len(edit.key) == 1:
        return replace(thing, **{name: edit.value})
    if isinstance(edit.key[1], str):
        inner = names.get(edit.key[1], edit.key[1])
        return replace(thing, **{name: replace(getattr(thing, name), **{inner: edit.value})})
    entries = list(getattr(thing, name))
    index = int(edit.key[1])
    key = str(edit.key[2])
    entries[index] = replace(entries[index], **{names.get(key, key): edit.value})
    return replace(thing, **{name: tuple(entries)})
