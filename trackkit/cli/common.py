"""What every command shares: error handling, output, exit codes.

Exit codes, the same in every command for every game: 0 the track is legal
(warnings allowed) and the command did its job; 1 a track breaks a rule (a
command that describes, draws, converts or exports a track still does so,
then says on standard error that it is illegal), or the track asked for
cannot be had (no circuit meets ``generate``'s constraints, the grid does not
fit); 2 the input cannot be read or the command was used wrongly; 3 trackkit
itself failed (a crash, see :mod:`trackkit.cli.crash`).

Streams: a command's result goes to standard output (for ``validate`` the
result is the report, so its findings, unreadable files and verdicts go there
too); every message about the run (errors, the illegal-track notice, notes,
``seed:``, ``wrote FILE``, progress) goes to standard error.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import typer

from trackkit.errors import (
    ArgumentError,
    CircuitError,
    EquipmentError,
    GenerationError,
    GridError,
    LayoutError,
    LimitError,
    OutputError,
    TrackkitError,
    did_you_mean,
)

if TYPE_CHECKING:
    from trackkit.findings import Finding

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2


class OutputFormat(StrEnum):
    """How a command prints its result."""

    text = "text"
    json = "json"


E = TypeVar("E", bound=StrEnum)


def choice(kind: type[E], what: str) -> Callable[[str], E]:
    """A parser for an option taking one word of ``kind`` (any case) whose
    error reads ``'xml' is not an output format; use text or json``, with a
    "did you mean" when the word is close to one of them."""
    words = [member.value for member in kind]

    def parse(text: str | E) -> E:
        if isinstance(text, kind):
            return text
        try:
            return kind(str(text).strip().lower())
        except ValueError:
            listed = f"{', '.join(words[:-1])} or {words[-1]}" if len(words) > 1 else words[0]
            suggestion = did_you_mean(str(text), words)
            raise typer.BadParameter(f"{text!r} is not {what}; use {listed}{suggestion}") from None

    return parse


class ColorMode(StrEnum):
    """When a report is coloured: ``auto`` on a terminal unless the
    ``NO_COLOR`` environment variable is set (and not empty), ``always`` or
    ``never``."""

    auto = "auto"
    always = "always"
    never = "never"


COLOR_OPTION = typer.Option(
    ColorMode.auto,
    "--color",
    help="Colour the report: auto (on a terminal, unless NO_COLOR is set), always or never.",
    parser=choice(ColorMode, "a colour choice"),
    metavar="auto|always|never",
)


def colored(mode: ColorMode) -> bool:
    """Whether to colour standard output under ``mode`` (see :class:`ColorMode`)."""
    if mode is not ColorMode.auto:
        return mode is ColorMode.always
    return is_terminal() and not os.environ.get("NO_COLOR")


def layout_argument(help: str) -> Any:
    """The ``FILE`` argument of a command that reads one layout (``help``
    says what it is for); Tab completes it with layout files and folders."""
    from trackkit.cli.completion import complete_layouts

    return typer.Argument(..., help=help, show_default=False, metavar="FILE", autocompletion=complete_layouts)


FORMAT_OPTION = typer.Option(
    OutputFormat.text,
    "--format",
    "-f",
    help="Print text or json.",
    parser=choice(OutputFormat, "an output format"),
    metavar="text|json",
)


def exit_code_for(error: TrackkitError) -> int:
    """1 for a track that cannot be used as asked, 2 for unreadable input or misuse."""
    if isinstance(error, (CircuitError, GridError, GenerationError)):
        return EXIT_ILLEGAL
    return EXIT_BAD_INPUT


def fail(error: TrackkitError, file: object = None, as_json: bool = False) -> NoReturn:
    """Print ``error`` on one line to standard error and exit.

    With ``file`` (the input the command was reading), an error that does
    not name a file itself is shown against it (``track.yaml: error: ...``);
    with ``as_json`` the error is also printed to standard output as JSON
    (``{"file", "error": {"message", "line", "column", "hint"}}``), so that a
    script reading ``--format json`` gets an answer either way.
    """
    typer.echo(describe_error(error, file), err=True)
    if as_json:
        print_json(error_data(error, file))
    raise typer.Exit(exit_code_for(error))


def error_data(error: TrackkitError, file: object = None) -> dict[str, Any]:
    """An error as JSON-ready data, naming the file when known."""
    if isinstance(error, LayoutError):
        first = {"message": error.message, "line": error.line, "column": error.column, "hint": error.hint}
        return {"file": error.file or (str(file) if file else None), "error": first}
    return {
        "file": str(file) if file else None,
        "error": {"message": str(error), "line": None, "column": None, "hint": None},
    }


_OPTIONS = {"circuit_id": "--id", "hazards": "--no-hazards"}
"""Options not named after their parameter the usual way (``hazards`` is
refused only when turned off)."""


def option_name(parameter: str) -> str:
    """The command-line option for a library parameter: ``max_width`` is
    ``--max-width``, ``circuit_id`` is ``--id``."""
    return _OPTIONS.get(parameter, "--" + parameter.replace("_", "-"))


def describe_error(error: TrackkitError, file: object = None) -> str:
    """One line (one per problem of a layout file): ``FILE:LINE:COL: error: ...`` for a layout, else
    ``trackkit: error: ...``, naming options where the library names parameters."""
    if isinstance(error, LayoutError):
        return "\n".join(error.lines())
    if file is not None and isinstance(error, (CircuitError, GridError, LimitError, EquipmentError)):
        return f"{file}: error: {error}"
    if isinstance(error, ArgumentError):
        return f"trackkit: error: {error.phrased(option_name)}"
    if isinstance(error, OutputError) and error.exists:
        return f"trackkit: error: {error}, or add --force to replace it"
    return f"trackkit: error: {error}"


@contextmanager
def guarded(file: object = None, as_json: bool = False) -> Iterator[None]:
    """Turn trackkit's own exceptions into a one-line message and an exit code
    (see :func:`fail` for ``file`` and ``as_json``).

    Only :class:`TrackkitError` is caught: anything else is a bug and should
    show its traceback.
    """
    try:
        yield
    except TrackkitError as error:
        fail(error, file, as_json)


def exit_if_illegal(file: object, errors: Sequence[Finding]) -> None:
    """After a command has done its work on a track that breaks rules, say so
    on one line of standard error and exit 1."""
    if not errors:
        return
    rules = sorted({error.rule for error in errors})
    count = f"{len(errors)} error" if len(errors) == 1 else f"{len(errors)} errors"
    typer.echo(
        f"{file}: the track breaks the rules ({count}: {', '.join(rules)}); run 'trackkit validate {file}'",
        err=True,
    )
    raise typer.Exit(EXIT_ILLEGAL)


def exit_if_layout_illegal(file: object, layout: Any) -> None:
    """Check ``layout`` (read from ``file``) against its game's rules and
    :func:`exit_if_illegal` when it breaks one."""
    from trackkit.api import validate

    exit_if_illegal(file, validate(layout).errors)


def asked_warnings(file: object, findings: Sequence[Finding], options: dict[str, Any]) -> list[str]:
    """Lines for standard error naming each rule the command's options
    break though the file does not (``grid --cars 8`` on a one-pack track):
    ``FILE: with --cars 8: error[cars]: ...`` and the rulebook's words."""
    from trackkit.api import explain_rule

    asked = " ".join(f"{option_name(key)} {value}" for key, value in options.items() if value is not None)
    lines: list[str] = []
    for finding in findings:
        lines.append(f"{file}: with {asked}: {finding.severity.value}[{finding.rule}]: {finding.message}")
        quote = explain_rule(finding.rule)[1].quote()
        if quote:
            lines.append(f'    rulebook: "{quote}"')
    return lines


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def is_terminal() -> bool:
    return sys.stdout.isatty()


def show_study(
    file: Path,
    command: str,
    output: OutputFormat,
    *,
    errors_as_json: bool,
    detail: bool = False,
    **options: Any,
) -> None:
    """Work out what ``command`` shows for the layout in ``file`` (through
    its game's :class:`~trackkit.game.Study`), print it as text (with the
    study's ``detail`` when asked) or JSON, then exit 1 if the layout breaks
    a rule."""
    from trackkit.api import asked_findings, study_file

    with guarded(file, errors_as_json):
        studied = study_file(file, command, **options)
        for line in asked_warnings(file, asked_findings(studied, **options), options):
            typer.echo(line, err=True)
    study = studied.study
    if output is OutputFormat.json:
        print_json(study.json(studied.layout, studied.result))
    else:
        typer.echo(study.text(studied.layout, studied.result))
        if detail and study.detail is not None:
            typer.echo("")
            typer.echo(study.detail(studied.result))
    exit_if_layout_illegal(file, studied.layout)

