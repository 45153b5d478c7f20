"""The games trackkit knows, and how a layout file finds its game.

Every layout file may say ``game: NAME``; a file that does not is a Racepack
layout.  The registry maps each name to a :class:`Game`: the functions that
read such a file, check it against the game's rules and describe its file
format.  Adding a game means writing its package (model, rules, analysis,
generation), its reader and drawing on top, and one entry in
:data:`GAMES` (as python-chess lists its board variants in one table).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import yaml

from trackkit.errors import LayoutError
from trackkit.findings import Report
from trackkit.formats import info, racepack_yaml, schema
from trackkit.formats.files import read_text
from trackkit.formats.source import LoadedLayout
from trackkit.formats.yaml_nodes import as_layout_root, at, compose, compose_documents, text
from trackkit.racepack import rules as racepack_rules
from trackkit.racepack.layout import Layout
from trackkit.render.options import RenderOptions

__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "RACEPACK",
    "Game",
    "find_game",
    "game_of",
    "load",
    "load_all",
    "loads",
    "loads_all",
]

DEFAULT_GAME = "racepack"
"""The game of a layout file that names none."""


@dataclass(frozen=True)
class Game:
    """One game trackkit supports, and what each command does with its layouts.

    ``read`` turns the node tree of a file (with the file's text and name)
    into a loaded layout; ``validate`` checks a layout against every rule of
    the game; ``schema`` gives the JSON Schema of its files; ``dump`` writes
    a layout back as YAML; ``size`` says how big a layout is in a few words
    (``24 tiles``); ``info_text`` and ``info_json`` describe it;
    ``draw_svg`` draws it, ``draw_pages`` cuts a true-size drawing into
    sheets of a paper size, and ``preview`` draws it for a terminal of a
    given width.  Drawing functions import their libraries when called.
    """

    name: str
    title: str
    read: Callable[[yaml.MappingNode, str, str], LoadedLayout[Any]]
    validate: Callable[[Any], Report]
    schema: Callable[[], dict[str, Any]]
    dump: Callable[[Any], str]
    size: Callable[[Any], str]
    info_text: Callable[[Any], str]
    info_json: Callable[[Any], dict[str, Any]]
    draw_svg: Callable[[Any, RenderOptions], str]
    draw_pages: Callable[[Any, RenderOptions, str], list[str]]
    preview: Callable[[Any, int, bool, bool], str]


# --- Racepack ----------------------------------------------------------------------


def _racepack_size(layout: Layout) -> str:
    return info.tile_words(layout)


def _racepack_svg(layout: Layout, options: RenderOptions) -> str:
    from trackkit.render.svg import render_svg

    return render_svg(layout, options)


def _racepack_pages(layout: Layout, options: RenderOptions, paper: str) -> list[str]:
    from trackkit.render.pages import get_paper, render_pages

    return render_pages(layout, options, get_paper(paper))


def _racepack_preview(layout: Layout, width: int, color: bool, grid: bool) -> str:
    from trackkit.render.terminal import PreviewOptions, render_preview

    return render_preview(layout, PreviewOptions(width=width, color=color, grid=grid))


RACEPACK = Game(
    name="racepack",
    title="Racepack",
    read=racepack_yaml.read_layout,
    validate=racepack_rules.validate,
    schema=schema.layout_schema,
    dump=racepack_yaml.dump_layout,
    size=_racepack_size,
    info_text=info.info_text,
    info_json=info.info_json,
    draw_svg=_racepack_svg,
    draw_pages=_racepack_pages,
    preview=_racepack_preview,
)


GAMES: dict[str, Game] = {game.name: game for game in (RACEPACK,)}
"""Every game, by the name a layout file gives in its ``game`` key."""


def find_game(name: str) -> Game:
    """The game called ``name`` (any case); raises
    :class:`~trackkit.errors.LayoutError` for a name no game has."""
    game = GAMES.get(name.strip().lower())
    if game is None:
        raise LayoutError(f"unknown game {name!r}", hint=f"known games: {', '.join(GAMES)}")
    return game


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
    the text is not a layout."""
    try:
        root = compose(text)
        return game_of(root).read(root, text, file)
    except LayoutError as error:
        raise error.located(file) from None


def loads_all(text: str, file: str = "<layout>") -> list[LoadedLayout[Any]]:
    """Read every layout of a YAML stream of one or more documents (``---``
    between them, as ``trackkit generate --count`` prints).  With several,
    each is named ``FILE#1``, ``FILE#2``... in messages."""
    try:
        documents = compose_documents(text)
    except LayoutError as error:
        raise error.located(file) from None
    names = [file] if len(documents) <= 1 else [f"{file}#{n}" for n in range(1, len(documents) + 1)]
    loaded: list[LoadedLayout[Any]] = []
    for name, document in zip(names, documents or [None]):
        try:
            root = as_layout_root(document)
            loaded.append(game_of(root).read(root, text, name))
        except LayoutError as error:
            raise error.located(name) from None
    return loaded


def load_all(path: str | os.PathLike[str]) -> list[LoadedLayout[Any]]:
    """Read every layout of a file of one or more YAML documents (see
    :func:`loads_all`)."""
    return loads_all(read_text(path), str(path))


def load(path: str | os.PathLike[str]) -> LoadedLayout[Any]:
    """Read a layout file of any game.  Raises
    :class:`~trackkit.errors.LayoutError` naming the file, line and column
    when it cannot be read or is not a layout."""
    return loads(read_text(path), str(path))
