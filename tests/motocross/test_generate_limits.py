"""``trackkit generate motocross`` within a table and with so many turns
(issue 38), and the defaults its help shows."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from trackkit import games
from trackkit.cli import app
from trackkit.errors import ArgumentError
from trackkit.motocross.analysis import describe as course_info
from trackkit.motocross.generate import CourseRequest, Limits, generate_courses

TABLE_8_BY_6 = (
    "trackkit: 1\ngame: motocross\nplayers: 4\npacks: 1\n"
    "path: S L 3S L S L S R S L R L 2S L 2S R L S L S\n"
    "heading: south\n"
    "ramps: {2: 1, 3: 1, 6: 1, 10: 1, 14: 3, 17: 1, 18: 1, 21: 3}\n"
)


def test_a_course_within_a_table_and_turning_often_is_exact_for_its_seed(runner: CliRunner) -> None:
    args = ["generate", "motocross", "--seed", "11", "--max-width", "8", "--max-height", "6", "--min-turns", "10"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    assert result.stdout == TABLE_8_BY_6
    info = course_info(games.loads(result.stdout).layout)
    assert (info.width, info.height, len(info.turns)) == (8, 6, 11)


def test_exactly_three_turns_on_a_table_30_inches_wide(runner: CliRunner) -> None:
    result = runner.invoke(app, ["generate", "motocross", "--seed", "4", "--turns", "3", "--max-width", "30in"])
    assert result.exit_code == 0
    assert "path: 4S L 5S R 2S L 10S\n" in result.stdout


def test_few_turns_are_drawn_at_once(runner: CliRunner) -> None:
    """Exactly 2 turns in 24 tiles: about 1 shape in 30 million choice
    sequences (the fuzzing campaign's seed 10 found it drawing for minutes).
    The turns are drawn first, so it comes at once."""
    result = runner.invoke(app, ["generate", "motocross", "--coins", "1", "--turns", "2", "--seed", "934"])
    assert result.exit_code == 0
    assert "path: S L 6S L 15S\n" in result.stdout


def test_a_table_one_tile_wide_holds_the_straight_course(runner: CliRunner) -> None:
    """Only a straight course lies on a table one tile wide: drawing shapes at
    random finds it about once in 10^10 draws (the campaign's seed 10 drew
    for seconds and gave up), so it is laid at once, north or south."""
    args = ["generate", "motocross", "--coins", "10", "--max-width", "1", "--max-height", "30", "--seed", "518"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    assert "path: 24S\nheading: south\n" in result.stdout
    refused = runner.invoke(app, ["generate", "motocross", "--max-width", "1", "--max-height", "30", "--turns", "1"])
    assert (refused.exit_code, refused.stderr) == (
        1, "trackkit: error: found no course of 24 tiles within the turns and table asked\n"
    )


def _shapes(tiles: int) -> dict[tuple[int, ...], int]:
    """Every legal east-leaving shape of ``tiles`` tiles, by its choices
    (0 straight, 1 left, 2 right), with its number of turns."""
    from itertools import product

    from trackkit.motocross.generate import _laid

    found = {}
    for choices in product(range(3), repeat=tiles - 2):
        if _laid(tiles, False, lambda index, chosen=choices: chosen[index - 2]) is not None:
            found[choices] = sum(1 for choice in choices if choice)
    return found


def test_shapes_with_turns_asked_are_drawn_uniformly() -> None:
    """Drawing the turns first keeps the draw uniform among the legal shapes
    that turn as often as asked: of 7 tiles with 1 or 2 turns there are 42
    legal east-leaving shapes (10 with one turn; 40 choice sequences with
    two, of which the 8 that turn the same way on neighbouring tiles lay a
    tile beside an earlier one); 6,000 draws, chi-square below the 0.1 %
    critical value for 41 degrees of freedom."""
    import random

    from trackkit.motocross.generate import _draw_turning, _turn_weights

    tiles, limits = 7, Limits(1, 2)
    wanted = {shape for shape, turns in _shapes(tiles).items() if 1 <= turns <= 2}
    rng = random.Random(7)
    weights = _turn_weights(tiles, limits)
    counts = dict.fromkeys(wanted, 0)
    draws = 0
    while draws < 6_000:
        cells = _draw_turning(rng, tiles, False, weights)
        if cells is None:
            continue
        draws += 1
        counts[_choices_of(cells)] += 1
    expected = draws / len(wanted)
    chi_square = sum((seen - expected) ** 2 / expected for seen in counts.values())
    assert len(wanted) == 42
    assert chi_square < 74.74  # 41 degrees of freedom, 0.1 %


def _choices_of(cells: list[tuple[int, int]]) -> tuple[int, ...]:
    """The choices that lay ``cells`` (see :func:`_shapes`)."""
    found = []
    for a, b, c in zip(cells, cells[1:], cells[2:]):
        before, after = (b[0] - a[0], b[1] - a[1]), (c[0] - b[0], c[1] - b[1])
        found.append(0 if before == after else 1 if after == (-before[1], before[0]) else 2)
    return tuple(found)


@pytest.mark.parametrize("limits", [Limits(0, 4), Limits(12, 12), Limits(max_width=20, max_height=14)])
def test_every_course_keeps_its_limits(limits: Limits) -> None:
    for course in generate_courses(CourseRequest(limits=limits), seed=3, count=20):
        info = course_info(course)
        turns = len(info.turns)
        assert (limits.min_turns or 0) <= turns <= (limits.max_turns if limits.max_turns is not None else 22)
        assert info.width * 2 <= (limits.max_width or 48) and info.height * 2 <= (limits.max_height or 48)
        assert games.GAMES["motocross"].validate(course).valid


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--turns", "30"], "trackkit: error: --turns must be from 0 to 22 for 24 tiles, not 30\n"),
        (["--turns", "3", "--min-turns", "2"], "trackkit: error: give --turns, or --min-turns and --max-turns, not both\n"),
        (["--min-turns", "5", "--max-turns", "3"], "trackkit: error: --min-turns 5 is more than --max-turns 3\n"),
        (["--max-width", "3", "--max-height", "3"], "trackkit: error: a table of 3 x 3 whole tiles holds 9 tiles; the course has 24\n"),
        (["--max-width", "10x"], "trackkit: error: '10x' is not a table size; give whole tiles such as 10, or inches such as 20in\n"),
    ],
)
def test_limits_no_course_can_keep_are_refused(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["generate", "motocross", *args])
    assert (result.exit_code, result.stderr) == (2, message)


def test_without_limits_the_draws_are_those_of_before() -> None:
    """The limits draw nothing of their own: seed 5 makes the course the
    generator always made (tests/motocross/test_generate.py pins it)."""
    (plain,) = generate_courses(CourseRequest(), seed=5)
    (limited,) = generate_courses(CourseRequest(limits=Limits(max_width=48, max_height=48)), seed=5)
    assert plain == limited


@pytest.mark.parametrize("players", [3, 4])
def test_the_default_tiles_are_every_tile_of_the_packs_as_the_help_says(runner: CliRunner, players: int) -> None:
    """"Deal all tiles evenly between the players": 8 each for three, 6 each for four."""
    help_text = " ".join(runner.invoke(app, ["generate", "motocross", "--help"]).stdout.split())
    assert "Tiles in the course. [default: all the packs' tiles, 24 a pack]" in help_text
    assert "Coins in all ramps. [default: 12 a pack, at most 3 a ramp]" in help_text
    (course,) = generate_courses(CourseRequest(players=players), seed=1)
    assert len(course) == 24 and course.ramp_coins == 12
    (two,) = generate_courses(CourseRequest(players=players, packs=2), seed=1)
    assert len(two) == 48


def test_a_few_ramps_hold_three_coins_each_by_default() -> None:
    (course,) = generate_courses(CourseRequest(ramps=2), seed=1)
    assert course.ramp_coins == 6


def test_a_limit_is_checked_against_the_tiles() -> None:
    with pytest.raises(ArgumentError, match="max_turns must be from 0 to 8 for 10 tiles, not 9"):
        CourseRequest(tiles=10, limits=Limits(min_turns=1, max_turns=9)).settled()


def test_a_long_course_of_few_turns_on_a_narrow_table_is_grown_within_them(runner: CliRunner) -> None:
    """120 tiles (five packs) are grown, not drawn.  Growing never tries a
    step that turns a fifth time or leaves a table 3 tiles wide, so such a
    course comes at once (the campaign's seed 10 found 166 attempts giving
    up after seconds)."""
    args = ["generate", "motocross", "--packs", "5", "--max-turns", "4", "--max-width", "3", "--seed", "892"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    info = course_info(games.loads(result.stdout).layout)
    assert len(info.turns) <= 4 and info.width <= 3
    assert games.GAMES["motocross"].validate(games.loads(result.stdout).layout).valid


def test_a_long_course_the_limits_never_allow_is_refused_in_bounded_work(runner: CliRunner) -> None:
    """On a table 3 tiles wide and 40 deep a course of at most 2 turns holds
    at most two runs of 40 and the tile between them, not 120: the attempts
    stop after 150,000 steps (:data:`~trackkit.motocross.grow.GROWN_STEPS`,
    about a third of a second) and say so."""
    args = ["generate", "motocross", "--packs", "5", "--max-turns", "2", "--max-width", "3", "--max-height", "40"]
    result = runner.invoke(app, args)
    assert (result.exit_code, result.stderr) == (
        1,
        "trackkit: error: found no course of 120 tiles within the turns and table asked,"
        " 20 of them straight for ramps\n",
    )


def test_ramps_the_turns_leave_no_room_for_are_refused_before_drawing(runner: CliRunner) -> None:
    """24 tiles turning on 20 of the 22 that may turn leave 2 straight tiles,
    and 12 coins need at least 4 ramps: refused at once (the campaign's seed
    10 drew 500,000 shapes for seconds before giving up)."""
    result = runner.invoke(app, ["generate", "motocross", "--min-turns", "20", "--seed", "229"])
    assert (result.exit_code, result.stderr) == (
        1,
        "trackkit: error: 24 tiles turning on at least 20 leave at most 2 straight tiles, not the 4 the"
        " ramps need; ask for fewer turns or ramps\n",
    )
