"""Warming a parent up before children are forked from it.

A campaign forks one child per input from a warm process (see
:mod:`trackkit.fuzz.sandbox`), so what the commands load lazily is best
loaded once, in the parent: their modules (some 900, trackkit's and the
libraries': PIL, cairosvg, pydantic...), the C declarations cairocffi
parses the first time a picture is drawn, and a race record of each game
for ``replay:mutated`` to change.  :func:`warm_up` learns what those are
by running modes in a child of its own, which sends them back; the parent
takes them, and not the tables and drawings the modes left behind (the
smaller the parent, the cheaper each fork).

What a warm-up learns may be kept in a file, with a key made of
everything it depends on (trackkit's source files, the layouts and modes,
the Python and the installed distributions, :func:`warm_key`): the next
warm-up with the same key takes what the file holds, and runs no mode at
all; any other key runs them again and rewrites the file.  What is kept
only makes children cheaper: had the modes loaded something else this
time, a child that needs it would load it itself, more slowly, to the
same end.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import io
import json
import os
import shutil
import sys
import sysconfig
import tempfile
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from trackkit.fileio import write_atomic
from trackkit.fuzz import drivers
from trackkit.fuzz.commands import EDIT_EXPORT, INPUT, MODES, Mode, command_line, run_mode

__all__ = ["WARM_UP_FORMAT", "Warming", "one_a_command", "planned", "warm_key", "warm_up"]

WARM_UP_FORMAT = 1
"""The version of what a warm-up sends back and keeps (part of its key)."""

Warming = list[tuple[Path, Mode]]
"""Layouts and the modes to run on each, in order."""

Learned = dict[str, Any]
"""What a warm-up learned: ``modules`` (names), ``records`` (game to race
record) and ``declarations`` (the C types cairocffi parsed)."""

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


def warm_up(layouts: Sequence[Path], modes: Sequence[Mode] = MODES, cache: Path | None = None) -> None:
    """Build the command line, and load everything the commands load lazily
    before children are forked: the first mode of each command and output
    form of ``modes`` runs once on the first of ``layouts``, the first of
    each command on each of the others (:func:`one_a_command`; unless this
    process was warmed up with it before), output thrown away.
    The parent ends with every module that every mode on every layout
    would have loaded, and a race record of each game, for half the work.

    The modes run in a child of its own (:func:`_learned_in_child`), and
    this process takes what it learned (:func:`_take`).  With ``cache``, a
    file, what was learned is kept there under its :func:`warm_key`, and a
    later warm-up with the same key takes it from the file instead of
    running the modes.
    """
    command_line()
    pending = [pair for pair in planned(layouts, modes) if pair not in _WARMED]
    if not pending:
        return
    key = warm_key(pending) if cache is not None else ""
    learned = _kept(cache, key) if cache is not None else None
    if learned is None:
        learned = _learned_in_child(pending)
        if learned is not None and cache is not None:
            _keep(cache, key, learned)
    if learned is None:  # the child failed: warm up here instead
        _run_every_mode(pending)
    else:
        _take(learned)
    _WARMED.update(pending)


def planned(layouts: Sequence[Path], modes: Sequence[Mode] = MODES) -> Warming:
    """The layouts and modes a warm-up with ``layouts`` and ``modes`` runs
    (see :func:`warm_up`), before leaving out those this process ran before."""
    first = one_a_command(modes, each_form=True)
    pending = [(layout.resolve(), mode) for layout in layouts[:1] for mode in first]
    return pending + [(layout.resolve(), mode) for layout in layouts[1:] for mode in one_a_command(modes)]


def warm_key(pending: Warming) -> str:
    """What a warm-up of ``pending`` depends on, as a hex digest: the
    format of what it keeps, the Python running it, each layout's text and
    each mode, every file of trackkit's source, and the distributions
    installed beside the libraries (their names carry their versions)."""
    digest = hashlib.sha256(f"{WARM_UP_FORMAT}\n{sys.version}\n{sys.executable}\n".encode())
    for layout, mode in pending:
        digest.update(f"{layout}\n{mode.label}\n".encode() + layout.read_bytes())
    package = Path(__file__).resolve().parent.parent
    for source in sorted(package.rglob("*")):
        if source.is_file() and "__pycache__" not in source.parts:
            digest.update(f"\n{source.relative_to(package)}\n".encode() + source.read_bytes())
    for folder in sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}):
        with contextlib.suppress(OSError):
            digest.update("\n".join(sorted(os.listdir(folder))).encode())
    return digest.hexdigest()


def _kept(cache: Path, key: str) -> Learned | None:
    """What ``cache`` holds for ``key``, or ``None`` when it is missing,
    unreadable or kept under another key."""
    try:
        kept = json.loads(cache.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(kept, dict) or kept.get("key") != key:
        return None
    learned = kept.get("learned")
    return learned if _well_formed(learned) else None


def _keep(cache: Path, key: str, learned: Learned) -> None:
    """Keep ``learned`` in ``cache`` under ``key`` (nothing when the folder
    cannot be written: the next warm-up runs the modes again)."""
    with contextlib.suppress(OSError):
        cache.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(cache, json.dumps({"key": key, "learned": learned}))


def _well_formed(learned: object) -> bool:
    """Whether ``learned`` has the shape a warm-up child sends."""
    return (
        isinstance(learned, dict)
        and all(isinstance(learned.get(name), list) for name in ("modules", "declarations"))
        and isinstance(learned.get("records"), dict)
    )


def _learned_in_child(pending: Warming) -> Learned | None:
    """Run every mode of ``pending`` in a child and give what it sent back
    (``None`` when it failed)."""
    reading, writing = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - runs in the child, which never returns
        os.close(reading)
        _warm_child(pending, writing)
    os.close(writing)
    with os.fdopen(reading, "rb") as pipe:
        sent = pipe.read()
    _, status = os.waitpid(child, 0)
    if status != 0 or not sent:
        return None
    learned = json.loads(sent)
    return learned if _well_formed(learned) else None


def _warm_child(pending: Warming, writing: int) -> None:
    """Run every mode on its layout here, write what this process learned
    (:func:`_learned_here`) to ``writing`` as JSON, and end (with status 1,
    writing nothing, when anything went wrong)."""
    code = 1
    try:
        _run_every_mode(pending)
        with os.fdopen(writing, "wb") as pipe:
            pipe.write(json.dumps(_learned_here()).encode())
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


def _learned_here() -> Learned:
    """The modules this process loaded, the race records it kept
    (:func:`~trackkit.fuzz.drivers.kept_records`) and the C declarations
    cairocffi parsed."""
    parsed = getattr(_cairo_ffi(), "_parsed_types", {})
    declarations = sorted(name for name, value in parsed.items() if isinstance(value, tuple))
    return {"modules": sorted(sys.modules), "records": drivers.kept_records(), "declarations": declarations}


def _take(learned: Learned) -> None:
    """Load the modules ``learned`` names, keep its records and parse its C
    declarations here, so every child forked from this process has them."""
    for name in learned["modules"]:
        # A module that only its own importer can load is loaded by a child that needs it.
        with contextlib.suppress(Exception):
            importlib.import_module(name)
    drivers.keep_records(learned["records"])
    ffi = _cairo_ffi()
    for declaration in learned["declarations"] if ffi is not None else ():
        # cairocffi parses a C type the first time it is asked for (pycparser, some 30 ms a child that draws).
        with contextlib.suppress(Exception):
            ffi.typeof(declaration)


def _cairo_ffi() -> Any:
    """cairocffi's foreign function interface, when it is loaded (``None`` otherwise)."""
    return getattr(sys.modules.get("cairocffi"), "ffi", None)
