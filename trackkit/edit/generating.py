"""The page's "Generate" button: a random legal layout of the form's game,
made by that game's generator exactly as ``trackkit generate`` makes it
with the same options and seed.

The page learns the options from the game's request dataclass
(``Game.generation.request``) through :func:`generation_fields`, so each
game's Generate form has the constraints of its ``trackkit generate``
command, and nothing here names a game.  An option naming a file the
command reads is left out: the page sends no files.
"""

from __future__ import annotations

from dataclasses import MISSING, Field
from typing import Any

from trackkit.errors import ArgumentError, GenerationError
from trackkit.game import Game
from trackkit.generation import Progress, RequestOption, request_options

__all__ = ["generated_text", "generation_fields"]

QUIET = Progress(note=lambda text: None, bar=lambda label: None)
"""A generation run the page waits for, saying nothing on the way."""


def _kind(item: Field[Any], described: RequestOption) -> str | None:
    """How the page asks for one option: ``number``, ``switch``, ``choice``
    or ``text``; ``None`` for one naming a file."""
    typed = str(item.type)
    if described.reads or "Path" in typed:
        return None
    if "bool" in typed:
        return "switch"
    if "int" in typed:
        return "number"
    return "choice" if described.words else "text"


def generation_fields(game: Game) -> list[dict[str, Any]]:
    """The options of ``trackkit generate GAME`` as the page's fields: the
    name, the kind, the help sentence, the default and the words taken."""
    if game.generation is None:
        return []
    found = []
    for item, described in request_options(game.generation.request):
        kind = _kind(item, described)
        if kind is None:
            continue
        default = None if item.default is MISSING else item.default
        found.append(
            {
                "key": item.name,
                "type": kind,
                "help": described.help,
                "default": default,
                "choices": list(described.words),
                "flag": described.flags(item.name)[0],
            }
        )
    return found


def _value(field: dict[str, Any], value: Any) -> Any:
    """One option's value, refused naming its ``--flag`` when it is not
    what the option takes."""
    if value is None or value == "":
        return field["default"]
    wrong = {
        "number": isinstance(value, bool) or not isinstance(value, int),
        "switch": not isinstance(value, bool),
        "choice": value not in field["choices"],
        "text": not isinstance(value, str) or len(value) > 200,
    }[field["type"]]
    if wrong:
        what = {"number": "a whole number", "switch": "true or false", "text": "text"}
        raise ArgumentError(
            f"must be {what.get(field['type'], 'one of ' + ', '.join(field['choices']))}",
            parameter=field["flag"],
        )
    return value


def generated_text(game: Game, asked: Any, seed: int) -> str:
    """The layout file of one random legal layout of ``game`` for the
    options ``asked`` (a mapping of option names to values; missing ones
    take their defaults), drawn with ``seed``.  Raises
    :class:`~trackkit.errors.GenerationError` when none can be made and
    :class:`~trackkit.errors.ArgumentError` for an option it does not take."""
    if game.generation is None:
        raise ArgumentError(f"{game.title} has no generator", parameter="game")
    if not isinstance(asked, dict):
        raise ArgumentError("must map options to values", parameter="options")
    fields = {field["key"]: field for field in generation_fields(game)}
    unknown = sorted(set(asked) - set(fields))
    if unknown:
        raise ArgumentError(
            f"{unknown[0]!r} is not an option of trackkit generate {game.name}", parameter="options"
        )
    values = {key: _value(field, asked.get(key)) for key, field in fields.items()}
    request = game.generation.request(**values)
    made = game.generation.make(game.generation.settle(request), seed, 1, QUIET)
    if not made.layouts:
        raise GenerationError(f"no {game.title} layout could be made with these options")
    return game.dump(made.layouts[0])
