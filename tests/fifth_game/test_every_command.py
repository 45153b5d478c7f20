"""Every command on a game defined only under ``tests/``: the drag race of
:mod:`fifth_game.drag`, registered with one line.

The rules (quoted by its rule functions, its setup and its play): "A drag
strip is one straight row of piecepack tiles, laid grid side up end to
end, from the start in the west to the finish in the east.  Each tile is
two spaces long."  "A strip is at least three tiles long and at most
twelve."  "Two to four cars race, each a pawn of its own suit, lined up
side by side on the start line, west of the first tile; the die waits
beside them."  "The cars take turns in grid order.  On its turn a car
rolls the die and moves that many spaces east.  The first car past the
last space wins, and the race stops there."

Nothing in ``trackkit/`` names the game: ``validate``, ``info``, ``rules``,
``explain``, ``render`` (screen and paper), ``show``, ``generate``,
``simulate --record``, ``replay`` and ``export`` reach it through its
``GAME`` alone.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support import ROOT
from typer.testing import CliRunner

from fifth_game.drag.game import GAME
from trackkit import registry
from trackkit.cli import app

STRIP = "trackkit: 1\nname: Quarter mile\ngame: drag\ntiles: 6\ncars: 3\n"
STUB = "trackkit: 1\nname: Stub\ngame: drag\ntiles: 2\ncars: 5\n"


@pytest.fixture(autouse=True)
def drag(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The drag race registered (the one line), in a folder holding a legal
    strip of six tiles for three cars and a broken one."""
    monkeypatch.setitem(registry.GAMES, "drag", GAME)
    monkeypatch.chdir(tmp_path)
    Path("strip.yaml").write_text(STRIP)
    Path("stub.yaml").write_text(STUB)


def test_no_module_of_trackkit_names_the_game() -> None:
    """The game reaches every command through the registry line alone."""
    naming = [
        path.relative_to(ROOT).as_posix()
        for path in sorted((ROOT / "trackkit").rglob("*.py"))
        if re.search(r"fifth_game|[\"']drag[\"']|Drag race", path.read_text())
    ]
    assert naming == []


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("file", "code", "out"),
    [
        ("strip.yaml", 0, "strip.yaml: legal (6 tiles; 0 errors, 0 warnings)\n"),
        (
            "stub.yaml",
            1,
            # a game the core has never heard of gets the one printer's
            # excerpts too: its reader records its keys, the printer quotes them
            "stub.yaml:4:1: error[drag/length]: the strip is 2 tiles long; a strip is 3 to 12 tiles long\n"
            "    4 | tiles: 2\n"
            "      | ^^^^^\n"
            "    hint: write tiles: 3\n"
            "stub.yaml:5:1: error[drag/cars]: 5 cars cannot race; 2 to 4 cars race, one pawn of each suit\n"
            "    5 | cars: 5\n"
            "      | ^^^^\n"
            "    hint: write cars: 4\n"
            "stub.yaml: illegal (2 tiles; 2 errors, 0 warnings)\n",
        ),
    ],
)
def test_validate_finds_each_broken_rule_on_its_key(runner: CliRunner, file: str, code: int, out: str) -> None:
    assert run(runner, "validate", file) == (code, out, "")


@pytest.mark.parametrize(
    ("args", "out"),
    [
        (
            ("info", "strip.yaml"),
            "name:   Quarter mile\n"
            "strip:  6 tiles in a row, 12 spaces from start to finish\n"
            "cars:   3\n"
            "pieces: 6 tiles, 3 pawns, 1 die\n",
        ),
        (
            ("info", "strip.yaml", "-f", "json"),
            '{\n  "name": "Quarter mile",\n  "tiles": 6,\n  "spaces": 12,\n  "cars": 3\n}\n',
        ),
        (
            ("rules", "--game", "drag"),
            "Drag race (game: drag)\n"
            "  drag/length  a strip is three to twelve tiles long\n"
            "  drag/cars    two to four cars race\n\n"
            "'trackkit explain RULE' quotes the rulebook and says how trackkit reads it.\n",
        ),
        (
            ("explain", "drag/length"),
            "drag/length: a strip is three to twelve tiles long\n\n"
            '  Rulebook: "A strip is at least three tiles long and at most twelve."  A\n'
            "  shorter or longer row is an error.\n\n"
            'More in docs/rules.md, section "The strip".\n',
        ),
        (
            ("show", "strip.yaml"),
            "Quarter mile: 3 cars, 12 spaces\n\n"
            "      ┏━━┯━━┳━━┯━━┳━━┯━━┳━━┯━━┳━━┯━━┳━━┯━━┓\n"
            "  3  1┃→→│→→┃→→│→→┃→→│→→┃→→│→→┃→→│→→┃→→│→→┃▚▚\n"
            "      ┠──┼──╂──┼──╂──┼──╂──┼──╂──┼──╂──┼──┨\n"
            "     2┃→→│→→┃→→│→→┃→→│→→┃→→│→→┃→→│→→┃→→│→→┃▚▚\n"
            "      ┗━━┷━━┻━━┷━━┻━━┷━━┻━━┷━━┻━━┷━━┻━━┷━━┛\n\n"
            "→ road   1 2 cars on the start line   ▚ finish\n",
        ),
        (
            ("show", "strip.yaml", "--width", "30"),
            "Quarter mile:\n3 cars, 12 spaces\n\n"
            " 3 1→→→→→→→→→→→→→→→→→→→→→→→→▚▚\n"
            "   2→→→→→→→→→→→→→→→→→→→→→→→→▚▚\n\n"
            "→ road\n1 2 cars on the start line\n▚ finish\n",
        ),
        (
            ("export", "strip.yaml", "--to", "ppn"),
            "---\nEvent: 'Drag race setup: Quarter mile'\n"
            "Notes: 3 cars, 12 spaces; tiles grid side up, written by trackkit\n...\n"
            "setup. t@(3,1) t@(5,1) t@(7,1) t@(9,1) t@(11,1) t@(13,1) pS@(1.5,1.5) pM@(1.5,1) pC@(1.5,0.5)"
            " dSn@(0.5,1)\n",
        ),
        (
            ("export", "strip.yaml", "--to", "piecepackr"),
            "piece_side,suit,rank,x,y,angle,cfg\n"
            + "".join(f"tile_back,1,{n},{2 * n + 1},1,0,piecepack\n" for n in range(1, 7))
            + "pawn_face,1,1,1.5,1.5,0,piecepack\npawn_face,2,1,1.5,1,0,piecepack\n"
            "pawn_face,3,1,1.5,0.5,0,piecepack\ndie_face,1,1,0.5,1,0,piecepack\n",
        ),
    ],
)
def test_the_commands_that_print_a_strip(runner: CliRunner, args: tuple[str, ...], out: str) -> None:
    assert run(runner, *args) == (0, out, "")


def test_render_paints_the_setup_on_screen_and_cuts_letter_pages(runner: CliRunner) -> None:
    assert run(runner, "render", "strip.yaml", "-o", "x.svg") == (0, "", "wrote x.svg\n")
    svg = Path("x.svg").read_text()
    assert 'viewBox="0 0 1480 450" width="710"' in svg
    assert svg.count("<rect ") == 6 + 1  # the tiles and the die
    assert svg.count("<circle ") == 3  # a pawn a car
    assert ">Quarter mile</text>" in svg and ">drag race: 6 tiles, 3 cars, 12 spaces</text>" in svg
    pages = "".join(f"wrote p-{n}.svg\n" for n in (1, 2, 3))
    assert run(runner, "render", "strip.yaml", "--paper", "letter", "-o", "p.svg") == (0, "", pages)
    assert "Quarter mile · page 2 of 2" in Path("p-2.svg").read_text()
    assert "2 pages of Letter, outlined and numbered" in Path("p-3.svg").read_text()


def test_generate_draws_the_same_strips_from_the_same_seed(runner: CliRunner) -> None:
    first = run(runner, "generate", "drag", "--seed", "3", "--count", "2")
    assert first == (
        0,
        "trackkit: 1\nname: Strip 3-1\ngame: drag\ntiles: 6\ncars: 4\n---\n"
        "trackkit: 1\nname: Strip 3-2\ngame: drag\ntiles: 11\ncars: 2\n",
        "seed: 3\n2 strips\n",
    )
    assert run(runner, "generate", "drag", "--seed", "3", "--count", "2") == first
    assert run(runner, "generate", "drag", "--tiles", "13") == (
        2, "", "trackkit: error: --tiles must be from 3 to 12\n"
    )


MOVES = (
    "1. {car 1} {roll 4; to 4}\n2. {car 2} {roll 6; to 6}\n3. {car 3} {roll 2; to 2}\n"
    "4. {car 1} {roll 4; to 8}\n5. {car 2} {roll 2; to 8}\n6. {car 3} {roll 4; to 6}\n"
    "7. {car 1} {roll 4; to 12}\n8. {car 2} {roll 6; to 14}\n"
)
"""Race 1 of seed 4 on the strip: car 2 passes the twelfth space first."""


def test_report_reads_the_races_through_the_game_alone(runner: CliRunner) -> None:
    """Three cars take turns rolling one die; the leader is the car furthest
    east after each round, the winner the car past the last space."""
    code, out, err = run(runner, "report", "strip.yaml", "--races", "8", "--seed", "3", "-o", "strip.svg")
    assert (code, err) == (0, "wrote strip.svg\n")
    assert out.splitlines()[:3] == [
        "Quarter mile: track report (Drag race)",
        "8 races of 3 cars over 1 lap, every one driven by the bold driver; seed 3",
        "",
    ]
    assert out.splitlines()[9:14] == [
        "  race length: 3.2 turns on average; 10 % within 3, 50 % within 3, 90 % within 4 turns",
        "    about 0.8 minutes (0.8 to 1.0) at 5 s a move",
        "  lead changes: 0.6 a race on average; 10 % within 0, 50 % within 0, 90 % within 2",
        "  decided: after round 3 of 3 (median); that round's leader won 87.5 % (52.9 to 97.8)",
        "  skill: the bold driver beats a random one 100.0 % (34.2 to 100.0) (2 two-car races, the two grid slots weighed alike)",
    ]
    assert "where      stalls a race  overtakes a race\n(nothing happened anywhere)\n" in out
    assert 'id="difficulty"' in Path("strip.svg").read_text()


def test_simulate_records_a_race_that_replay_checks(runner: CliRunner) -> None:
    simulated = run(runner, "simulate", "strip.yaml", "--record", "r.ppn", "--seed", "4")
    assert simulated == (0, "Quarter mile: car 1 won 542, car 2 won 291, car 3 won 167\n", "wrote r.ppn\n")
    text = Path("r.ppn").read_text()
    assert text == (
        "---\nEvent: Drag race on Quarter mile\nNotes: written by trackkit\nTrackkit:\n  record: 1\n"
        "  seed: 4\n  race: 1\n  laps: 1\n  drivers: [bold, bold, bold]\n  layout:\n"
        + "".join(f"    {line}\n" for line in STRIP.splitlines())
        + "...\n" + MOVES
    )
    code, out, err = run(runner, "replay", "r.ppn", "--to", "1")
    assert (code, err) == (0, "")
    assert out == (
        "the start\n  cars: car 1 0  car 2 0  car 3 0\n"
        "turn 1: car 1 rolls 4\n  cars: car 1 4  car 2 0  car 3 0\n"
        "r.ppn: every move of the 8 turns is legal\n"
    )


@pytest.mark.parametrize(
    ("move", "tampered", "problems"),
    [
        (  # car 3 out of turn: then car 3 goes back, and car 2 moves from where it never was
            "2. {car 2} {roll 6; to 6}",
            "2. {car 3} {roll 6; to 6}",
            (
                "turn 2: car 3 moves 6 from 0 to 6",
                "turn 3: car 3 moves 2 from 6 to 2",
                "turn 5: car 2 moves 2 from 0 to 8",
            ),
        ),
        ("8. {car 2} {roll 6; to 14}", "8. {car 2} {roll 6; to 15}", ("turn 8: car 2 moves 6 from 8 to 15",)),
        ("7. {car 1} {roll 4; to 12}", "7. {car 1} {roll 7; to 15}", ("turn 7: car 1 moves 7 from 8 to 15",)),
    ],
)
def test_replay_refuses_a_tampered_record(
    runner: CliRunner, move: str, tampered: str, problems: tuple[str, ...]
) -> None:
    run(runner, "simulate", "strip.yaml", "--record", "r.ppn", "--seed", "4", "--races", "1")
    Path("bad.ppn").write_text(Path("r.ppn").read_text().replace(move, tampered))
    listed = "".join(f"  {problem}\n" for problem in problems)
    assert run(runner, "replay", "bad.ppn", "--to", "0") == (
        1,
        f"the start\n  cars: car 1 0  car 2 0  car 3 0\nbad.ppn: {len(problems)} illegal"
        f" move{'' if len(problems) == 1 else 's'}:\n{listed}",
        "",
    )


@pytest.mark.parametrize(
    ("args", "code", "err"),
    [
        (
            ("simulate", "stub.yaml", "--races", "3"),
            1,
            "stub.yaml: error: a race needs a legal strip, and this one breaks the rules (drag/cars, drag/length)\n",
        ),
        (
            ("simulate", "strip.yaml", "--races", "3", "--cars", "5"),
            2,
            "trackkit: error: --cars must be from 2 to 4; 5 cars cannot race\n",
        ),
        (("generate", "drag", "--cars", "1"), 2, "trackkit: error: --cars must be from 2 to 4\n"),
    ],
)
def test_a_race_the_rules_forbid_is_refused(runner: CliRunner, args: tuple[str, ...], code: int, err: str) -> None:
    assert run(runner, *args) == (code, "", err)


def test_the_editor_lays_the_strip_through_its_tabletop() -> None:
    """The editor's session reaches the strip through ``GAME.tabletop`` too:
    tiles put down at the east end, the palette and the inventory its own,
    and Generate asks for the options of ``trackkit generate drag``."""
    from trackkit.edit.form import EditForm, edited_games
    from trackkit.edit.session import Overlays, Session, new_text
    from trackkit.tabletop import Placement

    assert edited_games()[-1] == "drag"
    session = Session(Path("quarter.yaml"), game="drag")
    form = EditForm("drag", new_text("drag"))
    laid = session.place(form, Placement("road", cells=((0, 0), (1, 0), (2, 0), (3, 0))), Overlays())
    assert laid["text"] == "trackkit: 1\ngame: drag\ntiles: 4\ncars: 2\n"
    assert laid["status"]["pieces"] == "4 of 24 tiles" and laid["status"]["valid"] is True
    assert [piece["id"] for piece in laid["table"]["palette"]] == ["tile"]
    assert [field["key"] for field in laid["generate"]] == ["tiles", "cars"]
    shorter = session.place(EditForm("drag", laid["text"]), Placement("remove", chosen=(3, 2)), Overlays())
    assert shorter["status"]["valid"] is False
    assert [finding["rule"] for finding in shorter["findings"]] == ["drag/length"]
