"""The lap die rule: one piecepack die shows at most five laps."""

from __future__ import annotations

import pytest
from support import FIGURE1_PATH

from trackkit.racepack.formats.layout_file import loads_layout
from trackkit.racepack.rules import validate


def findings(laps: int) -> list[tuple[str, str, str | None]]:
    layout = loads_layout(f"trackkit: 1\npath: {FIGURE1_PATH}\nlaps: {laps}\n").layout
    return [(f.rule, f.message, f.hint) for f in validate(layout).findings if f.rule == "laps"]


@pytest.mark.parametrize("laps", [1, 3, 5])
def test_laps_a_die_can_show_are_quiet(laps: int) -> None:
    assert findings(laps) == []


def test_more_laps_than_a_die_shows_warn_with_a_way_to_count_them() -> None:
    assert findings(7) == [
        (
            "laps",
            "a 7-lap race cannot be shown on the lap die: a piecepack die shows ace to 5",
            "count the laps left with two dice side by side (up to 10), turning one down each lap,"
            " or set 'laps: 5' or fewer",
        )
    ]
