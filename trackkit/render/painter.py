"""One painter for every game's pictures, on screen and on paper.

A game grows a :class:`~trackkit.picture.marks.Picture` of a layout from
its setup (its ``picture`` job); this module paints it as SVG with a
theme's colours (:mod:`trackkit.render.roles`), one element for each
mark, in user units of a hundredth of a space, and cuts a true-size
picture into paper pages.  What falls on each page is worked out from the
marks' bounds before any SVG is written: the lines of words are the
lettering the page map keeps clear of, every other mark a piece a page
must show to be printed.  The same picture always gives byte-identical
text.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from trackkit.picture.labels import LabelPlacer
from trackkit.picture.marks import (
    Area,
    Box,
    Chequer,
    Disc,
    Glyph,
    Group,
    Label,
    Line,
    Mark,
    Path,
    Picture,
    Piece,
    Polyline,
    Route,
    Squares,
    Text,
    Tile,
    bounds_of,
    leaves,
)
from trackkit.picture.paper import Paper
from trackkit.picture.shapes import Point
from trackkit.registry import find_game
from trackkit.render import tokens
from trackkit.render.canvas import UNITS, fmt, new_drawing, serialise
from trackkit.render.options import RenderOptions
from trackkit.render.pages import cut_into_pages, page_cost
from trackkit.render.roles import Style, role_styles, style_of
from trackkit.render.themes import Theme, get_theme

__all__ = [
    "count_pages",
    "page_boxes",
    "paint_marks",
    "paint_pages",
    "paint_svg",
    "picture_pages",
    "picture_svg",
]


def paint_svg(layout: Any, options: RenderOptions | None = None) -> str:
    """The ``draw_svg`` job of a game with a ``picture``: its picture of
    ``layout`` as the text of an SVG file."""
    options = options or RenderOptions()
    return picture_svg(_picture_of(layout, options), options)


def paint_pages(layout: Any, options: RenderOptions, paper: Paper) -> list[str]:
    """The ``draw_pages`` job of a game with a ``picture``: its true-size
    picture of ``layout`` cut into pages of ``paper``, then the page map."""
    return picture_pages(_picture_of(layout, options), options, paper)


def count_pages(layout: Any, options: RenderOptions, paper: Paper) -> int:
    """The ``count_pages`` job of a game with a ``picture``: how many sheets
    :func:`paint_pages` makes of ``layout`` on ``paper``, the page map
    included, counted before any is drawn."""
    picture = for_paper(_picture_of(layout, options), paper)
    return _cost(picture, paper)[0] + 1


def page_boxes(
    layout: Any, options: RenderOptions, paper: Paper | None = None
) -> tuple[list[Box], list[Box]]:
    """What the true-size picture of ``layout`` (as printed on ``paper``,
    when given) holds, as boxes in inches from its top left: its pieces and
    its lines of words, as the page cutter lays the sheets over them."""
    picture = _picture_of(layout, options)
    return _contents(picture if paper is None else for_paper(picture, paper))


def for_paper(picture: Picture, paper: Paper) -> Picture:
    """``picture`` or its narrowed version (:attr:`Picture.narrow`), whichever takes fewer
    sheets of ``paper``, then fewer slivers, then cuts fewer lines of words (see
    :func:`page_cost`); the picture's own version for ``paper`` when it has one."""
    if picture.on_paper is not None:
        return picture.on_paper(paper)
    if picture.narrow is None:
        return picture
    narrow = picture.narrow()
    return picture if _cost(picture, paper) <= _cost(narrow, paper) else narrow


def _cost(picture: Picture, paper: Paper) -> tuple[int, int, int]:
    """The picture's sheets of ``paper``, slivers and lines of words cut."""
    pieces, words = _contents(picture)
    return page_cost(picture.width, picture.height, paper, pieces, words)


def _picture_of(layout: Any, options: RenderOptions) -> Picture:
    job = find_game(layout.game).picture
    assert job is not None, "paint only the layouts of a game with a picture job"
    picture: Picture = job(layout, options)
    return picture


def picture_svg(picture: Picture, options: RenderOptions) -> str:
    """``picture`` painted in ``options``' theme, as the text of an SVG file
    sized for a screen (or in inches at true size)."""
    theme = get_theme(options.theme)
    width, height = picture.width, picture.height
    whole = (lambda v: v) if picture.exact else round
    if options.true_size:
        size = (f"{fmt(round(width, 2))}in", f"{fmt(round(height, 2))}in")
    else:
        size = (fmt(whole(width * options.pixels_per_space)), fmt(whole(height * options.pixels_per_space)))
    drawing = new_drawing(size[0], size[1], whole(width * UNITS), whole(height * UNITS))
    root = drawing.add(drawing.g(id=picture.name, font_family=theme.font)) if picture.name else drawing
    _Brush(drawing, theme, picture.exact).paint_all(root, picture.marks)
    return serialise(drawing)


def picture_pages(picture: Picture, options: RenderOptions, paper: Paper) -> list[str]:
    """``picture`` at true size cut into pages of ``paper``, then the page
    map (see :func:`~trackkit.render.pages.cut_into_pages`); pages that
    show no mark are left out."""
    theme = get_theme(options.theme)
    picture = for_paper(picture, paper)

    def draw(drawing: Any, parent: Any) -> LabelPlacer:
        group = parent.add(drawing.g(font_family=theme.font)) if picture.name else parent
        _Brush(drawing, theme, picture.exact).paint_all(group, picture.marks)
        return picture.placer

    pieces, words = _contents(picture)
    return cut_into_pages(picture.width, picture.height, paper, picture.title, draw, [*pieces, *words], words)


def paint_marks(
    drawing: Any, parent: Any, marks: tuple[Mark, ...], theme: Theme, exact: bool = False
) -> None:
    """Add ``marks`` to ``parent``, an element of ``drawing``, in ``theme``'s
    styles: for a picture that sets some marks among elements of its own
    (the cards of a rally simulation)."""
    _Brush(drawing, theme, exact).paint_all(parent, marks)


INK_REACH = 0.1
"""How far a mark's ink may reach past its outline, in inches: half the
heaviest stroke (a wall) and a little more, kept on the page with it."""


def _contents(picture: Picture) -> tuple[list[Box], list[Box]]:
    """The boxes of the picture's pieces (every mark but a line of words,
    with room for its strokes) and of its lines of words, in inches from
    its top left: what the page cutter lays the sheets over (the
    picture's own :attr:`~trackkit.picture.marks.Picture.plan` when it has one)."""
    if picture.plan is not None:
        return list(picture.plan[0]), list(picture.plan[1])
    pieces: list[Box] = []
    words: list[Box] = []
    for mark, size in leaves(picture.marks):
        box = bounds_of(mark, size)
        if box is None:
            continue
        if isinstance(mark, Text):
            words.append(box)
        else:
            left, top, right, bottom = box
            pieces.append((left - INK_REACH, top - INK_REACH, right + INK_REACH, bottom + INK_REACH))
    return _outermost(pieces), words


def _outermost(boxes: list[Box]) -> list[Box]:
    """``boxes`` without those wholly inside another (an arrow on a space,
    a space on its tile): they put nothing on a sheet the outer one does
    not, and the page plan's time grows with the boxes it weighs.  Each box
    is filed under every inch square it covers, so only the boxes sharing
    the square of a box's top left corner are looked at."""
    squares: dict[tuple[int, int], list[int]] = {}
    for number, (left, top, right, bottom) in enumerate(boxes):
        for x in range(math.floor(left), math.floor(right) + 1):
            for y in range(math.floor(top), math.floor(bottom) + 1):
                squares.setdefault((x, y), []).append(number)
    kept = []
    for number, inner in enumerate(boxes):
        near = squares[(math.floor(inner[0]), math.floor(inner[1]))]
        if not any(
            _holds(boxes[other], inner) and (boxes[other] != inner or other < number)
            for other in near
            if other != number
        ):
            kept.append(inner)
    return kept


def _holds(outer: Box, inner: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and outer[2] >= inner[2] and outer[3] >= inner[3]


def _lettering(style: Style, mark: Group | Text) -> dict[str, str]:
    """``style`` with the size, weight and anchor of the lettering ``mark``
    sets (a group for the texts in it, a text for itself)."""
    attributes = dict(style)
    if mark.size is not None:
        attributes["font_size"] = fmt(mark.size * UNITS)
    if mark.bold:
        attributes["font_weight"] = "bold"
    if mark.middle:
        attributes["text_anchor"] = "middle"
    return attributes


Spot = tuple[str, str]
"""A point as SVG text."""


def _spot(point: tuple[float, float], exact: bool = False) -> Spot:
    """A point as SVG text: to a hundredth of a unit when ``exact``, else a tenth."""
    if exact:
        return fmt(point[0] * UNITS), fmt(point[1] * UNITS)
    return fmt(round(point[0] * UNITS, 1)), fmt(round(point[1] * UNITS, 1))


class _Brush:
    """Paints marks into SVG groups with one theme's styles."""

    def __init__(self, drawing: Any, theme: Theme, exact: bool = False) -> None:
        self.drawing, self.theme, self.exact = drawing, theme, exact
        self.styles = role_styles(theme)
        self.found: dict[str, Style] = {"": {}}

    def spot(self, point: tuple[float, float]) -> tuple[str, str]:
        return _spot(point, self.exact)

    def style(self, role: str) -> Style:
        """The attributes of ``role``, worked out once a picture (shared:
        read them, or copy them to add more)."""
        if role not in self.found:
            self.found[role] = style_of(role, self.styles)
        return self.found[role]

    def paint_all(self, parent: Any, marks: tuple[Mark, ...]) -> None:
        for mark in marks:
            self.paint(parent, mark)

    def paint(self, parent: Any, mark: Mark) -> None:
        """Add ``mark`` to ``parent``."""
        drawing, style = self.drawing, self.style(mark.role)
        if isinstance(mark, Group):
            self.paint_all(parent.add(drawing.g(**self.group_attributes(mark))), mark.marks)
        elif isinstance(mark, Area):
            points = [(round(x * UNITS, 1), round(y * UNITS, 1)) for x, y in mark.points]
            parent.add(drawing.polygon(points, **style))
        elif isinstance(mark, Tile):
            size = (fmt((mark.right - mark.left) * UNITS), fmt((mark.bottom - mark.top) * UNITS))
            if mark.corner:
                style = {**style, "rx": fmt(mark.corner * UNITS)}
            parent.add(drawing.rect(insert=self.spot((mark.left, mark.top)), size=size, **style))
        elif isinstance(mark, Chequer):
            self.chequer(parent, mark, style)
        elif isinstance(mark, Line):
            parent.add(drawing.line(self.spot(mark.start), self.spot(mark.end), **style))
        elif isinstance(mark, Path):
            self.path(parent, mark, style)
        elif isinstance(mark, Polyline):
            self.polyline(parent, mark, style, self.spot, lambda length: fmt(length * UNITS))
        elif isinstance(mark, Glyph):
            pen = _GlyphPen(self, mark)
            for inner in mark.marks:
                pen.paint(parent, inner)
        elif isinstance(mark, Route):
            self.route(parent, mark, style)
        elif isinstance(mark, Squares):
            self.squares(parent, mark, style)
        elif isinstance(mark, Piece):
            x, y = mark.centre[0] * UNITS, mark.centre[1] * UNITS
            tokens.piece(drawing, parent, self.theme, mark, (x, y), style)
        elif isinstance(mark, Disc):
            parent.add(drawing.circle(self.spot(mark.centre), r=fmt(mark.radius * UNITS), **style))
        elif isinstance(mark, Text):
            parent.add(drawing.text(mark.words, insert=self.spot(mark.at), **_lettering(style, mark)))
        elif isinstance(mark, Label):
            ink, halo = style.get("fill", "#000000"), style.get("stroke")
            tokens.placed_label(drawing, parent, mark.placed, ink, self.theme.font, halo)

    def group_attributes(self, group: Group) -> dict[str, str]:
        """A group's attributes: its role's style, its name and classes,
        and the lettering it gives the texts in it."""
        attributes = _lettering(self.style(group.role), group)
        if group.name:
            attributes["id"] = group.name
        if group.classes:
            attributes["class_"] = group.classes
        return attributes

    def path(self, parent: Any, mark: Path, style: Style) -> None:
        """The strokes as one ``path`` outline (none when there are none)."""
        steps = []
        for points in mark.strokes:
            spots = [self.spot(point) for point in points]
            steps += [f"M{spots[0][0]} {spots[0][1]}", *(f"L{x} {y}" for x, y in spots[1:])]
            if mark.closed:
                steps.append("Z")
        if steps:
            parent.add(self.drawing.path(d=" ".join(steps), **style))

    def polyline(
        self,
        parent: Any,
        mark: Polyline,
        style: Style,
        at: Callable[[Point], Spot],
        length: Callable[[float], str],
    ) -> None:
        """The stroke as one ``path`` through its points, placed by ``at``
        and its width and dashes measured by ``length``."""
        attributes = {"fill": "none", **style, "stroke_width": length(mark.width)}
        if mark.dash:
            attributes["stroke_dasharray"] = " ".join(length(part) for part in mark.dash)
        d = "M" + " L".join(" ".join(at(point)) for point in mark.points)
        parent.add(self.drawing.path(d=d, **attributes))
    def route(self, parent: Any, mark: Route, style: Style) -> None:
        """The way as one ``path`` of joined steps."""
        spots = [self.spot(point) for point in mark.points]
        steps = [f"M{spots[0][0]} {spots[0][1]}", *(f"L{x} {y}" for x, y in spots[1:])]
        parent.add(self.drawing.path(d="".join(steps), **style))

    def squares(self, parent: Any, mark: Squares, style: Style) -> None:
        """The boxes as one ``path``, each from its top left round."""
        steps = []
        for left, top, right, bottom in mark.boxes:
            (x, y), across = self.spot((left, top)), fmt((right - left) * UNITS)
            down = fmt((bottom - top) * UNITS)
            steps.append(f"M{x} {y} h{across} v{down} h-{across} Z")
        parent.add(self.drawing.path(d=" ".join(steps), **style))

    def chequer(self, parent: Any, mark: Chequer, style: Style) -> None:
        """A line of the dark ink with a dashed light line along it."""
        ends = (self.spot(mark.start), self.spot(mark.end))
        parent.add(self.drawing.line(*ends, stroke=style["stroke"], stroke_width=fmt(mark.weight * UNITS)))
        dash = fmt(mark.weight * UNITS / 2)
        parent.add(
            self.drawing.line(
                *ends,
                stroke=style["fill"],
                stroke_width=fmt(mark.weight * UNITS / 2),
                stroke_dasharray=f"{dash},{dash}",
            )
        )


class _GlyphPen:
    """Paints a glyph's marks, scaled from its own square into the picture:
    each point to a tenth of a unit, each length to a hundredth."""

    def __init__(self, brush: _Brush, glyph: Glyph) -> None:
        self.brush, self.outline = brush, glyph.outline
        self.centre = (glyph.centre[0] * UNITS, glyph.centre[1] * UNITS)
        self.side = glyph.side * UNITS

    def at(self, point: Point) -> Spot:
        return (
            fmt(round(self.centre[0] + point[0] * self.side, 1)),
            fmt(round(self.centre[1] + point[1] * self.side, 1)),
        )

    def length(self, fraction: float) -> str:
        return fmt(round(fraction * self.side, 2))

    def paint(self, parent: Any, mark: Mark) -> None:
        """Add ``mark``, set in the glyph's square, to ``parent``."""
        drawing, style = self.brush.drawing, self.brush.style(mark.role)
        if isinstance(mark, Polyline):
            self.brush.polyline(parent, mark, style, self.at, self.length)
        elif isinstance(mark, Area):
            if style.get("stroke", "none") != "none":
                style = {**style, "stroke_width": self.length(self.outline)}
            parent.add(drawing.polygon([self.at(point) for point in mark.points], **style))
        elif isinstance(mark, Text):
            x, y = self.at(mark.at)
            size = (mark.size or 0.0) * self.side
            attributes = {**_lettering(style, replace(mark, size=None)), "font_size": fmt(round(size, 1))}
            parent.add(
                drawing.text(mark.words, insert=(x, fmt(round(float(y) + 0.36 * size, 1))), **attributes)
            )
