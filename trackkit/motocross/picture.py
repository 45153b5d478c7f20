"""The picture of a Motocross course, grown from its setup.

The picture shows each tile as a 2-inch square with its 2×2 spaces,
numbered in the order the tiles were played; the starting tile is
outlined and labelled START, the finish line is chequered across the
finish tile's far edge, and each jump ramp is a stack of coins at the
tile's raised edge with its height written on the top coin and a heavy
bar along that edge.  Above the tiles stand the title and the words
under it: the facts of the course and its lines of explanation
(:data:`LEGEND`), set side by side while they fit.  This module lays the
picture out (its frame and its words) and assembles it;
:mod:`trackkit.motocross.picture_marks` grows the marks on the tiles.  It
is pure: the drawings paint it (:mod:`trackkit.render.painter`).

On paper the lines of words may be narrowed to
:data:`~trackkit.picture.sizes.WORDS_ROOM`, a printed page's width, when
that takes fewer sheets: the picture carries that version too
(:attr:`~trackkit.picture.marks.Picture.narrow`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from trackkit.motocross.course import Course
from trackkit.motocross.picture_marks import Sheet, course_marks
from trackkit.motocross.setup import check_course_drawable, course_faults, course_setup
from trackkit.picture import sizes
from trackkit.picture.labels import LabelPlacer, numbering_note
from trackkit.picture.marks import Box, Group, Picture, Text, Tile
from trackkit.picture.paper import words_box
from trackkit.picture.sizes import CHARACTER_WIDTH, FOOTER, HEADER, MARGIN, SUBTITLE_SIZE, TITLE_SIZE
from trackkit.piecepack.loops import bounding_box

__all__ = ["FAULT_LEGEND", "LEGEND", "course_picture", "course_words"]

LEGEND = (
    "Tiles numbered in the order played.",
    "Coins: ramp height at the raised edge.",
    "Chequers: finish line.",
)
"""The sentences of explanation under the title, set side by side while
they fit (each short enough for a printed page to show it whole)."""

LEGEND_STEP = 1.3
"""The distance between two rows of explanation, in their letters' height."""

TITLE_BASELINE = MARGIN + TITLE_SIZE * 0.8
_FACTS_BASELINE = MARGIN + TITLE_SIZE + 0.12 + SUBTITLE_SIZE * 0.8
"""Where the title and the line of facts stand, in inches below the picture's top."""

LEGEND_GAP = 0.4
"""The room between two sentences of explanation side by side, in inches."""

FAULT_LEGEND = "Rings: tiles breaking a rule (run trackkit validate)."
"""Added to :data:`LEGEND` when the course breaks a rule."""


def course_picture(course: Course, options: Any) -> Picture:
    """The picture of ``course``, titled ``options.title`` (else the
    course's name).  Raises :class:`~trackkit.errors.LimitError` for a
    course too big to draw, before laying anything out."""
    title = options.title or course.name or "Motocross course"
    return replace(_picture(course, title, None), narrow=lambda: _picture(course, title, sizes.WORDS_ROOM))


def _picture(course: Course, title: str, room: float | None) -> Picture:
    """The picture with its words across it, or across ``room`` inches."""
    sheet = course_sheet(course, title, room)
    tiles = [sheet.tile(centre) for centre in course.centres]
    lines = course_words(course, sheet.width, room)
    words = (
        Text(title, (MARGIN, TITLE_BASELINE), TITLE_SIZE, "title", bold=True),
        *(Text(text, (x, baseline), SUBTITLE_SIZE, "subtitle") for text, x, baseline in lines),
    )
    placer = LabelPlacer()
    backdrop = Group((Tile(0.0, 0.0, sheet.width, sheet.height, "backdrop"),), name="background")
    marks = (backdrop, *course_marks(course, sheet, placer), Group(words, name="title", role="lettering"))
    plan = (tuple(_box(tile) for tile in tiles), tuple(_words_box(text) for text in words))
    facts = (_subtitle(course),)
    return Picture("", title, facts, sheet.width, sheet.height, marks, (), placer, exact=True, plan=plan)


def _box(tile: Tile) -> Box:
    return (tile.left, tile.top, tile.right, tile.bottom)


def _words_box(text: Text) -> Box:
    return words_box(text.words, text.at[0], text.at[1], text.size or 0.0, bold=text.bold)


def _subtitle(course: Course) -> str:
    facts = course_setup(course).facts
    ramps = len(facts.ramps)
    return (
        f"Motocross — {facts.tiles} tiles · {facts.players} players · {len(facts.turns)} turns"
        f" · {ramps} {'ramp' if ramps == 1 else 'ramps'} ({facts.coins} coins)"
    )


def _legend(course: Course) -> list[str]:
    """The lines under the course: :data:`LEGEND` (saying which tiles are
    numbered when not all are), and :data:`FAULT_LEGEND` when the course
    breaks a rule."""
    note = numbering_note(len(course))
    lines = [line.replace("Tiles numbered", f"Tiles numbered{note}") for line in LEGEND]
    return [*lines, FAULT_LEGEND] if course_faults(course).broken else lines


_Line = tuple[str, float, float]
"""A line of words: its text, where it starts (inches from the picture's
left) and its baseline (inches from its top)."""


def course_words(course: Course, width: float, room: float | None) -> list[_Line]:
    """The words under the title of a picture ``width`` inches wide: the
    facts, then each sentence of explanation, side by side while they fit
    across the picture, or across ``room`` inches when that is given (the
    paper pages narrow them to a page's width, each line broken between
    its parts where it would run wider, so that a page shows each line
    whole).  Under the title they print on the sheets the title needs
    anyway, not on sheets of their own under an empty corner of the course."""
    across = width - 2 * MARGIN if room is None else min(width - 2 * MARGIN, room)
    facts = _subtitle(course).split(" · ") if room is not None else [_subtitle(course)]
    rows = _flow(facts, across, " · ")
    rows += _flow(_legend(course), across, None)
    step = SUBTITLE_SIZE * LEGEND_STEP
    return [
        (text, MARGIN + x, _FACTS_BASELINE + row * step) for row, line in enumerate(rows) for text, x in line
    ]


def _flow(parts: list[str], across: float, joiner: str | None) -> list[list[tuple[str, float]]]:
    """``parts`` set out in rows no wider than ``across`` inches: joined
    into one line by ``joiner`` when given, else side by side as separate
    lines :data:`LEGEND_GAP` apart; each row a list of (text, start)."""
    rows: list[list[tuple[str, float]]] = []
    gap = LEGEND_GAP if joiner is None else _width(joiner)
    x = 0.0
    for part in parts:
        if rows and x + gap + _width(part) <= across:
            if joiner is None:
                rows[-1].append((part, x + gap))
            else:
                text, start = rows[-1][-1]
                rows[-1][-1] = (f"{text}{joiner}{part}", start)
            x += gap + _width(part)
        else:
            rows.append([(part, 0.0)])
            x = _width(part)
    return rows


def _width(text: str) -> float:
    """How wide a line of the words under the title runs, generously."""
    return len(text) * SUBTITLE_SIZE * CHARACTER_WIDTH


def _header(lines: list[_Line]) -> float:
    """The room above the course: the title and the rows of words under it."""
    rows = len({baseline for _, _, baseline in lines})
    return HEADER + (rows - 1) * SUBTITLE_SIZE * LEGEND_STEP


def course_sheet(course: Course, title: str, room: float | None = None) -> Sheet:
    """Where the course lies on its picture: every tile with a margin, the
    picture wide enough for the words (those under the title set across
    ``room`` inches when given, see :func:`course_words`)."""
    check_course_drawable(course)
    left, bottom, right, top = bounding_box(course.centres)
    left, bottom, right, top = left - 1, bottom - 1, right + 1, top + 1
    width = right - left + 2 * MARGIN
    lines = (
        [_subtitle(course), *_legend(course)]
        if room is None
        else [*_subtitle(course).split(" · "), *_legend(course)]
    )
    wanted = 2 * MARGIN + max(
        len(title) * TITLE_SIZE * CHARACTER_WIDTH,
        *(_width(line) for line in lines),
    )
    spare = max(0.0, wanted - width)
    header = _header(course_words(course, width + spare, room))
    return Sheet(
        left=left - MARGIN - spare / 2,
        top=top + MARGIN,
        width=width + spare,
        height=header + (top - bottom) + 2 * MARGIN + FOOTER,
        header=header,
    )
