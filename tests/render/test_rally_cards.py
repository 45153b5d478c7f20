"""One rally card's face: its name lines and its scoring stacks' words."""

from __future__ import annotations

import pytest
import svgwrite

from trackkit.picture.labels import LabelPlacer, text_width
from trackkit.picture.sizes import CARD_WIDTH
from trackkit.rally.picture_cards import (
    INSET,
    NAME_LINES,
    NAME_SIZE,
    CardFace,
    card_lettering,
    card_marks,
    name_lines,
    values_words,
)
from trackkit.render.painter import paint_marks
from trackkit.render.themes import get_theme


@pytest.mark.parametrize(
    ("name", "lines"),
    [
        ("straight", ["straight"]),
        ("left-curve", ["left-curve"]),
        ("CHECKPOINT", ["CHECKPOINT"]),
        ("water-splash", ["water-", "splash"]),
        ("a very long name of a card", ["a very long", "name of a", "card"]),
    ],
)
def test_a_name_breaks_at_spaces_and_hyphens_into_lines_that_fit(name: str, lines: list[str]) -> None:
    assert name_lines(name) == lines


def test_a_name_too_long_for_a_card_is_cut_and_ends_in_an_ellipsis() -> None:
    lines = name_lines("x" * 200)
    assert len(lines) == NAME_LINES
    assert lines[-1].endswith("…")
    assert all(text_width(line, NAME_SIZE) <= CARD_WIDTH - 2 * INSET for line in lines)


def test_a_stack_reads_from_its_top_card_to_its_bottom_one() -> None:
    assert values_words((5, 3, 1)) == "5 to 1"


def test_a_card_records_its_icon_and_sets_every_line_of_its_face() -> None:
    drawing = svgwrite.Drawing()
    placer = LabelPlacer()
    face = CardFace(3, "checkpoint", False, ("CHECKPOINT", "1 of 3"), None, "stack 9")
    marks = (card_marks(face, (1.0, 2.0), placer), card_lettering(face, (1.0, 2.0), placer))
    paint_marks(drawing, drawing, marks, get_theme("print"), exact=True)
    text = drawing.tostring()
    # the icon is a symbol no label covers; the four lines are labels, each set once
    assert [kind for _, kind in placer.symbols] == ["icon"]
    assert [label.text for label in placer.labels] == ["3", "CHECKPOINT", "1 of 3", "stack 9"]
    assert 'class="symbol icon checkpoint"' in text
    for words in ("3", "CHECKPOINT", "1 of 3", "stack 9"):
        assert f">{words}</text>" in text
    assert "setup" not in text
