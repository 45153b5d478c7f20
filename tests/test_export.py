"""``trackkit export``: the setup as a piecepackr data frame (CSV) and as PPN."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
import yaml
from support import LAYOUTS, MOTOCROSS_SHIPPED, SHIPPED
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.errors import EquipmentError
from trackkit.export import COLUMNS, piecepackr_csv, pieces, ppn_text
from trackkit.games import load
from trackkit.racepack.formats.layout_file import load_layout

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
        # the suns die counts the laps: the fifth and sixth cars are other dice
        ("die_face", 2, 1),
        ("die_face", 3, 1),
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


# --- every piece a distinct physical piece ---------------------------------------------


EXPORTED = SHIPPED + MOTOCROSS_SHIPPED


@pytest.mark.parametrize("path", EXPORTED, ids=[p.stem for p in EXPORTED])
def test_no_two_exported_pieces_are_the_same_physical_piece(path: Path) -> None:
    found = pieces(load(path).layout)
    identities = [(p.cfg, p.piece_side.split("_")[0], p.suit, p.rank) for p in found]
    # dice and pawns: one of each suit per pack, whatever their face
    identities = [
        (cfg, kind, suit, 0 if kind in ("die", "pawn") else rank) for cfg, kind, suit, rank in identities
    ]
    assert len(identities) == len(set(identities))
    assert min(p.x for p in found) >= 0 and min(p.y for p in found) >= 0


def test_a_second_pack_is_named_on_its_pieces(tmp_path: Path) -> None:
    path = tmp_path / "track.yaml"
    path.write_text((LAYOUTS / "figure1.yaml").read_text() + "cars: 6\npacks: 2\n")
    cars = [p for p in pieces(load(path).layout) if p.piece_side in ("pawn_face", "die_face")][1:]
    assert [(p.piece_side, p.suit, p.cfg) for p in cars] == [
        ("pawn_face", 1, "piecepack"),
        ("pawn_face", 2, "piecepack"),
        ("pawn_face", 3, "piecepack"),
        ("pawn_face", 4, "piecepack"),
        ("pawn_face", 1, "piecepack2"),
        ("pawn_face", 2, "piecepack2"),
    ]
    notes = yaml.safe_load(ppn_text(load(path).layout).split("...\n")[0].removeprefix("---\n"))["Notes"]
    assert notes.endswith("; 2 piecepacks, pack 2: car 5, car 6")


def test_running_out_of_pieces_is_refused_clearly(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "track.yaml"
    spots = "".join(f"  - {{tile: {t}, space: SE}}\n" for t in (1, 4, 6, 9, 11))
    path.write_text((LAYOUTS / "figure1.yaml").read_text() + "hazards:\n" + spots)
    with pytest.raises(EquipmentError) as caught:
        pieces(load(path).layout)
    assert str(caught.value) == (
        "this Racepack setup needs the null suns coin, but one piecepack holds only 24 coins;"
        " set 'packs' higher in the layout or use fewer pieces"
    )
    result = runner.invoke(app, ["export", str(path), "--to", "ppn"])
    assert result.exit_code == 2 and "needs the null suns coin" in result.stderr


def test_motocross_exports_its_tiles_ramp_coins_and_pawns() -> None:
    layout = load(LAYOUTS / "motocross-max-ramps.yaml").layout
    found = pieces(layout)
    kinds = [p.piece_side for p in found]
    assert kinds.count("tile_back") == len(layout.centres)
    assert kinds.count("coin_face") == layout.ramp_coins
    assert kinds.count("pawn_face") == layout.players
    moves = ppn_text(layout).split("...\n")[1].split()
    assert moves[-4:] == ["pS@(0.5,1.5)", "pM@(1.5,1.5)", "pC@(0.5,0.5)", "pA@(1.5,0.5)"]


def test_a_rally_deck_and_a_race_track_of_spaces_have_nothing_to_export(runner: CliRunner) -> None:
    rally = str(LAYOUTS / "rally-base.yaml")
    result = runner.invoke(app, ["export", rally, "--to", "ppn"])
    assert result.exit_code == 2
    assert result.stderr == (
        f"{rally}: error: this rally card game layout sets out no piecepack pieces to export;"
        " export a Racepack track, a Motocross course or a RACE! track laid on tiles (with a 'path')\n"
    )
    oval = str(LAYOUTS / "race-oval.yaml")
    result = runner.invoke(app, ["export", oval, "--to", "piecepackr"])
    assert result.exit_code == 2
    assert result.stderr == (
        f"{oval}: error: this RACE! layout sets out no piecepack pieces to export;"
        " export a Racepack track, a Motocross course or a RACE! track laid on tiles (with a 'path')\n"
    )


def test_a_race_track_on_tiles_exports_the_tiles_it_lies_on(runner: CliRunner) -> None:
    race = load(LAYOUTS / "figure1-race.yaml").layout
    racepack = load(LAYOUTS / "figure1.yaml").layout
    tiles = [p for p in pieces(race)]
    assert [p.piece_side for p in tiles] == ["tile_back"] * 24
    assert [(p.suit, p.rank) for p in tiles] == [(p.suit, p.rank) for p in pieces(racepack) if p.piece_side == "tile_back"]
    result = runner.invoke(app, ["export", str(LAYOUTS / "figure1-race.yaml"), "--to", "ppn"])
    assert result.exit_code == 0
    head, moves = result.stdout.split("...\n")
    assert "Event: 'RACE! setup: Figure 1'" in head and "Notes: 3 laps, 6 racers; tiles grid side up" in head
    assert moves.split()[:3] == ["setup.", "t@(1,1)", "t@(1,3)"] and len(moves.split()) == 25
