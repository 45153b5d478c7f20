"""RACE!'s rules on small tracks whose verdicts follow from the rulebook:
the finish line, any number of laps, and a track laid on piecepack tiles."""

from __future__ import annotations

import pytest
from support import LAYOUTS

from trackkit.games import loads
from trackkit.race.formats.layout_file import dump_layout
from trackkit.race.rules import validate
from trackkit.race.track import Corner, RaceLayout

HEAD = "trackkit: 1\ngame: race\n"


def verdicts(text: str) -> list[str]:
    report = validate(loads(HEAD + text).layout)
    return [" ".join([f.severity.value, f.rule, *map(str, f.tiles)]) for f in report.findings]


def test_a_finish_line_inside_a_corner_is_legal_with_a_warning() -> None:
    layout = RaceLayout(spaces=30, finish=11, corners=(Corner(10, 3, 1),))
    [finding] = [f for f in validate(layout).findings if f.rule == "race/finish-corner"]
    assert validate(layout).valid
    assert (finding.severity.value, finding.rule) == ("warning", "race/finish-corner")
    assert finding.message == "the finish line between spaces 11 and 12 is inside the corner at spaces 10-12"
    assert (
        finding.hint
        == "the rules allow it; to start out of the corner set 'finish: 12', the corner's last space"
    )


def test_a_house_rule_forbids_the_finish_line_inside_a_corner() -> None:
    layout = RaceLayout(spaces=30, finish=11, corners=(Corner(10, 3, 1),), finish_in_corner=False)
    [finding] = [f for f in validate(layout).findings if f.rule == "race/finish-corner"]
    assert (finding.severity.value, finding.rule) == ("error", "race/finish-corner")
    assert finding.message == (
        "the finish line between spaces 11 and 12 is inside the corner at spaces 10-12"
        " (this track forbids it: 'finish_in_corner: false')"
    )
    assert finding.hint == "set 'finish: 12', the corner's last space, or delete 'finish_in_corner: false'"


@pytest.mark.parametrize("laps", [1, 99, 100, 1_000_000, 10**60])
def test_any_positive_number_of_laps_is_legal(laps: int) -> None:
    assert verdicts(f"spaces: 30\nlaps: {laps}\n") == []


def test_a_race_of_a_hundred_digit_lap_count_reads_back_and_is_legal() -> None:
    layout = loads(HEAD + f"spaces: 30\nlaps: {10**99}\n").layout
    assert layout.laps == 10**99
    assert validate(layout).valid
    assert loads(dump_layout(layout)).layout == layout


def test_tiles_on_the_same_ground_are_an_error_naming_them() -> None:
    # Eight right turns: the loop goes round the same four tiles twice.
    report = validate(loads(HEAD + "path: 8R\n").layout)
    assert [f.rule for f in report.findings] == ["race/overlap"] * 4 + ["race/length"]
    assert (
        report.findings[0].message
        == "tile 4 at (0, 0) overlaps tile 0 at (0, 0); tiles lie flat on the table"
    )
    assert not report.valid


def test_road_beside_road_is_a_warning_but_a_u_turn_is_not() -> None:
    # A Racepack hairpin's U-turn puts its two arms side by side: the bend itself.
    hairpin = loads((LAYOUTS / "race-hairpin.yaml").read_text()).layout
    assert validate(hairpin).findings == ()
    # A long thin loop: its two straights run side by side, the road beside itself.
    found = [
        f for f in validate(loads(HEAD + "path: R 4S R R 4S R\n").layout).findings if f.rule == "race/touch"
    ]
    assert [(f.severity.value, f.message) for f in found[:1]] == [
        (
            "warning",
            "tile 2 at (0, -2) to tile 3 at (0, -3) lie alongside tile 9 at (-1, -2) to tile 8 at (-1, -3),"
            " touching in 2 places; the two stretches of road run side by side",
        )
    ]


def test_a_house_rule_forbids_road_beside_road() -> None:
    text = HEAD + "path: R 4S R R 4S R\nroad_touch: forbidden\n"
    found = [f for f in validate(loads(text).layout).findings if f.rule == "race/touch"]
    assert {f.severity.value for f in found} == {"error"}
    assert found[0].message.endswith("(this track forbids it: 'road_touch: forbidden')")
    assert found[0].hint == "leave a tile's gap between them, or set 'road_touch: allowed'"
    assert "road_touch: forbidden\n" in dump_layout(loads(text).layout)
