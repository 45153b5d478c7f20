"""Motocross course diagrams as SVG, at screen size, true size or on pages.

The picture shows each tile as a 2-inch square with its 2×2 spaces, numbered
in the order the tiles were played; the starting tile is outlined and
labelled START, the finish line is chequered across the finish tile's far
edge, and each jump ramp is a stack of coins at the tile's raised edge with
its height written on the top coin and a heavy bar along that edge (the
tile stays whole, its number in the middle like every other tile's).  The
frame, units, themes and paper pages are Racepack's
(:mod:`trackkit.render.canvas`, :mod:`trackkit.render.themes`,
:mod:`trackkit.render.pages`); the same course and options always give
byte-identical text.  This module paints the layers; the frame, the
title and the words under it, and the boxes the pages are planned around
are laid out in :mod:`trackkit.render.motocross_layout`.
"""

from __future__ import annotations

from typing import Any

from trackkit.motocross.course import Course
from trackkit.motocross.setup import course_faults, course_setup
from trackkit.picture.labels import LabelPlacer, Shape, box, circle, numbering_step
from trackkit.piecepack.geometry import Heading, Point
from trackkit.render import tokens
from trackkit.render.annotations import ring_tiles
from trackkit.render.canvas import (
    MARGIN,
    SUBTITLE_SIZE,
    TITLE_SIZE,
    UNITS,
    Frame,
    SvgTarget,
    fmt,
    new_drawing,
    page_size,
    serialise,
)
from trackkit.render.motocross_layout import (
    TITLE_BASELINE,
    course_frame,
    course_title,
    course_words,
    page_boxes,
    paper_room,
)
from trackkit.render.options import RenderOptions
from trackkit.render.pages import Paper, cut_into_pages, page_count
from trackkit.render.themes import Theme, get_theme

__all__ = ["course_page_total", "render_course_pages", "render_course_svg"]

_COIN_RADIUS = 0.3
_COIN_STEP = 0.09
_RAISED_BAR = 0.12
"""How deep the bar marking a ramp's raised edge is, in spaces."""
_CHEQUER = 0.2
_NUMBER_SIZE = 0.42
_START_SIZE = 0.25
_SPACES = ((-1, -1), (1, -1), (-1, 1), (1, 1))
"""The spaces of a tile, lower ones first (table ``y`` runs north)."""


def render_course_svg(course: Course, options: RenderOptions | None = None) -> str:
    """The diagram of ``course`` as the text of an SVG file.  Raises
    :class:`~trackkit.errors.ArgumentError` for an unknown theme and
    :class:`~trackkit.errors.LimitError` for a course too big to draw."""
    options = options or RenderOptions()
    theme = get_theme(options.theme)
    frame = course_frame(course, course_title(course, options))
    width, height = page_size(frame, options)
    drawing = new_drawing(width, height, frame.width * UNITS, frame.height * UNITS)
    _Painter(drawing, drawing, course, theme, frame).paint(course_title(course, options))
    return serialise(drawing)


def render_course_pages(course: Course, options: RenderOptions, paper: Paper) -> list[str]:
    """The true-size diagram of ``course`` cut into pages of ``paper``: the
    words under the title across the picture, or narrowed to a page's width
    when that needs fewer sheets or fewer slivers."""
    theme = get_theme(options.theme)
    title = course_title(course, options)
    room = paper_room(course, options, paper)
    frame = course_frame(course, title, room)

    def draw(drawing: Any, parent: Any) -> LabelPlacer:
        painter = _Painter(drawing, parent, course, theme, frame, room)
        painter.paint(title)
        return painter.placer

    tiles, words = page_boxes(course, title, room)
    return cut_into_pages(frame.width, frame.height, paper, title, draw, tiles + words, words)


def course_page_total(course: Course, options: RenderOptions, paper: Paper) -> int:
    """How many sheets :func:`render_course_pages` makes of ``course`` on
    ``paper``, the page map included, counted without drawing one."""
    title = course_title(course, options)
    room = paper_room(course, options, paper)
    frame = course_frame(course, title, room)
    tiles, words = page_boxes(course, title, room)
    return page_count(frame.width, frame.height, paper, tiles, words)[0] + 1


class _Painter(SvgTarget):
    """Draws the layers of a course diagram into ``parent``, bottom first."""

    def __init__(
        self, drawing: Any, parent: Any, course: Course, theme: Theme, frame: Frame, room: float | None = None
    ) -> None:
        self.drawing, self.parent, self.course, self.theme, self.frame = drawing, parent, course, theme, frame
        self.room = room
        self.placer = LabelPlacer()

    def paint(self, title: str) -> None:
        """Symbols first (ramps, the finish line), then the labels the placer
        sets clear of them (START and the tile numbers), then the words."""
        self.background()
        self.tiles()
        self.space_grid()
        self.start_tile()
        self.finish_line()
        self.ramps()
        self.faults()
        self.start_word()
        self.numbers()
        self.words(title)

    def background(self) -> None:
        group = self.group("background")
        size = (fmt(self.frame.width * UNITS), fmt(self.frame.height * UNITS))
        group.add(self.drawing.rect(insert=("0", "0"), size=size, fill=self.theme.background))

    def tiles(self) -> None:
        theme = self.theme
        group = self.group(
            "tiles", fill=theme.tile_fill, stroke=theme.tile_outline, stroke_width=self.length(0.02)
        )
        for x, y in self.course.centres:
            group.add(self.drawing.rect(**self.frame.box(x - 1, y - 1, x + 1, y + 1)))

    def space_grid(self) -> None:
        steps = []
        for x, y in self.course.centres:
            steps += [
                self._move((x - 1, y)),
                self._line((x + 1, y)),
                self._move((x, y - 1)),
                self._line((x, y + 1)),
            ]
        group = self.group("space-grid", fill="none", stroke=self.theme.grid, stroke_width=self.length(0.012))
        if steps:
            group.add(self.drawing.path(d=" ".join(steps)))

    def start_tile(self) -> None:
        if not self.course.centres:
            return
        x, y = self.course.centres[0]
        group = self.group(
            "start-tile", fill="none", stroke=self.theme.road_edge, stroke_width=self.length(0.06)
        )
        group.add(self.drawing.rect(**self.frame.box(x - 0.97, y - 0.97, x + 0.97, y + 0.97)))

    def start_word(self) -> None:
        """START at the top of the starting tile, or wherever the placer finds room on it."""
        if not self.course.centres:
            return
        x, y = self.course.centres[0]
        places = [self.frame.at((x, y + 0.62)), self.frame.at((x, y - 0.62))]
        placed = self.placer.place("START", self.frame.at((x, y)), _START_SIZE, places, reach=0.9)
        tokens.placed_label(
            self.drawing, self.group("start-word"), placed, self.theme.road_edge, self.theme.font
        )

    def finish_line(self) -> None:
        course = self.course
        edge = course.exit_heading(len(course) - 1)
        if edge is None:
            return
        x, y = course.centres[-1]
        mid = (x + edge.dx, y + edge.dy)
        across = edge.left()
        squares = round(2 / _CHEQUER)
        group = self.group("finish-line")
        inward = (-edge.dx * 2 * _CHEQUER, -edge.dy * 2 * _CHEQUER)
        corners = [
            (mid[0] + across.dx + inward[0] * k, mid[1] + across.dy + inward[1] * k) for k in (0, 1)
        ] + [(mid[0] - across.dx + inward[0] * k, mid[1] - across.dy + inward[1] * k) for k in (0, 1)]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        group["class"] = "symbol chequer"
        self.placer.block(self._picture_box(min(xs), min(ys), max(xs), max(ys)), "chequer")
        group.add(
            self.drawing.rect(
                fill=self.theme.chequer_light, **self.frame.box(min(xs), min(ys), max(xs), max(ys))
            )
        )
        dark = []
        for row in range(2):
            for column in range(squares):
                if (row + column) % 2:
                    continue
                along = -1 + column * _CHEQUER
                depth = row * _CHEQUER
                cx = mid[0] + across.dx * along - edge.dx * depth
                cy = mid[1] + across.dy * along - edge.dy * depth
                ex = cx + across.dx * _CHEQUER - edge.dx * _CHEQUER
                ey = cy + across.dy * _CHEQUER - edge.dy * _CHEQUER
                dark.append(
                    self.drawing.rect(**self.frame.box(min(cx, ex), min(cy, ey), max(cx, ex), max(cy, ey)))
                )
        for square in dark:
            square["fill"] = self.theme.chequer_dark
            group.add(square)

    def numbers(self) -> None:
        """Each tile's number in the order played: in the middle of the tile
        (shifted away from a ramp's raised edge), or in the middle of one of
        its spaces when a ramp's coins are in the way; every k-th tile only
        on a course of more than :data:`~trackkit.picture.labels.MAX_NUMBERED`."""
        group = self.group("build-order")
        raised = dict(self._ramp_edges())
        step = numbering_step(len(self.course))
        for tile, (x, y) in enumerate(self.course.centres):
            if tile % step:
                continue
            edge = raised.get(tile)
            away = (x - edge.dx * 0.2, y - edge.dy * 0.2 - 0.05) if edge is not None else (x, y - 0.05)
            places = [away, *((x + sx * 0.5, y + sy * 0.5) for sx, sy in _SPACES)]
            anchor = self.frame.at((x, y))
            placed = self.placer.place(str(tile), anchor, _NUMBER_SIZE, [self.frame.at(p) for p in places])
            tokens.placed_label(self.drawing, group, placed, self.theme.road_edge, self.theme.font)

    def _picture_box(self, left: float, bottom: float, right: float, top: float) -> Shape:
        (x0, y0), (x1, y1) = self.frame.at((left, top)), self.frame.at((right, bottom))
        return box(x0, y0, x1, y1)

    def ramps(self) -> None:
        theme = self.theme
        group = self.group("ramps", stroke=theme.label_outline, stroke_width=self.length(0.025))
        for tile, edge in self._ramp_edges():
            x, y = self.course.centres[tile]
            height = self.course.height(tile)
            # the raised edge: a heavy bar along the whole edge, inside the tile
            inner = (x + edge.dx * (1 - _RAISED_BAR), y + edge.dy * (1 - _RAISED_BAR))
            outer = (x + edge.dx + edge.left().dx, y + edge.dy + edge.left().dy)
            bar = self.frame.box(
                min(inner[0] - edge.left().dx, outer[0]),
                min(inner[1] - edge.left().dy, outer[1]),
                max(inner[0] - edge.left().dx, outer[0]),
                max(inner[1] - edge.left().dy, outer[1]),
            )
            ramp = tokens.classed(self.drawing, group, "symbol ramp")
            ramp.add(self.drawing.rect(fill=theme.road_edge, stroke="none", **bar))
            left, right = min(inner[0] - edge.left().dx, outer[0]), max(inner[0] - edge.left().dx, outer[0])
            bottom, top_edge = (
                min(inner[1] - edge.left().dy, outer[1]),
                max(inner[1] - edge.left().dy, outer[1]),
            )
            self.placer.block(self._picture_box(left, bottom, right, top_edge), "ramp")
            base = (x + edge.dx * (1 - _COIN_RADIUS + 0.02), y + edge.dy * (1 - _COIN_RADIUS + 0.02))
            for coin in range(min(height, 6)):
                centre = (base[0], base[1] + coin * _COIN_STEP)
                self.placer.block(circle(self.frame.at(centre), _COIN_RADIUS), "coin")
                cx, cy = self.frame.point(centre)
                ramp.add(
                    self.drawing.circle(center=(cx, cy), r=self.length(_COIN_RADIUS), fill=theme.label_fill)
                )
            top = (base[0], base[1] + (min(height, 6) - 1) * _COIN_STEP - 0.13)
            label = self.drawing.text(
                str(height),
                insert=self.frame.point(top),
                fill=theme.label_text,
                stroke="none",
                font_size=self.length(0.36),
                font_weight="bold",
                text_anchor="middle",
            )
            label["font-family"] = theme.font
            ramp.add(label)

    def faults(self) -> None:
        """A heavy ring just inside each tile a broken rule names: red in the
        colour theme, dashed in print (the theme's error stroke)."""
        centres = [self.course.centres[tile] for tile in course_faults(self.course).places]
        if centres:
            ring_tiles(self, self.theme, self.frame, centres, self.placer)

    def words(self, title: str) -> None:
        theme = self.theme
        group = self.group("title")
        group["font-family"] = theme.font
        left = self.length(MARGIN)
        group.add(
            self.drawing.text(
                title,
                insert=(left, self.length(TITLE_BASELINE)),
                fill=theme.title,
                font_size=self.length(TITLE_SIZE),
                font_weight="bold",
            )
        )
        for line, x, baseline in course_words(self.course, self.frame.width, self.room):
            group.add(
                self.drawing.text(
                    line,
                    insert=(self.length(x), self.length(baseline)),
                    fill=theme.subtitle,
                    font_size=self.length(SUBTITLE_SIZE),
                )
            )

    def _ramp_edges(self) -> list[tuple[int, Heading]]:
        return [(ramp.tile, ramp.edge) for ramp in course_setup(self.course).ramps]

    def _move(self, point: Point) -> str:
        x, y = self.frame.point(point)
        return f"M{x} {y}"

    def _line(self, point: Point) -> str:
        x, y = self.frame.point(point)
        return f"L{x} {y}"
