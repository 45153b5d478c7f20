"""``trackkit export``: the setup as a piecepackr data frame (CSV) and as PPN."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import yaml
from support import LAYOUTS
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.export import COLUMNS, piecepackr_csv, pieces, ppn_text
from trackkit.formats.racepack_yaml import load_layout

OVAL = load_layout(LAYOUTS / "oval.yaml").layout


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_the_csv_has_exactly_piecepackrs_columns() -> None:
    text = piecepackr_csv(OVAL)
    assert text.splitlines()[0] == "piece_side,suit,rank,x,y,angle,cfg"
    assert COLUMNS == ("piece_side", "suit", "rank", "x", "y", "angle", "cfg")
    for row in rows(text):
        assert set(row) == set(COLUMNS)
        assert row["cfg"] == "piecepack"
        assert row["angle"] == "0"
        assert 1 <= int(row["suit"]) <= 4 and 1 <= int(row["rank"]) <= 6


def test_tiles_are_two_units_wide_and_touch_edge_to_edge() -> None:
    tiles = [p for p in pieces(OVAL) if p.piece_side == "tile_back"]
    assert len(tiles) == 24
    steps = {abs(a.x - b.x) + abs(a.y - b.y) for a, b in zip(tiles, tiles[1:] + tiles[:1])}
    assert steps == {2.0}
    assert min(p.x for p in tiles) == 1 and min(p.y for p in tiles) == 1


def test_the_oval_setup_by_hand() -> None:
    # The oval's tile 0 is the corner at (9, 17) and the road runs south
    # down the column x = 9, tile 4 centred at (9, 9).  The line crosses the
    # middle of tile 4 (y = 9), the lap die lies against the outside (east,
    # x = 10.5) showing 5 laps (rank 6), and the four pawns stand two
    # abreast behind the line (north of it): spaces 4NW, 4NE, 3SW, 3SE, the
    # pole (suns) on the inside lane, which is the west one.
    others = [row for row in rows(piecepackr_csv(OVAL)) if row["piece_side"] != "tile_back"]
    assert [list(row.values()) for row in others] == [
        ["die_face", "1", "6", "10.5", "9", "0", "piecepack"],
        ["pawn_face", "1", "1", "8.5", "9.5", "0", "piecepack"],
        ["pawn_face", "2", "1", "9.5", "9.5", "0", "piecepack"],
        ["pawn_face", "3", "1", "8.5", "10.5", "0", "piecepack"],
        ["pawn_face", "4", "1", "9.5", "10.5", "0", "piecepack"],
    ]


def test_hazards_are_null_coins_and_extra_cars_on_one_pack_are_dice(tmp_path: Path) -> None:
    path = tmp_path / "track.yaml"
    path.write_text(
        (LAYOUTS / "figure1.yaml").read_text()
        + "cars: 6\nhazards:\n  - {tile: 4, space: SE}\n  - {tile: 9, space: SE}\n"
    )
    found = pieces(load_layout(path).layout)
    kinds = [(p.piece_side, p.suit, p.rank) for p in found if p.piece_side != "tile_back"]
    assert kinds == [
        ("die_face", 1, 4),
        ("coin_face", 1, 1),
        ("coin_face", 2, 1),
        ("pawn_face", 1, 1),
        ("pawn_face", 2, 1),
        ("pawn_face", 3, 1),
        ("pawn_face", 4, 1),
        ("die_face", 1, 1),
        ("die_face", 2, 1),
    ]
    assert min(p.x for p in found) >= 0.5 and min(p.y for p in found) >= 0.5


def test_ppn_has_a_metadata_document_and_one_setup_move() -> None:
    text = ppn_text(OVAL)
    metadata, movetext = text.split("...\n")
    assert yaml.safe_load(metadata.removeprefix("---\n")) == {
        "Event": "Racepack setup: Indy Oval",
        "Notes": "5 laps, 4 cars; tiles grid side up, written by trackkit",
    }
    moves = movetext.split()
    assert moves[0] == "setup."
    assert moves[1:3] == ["t@(9,17)", "t@(9,15)"]
    assert moves[-5:] == ["dS5@(10.5,9)", "pS@(8.5,9.5)", "pM@(9.5,9.5)", "pC@(8.5,10.5)", "pA@(9.5,10.5)"]
    assert len(moves) == 1 + 24 + 1 + 4


def test_export_command_writes_and_refuses(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "oval.csv"
    result = runner.invoke(app, ["export", str(LAYOUTS / "oval.yaml"), "--to", "piecepackr", "-o", str(out)])
    assert (result.exit_code, result.stderr) == (0, f"wrote {out}\n")
    assert out.read_text() == piecepackr_csv(OVAL)
    again = runner.invoke(app, ["export", str(LAYOUTS / "oval.yaml"), "--to", "piecepackr", "-o", str(out)])
    assert again.exit_code == 2
    wrong = runner.invoke(app, ["export", str(LAYOUTS / "oval.yaml"), "--to", "pnn"])
    assert "'pnn' is not an export form; use piecepackr or ppn (did you mean 'ppn'?)" in wrong.stderr
