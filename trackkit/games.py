"""How a layout file finds its game, and the readers of layout files.

Every layout file may say ``game: NAME``; a file that does not is a Racepack
layout.  :mod:`trackkit.registry` lists the games; this module reads a file's
YAML, finds the game it names and hands it to that game's reader.  It
re-exports the registry's names, so ``games.find_game`` and ``games.GAMES``
read as they always have.
"""

from __future__ import annotations

import functools
import os
from dataclasses import replace
from typing import Any

import yaml

from trackkit.errors import LayoutError
from trackkit.game import Game, Lazy
from trackkit.layoutfile.fields import text
from trackkit.layoutfile.files import read_text
from trackkit.layoutfile.source import LoadedLayout
from trackkit.layoutfile.yaml_nodes import as_layout_root, at, compose, compose_documents
from trackkit.registry import (
    DEFAULT_GAME,
    DRAWING_OPTIONS,
    GAMES,
    MOTOCROSS,
    RACE,
    RACEPACK,
    RALLY,
    find_game,
    refuse_undrawn,
)

__all__ = [
    "DEFAULT_GAME",
    "DRAWING_OPTIONS",
    "GAMES",
    "MOTOCROSS",
    "RACE",
    "RACEPACK",
    "RALLY",
    "Game",
    "Lazy",
    "find_game",
    "game_of",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "refuse_undrawn",
]


def game_of(root: yaml.MappingNode) -> Game:
    """The game a file's top-level mapping names in its ``game`` key."""
    for key, value in root.value:
        if isinstance(key, yaml.ScalarNode) and key.value == "game":
            name = text("game")(value)
            try:
                return find_game(name)
            except LayoutError as error:
                raise at(value, error.message, error.hint) from None
    return GAMES[DEFAULT_GAME]


def loads(text: str, file: str = "<layout>") -> LoadedLayout[Any]:
    """Read a layout of any game from YAML text; ``file`` names it in
    messages.  Raises a located :class:`~trackkit.errors.LayoutError` when
    the text is not a layout.

    The last layout read is kept with its text and name (see
    :func:`_last_read`): a command that reads its input again (``convert``
    reads the file, then each form reads it once more) gets the same
    layout without parsing it again.  A layout is never changed once read
    (edits make new ones), so sharing it is safe."""
    return _last_read(text, file)


@functools.lru_cache(maxsize=1)
def _last_read(text: str, file: str) -> LoadedLayout[Any]:
    """:func:`loads` itself, kept for its last text and name.  Reading
    depends on nothing but the text (a layout names no other file); one
    layout kept, so a huge one read once holds no more memory than while
    it is used.  A refusal is not kept: it is raised again each time."""
    try:
        root = compose(text)
        loaded: LoadedLayout[Any] = game_of(root).read(root, text, file)
        return replace(loaded, text=text)
    except LayoutError as error:
        raise error.located(file) from None


def loads_all(text: str, file: str = "<layout>") -> list[LoadedLayout[Any]]:
    """Read every layout of a YAML stream of one or more documents (``---``
    between them, as ``trackkit generate --count`` prints).  With several,
    each is named ``FILE#1``, ``FILE#2``... in messages.  The last stream
    read is kept, as :func:`loads` keeps its last layout (a writer reads
    back what it wrote, then a test reads it again)."""
    return list(_last_read_all(text, file))


@functools.lru_cache(maxsize=1)
def _last_read_all(text: str, file: str) -> tuple[LoadedLayout[Any], ...]:
    """:func:`loads_all` itself, kept for its last text and name."""
    try:
        documents = compose_documents(text)
    except LayoutError as error:
        raise error.located(file) from None
    names = [file] if len(documents) <= 1 else [f"{file}#{n}" for n in range(1, len(documents) + 1)]
    loaded: list[LoadedLayout[Any]] = []
    for name, document in zip(names, documents or [None]):
        try:
            root = as_layout_root(document)
            loaded.append(replace(game_of(root).read(root, text, name), text=text))
        except LayoutError as error:
            raise error.located(name) from None
    return tuple(loaded)


def load_all(path: str | os.PathLike[str]) -> list[LoadedLayout[Any]]:
    """Read every layout of a file of one or more YAML documents (see
    :func:`loads_all`)."""
    return loads_all(read_text(path), str(path))


def load(path: str | os.PathLike[str]) -> LoadedLayout[Any]:
    """Read a layout file of any game.  Raises
    :class:`~trackkit.errors.LayoutError` naming the file, line and column
    when it cannot be read or is not a layout."""
    return loads(read_text(path), str(path))
