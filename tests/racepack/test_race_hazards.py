"""Racepack races with their hazards as the rulebook plays them (issue 34,
items 1, 2, 3 and 5): four hazards rolled for every race on a layout
without ``hazards:``, the pit lane's limit on both sides of the
start/finish line, a hazard moved while blank taken off in the record, a
re-entry onto a hazard ending the turn, and hazards turned only once the
last car has passed them.

The records in ``records/`` were written by trackkit before these fixes
(``main-*.ppn``); each shows one defect, which the move checker now names.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from support import LAYOUTS
from typer.testing import CliRunner

from trackkit.cli.app import app
from trackkit.games import load
from trackkit.racepack.analysis import numbered_corners, resolve_start
from trackkit.racepack.movement.analysis import board_of
from trackkit.racepack.movement.turns import RE_ENTRY, MoveTable, Plan, TurnSearch, TurnStart
from trackkit.racepack.race.drivers import parse_drivers
from trackkit.racepack.race.simulate import recorded_race, simulate

RECORDS = Path(__file__).parent / "records"
FIGURE1 = str(LAYOUTS / "figure1.yaml")

FIGURE1_HAZARDS = """\
    icons: {3: NE, 4: SW, 8: NW, 13: SW}
    hazards:
      - {tile: 3, space: NE}
      - {tile: 4, space: SW}
      - {tile: 8, space: NW}
      - {tile: 13, space: SW}
...
"""
"""Race 1 of seed 1 on Figure 1: the corner-1 tile is tile 0, and the die
rolled 3, 1, 4 and 5 (tiles 3, 4, 8 and 13); each tile tilted up shows its
icon."""


def _replay(runner: CliRunner, path: Path) -> tuple[int, list[str]]:
    result = runner.invoke(app, ["replay", str(path), "--to", "0"])
    return result.exit_code, result.output.splitlines()


# --- item 1: hazards on every race ----------------------------------------------


def test_a_race_on_a_layout_without_hazards_rolls_four_and_its_record_names_them(
    runner: CliRunner, tmp_path: Path
) -> None:
    """ "Prior to the start of the race four track hazards are placed as
    described under SETUP": the record's layout says where they stood, its
    setup drops their four null coins, and the same seed gives the same bytes."""
    paths = [tmp_path / "one.ppn", tmp_path / "two.ppn"]
    for path in paths:
        result = runner.invoke(
            app, ["simulate", FIGURE1, "--races", "1", "--seed", "1", "--record", str(path)]
        )
        assert result.exit_code == 0
    text = paths[0].read_text()
    assert text == paths[1].read_text()
    assert FIGURE1_HAZARDS in text
    setup = next(line for line in text.splitlines() if line.startswith("setup. "))
    assert [word for word in setup.split() if word.startswith("n@")] == [
        "n@(1.5,8.5)",
        "n@(2.5,7.5)",
        "n@(6.5,12.5)",
        "n@(12.5,7.5)",
    ]
    code, lines = _replay(runner, paths[0])
    assert (code, lines[-1]) == (0, f"{paths[0]}: every move of the 92 turns is legal")


def test_no_hazards_races_without_them(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "clean.ppn"
    args = ["simulate", FIGURE1, "--races", "1", "--seed", "1", "--no-hazards", "--record", str(path)]
    assert runner.invoke(app, args).exit_code == 0
    text = path.read_text()
    assert "hazards:" not in text
    assert " n@(" not in text


def test_no_hazards_is_a_racepack_option(runner: CliRunner) -> None:
    result = runner.invoke(app, ["simulate", str(LAYOUTS / "race-oval.yaml"), "--no-hazards", "--races", "1"])
    assert (result.exit_code, result.output) == (
        2,
        "trackkit: error: --no-hazards is a Racepack option; leave it out for this layout\n",
    )


def test_each_race_rolls_its_own_hazards_by_the_setup_count() -> None:
    """ "Roll a die and starting from the corner-1 tile, count TILES equal to
    the die roll ... Now roll the die again and starting from the new tile,
    repeat": the first hazard lies 0 to 5 tiles past the corner-1 tile, each
    next one 0 to 5 past the one before (a tile already holding one passes
    the hazard on to the next)."""
    layout = load(LAYOUTS / "figure1.yaml").layout
    corner = numbered_corners(layout.circuit, resolve_start(layout))[0].tile
    drivers = parse_drivers("bold")
    seen = set()
    for race in range(1, 9):
        raced, _ = recorded_race(layout, drivers, seed=5, race=race, laps=1)
        tiles = [tile for tile, _ in raced.hazards]
        assert len(tiles) == 4
        assert 0 <= (tiles[0] - corner) % 24 <= 5
        assert all(1 <= (b - a) % 24 <= 6 for a, b in itertools.pairwise(tiles))
        seen.add(tuple(raced.hazards))
    assert len(seen) == 8


def test_hazards_change_the_figures_and_the_seed_still_fixes_them() -> None:
    layout = load(LAYOUTS / "figure1.yaml").layout
    drivers = parse_drivers("bold,cautious")
    rolled = [simulate(layout, drivers, races=6, seed=3) for _ in range(2)]
    clean = simulate(layout, drivers, races=6, seed=3, hazards=False)
    assert rolled[0] == rolled[1]
    assert rolled[0].lengths != clean.lengths
    assert simulate(layout, drivers, races=6, seed=3, workers=2) == rolled[0]


# --- item 2: the pit lane's limit across the line -------------------------------

PIT_LAYOUT = """\
trackkit: 1
path: 6S R 2S R 5S R L R S R
heading: west
start: 3
pit: {from: 1}
laps: 5
cars: 2
"""


def test_the_pit_limit_holds_past_the_start_finish_line(runner: CliRunner) -> None:
    """ "Speed in the pit lane is restricted to 3.": before the fix car 1
    crossed the line inside the pit lane and drove on at 4."""
    code, lines = _replay(runner, RECORDS / "main-pit-straddle.ppn")
    assert code == 1
    rule = "in the pit lane on its pit stop ('Speed in the pit lane is restricted to 3')"
    assert f"  turn 41 (car 1): movement 1: speed 4 {rule}" in lines
    assert f"  turn 42 (car 2): movement 1: speed 4 {rule}" in lines


@pytest.mark.parametrize("hazards", [[], ["--no-hazards"]])
def test_a_pit_stop_race_across_the_line_keeps_the_limit(
    runner: CliRunner, tmp_path: Path, hazards: list[str]
) -> None:
    layout = tmp_path / "pit.yaml"
    layout.write_text(PIT_LAYOUT)
    record = tmp_path / "pit.ppn"
    args = ["simulate", str(layout), "--races", "1", "--seed", "100", "--drivers", "bold", "--pit-stops"]
    assert runner.invoke(app, [*args, *hazards, "--record", str(record)]).exit_code == 0
    code, lines = _replay(runner, record)
    assert code == 0
    assert lines[-1].endswith("turns is legal")


# --- item 3: extra hazards ---------------------------------------------------------


def test_a_hazard_moved_while_blank_and_a_re_entry_onto_one(runner: CliRunner) -> None:
    """Before the fix the record left the setup coin at (0.5,2.5) blank side up
    after a spin-out moved it away, and car 3 re-entered onto the hazard at
    (0.5,1.5) and drove on: "When a car passes directly over or lands on a
    suit side up hazard marker, the driver may not make any further
    movements that turn"."""
    code, lines = _replay(runner, RECORDS / "main-moved-hazard.ppn")
    assert code == 1
    flip = "('During the first lap, as the last place car passes by each hazard token it is flipped over')"
    stop = "(a hazard) ('the driver may not make any further movements that turn')"
    assert (
        f"  turn 31 (car 1): the hazard on space 115 is still blank though the last car has passed it {flip}"
        in lines
    )
    assert f"  turn 116 (car 3): movement 2 comes after the turn ended {stop}" in lines


def test_an_extra_hazards_race_takes_a_moved_coin_off(runner: CliRunner, tmp_path: Path) -> None:
    layout = tmp_path / "gp.yaml"
    text = (LAYOUTS / "grand-prix.yaml").read_text().replace("cars: 6", "cars: 5")
    text += "icons: {24: SW, 27: NW, 28: SW, 33: NW}\nspinout_hazards: true\nhazards:\n"
    text += "".join(
        f"  - {{tile: {tile}, space: {space}}}\n"
        for tile, space in ((24, "SW"), (27, "NW"), (28, "SW"), (33, "NW"))
    )
    layout.write_text(text)
    record = tmp_path / "gp.ppn"
    args = ["simulate", str(layout), "--races", "1", "--seed", "103", "--drivers", "random+tokens"]
    assert runner.invoke(app, [*args, "--extra-hazards", "2", "--record", str(record)]).exit_code == 0
    words = record.read_text().split()
    assert "*(0.5,2.5)" in words
    assert {"+(6.5,0.5)", "+(0.5,1.5)", "+(4.5,9.5)"} <= set(words)
    code, lines = _replay(runner, record)
    assert code == 0
    assert lines[-1].endswith("turns is legal")


def test_a_re_entry_onto_an_active_hazard_ends_the_turn() -> None:
    """The re-entry "is expended in re-entering the track" on the space the
    driver chooses; placed on a suit side up hazard, the car "lands on" it
    and makes no further movements that turn."""
    layout = load(LAYOUTS / "figure1.yaml").layout
    board = board_of(layout)
    corner = numbered_corners(layout.circuit, resolve_start(layout))[0].tile
    target = board.outside_spaces(corner)[0]
    hazard = board.with_changes(hazards={target})
    heading = hazard.exit_heading[corner]
    search = TurnSearch(hazard, MoveTable(hazard))
    plans = search.plans(TurnStart(spun=corner), hazards=True)
    stopped = Plan((target, heading), 0, (), 0)
    assert stopped in plans
    moves = search.movements(TurnStart(spun=corner), True, stopped)
    assert [(move.kind, move.spaces) for move in moves] == [(RE_ENTRY, (target,))]
    assert stopped not in search.plans(TurnStart(spun=corner), hazards=False)


# --- item 5: when a hazard turns --------------------------------------------------


def test_a_hazard_turns_only_once_the_last_car_is_past_it(runner: CliRunner, tmp_path: Path) -> None:
    """A car alone ending its turn beside a hazard (same half tile, the other
    lane) has not passed it; before the fix the hazard was turned then."""
    code, lines = _replay(runner, RECORDS / "main-level-flip.ppn")
    assert (code, lines[-2:]) == (
        1,
        [
            f"{RECORDS / 'main-level-flip.ppn'}: 1 illegal move:",
            "  turn 5 (car 1): the hazard on space 25 is turned over before the last car has passed it"
            " ('During the first lap, as the last place car passes by each hazard token it is flipped over')",
        ],
    )
    layout = tmp_path / "level.yaml"
    layout.write_text(
        (LAYOUTS / "figure1.yaml").read_text() + "cars: 1\nhazards:\n  - {tile: 6, space: NW}\n"
    )
    record = tmp_path / "level.ppn"
    args = ["simulate", str(layout), "--races", "1", "--seed", "1", "--drivers", "cautious"]
    assert runner.invoke(app, [*args, "--record", str(record)]).exit_code == 0
    turned = [line.split()[0] for line in record.read_text().splitlines() if "+(2.5,12.5)" in line]
    assert turned == ["6."]
    assert _replay(runner, record)[0] == 0
