"""Motocross shapes on a narrow table, listed rather than drawn
(:mod:`trackkit.motocross.narrow`)."""

from __future__ import annotations

import random
from collections import Counter

from typer.testing import CliRunner

from trackkit import games
from trackkit.cli import app
from trackkit.motocross.analysis import describe as course_info
from trackkit.motocross.generate_request import Limits
from trackkit.motocross.grow import fits, turned
from trackkit.motocross.narrow import list_fitting, pick
from trackkit.piecepack.geometry import Point


def _drawn_shapes(tiles: int, strict: bool, limits: Limits, straights: int) -> Counter[tuple[Point, ...]]:
    """Every sequence of straight/left/right choices laid as the generator
    lays them, kept (in each quarter turn) where drawing at random would
    keep it: what the list must hold, each pair of shape and turn once.

    The sequences are walked as a tree of choices, each shared beginning
    laid once: a beginning that meets a tile it may not stands for every
    sequence that starts with it, each of which the generator would stop
    at that same tile."""
    kept: Counter[tuple[Point, ...]] = Counter()

    def lay(cells: list[Point], seen: dict[Point, int], heading: Point, straight: int) -> None:
        index = len(cells)
        if index == tiles:
            if straight >= straights and limits.turns_fit(cells):
                for quarters in range(4):
                    if limits.table_fits(turned(tuple(cells), quarters)):
                        kept[turned(tuple(cells), quarters)] += 1
            return
        dx, dy = heading
        for choice, (ax, ay) in enumerate(((dx, dy), (-dy, dx), (dy, -dx))):
            cell = (cells[-1][0] + ax, cells[-1][1] + ay)
            if fits(cell, seen, index - 1, strict):
                seen[cell] = index
                cells.append(cell)
                lay(cells, seen, (ax, ay), straight + (choice == 0))
                cells.pop()
                del seen[cell]

    lay([(0, 0), (1, 0)], {(0, 0): 0, (1, 0): 1}, (1, 0), 0)
    return kept


def _listed_shapes(tiles: int, strict: bool, limits: Limits, straights: int) -> Counter[tuple[Point, ...]]:
    listed = list_fitting(tiles, strict, limits, straights)
    assert listed is not None
    return Counter(turned(cells, quarters) for cells, turns in listed for quarters in turns)


def test_the_list_holds_exactly_what_drawing_at_random_keeps() -> None:
    """12 tiles on a table 2 tiles by 10, at least 2 straight: every one of
    the 3^10 choice sequences laid and checked agrees with the list, 304
    pairs of shape and quarter turn."""
    limits = Limits(max_width=4, max_height=20)
    drawn = _drawn_shapes(12, False, limits, 2)
    assert _listed_shapes(12, False, limits, 2) == drawn
    assert sum(drawn.values()) == 304


def test_the_list_keeps_the_turns_and_the_stricter_corner_reading() -> None:
    limits = Limits(min_turns=3, max_turns=5, max_width=6, max_height=10)
    drawn = _drawn_shapes(10, True, limits, 1)
    assert _listed_shapes(10, True, limits, 1) == drawn
    assert len(drawn) == 40


def test_each_shape_and_turn_is_picked_alike() -> None:
    listed = list_fitting(12, False, Limits(max_width=4, max_height=20), 2)
    assert listed is not None
    rng = random.Random(7)
    picked = Counter(pick(rng, listed) for _ in range(30_400))
    assert len(picked) == 304
    assert min(picked.values()) > 60 and max(picked.values()) < 145


def test_a_table_too_wide_to_list_is_left_to_drawing() -> None:
    assert list_fitting(24, False, Limits(max_width=6, max_height=24), 4) is None
    assert list_fitting(24, False, Limits(), 4) is None


def test_a_course_on_a_table_two_tiles_wide_comes_at_once(runner: CliRunner) -> None:
    """24 tiles on a table 2 tiles by 20: one draw in millions fits, and the
    fuzzing campaign's seed 12 saw 400,000 draws give up after 2.8 s.  The
    14,876 shapes that fit with 4 straight tiles are listed instead."""
    listed = list_fitting(24, False, Limits(max_width=4, max_height=40), 4)
    assert listed is not None and len(listed) == 14_876
    result = runner.invoke(app, ["generate", "motocross", "--max-width", "2", "--max-height", "20", "--seed", "3"])
    assert result.exit_code == 0
    again = runner.invoke(app, ["generate", "motocross", "--max-width", "2", "--max-height", "20", "--seed", "3"])
    assert again.stdout == result.stdout
    layout = games.loads(result.stdout).layout
    info = course_info(layout)
    assert info.width <= 2 and info.height <= 20
    assert games.GAMES["motocross"].validate(layout).valid


def test_a_table_with_no_room_is_refused_after_listing(runner: CliRunner) -> None:
    """No 24-tile course lies on 4 tiles by 8 (a tile may touch only the
    tiles before and after it): the list is empty, so the answer is quick."""
    assert list_fitting(24, False, Limits(max_width=8, max_height=16), 4) == ()
    result = runner.invoke(app, ["generate", "motocross", "--max-width", "4", "--max-height", "8", "--seed", "1"])
    assert (result.exit_code, result.stderr) == (
        1,
        "trackkit: error: found no course of 24 tiles within the turns and table asked,"
        " 4 of them straight for ramps\n",
    )
