"""Random Motocross courses: legal, reproducible from their seed, as asked,
and drawn evenly."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from trackkit import games
from trackkit.cli import app
from trackkit.errors import ArgumentError
from trackkit.motocross.course import course_kinds, straight_step
from trackkit.motocross.formats.course_file import dump_course
from trackkit.motocross.generate import CourseRequest, _split, generate_course, generate_courses
from trackkit.motocross.rules import validate
from trackkit.piecepack.geometry import Heading
from trackkit.piecepack.path_text import format_path

SEED5 = (
    "trackkit: 1\ngame: motocross\nplayers: 4\npacks: 1\n"
    "path: S R 2S R S L 2S R L R 2S R L S R L R L S L S\n"
    "heading: west\n"
    "ramps: {3: 3, 5: 3, 8: 3, 12: 3}\n"
)


def test_the_same_seed_gives_the_same_course() -> None:
    assert dump_course(generate_course(CourseRequest(), seed=5)) == SEED5
    assert generate_courses(CourseRequest(), seed=9, count=3) == generate_courses(
        CourseRequest(), seed=9, count=3
    )


@pytest.mark.parametrize(
    "request_",
    [
        CourseRequest(),
        CourseRequest(players=3),
        CourseRequest(ramps=12),
        CourseRequest(ramps=4),
        CourseRequest(coins=0),
        CourseRequest(tiles=18, players=3, coins=7),
        CourseRequest(packs=3),
    ],
)
def test_generated_courses_are_legal_and_as_asked(request_: CourseRequest) -> None:
    for course in generate_courses(request_, seed=1, count=5):
        assert validate(course).valid
        tiles, coins, ramps = request_.settled()
        assert len(course) == tiles and course.ramp_coins == coins
        if ramps is not None:
            assert len(course.ramps) == ramps
        assert course.players == request_.players


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (CourseRequest(players=5), "players must be 3 or 4, not 5"),
        (CourseRequest(tiles=25), "tiles must be from 2 to 24 with 1 pack(s), not 25"),
        (CourseRequest(coins=13), "coins must be from 0 to 12 (the coins dealt for building), not 13"),
        (CourseRequest(ramps=2, coins=9), "2 ramps hold from 2 to 6 coins, not 9"),
    ],
)
def test_impossible_requests_are_refused(request_: CourseRequest, message: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        request_.settled()
    assert str(caught.value) == message


def test_every_legal_four_tile_shape_is_equally_likely() -> None:
    # Leaving east, tiles 2 and 3 go S, L or R: 9 ways, of which L L and R R
    # bring tile 3 beside tile 0.  The 7 others should come up about equally.
    many = Counter(
        format_path(course_kinds(generate_course(CourseRequest(tiles=4, coins=0), seed=seed)))
        for seed in range(3500)
    )
    assert sorted(many) == ["2S L S", "2S R S", "4S", "S L 2S", "S L R S", "S R 2S", "S R L S"]
    assert all(400 <= n <= 600 for n in many.values()), many


def test_the_first_heading_is_each_of_the_four_about_equally_often() -> None:
    headings = Counter(
        straight_step(*generate_course(CourseRequest(tiles=2, coins=0), seed=seed).centres)
        for seed in range(2000)
    )
    assert set(headings) == set(Heading)
    assert all(400 <= n <= 600 for n in headings.values()), headings


@pytest.mark.parametrize("tiles", [8, 24, 60])
def test_strict_courses_validate_under_the_strict_reading(tiles: int) -> None:
    request = CourseRequest(tiles=tiles, packs=3, coins=6, corner_touch="forbidden")
    for course in generate_courses(request, seed=3, count=10):
        assert course.corner_touch == "forbidden" and validate(course).valid


def test_an_unknown_corner_touch_reading_is_refused(runner: CliRunner) -> None:
    result = runner.invoke(app, ["generate", "motocross", "--corner-touch", "never"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "trackkit: error: --corner-touch must be allowed or forbidden, not 'never'\n"


def test_coins_are_split_evenly_between_the_ways() -> None:
    import random

    rng = random.Random(4)
    splits = Counter(tuple(_split(rng, 5, 2)) for _ in range(2000))
    assert set(splits) == {(2, 3), (3, 2)}
    assert abs(splits[(2, 3)] - 1000) < 100


def test_generate_command(runner: CliRunner) -> None:
    result = runner.invoke(app, ["generate", "motocross", "--seed", "5"])
    assert result.exit_code == 0
    assert result.stdout == SEED5
    assert "seed: 5\n" in result.output


def test_generate_command_writes_files_that_validate(runner: CliRunner, tmp_path: Path) -> None:
    out, svg = tmp_path / "course.yaml", tmp_path / "course.svg"
    args = [
        "generate",
        "motocross",
        "--seed",
        "2",
        "--players",
        "3",
        "--ramps",
        "5",
        "--count",
        "2",
    ]
    result = runner.invoke(app, [*args, "-o", str(out), "--svg", str(svg)])
    assert result.exit_code == 0, result.output
    for number in (1, 2):
        loaded = games.load(tmp_path / f"course-{number}.yaml")
        assert validate(loaded.layout).valid and len(loaded.layout.ramps) == 5
        assert (tmp_path / f"course-{number}.svg").read_text().startswith("<?xml")


def test_generate_command_refuses_racepack_options(runner: CliRunner) -> None:
    result = runner.invoke(app, ["generate", "motocross", "--pit"])
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "Usage: trackkit generate motocross [OPTIONS]\nTry 'trackkit generate motocross -h' for help.\n\n"
        "Error: No such option: --pit"
    )
    assert "Racepack" not in result.stderr
    other = runner.invoke(app, ["generate", "--players", "3"])
    assert other.exit_code == 2
    assert "Error: No such option: --players" in other.stderr



@pytest.mark.parametrize(
    ("request_", "house_rules"),
    [
        (CourseRequest(), ()),
        (CourseRequest(tiles=12), ("short-course",)),
        (CourseRequest(coins=5), ("short-course",)),
        (CourseRequest(ramps=1), ("short-course",)),
        (CourseRequest(ramps=4), ()),
    ],
)
def test_a_course_of_fewer_tiles_or_coins_than_dealt_is_a_short_course(
    request_: CourseRequest, house_rules: tuple[str, ...]
) -> None:
    course = generate_course(request_, seed=3)
    assert course.house_rules == house_rules
    assert validate(course).valid
