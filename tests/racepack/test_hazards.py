"""Hazards: placing them from rolls and icons, storing them, checking them,
and ``trackkit hazards``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import FIGURE1 as FIGURE1_FILE
from support import SHIPPED, figure1_layout
from typer.testing import CliRunner

from trackkit.api import validate as validate_layout
from trackkit.cli import app
from trackkit.errors import ArgumentError, LayoutError
from trackkit.racepack.formats.layout_file import dump_layout, load_layout, loads_layout
from trackkit.racepack.formats.schema import layout_schema
from trackkit.racepack.hazards import (
    HazardPlacement,
    IconSource,
    NullRule,
    place_hazards,
    with_hazards,
)
from trackkit.racepack.layout import Layout
from trackkit.racepack.spaces import Quadrant

FIGURE1 = str(FIGURE1_FILE)
FIGURE1_TEXT = Path(FIGURE1).read_text()
Q = Quadrant


figure1 = figure1_layout


def summary(placement: HazardPlacement) -> list[tuple[int, str, int, int, tuple[int, ...]]]:
    """``(tile, quadrant, roll, counted from, tiles passed)`` per token."""
    return [(t.tile, t.quadrant.value, t.roll, t.counted_from, t.passed) for t in placement.tokens]



# --- placing -----------------------------------------------------------------


def test_explicit_rolls_and_icons_follow_the_rulebook_count() -> None:
    # Corner 1 is tile 0; a 4 goes to the fourth tile past it, and each later
    # count starts from the tile just used.
    icons = {4: Q.NE, 6: Q.SW, 9: Q.SE, 14: Q.NW}
    placement = place_hazards(figure1(), rolls=(4, 2, 3, 5), icons=icons)
    assert placement.corner_tile == 0
    assert summary(placement) == [
        (4, "NE", 4, 0, ()),
        (6, "SW", 2, 4, ()),
        (9, "SE", 3, 6, ()),
        (14, "NW", 5, 9, ()),
    ]
    assert not placement.used_random
    assert {t.icon for t in placement.tokens} == {IconSource.GIVEN}


def test_a_first_null_counts_zero_and_stays_on_the_corner_1_tile() -> None:
    icons = {0: Q.SW, 1: Q.NE, 2: Q.NE, 3: Q.NE}
    placement = place_hazards(figure1(), rolls=(0, 1, 1, 1), icons=icons)
    assert summary(placement) == [
        (0, "SW", 0, 0, ()),
        (1, "NE", 1, 0, ()),
        (2, "NE", 1, 1, ()),
        (3, "NE", 1, 2, ()),
    ]


def test_a_later_null_lands_on_a_taken_space_and_moves_on() -> None:
    icons = {2: Q.NE, 3: Q.SW, 6: Q.SE, 7: Q.NW}
    placement = place_hazards(figure1(), rolls=(2, 0, 3, 1), icons=icons)
    assert summary(placement) == [
        (2, "NE", 2, 0, ()),
        (3, "SW", 0, 2, (2,)),
        (6, "SE", 3, 3, ()),
        (7, "NW", 1, 6, ()),
    ]


def test_null_rolled_again_uses_the_next_roll() -> None:
    icons = {2: Q.NE, 5: Q.SW, 6: Q.SE, 11: Q.NW}
    placement = place_hazards(figure1(), rolls=(2, 0, 3, 1, 5), icons=icons, null_rule=NullRule.REROLL)
    assert summary(placement) == [
        (2, "NE", 2, 0, ()),
        (5, "SW", 3, 2, ()),
        (6, "SE", 1, 5, ()),
        (11, "NW", 5, 6, ()),
    ]
    assert [t.rerolled for t in placement.tokens] == [0, 1, 0, 0]


def test_collision_moves_past_every_taken_tile() -> None:
    # Two packs, seven hazards: the last count wraps round to tile 1, and
    # tiles 1 and 2 already hold hazards on their icon spaces.
    icons = {tile: Q.NE for tile in range(24)}
    placement = place_hazards(figure1(packs=2), rolls=(1, 1, 5, 5, 5, 5, 3), icons=icons, count=7)
    assert [t.tile for t in placement.tokens] == [1, 2, 7, 12, 17, 22, 3]
    assert placement.tokens[-1].passed == (1, 2)
    assert placement.tokens[-1].counted_from == 22


def test_icons_recorded_in_the_layout_are_used_and_given_ones_override_them() -> None:
    layout = figure1(icons=((4, "SE"), (6, "NW")))
    placement = place_hazards(layout, rolls=(4, 2, 3, 5), icons={6: Q.NE}, seed=1)
    assert [(t.tile, t.quadrant.value, t.icon.value) for t in placement.tokens[:2]] == [
        (4, "SE", "layout"),
        (6, "NE", "given"),
    ]
    assert [t.icon for t in placement.tokens[2:]] == [IconSource.DRAWN, IconSource.DRAWN]
    assert placement.used_random


def test_the_same_seed_gives_the_same_hazards() -> None:
    first = place_hazards(figure1(), seed=2024)
    assert first == place_hazards(figure1(), seed=2024)
    assert summary(first) == [
        (3, "NW", 3, 0, ()),
        (8, "SE", 5, 3, ()),
        (9, "SW", 1, 8, ()),
        (14, "SE", 5, 9, ()),
    ]
    assert first.used_random


def test_a_shared_generator_is_used_as_it_is() -> None:
    import random

    assert place_hazards(figure1(), seed=random.Random(2024)) == place_hazards(figure1(), seed=2024)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rolls": (1, 2)}, "the 2 rolls given ran out"),
        ({"rolls": (1, 2, 3, 4, 5)}, "5 rolls given but only 4 needed"),
        ({"rolls": (0, 0, 0), "null_rule": NullRule.REROLL}, "the 3 rolls given ran out"),
        ({"count": 0}, "place at least one hazard, not 0"),
        ({"count": 5}, "5 hazards, but one piecepack has only 4 null tokens; set 'packs' for more"),
        ({"icons": {24: Q.NE}}, "icon given for tile 24, but the track's tiles are 0 to 23"),
    ],
)
def test_requests_that_cannot_be_met(options: dict[str, object], message: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        place_hazards(figure1(), seed=1, **options)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)


def test_no_more_hazards_than_tiles() -> None:
    small = loads_layout("trackkit: 1\npacks: 3\npath: R S R S R S R S\n").layout
    with pytest.raises(ArgumentError, match="9 hazards, but the 8-tile track takes at most one per tile"):
        place_hazards(small, count=9, seed=1)
    assert sorted(t.tile for t in place_hazards(small, count=8, seed=1).tokens) == list(range(8))


@settings(max_examples=60)
@given(st.integers(min_value=0, max_value=2**32 - 1), st.integers(min_value=1, max_value=8))
def test_every_placement_follows_the_count(seed: int, count: int) -> None:
    placement = place_hazards(figure1(packs=2), seed=seed, count=count)
    tokens = placement.tokens
    assert len(tokens) == count
    assert len({t.tile for t in tokens}) == count
    assert [t.counted_from for t in tokens] == [0] + [t.tile for t in tokens[:-1]]
    for token in tokens:
        landed = (token.counted_from + token.roll) % 24
        assert [*token.passed, token.tile] == [(landed + k) % 24 for k in range(len(token.passed) + 1)]


def test_with_hazards_replaces_the_stored_ones() -> None:
    placement = place_hazards(
        figure1(hazards=((1, "NE"),)), rolls=(1, 1, 1, 1), icons=dict.fromkeys(range(5), Q.SW)
    )
    assert with_hazards(figure1(), placement).hazards == ((1, "SW"), (2, "SW"), (3, "SW"), (4, "SW"))


# --- the layout keys ---------------------------------------------------------


def test_reading_and_writing_the_hazard_keys() -> None:
    text = FIGURE1_TEXT + "icons: {7: sw, 3: NE}\nhazards:\n  - {tile: 4, space: ne}\nspinout_hazards: true\n"
    layout = loads_layout(text).layout
    assert layout.icons == ((3, "NE"), (7, "SW"))
    assert layout.hazards == ((4, "NE"),)
    assert layout.spinout_hazards
    written = dump_layout(layout)
    assert written.endswith(
        "icons: {3: NE, 7: SW}\nhazards:\n  - {tile: 4, space: NE}\nspinout_hazards: true\n"
    )
    assert loads_layout(written).layout == layout


@pytest.mark.parametrize(
    ("extra", "where", "message"),
    [
        ("icons: [3, NE]", (7, 8), "'icons' must map tiles to corners"),
        ("icons: {3: N}", (7, 12), "the icon of tile 3 must be NE, NW, SE or SW, not 'N'"),
        ("icons: {-1: NE}", (7, 9), "an 'icons' key must be a tile number (0 or more), not '-1'"),
        ("icons: {3: NE, 3: SW}", (7, 16), "tile 3 appears twice in 'icons'"),
        ("hazards: {tile: 3}", (7, 10), "'hazards' must be a list of {tile, space} entries"),
        ("hazards: [3]", (7, 11), "each hazard must be a mapping {tile, space}, not '3'"),
        ("hazards: [{tile: 3}]", (7, 11), "this hazard has no 'space'"),
        ("hazards: [{tile: 3, space: NE, roll: 2}]", (7, 32), "unknown hazard key 'roll'"),
        (
            "hazards: [{tile: x, space: NE}]",
            (7, 18),
            "a hazard's tile must be a tile number (0 or more), not 'x'",
        ),
        ("spinout_hazards: 2", (7, 18), "'spinout_hazards' must be true or false, not '2'"),
    ],
)
def test_bad_hazard_keys_name_line_and_column(extra: str, where: tuple[int, int], message: str) -> None:
    with pytest.raises(LayoutError) as caught:
        loads_layout(FIGURE1_TEXT + extra + "\n", "t.yaml")
    assert (caught.value.line, caught.value.column) == where
    assert caught.value.message == message


def test_schema_knows_the_hazard_keys() -> None:
    properties = layout_schema()["properties"]
    assert properties["hazards"]["items"]["required"] == ["tile", "space"]
    assert properties["spinout_hazards"]["type"] == "boolean"
    assert properties["icons"]["additionalProperties"]["enum"][:4] == ["NE", "NW", "SE", "SW"]


# --- the rules ---------------------------------------------------------------


def hazard_findings(layout: Layout) -> list[str]:
    return [
        f"{f.severity.value} {f.tiles} {f.message}"
        for f in validate_layout(layout).findings
        if f.rule == "hazards"
    ]


def test_legal_hazards_have_no_findings() -> None:
    assert (
        hazard_findings(figure1(hazards=((4, "NE"), (6, "SW"), (9, "SE"), (14, "NW")), icons=((4, "NE"),)))
        == []
    )


def test_every_hazard_violation_is_reported() -> None:
    layout = figure1(
        hazards=((4, "NE"), (4, "NE"), (0, "SW"), (0, "NW"), (0, "SE"), (25, "SE")),
        icons=((3, "SW"), (30, "NE")),
    )
    assert hazard_findings(layout) == [
        "error () hazard 6 is on tile 25 (SE), but the track's tiles are 0 to 23",
        "error (4,) 2 hazards are on the same space, NE of tile 4 at (1, 3)",
        "warning (0,) tile 0 at (0, 0) holds 3 hazards; setup puts at most one on a tile, under its one suit icon",
        "error () the layout has 6 hazards but one piecepack has only 4 null tokens",
        "error () 'icons' gives tile 30 an icon at NE, but the track's tiles are 0 to 23",
    ]


def test_spinout_variant_allows_two_hazards_on_a_corner_but_not_three() -> None:
    two = figure1(packs=2, spinout_hazards=True, hazards=((0, "SW"), (0, "NW"), (5, "NE"), (5, "SE")))
    assert hazard_findings(two) == [
        "warning (5,) tile 5 at (1, 4) holds 2 hazards; setup puts at most one on a tile, under its one suit icon"
    ]
    three = figure1(packs=2, spinout_hazards=True, hazards=((0, "SW"), (0, "NW"), (0, "NE")))
    assert hazard_findings(three) == [
        "error (0,) corner tile 0 at (0, 0) holds 3 hazards; no corner tile may hold more than two"
    ]


def test_spinout_variant_needs_two_packs_and_lifts_the_token_count() -> None:
    many = tuple((tile, "NE") for tile in range(1, 10))
    assert hazard_findings(figure1(packs=2, spinout_hazards=True, hazards=many)) == []
    assert hazard_findings(figure1(spinout_hazards=True)) == [
        "error () the spin-out hazard variant needs the extra tokens of a second piecepack"
    ]


def test_validate_reports_hazards_from_the_file(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "h.yaml"
    path.write_text(FIGURE1_TEXT + "hazards:\n  - {tile: 4, space: NE}\n  - {tile: 4, space: NE}\n")
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 1
    assert "error[hazards]: 2 hazards are on the same space, NE of tile 4 at (1, 3)" in result.output


# --- the command -------------------------------------------------------------


def test_hazards_text_with_explicit_rolls_and_icons(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["hazards", FIGURE1, "--rolls", "2,null,3,1", "--icons", "2:NE,3:SW,6:SE,7:NW"]
    )
    assert result.exit_code == 0
    assert result.stderr == ""
    assert result.stdout.splitlines() == [
        "Figure 1: 4 hazards, counted from the corner-1 tile (0); a null counts as zero",
        "    #  roll  from  tile  space  icon    note",
        "    1  2        0     2  NE     given",
        "    2  null     2     3  SW     given   moved on past tile 2 (icon space taken)",
        "    3  3        3     6  SE     given",
        "    4  ace      6     7  NW     given",
    ]


def test_hazards_json_with_reroll(runner: CliRunner) -> None:
    args = [
        "hazards",
        FIGURE1,
        "--rolls",
        "2,null,3,1,5",
        "--null",
        "reroll",
        "--icons",
        "2:NE,5:SW,6:SE,11:NW",
    ]
    result = runner.invoke(app, [*args, "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["corner_tile"] == 0
    assert data["null_rule"] == "reroll"
    assert [(h["tile"], h["space"], h["roll"]) for h in data["hazards"]] == [
        (2, "NE", 2),
        (5, "SW", 3),
        (6, "SE", 1),
        (11, "NW", 5),
    ]
    assert data["hazards"][1] == {
        "tile": 5,
        "space": "SW",
        "roll": 3,
        "face": "3",
        "from": 2,
        "passed": [],
        "rerolled": 1,
        "icon": "given",
    }


def test_seeded_hazards_print_the_seed_and_repeat_byte_for_byte(runner: CliRunner) -> None:
    first = runner.invoke(app, ["hazards", FIGURE1, "--seed", "2024", "--format", "json"])
    second = runner.invoke(app, ["hazards", FIGURE1, "--seed", "2024", "--format", "json"])
    assert first.exit_code == second.exit_code == 0
    assert first.stderr == "seed: 2024\n"
    assert first.stdout == second.stdout
    assert [(h["tile"], h["space"]) for h in json.loads(first.stdout)["hazards"]] == [
        (3, "NW"),
        (8, "SE"),
        (9, "SW"),
        (14, "SE"),
    ]


def test_unseeded_hazards_print_a_seed_that_reproduces_them(runner: CliRunner) -> None:
    first = runner.invoke(app, ["hazards", FIGURE1])
    seed = first.stderr.removeprefix("seed: ").strip()
    again = runner.invoke(app, ["hazards", FIGURE1, "--seed", seed])
    assert first.stdout == again.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rolls", "1,7"], "trackkit: error: '7' is not a die face; use null, ace (or 1), 2, 3, 4 or 5\n"),
        (["--icons", "x"], "trackkit: error: 'x' is not an icon position; write TILE:CORNER such as 3:NE"),
        (["--rolls", "1"], "trackkit: error: the 1 rolls given ran out"),
        (["--count", "9"], "trackkit: error: 9 hazards, but one piecepack has only 4 null tokens"),
        (["--null", "never"], "trackkit: error: 'never' is not a null rule; use zero or reroll\n"),
    ],
)
def test_bad_requests_exit_2_with_one_line(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["hazards", FIGURE1, "--seed", "1", *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1


def test_write_stores_hazards_and_keeps_the_rest(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "track.yaml"
    path.write_text(FIGURE1_TEXT + "icons: {2: NE}\n")
    args = ["hazards", str(path), "--rolls", "2,null,3,1", "--icons", "3:SW,6:SE,7:NW", "--write"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    assert result.stderr == f"wrote 4 hazards to {path}\n"
    # only the 'icons' line and the new 'hazards' are written; the keys the
    # file leaves to their defaults stay unwritten, 'laps' where it was
    assert path.read_text() == (
        "trackkit: 1\n"
        "name: Figure 1\n"
        "path: R 2S R L S R 4S R S L R 2S R 6S\n"
        "heading: west\n"
        "start: 21\n"
        "laps: 3\n"
        "icons: {2: NE, 3: SW, 6: SE, 7: NW}\n"
        "hazards:\n"
        "  - {tile: 2, space: NE}\n"
        "  - {tile: 3, space: SW}\n"
        "  - {tile: 6, space: SE}\n"
        "  - {tile: 7, space: NW}\n"
    )
    assert runner.invoke(app, ["validate", str(path)]).exit_code == 0


def test_write_keeps_the_tiles_form(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "tiles.yaml"
    path.write_text(runner.invoke(app, ["convert", FIGURE1, "--to", "tiles"]).stdout)
    result = runner.invoke(app, ["hazards", str(path), "--seed", "5", "--write"])
    assert result.exit_code == 0
    loaded = load_layout(path)
    assert loaded.source.form == "tiles"
    assert len(loaded.layout.hazards) == 4


def test_write_that_fails_leaves_the_file_alone(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "track.yaml"
    path.write_text(FIGURE1_TEXT)
    result = runner.invoke(app, ["hazards", str(path), "--rolls", "1,2", "--write"])
    assert result.exit_code == 2
    assert path.read_text() == FIGURE1_TEXT
    assert [p.name for p in tmp_path.iterdir()] == ["track.yaml"]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
@pytest.mark.parametrize("form", ["text", "json"])
def test_hazards_work_on_every_shipped_layout(runner: CliRunner, path: Path, form: str) -> None:
    result = runner.invoke(app, ["hazards", str(path), "--seed", "11", "--format", form])
    assert result.exit_code == 0, result.output
    assert result.stderr == "seed: 11\n"
    if form == "json":
        assert len(json.loads(result.stdout)["hazards"]) == 4


def test_write_stores_the_icons_it_drew_so_a_reroll_keeps_them(runner: CliRunner, tmp_path: Path) -> None:
    track = tmp_path / "track.yaml"
    track.write_text(FIGURE1_FILE.read_text())
    first = runner.invoke(app, ["hazards", str(track), "--seed", "5", "--write"])
    assert first.exit_code == 0
    stored = load_layout(track).layout
    assert stored.icons == ((4, "SE"), (9, "SE"), (14, "NE"), (17, "NW"))
    again = runner.invoke(app, ["hazards", str(track), "--rolls", "4,5,5,3", "--seed", "6"])
    assert again.output.splitlines()[2:] == [
        "    1  4        0     4  SE     layout",
        "    2  5        4     9  SE     layout",
        "    3  5        9    14  NE     layout",
        "    4  3       14    17  NW     layout",
    ]
