"""Property tests: validation does not care where a track lies on the table,
which way up it is, where its tile list starts or which way it is driven; and
the two ways of writing a circuit describe the same tiles."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from support import ROOT, Transform, game_of_file, moved

from trackkit.api import validate as validate_layout
from trackkit.findings import Report
from trackkit.piecepack.circuit import Circuit, Kind
from trackkit.piecepack.geometry import Point
from trackkit.piecepack.path_text import expand_path, parse_path
from trackkit.racepack.formats.layout_file import dump_layout, load_layout, loads_layout
from trackkit.racepack.layout import Layout

BANK = [
    load_layout(p).layout
    for folder in ("layouts", "tests/corpus")
    for p in sorted((ROOT / folder).glob("*.yaml"))
    if p.name != "expected.yaml" and game_of_file(p) == "racepack"
]



def rectangle(width: int, height: int, chicanes: list[int]) -> Circuit:
    """A rectangular loop; straight tiles listed in ``chicanes`` become chicanes
    (only where both neighbours are plain straights, so the loop stays whole)."""
    side = [Kind.RIGHT] + [Kind.STRAIGHT] * (width - 2) + [Kind.RIGHT] + [Kind.STRAIGHT] * (height - 2)
    kinds = side * 2
    for index in chicanes:
        i = index % len(kinds)
        before, after = kinds[i - 1], kinds[(i + 1) % len(kinds)]
        if kinds[i] is Kind.STRAIGHT and before is Kind.STRAIGHT and after is Kind.STRAIGHT:
            kinds[i] = Kind.CHICANE_LEFT if index % 2 else Kind.CHICANE_RIGHT
    return Circuit.from_path(kinds)


rectangles = st.builds(
    rectangle,
    st.integers(2, 9),
    st.integers(2, 9),
    st.lists(st.integers(0, 40), max_size=3),
).map(lambda circuit: Layout(circuit))

open_paths = st.lists(st.sampled_from(["S", "L", "R", "CL", "CR"]), min_size=1, max_size=14).map(
    lambda tokens: Layout(Circuit.from_path(expand_path(parse_path(" ".join(tokens)))))
)

layouts = st.one_of(st.sampled_from(BANK), rectangles, open_paths)


@st.composite
def placements(draw: st.DrawFn) -> Transform:
    """A rotation by quarter turns, an optional mirror and a whole-tile shift."""
    turns = draw(st.integers(0, 3))
    mirror = draw(st.booleans())
    dx, dy = 2 * draw(st.integers(-20, 20)), 2 * draw(st.integers(-20, 20))
    return moved(turns, mirror, (dx, dy))


def as_tiles(layout: Layout) -> Layout:
    return layout.with_circuit(Circuit.from_centres(layout.circuit.centres()))


def signature(layout: Layout, report: Report, where: Transform | None = None) -> list[tuple[str, str, tuple[Point, ...]]]:
    """Each finding by rule, severity and the places (not numbers) of its tiles."""
    move = where or (lambda p: p)
    centres = layout.circuit.centres()
    return sorted(
        (f.rule, f.severity.value, tuple(sorted(move(centres[t]) for t in f.tiles))) for f in report.findings
    )


@settings(max_examples=150, deadline=None)
@given(layouts, placements())
def test_findings_do_not_depend_on_placement(layout: Layout, move: Transform) -> None:
    before = as_tiles(layout)
    after = layout.with_circuit(before.circuit.mapped(move))
    report_before, report_after = validate_layout(before), validate_layout(after)
    assert report_before.valid == report_after.valid
    assert signature(before, report_before, move) == signature(after, report_after)


closed_layouts = st.one_of(st.sampled_from([b for b in BANK if b.circuit.is_whole]), rectangles).map(
    lambda layout: Layout(layout.circuit, packs=layout.packs)
)


@settings(max_examples=150, deadline=None)
@given(closed_layouts, st.booleans(), st.integers(0, 100))
def test_findings_do_not_depend_on_direction_or_first_tile(layout: Layout, backwards: bool, first: int) -> None:
    before = as_tiles(layout)
    circuit = before.circuit.started_at(first % len(before.circuit))
    if backwards:
        circuit = circuit.reversed()
    after = before.with_circuit(circuit)
    report_before, report_after = validate_layout(before), validate_layout(after)
    assert report_before.valid == report_after.valid
    assert signature(before, report_before) == signature(after, report_after)


@settings(max_examples=150, deadline=None)
@given(closed_layouts, placements())
def test_path_and_tiles_round_trip(layout: Layout, move: Transform) -> None:
    placed = layout.with_circuit(layout.circuit.mapped(move))
    as_path = loads_layout(dump_layout(placed, "path")).layout
    as_tiles_again = loads_layout(dump_layout(as_path, "tiles")).layout
    assert as_path.circuit.centres() == placed.circuit.centres()
    assert as_tiles_again.circuit.centres() == placed.circuit.centres()
    assert as_tiles_again.circuit.kinds() == placed.circuit.kinds()


@settings(max_examples=100, deadline=None)
@given(closed_layouts)
def test_reversing_twice_gives_the_same_tiles(layout: Layout) -> None:
    circuit = layout.circuit
    assert circuit.reversed().reversed().centres() == circuit.centres()
    assert circuit.reversed().turning_number() == -circuit.turning_number()
