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
from trackkit.picture.page_search import page_cost, page_count, plan_pages, starts, windows_meeting
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
)
from trackkit.render.canvas import serialise, serialise_elements
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
    "cut_into_pages",
    "get_paper",
    "margin_marks",
    "page_cost",
    "page_count",
    "plan_pages",
    "starts",
]


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
    few as they can (:func:`~trackkit.picture.page_search.plan_pages`: those of
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
