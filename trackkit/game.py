"""What a game is to trackkit: one object holding every job a command needs.

Each game package (:mod:`trackkit.racepack`, :mod:`trackkit.motocross`,
:mod:`trackkit.race`, :mod:`trackkit.rally`) exports one :class:`Game` as
``GAME`` in its ``game`` module, and :mod:`trackkit.registry` lists them.
Generic code (the file formats, the drawings, the command line, the editor,
the fuzzer) reaches a game only through that object, by the job's name:
reading a file, checking it against the rules, laying out its table,
drawing it, describing it.  So the same job has one name and one signature
in every game, and a new game is one package and one line in the registry.

The jobs are named by module path (``Lazy("trackkit.racepack.rules:validate")``)
and imported on first call, so that naming a game costs nothing: a command
on a Racepack track never imports Motocross, and checking a track never
imports the drawing libraries.  This module sits at the bottom of the
layers, so it names the types of other layers (the drawing options, a YAML
node) only as ``Any``; each job's docstring says what it takes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from trackkit.findings import Report, RuleEntry
from trackkit.generation import Generation
from trackkit.play import IncidentMap, OldRecord, Progress, RaceRequest, RecordPace, Replayed, Standing
from trackkit.tabletop import Tabletop

__all__ = [
    "TERMINAL_PREVIEW",
    "Game",
    "Lazy",
    "QuickSettings",
    "Study",
    "catalog_of",
    "of_result",
    "tabletop_of",
]


class Lazy:
    """A function named ``module:name``, imported when first called, so that
    a game's modules (its reader, rules, descriptions) load only when one of
    its layouts is used."""

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


def tabletop_of(module: str, track_keys: tuple[str, ...]) -> Tabletop:
    """A game's ``tabletop``: the ``palette``, ``table``, ``place`` and
    ``text`` functions of ``module``, imported when first used; a file
    with none of ``track_keys`` is an empty table."""
    jobs = {name: Lazy(f"{module}:{name}") for name in ("palette", "table", "place", "text")}
    return Tabletop(**jobs, track_keys=track_keys)


def catalog_of(module: str) -> Callable[[], tuple[RuleEntry, ...]]:
    """A game's ``rules`` job: the ``CATALOG`` of ``module``, imported when
    asked for."""

    def catalog() -> tuple[RuleEntry, ...]:
        found: tuple[RuleEntry, ...] = importlib.import_module(module).CATALOG
        return found

    return catalog


@dataclass(frozen=True)
class QuickSettings:
    """What the editor's Generate button asks of a game: the packs on the
    table and the race's settings, each ``None`` for the game's default."""

    packs: int | None = None
    laps: int | None = None
    cars: int | None = None
    players: int | None = None


@dataclass(frozen=True)
class Study:
    """Something a command works out about a layout and shows: the inside
    lanes, the starting grid, a lap analysis.  A game that has it lists it
    under the command's name in ``Game.studies``; asking another game for it
    is refused, naming the games that have it.

    ``what`` names it in the plural for that message (``starting grids``);
    ``run(layout, **options)`` works it out, taking the command's options
    by name (an option a game does not use is ``None`` or its default, and
    raising :class:`~trackkit.errors.ArgumentError` for one it cannot
    honour); ``text(layout, result)`` and ``json(layout, result)`` show it,
    and ``detail(result)``, where there is one, is the longer account a
    command prints on request (``analyze --plan``).  ``note(result)``, where
    there is one, is a line for standard error before the result is shown
    (the seed its random draws used; ``None``: nothing to say), and
    ``stored(layout, result, form)`` the text of the layout with the result
    written into it, its track written in ``form`` (``path`` or ``tiles``),
    and the words for what was stored (``4 hazards``: ``hazards --write``);
    ``stores`` names the top-level keys the result is written to (only
    their lines of the file are changed; the rest of it is kept as it was).
    ``asked(layout, **options)``, where there is one, is the layout as the
    options ask it to be played (``grid --cars 8``: raced by 8 cars), so
    that a command can warn of a rule the options break though the file
    does not.
    """

    what: str
    run: Callable[..., Any]
    text: Callable[[Any, Any], str]
    json: Callable[[Any, Any], Any]
    detail: Callable[[Any], str] | None = None
    # generation, hazards and circuit ids (issue 33): what a study says beside its result
    note: Callable[[Any], str | None] | None = None
    stored: Callable[[Any, Any, str], tuple[str, str]] | None = None
    stores: tuple[str, ...] = ()
    asked: Callable[..., Any] | None = None


def of_result(job: Callable[[Any], Any]) -> Callable[[Any, Any], Any]:
    """A study's ``json`` from a function of the result alone."""

    def shown(layout: Any, result: Any) -> Any:
        return job(result)

    return shown


CIRCUIT_FIGURES_TEXT = Lazy("trackkit.simulation_words:simulation_text")
CIRCUIT_FIGURES_JSON = Lazy("trackkit.simulation_words:simulation_json")
"""The report of many races on a circuit raced by grid slot, the games' default."""

TERMINAL_PREVIEW = Lazy("trackkit.render.terminal:render_preview")
"""Every game's ``preview``: the one terminal painter on the game's ``board``."""

PAINTED: dict[str, Any] = {
    "draw_svg": Lazy("trackkit.render.painter:paint_svg"),
    "draw_pages": Lazy("trackkit.render.painter:paint_pages"),
    "count_pages": Lazy("trackkit.render.painter:count_pages"),
}
"""The drawing jobs of a game with a ``picture``: the one SVG painter on
it, on screen and on paper (``Game(..., **PAINTED)``)."""


@dataclass(frozen=True, eq=False)
class Game:
    """One game trackkit supports, and what each command does with its layouts.

    ``name`` is what a layout file writes in its ``game`` key and ``title``
    how messages name the game; ``aliases`` are other names a user may type
    for it.  The jobs:

    - ``read(root, text, file)`` turns a file's YAML node tree into a loaded
      layout; ``dump(layout)`` writes a layout back as YAML; ``schema()``
      gives the JSON Schema of its files; ``convert(layout, form)`` writes
      its tiles as a ``path`` or as ``tiles`` (``None`` for a game without
      those forms).
    - ``validate(layout)`` checks a layout against every rule and returns
      every finding; ``rules()`` lists the rule ids with their quotes;
      ``edit(layout, edit)`` makes the change a finding's hint proposes
      (a :mod:`trackkit.edits` edit) and returns the changed layout.
    - ``size(layout)`` says how big a layout is in a few words (``24
      tiles``); ``info_text`` and ``info_json`` describe it.
    - ``setup(layout)`` lays out the table before play: every physical
      piece, each once (``None`` for a game played with no piecepack
      pieces); ``setup_words(layout)`` names the race it is for (``3 laps,
      4 cars``).
    - ``draw_svg(layout, options)`` draws it, ``draw_pages(layout, options,
      paper)`` cuts a true-size drawing into sheets of a paper (a name or a
      paper), ``preview(layout, options)`` draws it for a terminal, and
      ``draw_simulation(layout, figures)`` pictures what ``simulate``
      found (``None`` when its figures have no picture);
      ``count_pages(layout, options, paper)`` counts the sheets of a
      true-size print before any is drawn (``None``: not counted ahead);
      ``draws`` names
      the drawing options its pictures honour.
    - ``studies`` maps a command's name (``lanes``, ``grid``,
      ``analyze``) to the :class:`Study` it shows for this game's layouts;
      ``noun`` is what the game's layouts are (``tracks``, ``courses``).
    - ``made_from`` maps another game's name to the function that makes
      this game's layout from one of its layouts (``convert --to race``
      makes a RACE! track of a Racepack circuit).
    - ``quick_track(settings, seed)`` draws one random legal track for the
      packs and race of :class:`QuickSettings`, as ``trackkit generate``
      would with those options (``None`` for a game the editor does not
      generate).
    - ``picture(layout, options)`` grows the
      :class:`~trackkit.picture.marks.Picture` of a layout drawn with the
      drawing options (its title, what they ask to show) from its setup;
      a game that has it draws with the one painter
      (``Lazy("trackkit.render.painter:paint_svg")``, ``paint_pages``,
      ``count_pages``), and ``None`` for a game still drawn by its own
      modules.
    - ``simulation_text(name, figures)`` and ``simulation_json(name,
      figures)`` report what many simulated races showed (``trackkit
      simulate``).
    - Play (``None`` for a game without races; see :mod:`trackkit.play`):
      ``simulate(layout, request, progress)`` plays ``request.races``
      races and gives their figures, taking the options named in
      ``race_options`` (``race_lacks`` words the refusal of an option
      it lacks, where the game has its own sentence for it);
      ``record_race(layout, request)`` plays race
      ``request.race`` of that run and writes it as a PPN record (YAML
      metadata, then movetext); ``record_pace`` sizes a record before any
      race is played; ``replay(head, layout)`` checks the moves of a PPN
      record whose metadata (a :class:`~trackkit.layoutfile.records.RecordHead`)
      names a layout of this game, and ``old_record`` reads the form its
      records took before PPN; ``draw_replay(layout, standing, caption,
      width, color)`` draws one frame of a replay for a terminal;
      ``simulation_warnings(figures)`` says what a run should be warned
      about; ``incident_map(layout)`` maps a track for the picture of a
      run's incidents by corner.
    - ``generation`` is how ``trackkit generate GAME`` draws random legal
      layouts (a :class:`~trackkit.generation.Generation`: the request
      dataclass the command's options come from, and the job; ``None`` for
      a game with no generator); ``overlays`` maps the name of something
      the editor may lay on a drawing (``hazards``) to ``overlay(layout,
      seed)``, the layout with it laid, drawn by ``seed``; ``counting``
      is what ``trackkit count`` works out for the game (a :class:`Study`
      run with no layout: ``run(None, tiles=, corners=, max_width=,
      max_height=, progress=)``; ``None`` for a game that counts nothing);
      ``fuzz_words`` maps a list key of the game's files to words a fuzzer
      puts in it (rally card names, a few of them misspelt).
    - ``board(layout, options)`` says what the table shows in a terminal
      (a :class:`trackkit.board.Preview`: heading, marks, key) for the
      :class:`trackkit.board.TerminalOptions` asked; ``preview`` is then
      :data:`TERMINAL_PREVIEW`, the one painter that turns any board into
      text (``None``: the game has no terminal preview).
    - ``replay_board(layout, standing, options)`` sets out one frame of a
      replay for a terminal (a :class:`trackkit.board.Preview`): the table
      with each token of a :data:`~trackkit.play.Standing` on its place;
      ``draw_replay`` is then ``Lazy("trackkit.render.replay:board_frame")``,
      which paints it under the turn's caption (``None``: the frames list
      the pieces).
    - ``shaded_cards(layout, corners, fills, inks)`` grows the marks of a
      course of cards (a rally deck), each card at its corner with its face
      shaded and its lettering inked as a picture of simulated figures
      asks: the cards, then their lettering (``None``: not a card game).
    - ``expert_driver`` names the game's best driver: the one ``simulate``
      deals every car when ``--drivers`` is not given, and the one
      ``trackkit report`` fields (a field of them races the track, and its
      win rate against ``random`` drivers is the report's measure of how
      much skill matters).
    - ``tabletop`` is how the editor lays the game's layouts on its table
      with the mouse (a :class:`~trackkit.tabletop.Tabletop`: the palette,
      where each piece lies, a piece put down; ``None``: not edited).
    """

    name: str
    title: str
    read: Callable[[Any, str, str], Any]
    validate: Callable[[Any], Report]
    schema: Callable[[], dict[str, Any]]
    dump: Callable[[Any], str]
    size: Callable[[Any], str]
    info_text: Callable[[Any], str]
    info_json: Callable[[Any], dict[str, Any]]
    draw_svg: Callable[[Any, Any], str]
    draw_pages: Callable[[Any, Any, Any], list[str]]
    preview: Callable[[Any, Any], str]
    rules: Callable[[], tuple[RuleEntry, ...]]
    convert: Callable[[Any, str], str] | None = None
    draws: frozenset[str] = frozenset()
    setup: Callable[[Any], Any] | None = None
    setup_words: Callable[[Any], str] | None = None
    draw_simulation: Callable[[Any, Any], str] | None = None
    count_pages: Callable[[Any, Any, Any], int] | None = None
    simulation_text: Callable[[str | None, Any], str] = CIRCUIT_FIGURES_TEXT
    simulation_json: Callable[[str | None, Any], dict[str, Any]] = CIRCUIT_FIGURES_JSON
    quick_track: Callable[[QuickSettings, int], Any] | None = None
    studies: Mapping[str, Study] = field(default_factory=dict)
    made_from: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    noun: str = "tracks"
    aliases: tuple[str, ...] = ()
    # play, record and replay (issue 33, slice play-jobs; see trackkit.play)
    simulate: Callable[[Any, RaceRequest, Progress | None], Any] | None = None
    race_options: tuple[str, ...] = ()
    expert_driver: str = "bold"
    """The driver ``simulate`` deals to every car when ``--drivers`` is not
    given: the game's expert where it has one (see docs/simulation.md)."""
    race_lacks: Mapping[str, str] = field(default_factory=dict)
    record_race: Callable[[Any, RaceRequest], str] | None = None
    record_pace: RecordPace | None = None
    replay: Callable[[Any, Any], Replayed] | None = None
    draw_replay: Callable[[Any, Standing, str, int, bool], str] | None = None
    old_record: OldRecord | None = None
    simulation_warnings: Callable[[Any], tuple[str, ...]] | None = None
    incident_map: Callable[[Any], IncidentMap] | None = None
    # generation (issue 33, generate-jobs): the request, the job, and the table overlay
    generation: Generation | None = None
    overlays: Mapping[str, Callable[[Any, int], Any]] = field(default_factory=dict)
    counting: Study | None = None
    fuzz_words: Mapping[str, Sequence[str]] = field(default_factory=dict)
    # issue 33, drawings paint setups (the SVG painter):
    picture: Callable[[Any, Any], Any] | None = None
    # the terminal view (issue 33, terminal-painter)
    board: Callable[[Any, Any], Any] | None = None
    # drawings paint setups: rally's picture, and the replay board (issue 33, svg-rally)
    replay_board: Callable[[Any, Standing, Any], Any] | None = None
    shaded_cards: Callable[[Any, Sequence[Any], Sequence[str], Sequence[str | None]], Any] | None = None
    # hints that are edits (issue 38): a finding's edit made on a layout
    edit: Callable[[Any, Any], Any] | None = None
    # the editor's table (issue 36): the palette, where pieces lie, putting one down
    tabletop: Tabletop | None = None
