"""Reading layouts, checking them, and the commands that write a layout
back (convert, hazards --write); the rules every output obeys."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trackkit import games
from trackkit.api.readback import read_back, readable
from trackkit.errors import ArgumentError, CircuitError, LayoutError, OutputError
from trackkit.fileio import name_problem, refuse_bad_name, write_atomic
from trackkit.findings import Finding, Report
from trackkit.formats.key_lines import with_keys_of
from trackkit.formats.report import CheckedFile
from trackkit.game import Game, Study
from trackkit.layoutfile.files import STDIN, STDIN_NAME, read_stdin
from trackkit.layoutfile.source import LoadedLayout

__all__ = [
    "SUFFIXES",
    "Description",
    "Studied",
    "Written",
    "asked_findings",
    "check_documents",
    "check_file",
    "convert_checked",
    "convert_file",
    "describe",
    "load",
    "refuse_existing",
    "refuse_input",
    "refuse_output",
    "refuse_outputs",
    "schema",
    "store_study",
    "study_file",
    "validate",
]

SUFFIXES = (".svg", ".png", ".pdf")
"""The drawing types ``render`` writes, by file ending."""


def load(path: str | os.PathLike[str]) -> LoadedLayout[Any]:
    """Read a layout file of any game (see :func:`trackkit.games.load`)."""
    return games.load(path)


def validate(layout: Any) -> Report:
    """Every finding for ``layout`` (of any game) under its game's rules."""
    return games.find_game(layout.game).validate(layout)


def _checked(loaded: LoadedLayout[Any]) -> CheckedFile:
    game = games.find_game(loaded.layout.game)
    return CheckedFile(loaded, game.validate(loaded.layout), game.size(loaded.layout))


def check_file(path: str | os.PathLike[str]) -> CheckedFile:
    """Read and validate a layout file.

    Raises :class:`~trackkit.errors.LayoutError` when the file cannot be read
    or is not a layout; a layout that breaks rules gets a report instead.
    """
    return _checked(load(path))


def check_documents(path: str | os.PathLike[str]) -> list[CheckedFile]:
    """Read and validate every layout of a file of one or more YAML
    documents; with several, each is named ``FILE#1``, ``FILE#2``...
    ``-`` reads standard input, named ``<stdin>`` in messages.  Raises
    :class:`~trackkit.errors.LayoutError` as :func:`check_file` does."""
    if str(path) == STDIN:
        return [_checked(loaded) for loaded in games.loads_all(read_stdin(), STDIN_NAME)]
    return [_checked(loaded) for loaded in games.load_all(path)]


def schema(game: str = games.DEFAULT_GAME) -> dict[str, Any]:
    """The JSON Schema of ``game``'s layout files."""
    return games.find_game(game).schema()


# --- writing safely ----------------------------------------------------------------


def refuse_input(output: str | os.PathLike[str], inputs: Sequence[str | os.PathLike[str]]) -> None:
    """Raise :class:`~trackkit.errors.OutputError` when ``output`` is one of
    the input files (the same file, by whatever name or link), or a name
    the file system would refuse.  Nothing trackkit reads is written over,
    ``--force`` or not."""
    refuse_bad_name(output)
    for item in inputs:
        if name_problem(item) is None and _same_file(output, item):
            raise OutputError("refusing to overwrite the input file; choose another output", file=str(output))


def _same_file(one: str | os.PathLike[str], other: str | os.PathLike[str]) -> bool:
    """Whether ``one`` and ``other`` both exist and are the same file."""
    try:
        return os.path.samefile(one, other)
    except (OSError, ValueError):
        return False


def refuse_outputs(
    inputs: Sequence[str | os.PathLike[str] | None],
    outputs: Sequence[str | os.PathLike[str] | None],
    force: bool,
) -> None:
    """Refuse, before reading anything, each output given that is one of
    the ``inputs`` given (the layout, and any further file the command
    reads), that another output names too, or (unless ``force``) that
    exists (see :func:`refuse_input` and :func:`refuse_existing`)."""
    read = [item for item in inputs if item is not None]
    written = [Path(item) for item in outputs if item is not None]
    for number, output in enumerate(written):
        refuse_input(output, read)
        if any(_same_name(output, other) for other in written[:number]):
            raise ArgumentError(f"{output} is given for two outputs; give each its own name")
    refuse_existing(written, force)


def _same_name(one: Path, other: Path) -> bool:
    """Whether two outputs are one file: the same name, or the same existing file."""
    return os.path.abspath(one) == os.path.abspath(other) or _same_file(one, other)


def refuse_existing(paths: Sequence[Path], force: bool) -> None:
    """Raise :class:`~trackkit.errors.OutputError` for the first of ``paths``
    that is a directory, or that exists when ``force`` is false, or whose
    name the file system would refuse, so that a command refuses before
    writing anything."""
    for path in paths:
        refuse_bad_name(path)
        if path.is_dir():
            raise OutputError("is a directory; give a file name", file=str(path))
        if path.exists() and not force:
            raise OutputError("already exists; choose another name", file=str(path), exists=True)


@dataclass(frozen=True)
class Written:
    """What a command that writes something from a layout file produced
    (``text``) and what the rules say of the layout it read (``report``),
    so that the file is read once."""

    text: str
    report: Report


def convert_file(
    source: str | os.PathLike[str],
    form: str,
    output: str | os.PathLike[str] | None = None,
    *,
    force: bool = False,
) -> str:
    """Read a layout and return it with its circuit written as ``form``
    (``path`` or ``tiles``), or turned into a RACE! track (``race``, see
    :mod:`trackkit.race.convert`).

    With ``output``, also write it there atomically.  Writing over
    ``source`` itself is always refused, and over another existing file
    unless ``force``, with :class:`~trackkit.errors.OutputError`.
    """
    refuse_output(source, output, force)
    return _converted(source, load(source).layout, form, output)


def convert_checked(
    source: str | os.PathLike[str],
    form: str,
    output: str | os.PathLike[str] | None = None,
    *,
    force: bool = False,
) -> Written:
    """:func:`convert_file`, with the report of the layout read."""
    refuse_output(source, output, force)
    layout = load(source).layout
    text = _converted(source, layout, form, output)
    return Written(text, validate(layout))


def refuse_output(
    source: str | os.PathLike[str], output: str | os.PathLike[str] | None, force: bool
) -> None:
    """Refuse, before reading anything, an ``output`` that is ``source``
    itself, or (unless ``force``) a file that exists (see
    :func:`refuse_input` and :func:`refuse_existing`)."""
    refuse_outputs([source], [output], force)


def _converted(
    source: str | os.PathLike[str], layout: Any, form: str, output: str | os.PathLike[str] | None
) -> str:
    game = games.find_game(layout.game)
    target = games.GAMES.get(form)
    if target is not None:
        make = target.made_from.get(game.name)
        if make is None:
            sources = [other for other in games.GAMES.values() if other.name in target.made_from]
            message = f"{_belong('circuit forms', sources)}, and this is a {game.title} layout"
            raise LayoutError(message, file=str(source))
        text = readable(target.dump(make(layout)), "the converted layout")
    elif game.convert is None:
        raise LayoutError(f"{game.title} layouts have no circuit forms to convert", file=str(source))
    else:
        text = game.convert(layout, form)
        _refuse_new_verdict(source, layout, form, read_back(text, "the converted layout")[0].layout)
    if output is not None:
        write_atomic(output, text)
    return text


def _refuse_new_verdict(source: str | os.PathLike[str], layout: Any, form: str, written: Any) -> None:
    """Raise :class:`~trackkit.errors.CircuitError` (exit status 1) when the
    layout ``written`` (``layout`` written as ``form`` and read back) breaks other rules
    than ``layout`` does: a converted track is the same track, so
    ``validate`` must say the same of both.  A path that does not close,
    say, has no list of tiles: tiles are joined by where they lie, so the
    list would be a closed, legal loop.  A layout that reads back equal to
    ``layout`` is the same track by construction and is not checked again."""
    if written == layout:
        return
    before = {finding.rule for finding in validate(layout).errors}
    after = {finding.rule for finding in validate(written).errors}
    if before != after:
        raise CircuitError(
            f"written as {form}, the track would break {_rules(after)} instead of {_rules(before)},"
            f" so nothing was converted; fix the track first (run 'trackkit validate {source}')"
        )


def _rules(ids: set[str]) -> str:
    """Rule ids as a message lists them: ``closure, overlap``, or ``no rule``."""
    return ", ".join(sorted(ids)) or "no rule"


@dataclass(frozen=True)
class Description:
    """What ``trackkit info`` prints about a layout (``shown``: text, or
    JSON-ready data) and what the rules say about it (``report``)."""

    shown: str | dict[str, Any]
    report: Report


def describe(path: str | os.PathLike[str], as_json: bool = False) -> Description:
    """Describe the layout in ``path`` as ``trackkit info`` does: text, or
    JSON-ready data with ``as_json``, with its report."""
    layout = load(path).layout
    game = games.find_game(layout.game)
    shown = game.info_json(layout) if as_json else game.info_text(layout)
    return Description(shown, game.validate(layout))


@dataclass(frozen=True)
class Studied:
    """What a command worked out about the layout of a file: the layout,
    the game's :class:`~trackkit.game.Study` of it, and the result;
    ``form`` is how the file wrote its track (``path`` or ``tiles``), kept
    when the result is stored back, and ``text`` the file's text, into which
    it is stored."""

    layout: Any
    study: Study
    result: Any
    form: str = "path"
    text: str = ""


def study_file(path: str | os.PathLike[str], command: str, **options: Any) -> Studied:
    """Read ``path`` and work out what ``command`` (``lanes``, ``grid``,
    ``analyze``) shows for its game, with the command's options by name.
    Raises :class:`~trackkit.errors.LayoutError` for a layout of a game
    that has no such study, naming the games that have it."""
    loaded = load(path)
    layout = loaded.layout
    game = games.find_game(layout.game)
    study = game.studies.get(command)
    if study is None:
        raise LayoutError(f"{_owners_of(command)}, and this is a {game.title} layout", file=str(path))
    return Studied(layout, study, study.run(layout, **options), loaded.source.form, loaded.text)


def asked_findings(studied: Studied, **options: Any) -> list[Finding]:
    """The findings of the layout as ``options`` ask it to be played (see
    ``Study.asked``: ``grid --cars 8`` races it with 8 cars) that the
    layout as written does not have, in the order the rules give them:
    the rules the options break.  None for a study without ``asked``."""
    if studied.study.asked is None:
        return []
    game = games.find_game(studied.layout.game)
    written = {(f.rule, f.message) for f in game.validate(studied.layout).findings}
    asked = game.validate(studied.study.asked(studied.layout, **options))
    return [f for f in asked.findings if (f.rule, f.message) not in written]


def _owners_of(command: str) -> str:
    """``starting grids belong to Racepack and RACE! tracks``: the games
    whose layouts have ``command``'s study."""
    owners = [game for game in games.GAMES.values() if command in game.studies]
    return _belong(owners[0].studies[command].what, owners)


def _belong(what: str, owners: Sequence[Game]) -> str:
    """``WHAT belong to Racepack tracks and Motocross courses``: the games,
    grouped by what their layouts are called."""
    nouns: dict[str, list[str]] = {}
    for game in owners:
        nouns.setdefault(game.noun, []).append(game.title)
    groups = [f"{' and '.join(titles)} {noun}" for noun, titles in nouns.items()]
    return f"{what} belong to {' and '.join(groups)}"


def store_study(path: str | os.PathLike[str], studied: Studied) -> str:
    """Write what ``studied`` worked out (the hazards rolled) into the file
    ``path`` it came from, and return the words for what was stored
    (``4 hazards``).

    Only the lines of the keys the study stores (``Study.stores``: the
    ``hazards``, and ``icons`` when the roll learned a tile's icon) change;
    every other line (comments, key order, quoting, line endings) is kept
    byte for byte.  The file keeps its mode and is replaced in one step, so
    a failure leaves it as it was.  Raises
    :class:`~trackkit.errors.ArgumentError` for a study that stores nothing,
    and a located :class:`~trackkit.errors.LayoutError` for a flow-style
    file (``{trackkit: 1, ...}``), which cannot be changed key by key.
    """
    study = studied.study
    if study.stored is None:
        raise ArgumentError(f"{study.what} are not stored in a layout file")
    dumped, words = study.stored(studied.layout, studied.result, studied.form)
    try:
        text = with_keys_of(studied.text, dumped, study.stores, "--write")
    except LayoutError as error:
        raise error.located(str(path)) from None
    write_atomic(path, readable(text, f"the layout with its {study.what}"))
    return words
