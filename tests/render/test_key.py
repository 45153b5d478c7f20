"""The parts of a diagram that explain it: the key, tile numbers, the tiles
at fault, the curved arrows on corners and the lap die's faces."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from support import FIGURE1, LAYOUTS, ROOT, SHIPPED, game_of_file
from svg_geometry import CASES, drawings, marks
from typer.testing import CliRunner

from trackkit.api import describe
from trackkit.board import die_face
from trackkit.cli import app
from trackkit.picture.key import LegendItem, item_width, legend_rows
from trackkit.piecepack.geometry import Heading
from trackkit.racepack.formats.layout_file import load_layout, loads_layout
from trackkit.racepack.road import Turn
from trackkit.racepack.scene import build_scene
from trackkit.render.options import RenderOptions
from trackkit.render.painter import paint_svg as render_svg

SVG = "{http://www.w3.org/2000/svg}"

BROKEN = "trackkit: 1\nname: Broken loop\npath: R 2S R L S R 4S R S L R 2S R 5S R\n"
"""Figure 1 with its last straight one tile short and a corner instead: the
road leaves tile 23 heading south, so the loop does not close."""


def layer(svg: str, name: str) -> ET.Element | None:
    return ET.fromstring(svg.encode("utf-8")).find(f".//{SVG}g[@id='{name}']")


def words(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text") if t.get("font-weight") is None]


def test_tile_numbers_are_off_for_a_legal_track_and_on_for_an_illegal_one() -> None:
    legal = load_layout(FIGURE1).layout
    assert layer(render_svg(legal), "tile-numbers") is None
    shown = layer(render_svg(legal, RenderOptions(numbers=True)), "tile-numbers")
    assert shown is not None
    assert [t.text for t in shown.iter(f"{SVG}text") if t.get("stroke") == "none"] == [
        str(i) for i in range(24)
    ]
    broken = render_svg(loads_layout(BROKEN).layout)
    assert layer(broken, "tile-numbers") is not None
    assert (
        layer(render_svg(loads_layout(BROKEN).layout, RenderOptions(numbers=False)), "tile-numbers") is None
    )


def test_tiles_a_broken_rule_names_are_ringed_and_keyed() -> None:
    svg = render_svg(loads_layout(BROKEN).layout, RenderOptions(theme="color"))
    rings = layer(svg, "faults")
    assert rings is not None
    assert rings.get("stroke") == "#ff2d2d"
    # The closure finding names tile 23 (at (-1, 0)) and tile 0 (at (0, 0)):
    # two rings, each inset 0.08 spaces inside its 2-space tile.
    assert [r.get("width") for r in rings.iter(f"{SVG}rect")] == ["184", "184"]
    key = layer(svg, "legend")
    assert key is not None
    assert words(key) == [
        "driving direction",
        "tile number, as in trackkit's messages",
        "tile breaking a rule: run trackkit validate",
    ]
    printed = layer(render_svg(loads_layout(BROKEN).layout), "faults")
    assert printed is not None
    assert (printed.get("stroke"), printed.get("stroke-dasharray")) == ("#000000", "20 10")


def test_render_numbers_option() -> None:
    result = CliRunner().invoke(app, ["render", str(FIGURE1), "--numbers"])
    assert result.exit_code == 0
    assert 'id="tile-numbers"' in result.stdout


def test_every_corner_gets_a_curved_arrow() -> None:
    scene = build_scene(load_layout(FIGURE1).layout)
    assert len(scene.turns) == 8
    assert {t.tile for t in scene.turns} == {c.index for c in scene.circuit.corners()}


def test_a_turn_follows_the_middle_of_the_road_round_the_inner_corner() -> None:
    # Entering heading east and leaving north: the road comes in at the west
    # side's middle (-1, 0), bends about the north-west corner (-1, 1) and
    # leaves at the north side's middle (0, 1).
    turn = Turn(0, (0, 0), Heading.EAST, Heading.NORTH)
    assert turn.along(0) == pytest.approx((-1, 0))
    assert turn.along(1) == pytest.approx((0, 1))
    half = math.sqrt(0.5)
    assert turn.along(0.5) == pytest.approx((-1 + half, 1 - half))


@pytest.mark.parametrize(("laps", "face"), [(0, ""), (1, "A"), (2, "2"), (5, "5"), (6, "6"), (9, "9")])
def test_lap_die_faces_are_a_piecepack_die_s(laps: int, face: str) -> None:
    assert die_face(laps) == face


def test_key_rows_break_between_items() -> None:
    items = tuple(LegendItem("corner", "x" * n) for n in (10, 10, 10))
    one = item_width(items[0])
    placed = legend_rows(items, 2 * one + 0.5)
    assert [(p.row, p.x) for p in placed] == [(0, 0), (0, pytest.approx(one + 0.4)), (1, 0)]
    assert [p.row for p in legend_rows(items, 0.1)] == [0, 1, 2]


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_corner_numbers_never_touch_and_sit_nearest_their_own_corner(path: Path) -> None:
    scene = build_scene(load_layout(path).layout)
    corners = {label.tile: scene.circuit[label.tile].centre for label in scene.labels}

    def gap(cell: tuple[int, int], centre: tuple[int, int]) -> float:
        dx = max(0.0, abs(cell[0] + 0.5 - centre[0]) - 1)
        dy = max(0.0, abs(cell[1] + 0.5 - centre[1]) - 1)
        return math.hypot(dx, dy)

    for a, b in itertools.combinations(scene.labels, 2):
        assert max(abs(a.cell[0] - b.cell[0]), abs(a.cell[1] - b.cell[1])) > 1, (a.number, b.number)
    for label in scene.labels:
        own = gap(label.cell, corners[label.tile])
        assert all(gap(label.cell, c) > own for t, c in corners.items() if t != label.tile), label.number


def test_a_tile_number_moves_to_a_corner_clear_of_a_coin() -> None:
    # A hazard lies on tile 8's north-west space, so its number goes to the
    # north-east corner; tile 9, straight below, keeps the north-west one.
    # Each stands 0.16 space inside its tile's edge (clear of a fault ring),
    # and a one-letter number is 0.7 x 0.25 space wide.
    text = (LAYOUTS / "hairpin.yaml").read_text() + "hazards:\n  - {tile: 8, space: NW}\n"
    numbers = layer(render_svg(loads_layout(text).layout, RenderOptions(numbers=True)), "tile-numbers")
    assert numbers is not None
    x = {t.text: float(t.get("x", "0")) for t in numbers.iter(f"{SVG}text") if t.get("stroke") == "none"}
    assert x["8"] - x["9"] == pytest.approx(200 - 2 * 16 - 0.7 * 25)


# --- a complete key ------------------------------------------------------------------

KEYED = {
    "arrow": {"arrow"},
    "chequer": {"finish"},
    "die": {"die"},
    "disc": {"corner"},
    "pawn": {"pole", "car"},
    "coin": {"hazard"},
    "stop": {"stop"},
    "wall": {"wall"},
    "fault": {"fault"},
    "turn-end": {"racing"},
}
"""The key items a Racepack drawing needs for each kind of symbol it shows."""

MOTOCROSS_KEY = {
    "coin": "Coins",
    "ramp": "raised edge",
    "chequer": "Chequers",
    "label": "Tiles numbered",
    "fault": "Rings: tiles breaking a rule",
}
"""The words of a Motocross drawing's key that explain each kind of mark."""

RACE_KEYED = {
    "arrow": {"arrow"},
    "chequer": {"finish"},
    "wall": {"wall"},
    "disc": {"pole"},
    "fault": {"fault"},
}
"""The key items a RACE! drawing needs for each kind of symbol it shows."""


def rally_needed(svg: str) -> set[str]:
    """The key items a rally drawing must have: the icon of every card
    shown, each kind of scoring stack, the ring round a card at fault."""
    kinds = [m.kind for m in marks(svg) if m.role == "symbol" and m.kind != "swatch"]
    root = ET.fromstring(svg.encode("utf-8"))
    classes = [g.get("class", "").split() for g in root.iter(f"{SVG}g")]
    icons = {c[2] for c in classes if c[:2] == ["symbol", "icon"]}
    stacks = {c[2] for c in classes if c[:2] == ["symbol", "stack"]}
    return icons | stacks | ({"fault"} if "fault" in kinds else set())


def race_needed(svg: str) -> set[str]:
    """The key items a RACE! drawing must have, from what it shows: its
    symbols, a shade for each corner rating written on it, and the tiles."""
    root = ET.fromstring(svg.encode("utf-8"))
    drawn = {m.kind for m in marks(svg) if m.role == "symbol" and m.kind != "swatch"}
    items = set().union(*(RACE_KEYED[kind] for kind in drawn)) if drawn else set()
    corners = root.find(f".//{SVG}g[@id='corners']")
    ratings = {t.text or "" for t in corners.iter(f"{SVG}text")} if corners is not None else set()
    items |= {f"corner-{rating.removeprefix('R')}" for rating in ratings}
    tiles = root.find(f".//{SVG}g[@id='tiles']")
    items |= {"tile"} if tiles is not None and len(tiles) else set()
    return items


def swatches(svg: str) -> set[str]:
    root = ET.fromstring(svg.encode("utf-8"))
    return {
        g.get("class", "").split()[2]
        for g in root.iter(f"{SVG}g")
        if g.get("class", "").startswith("symbol swatch ")
    }


def needed(svg: str, layout: Path) -> set[str]:
    """The key items a Racepack drawing must have, from what it shows."""
    root = ET.fromstring(svg.encode("utf-8"))
    drawn = {m.kind for m in marks(svg) if m.role == "symbol" and m.kind != "swatch"}
    items = set().union(*(KEYED[kind] for kind in drawn)) if drawn else set()
    groups = {g.get("id") for g in root.iter(f"{SVG}g")}
    items |= {
        item for group, item in (("inside-lane", "inside"), ("pit-divider", "divider")) if group in groups
    }
    items |= {"number"} if "tile-numbers" in groups else set()
    found = describe(layout, as_json=True).shown
    assert isinstance(found, dict)
    items |= {"chicane"} if found["chicanes"] else set()
    items |= {"pit"} if found["pit_lane"] or (found["wide_straight"] or {}).get("pit_lane") else set()
    return items


BROKEN_LAYOUTS = [
    ROOT / "tests" / "motocross" / "corpus" / "adjacent-gap.yaml",
    ROOT / "tests" / "race" / "corpus" / "corner-radius.yaml",
    ROOT / "tests" / "rally" / "corpus" / "end-on-a-jump.yaml",
]
"""A layout of each game but Racepack that breaks a rule (Racepack's is
:data:`BROKEN`), so that its fault marks show."""


@pytest.mark.parametrize("path", BROKEN_LAYOUTS, ids=lambda p: p.parent.parent.name)
@pytest.mark.parametrize("theme", ["print", "color"])
def test_every_mark_on_a_broken_drawing_is_in_its_key(path: Path, theme: str) -> None:
    (svg,) = drawings(path, RenderOptions(theme=theme), None)
    assert any(m.kind == "fault" for m in marks(svg))
    check_key(path, svg)


@pytest.mark.parametrize(("path", "name", "options", "paper"), [c for c in CASES if c.values[3] is None])
def test_every_mark_on_a_drawing_is_in_its_key(
    path: Path, name: str, options: RenderOptions, paper: None
) -> None:
    (svg,) = drawings(path, options, paper)
    check_key(path, svg)


def check_key(path: Path, svg: str) -> None:
    """Every kind of mark ``svg`` (a drawing of ``path``) shows has its item in the key."""
    if game_of_file(path) == "motocross":
        words = " ".join(t.text or "" for t in ET.fromstring(svg.encode()).iter(f"{SVG}text"))
        kinds = {m.kind for m in marks(svg)}
        assert {kind for kind in kinds if kind in MOTOCROSS_KEY and MOTOCROSS_KEY[kind] not in words} == set()
        return
    shown = swatches(svg)
    if game_of_file(path) == "rally":
        assert rally_needed(svg) <= shown
        return
    if game_of_file(path) == "race":
        assert race_needed(svg) <= shown
        assert len(svg.split('class="symbol disc"')) <= 2 or "grid" in shown
        return
    assert needed(svg, path) <= shown
    assert {"pole", "car"} <= shown or not {"pole", "car"} & shown
