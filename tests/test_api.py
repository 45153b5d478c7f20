"""The library functions behind the commands: reading, converting, writing."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import FIGURE1_YAML

from trackkit.api import check_file, convert_file, load
from trackkit.errors import LayoutError, OutputError
from trackkit.games import GAMES


def test_convert_refuses_to_overwrite_its_input(tmp_path: Path) -> None:
    source = tmp_path / "a.yaml"
    source.write_text(FIGURE1_YAML)
    with pytest.raises(OutputError, match="refusing to overwrite the input file"):
        convert_file(source, "tiles", source)
    assert source.read_text() == FIGURE1_YAML


def test_convert_writes_the_other_form(tmp_path: Path) -> None:
    source = tmp_path / "a.yaml"
    source.write_text(FIGURE1_YAML)
    text = convert_file(source, "tiles", tmp_path / "b.yaml")
    assert (tmp_path / "b.yaml").read_text() == text
    assert "tiles: [[0, 0], [0, -1], [0, -2], [0, -3], [-1, -3]," in text
    assert load(tmp_path / "b.yaml").layout.circuit.centres() == load(source).layout.circuit.centres()


def test_a_file_without_game_is_racepack_and_an_unknown_game_is_located(tmp_path: Path) -> None:
    source = tmp_path / "a.yaml"
    source.write_text(FIGURE1_YAML)
    assert check_file(source).loaded.layout.game == "racepack"
    source.write_text(FIGURE1_YAML + "game: croquet\n")
    with pytest.raises(LayoutError) as caught:
        load(source)
    known = ", ".join(GAMES)
    assert caught.value.one_line() == f"{source}:5:7: error: unknown game 'croquet' (known games: {known})"


def test_a_race_record_the_packs_cannot_set_up_is_refused_before_racing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A thousand-tile loop from one pack: its record would need pieces the
    pack lacks, so ``--record`` is refused before any race (it raced 11 s first)."""
    import importlib

    from trackkit.api import simulation
    from trackkit.errors import EquipmentError

    racepack_simulate = importlib.import_module("trackkit.racepack.race.simulate")

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("no race should be played")

    monkeypatch.setattr(racepack_simulate, "simulate", never)
    source = tmp_path / "in.yaml"
    source.write_text("trackkit: 1\npath: " + "6S R " * 200 + "\n", encoding="utf-8")
    with pytest.raises(EquipmentError, match="one piecepack holds only 24 tiles"):
        simulation.simulate_file(source, races=1, seed=7, record=tmp_path / "race.rec")
    assert not (tmp_path / "race.rec").exists()
