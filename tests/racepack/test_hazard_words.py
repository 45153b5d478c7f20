"""How die rolls, icon corners and null rules are typed for ``hazards``,
and table sizes for ``generate`` and ``count``."""

from __future__ import annotations

import pytest

from trackkit.errors import ArgumentError
from trackkit.piecepack.geometry import parse_table_length
from trackkit.racepack.hazard_rolls import parse_face, parse_icons, parse_null_rule, parse_rolls
from trackkit.racepack.hazards import NullRule
from trackkit.racepack.spaces import Quadrant as Q


@pytest.mark.parametrize(
    ("text", "face"), [("null", 0), ("N", 0), ("0", 0), ("ace", 1), ("A", 1), ("1", 1), ("2", 2), ("5", 5)]
)
def test_die_faces(text: str, face: int) -> None:
    assert parse_face(text) == face


def test_rolls_and_their_errors() -> None:
    assert parse_rolls("4,2,null,5") == (4, 2, 0, 5)
    assert parse_rolls(" ace  3, n ") == (1, 3, 0)
    with pytest.raises(ArgumentError, match=r"'6' is not a die face; use null, ace \(or 1\), 2, 3, 4 or 5"):
        parse_rolls("1,6")
    with pytest.raises(ArgumentError, match="no rolls given"):
        parse_rolls(" , ")


def test_icons_and_their_errors() -> None:
    assert parse_icons("3:NE,7:sw") == {3: Q.NE, 7: Q.SW}
    with pytest.raises(ArgumentError, match="'3-NE' is not an icon position"):
        parse_icons("3-NE")
    with pytest.raises(ArgumentError, match="'3:N' is not an icon position"):
        parse_icons("3:N")
    with pytest.raises(ArgumentError, match="icon of tile 3 given twice"):
        parse_icons("3:NE 3:SW")


def test_null_rules() -> None:
    assert parse_null_rule(" Reroll ") is NullRule.REROLL
    assert parse_null_rule("zero") is NullRule.ZERO
    with pytest.raises(ArgumentError, match="'twice' is not a null rule; use zero or reroll"):
        parse_null_rule("twice")


def test_table_lengths_read_tiles_or_inches() -> None:
    assert parse_table_length("10") == 20
    assert parse_table_length("20in") == 20
    assert parse_table_length(" 21 IN ") == 21
    for bad in ("ten", "10cm", "-3", "2.5", "0"):
        with pytest.raises(ArgumentError):
            parse_table_length(bad)
