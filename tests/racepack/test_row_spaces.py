"""The wide row's spaces and steps (trackkit.racepack.row_spaces), and the
board and race track that hold them."""

from __future__ import annotations

import pytest
from support import layout_of

from trackkit.racepack.layout import Layout
from trackkit.racepack.movement.analysis import board_of
from trackkit.racepack.movement.board import HEADINGS
from trackkit.racepack.race.track import RaceTrack
from trackkit.racepack.row_spaces import racing_steps, row_steps, space_cells, wide_row
from trackkit.racepack.spaces import Quadrant, Space, StepKind, steps


def box(lanes: int = 4) -> Layout:
    """Fourteen tiles driven clockwise, south down the first straight (loop
    tiles 1-4); a three-tile row east of tiles 1-3 (tiles 14-16)."""
    return layout_of(
        "trackkit: 1\nname: Box\npath: R 4S R S R 4S R S\nstart: 3\nlaps: 3\n"
        f"wide: {{from: 1, length: 3, lanes: {lanes}}}\n"
    )


def moves(layout: Layout) -> set[tuple[str, str, str]]:
    return {(str(s.source), str(s.target), s.kind.value) for s in row_steps(layout)}


def test_the_row_tiles_lie_beside_the_tiles_they_line() -> None:
    row = wide_row(box())
    assert [(tile.index, tile.beside, tile.centre) for tile in row] == [
        (14, 1, (2, -2)),
        (15, 2, (2, -4)),
        (16, 3, (2, -6)),
    ]
    assert {tile.heading.name for tile in row} == {"SOUTH"}


def test_a_four_lane_row_has_steps_along_across_and_off_it() -> None:
    found = moves(box())
    assert len(found) == 23
    assert ("14SE", "15NE", "forward") in found  # along the outer lane, into the next row tile
    assert ("14NE", "14SW", "lane-change") in found  # between the row's two lanes
    assert ("1NE", "14SW", "lane-change") in found  # from the loop's outer lane onto the row
    assert ("15SW", "3NE", "lane-change") in found  # off the row, back onto the loop
    assert all(kind == "lane-change" for source, _, kind in found if not source.startswith("1"))


def test_the_row_ends_without_a_way_on() -> None:
    """No forward step off the last row tile, no lane change cutting the row's
    ends, and the spaces at its far end no step leads on from are never entered."""
    found = moves(box())
    assert {(a, b) for a, b, _ in found if a.startswith("16") or b.startswith("16")} == {
        ("15SE", "16NW"),
        ("15SW", "16NW"),
        ("2SE", "16NW"),
        ("16NW", "3SE"),
    }
    assert not any(a.startswith("0") or b.startswith("0") or b.startswith("4") for a, b, _ in found)


def test_a_three_lane_row_leaves_its_pit_lane_alone() -> None:
    """ "a 3-lane stretch with the outer lane representing a pit lane and not
    useable to cars that are not entering the pits": the row's lane away
    from the loop (east) has no steps."""
    found = moves(box(3))
    assert len(found) == 13
    row_spaces = {space for a, b, _ in found for space in (a, b) if space[:2] in {"14", "15", "16"}}
    assert row_spaces == {"14NW", "14SW", "15NW", "15SW", "16NW"}
    assert {tile.closed for tile in wide_row(box(3))} == {frozenset({Quadrant.NE, Quadrant.SE})}


def test_racing_steps_are_the_loops_then_the_rows() -> None:
    layout = box()
    assert racing_steps(layout) == [*steps(layout.circuit), *row_steps(layout)]
    plain = layout_of("trackkit: 1\nname: Ring\npath: R 2S R S R 2S R S\nlaps: 3\n")
    assert row_steps(plain) == [] and wide_row(plain) == ()


def test_the_board_numbers_row_spaces_after_the_loop() -> None:
    layout = box()
    board = board_of(layout, wide=True)
    assert (board.tiles, board.all_tiles) == (14, 17)
    assert board.number(Space(14, Quadrant.NE)) == 4 * 14 + list(Quadrant).index(Quadrant.NE)
    for number in range(4 * board.all_tiles):
        assert board.number(board.space(number)) == number
        assert board.cell(number) == space_cells(layout)[number]
    # a row space lies as far round the lap as the loop space beside it
    assert board.rel[board.number(Space(14, Quadrant.SW))] == board.rel[board.number(Space(1, Quadrant.SE))]
    with pytest.raises(KeyError):
        board.number(Space(20, Quadrant.NE))


def test_the_one_car_board_leaves_the_row_out() -> None:
    layout = box()
    assert board_of(layout).all_tiles == 14
    wide = board_of(layout, wide=True)
    extra = {state for state in wide.states() if state[0] >= 4 * 14}
    # every row space but the two dead ends of tile 16's front and its outer rear
    assert len(extra) == 12 - 3
    assert all(HEADINGS[heading].name == "SOUTH" for _, heading in extra)
    forward = sum(1 for s in row_steps(layout) if s.kind is StepKind.FORWARD)
    assert forward == sum(1 for (space, _), _target in wide.ahead.items() if space >= 4 * 14)


def test_the_race_order_counts_four_lanes_across_the_wide_straight() -> None:
    """ "When two cars are side by side, the car on the inside lane is ahead":
    across tile 2 and its row tile, the loop's inside (west) lane first, then
    on out to the row's outer lane."""
    track = RaceTrack(box())
    board = track.board
    across = [Space(2, Quadrant.NW), Space(2, Quadrant.NE), Space(15, Quadrant.NW), Space(15, Quadrant.NE)]
    keys = [track.progress(board.number(space), 1) for space in across]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == 4
    assert [track.inside[board.number(space)] for space in across] == [3, 2, 1, 0]
    assert track.section[board.number(Space(15, Quadrant.NW)) // 4] == track.section[2]


def test_a_race_leaves_out_row_tiles_the_rules_do_not_allow() -> None:
    """A row running on past the main straight's last tile lines a corner,
    and a row laid inside a loop with no room for it lies on the loop's own
    tiles; ``validate`` reports both, and a race drives only on the row
    tiles beside plain straights and clear of the loop."""
    past = layout_of(
        "trackkit: 1\nname: Past\npath: R 4S R S R 4S R S\nstart: 3\nlaps: 3\nwide: {from: 1, length: 5}\n"
    )
    assert [tile.beside for tile in wide_row(past)] == [1, 2, 3, 4]
    squeezed = layout_of(
        "trackkit: 1\nname: Squeezed\npath: 4S R R 4S R R\nstart: 2\nlaps: 3\n"
        "wide: {from: 0, length: 4, side: inside}\n"
    )
    assert wide_row(squeezed) == ()
    assert row_steps(squeezed) == []
