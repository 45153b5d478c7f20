"""``trackkit generate``, ``count`` and ``id`` through Typer's CliRunner: exact
output and exit codes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from support import FIGURE1_ID, LAYOUTS
from typer.testing import CliRunner

from trackkit.api import check_file
from trackkit.cli import app
from trackkit.cli.progress import eta_words, progress_bar
from trackkit.racepack import generation as generate_job
from trackkit.racepack.formats.layout_file import dump_layout
from trackkit.racepack.generate import GenerationRequest, generate_layouts

KNOWN = {4: (1, 1), 6: (0, 0), 8: (1, 1), 10: (2, 1), 12: (9, 4), 14: (36, 7), 16: (154, 31), 18: (668, 95)}
"""Plain circuits by tile count: up to translation, and up to symmetry too."""

TABLE_NOTICE = generate_job._table_notice

SUMMARY_24 = "24 tiles: 6,697 of 58,364 circuits meet the constraints of a track people race; each was equally likely\n"


@pytest.fixture(scope="module", autouse=True)
def private_cache(suite_cache: Path) -> Iterator[None]:
    """The suite's cache folder, not the user's; the notice before a table
    build (whose first appearance depends on test order) is tested on its
    own, in a folder of that test's own."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TRACKKIT_CACHE_DIR", str(suite_cache))
        patch.setattr(generate_job, "_table_notice", lambda request, progress: None)
        yield



# ---------------------------------------------------------------------------
# count
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("tiles", "numbers"), sorted(KNOWN.items()))
def test_count_text(runner: CliRunner, tiles: int, numbers: tuple[int, int]) -> None:
    result = runner.invoke(app, ["count", "--tiles", str(tiles)])
    translation, free = numbers
    noun = "circuit" if translation == 1 else "circuits"
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == (
        f"{tiles} tiles: {translation} plain {noun} up to translation, {free} up to rotation and reflection\n"
    )


@pytest.mark.parametrize(("tiles", "numbers"), sorted(KNOWN.items()))
def test_count_json(runner: CliRunner, tiles: int, numbers: tuple[int, int]) -> None:
    result = runner.invoke(app, ["count", "--tiles", str(tiles), "--format", "json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"tiles": tiles, "translation": numbers[0], "free": numbers[1]}


def test_count_corner_histogram(runner: CliRunner) -> None:
    result = runner.invoke(app, ["count", "--tiles", "18", "--corners"])
    assert result.exit_code == 0
    assert result.stdout == (
        "18 tiles: 668 plain circuits up to translation, 95 up to rotation and reflection\n"
        "corners  circuits   share\n"
        "      4         6    0.9%\n"
        "      6        80   12.0%\n"
        "      8       268   40.1%\n"
        "     10       248   37.1%\n"
        "     12        66    9.9%\n"
    )
    data = json.loads(runner.invoke(app, ["count", "--tiles", "18", "--corners", "-f", "json"]).stdout)
    assert data == {
        "tiles": 18,
        "translation": 668,
        "free": 95,
        "corners": {"4": 6, "6": 80, "8": 268, "10": 248, "12": 66},
    }


def test_count_within_size_limits(runner: CliRunner) -> None:
    # 20 tiles fill boxes 4 x 7 (8 circuits) and 5 x 7 (687), among others.
    result = runner.invoke(app, ["count", "--tiles", "20", "--max-width", "10in", "--max-height", "7"])
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == (
        "20 tiles (at most 5 tiles wide and at most 7 tiles high): 695 plain circuits up to translation\n"
    )
    data = json.loads(runner.invoke(app, ["count", "--tiles", "20", "--max-width", "6", "-f", "json"]).stdout)
    assert data == {"tiles": 20, "translation": 2165, "free": None, "max_width": 6}


def test_count_up_to_symmetry_past_forty_tiles(runner: CliRunner) -> None:
    # 44 tiles: beyond the published sequence, counted by the symmetric sweeps.
    result = runner.invoke(app, ["count", "--tiles", "44"])
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == (
        "44 tiles: 294,407,424,869 plain circuits up to translation, 36,801,557,834 up to rotation and reflection\n"
    )


def test_count_refuses_sizes_out_of_reach(runner: CliRunner) -> None:
    result = runner.invoke(app, ["count", "--tiles", "62"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "trackkit: error: counting circuits of 62 tiles is out of reach (the limit is 60:"
        " each four tiles more take about three times as long and twice the memory)\n"
    )


def test_count_refuses_corners_past_their_limit_up_front(runner: CliRunner) -> None:
    result = runner.invoke(app, ["count", "--tiles", "58", "--corners"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "trackkit: error: counting the corners of 58-tile circuits is out of reach (the limit is 56:"
        " 56 tiles take over a minute and 600 MiB, four more about 2.5 times that);"
        " count them without their corners\n"
    )


def test_progress_bar_redraws_one_line_and_clears_it() -> None:
    written: list[str] = []
    times = iter([100.0, 110.0, 120.0])
    show = progress_bar("counting circuits of 28 tiles", written.append, clock=lambda: next(times))
    show(0, 4)
    show(2, 4)
    show(4, 4)
    line = "counting circuits of 28 tiles [{}] {}/4 {}"
    assert written == [
        "\r" + line.format("." * 30, 0, "ETA ?"),
        "\r" + line.format("#" * 15 + "." * 15, 2, "ETA 0:10"),
        "\r" + line.format("#" * 30, 4, "ETA 0:00"),
        "\r" + " " * len(line.format("#" * 30, 4, "ETA 0:00")) + "\r",
    ]


def test_eta_words() -> None:
    assert [eta_words(s) for s in (0, 42.4, 61, 3723)] == ["ETA 0:00", "ETA 0:42", "ETA 1:01", "ETA 1:02:03"]


def test_generate_says_before_a_one_off_table_build(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trackkit.racepack.circuits import table as tables

    monkeypatch.setenv("TRACKKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(tables, "_TABLES", {})
    monkeypatch.setattr(generate_job, "_table_notice", TABLE_NOTICE)
    first = runner.invoke(app, ["generate", "--tiles", "12", "--seed", "1"])
    assert first.exit_code == 0
    assert first.stderr.splitlines()[0] == (
        "building the table of every 12-tile circuit: a one-off job that can take a minute;"
        f" later runs read it from {tmp_path / 'circuits-v1-12.bin'}"
    )
    monkeypatch.setattr(tables, "_TABLES", {})
    again = runner.invoke(app, ["generate", "--tiles", "12", "--seed", "1"])
    assert again.stderr.splitlines()[0] == "seed: 1"


@pytest.mark.parametrize(("corners", "name"), [([], "boxes-v1-30.bin"), (["--corners", "8"], "boxes-v1-30-corners.bin")])
def test_generate_says_before_counting_the_boxes_and_names_the_file_it_reads(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, corners: list[str], name: str
) -> None:
    from trackkit.racepack import circuits

    monkeypatch.setenv("TRACKKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(generate_job, "_table_notice", TABLE_NOTICE)
    circuits.clear_table_cache()
    command = ["generate", "--tiles", "30", "--packs", "2", "--seed", "1", *corners]
    first = runner.invoke(app, command)
    assert first.exit_code == 0
    assert first.stderr.splitlines()[0] == (
        "counting the circuits of 30 tiles box by box: a one-off job that can take minutes;"
        f" later runs read it from {tmp_path / name}"
    )
    assert (tmp_path / name).is_file()
    circuits.clear_table_cache()
    assert runner.invoke(app, command).stderr.splitlines()[0] == "seed: 1"


# ---------------------------------------------------------------------------
# generate
# ---------------------------------------------------------------------------


def test_generate_prints_the_layout_and_says_how_it_was_chosen(runner: CliRunner) -> None:
    result = runner.invoke(app, ["generate", "--seed", "2026"])
    assert result.exit_code == 0
    assert result.stderr == "seed: 2026\n" + SUMMARY_24
    expected = generate_layouts(GenerationRequest(), seed=2026).layouts[0]
    assert result.stdout == dump_layout(expected)
    assert result.stdout.startswith("trackkit: 1\nname: Circuit 24-")


def test_generate_without_a_seed_prints_the_one_it_drew(runner: CliRunner) -> None:
    first = runner.invoke(app, ["generate", "--tiles", "16", "--cars", "4"])
    assert first.exit_code == 0
    seed = first.stderr.splitlines()[0].removeprefix("seed: ")
    again = runner.invoke(app, ["generate", "--tiles", "16", "--cars", "4", "--seed", seed])
    assert again.stdout == first.stdout


def test_generate_writes_byte_identical_files_for_a_seed(runner: CliRunner, tmp_path: Path) -> None:
    one, two = tmp_path / "one.yaml", tmp_path / "two.yaml"
    options = [
        "generate",
        "--seed",
        "7",
        "--corners",
        "10",
        "--min-straight",
        "4",
        "--direction",
        "clockwise",
    ]
    first = runner.invoke(app, [*options, "-o", str(one)])
    second = runner.invoke(app, [*options, "-o", str(two)])
    assert (first.exit_code, first.stdout) == (0, "")
    assert first.stderr == (
        "seed: 7\n24 tiles: 3,400 of 58,364 circuits meet the constraints of a track people race;"
        " each was equally likely\n"
        f"wrote {one}\n"
    )
    assert second.exit_code == 0
    assert one.read_bytes() == two.read_bytes()
    assert check_file(one).report.errors == ()


def test_generate_count_writes_numbered_files(runner: CliRunner, tmp_path: Path) -> None:
    out, svg = tmp_path / "track.yaml", tmp_path / "track.svg"
    result = runner.invoke(
        app, ["generate", "--seed", "3", "--count", "3", "-o", str(out), "--svg", str(svg)]
    )
    assert result.exit_code == 0
    names = [f"track-{number}.{ending}" for number in (1, 2, 3) for ending in ("yaml", "svg")]
    assert result.stderr == "seed: 3\n" + SUMMARY_24 + "".join(f"wrote {tmp_path / name}\n" for name in names)
    texts = [(tmp_path / f"track-{number}.yaml").read_text() for number in (1, 2, 3)]
    assert len(set(texts)) == 3
    assert all(f"Track {number} of 3" in text for number, text in zip((1, 2, 3), texts))
    assert (tmp_path / "track-2.svg").read_text().startswith("<?xml")
    assert not out.exists()


def test_generate_refuses_to_overwrite_without_force(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "tonight.yaml"
    out.write_text("keep me\n")
    result = runner.invoke(app, ["generate", "--seed", "1", "-o", str(out)])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"trackkit: error: {out}: already exists; choose another name, or add --force to replace it\n"
    )
    assert out.read_text() == "keep me\n"
    forced = runner.invoke(app, ["generate", "--seed", "1", "-o", str(out), "--force"])
    assert forced.exit_code == 0
    assert out.read_text().startswith("trackkit: 1\n")


def test_generate_with_constructions(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "long.yaml"
    result = runner.invoke(
        app,
        [
            "generate",
            "--seed",
            "4",
            "--tiles",
            "28",
            "--packs",
            "2",
            "--pit",
            "--chicanes",
            "1",
            "-o",
            str(out),
        ],
    )
    assert result.exit_code == 0
    assert result.stderr.splitlines()[1] == (
        "24 tiles and a 4-tile pit lane: 1,264 of 58,364 circuits meet the constraints of a track people race;"
        " each was equally likely"
    )
    text = out.read_text()
    assert "pit: {from: " in text and ("CL" in text or "CR" in text) and "laps: 5" in text
    assert runner.invoke(app, ["validate", str(out)]).exit_code == 0


def test_generate_hairpins(runner: CliRunner) -> None:
    result = runner.invoke(app, ["generate", "--seed", "5", "--tiles", "20", "--hairpins", "1"])
    assert result.exit_code == 0
    assert result.stderr == (
        "seed: 5\n20 tiles: 576 of 3,568 circuits with 1 hairpin meet the constraints of a track people race;"
        " each was equally likely\n"
    )
    assert "name: Circuit with 1 hairpin\n" in result.stdout


def test_generate_above_the_listing_limit_is_exactly_uniform(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "thirty.yaml"
    result = runner.invoke(app, ["generate", "--seed", "9", "--tiles", "30", "--packs", "2", "--count", "3", "--any", "-o", str(out)])
    assert result.exit_code == 0
    assert result.stderr.startswith(
        "seed: 9\n30 tiles: drawn exactly uniformly from the 5,558,724 circuits of that size;"
        " each was equally likely\n"
    )
    for number in (1, 2, 3):
        assert check_file(tmp_path / f"thirty-{number}.yaml").report.errors == ()


def test_generate_with_constraints_says_how_many_draws_met_them(runner: CliRunner) -> None:
    result = runner.invoke(app, ["generate", "--seed", "4", "--tiles", "30", "--packs", "2", "--min-straight", "6", "--any"])
    assert result.exit_code == 0
    assert result.stderr == (
        "seed: 4\n30 tiles: drawn exactly uniformly from the 5,558,724 circuits of that size,"
        " 1 of 11 draws meeting the constraints; each circuit meeting them was equally likely\n"
    )


@pytest.mark.parametrize(
    ("corners", "words"),
    [
        (["--corners", "8"], "19,664 circuits of that size with 8 corners"),
        (["--max-corners", "8"], "20,556 circuits of that size with at most 8 corners"),
        (["--min-corners", "10", "--max-corners", "12"], "966,516 circuits of that size with 10 to 12 corners"),
    ],
)
def test_generate_meets_corners_exactly_and_says_each_was_equally_likely(
    runner: CliRunner, tmp_path: Path, corners: list[str], words: str
) -> None:
    out = tmp_path / "cornered.yaml"
    result = runner.invoke(app, ["generate", "--seed", "4", "--tiles", "30", "--packs", "2", *corners, "-o", str(out)])
    assert result.exit_code == 0
    assert result.stderr == (
        f"seed: 4\n30 tiles: drawn exactly uniformly from the {words}; each was equally likely\nwrote {out}\n"
    )
    assert check_file(out).report.errors == ()


def test_generate_above_the_uniform_limit_says_it_walked(runner: CliRunner) -> None:
    result = runner.invoke(app, ["generate", "--seed", "9", "--tiles", "50", "--packs", "3", "--any"])
    assert result.exit_code == 0
    assert result.stderr == (
        "seed: 9\n50 tiles: above 48 tiles circuits are drawn by a random walk,"
        " close to uniform but not exactly\n"
    )


@pytest.mark.parametrize(
    ("options", "code", "message"),
    [
        (["--tiles", "23"], 2, "--tiles is 23; a closed circuit always has an even number of tiles"),
        (["--count", "0"], 2, "--count must be at least 1, not 0"),
        (["--chicanes", "-1"], 2, "--chicanes must not be negative (-1)"),
        (["--packs", "9"], 2, "--packs must be from 1 to 8, not 9"),
        (
            ["--tiles", "30"],
            2,
            "a track of 30 tiles needs 2 piecepacks, but one piecepack has only 24 tiles; add --packs 2",
        ),
        (
            ["--corners", "5"],
            1,
            "no circuit meets the constraints (24 tiles, exactly 5 corners, a main straight of at least 4 tiles,"
            " no more than 4 corners in a twisty section)",
        ),
        (
            ["--min-corners", "14", "--max-corners", "10"],
            1,
            "no circuit meets the constraints: at least 14 and at most 10 corners contradict each other",
        ),
        (
            ["--corners", "8", "--min-corners", "6"],
            2,
            "give --corners, or --min-corners and --max-corners, not both",
        ),
        (
            ["--max-width", "wide"],
            2,
            "'wide' is not a table size; give whole tiles such as 10, or inches such as 20in",
        ),
        (["--id", "24-abc"], 2, "'24-abc' is not a circuit id: a 24-tile code has 8 characters"),
        (
            ["--id", "nonsense"],
            2,
            "'nonsense' is not a circuit id: expected a tile count, a hyphen and a code",
        ),
        (
            ["--id", FIGURE1_ID, "--corners", "8"],
            2,
            "--id fixes the circuit, so it goes without --min-corners, --max-corners",
        ),
    ],
)
def test_generate_errors(runner: CliRunner, options: list[str], code: int, message: str) -> None:
    result = runner.invoke(app, ["generate", "--seed", "1", *options])
    assert (result.exit_code, result.stdout) == (code, "")
    assert result.stderr == f"trackkit: error: {message}\n"


# ---------------------------------------------------------------------------
# id
# ---------------------------------------------------------------------------


def test_id_of_figure_one(runner: CliRunner) -> None:
    result = runner.invoke(app, ["id", str(LAYOUTS / "figure1.yaml")])
    assert (result.exit_code, result.stdout, result.stderr) == (0, FIGURE1_ID + "\n", "")


def test_id_is_the_same_turned_mirrored_renumbered_and_reversed(runner: CliRunner, tmp_path: Path) -> None:
    # Figure 1 as tile positions: turned a quarter, mirrored, started at tile 5
    # and driven the other way.
    from trackkit.racepack.formats.layout_file import load_layout

    layout = load_layout(LAYOUTS / "figure1.yaml").layout
    moved = layout.circuit.mapped(lambda p: (p[1], p[0])).started_at(5).reversed()
    path = tmp_path / "moved.yaml"
    path.write_text(dump_layout(layout.with_circuit(moved), "tiles"))
    result = runner.invoke(app, ["id", str(path)])
    assert (result.exit_code, result.stdout) == (0, FIGURE1_ID + "\n")


def test_id_notes_what_it_leaves_out(runner: CliRunner) -> None:
    result = runner.invoke(app, ["id", str(LAYOUTS / "chicane.yaml")])
    assert (result.exit_code, result.stdout) == (0, FIGURE1_ID + "\n")
    assert (
        result.stderr == "note: the id names the loop's shape only; its chicane counts as a plain straight\n"
    )
    pit = runner.invoke(app, ["id", str(LAYOUTS / "pit-lane.yaml"), "--format", "json"])
    assert json.loads(pit.stdout) == {
        "file": str(LAYOUTS / "pit-lane.yaml"),
        "id": "20-001jemr",
        "tiles": 20,
        "chicanes": 0,
        "extra_tiles": 4,
        "hairpins": 0,
    }


def test_id_names_a_circuit_with_a_hairpin_and_generate_rebuilds_it(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["id", str(LAYOUTS / "hairpin.yaml"), "--format", "json"])
    assert (result.exit_code, result.stderr) == (0, "")
    assert json.loads(result.stdout) == {
        "file": str(LAYOUTS / "hairpin.yaml"),
        "id": "24-0019hx1v",
        "tiles": 24,
        "chicanes": 0,
        "extra_tiles": 0,
        "hairpins": 1,
    }
    out = tmp_path / "rebuilt.yaml"
    rebuilt = runner.invoke(app, ["generate", "--id", "24-0019hx1v", "-o", str(out)])
    assert (rebuilt.exit_code, rebuilt.stderr) == (0, f"24 tiles: circuit 24-0019hx1v, rebuilt from its id\nwrote {out}\n")
    again = runner.invoke(app, ["id", str(out)])
    assert (again.exit_code, again.stdout, again.stderr) == (0, "24-0019hx1v\n", "")


def test_generate_refuses_an_id_whose_hairpin_breaks_the_rules(runner: CliRunner) -> None:
    # SSLSLRLLSRLL: a U-turn (LL) right after a corner, with no straight before it.
    result = runner.invoke(app, ["generate", "--id", "12-0q3t"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "trackkit: error: '12-0q3t' names a loop that breaks the rules (hairpin); check the code,"
        " or run 'trackkit id' on a legal layout to get one\n"
    )


def test_id_of_an_unreadable_file(runner: CliRunner, tmp_path: Path) -> None:
    missing = tmp_path / "missing.yaml"
    result = runner.invoke(app, ["id", str(missing)])
    assert (result.exit_code, result.stderr) == (2, f"{missing}: error: no such file (check the path)\n")


def test_generate_id_round_trip(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "figure.yaml"
    result = runner.invoke(app, ["generate", "--id", FIGURE1_ID, "-o", str(out)])
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr == f"24 tiles: circuit {FIGURE1_ID}, rebuilt from its id\nwrote {out}\n"
    assert runner.invoke(app, ["id", str(out)]).stdout == FIGURE1_ID + "\n"
    again = runner.invoke(app, ["generate", "--id", FIGURE1_ID, "--seed", "5"])
    assert again.stdout == out.read_text()
    drawn = tmp_path / "drawn.yaml"
    runner.invoke(app, ["generate", "--seed", "12", "--tiles", "18", "-o", str(drawn)])
    code = runner.invoke(app, ["id", str(drawn)]).stdout.strip()
    rebuilt = runner.invoke(app, ["generate", "--id", code])
    assert f"name: Circuit {code}\n" in rebuilt.stdout
