"""The editor's form: what the page sends with every request, checked.

The page keeps the layout being edited as the text of its file (its
*form*: the game and the text) and sends it with every edit, with the
:class:`~trackkit.tabletop.Placement` the player made on the table or the
settings changed.  :func:`read_form` and :func:`read_placement` check what
came over the wire; :func:`settings_of` lists the settings a game's files
take (from the game's JSON Schema), so the page builds its fields for any
game without knowing one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from trackkit.errors import ArgumentError
from trackkit.game import Game
from trackkit.registry import GAMES
from trackkit.tabletop import ACTIONS, Placement

__all__ = [
    "MAX_EDITED_PIECES",
    "MAX_TEXT",
    "EditForm",
    "edited_games",
    "read_form",
    "read_placement",
    "read_settings",
    "settings_of",
]

MAX_EDITED_PIECES = 400
"""The most pieces a layout on the table may hold: far beyond eight packs,
small enough that no request asks for much work."""

MAX_TEXT = 200_000
"""The longest layout text a form may carry, in characters."""

MAX_CELLS = 2_000
"""The most cells one placement may name (a long drag)."""

UNSET_KEYS = ("trackkit", "game")
"""Keys no settings field shows: the format's version and the game."""


@dataclass(frozen=True)
class EditForm:
    """One state of the editor: the game and the layout file's text (empty
    of pieces on an empty table)."""

    game: str
    text: str


def edited_games() -> tuple[str, ...]:
    """The games whose layouts the editor lays on its table."""
    return tuple(name for name, game in GAMES.items() if game.tabletop is not None)


def edited_game(name: Any) -> Game:
    """The game ``name`` if the editor lays it, else an
    :class:`~trackkit.errors.ArgumentError` naming those it does."""
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None or game.tabletop is None:
        raise ArgumentError(f"must be one of {', '.join(edited_games())}", parameter="game")
    return game


def read_form(data: Any) -> EditForm:
    """The form the page sent, as JSON data; raises
    :class:`~trackkit.errors.ArgumentError` naming the first field that is
    not what a form holds."""
    if not isinstance(data, Mapping):
        raise ArgumentError("must be an object", parameter="layout")
    game = edited_game(data.get("game"))
    text = data.get("text", "")
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ArgumentError(f"must be text of at most {MAX_TEXT:,} characters", parameter="text")
    return EditForm(game.name, text)


def _cell(value: Any) -> tuple[float, float]:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int | float) or abs(v) > 10_000 for v in value)
    ):
        raise ArgumentError("cells must be [x, y] pairs of numbers", parameter="placement")
    return (float(value[0]), float(value[1]))


def _numbers(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > MAX_EDITED_PIECES:
        raise ArgumentError(
            f"chosen must list at most {MAX_EDITED_PIECES} piece numbers", parameter="placement"
        )
    if any(isinstance(v, bool) or not isinstance(v, int) for v in value):
        raise ArgumentError("chosen must list piece numbers", parameter="placement")
    return tuple(value)


def read_placement(data: Any) -> Placement:
    """The placement the page sent: an action of
    :data:`~trackkit.tabletop.ACTIONS`, a palette piece's id, cells,
    chosen pieces and an offset."""
    if not isinstance(data, Mapping) or data.get("action") not in ACTIONS:
        raise ArgumentError(f"must have an action: {', '.join(ACTIONS)}", parameter="placement")
    piece = data.get("piece", "")
    cells = data.get("cells", [])
    if not isinstance(piece, str) or len(piece) > 40:
        raise ArgumentError("piece must name a palette piece", parameter="placement")
    if not isinstance(cells, list) or len(cells) > MAX_CELLS:
        raise ArgumentError(f"cells must list at most {MAX_CELLS} cells", parameter="placement")
    return Placement(
        action=data["action"],
        piece=piece,
        cells=tuple(_cell(cell) for cell in cells),
        chosen=_numbers(data.get("chosen", [])),
        offset=_cell(data.get("offset", [0, 0])),
    )


def _field(key: str, schema: Mapping[str, Any]) -> dict[str, Any] | None:
    """The settings field of one top-level key, from its JSON Schema: a
    whole ``number`` (with its bounds), a ``choice``, a ``switch`` or
    ``text``; ``None`` for a key holding a list or a mapping."""
    kind = schema.get("type")
    field: dict[str, Any] = {
        "key": key,
        "help": schema.get("description", ""),
        "default": schema.get("default"),
    }
    if kind == "integer":
        return {**field, "type": "number", "min": schema.get("minimum"), "max": schema.get("maximum")}
    if kind == "boolean":
        return {**field, "type": "switch"}
    if kind == "string":
        return {**field, "type": "text"}
    choices = schema.get("enum")
    if isinstance(choices, list) and all(isinstance(c, str) for c in choices):
        words = list(dict.fromkeys(choice.lower() for choice in choices))
        return {**field, "type": "choice", "choices": words}
    return _counts_field(field, schema)


def _counts_field(field: dict[str, Any], schema: Mapping[str, Any]) -> dict[str, Any] | None:
    """A ``counts`` field: a key holding groups (a rally collection's
    ``base`` and ``expansion``), each naming things and how many of each
    (its schema: an object of objects of whole numbers).  The page shows a
    box a group, written ``name: count, ...``."""
    groups = schema.get("properties") if schema.get("type") == "object" else None
    if not isinstance(groups, dict) or not groups:
        return None
    shown = []
    for name, group in groups.items():
        counts = group.get("additionalProperties") if group.get("type") == "object" else None
        if not isinstance(counts, dict) or counts.get("type") != "integer":
            return None
        names = group.get("propertyNames", {})
        shown.append(
            {
                "key": name,
                "help": group.get("description", ""),
                "min": counts.get("minimum"),
                "max": counts.get("maximum"),
                "pattern": names.get("pattern", ""),
                "most": group.get("maxProperties"),
            }
        )
    return {**field, "type": "counts", "groups": shown}


def settings_of(game: Game) -> list[dict[str, Any]]:
    """The settings fields of ``game``'s files: every top-level key of its
    schema that holds one value, but the pieces the table lays."""
    assert game.tabletop is not None
    hidden = {*UNSET_KEYS, *game.tabletop.track_keys}
    properties = game.schema().get("properties", {})
    found = (_field(key, schema) for key, schema in properties.items() if key not in hidden)
    return [field for field in found if field is not None]


def read_settings(data: Any, game: Game) -> dict[str, Any]:
    """The settings the page changed, each checked against its field:
    ``None`` (empty) leaves a key to the game's default."""
    if not isinstance(data, Mapping):
        raise ArgumentError("must map settings to values", parameter="settings")
    fields = {field["key"]: field for field in settings_of(game)}
    values: dict[str, Any] = {}
    for key, value in data.items():
        field = fields.get(key)
        if field is None:
            raise ArgumentError(f"{key!r} is not a setting of {game.title} files", parameter="settings")
        values[key] = _setting(field, value)
    return values


def _setting(field: Mapping[str, Any], value: Any) -> Any:
    """One setting's value, refused naming the field when it is not what
    the field holds."""
    key = field["key"]
    if value is None or value == "":
        return None
    if field["type"] == "number":
        low, high = field.get("min"), field.get("max")
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or (low is not None and value < low)
            or (high is not None and value > high)
        ):
            bounds = f" from {low}" if low is not None else ""
            bounds += f" to {high}" if high is not None else ""
            raise ArgumentError(f"must be a whole number{bounds}", parameter=key)
        return value
    if field["type"] == "switch":
        if not isinstance(value, bool):
            raise ArgumentError("must be true or false", parameter=key)
        return value
    if field["type"] == "counts":
        return _counts(field, value)
    if not isinstance(value, str) or len(value) > 200:
        raise ArgumentError("must be text of at most 200 characters", parameter=key)
    if field["type"] == "choice" and value not in field["choices"]:
        raise ArgumentError(f"must be one of {', '.join(field['choices'])}", parameter=key)
    return value


def _counts(field: Mapping[str, Any], value: Any) -> dict[str, dict[str, int]] | None:
    """A ``counts`` setting: each group a mapping of names (as its schema
    spells them) to whole numbers within its bounds; empty groups are left
    out, and nothing at all leaves the key out (``None``)."""
    groups = {group["key"]: group for group in field["groups"]}
    if not isinstance(value, Mapping) or not set(value) <= set(groups):
        raise ArgumentError(f"must map {' and '.join(groups)} to counts", parameter=field["key"])
    read = {name: _group(groups[name], f"{field['key']} {name}", counts) for name, counts in value.items()}
    kept = {name: counts for name, counts in read.items() if counts}
    return kept or None


def _group(group: Mapping[str, Any], where: str, counts: Any) -> dict[str, int]:
    """One group of a ``counts`` setting, checked against its schema."""
    low, high, most = group.get("min"), group.get("max"), group.get("most")
    if not isinstance(counts, Mapping) or (most is not None and len(counts) > most):
        raise ArgumentError(f"must list at most {most} names with their counts", parameter=where)
    for name, count in counts.items():
        if not isinstance(name, str) or not re.fullmatch(group.get("pattern") or ".+", name):
            words = f"{name!r} is not a name it takes (small letters, digits, '-')"
            raise ArgumentError(words, parameter=where)
        if (
            isinstance(count, bool)
            or not isinstance(count, int)
            or (low is not None and count < low)
            or (high is not None and count > high)
        ):
            raise ArgumentError(f"{name}: must be a whole number from {low} to {high}", parameter=where)
    return dict(counts)
