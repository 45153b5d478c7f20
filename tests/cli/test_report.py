"""``trackkit report FILE``: a track's report card for every game.

Each game's report of a few races with a fixed seed is pinned byte for byte
(``tests/golden/report/``); the JSON gives every figure under fixed keys;
the page is SVG with the drawing, the heat maps and the rating, or a PDF;
the same seed gives the same bytes; bad input is one located line and
exit 2, and the page is never written over the layout it reports on.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from support import LAYOUTS
from typer.testing import CliRunner

from trackkit import registry
from trackkit.cli import app
from trackkit.games import load
from trackkit.montecarlo import Z_95
from trackkit.report import default_races, field_size

SMALL = ["--races", "8", "--seed", "3"]
"""Few races, one seed: quick, and the same every run."""


def _report(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["report", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    "layout", ["figure1", "race-oval", "motocross-three-players", "rally-base"]
)
def test_the_text_report_of_every_game_is_pinned(runner: CliRunner, golden: object, layout: str) -> None:
    code, out, err = _report(runner, str(LAYOUTS / f"{layout}.yaml"), *SMALL)
    assert (code, err) == (0, "")
    golden(f"report/{layout}.txt", out)  # type: ignore[operator]


def test_the_figure1_report_reads_as_its_races_showed(runner: CliRunner) -> None:
    code, out, _ = _report(runner, str(LAYOUTS / "figure1.yaml"), *SMALL)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Figure 1: track report (Racepack)"
    assert lines[1] == "8 races of 4 cars over 3 laps, every one driven by the expert driver; seed 3"
    assert "  corners:    8" in lines
    assert "  decided: after round 20 of 22 (median); that round's leader won 100.0 % (67.6 to 100.0)" in lines
    assert lines[-3] == "difficulty: 5.4 of 10 (medium)"
    assert lines[-1] == "  scale: 0 to 3.5 easy, 3.5 to 5.5 medium, 5.5 to 10.0 hard"


def test_the_json_report_has_every_figure(runner: CliRunner) -> None:
    code, out, _ = _report(runner, str(LAYOUTS / "figure1.yaml"), *SMALL, "--format", "json")
    assert code == 0
    found = json.loads(out)
    assert list(found) == [
        "name", "game", "seed", "races", "cars", "laps", "expert", "facts", "length", "grid",
        "lead_changes", "decided", "incident", "overtake", "corners", "skill", "difficulty",
    ]
    assert found["facts"]["tiles"] == 24
    assert found["length"] == {
        "unit": "turns", "mean": 21.75, "quantiles": {"10%": 21, "50%": 22, "90%": 23},
        "mean_minutes": 43.5, "seconds_per_move": 30, "unfinished": 0,
    }
    assert found["decided"] == {"round": 20, "share": 0.8, "leader_won": {"rate": 1.0, "low": 0.6756, "high": 1.0}}
    assert [slot["slot"] for slot in found["grid"]] == [1, 2, 3, 4]
    assert found["skill"]["races"] == 2
    # 24 tiles x 3 laps in 21.75 turns on average, over Racepack's slow pace of 2.5 tiles a round
    assert found["difficulty"] == {
        "rating": 5.4, "band": "medium", "pace": 1.3241, "incidents_per_car_lap": 0.7292, "spread": 0.0909,
        "shares": [0.7517, 0.4217, 0.1818], "weights": [0.5, 0.3, 0.2],
    }


def test_the_page_shows_the_drawing_the_heat_maps_and_the_rating(runner: CliRunner, tmp_path: Path) -> None:
    page = tmp_path / "figure1.svg"
    code, _, err = _report(runner, str(LAYOUTS / "figure1.yaml"), *SMALL, "-o", str(page))
    assert (code, err) == (0, f"wrote {page}\n")
    svg = page.read_text()
    for mark in ('id="drawing-', 'id="heat-incidents"', 'id="heat-overtakes"', 'id="difficulty"',
                 'id="grid-fairness"', ">5.4</text>", ">of 10: medium</text>", ">spin-outs a race, by corner</text>"):
        assert mark in svg, mark


def test_a_game_without_a_track_map_shows_its_own_picture(runner: CliRunner, tmp_path: Path) -> None:
    page = tmp_path / "quarry.svg"
    code, _, _ = _report(runner, str(LAYOUTS / "motocross-three-players.yaml"), *SMALL, "-o", str(page))
    assert code == 0
    svg = page.read_text()
    assert 'id="heat-map"' in svg and 'id="heat-incidents"' not in svg
    assert ">5.8</text>" in svg  # the difficulty rating, as the text report gives it


def test_the_same_seed_gives_the_same_page_and_a_pdf(runner: CliRunner, tmp_path: Path) -> None:
    pages = [tmp_path / "one.svg", tmp_path / "two.svg", tmp_path / "page.pdf"]
    for page in pages:
        code, _, _ = _report(runner, str(LAYOUTS / "race-oval.yaml"), *SMALL, "-o", str(page))
        assert code == 0
    assert pages[0].read_bytes() == pages[1].read_bytes()
    assert pages[2].read_bytes().startswith(b"%PDF-")


def test_the_figures_do_not_depend_on_the_workers(runner: CliRunner, pool_chunks: int) -> None:
    one = _report(runner, str(LAYOUTS / "race-oval.yaml"), "--races", "45", "--seed", "2")
    two = _report(runner, str(LAYOUTS / "race-oval.yaml"), "--races", "45", "--seed", "2", "--workers", "2")
    assert one == two


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.yaml"], "missing.yaml: error: no such file (check the path)\n"),
        (["broken.yaml"], "broken.yaml:3:1: error: YAML syntax error: expected ',' or ']', but got '<stream end>'"
         " (check the indentation and quoting near here)\n"),
        ([str(LAYOUTS / "figure1.yaml"), "--races", "0"], "trackkit: error: --races must be from 1 to 1,000,000, not 0\n"),
        ([str(LAYOUTS / "figure1.yaml"), "-o", "page.png"],
         "trackkit: error: page.png: cannot write .png; name the report's page .svg or .pdf\n"),
        ([str(LAYOUTS / "figure1.yaml"), "-o", "taken.svg"],
         "trackkit: error: taken.svg: already exists; choose another name, or add --force to replace it\n"),
    ],
)
def test_bad_input_is_one_located_line_and_exit_2(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("broken.yaml").write_text("trackkit: 1\nname: [x\n")
    Path("taken.svg").write_text("<svg/>")
    assert _report(runner, *args) == (2, "", message)
    assert Path("taken.svg").read_text() == "<svg/>"
    assert not Path("page.png").exists()


def test_the_page_is_never_written_over_the_layout(runner: CliRunner, tmp_path: Path) -> None:
    layout = tmp_path / "track.svg"
    layout.write_text((LAYOUTS / "figure1.yaml").read_text())
    code, out, err = _report(runner, str(layout), *SMALL, "-o", str(layout), "--force")
    assert (code, out, err) == (
        2, "", f"trackkit: error: {layout}: refusing to overwrite the input file; choose another output\n"
    )
    assert layout.read_text() == (LAYOUTS / "figure1.yaml").read_text()


def test_a_track_too_large_to_draw_is_refused_before_any_race(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 10,000-space RACE! loop raced for seconds before its page found it
    could not be drawn (the fuzzing campaign's seed 13); now no race is run."""
    import trackkit.api.report as api_report

    track = tmp_path / "long.yaml"
    track.write_text(
        "trackkit: 1\ngame: race\nspaces: 10000\nracers: 8\n"
        "corners:\n- {from: 12, length: 2, radius: 2}\n- {from: 25, length: 4, radius: 1}\n"
    )
    monkeypatch.setattr(api_report, "measure", lambda *args, **kwargs: pytest.fail("raced"))
    code, out, err = _report(runner, str(track), *SMALL, "-o", str(tmp_path / "page.svg"))
    assert (code, out, err) == (
        2, "", f"{track}: error: a drawing shows at most 2,000 spaces; this track has 10,000\n"
    )
    assert not (tmp_path / "page.svg").exists()


@pytest.mark.parametrize(("cars", "races"), [(2, 270), (3, 240), (4, 210), (6, 150), (8, 120)])
def test_the_default_races_know_an_even_slot_to_within_6_points(cars: int, races: int) -> None:
    """The fewest races, in tens, for the 95 % half-width of an even
    share's win rate (normal approximation) to be at most 6 points."""
    assert default_races(cars) == races
    share = 1 / cars
    assert Z_95 * math.sqrt(share * (1 - share) / races) <= 0.06
    assert Z_95 * math.sqrt(share * (1 - share) / (races - 10)) > 0.06


def test_a_layout_races_its_own_field_by_default() -> None:
    racepack, rally = registry.find_game("racepack"), registry.find_game("rally")
    assert field_size(racepack, load(LAYOUTS / "grand-prix.yaml").layout) == 6
    assert field_size(rally, load(LAYOUTS / "rally-base.yaml").layout) == 4
