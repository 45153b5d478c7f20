"""Setting out the key under a picture: its items in rows.

A *legend item* is one small sample of a mark (its *swatch*: an arrow, the
chequered line, a shaded corner...) followed by a few words.  Only the
marks a picture shows get an item, so the key of a plain oval is short.
The items are set out in rows, left to right; a new row starts *between*
items, never inside one, when the next would pass the picture's width.
Everything here is measured in spaces (inches at true size); what the key
says is the game's, how it is painted the drawing's.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.picture.labels import MIN_TEXT, text_width
from trackkit.picture.shapes import line_width

__all__ = [
    "ITEM_GAP",
    "LEGEND_SIZE",
    "ROW_HEIGHT",
    "SWATCH",
    "LegendItem",
    "Placed",
    "item_reach",
    "item_width",
    "legend_rows",
]

LEGEND_SIZE = MIN_TEXT
"""Height of the key's lettering, in spaces: the smallest allowed."""

SWATCH = 0.34
"""Side of the square a mark's sample is drawn in, in spaces."""

ITEM_GAP = 0.4
"""Blank space between two items of a row, in spaces."""

ROW_HEIGHT = 0.48
"""Distance between two rows of the key, in spaces."""


@dataclass(frozen=True)
class LegendItem:
    """One entry of the key: the sample ``swatch`` (a name the drawing layer
    knows, such as ``arrow`` or ``hazard-suns``) and its ``text``."""

    swatch: str
    text: str


@dataclass(frozen=True)
class Placed:
    """``item`` set ``x`` spaces from the key's left edge on row ``row`` (from 0)."""

    item: LegendItem
    row: int
    x: float


def item_width(item: LegendItem) -> float:
    """How wide ``item`` is drawn: its swatch, a small gap and its words."""
    return SWATCH + 0.12 + text_width(item.text, LEGEND_SIZE, bold=False)


def item_reach(item: LegendItem) -> float:
    """How far ``item`` really reaches from its left: its swatch, the gap
    and its words measured letter by letter (see
    :func:`~trackkit.picture.shapes.line_width`); :func:`item_width` is the
    generous measure the rows are set out with."""
    return SWATCH + 0.12 + line_width(item.text, LEGEND_SIZE)


def legend_rows(items: tuple[LegendItem, ...], width: float) -> tuple[Placed, ...]:
    """Set ``items`` out in rows no wider than ``width`` spaces; an item wider
    than that gets a row of its own."""
    placed: list[Placed] = []
    row, x = 0, 0.0
    for item in items:
        size = item_width(item)
        if x > 0 and x + size > width:
            row, x = row + 1, 0.0
        placed.append(Placed(item, row, x))
        x += size + ITEM_GAP
    return tuple(placed)
