"""The games trackkit knows, and how a layout file finds its game.

Every layout file may say ``game: NAME``; a file that does not is a Racepack
layout.  The registry maps each name to a :class:`Game`: the functions that
read such a file, check it against the game's rules and describe its file
format.  Adding a game means writing its package (model, rules, analysis,
generation), its reader and drawing on top, and one entry in
:data:`GAMES` (as python-chess lists its board variants in one table).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import yaml

from trackkit.errors import ArgumentError, LayoutError, did_you_mean
from trackkit.findings import Report, RuleEntry
from trackkit.formats.fields import text
from trackkit.formats.files import read_text
from trackkit.formats.source import LoadedLayout
from trackkit.formats.yaml_nodes import as_layout_root, at, compose, compose_documents

if TYPE_CHECKING:
    from trackkit.motocross.course import Course
    from trackkit.piecepack.setup import TableSetup
    from trackkit.racepack.layout import Layout
    from trackkit.render.options import RenderOptions, TerminalOptions

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

DEFAULT_GAME = "racepack"
"""The game of a layout file that names none."""


class Lazy:
    """A function named ``module:name``, imported when first called, so
    that a game's modules (its reader, rules, descriptions) load only when
    one of its layouts is used, and checking a Racepack track never imports
    Motocross, RACE! or the rally game."""

    def __init__(self, target: str) -> None:
        self.target = target
        self._function: Callable[..., Any] | None = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._function is None:
            module, name = self.target.split(":")
            self._function = getattr(importlib.import_module(module), name)
        return self._function(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Lazy({self.target!r})"


@dataclass(frozen=True)
class Game:
    """One game trackkit supports, and what each command does with its layouts.

    ``read`` turns the node tree of a file (with the file's text and name)
    into a loaded layout; ``validate`` checks a layout against every rule of
    the game; ``schema`` gives the JSON Schema of its files; ``dump`` writes
    a layout back as YAML; ``size`` says how big a layout is in a few words
    (``24 tiles``); ``info_text`` and ``info_json`` describe it;
    ``draw_svg`` draws it, ``draw_pages`` cuts a true-size drawing into
    sheets of a paper size, and ``preview`` draws it for a terminal with
    the terminal options (width, colour, light background, ASCII...);
    ``rules`` lists the game's rule ids.  Drawing
    functions import their libraries when called.
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
    preview: Callable[[Any, TerminalOptions], str]
    rules: Callable[[], tuple[RuleEntry, ...]]
    """The catalogue of the game's rule ids (``trackkit rules``, ``explain``),
    loaded when asked for."""
    convert: Callable[[Any, str], str] | None = None
    """Writes a layout with its tiles as a ``path`` or as ``tiles``
    (``trackkit convert``); ``None`` for a game without those forms."""
    draws: frozenset[str] = frozenset()
    """The drawing options this game's pictures honour, of
    :data:`DRAWING_OPTIONS`; asking another game for one is refused (see
    :func:`refuse_undrawn`)."""
    setup: Callable[[Any], TableSetup] | None = None
    """The table before play (the game's ``setup`` module): every physical
    piece, each once (see :mod:`trackkit.piecepack.setup`); ``None`` for a
    game played with no piecepack pieces."""
    setup_words: Callable[[Any], str] | None = None
    """A few words on the race a setup is for (``3 laps, 4 cars``)."""
    draw_simulation: Callable[[Any, Any], str] | None = None
    """Draws the figures of ``trackkit simulate`` on a layout (``--svg``):
    the layout shaded by where incidents happen, and win rates; ``None`` for
    a game whose figures have no picture."""


def _on_paper(target: str) -> Callable[[Any, RenderOptions, str], list[str]]:
    """A game's ``draw_pages``: the page drawer ``module:name`` (imported when
    first called), given the paper size by name."""
    draw = Lazy(target)

    def pages(layout: Any, options: RenderOptions, paper: str) -> list[str]:
        from trackkit.render.pages import get_paper

        result: list[str] = draw(layout, options, get_paper(paper))
        return result

    return pages


def _catalog(module: str) -> Callable[[], tuple[RuleEntry, ...]]:
    """A game's ``rules``: the ``CATALOG`` of ``module``, imported when asked for."""

    def catalog() -> tuple[RuleEntry, ...]:
        found: tuple[RuleEntry, ...] = importlib.import_module(module).CATALOG
        return found

    return catalog


# --- Racepack ----------------------------------------------------------------------




def _racepack_setup(layout: Layout) -> TableSetup:
    from trackkit.racepack.setup import table_setup

    return table_setup(layout, grid=True)


def _racepack_setup_words(layout: Layout) -> str:
    return f"{layout.laps} laps, {layout.cars} cars"



RACEPACK = Game(
    name="racepack",
    title="Racepack",
    read=Lazy("trackkit.formats.racepack_yaml:read_layout"),
    validate=Lazy("trackkit.racepack.rules:validate"),
    schema=Lazy("trackkit.formats.schema:layout_schema"),
    dump=Lazy("trackkit.formats.racepack_yaml:dump_layout"),
    size=Lazy("trackkit.formats.info:tile_words"),
    info_text=Lazy("trackkit.formats.info:info_text"),
    info_json=Lazy("trackkit.formats.info:info_json"),
    draw_svg=Lazy("trackkit.render.svg:render_svg"),
    draw_pages=_on_paper("trackkit.render.pages:render_pages"),
    preview=Lazy("trackkit.render.terminal:layout_preview"),
    rules=_catalog("trackkit.racepack.rules.catalog"),
    convert=Lazy("trackkit.formats.racepack_yaml:convert_layout"),
    draws=frozenset({"lanes", "grid", "numbers", "line"}),
    setup=_racepack_setup,
    setup_words=_racepack_setup_words,
    draw_simulation=Lazy("trackkit.render.simulation:simulation_svg"),
)


# --- Motocross ---------------------------------------------------------------------





def _motocross_setup_words(course: Course) -> str:
    return f"{course.players} players, {len(course)} tiles, {course.ramp_coins} ramp coins"



MOTOCROSS = Game(
    name="motocross",
    title="Motocross",
    read=Lazy("trackkit.formats.motocross_yaml:read_course"),
    validate=Lazy("trackkit.motocross.rules:validate"),
    schema=Lazy("trackkit.formats.motocross_yaml:course_schema"),
    dump=Lazy("trackkit.formats.motocross_yaml:dump_course"),
    size=Lazy("trackkit.formats.motocross_info:course_size"),
    info_text=Lazy("trackkit.formats.motocross_info:course_info_text"),
    info_json=Lazy("trackkit.formats.motocross_info:course_info_json"),
    draw_svg=Lazy("trackkit.render.motocross:render_course_svg"),
    draw_pages=_on_paper("trackkit.render.motocross:render_course_pages"),
    preview=Lazy("trackkit.render.motocross_terminal:render_course_preview"),
    rules=_catalog("trackkit.motocross.rules.catalog"),
    convert=Lazy("trackkit.formats.motocross_yaml:convert_course"),
    setup=Lazy("trackkit.motocross.setup:course_setup"),
    setup_words=_motocross_setup_words,
    draw_simulation=Lazy("trackkit.render.simulation_motocross:motocross_simulation_svg"),
)


# --- RACE! ----------------------------------------------------------------------------





RACE = Game(
    name="race",
    title="RACE!",
    read=Lazy("trackkit.formats.race_yaml:read_layout"),
    validate=Lazy("trackkit.race.rules:validate"),
    schema=Lazy("trackkit.formats.race_yaml:layout_schema"),
    dump=Lazy("trackkit.formats.race_yaml:dump_layout"),
    size=Lazy("trackkit.formats.race_info:size_words"),
    info_text=Lazy("trackkit.formats.race_info:info_text"),
    info_json=Lazy("trackkit.formats.race_info:info_json"),
    draw_svg=Lazy("trackkit.render.race:render_race_svg"),
    draw_pages=_on_paper("trackkit.render.race:render_race_pages"),
    preview=Lazy("trackkit.render.race_terminal:render_race_preview"),
    rules=_catalog("trackkit.race.rules.catalog"),
    draws=frozenset({"grid"}),  # the drawing always shows the grid; the preview on request
    draw_simulation=Lazy("trackkit.render.simulation:simulation_svg"),
)


# --- Rally card game ---------------------------------------------------------------





RALLY = Game(
    name="rally",
    title="rally card game",
    read=Lazy("trackkit.formats.rally_yaml:read_deck"),
    validate=Lazy("trackkit.rally.rules:validate"),
    schema=Lazy("trackkit.formats.rally_yaml:deck_schema"),
    dump=Lazy("trackkit.formats.rally_info:annotated_deck"),
    size=Lazy("trackkit.formats.rally_info:deck_size"),
    info_text=Lazy("trackkit.formats.rally_info:deck_info_text"),
    info_json=Lazy("trackkit.formats.rally_info:deck_info_json"),
    draw_svg=Lazy("trackkit.render.rally:render_deck_svg"),
    draw_pages=_on_paper("trackkit.render.rally:render_deck_pages"),
    preview=Lazy("trackkit.render.rally_terminal:render_deck_preview"),
    rules=_catalog("trackkit.rally.rules.catalog"),
    draw_simulation=Lazy("trackkit.render.simulation_rally:rally_simulation_svg"),
)


GAMES: dict[str, Game] = {game.name: game for game in (RACEPACK, MOTOCROSS, RACE, RALLY)}
"""Every game, by the name a layout file gives in its ``game`` key."""


DRAWING_OPTIONS = ("lanes", "grid", "numbers", "line")
"""Drawing options (``render --lanes``, ``show --light``...) that only some
games' pictures show."""


def refuse_undrawn(game: Game, asked: Iterable[str]) -> None:
    """Raise :class:`~trackkit.errors.ArgumentError` for the first option of
    ``asked`` that ``game``'s pictures would silently leave out:
    ``--lanes is for Racepack tracks``."""
    for option in asked:
        if option not in game.draws:
            takers = [other.title for other in GAMES.values() if option in other.draws]
            raise ArgumentError(f"is for {' and '.join(takers)} tracks", parameter=option)


def find_game(name: str) -> Game:
    """The game called ``name`` (any case); raises
    :class:`~trackkit.errors.LayoutError` for a name no game has."""
    game = GAMES.get(name.strip().lower())
    if game is None:
        raise LayoutError(
            f"unknown game {name!r}{did_you_mean(name.strip().lower(), list(GAMES))}",
            hint=f"known games: {', '.join(GAMES)}",
        )
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
