"""The label placer, and the overlap test over every shipped drawing.

Every shipped layout of Racepack, Motocross and RACE! is drawn in every mode (the
screen in both themes, with tile numbers, grid and racing line where the
game has them, and on paper pages of both sizes with the page map) and its
SVG is read back (:mod:`svg_geometry`): no two labels may overlap, no label
may cover a symbol, no hazard coin may cover an arrow, and no label may be
smaller than the least size allowed.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from svg_geometry import CASES, Mark, drawings, marks

from trackkit.picture.labels import (
    LABEL_GAP,
    MIN_TEXT,
    LabelPlacer,
    box,
    circle,
    overlaps,
    polygon,
    stroke,
    text_box,
)
from trackkit.render.options import RenderOptions


def collisions(found: Sequence[Mark]) -> list[str]:
    """Every pair of marks that must not overlap but does, in words."""
    labels = [m for m in found if m.role == "label"]
    symbols = [m for m in found if m.role == "symbol"]
    boxes = {id(mark): _box_around(mark) for mark in found}

    def meet(a: Mark, b: Mark) -> bool:
        return _boxes_meet(boxes[id(a)], boxes[id(b)]) and any(
            overlaps(x, y) for x in a.shapes for y in b.shapes
        )

    problems = [
        f"label {a.text!r} ({a.kind}) overlaps label {b.text!r} ({b.kind})"
        for a, b in itertools.combinations(labels, 2)
        if meet(a, b)
    ]
    problems += [
        f"label {a.text!r} ({a.kind}) covers a {s.kind}" for a in labels for s in symbols if meet(a, s)
    ]
    coins = [s for s in symbols if s.kind == "coin"]
    arrows = [s for s in symbols if s.kind == "arrow"]
    problems += ["a hazard coin covers an arrow" for c in coins for a in arrows if meet(c, a)]
    return problems


Box = tuple[float, float, float, float]
"""Left, top, right and bottom of the box around a mark's shapes."""


def _box_around(mark: Mark) -> Box:
    """The box around all of ``mark``'s shapes: two marks whose boxes share no
    area share none either, so most pairs of a drawing are told apart by
    their boxes alone (a mark without shapes has an empty box)."""
    bounds = [shape.bounds() for shape in mark.shapes]
    if not bounds:
        return (math.inf, math.inf, -math.inf, -math.inf)
    return (min(b[0] for b in bounds), min(b[1] for b in bounds),
            max(b[2] for b in bounds), max(b[3] for b in bounds))


def _boxes_meet(a: Box, b: Box) -> bool:
    """Whether boxes ``a`` and ``b`` share some area (touching edges do not count)."""
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


@pytest.mark.parametrize(("path", "name", "options", "paper"), CASES)
def test_no_label_overlaps_another_or_a_symbol(
    path: Path, name: str, options: RenderOptions, paper: str | None
) -> None:
    pages = [marks(svg) for svg in drawings(path, options, paper)]
    assert any(m.role == "label" for found in pages for m in found), "no labels marked"
    for page, found in enumerate(pages, 1):
        assert collisions(found) == [], f"page {page} of {len(pages)}"


@pytest.mark.parametrize(("path", "name", "options", "paper"), CASES)
def test_every_label_is_at_least_the_least_size(
    path: Path, name: str, options: RenderOptions, paper: str | None
) -> None:
    for svg in drawings(path, options, paper):
        small = {
            (m.text, round(m.size, 3)) for m in marks(svg) if m.role == "label" and m.size < MIN_TEXT - 1e-6
        }
        assert small == set()


def test_the_least_size_is_twelve_pixels_on_screen_and_over_seven_points_in_print() -> None:
    assert MIN_TEXT * 48 == 12
    assert MIN_TEXT * 72 >= 7


# --- the placer ---------------------------------------------------------------------


def test_a_label_takes_its_first_clear_candidate() -> None:
    placer = LabelPlacer()
    placer.block(circle((0, 0), 0.4), "disc")
    placed = placer.place("17", (0, 0), 0.25, [(0, 0), (1, 0), (2, 0)])
    assert placed.centre == (1, 0)
    assert placed.leader is None


def test_a_label_with_no_clear_candidate_moves_out_with_a_leader() -> None:
    placer = LabelPlacer()
    placer.block(circle((0, 0), 0.4), "disc")
    placed = placer.place("5", (0, 0), 0.25, [(0, 0)])
    assert not overlaps(placed.box, circle((0, 0), 0.4))
    assert placed.leader is not None
    assert placed.leader[0] == (0, 0)


def test_once_the_budget_of_looks_is_spent_a_label_takes_its_first_candidate() -> None:
    placer = LabelPlacer(looks_left=2)
    placer.block(circle((0, 0), 0.4), "disc")
    first = placer.place("17", (0, 0), 0.25, [(0, 0), (1, 0), (2, 0)])
    assert first.centre == (1, 0)
    assert placer.looks_left == 0
    crowded = placer.place("18", (0, 0), 0.25, [(0, 0), (3, 0)])
    assert crowded.centre == (0, 0)
    assert crowded.leader is None


def test_labels_on_a_pile_of_tiles_stop_looking_once_the_budget_is_spent() -> None:
    folded = LabelPlacer()
    for _ in range(50):
        folded.block(box(-3, -3, 3, 3), "tile")
    for number in range(400):
        folded.place(str(number), (0, 0), 0.25, [(0, 0)])
    assert folded.looks_left == 0
    assert [label.centre for label in folded.labels[-3:]] == [(0, 0)] * 3


def test_two_numbers_side_by_side_keep_a_letter_apart() -> None:
    placer = LabelPlacer()
    first = placer.place("1", (0, 0), 0.25)
    second = placer.place("1", (0.2, 0), 0.25, [(0.2, 0), (0.5, 0)])
    gap = second.box.bounds()[0] - first.box.bounds()[2]
    assert second.centre == (0.5, 0)
    assert gap >= LABEL_GAP * 0.25


def test_labels_never_fall_below_the_least_size() -> None:
    assert LabelPlacer().place("3", (0, 0), 0.1).size == MIN_TEXT


def test_the_placer_keeps_a_record_of_symbols_and_labels() -> None:
    placer = LabelPlacer()
    placer.block(box(0, 0, 1, 1), "chequer")
    placer.place("A", (3, 3), 0.3)
    assert [kind for _, kind in placer.symbols] == ["chequer"]
    assert [label.text for label in placer.labels] == ["A"]


def test_shapes_overlap_only_when_they_share_area() -> None:
    assert overlaps(box(0, 0, 1, 1), box(0.5, 0.5, 2, 2))
    assert not overlaps(box(0, 0, 1, 1), box(1, 0, 2, 1))
    assert overlaps(circle((0, 0), 1), box(0.5, 0.5, 2, 2))
    assert not overlaps(circle((0, 0), 1), box(0.8, 0.8, 2, 2))
    assert overlaps(polygon([(0, 0), (2, 0), (0, 2)]), circle((0.4, 0.4), 0.1))
    assert not overlaps(polygon([(0, 0), (2, 0), (0, 2)]), box(1.1, 1.1, 2, 2))
    assert overlaps(stroke((0, 0), (2, 0), 0.2), box(1, 0.05, 1.2, 1))


@given(
    st.floats(-5, 5),
    st.floats(-5, 5),
    st.floats(0.1, 2),
    st.floats(-5, 5),
    st.floats(-5, 5),
    st.floats(0.1, 2),
)
def test_box_overlap_agrees_with_interval_arithmetic(
    x: float, y: float, w: float, u: float, v: float, h: float
) -> None:
    expected = x < u + h and u < x + w and y < v + h and v < y + w
    assert overlaps(box(x, y, x + w, y + w), box(u, v, u + h, v + h)) == expected


def test_text_boxes_grow_with_the_text() -> None:
    left, top, right, bottom = text_box((0, 0), "12", 0.25).bounds()
    assert right - left == pytest.approx(2 * 0.7 * 0.25)
    assert bottom - top == pytest.approx(0.8 * 0.25)


def test_the_overlap_check_finds_a_label_on_a_disc_and_two_labels_in_one_place() -> None:
    import svgwrite

    from trackkit.render import tokens
    from trackkit.render.themes import PRINT

    drawing = svgwrite.Drawing(size=("100", "100"))
    tokens.disc(drawing, drawing, PRINT, "1", 50, 50, 40, "#fff", "#000", 3)
    placer = LabelPlacer()
    for text in ("17", "18"):
        placed = placer.place(text, (0.5, 0.5), 0.25, [(0.5, 0.5)], reach=0)
        tokens.placed_label(drawing, drawing, placed, "#000", "sans-serif")
    found = collisions(marks(drawing.tostring()))
    assert found == [
        "label '17' (label) overlaps label '18' (label)",
        "label '17' (label) covers a disc",
        "label '18' (label) covers a disc",
    ]
