"""The commands a fuzz input goes through, and how a child runs one.

A *command mode* is one command line of trackkit with the input file in it
(``render in.yaml --paper a4 -o out.svg``): every command that reads a
layout, in each of its modes, paper sizes, output forms and themes.  The
editor's endpoints have no command line of their own, so some modes drive
its session directly, one request each as the page sends them: opening the
file with each whole-track move and a check with every overlay; saving and
re-opening; exporting in each form.

:func:`run_mode` is what a forked child runs (see
:mod:`trackkit.fuzz.sandbox`): the command line built once in the parent,
so a child does not rebuild it, or the editor's session.  The parent is
warmed up by :mod:`trackkit.fuzz.warming`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trackkit.errors import ArgumentError, TrackkitError

__all__ = [
    "COUNT",
    "EDIT_CHECK",
    "EDIT_EXPORT",
    "EDIT_HTTP",
    "EDIT_SAVE",
    "GENERATE",
    "INPUT",
    "MODES",
    "OPTION_MODES",
    "REPLAY",
    "SIMULATE",
    "Mode",
    "command_line",
    "run_mode",
]

INPUT = "in.yaml"
"""The name of the input file in the child's folder."""

EDIT_CHECK = "edit:check"
"""The editor opening the file, each whole-track move, and a check with every overlay."""

EDIT_SAVE = "edit:save"
"""The editor saving the layout and opening what it saved."""

EDIT_EXPORT = "edit:export"
"""The editor exporting the layout in the form named after it (one request)."""

EDIT_HTTP = "edit:http"
"""One request made from the input, sent to the editor's HTTP handler."""

GENERATE = "generate:options"
"""``generate`` for the input's game with options fuzzed from the input."""

REPLAY = "replay:mutated"
"""A race on the input recorded, the record mutated and replayed."""

SIMULATE = "simulate:options"
"""``simulate`` on the input with options fuzzed (races, cars, laps, seed...)."""

COUNT = "count:options"
"""``count`` with options fuzzed (tiles, box sizes); the input only seeds them."""


@dataclass(frozen=True)
class Mode:
    """One command mode: its arguments (with :data:`INPUT` where the file
    goes) and its weight, how many times as often as a plain mode it runs
    (less for the slow ones: PNG, PDF, races)."""

    args: tuple[str, ...]
    weight: int = 4

    @property
    def label(self) -> str:
        return " ".join(self.args)


def _out(*args: str, weight: int = 4) -> Mode:
    return Mode((*args[:1], INPUT, *args[1:]), weight)


MODES: tuple[Mode, ...] = (
    _out("validate"), _out("validate", "--format", "json", "--strict"), _out("info"),
    _out("info", "--format", "json"), _out("id"), _out("lanes"), _out("lanes", "--format", "json"),
    _out("grid"), _out("grid", "--cars", "8", "--format", "json"), _out("hazards", "--seed", "1"),
    _out("hazards", "--seed", "2", "--null", "reroll", "--format", "json"),
    _out("hazards", "--seed", "3", "--write"),
    _out("render", "-o", "out.svg", "--force"),
    _out("render", "--theme", "color", "--numbers", "-o", "out.svg", "--force"),
    _out("render", "--lanes", "--grid", "-o", "out.svg", "--force"),
    _out("render", "--line", "-o", "out.svg", "--force"),
    _out("render", "--true-size", "--no-numbers", "-o", "out.svg", "--force"),
    _out("render", "--paper", "a4", "-o", "out.svg", "--force"),
    _out("render", "--paper", "letter", "--theme", "color", "-o", "out.svg", "--force"),
    _out("render", "-o", "out.png", "--force", weight=1),
    _out("render", "--paper", "a4", "-o", "out.pdf", "--force", weight=1),
    _out("show", "--width", "100", "--no-color"), _out("show", "--ascii", "--width", "60"),
    _out("show", "--color"), _out("show", "--color", "--light"), _out("show", "--line"),
    _out("show", "--grid", "--color"),
    _out("analyze", weight=2), _out("analyze", "--no-chicane-cuts", "--plan", weight=2),
    _out("analyze", "--format", "json", weight=2),
    _out("convert", "--to", "path"), _out("convert", "--to", "tiles"), _out("convert", "--to", "race"),
    _out("convert", "--to", "path", "-o", "out.yaml", "--force"),
    _out("export", "--to", "piecepackr"), _out("export", "--to", "ppn"),
    _out("export", "--to", "ppn", "-o", "out.ppn", "--force"),
    _out("simulate", "--races", "3", "--seed", "1", "--workers", "1", weight=1),
    _out("simulate", "--races", "2", "--seed", "2", "--workers", "1", "--format", "json", weight=1),
    _out("simulate", "--races", "2", "--seed", "4", "--workers", "1", "--svg", "sim.svg",
         "--record", "race.rec", "--force", weight=1),
    _out("report", "--races", "2", "--seed", "3", "--workers", "1", "-o", "report.svg", "--force", weight=1),
    Mode((GENERATE,), 2),
    Mode((REPLAY,), 1),
    Mode((EDIT_HTTP,), 2),
    Mode((EDIT_CHECK,), 2),
    Mode((EDIT_SAVE,), 1),
    *(Mode((EDIT_EXPORT, kind), 1) for kind in ("svg", "png", "letter", "yaml", "ppn", "piecepackr")),
)
"""Every command that reads a layout, in each of its modes, paper sizes,
output forms and themes, and the editor's endpoints."""

OPTION_MODES: tuple[Mode, ...] = (Mode((SIMULATE,), 2), Mode((COUNT,), 1))
"""The commands whose work grows with a number, given hostile option
values (:mod:`trackkit.fuzz.options`): the long campaign runs them beside
:data:`MODES`."""


_COMMAND: list[Any] = []
"""The command line, built once (by the warm-up, :func:`~trackkit.fuzz.warming.warm_up`;
Typer rebuilds it on every call)."""


def command_line() -> Any:
    """trackkit's command line, built on first use and kept."""
    if not _COMMAND:
        from trackkit.cli.app import built_command

        _COMMAND.append(built_command())
    return _COMMAND[0]


def run_mode(args: Sequence[str]) -> int:
    """Run one command mode in this process and return its exit status."""
    if args[0] == EDIT_CHECK:
        return _edit_check()
    if args[0] == EDIT_SAVE:
        return _edit_save()
    if args[0] == EDIT_EXPORT:
        return _edit_export(args[1])
    if args[0] in (GENERATE, REPLAY, EDIT_HTTP, SIMULATE, COUNT):
        return _driven(args[0], Path(INPUT).read_bytes())
    try:
        command_line().main(list(args), prog_name="trackkit", standalone_mode=True)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    return 0


def _driven(mode: str, data: bytes) -> int:
    """A mode that makes its command from the input (see :mod:`trackkit.fuzz.drivers`)."""
    import trackkit.fuzz.drivers as drivers
    from trackkit import games

    if mode == EDIT_HTTP:
        from trackkit.fuzz.editor import edit_http

        return edit_http(data)
    rng = drivers.input_rng(data)
    game = drivers.game_of(data.decode("utf-8", "replace"), sorted(games.GAMES))
    if mode in (SIMULATE, COUNT):
        from trackkit.fuzz.options import count_options, simulate_options

        return run_mode(simulate_options(rng, INPUT, game) if mode == SIMULATE else count_options(rng))
    if mode == REPLAY:
        return drivers.replay_mutated(run_mode, rng, game)
    return run_mode(drivers.generate_options(rng, command_line(), game))


def _edit_check() -> int:
    """The editor's open and check endpoints, with each whole-table move."""
    from dataclasses import asdict

    from trackkit.edit.form import read_form
    from trackkit.edit.session import Overlays, Session
    from trackkit.tabletop import Placement

    try:
        session = Session(None)
        session.open(session.resolve(INPUT))
        form = read_form(asdict(session.form))
        everything = Overlays(lanes=True, grid=True, line=True, hazards=True)
        for move in ("turn", "flip", "reverse"):
            with contextlib.suppress(ArgumentError):  # a game may refuse a move (a rally deck is not turned)
                session.place(form, Placement(move), Overlays())
        session.check(form, everything)
    except TrackkitError:
        return 2
    return 0


def _edit_save() -> int:
    """The editor's save endpoint, then opening what it saved."""
    from trackkit.edit.session import Session

    try:
        session = Session(None)
        session.open(session.resolve(INPUT))
        session.save(session.form, "saved.yaml", confirm=True)
        session.open(session.resolve("saved.yaml"))
    except TrackkitError:
        return 2
    return 0


def _edit_export(kind: str) -> int:
    """The editor's export endpoint for ``kind`` (``svg``, ``png``, ``letter``...)."""
    from trackkit.edit.session import Overlays, Session

    try:
        session = Session(None)
        session.open(session.resolve(INPUT))
        session.export(session.form, kind, Overlays(lanes=True))
    except TrackkitError:
        return 2
    return 0
