"""Drawings of huge tracks stay quick: tile and corner numbers are capped
(every k-th, said in the key), the label placer looks only at nearby
shapes, and a track cut into pages is drawn once for all of them."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from trackkit import games
from trackkit.picture.labels import (
    LABEL_GAP,
    LINE_GAP,
    MAX_NUMBERED,
    SYMBOL_GAP,
    LabelPlacer,
    Shape,
    box,
    circle,
    numbering_note,
    numbering_step,
    overlaps,
    text_box,
)
from trackkit.picture.paper import PAPERS
from trackkit.render.options import RenderOptions
from trackkit.render.pages import cut_into_pages


def test_up_to_the_cap_every_tile_is_numbered() -> None:
    assert MAX_NUMBERED == 200
    assert [numbering_step(n) for n in (0, 24, 200, 201, 400, 401, 4424)] == [1, 1, 1, 2, 2, 3, 23]
    assert numbering_note(200) == ""
    assert numbering_note(4424) == " (every 23rd of 4,424 tiles)"
    assert numbering_note(2211, "corners") == " (every 12th of 2,211 corners)"
    assert numbering_note(401) == " (every 3rd of 401 tiles)"
    assert numbering_note(220) == " (every 2nd of 220 tiles)"
    assert numbering_note(2201) == " (every 12th of 2,201 tiles)"


def texts_in_group(svg: str, group: str) -> int:
    """How many texts the group ``group`` holds, in groups of its own too."""
    start = svg.index(f'id="{group}"')
    line = svg.rindex("\n", 0, start) + 1
    indent = svg[line : svg.index("<g", line)]
    end = svg.index(f"\n{indent}</g>", start)
    return svg.count("<text", start, end)


def test_a_racepack_track_of_1996_corners_numbers_every_10th_tile_and_corner() -> None:
    """Near the 2,000 tiles a diagram shows (4,424 before it was 2,000)."""
    layout = games.loads("trackkit: 1\npath: 1996R\n").layout
    svg = games.find_game("racepack").draw_svg(layout, RenderOptions(numbers=True))
    assert texts_in_group(svg, "tile-numbers") == 2 * 200  # a halo and the number, tiles 0, 10, ... 1990
    assert "tile number (every 10th of 1,996 tiles), as in trackkit" in svg
    assert "corner, numbered in driving order (every 10th of 1,996 corners)" in svg


def group_text(svg: str, group: str) -> str:
    """The text of the group ``group``, its own line to its closing tag."""
    start = svg.index(f'id="{group}"')
    line = svg.rindex("\n", 0, start) + 1
    indent = svg[line : svg.index("<g", line)]
    return svg[line : svg.index(f"\n{indent}</g>", start)]


def test_tiles_stacked_on_one_place_are_drawn_there_once() -> None:
    layout = games.loads("trackkit: 1\npath: 1996R\n").layout
    svg = games.find_game("racepack").draw_svg(layout, RenderOptions())
    assert group_text(svg, "tiles").count("<rect") == 4  # four corners laid round and round one square
    assert group_text(svg, "tile-borders").count(" Z") == 4
    assert group_text(svg, "arrows").count(" Z") == 4  # one head for each corner place
    # the broken rules name all four places: the piles touch side by side round the square
    assert group_text(svg, "faults").count("<rect") == 4


def test_a_motocross_course_folded_onto_itself_numbers_every_10th_of_1980_tiles() -> None:
    course = games.loads("trackkit: 1\ngame: motocross\npath: " + "10S R " * 180 + "\n").layout
    tiles = len(course)
    assert tiles == 1980
    svg = games.find_game("motocross").draw_svg(course, RenderOptions())
    assert "Tiles numbered (every 10th of 1,980 tiles) in the order played" in svg
    assert texts_in_group(svg, "build-order") == -(-tiles // numbering_step(tiles))


def test_a_track_cut_into_pages_is_drawn_once() -> None:
    calls: list[int] = []

    def draw(drawing: Any, parent: Any) -> LabelPlacer:
        calls.append(1)
        parent.add(drawing.rect(insert=(0, 0), size=(10, 10)))
        return LabelPlacer()

    pages = cut_into_pages(30.0, 20.0, PAPERS["a4"], "Wide", draw)
    assert len(pages) > 3
    assert len(calls) == 1
    assert all(page.count("<rect") >= 1 for page in pages[:-1])


coordinates = st.floats(-6, 6, allow_nan=False)
shapes = st.one_of(
    st.builds(lambda x, y, w, h: box(x, y, x + w, y + h), coordinates, coordinates, st.floats(0, 3), st.floats(0, 3)),
    st.builds(lambda x, y, r: circle((x, y), r), coordinates, coordinates, st.floats(0.01, 2)),
)


@given(
    st.lists(shapes, max_size=25),
    st.lists(st.tuples(coordinates, coordinates), max_size=12),
    coordinates,
    coordinates,
    st.sampled_from([("7", 0.25), ("123456789", 3.0)]),
)
def test_the_placer_answers_as_a_look_at_every_shape_would(
    symbols: list[Shape], earlier: list[tuple[float, float]], x: float, y: float, text_and_size: tuple[str, float]
) -> None:
    """Small labels, and labels covering more cells than the placer files
    a shape under (a page map's numbers), meet exactly what a look at
    every shape finds."""
    text, size = text_and_size
    placer = LabelPlacer()
    for symbol in symbols:
        placer.block(symbol)
    for centre in earlier:
        placer.place("12", centre, 0.25)
    label = text_box((x, y), text, size)
    left, top, right, bottom = label.bounds()
    padded = box(left - SYMBOL_GAP, top - SYMBOL_GAP, right + SYMBOL_GAP, bottom + SYMBOL_GAP)
    across, down = LABEL_GAP * size, LINE_GAP * size
    spaced = box(left - across, top - down, right + across, bottom + down)
    expected = not any(overlaps(padded, symbol) for symbol, _ in placer.symbols) and not any(
        overlaps(spaced, other.box) for other in placer.labels
    )
    assert placer.clear(label, size) == expected
