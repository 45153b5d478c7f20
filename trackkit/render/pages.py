"""Printing a true-size diagram on sheets of paper: the page plan.

The picture is cut into overlapping windows (:mod:`trackkit.picture.paper`
does the arithmetic); each window that shows something becomes one sheet.
This module decides which windows become sheets, numbers them, draws the
picture once for all of them and tells each sheet its neighbours;
:mod:`trackkit.render.sheets` draws what a sheet carries besides its part
of the picture:

* *cut lines*: a dashed line along each side of the printed area that has
  a neighbouring page (the left and top sides), with scissors on it in the
  margin: trim there;
* *trim marks*: short ticks in the margin where the neighbour's trimmed edge
  is to be laid (the right and bottom sides);
* *alignment marks* (circled crosses) in the margins, level with the middle
  of each overlap strip, at the same place on the picture on both pages, so
  they never cover the picture;
* a caption in the margins: the page's number and place, how to join the
  pages, and, at least 0.25 inch inside the paper, which page lies beyond
  each side.

Windows showing nothing (no tile, number, die or lettering) are left out
and the pages are numbered without them.  After the pages comes a *page
map*: the whole picture shrunk onto one sheet with every page's window
outlined and numbered.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trackkit.errors import LimitError
from trackkit.picture.labels import LabelPlacer
from trackkit.picture.paper import (
    MAX_PAGES,
    OVERLAP,
    PAGE_MARGIN,
    PAPERS,
    Box,
    PagePlan,
    Paper,
    Window,
    get_paper,
    margin_marks,
    plan_pages,
    plan_slivers,
    starts,
    windows_meeting,
)
from trackkit.picture.shapes import line_width
from trackkit.racepack.layout import Layout
from trackkit.render.canvas import (
    MARGIN,
    SUBTITLE_SIZE,
    TITLE_SIZE,
    UNITS,
    Canvas,
    Frame,
    serialise,
    serialise_elements,
)
from trackkit.render.layers import draw_layers
from trackkit.render.legend import ROW_HEIGHT, SWATCH, item_reach, item_width
from trackkit.render.marks import DIE_SIDE, LABEL_RADIUS
from trackkit.render.options import RenderOptions
from trackkit.render.scene import Scene
from trackkit.render.sheets import (
    POINTER_INSET,
    SCISSORS,
    PageDrawer,
    draw_captions,
    draw_corner_pointers,
    draw_cuts,
    draw_marks,
    new_sheet,
    page_map,
    window_view,
)
from trackkit.render.svg import prepare
from trackkit.render.themes import Theme

__all__ = [
    "MAX_PAGES",
    "OVERLAP",
    "PAGE_MARGIN",
    "PAPERS",
    "POINTER_INSET",
    "SCISSORS",
    "PageDrawer",
    "PagePlan",
    "Paper",
    "Window",
    "content_boxes",
    "cut_into_pages",
    "get_paper",
    "layout_page_boxes",
    "lettering_boxes",
    "margin_marks",
    "page_count",
    "page_total",
    "plan_pages",
    "render_pages",
    "starts",
]


def render_pages(layout: Layout, options: RenderOptions, paper: Paper) -> list[str]:
    """The true-size diagram of ``layout`` cut into pages of ``paper``, each
    the text of an SVG file sized to the sheet, then the page map."""
    scene, theme, frame = _prepared(layout, options, paper)

    def draw(drawing: Any, view: Any) -> LabelPlacer:
        canvas = Canvas(drawing, view, scene, theme, options, frame)
        draw_layers(canvas)
        return canvas.placer

    title = options.title or scene.title
    contents, lettering = content_boxes(scene, frame), lettering_boxes(scene, frame)
    return cut_into_pages(frame.width, frame.height, paper, title, draw, contents, lettering)


KEY_TRIES = 6
"""How many narrower keys the pages try (an inch narrower each) when the
key's full width leaves a sheet carrying only the end of one of its rows."""


def _prepared(layout: Layout, options: RenderOptions, paper: Paper) -> tuple[Scene, Theme, Frame]:
    """The scene, theme and frame of the pages: the key as wide as the
    picture, unless some sheet would then show only slivers; then the
    widest narrower key (up to :data:`KEY_TRIES` inches narrower, never
    narrower than its widest item) that needs no more sheets and leaves
    none showing only slivers (the key's last row, wrapped, often spares a
    sheet too).  The scene is placed (and the rules checked) once; each key
    width tried is only a new frame around it."""
    scene, theme, frame = prepare(layout, options)
    shown, slivers = _page_count(scene, frame, paper)
    if not slivers or not frame.legend:
        return scene, theme, frame
    widest = max(item_width(p.item) for p in frame.legend)
    room = max(p.x + item_width(p.item) for p in frame.legend)
    title = options.title or scene.title
    for tried in range(1, KEY_TRIES + 1):
        if room - tried < widest:
            break
        narrower = Frame.for_scene(scene, title, options, room - tried)
        more, slivers = _page_count(scene, narrower, paper)
        if more <= shown and not slivers:
            return scene, theme, narrower
    return scene, theme, frame


def layout_page_boxes(layout: Layout, options: RenderOptions, paper: Paper) -> tuple[list[Box], list[Box]]:
    """What the pages of ``layout`` on ``paper`` show, as boxes in inches on
    the picture: its pieces (tiles and what stands beside the loop) and its
    lines of words (see :func:`content_boxes` and :func:`lettering_boxes`)."""
    scene, _, frame = _prepared(layout, options, paper)
    return _pieces_and_words(scene, frame)


def page_total(layout: Layout, options: RenderOptions, paper: Paper) -> int:
    """How many sheets :func:`render_pages` makes of ``layout`` on ``paper``,
    the page map included, counted without drawing one: a caller can size
    a print before the work starts."""
    scene, _, frame = _prepared(layout, options, paper)
    return _page_count(scene, frame, paper)[0] + 1


def _pieces_and_words(scene: Scene, frame: Frame) -> tuple[list[Box], list[Box]]:
    words = lettering_boxes(scene, frame)
    known = set(words)
    return [box for box in content_boxes(scene, frame) if box not in known], words


def _page_count(scene: Scene, frame: Frame, paper: Paper) -> tuple[int, int]:
    """How many sheets the pages of ``frame`` take, and how many of them
    show only slivers."""
    pieces, words = _pieces_and_words(scene, frame)
    return page_count(frame.width, frame.height, paper, pieces, words)


def page_count(
    width: float, height: float, paper: Paper, pieces: Sequence[Box], words: Sequence[Box]
) -> tuple[int, int]:
    """How many sheets a ``width`` by ``height`` inch picture holding
    ``pieces`` and lines of ``words`` takes on ``paper``, and how many of
    them show only slivers (see :func:`~trackkit.picture.paper.plan_pages`)."""
    plan = plan_pages(width, height, paper, pieces, words)
    boxes = [*pieces, *words]
    return len(windows_meeting(plan, boxes)), plan_slivers(plan, pieces, words)


def cut_into_pages(
    width: float,
    height: float,
    paper: Paper,
    title: str,
    draw: PageDrawer,
    contents: Sequence[Box] | None = None,
    lettering: Sequence[Box] = (),
) -> list[str]:
    """A ``width`` by ``height`` inch picture, drawn by ``draw``, cut into
    pages of ``paper``, then the page map.  The pages are laid out to be as
    few as they can (:func:`~trackkit.picture.paper.plan_pages`: those of
    ``contents`` that are also in ``lettering`` are lines of words, the
    rest pieces); pages whose window meets none of ``contents`` (boxes in
    inches; ``None``: the whole picture) are left out; the page map's
    numbers keep clear of ``lettering``.  Raises :class:`LimitError` past :data:`MAX_PAGES` pages."""
    words, known = list(lettering), set(lettering)
    pieces = None if contents is None else [box for box in contents if box not in known]
    plan = plan_pages(width, height, paper, pieces, words)
    if len(plan) > MAX_PAGES:
        raise LimitError(
            f"the track would take {len(plan):,} {paper.name} pages; trackkit prints at most {MAX_PAGES}"
        )
    windows = list(plan.windows())
    if contents is not None:
        meeting = windows_meeting(plan, contents)
        windows = [w for w in windows if (w.row, w.column) in meeting]
    kept = windows
    picture = _SharedPicture(draw)
    numbers = {w.number: n for n, w in enumerate(kept, 1)}
    documents: list[str] = []
    for window in kept:
        drawing = new_sheet(plan)
        view = window_view(drawing, plan, window.left, window.top, window.width, window.height)
        picture.page(drawing, view)

        def beyond(rows: int, columns: int, window: Window = window) -> int | None:
            number = plan.neighbour(window, rows, columns)
            return None if number is None else numbers.get(number)

        sides = {"top": beyond(-1, 0), "bottom": beyond(1, 0), "left": beyond(0, -1), "right": beyond(0, 1)}
        draw_marks(drawing, margin_marks(plan, sides))
        corners = {(rows, columns): beyond(rows, columns) for rows in (-1, 1) for columns in (-1, 1)}
        draw_corner_pointers(drawing, plan, corners)
        draw_cuts(drawing, plan, sides)
        draw_captions(drawing, plan, f"{title} · page {numbers[window.number]} of {len(kept)}", sides)
        documents.append(picture.text(drawing))
    documents.append(page_map(picture, plan, kept, title, lettering))
    return documents


class _SharedPicture:
    """The picture, drawn by the drawer given only the first time: every
    page shows the same picture through its own window, so a track of
    thousands of tiles is laid out, labelled and written out once, not
    once a page.  Called as a drawer, it puts the elements drawn the first
    time into the new parent and gives the same record of symbols and
    labels; :meth:`page` puts a placeholder there instead, which
    :meth:`text` replaces with those elements written once.  A drawer that
    adds to the document outside its parent (nothing that could be shared)
    is run every time."""

    MARK = "shared-picture"
    """The id of the placeholder element."""

    def __init__(self, draw: PageDrawer) -> None:
        self._draw = draw
        self._elements: list[Any] | None = None
        self._placer: LabelPlacer | None = None
        self._written: dict[str, str] = {}

    def __call__(self, drawing: Any, parent: Any) -> LabelPlacer | None:
        if self._elements is not None:
            parent.elements.extend(self._elements)
            return self._placer
        before, inside = len(drawing.elements), len(parent.elements)
        placer = self._draw(drawing, parent)
        if len(drawing.elements) == before:
            self._elements, self._placer = parent.elements[inside:], placer
        return placer

    def page(self, drawing: Any, parent: Any) -> None:
        """Draw the picture into a page's window: the first time for real,
        later as the placeholder."""
        if self._elements is None:
            self(drawing, parent)
        else:
            parent.add(drawing.g(id=self.MARK))

    def text(self, drawing: Any) -> str:
        """The page as :func:`serialise` writes it, the picture in place of
        the placeholder."""
        page = serialise(drawing)
        start = page.find(f'<g id="{self.MARK}"/>')
        if self._elements is None or start < 0:
            return page
        line = page.rfind("\n", 0, start) + 1
        indent = page[line:start]
        if indent not in self._written:
            self._written[indent] = serialise_elements(self._elements, indent)
        return page[:line] + self._written[indent] + page[page.index("\n", start) + 1 :]


# --- what the picture holds, in inches -------------------------------------------


def content_boxes(scene: Scene, frame: Frame) -> list[Box]:
    """Every tile and all the lettering, as boxes on the picture: a window
    touching none of them is an empty page."""
    centres = dict.fromkeys([t.centre for t in scene.tiles] + [p.centre for p in scene.furniture.extras])
    tiles = [_table_box(frame, x - 1, y - 1, x + 1, y + 1) for x, y in centres]
    return tiles + lettering_boxes(scene, frame)


def lettering_boxes(scene: Scene, frame: Frame) -> list[Box]:
    """Where the picture has words or numbers: the title lines, the key's
    items, the corner numbers and the lap die.  Alignment marks keep off them."""
    boxes: list[Box] = []
    baseline = MARGIN
    for line in frame.title_lines:
        boxes.append(
            (MARGIN, baseline, MARGIN + line_width(line, TITLE_SIZE, bold=True), baseline + TITLE_SIZE * 1.2)
        )
        baseline += TITLE_SIZE * 1.2
    for line in frame.subtitle_lines:
        boxes.append(
            (
                MARGIN,
                baseline,
                MARGIN + line_width(line, SUBTITLE_SIZE),
                baseline + SUBTITLE_SIZE * 1.4,
            )
        )
        baseline += SUBTITLE_SIZE * 1.2
    for placed in frame.legend:
        top = frame.legend_top + placed.row * ROW_HEIGHT
        boxes.append((MARGIN + placed.x, top, MARGIN + placed.x + item_reach(placed.item), top + SWATCH))
    for label in scene.labels:
        (cx, cy), r = label.centre, LABEL_RADIUS
        boxes.append(_table_box(frame, cx - r, cy - r, cx + r, cy + r))
    if scene.die is not None:
        (cx, cy), r = scene.die.centre, DIE_SIDE / 2
        boxes.append(_table_box(frame, cx - r, cy - r, cx + r, cy + r))
    return boxes


def _table_box(frame: Frame, left: float, bottom: float, right: float, top: float) -> Box:
    return (frame.x(left) / UNITS, frame.y(top) / UNITS, frame.x(right) / UNITS, frame.y(bottom) / UNITS)


