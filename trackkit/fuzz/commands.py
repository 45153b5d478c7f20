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
so a child does not rebuild it, or the editor's session.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import shutil
import sys
import tempfile
import traceback
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
    "one_a_command",
    "run_mode",
    "warm_up",
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
"""The command line, built once by :func:`warm_up` (Typer rebuilds it on every call)."""


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


Warming = list[tuple[Path, Mode]]
"""Layouts and the modes to run on each, in order."""

_WARMED: set[tuple[Path, Mode]] = set()
"""The layouts and modes this process has been warmed up with: a second
warm-up (the README's campaign command run after the suite's fuzz run, in
one test worker) runs only the modes the first did not."""


def one_a_command(modes: Sequence[Mode], *, each_form: bool = False) -> list[Mode]:
    """The first mode of each command in ``modes``, a simulation that draws
    and records its races counting as a command of its own; with
    ``each_form``, the first of each command for each output form it writes
    (``--to``, the kind of file after ``-o``, an editor's export).  The other
    modes of a command (another format, paper or theme) run the same code of
    the game: once one game has written every form, they load nothing new
    for the next."""
    firsts: dict[tuple[str, ...], Mode] = {}
    for mode in modes:
        key = (mode.args[0], str("--record" in mode.args))
        firsts.setdefault((*key, *(_form(mode.args) if each_form else ())), mode)
    return list(firsts.values())


def _form(args: Sequence[str]) -> tuple[str, ...]:
    """The output form a command line names: what follows ``--to`` and the
    suffix of the file after ``-o``, or the kind an editor's export makes."""
    if args[0] == EDIT_EXPORT:
        return (args[1],)
    form = args[args.index("--to") + 1] if "--to" in args else ""
    return (form, Path(args[args.index("-o") + 1]).suffix if "-o" in args else "")


def warm_up(layouts: Sequence[Path], modes: Sequence[Mode] = MODES) -> None:
    """Build the command line, and load everything the commands load lazily
    before children are forked: the first mode of each command and output
    form of ``modes`` runs once on the first of ``layouts``, the first of
    each command on each of the others (:func:`one_a_command`; unless this
    process was warmed up with it before), output thrown away.
    The parent ends with every module that every mode on every layout
    would have loaded, and a race record of each game, for half the work.

    The modes run in a child of their own (:func:`_warm_child`), which
    sends back the modules they imported and the race records they kept
    (:func:`~trackkit.fuzz.drivers.kept_records`); this process imports
    those modules and keeps those records.  So it holds what every child
    needs but not the tables and drawings the warm-up's races and analyses
    left behind (some 60 MB of 140): the smaller the parent, the cheaper
    each fork and each child's first writes to its pages.
    """
    import trackkit.fuzz.drivers as drivers

    command_line()
    first = one_a_command(modes, each_form=True)
    pending = [(layout.resolve(), mode) for layout in layouts[:1] for mode in first]
    pending += [(layout.resolve(), mode) for layout in layouts[1:] for mode in one_a_command(modes)]
    pending = [pair for pair in pending if pair not in _WARMED]
    if not pending:
        return
    reading, writing = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - runs in the child, which never returns
        os.close(reading)
        _warm_child(pending, writing)
    os.close(writing)
    with os.fdopen(reading, "rb") as pipe:
        sent = pipe.read()
    _, status = os.waitpid(child, 0)
    if status != 0 or not sent:  # the child failed: warm up here instead
        _run_every_mode(pending)
    else:
        loaded = json.loads(sent)
        for name in loaded["modules"]:
            # A module that only its own importer can load is loaded by a child that needs it.
            with contextlib.suppress(Exception):
                importlib.import_module(name)
        drivers.keep_records(loaded["records"])
    _WARMED.update(pending)


def _warm_child(pending: Warming, writing: int) -> None:
    """Run every mode on its layout here, write the names of the modules
    loaded and the records kept to ``writing`` as JSON, and end (with
    status 1, writing nothing, when anything went wrong)."""
    import trackkit.fuzz.drivers as drivers

    code = 1
    try:
        _run_every_mode(pending)
        sent = {"modules": sorted(sys.modules), "records": drivers.kept_records()}
        with os.fdopen(writing, "wb") as pipe:
            pipe.write(json.dumps(sent).encode())
        code = 0
    except BaseException:
        with contextlib.suppress(BaseException):
            traceback.print_exc()
    finally:
        os._exit(code)


def _run_every_mode(pending: Warming) -> None:
    """Run every mode on its layout, in a folder of its own, output thrown away."""
    with tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder):
        for layout, mode in pending:
            shutil.copyfile(layout, INPUT)
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                run_mode(mode.args)
