"""The sizes the games' pictures share, in spaces (inches at true size).

A tile game's picture (a Racepack circuit, a Motocross course) has a
blank margin all round, a title block above the tiles and a little room
below them; its limits keep a drawing to a size a computer can draw and
a printer can print.  A card game's picture (a rally deck, and the
picture of its simulated races) draws playing cards in rows.
"""

from __future__ import annotations

from trackkit.board import MAX_DRAWN_TILES, MAX_EXTENT

__all__ = [
    "CARDS_PER_ROW",
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "CHARACTER_WIDTH",
    "FOOTER",
    "HEADER",
    "MARGIN",
    "MAX_DRAWN_TILES",
    "MAX_EXTENT",
    "SUBTITLE_SIZE",
    "TITLE_SIZE",
]

MARGIN = 0.5
"""Blank border round the picture, in spaces."""

HEADER = 1.3
"""Height of the title block above the track, in spaces."""

FOOTER = 0.3
"""Blank space under the key, in spaces."""

TITLE_SIZE = 0.5
SUBTITLE_SIZE = 0.26
"""Heights of the title and of the lines of words under it, in spaces."""

CHARACTER_WIDTH = 0.6
"""A generous average width of a character, as a fraction of the font size."""


CARD_WIDTH = 2.5
CARD_HEIGHT = 3.5
"""A playing card's size, in inches: a card game's pictures draw its cards
at this size."""

CARDS_PER_ROW = 8
"""Cards in each row of a picture of a course of cards."""
