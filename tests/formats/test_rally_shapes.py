"""Reading the players' own rally card shapes (trackkit.rally.formats.shapes)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from support import ROOT

from trackkit.errors import LayoutError
from trackkit.rally.formats.shapes import load_card_shapes, loads_card_shapes
from trackkit.rally.race.road import SHAPES, CardShape

TEMPLATE = ROOT / "docs" / "rally-card-shapes.yaml"


def test_the_shipped_template_is_trackkits_own_table() -> None:
    assert load_card_shapes(TEMPLATE) == SHAPES


def test_rows_and_lanes_are_read_from_1_and_kept_from_0() -> None:
    text = (
        "trackkit: 1\nshapes:\n  Hairpin:\n    rows: 4\n    lanes: 3\n"
        "    gates: [{row: 3, lane: 2, cost: 3}]\n    walls: [{row: 1, lane: 2}]\n"
    )
    assert loads_card_shapes(text, "s.yaml") == {
        "hairpin": CardShape(4, 3, gates=((2, 1, 3),), walls=((0, 1),))
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("trackkit: 1\n", "s.yaml:1:1: error: the file gives no card shapes"),
        ("shapes: {}\n", "s.yaml:1:1: error: missing the format version"),
        ("trackkit: 2\nshapes: {x: {rows: 1, lanes: 1}}\n", "s.yaml:1:11: error: format version 2 is not supported"),
        ("trackkit: 1\nshapes: [1]\n", "s.yaml:2:9: error: 'shapes' must map card names to shapes, not a list"),
        ("trackkit: 1\nshapes:\n  x: {rows: 9, lanes: 2}\n", "s.yaml:3:13: error: 'x.rows' is 9; it must be from 1 to 8"),
        (
            "trackkit: 1\nshapes:\n  x: {rows: 3}\n",
            "s.yaml:3:6: error: 'x' needs 'lanes', its spaces across the road, from 1 to 3",
        ),
        (
            "trackkit: 1\nshapes:\n  x: {rows: 3, lanes: 2, colour: red}\n",
            "s.yaml:3:26: error: unknown key 'colour' in 'x'",
        ),
        (
            "trackkit: 1\nshapes:\n  x: {rows: 3, lanes: 2, gates: [{row: 2, lane: 1, cost: 4}]}\n",
            "s.yaml:3:58: error: 'x.gates.cost' is 4; it must be from 1 to 3",
        ),
        (
            "trackkit: 1\nshapes:\n  x: {rows: 3, lanes: 2, gates: [{row: 2, lane: 1}]}\n",
            "s.yaml:3:34: error: each of 'x.gates' needs cost",
        ),
        (
            "trackkit: 1\nshapes:\n  x: {rows: 2, lanes: 2, gates: [{row: 3, lane: 1, cost: 1}]}\n",
            "s.yaml:3:6: error: card 'x' has a Gate at row 3, lane 1, off the card",
        ),
        (
            "trackkit: 1\nshapes:\n  x: {rows: 2, lanes: 2, walls: [{row: 1, lane: 2}]}\n",
            "s.yaml:3:6: error: card 'x' has a white line right of row 1, lane 2, not between two lanes",
        ),
        (
            "trackkit: 1\nshapes:\n  start: {rows: 3, lanes: 3}\n",
            "s.yaml:3:10: error: card 'start' holds 9 cars; the Start card must hold 12",
        ),
        (
            "trackkit: 1\nshapes:\n  checkpoint: {rows: 1, lanes: 2}\n",
            "s.yaml:3:15: error: card 'checkpoint' needs 2 rows or more",
        ),
        (
            "trackkit: 1\nshapes:\n  x: {rows: 1, lanes: 1}\n  X: {rows: 2, lanes: 1}\n",
            "s.yaml:4:3: error: card 'x' is given two shapes",
        ),
        ("trackkit: 1\nshapes:\n  a b: {rows: 1, lanes: 1}\n", "s.yaml:3:3: error: a card 'a b' is not a card name"),
    ],
)
def test_a_bad_file_names_the_line_and_column_of_each_mistake(text: str, message: str) -> None:
    with pytest.raises(LayoutError) as caught:
        loads_card_shapes(text, "s.yaml")
    assert str(caught.value).startswith(message)


def test_every_bad_shape_of_a_file_is_named_at_once() -> None:
    text = "trackkit: 1\nshapes:\n  a: {rows: 0, lanes: 1}\n  b: {rows: 1, lanes: 4}\n"
    with pytest.raises(LayoutError) as caught:
        loads_card_shapes(text, "s.yaml")
    assert [(problem.line, problem.column) for problem in caught.value.every()] == [(3, 13), (4, 23)]


def test_a_large_hostile_file_is_refused_quickly(tmp_path: Path) -> None:
    many = "".join(f"  card-{index}: {{rows: 1, lanes: 1}}\n" for index in range(5000))
    path = tmp_path / "many.yaml"
    path.write_text("trackkit: 1\nshapes:\n" + many)
    started = time.process_time()
    with pytest.raises(LayoutError, match="'shapes' names 5000 cards; trackkit reads at most 100"):
        load_card_shapes(path)
    assert time.process_time() - started < 2.0
