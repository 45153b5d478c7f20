"""Large circuits built corner by corner when the random walk finds too few."""

from __future__ import annotations

import random

import pytest

from trackkit.api import validate
from trackkit.errors import GenerationError
from trackkit.piecepack.cells import corner_flags
from trackkit.piecepack.loops import longest_run
from trackkit.racepack.circuits.corners import draw_by_corners, loop_from_turns
from trackkit.racepack.circuits.plain import corner_count, is_plain_circuit
from trackkit.racepack.generate import GenerationRequest, generate_layouts


def test_a_rectangle_by_hand() -> None:
    # Edges of 3, 2, 3 and 2 tiles, each turning right at its end: a 3 x 2
    # rectangle of 10 tiles, starting east from (0, 0).
    assert loop_from_turns("RRRR", [3, 2, 3, 2]) == [
        (0, 0), (1, 0), (2, 0), (3, 0), (3, -1), (3, -2), (2, -2), (1, -2), (0, -2), (0, -1)
    ]  # fmt: skip
    assert loop_from_turns("RRRR", [3, 2, 2, 2]) is None


@pytest.mark.parametrize(("n", "corners"), [(30, 4), (40, 6), (48, 12)])
def test_drawn_loops_are_plain_with_the_corners_asked_for(n: int, corners: int) -> None:
    found = draw_by_corners(n, [corners], 5, random.Random(n))
    assert len(found) == 5 and len(set(found)) == 5
    for cells in found:
        assert len(cells) == n and is_plain_circuit(cells) and corner_count(cells) == corners


def test_generate_above_28_tiles_meets_narrow_constraints() -> None:
    # A number of corners is met exactly by the uniform draw (the twelve
    # rectangles of 30 tiles, 3 x 14 to 14 x 3); a long straight, which the
    # tables do not count, is built corner by corner when draws are too rare.
    request = GenerationRequest(tiles=30, packs=2, min_corners=4, max_corners=4)
    generated = generate_layouts(request, seed=1, count=2)
    assert (generated.method, generated.total, generated.corners, generated.draws) == ("uniform", 12, (4, 4), (2, 2))
    for layout in generated.layouts:
        assert len(layout.circuit) == 30 and len(layout.circuit.corners()) == 4
        assert validate(layout).valid
    long = generate_layouts(GenerationRequest(tiles=30, packs=2, min_straight=12), seed=2)
    assert long.method == "corners"
    cells = [(t.centre[0] // 2, t.centre[1] // 2) for t in long.layouts[0].circuit]
    assert longest_run(corner_flags(cells)) >= 12


def test_an_impossible_request_says_so_and_what_to_try() -> None:
    request = GenerationRequest(tiles=30, packs=2, min_corners=6, max_corners=6, min_straight=14)
    with pytest.raises(GenerationError) as caught:
        generate_layouts(request, seed=1)
    assert str(caught.value).endswith(
        "neither by a random walk nor built corner by corner: loosen the constraints,"
        " or use --tiles 28 or fewer, where every matching circuit is listed"
    )


@pytest.mark.parametrize("tiles", [24, 40])
def test_generate_wide_gives_eight_cars_a_two_tile_wide_main_straight(tiles: int) -> None:
    request = GenerationRequest(tiles=tiles, packs=2, cars=8, wide=True)
    generated = generate_layouts(request, seed=3, count=2)
    for layout in generated.layouts:
        assert layout.wide is not None and len(layout.circuit) == tiles
        report = validate(layout)
        assert report.valid and report.findings == ()


def test_generate_wide_without_room_says_what_to_try() -> None:
    request = GenerationRequest(tiles=48, packs=2, cars=8, wide=True)
    with pytest.raises(GenerationError) as caught:
        generate_layouts(request, seed=3)
    assert str(caught.value).endswith(
        "whose main straight takes a second row from the starting grid to corner 1:"
        " the packs leave 0 tiles for the row: use fewer --tiles or more --packs"
    )


def test_the_corner_search_reports_progress_and_ends_at_the_whole() -> None:
    calls: list[tuple[int, int]] = []
    draw_by_corners(30, [4], 1, random.Random(1), progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, 20_000) and calls[-1] == (20_000, 20_000)


def test_generate_wide_without_a_spare_tile_refuses_before_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    """24 tiles from one pack leave none for a wide row: refused at once
    (the fuzz campaign's `--wide --count 24 --max-width 9` searched 4 s)."""
    from trackkit.racepack.generate import draw

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("no circuit should be drawn")

    monkeypatch.setattr(draw, "plan_track", never)
    monkeypatch.setattr(draw, "exact_population", never)
    request = GenerationRequest(tiles=24, packs=1, wide=True, max_width=9)
    with pytest.raises(GenerationError, match=r"found only 0 of 24 circuits .* the packs leave 0 tiles for the row"):
        generate_layouts(request, seed=607, count=24)
