"""Special constructions: hairpins, chicanes, pit lanes and wide main straights.

Covers the recognition in :mod:`trackkit.racepack.constructions`, the rules in
:mod:`trackkit.racepack.rules.constructions`, the ``pit``/``wide`` keys of the layout
format and what ``validate`` and ``info`` say about them.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import LAYOUTS, VARIANTS, Transform, corpus_files, moved, recorded_verdicts, verdict_of
from typer.testing import CliRunner

from trackkit.api import validate as validate_layout
from trackkit.cli import app
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.geometry import Heading, Point
from trackkit.piecepack.path_text import expand_path, parse_path
from trackkit.racepack.constructions import (
    Chicane,
    ExtraTile,
    StoppingPlace,
    chicanes,
    encloses,
    extra_indices,
    extra_tiles,
    grid_depth,
    stopping_places,
    touching,
    wide_stretch,
)
from trackkit.racepack.formats.info import info_json, info_text
from trackkit.racepack.formats.layout_file import dump_layout, load_layout, loads_layout
from trackkit.racepack.layout import Layout, PitLane, WideRow
from trackkit.racepack.rules import prepared_context as make_context
from trackkit.racepack.u_turns import Hairpin, HairpinMiss, UTurn, hairpin_misses, hairpins, u_turns

EXPECTED = recorded_verdicts(VARIANTS)
SHIPPED = ("hairpin", "chicane", "pit-lane", "wide-straight")



def shipped(name: str) -> Layout:
    return load_layout(LAYOUTS / f"{name}.yaml").layout


def variant(name: str) -> Layout:
    return load_layout(VARIANTS / name).layout


def circuit_of(path: str, heading: Heading = Heading.EAST) -> Circuit:
    return Circuit.from_path(expand_path(parse_path(path)), heading=heading)


def summary(layout: Layout) -> list[str]:
    """Each finding as ``severity rule tiles...``, in report order."""
    return [
        " ".join([f.severity.value, f.rule, *map(str, f.tiles)]) for f in validate_layout(layout).findings
    ]


def verdicts(layout: Layout) -> list[tuple[str, str]]:
    """Each finding's severity and rule, sorted: what survives renumbering."""
    return sorted((f.severity.value, f.rule) for f in validate_layout(layout).findings)


# --- moving layouts about, keeping their keys pointing at the same tiles ---------


def reversed_layout(layout: Layout) -> Layout:
    """The same tiles driven the other way; tile 0 stays tile 0."""
    n = len(layout.circuit)
    circuit = Circuit.from_centres(layout.circuit.centres()).reversed()
    start = None if layout.start is None else float((1 - Fraction(layout.start)) % n)
    pit = layout.pit and replace(layout.pit, first=(n - layout.pit.first - layout.pit.length + 1) % n)
    wide = layout.wide and replace(layout.wide, first=(n - layout.wide.first - layout.wide.length + 1) % n)
    return replace(layout, circuit=circuit, start=start, pit=pit, wide=wide)


def started_layout(layout: Layout, first: int) -> Layout:
    """The same loop numbered from tile ``first``."""
    n = len(layout.circuit)
    first %= n
    circuit = Circuit.from_centres(layout.circuit.centres()).started_at(first)
    start = None if layout.start is None else float((Fraction(layout.start) - first) % n)
    pit = layout.pit and replace(layout.pit, first=(layout.pit.first - first) % n)
    wide = layout.wide and replace(layout.wide, first=(layout.wide.first - first) % n)
    return replace(layout, circuit=circuit, start=start, pit=pit, wide=wide)


def placed_layout(layout: Layout, move: Transform) -> Layout:
    return layout.with_circuit(layout.circuit.mapped(move))


def mirrored(point: Point) -> Point:
    return (point[0], -point[1])


# --- recognising hairpins --------------------------------------------------------


def test_the_rulebook_hairpin_turns_the_straights_last_tile_into_the_first_corner() -> None:
    # A straight of three tiles heading east: (0,0), (2,0), (4,0).  A tile
    # against the right of the last one makes it a right-hand corner; the
    # next touches that tile and the second-last straight tile; the last lies
    # beyond it, away from the straight.
    placed = [(0, 0), (2, 0), (4, 0), (4, -2), (2, -2), (2, -4)]
    assert touching(placed[3], placed[2]) and touching(placed[4], placed[3])
    assert touching(placed[4], placed[1])
    assert [touching(placed[5], other) for other in placed[:4]] == [False, False, False, False]
    circuit = circuit_of("2S R R L S")
    assert circuit.centres()[:6] == tuple(placed)
    assert [t.kind.value for t in circuit.tiles[:6] if t.kind] == ["S", "S", "R", "R", "L", "S"]


def test_the_wall_joins_the_third_corner_and_the_tile_before_the_first() -> None:
    layout = shipped("hairpin")
    assert hairpins(layout.circuit) == [Hairpin((6, 7, 8), (5, 8), "RRL")]
    centres = layout.circuit.centres()
    assert centres[5] == (10, 0) and centres[8] == (10, -2)
    assert touching(centres[5], centres[8])
    assert not touching(centres[7], centres[4])  # the second corner touches no straight


def test_hairpin_driven_backwards_reads_r_l_l_with_the_wall_after_the_corners() -> None:
    backwards = reversed_layout(shipped("hairpin")).circuit
    # old tiles 8, 7, 6 are new tiles 16, 17, 18; old 5 is new 19
    assert hairpins(backwards) == [Hairpin((16, 17, 18), (16, 19), "RLL")]


def test_mirrored_hairpin_turns_left_left_right() -> None:
    mirror = shipped("hairpin").circuit.mapped(mirrored)
    assert hairpins(mirror) == [Hairpin((6, 7, 8), (5, 8), "LLR")]
    assert hairpins(reversed_layout(Layout(mirror)).circuit)[0].turns == "LRR"


def test_u_turn_without_a_turn_away_is_a_miss() -> None:
    circuit = variant("hairpin-u-turn.yaml").circuit
    turn = UTurn((6, 7), "right", 5, 8)
    assert u_turns(circuit) == [turn]
    assert hairpin_misses(circuit) == [HairpinMiss(turn, shaped=False)]
    assert hairpins(circuit) == []


def test_hairpin_after_a_one_tile_straight_is_a_shaped_miss() -> None:
    circuit = variant("hairpin-short-approach.yaml").circuit
    assert hairpin_misses(circuit) == [HairpinMiss(UTurn((2, 3), "right", 1, 4), shaped=True, short=(0, 1))]


def test_two_wide_ring_has_two_u_turns() -> None:
    circuit = circuit_of("3S R R 3S R R")
    assert [t.wall for t in u_turns(circuit)] == [(2, 5), (7, 0)]
    assert all(not m.shaped for m in hairpin_misses(circuit))


def test_four_corner_loop_has_no_u_turn() -> None:
    assert u_turns(circuit_of("R R R R")) == []


def test_back_to_back_hairpins_are_both_recognised() -> None:
    circuit = circuit_of("2S R R L L 4S R 2S R 6S R 4S R")
    assert circuit.is_whole
    assert hairpins(circuit) == [Hairpin((2, 3, 4), (1, 4), "RRL"), Hairpin((3, 4, 5), (3, 6), "RLL")]
    assert summary(Layout(circuit, packs=2)) == []


# --- recognising chicanes ----------------------------------------------------------


def test_chicanes_are_listed_with_their_side() -> None:
    circuit = shipped("chicane").circuit
    assert chicanes(circuit) == [Chicane(8, "left")]
    assert chicanes(circuit.mapped(mirrored)) == [Chicane(8, "right")]
    assert chicanes(circuit_of("R 3S CL 3S R 3S R 3S CR 3S R 3S")) == [
        Chicane(4, "left"),
        Chicane(16, "right"),
    ]


# --- pit lanes and wide rows on the table ------------------------------------------


def test_pit_tiles_lie_outside_the_main_straight_and_are_numbered_after_the_loop() -> None:
    layout = shipped("pit-lane")
    assert extra_indices(layout) == {"pit": range(20, 24)}
    assert extra_tiles(layout) == (
        ExtraTile(20, "pit", 0, (2, 2), 1),
        ExtraTile(21, "pit", 1, (4, 2), 2),
        ExtraTile(22, "pit", 2, (6, 2), 3),
        ExtraTile(23, "pit", 3, (8, 2), 4),
    )
    assert extra_tiles(layout)[2].describe() == "pit tile 2 at (3, 1)"


def test_outside_of_a_counterclockwise_loop_is_on_the_right() -> None:
    layout = placed_layout(shipped("pit-lane"), mirrored)
    assert [t.centre for t in extra_tiles(layout)] == [(2, -2), (4, -2), (6, -2), (8, -2)]


def test_pit_and_wide_rows_are_numbered_pit_first() -> None:
    layout = replace(shipped("wide-straight"), pit=PitLane(2))
    assert extra_indices(layout) == {"pit": range(38, 42), "wide": range(42, 52)}


def test_stopping_places_are_the_first_far_square_of_each_pit_tile() -> None:
    third = Fraction(5, 4)
    assert stopping_places(shipped("pit-lane")) == [
        StoppingPlace(0, (Fraction(3, 4), third)),
        StoppingPlace(1, (Fraction(7, 4), third)),
        StoppingPlace(2, (Fraction(11, 4), third)),
        StoppingPlace(3, (Fraction(15, 4), third)),
    ]


def test_encloses_tells_inside_from_outside() -> None:
    circuit = shipped("pit-lane").circuit  # tiles from (0, 0) to (14, -6)
    assert encloses(circuit, (4, -2))
    assert not encloses(circuit, (4, 2))
    assert not encloses(circuit, (20, -2))
    assert not encloses(circuit, (4, 0))  # on the driving line itself


def test_wide_stretch_runs_from_the_back_of_the_grid_to_corner_one() -> None:
    circuit = shipped("wide-straight").circuit
    assert grid_depth(8) == 4 and grid_depth(7) == 4 and grid_depth(1) == 1
    assert wide_stretch(circuit, Fraction(5), 8) == (3, 4, 5, 6, 7, 8, 9)
    assert wide_stretch(circuit, Fraction(11, 2), 7) == (3, 4, 5, 6, 7, 8, 9)
    # a grid four spaces deep behind tile 1 reaches back onto corner tile 37
    assert wide_stretch(circuit, Fraction(1), 8) == (37, *range(10))


# --- the rules' context ---------------------------------------------------------------


def test_context_names_extra_tiles_and_counts_them() -> None:
    ctx = make_context(shipped("pit-lane"))
    assert ctx.describe(21) == "pit tile 1 at (2, 1)"
    assert ctx.describe(3) == "tile 3 at (3, 0)"
    assert ctx.tile_count == 24
    assert frozenset((21, 2)) in ctx.sanctioned and frozenset((21, 22)) in ctx.sanctioned


def test_hairpin_wall_is_the_only_sanctioned_contact() -> None:
    assert make_context(shipped("hairpin")).sanctioned == {frozenset((5, 8))}


# --- shipped layouts: legal every way round -------------------------------------------


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_construction_layout_has_no_findings(name: str) -> None:
    assert summary(shipped(name)) == []


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_construction_layout_is_legal_backwards(name: str) -> None:
    assert summary(reversed_layout(shipped(name))) == []


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(SHIPPED),
    st.integers(0, 3),
    st.booleans(),
    st.tuples(st.integers(-9, 9), st.integers(-9, 9)),
    st.booleans(),
    st.integers(0, 60),
)
def test_shipped_layouts_stay_legal_however_placed_driven_or_numbered(
    name: str, turns: int, mirror: bool, shift: tuple[int, int], backwards: bool, first: int
) -> None:
    layout = placed_layout(shipped(name), moved(turns, mirror, (2 * shift[0], 2 * shift[1])))
    if backwards:
        layout = reversed_layout(layout)
    layout = started_layout(layout, first)
    assert summary(layout) == []


# --- illegal variants -----------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_variant_gets_its_recorded_verdict(name: str) -> None:
    assert verdict_of(VARIANTS / name) == EXPECTED[name]


def test_every_variant_has_a_recorded_verdict() -> None:
    assert corpus_files(VARIANTS) == set(EXPECTED)


DIRECTION_FREE = [
    "chicane-next-to-corner.yaml",
    "chicane-no-start.yaml",
    "chicane-pair.yaml",
    "hairpin-short-approach.yaml",
    "hairpin-u-turn.yaml",
    "pit-inside.yaml",
    "pit-length.yaml",
    "pit-no-room.yaml",
    "pit-off-main-straight.yaml",
    "pit-over-budget.yaml",
    "pit-short-race.yaml",
    "wide-missing.yaml",
]


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(DIRECTION_FREE),
    st.integers(0, 3),
    st.booleans(),
    st.booleans(),
    st.integers(0, 60),
)
def test_variants_keep_their_verdict_however_placed_driven_or_numbered(
    name: str, turns: int, mirror: bool, backwards: bool, first: int
) -> None:
    layout = variant(name)
    expected = verdicts(layout)
    layout = placed_layout(layout, moved(turns, mirror, (0, 0)))
    if backwards:
        layout = reversed_layout(layout)
    assert verdicts(started_layout(layout, first)) == expected


def test_pit_lane_off_the_main_straight_backwards_still_fails() -> None:
    # backwards the pit lies beside tiles 12-15 (old 8-5) and runs from tile 12
    assert summary(reversed_layout(variant("pit-off-main-straight.yaml"))) == ["error pit-lane 20 12 13 14"]


def test_chicane_after_the_line_is_before_it_when_driven_backwards() -> None:
    assert summary(reversed_layout(variant("chicane-after-start.yaml"))) == []
    assert summary(reversed_layout(variant("chicane-before-start.yaml"))) == ["error chicane 5"]


def test_chicane_the_line_crosses_counts_as_after_it() -> None:
    layout = replace(variant("chicane-after-start.yaml"), start=22.5)
    assert summary(layout) == ["error chicane 22"]


def test_wide_row_short_of_corner_one_covers_the_other_direction() -> None:
    layout = variant("wide-too-short.yaml")
    assert summary(layout) == ["warning wide-straight 38 7 8 9"]
    assert summary(reversed_layout(layout)) == []


def test_six_cars_need_no_wide_straight() -> None:
    assert summary(replace(variant("wide-missing.yaml"), cars=6)) == []


def test_wide_row_with_a_pit_lane_outermost_is_legal() -> None:
    layout = replace(shipped("wide-straight"), wide=WideRow(0, 10, lanes=3))
    assert summary(layout) == []


def test_pit_lane_on_a_long_course_needs_three_laps() -> None:
    long_loop = Layout(circuit_of("10S R 4S R 3S L 2S R 6S R 7S R"), packs=2, start=5, laps=2, pit=PitLane(2))
    assert summary(long_loop) == ["warning pit-lane"]
    assert summary(replace(long_loop, laps=3)) == []


def test_tile_budget_counts_pit_and_wide_tiles() -> None:
    layout = replace(shipped("wide-straight"), wide=WideRow(0, 10), pit=PitLane(12, side="outside"))
    assert "error tile-budget" in summary(layout)


def test_rows_are_ignored_until_the_loop_closes() -> None:
    broken = Layout(circuit_of("6S R 2S R 6S R 2S"), start=3, laps=5, pit=PitLane(1))
    assert extra_tiles(broken) == ()
    assert summary(broken) == ["error closure 18 0", "warning tile-budget"]


# --- messages ---------------------------------------------------------------------------


def messages(layout: Layout) -> list[tuple[str, str | None]]:
    return [(f.message, f.hint) for f in validate_layout(layout).findings]


def test_short_hairpin_message_says_which_tiles_must_be_straight() -> None:
    assert messages(variant("hairpin-short-approach.yaml")) == [
        (
            "tile 1 at (1, 0) touches tile 4 at (1, -1): corners 5, 6 and 7 (tiles 2, 3 and 4) turn R, R, L like a hairpin,"
            " but a hairpin needs a straight of at least 2 tiles before its corners, and tile 0 at (0, 0)"
            " is a corner",
            "make tiles 0 and 1 plain straights, so that the straight before tile 2 is at least 2 tiles long",
        )
    ]


def test_short_hairpin_backwards_asks_for_the_straight_after_it() -> None:
    layout = reversed_layout(variant("hairpin-short-approach.yaml"))
    assert messages(layout) == [
        (
            "tile 24 at (1, -1) touches tile 27 at (1, 0): corners 2, 3 and 4 (tiles 24, 25 and 26) turn R, L, L like a"
            " hairpin, but a hairpin needs a straight of at least 2 tiles after its corners, and tile 0 at"
            " (0, 0) is a corner",
            "make tiles 27 and 0 plain straights, so that the straight after tile 26 is at least 2 tiles long",
        )
    ]


def test_u_turn_adjacency_message_explains_the_hairpin() -> None:
    # the two arms lie side by side for two tiles: one finding for the whole fold
    assert messages(variant("hairpin-u-turn.yaml")) == [(
        "tile 4 at (4, 0) to tile 5 at (5, 0) lie alongside tile 9 at (4, -1) to tile 8 at (5, -1), touching in"
        " 2 places; each tile may touch only the tile before it and the tile after it: corners 1 and 2 (tiles 6"
        " and 7) both turn right, folding the road back against itself, which only a hairpin may do",
        "for a hairpin (R, R, L) make tile 8 a left-hand corner; otherwise leave a tile's gap between the roads",
    )]


def test_chicane_messages() -> None:
    assert messages(variant("chicane-next-to-corner.yaml")) == [
        (
            "chicane tile 10 at (-5, -5.5) is next to corner tile 11 at (-6, -5); a chicane goes in the"
            " middle of a straight",
            "put a plain straight tile between the chicane and corner tile 11",
        )
    ]
    assert messages(variant("chicane-pair.yaml")) == [
        (
            "chicane tile 8 at (-3, -5.5) is next to chicane tile 9 at (-4, -5.5); a chicane is one tile"
            " offset in a straight, with plain straights on both sides",
            "make tile 9 a plain straight (S), or put a straight between them",
        )
    ]
    assert messages(variant("chicane-after-start.yaml")) == [
        (
            "chicane tile 22 at (-2, 0.5) is on the main straight after the start/finish line; it would"
            " narrow the road in front of the starting grid and favour the pole-setter",
            "move the chicane to another straight, or to the main straight before the line",
        )
    ]


def test_pit_lane_messages() -> None:
    assert messages(variant("pit-no-room.yaml")) == [
        (
            "the pit lane beside tiles 2-5 leaves no straight tile of the main straight (tiles 0-5) after"
            " it for cars to leave the pit lane; a pit lane of 4 tiles needs a main straight of at least 6",
            "set 'from: 1' in 'pit' to leave a tile free at each end",
        )
    ]
    assert messages(variant("pit-off-main-straight.yaml")) == [
        (
            "the pit lane beside tiles 5-8 must lie along plain straight tiles of the main straight"
            " (tiles 0-5), but tile 6 at (6, 0) is a corner, tile 7 at (6, -1) is off the main straight,"
            " tile 8 at (6, -2) is off the main straight",
            "set the pit lane's 'from' so that it lies beside the main straight",
        )
    ]
    inside = messages(variant("pit-inside.yaml"))
    assert inside[0] == (
        "pit tile 0 at (1, -1), pit tile 1 at (2, -1), pit tile 2 at (3, -1), pit tile 3 at (4, -1) lie"
        " inside the circuit; the pit lane goes against the outside of the straight",
        "lay the pit lane outside the loop: set 'side: outside' in 'pit'",
    )
    assert inside[1] == (
        "pit tile 3 at (4, -1) touches tile 10 at (4, -2); the pit lane may touch only the loop tiles it"
        " lines and its own tiles",
        "leave at least a tile's gap between the row and other roads",
    )


def test_main_straight_too_short_for_a_pit_lane() -> None:
    layout = Layout(circuit_of("4S R 2S R 4S R 2S R"), packs=2, start=2, laps=5, pit=PitLane(0))
    assert messages(layout)[-1] == (
        "the pit lane beside tiles 0-3 leaves no straight tile of the main straight (tiles 0-3) before it"
        " for cars to enter the pit lane; a pit lane of 4 tiles needs a main straight of at least 6",
        "lengthen the main straight to at least 6 tiles",
    )


def test_wide_straight_messages() -> None:
    assert messages(variant("wide-missing.yaml")) == [
        (
            "8 cars race, but the main straight is one tile wide; for more than 6 cars it should be two"
            " tiles wide from the starting grid (4 spaces behind the line) up to the first corner, beside"
            " tiles 3-9",
            "add 'wide: {from: 3, length: 7}', a second row beside those tiles",
        )
    ]
    grid_past_corner = replace(variant("wide-missing.yaml"), cars=16, start=2)
    assert messages(grid_past_corner)[1][1] == (
        "the grid reaches back to tile 37, which is not a plain straight: move the start/finish line"
        " forward or lengthen the main straight"
    )


# --- the layout format ------------------------------------------------------------------


def test_reader_gives_the_rows() -> None:
    layout = shipped("pit-lane")
    assert layout.pit == PitLane(1, 4, "outside") and layout.wide is None
    assert shipped("wide-straight").wide == WideRow(0, 10, "outside", 4)


def test_rows_written_and_read_back() -> None:
    layout = replace(shipped("pit-lane"), pit=PitLane(1, 3, "inside"), wide=WideRow(2, 2, "inside", 3))
    text = dump_layout(layout)
    assert (
        "pit: {from: 1, length: 3, side: inside}\nwide: {from: 2, length: 2, side: inside, lanes: 3}\n"
        in text
    )
    again = loads_layout(text).layout
    assert (again.pit, again.wide) == (layout.pit, layout.wide)
    assert "pit: {from: 1}\n" in dump_layout(shipped("pit-lane"), "tiles")


def test_pit_tiles_point_at_the_pit_key() -> None:
    loaded = load_layout(VARIANTS / "pit-inside.yaml")
    assert loaded.source.tiles[18] == loaded.source.keys["pit"] == (7, 1)


BASE = "trackkit: 1\npath: 6S R 2S R 6S R 2S R\n"


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ("pit: 4", "3:6: error: 'pit' must be a mapping, not '4' (e.g. pit: {from: 19})"),
        ("pit: {from: x}", "3:13: error: 'pit.from' must be a whole number, not 'x'"),
        (
            "pit: {from: 1, lenght: 4}",
            "3:16: error: unknown key 'lenght' in 'pit' (did you mean 'length'?) ('pit' knows: from, length, side)",
        ),
        (
            "pit: {side: outside}",
            "3:6: error: 'pit' needs 'from', the loop tile its row starts beside (e.g. pit: {from: 19})",
        ),
        ("pit: {from: 1, side: left}", "3:22: error: 'pit.side' is 'left'; it must be outside or inside"),
        (
            "pit: {from: 30}",
            "3:13: error: 'pit.from' is 30, beyond the last tile (19) (give a tile from 0 to 19)",
        ),
        ("pit: {from: 1, from: 2}", "3:16: error: key 'from' appears twice in 'pit' (keep one of them)"),
        ("pit:\n  from: 1\n  length: [4]", "5:11: error: 'pit.length' must be a whole number, not a list"),
        (
            "wide: {from: 1}",
            "3:7: error: 'wide' needs 'length', the number of tiles in its row (e.g. wide: {from: 19, length: 5})",
        ),
        ("wide: {from: 1, length: 5, lanes: 2}", "3:35: error: 'wide.lanes' is 2; it must be from 3 to 4"),
        (
            "wide: [1, 2]",
            "3:7: error: 'wide' must be a mapping, not a list (e.g. wide: {from: 19, length: 5})",
        ),
    ],
)
def test_bad_row_keys_exit_2_with_line_and_column(
    runner: CliRunner, tmp_path: Path, lines: str, message: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(BASE + lines + "\n")
    result = runner.invoke(app, ["validate", "-q", str(path)])
    assert result.exit_code == 2
    assert result.output == f"{path}:{message}\n"


# --- the command line ---------------------------------------------------------------------


def test_validate_text_points_at_the_pit_key(runner: CliRunner) -> None:
    path = str(VARIANTS / "pit-length.yaml")
    result = runner.invoke(app, ["validate", path])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{path}:3:1: warning[tile-budget]: the track uses 23 of the 24 tiles; the rules say to turn all"
        " twenty-four",
        "    3 | path: 6S R 2S R 6S R 2S R",
        "      | ^^^^",
        "    hint: add 1 more tile, or set 'packs: 2' if you meant a two-pack track",
        f"{path}:6:1: error[pit-lane]: the pit lane is 3 tiles long; the rules' pit lane is a row of 4 tiles",
        "    6 | pit: {from: 1, length: 3}",
        "      | ^^^",
        "    hint: make the pit lane a row of 4: set 'length: 4' in 'pit'",
        f"{path}: illegal (23 tiles: 20 in the loop, 3 in the pit lane; 1 error, 1 warning)",
    ]


def test_validate_json_gives_the_rule_ids(runner: CliRunner) -> None:
    path = str(VARIANTS / "hairpin-short-approach.yaml")
    result = runner.invoke(app, ["validate", path, "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["valid"] is False
    assert [(f["rule"], f["tiles"]) for f in data["findings"]] == [("hairpin", [2, 3, 4, 0, 1])]


@pytest.mark.parametrize("name", SHIPPED)
def test_validate_accepts_shipped_layout(runner: CliRunner, name: str) -> None:
    path = str(LAYOUTS / f"{name}.yaml")
    result = runner.invoke(app, ["validate", path])
    tiles = {
        "hairpin": "24 tiles",
        "chicane": "24 tiles",
        "pit-lane": "24 tiles: 20 in the loop, 4 in the pit lane",
        "wide-straight": "48 tiles: 38 in the loop, 10 in the wide row",
    }[name]
    assert (result.exit_code, result.output) == (0, f"{path}: legal ({tiles}; 0 errors, 0 warnings)\n")


def test_info_text_lists_each_construction() -> None:
    rows = {name: info_text(shipped(name)).splitlines() for name in SHIPPED}
    assert "hairpins:  tiles 6, 7, 8 (R, R, L; wall between tiles 5 and 8)" in rows["hairpin"]
    assert "chicanes:  tile 8 (left)" in rows["chicane"]
    assert (
        "pit lane:  4 tiles beside tiles 1-4 (outside), speed limit 3, stops at 20NW, 21NW, 22NW, 23NW"
    ) in rows["pit-lane"]
    assert "wide:      10 tiles beside tiles 0-9 (outside), 4 racing lanes" in rows["wide-straight"]


def test_info_text_of_a_plain_track_has_no_construction_rows() -> None:
    text = info_text(load_layout(LAYOUTS / "figure1.yaml").layout)
    assert not any(word in text for word in ("hairpins:", "chicanes:", "pit lane:", "wide:"))


def test_info_json_lists_each_construction() -> None:
    hairpin = info_json(shipped("hairpin"))
    assert hairpin["hairpins"] == [{"tiles": [6, 7, 8], "turns": "RRL", "wall": [5, 8]}]
    assert (hairpin["chicanes"], hairpin["pit_lane"], hairpin["wide_straight"]) == ([], None, None)
    assert info_json(shipped("chicane"))["chicanes"] == [{"tile": 8, "side": "left"}]
    assert info_json(shipped("pit-lane"))["pit_lane"] == {
        "beside": [1, 2, 3, 4],
        "side": "outside",
        "length": 4,
        "tiles": [[1, 1], [2, 1], [3, 1], [4, 1]],
        "speed_limit": 3,
        "stopping_places": [
            {"pit_tile": 0, "space": "20NW", "square": [0.75, 1.25]},
            {"pit_tile": 1, "space": "21NW", "square": [1.75, 1.25]},
            {"pit_tile": 2, "space": "22NW", "square": [2.75, 1.25]},
            {"pit_tile": 3, "space": "23NW", "square": [3.75, 1.25]},
        ],
    }
    wide = info_json(replace(shipped("wide-straight"), wide=WideRow(0, 10, lanes=3)))["wide_straight"]
    assert wide == {
        "beside": list(range(10)),
        "side": "outside",
        "length": 10,
        "tiles": [[x, 1] for x in range(10)],
        "lanes": 3,
        "pit_lane": True,
    }


def test_info_command_prints_the_json(runner: CliRunner) -> None:
    result = runner.invoke(app, ["info", str(LAYOUTS / "chicane.yaml"), "--format", "json"])
    assert result.exit_code == 0
    assert json.loads(result.output)["chicanes"] == [{"tile": 8, "side": "left"}]


def test_a_hairpin_on_a_track_that_does_not_close_yet_is_no_adjacency_error() -> None:
    layout = Layout(circuit_of("6S R R L 2S R 6S R 3S"))
    assert [(f.severity.value, f.rule) for f in validate_layout(layout).findings] == [
        ("error", "closure"),
        ("warning", "tile-budget"),
    ]


def test_a_u_turn_on_an_open_track_counts_corners_from_tile_0() -> None:
    layout = Layout(circuit_of("3S R R R 3S"))
    notes = [f.message.split(": ", 1)[1] for f in validate_layout(layout).findings if ": corners" in f.message]
    assert notes == [
        "corners 1 and 2 (tiles 3 and 4) both turn right, folding the road back against itself,"
        " which only a hairpin may do",
        "corners 2 and 3 (tiles 4 and 5) both turn right, folding the road back against itself,"
        " which only a hairpin may do",
    ]


def test_the_start_hint_never_puts_the_line_before_a_chicane() -> None:
    layout = Layout(circuit_of("R 3S CL 3S R 1S R 2S L 1S R 4S R 3S"), start=23)
    (finding,) = validate_layout(layout).findings
    assert finding.hint == "set 'start: 5' to put it on the longest straight, clear of chicanes"
    assert validate_layout(replace(layout, start=5)).findings == ()


def test_a_chicane_right_after_a_line_at_the_start_of_the_main_straight_is_an_error() -> None:
    layout = Layout(circuit_of("R 3S CL 3S R 3S R 7S R 3S"), start=1)
    assert messages(layout) == [
        (
            "the start/finish line at 1 is on the edge where corner tile 0 meets the 7-tile straight"
            " from tile 1, not across the straight; the longest straight has 7 tiles, from tile 1",
            "set 'start: 16.5' to put it in the middle of the longest straight",
        ),
        (
            "chicane tile 4 at (0.5, -4) is on the main straight after the start/finish line; it would"
            " narrow the road in front of the starting grid and favour the pole-setter",
            "move the chicane to another straight, or to the main straight before the line",
        ),
    ]


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("6S R R L 2S R 6S R 3S", "the path turns right 3 more times than left"),
        ("S L S L S R", "the path turns left once more than right"),
        ("2S R 2S L", "the path turns as often left as right"),
    ],
)
def test_closure_hint_counts_net_turns_in_words(path: str, words: str) -> None:
    (closure,) = [f for f in validate_layout(Layout(circuit_of(path))).findings if f.rule == "closure"]
    assert closure.hint is not None and closure.hint.startswith(words + ";")


def test_tile_budget_hints_count_tiles_in_the_singular() -> None:
    hints = [f.hint for f in validate_layout(Layout(circuit_of("R 2S R 7S R 2S R 8S"))).findings]
    assert "add 1 more tile, or set 'packs: 2' if you meant a two-pack track" in hints
