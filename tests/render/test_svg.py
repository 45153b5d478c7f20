"""Track diagrams: the scene, the SVG, paper pages, PNG/PDF and ``trackkit render``."""

from __future__ import annotations

import itertools
import math
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import FIGURE1, FIGURE1_YAML, ROOT, SHIPPED, figure1_layout, layout_of
from typer.testing import CliRunner

from trackkit.api import output_type, page_paths
from trackkit.cli import app
from trackkit.errors import ArgumentError, TrackkitError
from trackkit.piecepack.geometry import Heading
from trackkit.racepack.analysis import numbered_corners, resolve_start
from trackkit.racepack.formats.layout_file import load_layout
from trackkit.racepack.layout import Layout
from trackkit.racepack.road import Segment
from trackkit.racepack.scene import build_scene
from trackkit.racepack.setup import covered_cells
from trackkit.render.canvas import UNITS, fmt
from trackkit.render.options import RenderOptions
from trackkit.render.pages import OVERLAP, PAGE_MARGIN, PAPERS, get_paper, margin_marks, plan_pages, starts
from trackkit.render.painter import paint_svg as render_svg
from trackkit.render.themes import get_theme

SVG = "{http://www.w3.org/2000/svg}"

HAIRPIN_WITH_HAZARDS = (ROOT / "layouts" / "hairpin.yaml").read_text() + (
    "hazards:\n"
    "  - {tile: 8, space: NW}\n"
    "  - {tile: 11, space: NE}\n"
    "  - {tile: 12, space: NE}\n"
    "  - {tile: 14, space: NE}\n"
)

GoldenCheck = Callable[[str, str], None]
"""The ``golden`` fixture (tests/conftest.py): compare text with a golden file."""


def figure1() -> Layout:
    return figure1_layout()


def east_figure1() -> Layout:
    """Figure 1 entered heading east (the shipped file turns it to face west,
    as in the rulebook); the geometry pinned in some tests is for this one."""
    return layout_of(FIGURE1_YAML)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def group(root: ET.Element, name: str) -> ET.Element:
    found = root.find(f".//{SVG}g[@id='{name}']")
    assert found is not None, f"no layer {name}"
    return found


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text")]


def key_words(root: ET.Element) -> list[str]:
    """The words of the key, without the lettering on its sample marks."""
    return [t.text or "" for t in group(root, "legend").iter(f"{SVG}text") if t.get("font-weight") is None]


# --- golden pictures ---------------------------------------------------------------


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_each_shipped_layout_matches_its_golden_svg(path: Path, golden: GoldenCheck) -> None:
    golden(f"{path.stem}.svg", render_svg(load_layout(path).layout))


def test_figure1_in_colour_matches_its_golden_svg(golden: GoldenCheck) -> None:
    golden("figure1-color.svg", render_svg(figure1(), RenderOptions(theme="color")))


def test_hairpin_with_hazards_grid_and_lanes_matches_its_golden_svg(golden: GoldenCheck) -> None:
    options = RenderOptions(theme="color", grid=True, lanes=True)
    golden("hairpin-hazards-color.svg", render_svg(layout_of(HAIRPIN_WITH_HAZARDS), options))


def test_figure1_on_letter_paper_matches_its_golden_pages(golden: GoldenCheck) -> None:
    from trackkit.render.painter import paint_pages as render_pages

    pages = render_pages(figure1(), RenderOptions(true_size=True), PAPERS["letter"])
    assert len(pages) == 7
    golden("figure1-letter-1.svg", pages[0])
    golden("figure1-letter-2.svg", pages[1])
    golden("figure1-letter-map.svg", pages[-1])


def test_docs_figure1_is_the_current_rendering_of_figure1(regen_golden: bool) -> None:
    picture = ROOT / "docs" / "figure1.svg"
    if regen_golden:
        picture.write_text(render_svg(figure1()), encoding="utf-8", newline="\n")
    assert picture.read_text(encoding="utf-8") == render_svg(figure1()), (
        "docs/figure1.svg is out of date: run trackkit render layouts/figure1.yaml -o docs/figure1.svg"
        " (or pytest --regen-golden)"
    )


# --- the scene -----------------------------------------------------------------------


def test_square_loop_has_only_its_outer_edge() -> None:
    scene = build_scene(layout_of("trackkit: 1\npath: R R R R\n"))
    assert scene.road_edges == (
        Segment((-3, -3), (-3, 1)),
        Segment((-3, -3), (1, -3)),
        Segment((-3, 1), (1, 1)),
        Segment((1, -3), (1, 1)),
    )


def test_road_edges_of_figure1_are_its_sixteen_sides() -> None:
    edges = build_scene(figure1()).road_edges
    assert len(edges) == 16
    assert sum(abs(e.end[0] - e.start[0]) + abs(e.end[1] - e.start[1]) for e in edges) == 96


def test_chicane_edges_jog_by_one_space() -> None:
    scene = build_scene(layout_of("trackkit: 1\npath: R 7S R 3S R 3S CL 3S R 3S\n"))
    chicane = scene.circuit[16]
    assert chicane.centre == (-9, -8)
    # Half of each end edge of the shifted tile, and half of each neighbour's,
    # are road edge: the road is one lane wide where the tiles meet.
    for segment in (
        Segment((-10, -9), (-9, -9)),
        Segment((-8, -9), (-7, -9)),
        Segment((-10, -7), (-9, -7)),
        Segment((-8, -7), (-7, -7)),
        Segment((-10, -9), (-10, -7)),
        Segment((-8, -9), (-8, -7)),
    ):
        assert segment in scene.road_edges


def test_figure1_corner_numbers_sit_beside_their_corners_outside_the_road() -> None:
    layout = east_figure1()
    scene = build_scene(layout)
    assert [(label.number, label.tile, label.cell) for label in scene.labels] == [
        (1, 0, (1, 1)),
        (2, 3, (1, -8)),
        (3, 4, (-4, -5)),
        (4, 6, (-1, -12)),
        (5, 11, (-14, -12)),
        (6, 13, (-11, -5)),
        (7, 14, (-16, -8)),
        (8, 17, (-16, 1)),
    ]
    corners = numbered_corners(layout.circuit, resolve_start(layout))
    assert [c.tile for c in corners] == [label.tile for label in scene.labels]
    assert not {label.cell for label in scene.labels} & covered_cells(layout.circuit)


def test_every_corner_of_every_shipped_layout_gets_its_own_free_space() -> None:
    for path in SHIPPED:
        layout = load_layout(path).layout
        scene = build_scene(layout)
        cells = [label.cell for label in scene.labels]
        assert [label.number for label in scene.labels] == list(range(1, len(layout.circuit.corners()) + 1))
        assert len(set(cells)) == len(cells), path.name
        assert not set(cells) & covered_cells(layout.circuit), path.name
        assert scene.die is not None and not set(cells) & set(scene.die.cells), path.name


def test_figure1_finish_line_and_lap_die() -> None:
    scene = build_scene(east_figure1())
    assert scene.finish is not None and scene.die is not None
    assert scene.finish.position == Fraction(21)
    assert scene.finish.heading is Heading.EAST
    assert scene.finish.ends == ((-7.0, -1.0), (-7.0, 1.0))
    assert scene.finish.cells_after == ((-7, -1), (-7, 0))
    # Clockwise: the outside of an eastward main straight is north.
    assert scene.die.side is Heading.NORTH
    assert scene.die.centre == (-7.0, 1.5)
    assert scene.die.cells == ((-8, 1), (-7, 1))
    assert scene.die.laps == 3


def test_lap_die_goes_outside_a_counterclockwise_track() -> None:
    scene = build_scene(layout_of("trackkit: 1\npath: L 3S L 3S L 3S L 3S\nlaps: 5\n"))
    assert scene.finish is not None and scene.die is not None
    assert scene.finish.heading is Heading.NORTH
    assert scene.die.side is Heading.EAST
    assert scene.die.laps == 5


def test_lap_die_moves_out_past_tiles_against_the_road() -> None:
    layout = east_figure1()
    taken = covered_cells(layout.circuit) | {(-8, 1), (-7, 1), (-8, 2), (-7, 2)}
    from trackkit.racepack.setup import finish_line, lap_die

    die = lap_die(layout, finish_line(layout), taken)
    assert die.cells == ((-8, 3), (-7, 3))


def test_arrows_point_the_driving_way_and_skip_a_tile_the_line_crosses() -> None:
    scene = build_scene(layout_of("trackkit: 1\npath: R 7S R 3S R 7S R 3S\n"))
    assert scene.finish is not None and scene.finish.position == Fraction(9, 2)
    assert [a.tile for a in scene.arrows] == [t for t in range(24) if t not in (0, 4, 8, 12, 20)]
    assert scene.arrows[0].heading is Heading.SOUTH


def test_broken_circuit_is_drawn_without_numbers_line_or_die() -> None:
    layout = layout_of("trackkit: 1\npath: R 2S R 3S R 2S R 2S\n")
    scene = build_scene(layout)
    assert not scene.whole
    assert scene.labels == () and scene.finish is None and scene.die is None
    assert scene.subtitle == "13 tiles · not a closed circuit: run 'trackkit validate'"
    root = parse(render_svg(layout))
    assert root.find(f".//{SVG}g[@id='corner-numbers']") is None
    assert len(group(root, "tiles")) == 13


# --- furniture from the other modules -----------------------------------------------


def test_pit_lane_tiles_stops_and_divider() -> None:
    scene = build_scene(load_layout(ROOT / "layouts" / "pit-lane.yaml").layout)
    furniture = scene.furniture
    assert [(p.row, p.number, p.centre, p.beside) for p in furniture.extras] == [
        ("pit", 0, (2, 2), 1),
        ("pit", 1, (4, 2), 2),
        ("pit", 2, (6, 2), 3),
        ("pit", 3, (8, 2), 4),
    ]
    # Every other space of the far lane: the first space of each pit tile.
    assert furniture.stops == ((1, 2), (3, 2), (5, 2), (7, 2))
    assert furniture.pit_dividers[0] == ((1, 1), (2, 1)) and len(furniture.pit_dividers) == 8
    assert Segment((1, 1), (9, 1)) not in scene.road_edges
    # The lap die stands outside the pit lane, not on it.
    assert scene.die is not None and scene.die.cells == ((4, 3), (5, 3))
    root = parse(render_svg(scene.layout))
    assert len(group(root, "stopping-places").findall(f".//{SVG}rect")) == 4
    assert group(root, "pit-divider").get("stroke-dasharray") == "15 10"


def test_wide_straight_carries_the_line_across_four_lanes() -> None:
    scene = build_scene(load_layout(ROOT / "layouts" / "wide-straight.yaml").layout)
    assert scene.finish is not None and scene.die is not None
    assert scene.finish.ends == ((9.0, -1.0), (9.0, 3.0))
    assert scene.finish.cells_after == ((9, -1), (9, 0), (9, 1), (9, 2))
    assert scene.die.cells == ((8, 3), (9, 3))
    assert scene.furniture.pit_cells == ()
    # No road edge between the loop and its extra row, from x = -1 to 19.
    along = [s for s in scene.road_edges if s.start[1] == s.end[1] == 1]
    assert along == [Segment((-3, 1), (-1, 1)), Segment((19, 1), (21, 1))]


def test_three_lane_wide_straight_keeps_its_outer_lane_for_the_pits() -> None:
    text = (
        (ROOT / "layouts" / "wide-straight.yaml").read_text().replace("length: 10}", "length: 10, lanes: 3}")
    )
    scene = build_scene(layout_of(text))
    assert scene.furniture.pit_cells == tuple((x, 2) for x in range(-1, 19))
    assert len(group(parse(render_svg(scene.layout)), "pit-lane-spaces")) == 20


def test_hairpin_wall_is_the_two_inch_stretch_where_the_roads_touch() -> None:
    layout = load_layout(ROOT / "layouts" / "hairpin.yaml").layout
    assert build_scene(layout).furniture.walls == (((9, -1), (11, -1)),)
    walls = group(parse(render_svg(layout)), "walls")
    [card] = walls.findall(f"{SVG}path")
    # the card seen from above: 2 inches along the shared edge, 0.16 across,
    # grey ringed in black (a barrier, not a road edge nor a chequered line)
    assert card.get("d") == "M1550 472 L1750 472 L1750 488 L1550 488 Z"
    assert (walls.get("fill"), walls.get("stroke"), walls.get("stroke-width")) == ("#808080", "#000000", "3")
    assert walls.get("stroke-dasharray") is None and card.get("stroke-dasharray") is None


def test_hazards_are_null_coins_in_suit_order() -> None:
    layout = layout_of(HAIRPIN_WITH_HAZARDS)
    hazards = build_scene(layout).furniture.hazards
    assert [(h.number, h.tile, h.cell, h.suit) for h in hazards] == [
        (1, 8, (9, -2), "suns"),
        (2, 11, (10, -8), "moons"),
        (3, 12, (8, -8), "crowns"),
        (4, 14, (4, -8), "arms"),
    ]
    coins = group(parse(render_svg(layout, RenderOptions(theme="color"))), "hazards")
    fills = [c.get("fill") for c in coins.findall(f".//{SVG}circle")]
    assert fills == ["#d62a2a", "#222222", "#2f8f3a", "#2d5fb8"]
    assert texts(coins) == ["☀", "☾", "♛", "⚜"]
    printed = parse(render_svg(layout))
    assert [c.get("fill") for c in group(printed, "hazards").findall(f".//{SVG}circle")] == ["#ffffff"] * 4
    assert key_words(printed) == [
        "driving direction",
        "start/finish line",
        "lap die (3 laps)",
        "corner, numbered in driving order",
        "wall between the hairpin's roads",
        "hazard (suns)",
        "hazard (moons)",
        "hazard (crowns)",
        "hazard (arms)",
    ]


def test_starting_grid_only_when_asked_with_the_pole_filled() -> None:
    layout = load_layout(ROOT / "layouts" / "pit-lane.yaml").layout
    assert build_scene(layout).furniture.grid == ()
    slots = build_scene(layout, grid=True).furniture.grid
    assert [(s.car, s.cell, s.pole) for s in slots] == [
        (1, (4, -1), True),
        (2, (4, 0), False),
        (3, (3, -1), False),
        (4, (3, 0), False),
    ]
    root = parse(render_svg(layout, RenderOptions(grid=True)))
    pawns = group(root, "starting-grid").findall(f"{SVG}g[@class='symbol pawn']")
    # each pawn: its base and, inside, its head ringed in its lettering's colour
    fills = [[(c.get("fill"), c.get("stroke")) for c in p.findall(f"{SVG}circle")] for p in pawns]
    assert fills == [[("#000000", "#000000"), ("#000000", "#ffffff")]] + [
        [("#ffffff", "#000000"), ("#ffffff", "#000000")]
    ] * 3
    assert key_words(root)[-2:] == ["pole car", "grid place, in starting order"]
    assert root.find(f".//{SVG}g[@id='starting-grid']") is not None
    assert parse(render_svg(layout)).find(f".//{SVG}g[@id='starting-grid']") is None


def test_inside_lane_is_shaded_only_with_lanes() -> None:
    root = parse(render_svg(figure1(), RenderOptions(lanes=True)))
    assert len(group(root, "inside-lane").findall(f"{SVG}rect")) == 48
    assert parse(render_svg(figure1())).find(f".//{SVG}g[@id='inside-lane']") is None


# --- the SVG ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_svg_parses_and_has_a_number_for_each_corner_and_the_lap_die(path: Path) -> None:
    layout = load_layout(path).layout
    root = parse(render_svg(layout))
    assert root.tag == f"{SVG}svg"
    corners = len(layout.circuit.corners())
    assert texts(group(root, "corner-numbers")) == [str(n) for n in range(1, corners + 1)]
    assert len(group(root, "corner-numbers").findall(f".//{SVG}circle")) == corners
    assert texts(group(root, "lap-die")) == [str(layout.laps)]
    extras = len(build_scene(layout).furniture.extras)
    assert len(group(root, "tiles").findall(f"{SVG}rect")) == len(layout.circuit) + extras
    assert texts(group(root, "title"))[0] == layout.name


def test_screen_size_is_in_pixels_at_48_per_inch() -> None:
    root = parse(render_svg(figure1()))
    # 1.3 title + 14 track + 1.1 to the key + one 0.48 row + 0.3 below
    assert root.get("viewBox") == "0 0 1900 1718"
    assert (root.get("width"), root.get("height")) == ("912", "824.64")


def test_true_size_gives_inches_and_two_inch_tiles() -> None:
    root = parse(render_svg(figure1(), RenderOptions(true_size=True)))
    assert (root.get("width"), root.get("height")) == ("19in", "17.18in")
    view_width = float(root.get("viewBox", "").split()[2])
    inches_per_unit = 19 / view_width
    tile = group(root, "tiles").find(f"{SVG}rect")
    assert tile is not None
    assert float(tile.get("width", "0")) * inches_per_unit == pytest.approx(2.0)
    assert float(tile.get("height", "0")) * inches_per_unit == pytest.approx(2.0)


def test_tile_squares_sit_where_the_model_puts_them() -> None:
    root = parse(render_svg(east_figure1()))
    first = group(root, "tiles").find(f"{SVG}rect")
    assert first is not None
    # Tile 0 covers x -1..1, y -1..1; the picture's left edge is x = -16.5 and
    # the track area starts 1.3 spaces down, at y = 2.5.
    assert [first.get(k) for k in ("x", "y", "width", "height")] == ["1550", "280", "200", "200"]


def test_output_is_byte_identical_each_time_and_ids_are_named() -> None:
    first = render_svg(figure1(), RenderOptions(theme="color"))
    assert first == render_svg(figure1(), RenderOptions(theme="color"))
    ids = [e.get("id") for e in parse(first).iter() if e.get("id")]
    assert ids == [
        "background",
        "tiles",
        "space-grid",
        "tile-borders",
        "road-edges",
        "arrows",
        "start-finish",
        "lap-die",
        "corner-numbers",
        "title",
        "legend",
    ]


def test_themes_change_the_colours() -> None:
    plain = parse(render_svg(figure1()))
    colour = parse(render_svg(figure1(), RenderOptions(theme="color")))
    assert group(plain, "tiles").get("fill") == "#f2f2f2"
    assert group(plain, "road-edges").get("stroke") == "#000000"
    assert group(colour, "tiles").get("fill") == "#6b7380"
    assert group(colour, "road-edges").get("stroke") == "#ffffff"


def test_unknown_theme_is_a_usage_error() -> None:
    with pytest.raises(ArgumentError, match="unknown theme 'neon'; use one of: print, color"):
        get_theme("neon")


def test_title_option_replaces_the_name() -> None:
    root = parse(render_svg(figure1(), RenderOptions(title="My Track")))
    assert texts(group(root, "title")) == ["My Track", "24 tiles · clockwise · 3 laps · 8 corners"]


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0, "0"),
        (1.5, "1.5"),
        (2.0, "2"),
        (1 / 3, "0.33"),
        (-0.001, "0"),
        (1850.0, "1850"),
        (0.1 + 0.2, "0.3"),
    ],
)
def test_numbers_are_written_with_at_most_two_decimals(value: float, text: str) -> None:
    assert fmt(value) == text


def test_units_make_one_space_a_hundredth_of_an_inch_each() -> None:
    assert UNITS == 100


# --- pages -----------------------------------------------------------------------------


def test_figure1_on_letter_takes_two_rows_of_three_upright_pages() -> None:
    plan = plan_pages(19.0, 16.8, PAPERS["letter"])
    assert (plan.rows, plan.columns, plan.landscape, len(plan)) == (2, 3, False, 6)
    assert plan.column_starts == pytest.approx((-1.25, 5.75, 12.75))
    assert plan.row_starts == pytest.approx((-1.35, 8.15))
    assert [(w.number, w.row, w.column) for w in plan.windows()][:4] == [
        (1, 1, 1),
        (2, 1, 2),
        (3, 1, 3),
        (4, 2, 1),
    ]
    first = next(plan.windows())
    assert plan.neighbour(first, 0, 1) == 2 and plan.neighbour(first, 1, 0) == 4
    assert plan.neighbour(first, -1, 0) is None


def test_wide_short_picture_turns_the_paper() -> None:
    plan = plan_pages(20.0, 6.0, PAPERS["a4"])
    assert plan.landscape
    assert (plan.rows, plan.columns) == (1, 2)


def test_small_picture_fits_one_page_centred() -> None:
    plan = plan_pages(5.0, 4.0, PAPERS["letter"])
    assert len(plan) == 1
    assert plan.column_starts == pytest.approx(((5.0 - 7.5) / 2,))


@given(length=st.floats(min_value=0.5, max_value=200), area=st.floats(min_value=2, max_value=16))
def test_windows_cover_the_picture_overlapping_by_the_overlap(length: float, area: float) -> None:
    found = starts(length, area)
    assert found[0] <= 1e-9 and found[-1] + area >= length - 1e-9
    for before, after in itertools.pairwise(found):
        assert after - before == pytest.approx(area - OVERLAP)
    assert found[0] == pytest.approx(length - (found[-1] + area))  # centred
    if len(found) > 1:
        assert len(found) == math.ceil((length - OVERLAP) / (area - OVERLAP))


def test_alignment_marks_stand_in_the_margins_level_with_the_overlaps() -> None:
    plan = plan_pages(19.0, 16.8, PAPERS["letter"])
    # a sheet with pages beyond on its left and below: two marks above and
    # below the left overlap strip, two beside the bottom one
    marks = margin_marks(plan, {"left": 1, "bottom": 5, "top": None, "right": None})
    strip = PAGE_MARGIN + OVERLAP / 2
    low = PAGE_MARGIN + plan.area_height - OVERLAP / 2
    assert marks == [
        (strip, PAGE_MARGIN / 2),
        (strip, 11.0 - PAGE_MARGIN / 2),
        (PAGE_MARGIN / 2, low),
        (8.5 - PAGE_MARGIN / 2, low),
    ]
    assert margin_marks(plan, {"left": None, "bottom": None, "top": None, "right": None}) == []


def test_pages_are_sheet_sized_svgs_showing_their_window() -> None:
    from trackkit.render.painter import paint_pages as render_pages

    pages = render_pages(figure1(), RenderOptions(true_size=True), PAPERS["a4"])
    root = parse(pages[0])
    # turned: upright sheets cut the key's "corner, numbered in driving order"
    assert (root.get("width"), root.get("height")) == ("297mm", "210mm")
    window = root.find(f"{SVG}svg")
    assert window is not None
    assert window.get("x") == fmt(PAGE_MARGIN * UNITS)
    captions = texts(group(root, "page-caption"))
    assert captions == [
        "Figure 1 · page 1 of 6",
        "Print at 100 %. Cut along each dashed line (✂), lay the cut edge",
        "on the ticks of the page beyond, each ⊕ on its twin, and tape.",
        "▼ page 3",
        "▲ page 2",
    ]
    assert len(pages) == 7
    assert texts(group(parse(pages[-1]), "page-caption"))[0] == (
        "Figure 1 · page map (not to scale): 6 pages of A4, outlined and numbered"
    )


def test_unknown_paper_is_a_usage_error() -> None:
    with pytest.raises(ArgumentError, match="unknown paper 'a3'; use one of: a4, letter"):
        get_paper("a3")


def test_page_files_are_numbered_beside_the_output() -> None:
    assert page_paths(Path("out/track.svg"), 3) == [
        Path("out/track-1.svg"),
        Path("out/track-2.svg"),
        Path("out/track-3.svg"),
    ]


def test_output_type_comes_from_the_ending() -> None:
    assert output_type("a.SVG") == ".svg"
    assert output_type("a.pdf") == ".pdf"
    with pytest.raises(ArgumentError, match=r"a.jpg: cannot write .jpg; name the output .svg, .png or .pdf"):
        output_type("a.jpg")


# --- PNG and PDF ---------------------------------------------------------------------


def needs_cairosvg() -> None:
    """Skip the test when the optional cairosvg (or the cairo library under it)
    is not installed."""
    from trackkit.render.raster import load_cairosvg

    try:
        load_cairosvg()
    except TrackkitError:
        pytest.skip("cairosvg is not installed (pip install 'trackkit[raster]')")


def test_png_is_a_deterministic_png_image() -> None:
    needs_cairosvg()
    from trackkit.render.raster import png_bytes

    svg = render_svg(figure1())
    data = png_bytes(svg)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert data == png_bytes(svg)
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (912, 825)


def test_pdf_has_one_page_per_svg_and_a_fixed_date() -> None:
    needs_cairosvg()
    from trackkit.render.painter import paint_pages as render_pages
    from trackkit.render.raster import pdf_bytes

    pages = render_pages(figure1(), RenderOptions(true_size=True), PAPERS["letter"])
    data = pdf_bytes(pages)
    assert data.startswith(b"%PDF-")
    assert data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") == 7
    assert b"20000101000000" in data
    assert data == pdf_bytes(pages)


def test_missing_cairosvg_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    from trackkit.render.raster import load_cairosvg

    with pytest.raises(TrackkitError, match=r'install it with: pip install "trackkit\[raster\]"'):
        load_cairosvg()


# --- the command -------------------------------------------------------------------



def test_render_writes_the_svg_and_says_where(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "f1.svg"
    result = runner.invoke(app, ["render", str(FIGURE1), "-o", str(out)])
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", f"wrote {out}\n")
    assert out.read_text(encoding="utf-8") == render_svg(figure1())


def test_render_without_output_prints_the_svg(runner: CliRunner) -> None:
    result = runner.invoke(app, ["render", str(FIGURE1), "--theme", "color", "--true-size"])
    assert result.exit_code == 0
    assert result.stdout == render_svg(figure1(), RenderOptions(theme="color", true_size=True))
    assert result.stderr == ""


def test_render_paper_writes_numbered_pages(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "f1.svg"
    result = runner.invoke(app, ["render", str(FIGURE1), "--paper", "letter", "-o", str(out)])
    assert result.exit_code == 0
    names = [f"f1-{n}.svg" for n in range(1, 8)]
    assert result.stderr == "".join(f"wrote {tmp_path / name}\n" for name in names)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names)
    assert parse((tmp_path / "f1-1.svg").read_text()).get("width") == "11in"


def test_render_paper_needs_an_output(runner: CliRunner) -> None:
    result = runner.invoke(app, ["render", str(FIGURE1), "--paper", "a4"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "trackkit: error: --paper writes several pages, so it needs --output\n"


def test_render_refuses_an_unknown_ending(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "f1.gif"
    result = runner.invoke(app, ["render", str(FIGURE1), "-o", str(out)])
    assert result.exit_code == 2
    assert result.stderr == f"trackkit: error: {out}: cannot write .gif; name the output .svg, .png or .pdf\n"
    assert not out.exists()


def test_render_never_overwrites_its_input(runner: CliRunner, tmp_path: Path) -> None:
    source = tmp_path / "track.svg"
    text = FIGURE1.read_text()
    source.write_text(text)
    result = runner.invoke(app, ["render", str(source), "-o", str(source)])
    assert result.exit_code == 2
    assert result.stderr == (
        f"trackkit: error: {source}: refusing to overwrite the input file; choose another output\n"
    )
    assert source.read_text() == text


def test_render_unreadable_layout_is_one_line_and_exit_2(runner: CliRunner, tmp_path: Path) -> None:
    source = tmp_path / "bad.yaml"
    source.write_text("trackkit: 1\npath: R 2X\n")
    result = runner.invoke(app, ["render", str(source)])
    assert result.exit_code == 2
    assert result.stderr == (
        f"{source}:2:9: error: unknown path token '2X' (use S, L, R, CL or CR, each with an optional count such as 4S)\n"
    )


def test_render_draws_a_broken_track_but_exits_1(runner: CliRunner, tmp_path: Path) -> None:
    source = tmp_path / "open.yaml"
    source.write_text("trackkit: 1\npath: R 2S R 3S R 2S R 2S\n")
    out = tmp_path / "open.svg"
    result = runner.invoke(app, ["render", str(source), "-o", str(out)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"wrote {out}\n"
        f"{source}: the track breaks the rules (1 error: closure); run 'trackkit validate {source}'\n"
    )
    assert out.exists()


def test_render_png_without_cairosvg_exits_2(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    out = tmp_path / "f1.png"
    result = runner.invoke(app, ["render", str(FIGURE1), "-o", str(out)])
    assert result.exit_code == 2
    assert result.stderr == (
        "trackkit: error: PNG and PDF output needs the optional cairosvg package;"
        ' install it with: pip install "trackkit[raster]"\n'
    )
    assert not out.exists()


def test_render_grid_and_lanes_options(runner: CliRunner) -> None:
    result = runner.invoke(app, ["render", str(FIGURE1), "--grid", "--lanes"])
    assert result.exit_code == 0
    assert result.stdout == render_svg(figure1(), RenderOptions(grid=True, lanes=True))


def test_render_png_and_pdf(runner: CliRunner, tmp_path: Path) -> None:
    needs_cairosvg()
    png, pdf = tmp_path / "f1.png", tmp_path / "f1.pdf"
    assert runner.invoke(app, ["render", str(FIGURE1), "-o", str(png)]).exit_code == 0
    result = runner.invoke(app, ["render", str(FIGURE1), "--paper", "a4", "-o", str(pdf)])
    assert (result.exit_code, result.stderr) == (0, f"wrote {pdf}\n")
    assert png.read_bytes().startswith(b"\x89PNG")
    assert pdf.read_bytes().startswith(b"%PDF-")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f1.pdf", "f1.png"]
