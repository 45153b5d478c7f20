"""``hazards`` as a study of a Racepack track: the rolls and icon corners as
a person types them, the placement, and what is said about it.

The notations are how values are typed (``--rolls 4,2,null,5``, ``--icons
3:NE,7:SW``, ``--null reroll``); :func:`~trackkit.racepack.hazards.place_hazards`
takes the values themselves.  The same seed gives the same hazards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from trackkit.errors import ArgumentError
from trackkit.piecepack.equipment import NULLS_PER_PACK
from trackkit.racepack.hazards import HazardPlacement, NullRule
from trackkit.racepack.layout import Layout
from trackkit.racepack.spaces import Quadrant

__all__ = [
    "Rolled",
    "hazards_overlay",
    "parse_face",
    "parse_icons",
    "parse_null_rule",
    "parse_rolls",
    "roll_hazards",
    "rolled_json",
    "rolled_text",
    "seed_note",
    "stored_hazards",
]

_SEPARATORS = re.compile(r"[\s,]+")
_FACE_WORDS = {"null": 0, "n": 0, "0": 0, "ace": 1, "a": 1, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5}


def parse_null_rule(text: str) -> NullRule:
    """``zero`` or ``reroll``; raises :class:`ArgumentError` for anything else."""
    try:
        return NullRule(text.strip().lower())
    except ValueError:
        raise ArgumentError(f"{text!r} is not a null rule; use zero or reroll") from None


def parse_face(text: str) -> int:
    """A die face as written (``null``/``0``, ``ace``/``1``, ``2`` ... ``5``).

    Raises :class:`ArgumentError` for anything else.
    """
    face = _FACE_WORDS.get(text.strip().lower())
    if face is None:
        raise ArgumentError(f"{text!r} is not a die face; use null, ace (or 1), 2, 3, 4 or 5")
    return face


def parse_rolls(text: str) -> tuple[int, ...]:
    """Rolls written like ``4,2,null,5``.  Raises :class:`ArgumentError` when empty
    or when a roll is not a face."""
    words = [word for word in _SEPARATORS.split(text) if word]
    if not words:
        raise ArgumentError("no rolls given; write them like 4,2,null,5")
    return tuple(parse_face(word) for word in words)


def parse_icons(text: str) -> dict[int, Quadrant]:
    """Icon corners written like ``3:NE,7:SW``.  Raises :class:`ArgumentError` for a
    malformed entry or a tile given twice."""
    icons: dict[int, Quadrant] = {}
    for word in (word for word in _SEPARATORS.split(text) if word):
        tile, quadrant = _parse_icon(word)
        if tile in icons:
            raise ArgumentError(f"icon of tile {tile} given twice")
        icons[tile] = quadrant
    return icons


def _parse_icon(word: str) -> tuple[int, Quadrant]:
    tile_text, colon, quadrant_text = word.partition(":")
    try:
        if not colon or not tile_text.isdigit():
            raise ValueError(word)
        return int(tile_text), Quadrant.parse(quadrant_text)
    except ValueError:
        raise ArgumentError(
            f"{word!r} is not an icon position; write TILE:CORNER such as 3:NE (corners NE, NW, SE, SW)"
        ) from None


@dataclass(frozen=True)
class Rolled:
    """Hazards placed on a track, and the seed their random draws used."""

    placement: HazardPlacement
    seed: int


def roll_hazards(
    layout: Layout,
    *,
    rolls: str | None = None,
    icons: str | None = None,
    count: int = NULLS_PER_PACK,
    null: str = "zero",
    seed: int,
) -> Rolled:
    """Place ``count`` hazards on ``layout`` by the rulebook's procedure,
    the rolls and icon corners as typed (rolled and drawn with ``seed``
    where not given).  Raises :class:`ArgumentError` for a notation that
    does not read, and as :func:`~trackkit.racepack.hazards.place_hazards`
    does."""
    from trackkit.racepack.hazards import place_hazards

    given_rolls = parse_rolls(rolls) if rolls is not None else None
    given_icons = parse_icons(icons) if icons is not None else None
    null_rule = parse_null_rule(null)
    placement = place_hazards(
        layout, rolls=given_rolls, icons=given_icons, count=count, null_rule=null_rule, seed=seed
    )
    return Rolled(placement, seed)


def seed_note(rolled: Rolled) -> str | None:
    """``seed: N`` when a roll or an icon was drawn at random (the seed
    mattered), else nothing."""
    return f"seed: {rolled.seed}" if rolled.placement.used_random else None


def rolled_text(layout: Layout, rolled: Rolled) -> str:
    """The hazards as a table (see
    :func:`~trackkit.racepack.formats.lanes_grid_hazards.hazards_text`)."""
    from trackkit.racepack.formats.lanes_grid_hazards import hazards_text

    return hazards_text(layout, rolled.placement)


def rolled_json(layout: Layout, rolled: Rolled) -> dict[str, Any]:
    """The hazards as JSON-ready data (see
    :func:`~trackkit.racepack.formats.lanes_grid_hazards.hazards_json`)."""
    from trackkit.racepack.formats.lanes_grid_hazards import hazards_json

    return hazards_json(rolled.placement)


def stored_hazards(layout: Layout, rolled: Rolled, form: str) -> tuple[str, str]:
    """``hazards --write``: the text of the layout with these hazards in
    place of its own, its circuit written in ``form`` (``path`` or
    ``tiles``, as the file had it), and the words for them (``4 hazards``)."""
    from trackkit.racepack.formats.layout_file import dump_layout
    from trackkit.racepack.hazards import with_hazards

    text = dump_layout(with_hazards(layout, rolled.placement), form)
    return text, f"{len(rolled.placement.tokens)} hazards"


def hazards_overlay(layout: Layout, seed: int) -> Layout:
    """The editor's hazards overlay: the layout with its hazard tokens
    rolled by the rulebook's procedure from ``seed``."""
    from trackkit.racepack.hazards import place_hazards, with_hazards

    return with_hazards(layout, place_hazards(layout, seed=seed))
