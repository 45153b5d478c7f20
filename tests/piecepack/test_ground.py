from __future__ import annotations

from trackkit.piecepack.ground import Ground, footprint, rim


def test_footprint_and_rim() -> None:
    assert set(footprint((0, 0))) == {(-1, -1), (0, -1), (-1, 0), (0, 0)}
    assert len(set(rim((0, 0)))) == 8
    assert not set(rim((0, 0))) & set(footprint((0, 0)))


def test_edge_neighbours_touch_but_corner_neighbours_do_not() -> None:
    ground = Ground([("a", (0, 0)), ("b", (2, 0)), ("c", (2, 2)), ("d", (0, -2))])
    assert sorted(ground.contacts()) == [("a", "b"), ("a", "d"), ("b", "c")]


def test_half_offset_tile_touches_along_one_space() -> None:
    ground = Ground([(0, (0, 0)), (1, (2, 1))])
    assert list(ground.contacts()) == [(0, 1)]


def test_overlapping_tiles_are_reported_once_and_do_not_count_as_touching() -> None:
    ground = Ground([(0, (0, 0)), (1, (1, 0)), (2, (0, 0))])
    assert sorted(ground.overlaps()) == [(0, 1), (0, 2), (1, 2)]
    assert list(ground.contacts()) == []


def test_overlaps_by_later_tile_come_in_play_order_once_each() -> None:
    ground = Ground(enumerate([(0, 0), (2, 0), (0, 0), (1, 0), (0, 0)]))
    assert list(ground.overlaps_by_later()) == [(2, 0), (3, 0), (3, 1), (3, 2), (4, 0), (4, 2), (4, 3)]
    assert sorted((max(p), min(p)) for p in ground.overlaps()) == list(ground.overlaps_by_later())


def test_overlaps_of_a_huge_stack_are_found_lazily() -> None:
    ground = Ground(enumerate([(0, 0)] * 20_000))
    first = []
    for pair in ground.overlaps_by_later():
        first.append(pair)
        if len(first) == 6:
            break
    assert first == [(1, 0), (2, 0), (2, 1), (3, 0), (3, 1), (3, 2)]


def test_neighbours_before_are_the_earlier_neighbours() -> None:
    centres = [(0, 0), (2, 0), (0, 0), (-2, 0), (2, 0), (0, 2)]
    ground = Ground(enumerate(centres))
    for tile in range(len(centres)):
        assert ground.neighbours_before(tile) == [t for t in ground.neighbours(tile) if t < tile]
