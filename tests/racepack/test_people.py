"""What ``generate`` draws by default: circuits people race (a main straight
that holds the grid and gets the field going, at least half the loop
straight, no staircase), uniformly; ``--any`` keeps every legal circuit."""

from __future__ import annotations

from collections import Counter

import pytest
from support import twisty_by_hand
from typer.testing import CliRunner

from trackkit.api import validate as validate_layout
from trackkit.cli import app
from trackkit.piecepack.cells import corner_flags
from trackkit.piecepack.loops import longest_run
from trackkit.racepack.circuits import CellLoop, enumerate_circuits, normalize_circuit
from trackkit.racepack.generate import GenerationRequest, exact_population, generate_layouts, loop_cells
from trackkit.racepack.generate.people import twisty_section
from trackkit.racepack.layout import Layout

CHI_SQUARE_999_11 = 31.26
"""The 99.9th percentile of chi-square with 11 degrees of freedom."""


def _flags(path: str) -> list[bool]:
    """Whether each tile of a ``path:`` of plain tiles turns (``3S`` is
    three straight tiles, a letter one corner)."""
    flags: list[bool] = []
    for token in path.split():
        flags += [False] * int(token[:-1] or 1) if token.endswith("S") else [True]
    return flags


@pytest.mark.parametrize(
    ("path", "most"),
    [
        ("R 2S R L S R 4S R S L R 2S R 6S", 3),  # Figure 1: R L S R and R S L R
        ("L R 3S R 6S R S R L R L S R 3S R", 6),  # layouts/esses.yaml: R S R L R L S R
        ("R 7S R 3S R 7S R 3S", 1),  # layouts/oval.yaml
        ("2S L S L R L S R L R L S L R L S L 2S R L R L", 12),  # the staircase of issue 37
        ("L S R S L S R S L S R S L S R S", 8),  # a zigzag never two straights together
    ],
)
def test_twisty_sections_are_counted_in_corners(path: str, most: int) -> None:
    flags = _flags(path)
    assert twisty_section(flags) == most == twisty_by_hand(flags)


def _raced_by_people(cells: CellLoop, main: int) -> bool:
    """The definition, worked out by hand: a main straight of ``main`` tiles
    or more, no more corners than straight tiles, and no twisty section of
    more than four corners."""
    flags = corner_flags(cells)
    return longest_run(flags) >= main and 2 * sum(flags) <= len(flags) and twisty_by_hand(flags) <= 4


def _cells(layout: Layout) -> CellLoop:
    return normalize_circuit(loop_cells(layout.circuit))


@pytest.mark.parametrize(("tiles", "main", "admitted"), [(12, 3, 2), (14, 3, 12), (16, 3, 57)])
def test_the_default_population_is_the_brute_force_one(tiles: int, main: int, admitted: int) -> None:
    # A sixth of 12, 14 or 16 tiles is under 3 tiles, so the main straight
    # needs 3 (the grid of 4 cars needs 2).
    expected = {cells for cells in enumerate_circuits(tiles) if _raced_by_people(cells, main)}
    assert len(expected) == admitted
    population = exact_population(GenerationRequest(tiles=tiles))
    assert len(population.entries) == admitted
    every = generate_layouts(GenerationRequest(tiles=tiles), seed=5, count=admitted)
    assert {_cells(layout) for layout in every.layouts} == expected
    assert all(validate_layout(layout).errors == () for layout in every.layouts)


def test_the_default_draw_is_uniform_among_the_admitted() -> None:
    # 12 circuits of 14 tiles are raced by people; 60 draws each on average.
    request = GenerationRequest(tiles=14)
    draws = 12 * 60
    counts = Counter(_cells(generate_layouts(request, seed=seed).layouts[0]) for seed in range(draws))
    assert len(counts) == 12
    assert all(_raced_by_people(cells, 3) for cells in counts)
    expected = draws / 12
    statistic = sum((number - expected) ** 2 / expected for number in counts.values())
    assert statistic < CHI_SQUARE_999_11


def test_any_keeps_every_circuit() -> None:
    assert len(exact_population(GenerationRequest(tiles=12, every_circuit=True)).entries) == 7
    assert len(exact_population(GenerationRequest(tiles=12)).entries) == 2


def test_options_asked_for_replace_that_part_of_the_definition() -> None:
    # 14 corners of 26 tiles: more than half the loop, as asked; the
    # twisty sections are still held to four corners.
    asked = generate_layouts(
        GenerationRequest(tiles=26, packs=2, min_corners=14, max_corners=14), seed=3, count=5
    )
    for layout in asked.layouts:
        flags = corner_flags(_cells(layout))
        assert sum(flags) == 14 and twisty_by_hand(flags) <= 4
    short = exact_population(GenerationRequest(tiles=16, min_straight=2))
    every_short = {cells for cells in enumerate_circuits(16) if _raced_by_people(cells, 2)}
    assert len(short.entries) == len(every_short) == 75


def test_generate_says_what_it_drew_from() -> None:
    runner = CliRunner()
    people = runner.invoke(app, ["generate", "--tiles", "14", "--seed", "4"])
    assert people.exit_code == 0
    assert people.stderr == (
        "seed: 4\n"
        "14 tiles: 12 of 36 circuits meet the constraints of a track people race; each was equally likely\n"
    )
    every = runner.invoke(app, ["generate", "--tiles", "14", "--seed", "4", "--any"])
    assert every.exit_code == 0
    assert (
        every.stderr == "seed: 4\n14 tiles: 36 of 36 circuits meet the constraints; each was equally likely\n"
    )


def test_no_circuit_people_race_says_so() -> None:
    result = CliRunner().invoke(app, ["generate", "--tiles", "10"])
    assert result.exit_code == 1
    assert result.stderr.endswith(
        "no circuit meets the constraints (10 tiles, a main straight of at least 3 tiles, at most 5 corners,"
        " no more than 4 corners in a twisty section); add --any to draw among every legal circuit\n"
    )


def test_above_48_tiles_circuits_people_race_are_built_corner_by_corner() -> None:
    result = CliRunner().invoke(app, ["generate", "--seed", "9", "--tiles", "50", "--packs", "3"])
    assert result.exit_code == 0
    assert result.stderr == (
        "seed: 9\n50 tiles: above 48 tiles circuits people race are built corner by corner;"
        " every one is legal, but they were not equally likely\n"
    )
