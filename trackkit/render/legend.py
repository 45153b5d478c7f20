"""The key's vocabulary, named here for the drawings still set out by
their own painter (:mod:`trackkit.picture.key` sets a key's items out in
rows)."""

from __future__ import annotations

from trackkit.picture.key import (
    ITEM_GAP,
    LEGEND_SIZE,
    ROW_HEIGHT,
    SWATCH,
    LegendItem,
    Placed,
    item_reach,
    item_width,
    legend_rows,
)

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
