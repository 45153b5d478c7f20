"""``trackkit generate race --tiles N``: RACE! tracks laid on piecepack
tiles (issue 38), two spaces a tile, corners where the road bends."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from trackkit import games
from trackkit.cli import app
from trackkit.race.generate import RaceRequest, generate_tracks
from trackkit.race.rules.course import corner_spaces
from trackkit.race.track import grid_spaces

SEED7 = """trackkit: 1
name: Generated RACE! track
game: race
spaces: 48
direction: counterclockwise
laps: 2
racers: 6
finish: 6
corners:
- {from: 9, length: 2, radius: 2}
- {from: 15, length: 2, radius: 2}
- {from: 21, length: 2, radius: 2}
- {from: 23, length: 2, radius: 2}
- {from: 31, length: 2, radius: 2}
- {from: 33, length: 2, radius: 2}
- {from: 35, length: 2, radius: 2}
- {from: 39, length: 2, radius: 2}
- {from: 45, length: 2, radius: 2}
- {from: 47, length: 2, radius: 2}
path: 4S L 2S L 2S R L 3S L R L S L 2S R L
"""


def test_a_track_on_24_tiles_is_exact_for_its_seed(runner: CliRunner) -> None:
    result = runner.invoke(app, ["generate", "race", "--tiles", "24", "--seed", "7"])
    assert result.exit_code == 0
    assert result.stdout == SEED7
    assert result.stderr == "seed: 7\n"


def test_the_written_track_validates_legal_with_no_warnings(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "tiled.yaml"
    result = runner.invoke(app, ["generate", "race", "--tiles", "24", "--seed", "7", "-o", str(out), "--svg", str(tmp_path / "t.svg")])
    assert result.exit_code == 0
    checked = runner.invoke(app, ["validate", str(out)])
    assert (checked.exit_code, checked.stdout) == (0, f"{out}: legal (48 spaces on 24 tiles; 0 errors, 0 warnings)\n")


@pytest.mark.parametrize(("tiles", "racers"), [(24, 6), (24, 8), (30, 6), (48, 8)])
def test_every_tiled_track_is_legal_with_the_line_and_grid_on_a_straight(tiles: int, racers: int) -> None:
    for track in generate_tracks(RaceRequest(tiles=tiles, racers=racers), seed=2, count=5):
        assert track.circuit is not None and len(track.circuit) == tiles and track.spaces == 2 * tiles
        report = games.GAMES["race"].validate(track)
        assert report.findings == ()
        taken = corner_spaces(track)
        assert not set(grid_spaces(track)) & set(taken)
        assert track.finish % track.spaces + 1 not in taken and track.finish % track.spaces + 2 not in taken


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tiles", "23"], "trackkit: error: --tiles is 23; a closed circuit always has an even number of tiles\n"),
        (["--tiles", "400"], "trackkit: error: --tiles must be from 4 to 192, not 400\n"),
        (
            ["--tiles", "24", "--spaces", "30"],
            "trackkit: error: --tiles lays the track on tiles, whose bends make its corners and two spaces a tile"
            " its spaces: give --tiles, or --spaces and --corners\n",
        ),
    ],
)
def test_tiles_that_cannot_make_a_track_are_refused(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["generate", "race", *args])
    assert (result.exit_code, result.stderr) == (2, message)


def test_a_track_of_spaces_is_drawn_as_before() -> None:
    """Without --tiles nothing changes: seed 7 still makes the track of spaces it made."""
    (track,) = generate_tracks(RaceRequest(), seed=7)
    assert track.circuit is None and track.spaces == 40
