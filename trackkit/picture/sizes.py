"""The sizes the games' pictures share, in spaces (inches at true size).

A tile game's picture (a Racepack circuit, a Motocross course) has a
blank margin all round, a title block above the tiles and a little room
below them; its limits keep a drawing to a size a computer can draw and
a printer can print.  A card game's picture (a rally deck, and the
picture of its simulated races) draws playing cards in rows.
"""

from __future__ import annotations

import textwrap

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
    "WORDS_ROOM",
    "wrap_words",
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

WORDS_ROOM = 6.0
"""The widest a line of words above or below a track runs on paper, in
inches: less than a printed page is wide (7.27 inches inside the margins
of an upright A4 sheet), so that a page can show each line whole."""


def wrap_words(text: str, room: float | None, size: float) -> tuple[str, ...]:
    """``text`` broken between words into lines at most ``room`` spaces wide
    in letters ``size`` high (a word longer than a line stands alone); one
    line when ``room`` is ``None``."""
    if room is None:
        return (text,)
    characters = max(1, int(room / (size * CHARACTER_WIDTH)))
    return tuple(textwrap.wrap(text, characters, break_long_words=False)) or ("",)


CARD_WIDTH = 2.5
CARD_HEIGHT = 3.5
"""A playing card's size, in inches: a card game's pictures draw its cards
at this size."""

CARDS_PER_ROW = 8
"""Cards in each row of a picture of a course of cards."""
