"""The cars rule: at least four cars; one pack seats six (four pawns, two
dice); two packs seat eight."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from support import CORPUS, FIGURE1, VARIANTS
from typer.testing import CliRunner

from trackkit.api import check_file
from trackkit.api import validate as validate_layout
from trackkit.cli import app
from trackkit.racepack.formats.layout_file import load_layout


@pytest.mark.parametrize(
    ("packs", "cars", "rules"),
    [
        (1, 3, ["cars"]),
        (1, 4, []),
        (1, 5, []),
        (1, 6, []),
        (1, 7, ["cars"]),
        (2, 8, []),
        (2, 9, ["cars"]),
        (2, 16, ["cars"]),
    ],
)
def test_how_many_cars_the_packs_seat(packs: int, cars: int, rules: list[str]) -> None:
    layout = replace(load_layout(FIGURE1).layout, packs=packs, cars=cars)
    errors = [f.rule for f in validate_layout(layout).errors if f.rule != "tile-budget"]
    assert errors == rules


def test_cars_messages(runner: CliRunner) -> None:
    path = str(CORPUS / "cars-one-pack-eight.yaml")
    result = runner.invoke(app, ["validate", path])
    assert result.exit_code == 1
    # in file order, after the wide-straight warning on the path (line 2)
    assert result.output.splitlines()[4:8] == [
        f"{path}:4:1: error[cars]: 8 cars race, but one piecepack seats at most 6"
        " (four pawns, and two dice standing in as cars)",
        "    4 | cars: 8",
        "      | ^^^^",
        "    hint: set 'cars: 6' or fewer, or set 'packs: 2' for up to 8 cars",
    ]
    two = str(CORPUS / "cars-two.yaml")
    assert runner.invoke(app, ["validate", two]).output.splitlines() == [
        f"{two}:4:1: error[cars]: 2 cars race, but there are always at least 4 cars in a race",
        "    4 | cars: 2",
        "      | ^^^^",
        "    hint: set 'cars: 4'; with two or three players each drives two cars",
        f"{two}: illegal (24 tiles; 1 error, 0 warnings)",
    ]


def test_the_wide_row_hint_is_offered_only_when_following_it_gives_a_legal_track(tmp_path: Path) -> None:
    (finding,) = check_file(VARIANTS / "wide-no-room.yaml").report.findings
    assert finding.hint == (
        "a second row here would break the tile-budget and wide-straight rules"
        " (add 'wide: {from: 0, length: 5}' gives an illegal track): rebuild the main straight"
        " with room beside it, or race 6 cars or fewer"
    )
    (finding,) = check_file(VARIANTS / "wide-missing.yaml").report.findings
    assert finding.hint == "add 'wide: {from: 3, length: 7}', a second row beside those tiles"
    followed = tmp_path / "followed.yaml"
    followed.write_text((VARIANTS / "wide-missing.yaml").read_text() + "wide: {from: 3, length: 7}\n")
    assert check_file(followed).report.findings == ()
