"""The editor's form: what the page lets a player change, checked.

The page keeps a *form* (the game, the tiles in driving or play order, and
a few race settings) and sends it with every edit.  :func:`read_form`
checks what came over the wire; :func:`form_values` turns a form into the
values of the layout file's keys (see :mod:`trackkit.formats.edit_form`),
and :func:`form_of_values` reads a form back from them.  The whole-track
moves of the toolbar (turn, mirror, reverse) are :func:`transformed`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any

from trackkit.errors import ArgumentError, LayoutError, LimitError
from trackkit.piecepack.circuit import Kind
from trackkit.piecepack.geometry import Heading
from trackkit.piecepack.path_text import expand_path, format_path, parse_path

__all__ = [
    "EDITED_GAMES",
    "GAME_KEYS",
    "MAX_EDITED_TILES",
    "TRANSFORMS",
    "EditForm",
    "form_of_values",
    "form_values",
    "read_form",
    "transformed",
]

GAME_KEYS: dict[str, tuple[str, ...]] = {
    "racepack": ("name", "packs", "laps", "cars", "path", "heading", "start"),
    "motocross": ("name", "players", "packs", "path", "heading", "ramps"),
}
"""The keys of a layout file the editor sets, for each game it edits."""

EDITED_GAMES = tuple(GAME_KEYS)
"""The games the editor lays tiles for."""

MAX_EDITED_TILES = 400
"""The most tiles a form may hold: far beyond eight packs, small enough that
no request asks for much work."""

TRANSFORMS = ("turn", "mirror", "reverse")
"""Whole-track moves: ``turn`` a quarter turn clockwise on the table,
``mirror`` left for right, ``reverse`` drive it the other way round."""

_HEADINGS = {heading.name.lower(): heading for heading in Heading}


@dataclass(frozen=True)
class EditForm:
    """One state of the editor.

    ``path`` holds the tile kinds (``S``, ``L``, ``R``, ``CL``, ``CR``) in
    driving order (Racepack) or play order (Motocross); ``heading`` is the
    way tile 0 is entered.  ``start`` is where the start/finish line crosses
    the loop (tile ``k``'s entry edge, or its middle for ``k + 0.5``);
    ``ramps`` are Motocross jump ramps as ``(tile, coins)``.  ``None`` leaves
    a setting to the game's default.
    """

    game: str = "racepack"
    path: tuple[str, ...] = ()
    name: str | None = None
    heading: str = "east"
    start: float | None = None
    laps: int | None = None
    cars: int | None = None
    packs: int | None = None
    players: int | None = None
    ramps: tuple[tuple[int, int], ...] = ()


def _number(data: Mapping[str, Any], key: str, low: int, high: int) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ArgumentError(f"must be a whole number from {low} to {high}", parameter=key)
    return value


def _start(value: Any) -> float | None:
    """The start line's place: a tile number (its entry edge) or a tile
    number and a half (its middle), below :data:`MAX_EDITED_TILES`."""
    if value is None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not 0 <= value < MAX_EDITED_TILES
        or (value * 2) % 1
    ):
        raise ArgumentError(
            f"must be a tile number, or a tile number and a half, below {MAX_EDITED_TILES}", parameter="start"
        )
    return float(value)


def _path(value: Any) -> tuple[str, ...]:
    kinds = {kind.value for kind in Kind}
    if not isinstance(value, list) or len(value) > MAX_EDITED_TILES:
        raise ArgumentError(f"must be a list of at most {MAX_EDITED_TILES} tiles", parameter="path")
    if any(not isinstance(item, str) or item not in kinds for item in value):
        raise ArgumentError(f"tiles must be one of {', '.join(sorted(kinds))}", parameter="path")
    return tuple(value)


def _choice(data: Mapping[str, Any], key: str, options: Collection[str], default: str) -> str:
    """The text of field ``key``, one of ``options`` (``default`` when
    missing or empty); anything else, a list or a number included, is
    refused naming the field."""
    value = data.get(key) or default
    if not isinstance(value, str) or value not in options:
        raise ArgumentError(f"must be one of {', '.join(options)}", parameter=key)
    return value


def _ramps(value: Any) -> tuple[tuple[int, int], ...]:
    if value is None:
        return ()
    if not isinstance(value, Mapping) or len(value) > MAX_EDITED_TILES:
        raise ArgumentError("must map tile numbers to coins", parameter="ramps")
    ramps: list[tuple[int, int]] = []
    for tile, coins in value.items():
        number = str(tile)
        if not (number.isascii() and number.isdigit() and int(number) < MAX_EDITED_TILES):
            raise ArgumentError(
                f"must map tile numbers to coins, each tile below {MAX_EDITED_TILES}", parameter="ramps"
            )
        if isinstance(coins, bool) or not isinstance(coins, int) or coins < 1:
            raise ArgumentError("must map tile numbers to coins (1 or more)", parameter="ramps")
        ramps.append((int(number), min(coins, 99)))
    return tuple(sorted(ramps))


def read_form(data: Any) -> EditForm:
    """The form the page sent, as JSON data; raises
    :class:`~trackkit.errors.ArgumentError` naming the first field that is
    not what a form holds."""
    if not isinstance(data, Mapping):
        raise ArgumentError("must be an object", parameter="layout")
    game = _choice(data, "game", EDITED_GAMES, "racepack")
    heading = _choice(data, "heading", tuple(_HEADINGS), "east")
    name = data.get("name")
    if name is not None and (not isinstance(name, str) or len(name) > 200):
        raise ArgumentError("must be text of at most 200 characters", parameter="name")
    return EditForm(
        game=game,
        path=_path(data.get("path", [])),
        name=name or None,
        heading=heading,
        start=_start(data.get("start")),
        laps=_number(data, "laps", 1, 99),
        cars=_number(data, "cars", 1, 16),
        packs=_number(data, "packs", 1, 8),
        players=_number(data, "players", 1, 8),
        ramps=_ramps(data.get("ramps")),
    )


def _plain(number: float) -> int | float:
    return int(number) if number == int(number) else number


def form_values(form: EditForm, other_keys: tuple[str, ...] = ()) -> dict[str, Any]:
    """The layout file's keys for ``form``: each key its game edits (``None``
    for one left to the default, which removes it), and ``None`` for every
    key of ``other_keys`` the game does not take (a Racepack ``laps`` left
    in a file switched to Motocross)."""
    values: dict[str, Any] = dict.fromkeys(other_keys)
    settings: dict[str, Any] = {
        "name": form.name,
        "packs": form.packs,
        "laps": form.laps,
        "cars": form.cars,
        "players": form.players,
        "path": format_path([Kind(kind) for kind in form.path]) if form.path else "",
        "heading": form.heading,
        "start": None if form.start is None else _plain(form.start),
        "ramps": {tile: coins for tile, coins in form.ramps} or None,
    }
    for key in GAME_KEYS[form.game]:
        values[key] = settings[key]
    values["game"] = form.game
    return values


def form_of_values(values: Mapping[str, Any]) -> EditForm:
    """The form of a layout file's key values (as
    :func:`~trackkit.formats.edit_form.edited_values` reads them from a file
    the game's reader has accepted).  Raises
    :class:`~trackkit.errors.LimitError` for a track of more than
    :data:`MAX_EDITED_TILES` tiles, before any drawing is asked for."""
    game = str(values.get("game") or "racepack").lower()
    if game not in GAME_KEYS:
        raise LayoutError(f"the editor lays tracks for {' and '.join(EDITED_GAMES)}, not {game!r}")
    raw_ramps = values.get("ramps") or {}
    path = tuple(kind.value for kind in expand_path(parse_path(str(values.get("path") or ""))))
    if len(path) > MAX_EDITED_TILES:
        raise LimitError(f"the track has {len(path):,} tiles and the editor lays at most {MAX_EDITED_TILES}")
    return EditForm(
        game=game,
        path=path,
        name=None if values.get("name") is None else str(values["name"]),
        heading=str(values.get("heading") or "east").lower(),
        start=_start(values.get("start")),
        laps=values.get("laps"),
        cars=values.get("cars"),
        packs=values.get("packs"),
        players=values.get("players"),
        ramps=tuple(sorted((int(tile), int(coins)) for tile, coins in raw_ramps.items())),
    )


def _reversed_start(start: float | None, tiles: int) -> float | None:
    """Where the line lies once the loop is driven the other way: tile ``k``
    becomes tile ``n - 1 - k``, so the edge entering ``k`` becomes the edge
    entering ``n - k``, and the middle of ``k`` the middle of ``n - 1 - k``."""
    if start is None or tiles == 0:
        return start
    whole = int(start)
    if start != whole:
        return float((tiles - 1 - whole) % tiles) + 0.5
    return float((tiles - whole) % tiles)


def transformed(form: EditForm, move: str) -> EditForm:
    """The form after one whole-track move of :data:`TRANSFORMS`."""
    kinds = [Kind(kind) for kind in form.path]
    heading = _HEADINGS[form.heading]
    if move == "turn":
        return replace(form, heading=heading.right().name.lower())
    if move == "mirror":
        mirrored = tuple(kind.mirrored().value for kind in kinds)
        flipped = heading if heading in (Heading.EAST, Heading.WEST) else heading.left().left()
        return replace(form, path=mirrored, heading=flipped.name.lower())
    if move == "reverse":
        backwards = tuple(kind.mirrored().value for kind in reversed(kinds))
        ramps = tuple(sorted((len(kinds) - 1 - tile, coins) for tile, coins in form.ramps))
        start = _reversed_start(form.start, len(kinds))
        turned = _reversed_heading(kinds, heading)
        return replace(form, path=backwards, heading=turned, start=start, ramps=ramps)
    raise ArgumentError(f"must be one of {', '.join(TRANSFORMS)}", parameter="move")


def _reversed_heading(kinds: list[Kind], heading: Heading) -> str:
    """The heading the last tile is entered by when driven backwards: the
    opposite of the way the forward drive leaves it."""
    for kind in kinds:
        heading = kind.exit_heading(heading)
    return heading.left().left().name.lower()
