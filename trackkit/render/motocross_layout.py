"""The layout of a Motocross course diagram: its frame and its words.

What :mod:`trackkit.render.motocross` paints the course into, worked out
before any drawing: the title and the words under it (the facts of the
course and its lines of explanation, :data:`LEGEND`, set side by side
while they fit), the frame holding every tile with room for those words,
the check that a course is small enough to draw, and the boxes the paper
pages are planned around (each tile and each line of words, and whether
the words run across the picture or are narrowed to a page's width).
"""

from __future__ import annotations

from trackkit.motocross.course import Course
from trackkit.motocross.preview import check_course_drawable
from trackkit.motocross.setup import course_faults, course_setup
from trackkit.picture.labels import numbering_note
from trackkit.picture.paper import Box, words_box
from trackkit.piecepack.loops import bounding_box
from trackkit.render.canvas import (
    CHARACTER_WIDTH,
    FOOTER,
    HEADER,
    MARGIN,
    SUBTITLE_SIZE,
    TITLE_SIZE,
    UNITS,
    Frame,
)
from trackkit.render.options import RenderOptions
from trackkit.render.pages import Paper, page_count

__all__ = [
    "FAULT_LEGEND",
    "LEGEND",
    "TITLE_BASELINE",
    "WORDS_ROOM",
    "check_course_drawable",
    "course_frame",
    "course_page_boxes",
    "course_title",
    "course_words",
    "page_boxes",
    "paper_room",
]

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

WORDS_ROOM = 6.0
"""The widest the words under the title run, in inches: less than a
printed page is wide, so that a page shows each line whole."""

LEGEND_GAP = 0.4
"""The room between two sentences of explanation side by side, in inches."""

FAULT_LEGEND = "Rings: tiles breaking a rule (run trackkit validate)."
"""Added to :data:`LEGEND` when the course breaks a rule."""


def course_title(course: Course, options: RenderOptions) -> str:
    """The title over the course: the one asked for, else the course's name."""
    return options.title or course.name or "Motocross course"


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


def course_frame(course: Course, title: str, room: float | None = None) -> Frame:
    """A frame holding every tile with a margin, wide enough for the words
    (those under the title set across ``room`` inches when given, see
    :func:`course_words`)."""
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
    return Frame(
        left=left - MARGIN - spare / 2,
        top=top + MARGIN,
        width=width + spare,
        height=header + (top - bottom) + 2 * MARGIN + FOOTER,
        header=header,
    )


def paper_room(course: Course, options: RenderOptions, paper: Paper) -> float | None:
    """``None`` (the words across the picture) or :data:`WORDS_ROOM`,
    whichever takes fewer sheets, then leaves fewer showing only slivers."""
    title = course_title(course, options)

    def cost(room: float | None) -> tuple[int, int]:
        frame = course_frame(course, title, room)
        tiles, words = page_boxes(course, title, room)
        return page_count(frame.width, frame.height, paper, tiles, words)

    return None if cost(None) <= cost(WORDS_ROOM) else WORDS_ROOM


def course_page_boxes(course: Course, options: RenderOptions, paper: Paper) -> tuple[list[Box], list[Box]]:
    """What the true-size pages of ``course`` on ``paper`` show, as boxes in
    inches from the picture's top left: each tile, and each line of words
    (title, facts, explanation).  A sheet showing none of them is left out;
    one showing only a sliver of them is avoided (see
    :func:`~trackkit.picture.paper.plan_pages`)."""
    title = course_title(course, options)
    return page_boxes(course, title, paper_room(course, options, paper))


def page_boxes(course: Course, title: str, room: float | None) -> tuple[list[Box], list[Box]]:
    """:func:`course_page_boxes` with the title and the words' ``room`` given."""
    frame = course_frame(course, title, room)
    tiles = [
        (frame.x(x - 1) / UNITS, frame.y(y + 1) / UNITS, frame.x(x + 1) / UNITS, frame.y(y - 1) / UNITS)
        for x, y in course.centres
    ]
    words = [words_box(title, MARGIN, TITLE_BASELINE, TITLE_SIZE, bold=True)]
    words += [
        words_box(text, x, baseline, SUBTITLE_SIZE)
        for text, x, baseline in course_words(course, frame.width, room)
    ]
    return tiles, words
