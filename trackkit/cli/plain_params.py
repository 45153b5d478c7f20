"""Reading plain option values without pydantic, to start quickly.

Typer converts each option's text through a pydantic adapter, and importing
pydantic costs about as much as the rest of ``trackkit validate``.  The
options trackkit declares are plain: whole numbers, text, paths, lists of
paths, and words read by a ``parser``.  :func:`plainly` gives each such
option of a built command a converter that needs no pydantic, with the same
results and messages; any other option (a number with ``min``/``max``, a
path that must exist...) keeps Typer's own.  When Typer's internals are not
the ones expected, nothing is changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args, get_origin

__all__ = ["plainly"]

NOT_A_WHOLE_NUMBER = "Input should be a valid integer, unable to parse string as an integer"
"""Typer's message for an option that wants a whole number (kept the same)."""

Convert = Callable[[Any], Any]


def _whole_number(value: Any) -> int:
    if isinstance(value, bool):
        raise ValueError(NOT_A_WHOLE_NUMBER)
    if isinstance(value, int):
        return value
    try:
        return int(str(value).strip())
    except ValueError:
        raise ValueError(NOT_A_WHOLE_NUMBER) from None


def _flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise ValueError("Input should be a valid boolean")


def _plain_path(value: Any) -> Path:
    return value if isinstance(value, Path) else Path(str(value))


def _converter(annotation: Any, info: Any) -> Convert | None:
    """How to read one value of ``annotation`` without pydantic, or ``None``
    when Typer's own conversion is needed."""
    if info.parser is not None:
        parser: Convert = info.parser
        return parser
    if annotation is str:
        return str
    if annotation is bool:
        return _flag
    if annotation is int and info.min is None and info.max is None and not info.clamp:
        return _whole_number
    if annotation is Path and _plain_path_info(info):
        return _plain_path
    return None


def _plain_path_info(info: Any) -> bool:
    """Whether a path option asks for no checks (existence, kind, resolving)."""
    checks = ("exists", "resolve_path", "allow_dash", "writable", "readable", "path_type")
    defaults = {"exists": False, "resolve_path": False, "allow_dash": False, "writable": False}
    defaults["readable"] = True
    same = all(getattr(info, name, None) == defaults.get(name) for name in checks)
    return same and getattr(info, "file_okay", True) and getattr(info, "dir_okay", True)


def _list_converter(annotation: Any, info: Any) -> Convert | None:
    if get_origin(annotation) is not list:
        return _converter(annotation, info)
    (item,) = get_args(annotation)
    one = _converter(item, info)
    if one is None:
        return None
    return lambda values: [one(value) for value in values]


def _parameters(command: Any, parent: Any = None) -> Iterator[Any]:
    """Every parameter of ``command`` and its subcommands, the ``--help``
    option included (made here, in a context like the one parsing makes,
    and kept by the command for its runs)."""
    yield from getattr(command, "params", ())
    context = command.context_class(command, parent=parent, **(command.context_settings or {}))
    help_option = command.get_help_option(context)
    if help_option is not None:
        yield help_option
    for sub in getattr(command, "commands", {}).values():
        yield from _parameters(sub, context)


def plainly(command: Any) -> None:
    """Give every plain option of ``command`` (and its subcommands) a
    converter that needs no pydantic (see the module's docstring)."""
    try:
        from typer import BadParameter
        from typer._coercion import RuntimeParam
    except ImportError:
        return

    @dataclass(frozen=True)
    class PlainParam(RuntimeParam):
        convert: Convert

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            try:
                return self.convert(value)
            except ValueError as error:
                raise BadParameter(str(error), ctx=ctx, param=param) from None

    for parameter in _parameters(command):
        descriptor = getattr(parameter, "type_descriptor", None)
        if descriptor is None or getattr(parameter, "_runtime_param", False) is not None:
            continue
        if descriptor.file_annotation is not None:
            continue
        convert = _list_converter(descriptor.annotation, descriptor.parameter_info)
        if convert is not None:
            parameter._runtime_param = PlainParam(descriptor.parameter_info, descriptor.annotation, convert)
