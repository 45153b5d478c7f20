"""``trackkit analyze``: exact lap figures on small tracks, properties, the CLI."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import FIGURE1, LAYOUTS, ROOT, SHIPPED
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.errors import ArgumentError, LimitError
from trackkit.piecepack.circuit import Circuit, Kind
from trackkit.racepack.formats.analyze import analysis_json
from trackkit.racepack.formats.layout_file import load_layout, loads_layout
from trackkit.racepack.generate import GenerationRequest, generate_layouts
from trackkit.racepack.layout import Layout
from trackkit.racepack.movement.analysis import TrackPlay, analyze, board_of, pole_state
from trackkit.racepack.movement.laps import Node, Planner, fastest, spin_chances
from trackkit.racepack.movement.policy import PolicyRepeat
from trackkit.racepack.movement.races import expected_race, level_turns
from trackkit.racepack.movement.turns import Plan

RING = "trackkit: 1\nname: Ring\npath: R 2S R S R 2S R S\nlaps: 3\n"
"""Ten tiles, four right-hand corners; the line goes across the entry edge
of tile 2, the middle of the two-tile straight."""

RECTANGLE = "trackkit: 1\npath: R 3S R S R 3S R S\n"
HAIRPIN = "trackkit: 1\npath: 3S R R L 2S R 3S R 3S R S\nstart: 1\n"


def play(text: str, target_turns: int | None = None) -> TrackPlay:
    return analyze(loads_layout(text).layout, target_turns=target_turns)


def figures(result: TrackPlay) -> dict[str, object]:
    """Every figure but the racing line, the policy's places and the corners'
    hands (which a mirror swaps)."""
    data = analysis_json(result)
    del data["line"]
    data["policy"] = sorted(step["expected_turns"] for step in data.get("policy", ()))
    for corner in data["corners"]:
        del corner["turn"]
    return data


def test_the_ring_takes_four_turns_a_lap() -> None:
    """Derived by hand.  On the inside line a lap is 16 spaces: 6 straight
    tiles of 2 spaces and 4 corners crossed on their apex space.  Each corner
    is entered by its own movement of speed 1, which covers just the apex.
    The other 12 spaces lie in four gaps between corners, of 2, 4, 2 and 4
    spaces, and no movement spans two gaps (it would enter a corner at more
    than 2).  A 4-space gap cannot be one movement: a movement of 4 can
    neither follow a speed-1 entry nor precede one in the same turn, so it
    would be a turn of one movement.  So a lap needs at least 2 + 2 + 1 + 1
    movements in the gaps and 4 entries: 10 movements, more than 3 turns
    hold.  The racing line below does it in 4."""
    result = play(RING)
    assert (result.safe_flying, result.safe_first, result.safe_race) == (4, 4, 11)
    assert result.safe_average == pytest.approx(10 / 3)
    assert [
        [(move.kind, move.speed, [str(space) for space in move.spaces]) for move in turn]
        for turn in result.line
    ] == [
        [
            ("forward", 1, ["0NE", "0SE"]),
            ("forward", 2, ["0SE", "1NE", "1SE"]),
            ("forward", 2, ["1SE", "2NE", "2SE"]),
        ],
        [
            ("lane-change", 1, ["2SE", "3NW"]),
            ("forward", 2, ["3NW", "4NE", "4NW"]),
            ("forward", 1, ["4NW", "5NE"]),
        ],
        [
            ("forward", 2, ["5NE", "6SE", "6NE"]),
            ("forward", 2, ["6NE", "7SE", "7NE"]),
            ("forward", 1, ["7NE", "8SE"]),
        ],
        [
            ("forward", 2, ["8SE", "9SW", "9SE"]),
            ("lane-change", 1, ["9SE", "0NW"]),
            ("forward", 1, ["0NW", "0NE"]),
        ],
    ]


def test_the_ring_risky_and_token_figures() -> None:
    result = play(RING)
    assert result.risky_best_race == 9
    assert result.risky_expected_race == pytest.approx(9.870535189789413)
    assert result.risky_corners == (1, 2, 3, 4)
    assert (result.token_race, result.token_saving) == (10, 1)
    assert [(c.number, c.safe_entry, c.risky_entry, c.lost) for c in result.corners] == [
        (1, 1, 2, 1),
        (2, 1, 2, 1),
        (3, 1, 2, 1),
        (4, 1, 2, 1),
    ]


def test_the_rectangle_also_takes_four_turns() -> None:
    """By the ring's argument: gaps of 6, 2, 6 and 2 spaces need at least
    2 + 1 + 2 + 1 movements, plus 4 entries: 10 movements, so 4 turns."""
    result = play(RECTANGLE)
    assert (result.safe_flying, result.safe_first, result.safe_race) == (4, 5, 13)
    assert (result.risky_best_race, result.token_race) == (11, 11)


def test_the_hairpin_is_three_slow_corners_in_one_turn() -> None:
    """'a hairpin as described above is composed of three corner tiles in a
    row and as such, it will be a very slow section of track': the racing
    line spends one whole turn on three speed-1 movements through it."""
    result = play(HAIRPIN)
    assert (result.safe_flying, result.safe_first, result.safe_race) == (5, 6, 16)
    slow = [[(move.speed, str(move.spaces[-1])) for move in turn] for turn in result.line]
    assert [(1, "3SW"), (1, "4NW"), (1, "5NE")] in slow


def test_chicane_cuts_are_an_option() -> None:
    """'it makes sense to allow them in a chicane': without the cuts the
    chicane track is never faster."""
    layout = load_layout(ROOT / "layouts" / "chicane.yaml").layout
    cut, uncut = analyze(layout, corners=False), analyze(layout, corners=False, chicane_cuts=False)
    assert uncut.safe_race >= cut.safe_race
    assert uncut.risky_best_race >= cut.risky_best_race


def test_spin_chances() -> None:
    """'If the die shows a 5, the car spins out': one chance in six per roll."""
    assert spin_chances(0) == (1.0,)
    assert spin_chances(2) == pytest.approx([1 / 6, 5 / 36, 25 / 36])


def test_hazards_act_from_the_second_lap() -> None:
    """Hazards across both lanes of tile 6 (its front row) end a turn on every
    lap from the second on, but not on the first."""
    calm = play(RING)
    rough = play(RING + "hazards:\n  - {tile: 6, space: NE}\n  - {tile: 6, space: NW}\n")
    assert rough.hazards == 2
    assert rough.safe_first == calm.safe_first
    assert (calm.safe_average, rough.safe_average) == (pytest.approx(10 / 3), 3.5)
    assert (calm.risky_best_race, rough.risky_best_race) == (9, 10)


def test_recommended_laps_for_a_target() -> None:
    result = play(RING, target_turns=20)
    assert (result.recommended_laps, result.recommended_turns) == (6, 21)


def test_bad_targets_and_huge_tracks_are_refused() -> None:
    with pytest.raises(ArgumentError):
        play(RING, target_turns=0)
    huge = Layout(Circuit.from_path([Kind.RIGHT, *[Kind.STRAIGHT] * 99] * 2 + [Kind.RIGHT, Kind.RIGHT]))
    with pytest.raises(LimitError):
        analyze(huge)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.stem)
def test_every_shipped_layout_is_analysed(path: Path) -> None:
    result = analyze(load_layout(path).layout)
    assert result.safe_first >= result.safe_flying - 1
    assert result.risky_best_race <= result.risky_expected_race <= result.safe_race
    assert result.token_race <= result.safe_race
    assert (result.pit_lap is not None) == (path.stem == "pit-lane")


# --- properties ----------------------------------------------------------------


def rectangle(width: int, height: int, chicanes: list[int]) -> Layout:
    """A rectangular loop, ``width`` tiles along and ``height`` across; tiles
    of the short sides listed in ``chicanes`` become chicanes where both
    neighbours are plain straights (the start/finish line and grid stay on
    a plain long side)."""
    width, height = max(width, height), min(width, height)
    side = [Kind.RIGHT] + [Kind.STRAIGHT] * (width - 2) + [Kind.RIGHT] + [Kind.STRAIGHT] * (height - 2)
    kinds = side * 2
    short = [index for half in (0, len(side)) for index in range(half + width, half + len(side))]
    for index in chicanes:
        at = short[index % len(short)]
        if all(kinds[(at + step) % len(kinds)] is Kind.STRAIGHT for step in (-1, 0, 1)):
            kinds[at] = Kind.CHICANE_LEFT if index % 2 else Kind.CHICANE_RIGHT
    return Layout(Circuit.from_path(kinds), laps=2)


rectangles = st.builds(
    rectangle, st.integers(3, 7), st.integers(3, 5), st.lists(st.integers(0, 30), max_size=2)
)


@settings(max_examples=6, deadline=None)
@given(rectangles)
def test_the_safe_lap_never_beats_the_risky_best_case(layout: Layout) -> None:
    result = analyze(layout, corners=False)
    assert result.risky_best_race <= result.safe_race
    assert result.risky_expected_race <= result.safe_race + 1e-9
    assert result.token_race <= result.safe_race


@settings(max_examples=4, deadline=None)
@given(rectangles)
def test_mirroring_a_track_changes_no_figure(layout: Layout) -> None:
    mirrored = layout.with_circuit(layout.circuit.mapped(lambda point: (point[0], -point[1])))
    original, seen = analyze(layout), analyze(mirrored)
    assert figures(seen) == figures(original)
    assert len(seen.line) == len(original.line)


ESSES = "trackkit: 1\npath: 3S 2L R L R L 2S L S L R L\nstart: 1.5\nheading: north\n"
"""A lane change from an apex here leaves a car on the next corner with a
heading that is neither of that tile's; ``analyze`` once failed on it."""


def test_a_run_of_corners_is_analysed() -> None:
    result = play(ESSES)
    assert result.risky_best_race <= result.risky_expected_race <= result.safe_race
    assert result.token_race <= result.safe_race


def test_the_generated_hairpin_track_that_failed_is_analysed() -> None:
    request = GenerationRequest(tiles=16, hairpins=1)
    layout = generate_layouts(request, seed=11).layouts[0]
    result = analyze(layout, corners=False)
    assert result.risky_expected_race <= result.safe_race + 1e-9


GENERATED = [
    GenerationRequest(tiles=16, hairpins=1),
    GenerationRequest(tiles=20, hairpins=2),
    GenerationRequest(tiles=16, chicanes=1),
    GenerationRequest(tiles=22, hairpins=1, chicanes=1),
    GenerationRequest(tiles=30, packs=2, hairpins=1, chicanes=1),
]
"""Hairpin, chicane and two-pack tracks of the generator."""


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(GENERATED), st.integers(0, 2**32 - 1))
def test_every_generated_track_is_analysed(request: GenerationRequest, seed: int) -> None:
    layout = generate_layouts(request, seed=seed).layouts[0]
    result = analyze(layout, corners=False)
    assert result.risky_best_race <= result.safe_race
    assert result.risky_expected_race <= result.safe_race + 1e-9


def test_the_policy_obeys_its_own_expectations() -> None:
    """Every place's expectation is one turn plus the expectations of where
    its chosen turn leads, weighted by the chances of spinning out at each
    risked corner (Bellman's equation), and no other turn from there does
    better."""
    layout = loads_layout(RING).layout
    board = board_of(layout)
    planner = Planner(board, risky=True)
    race = expected_race(planner, pole_state(layout, board), layout.laps)
    policy = race.policy

    def expected(level: int, plan: Plan) -> float:
        chances = spin_chances(len(plan.risks))
        total = 1.0 + chances[-1] * policy.value(level + plan.laps, plan.end)
        for chance, (tile, laps) in zip(chances, plan.risks):
            total += chance * policy.value(level + laps, (-1 - tile, -1))
        return total

    for level in range(policy.goal):
        for place, value in policy.values[level].items():
            node = (place[0], place[1], level, 0)
            assert expected(level, policy.choice(level, place)) == pytest.approx(value)
            assert min(expected(level, plan) for plan in planner.plans(node)) == pytest.approx(value)


def test_the_policy_starts_with_the_race_from_the_pole() -> None:
    result = play(RING)
    first = result.policy[0]
    assert first.race_start and first.crossings == 0
    assert first.expected == pytest.approx(result.risky_expected_race)
    assert first.moves[0].speed == 1
    assert {step.spun for step in result.policy if step.spun is not None} == {1, 2, 3, 4}
    assert {step.crossings for step in result.policy} == {0, 1, 2, 3}
    risked = {move.risks for step in result.policy for move in step.moves} - {None}
    assert risked == {1, 2, 3, 4}


# --- the command line ------------------------------------------------------------


def test_cli_text(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "ring.yaml"
    path.write_text(RING)
    result = runner.invoke(app, ["analyze", str(path), "--target-turns", "20"])
    assert result.exit_code == 0
    assert result.output == RING_TEXT


def test_cli_json(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "ring.yaml"
    path.write_text(RING)
    result = runner.invoke(app, ["analyze", str(path), "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["safe"] == {"flying_lap": 4, "average_lap": 3.33, "first_lap": 4, "race": 11}
    assert data["risky"] == {
        "expected_race": 9.87,
        "expected_first_lap": 3.68,
        "best_case_race": 9,
        "risked_corners": [1, 2, 3, 4],
    }
    assert data["tokens"] == {"race": 10, "saving": 1}
    assert data["target"] is None
    assert data["line"][0][0] == {"kind": "forward", "speed": 1, "spaces": ["0NE", "0SE"]}
    assert "policy" not in data


def test_cli_json_plan(runner: CliRunner, tmp_path: Path) -> None:
    """``--plan`` adds the policy, place by place, to the JSON too."""
    path = tmp_path / "ring.yaml"
    path.write_text(RING)
    result = runner.invoke(app, ["analyze", str(path), "--format", "json", "--plan"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["policy_repeat"] is None
    assert {step["crossings"] for step in data["policy"]} == {0, 1, 2, 3}
    assert data["policy"][0] == {
        "crossings": 0,
        "space": "1SW",
        "heading": "south",
        "spun_at_corner": None,
        "race_start": True,
        "expected_turns": 9.8705,
        "movements": [
            {"kind": "forward", "speed": 1, "spaces": ["1SW", "2NW"], "risks_corner": None},
            {"kind": "forward", "speed": 2, "spaces": ["2NW", "2SW", "3NW"], "risks_corner": 1},
            {"kind": "forward", "speed": 2, "spaces": ["3NW", "4NE", "4NW"], "risks_corner": None},
        ],
        "risks_corners": [1],
    }


def test_cli_plan(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "ring.yaml"
    path.write_text(RING.replace("laps: 3", "laps: 1"))
    result = runner.invoke(app, ["analyze", str(path), "--plan"])
    assert result.exit_code == 0
    plan = result.output.split("\n\nRisk-taking plan")[1].splitlines()
    assert plan[:8] == [
        ": from each place, the expected turns to the finish and the turn taken",
        "(movements as kind speed -> where it ends; * marks a corner entered at speed 2)",
        "",
        "The race's first turn, from the pole",
        "  1SW facing south          3.68  forward 1 -> 2NW, forward 2 -> 3NW *corner 1, forward 1 -> 4NE",
        "",
        "On the grid, before crossing the line",
        "  0NE facing east           3.68  forward 4 -> 2NE, forward 2 -> 3NE *corner 1, forward 2 -> 4NE",
    ]
    assert "  spun out at corner 4     " in result.output
    assert "Lap 1 of 1" in plan


def test_cli_errors(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "ring.yaml"
    path.write_text(RING)
    result = runner.invoke(app, ["analyze", str(path), "--target-turns", "0"])
    assert (result.exit_code, result.output) == (
        2,
        "trackkit: error: --target-turns must be at least 1, not 0\n",
    )
    broken = tmp_path / "broken.yaml"
    broken.write_text("trackkit: 1\npath: R S R\n")
    result = runner.invoke(app, ["analyze", str(broken)])
    assert result.exit_code == 1
    assert result.output == (
        f"{broken}: error: the circuit is not a closed loop of connected tiles; 'trackkit validate' says why\n"
    )


RING_TEXT = """\
Ring: 10 tiles, 4 corners, 3 laps; one car alone, counted in turns of three movements

Fastest safe lap (every corner entered at speed 1)
  flying lap           4 turns (3.33 a lap over a long race)
  first lap from pole  4 turns
  3-lap race           11 turns

Fastest risky lap (corners entered at speed 2 where it pays; a 5 on the penalty die spins out)
  expected 3-lap race  9.87 turns (best case 9)
  expected first lap   3.68 turns
  risks corners        1, 2, 3, 4

Strategy tokens: the five tokens save 1 turn over the race (10 instead of 11)

corner  turn  entry safe  entry risky  turns lost over the race
     1  R              1            2                         1
     2  R              1            2                         1
     3  R              1            2                         1
     4  R              1            2                         1

Race length: 11 turns for 3 laps (fastest safe driving).
For a race of about 20 turns: 6 laps (21 turns).
The rulebook on race length:
  "40-120 minutes, depending on player count and race length"
  "The suggested race length for this track is three laps" (Figure 1)
  "Pit lanes are applicable in longer races, with 5 or more laps on a short course, or 3-6 laps on a long course"
  "longer tracks also mean longer races with fewer laps"
"""


def test_the_readme_shows_the_real_output(runner: CliRunner) -> None:
    readme = (ROOT / "README.md").read_text()
    shown = readme.split("fewer laps.  For Figure 1:\n\n```text\n")[1].split("```")[0]
    result = runner.invoke(app, ["analyze", str(FIGURE1)])
    assert result.exit_code == 0
    assert result.output == shown


@pytest.mark.parametrize("text", [RING, RECTANGLE, HAIRPIN, (ROOT / "layouts" / "chicane.yaml").read_text()])
def test_two_independent_searches_agree(text: str) -> None:
    """The level-by-level race search (with its repeat detection) gives the
    same turns to every crossing as a plain breadth-first search."""
    layout = loads_layout(text).layout
    board = board_of(layout)
    pole = pole_state(layout, board)
    planner = Planner(board, risky=True)
    by_levels = level_turns(planner, pole, 8).turns
    plain = [fastest(planner, pole, _crossed(count), race_start=True) for count in range(1, 9)]
    assert list(by_levels) == [int(route.turns) for route in plain if route is not None]


def _crossed(count: int) -> Callable[[Node], bool]:
    return lambda node: node[2] >= count


RING_40_LAPS = RING.replace("laps: 3", "laps: 40")


def test_a_long_race_lists_its_repeating_laps_once() -> None:
    """Far from the finish the ring's laps repeat: 40 laps' expectations
    settle, lap 3 on, into lap 3's shifted by 3.0909 turns a lap, so lap 2
    is left out of the plan and said to repeat lap 3 (the values it would
    list are lap 3's plus the shift)."""
    result = play(RING_40_LAPS)
    assert result.policy_repeat == PolicyRepeat(2, 2, 3, pytest.approx(3.0909, abs=5e-5))
    assert sorted({step.crossings for step in result.policy}) == [0, 1, *range(3, 41)]


def test_the_repeat_is_said_in_words(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "ring.yaml"
    path.write_text(RING_40_LAPS)
    result = runner.invoke(app, ["analyze", str(path), "--plan"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    said = lines.index("Laps 2 to 2 of 40: as lap 3, with 3.09 more turns to go for each lap before it")
    assert lines[said + 2] == "Lap 3 of 40"
    assert "Lap 2 of 40" not in lines


def test_a_plan_too_long_to_print_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    """The Indy oval's laps never quite repeat (its expectations drift by
    thousandths a lap), so 99 laps would list 11,600 places: refused before
    any is listed, naming the limit."""
    path = tmp_path / "oval.yaml"
    text = (LAYOUTS / "oval.yaml").read_text()
    path.write_text(re.sub(r"(?m)^laps: .*$", "", text) + "laps: 99\n")
    result = runner.invoke(app, ["analyze", str(path), "--plan"])
    assert result.exit_code == 2
    assert result.output == (
        f"{path}: error: the risk-taking plan of this 99-lap race lists 11,600 places;"
        " --plan prints at most 5,000: ask for fewer laps\n"
    )
    assert runner.invoke(app, ["analyze", str(path)]).exit_code == 0
