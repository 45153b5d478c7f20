"""Random RACE! tracks: every one legal, the same seed the same tracks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackkit.errors import ArgumentError, GenerationError
from trackkit.race.generate import RaceRequest, generate_tracks, least_spaces
from trackkit.race.rules import validate
from trackkit.race.rules.course import corner_at
from trackkit.race.track import grid_spaces


@given(st.integers(8, 300), st.integers(0, 2**32), st.none() | st.integers(0, 8), st.integers(1, 10))
def test_every_generated_track_is_legal_with_a_clear_grid(
    spaces: int, seed: int, corners: int | None, racers: int
) -> None:
    request = RaceRequest(spaces=spaces, corners=corners, racers=min(racers, spaces - 2))
    if spaces < least_spaces(corners or 0, request.racers):
        with pytest.raises(GenerationError):
            generate_tracks(request, seed)
        return
    (track,) = generate_tracks(request, seed)
    report = validate(track)
    assert report.valid
    assert report.rules() <= {"race/length", "race/racers"}
    assert track.spaces == spaces
    if corners is not None:
        assert len(track.corners) == corners
    assert all(corner_at(track, space) is None for space in grid_spaces(track))


def test_the_same_seed_gives_the_same_tracks() -> None:
    request = RaceRequest(spaces=40, corners=4)
    assert generate_tracks(request, 11, count=3) == generate_tracks(request, 11, count=3)
    assert generate_tracks(request, 11) != generate_tracks(request, 12)


def test_the_fewest_spaces_fit_exactly() -> None:
    # 2 after the line, corners 3-4 and 6-7 a space apart, 6 grid spaces
    (track,) = generate_tracks(RaceRequest(spaces=13, corners=2), 7)
    assert [(c.first, c.length) for c in track.corners] == [(3, 2), (6, 2)]
    assert track.finish == 13


def test_too_many_corners_for_the_spaces_is_a_generation_error() -> None:
    with pytest.raises(
        GenerationError, match="3 corners and a grid of 6 racers need at least 16 spaces, not 10"
    ):
        generate_tracks(RaceRequest(spaces=10, corners=3), 1)


def test_values_out_of_range_name_their_parameter() -> None:
    with pytest.raises(ArgumentError) as caught:
        generate_tracks(RaceRequest(spaces=40), 1, count=0)
    assert str(caught.value) == "count must be from 1 to 1000, not 0"


def test_the_biggest_file_lists_its_findings_in_bounded_output() -> None:
    from trackkit.race.track import Corner, RaceLayout

    corners = tuple(Corner(1 + (i * 4) % 10000, 48, 1) for i in range(2500))
    layout = RaceLayout(spaces=10000, finish=10000, corners=corners, racers=16)
    report = validate(layout)  # its time is measured by benchmarks/bench_race.py
    # each rule lists 100 findings and sums up the rest in one more
    assert len(report.errors) == 202
    assert report.errors[-1].message == "and more than 10,000 more race/corner-overlap findings like these, not listed"
