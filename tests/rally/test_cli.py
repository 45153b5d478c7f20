"""Rally decks through the command line: exact output and exit codes, the
same messages and statuses as for Racepack tracks."""

from __future__ import annotations

import json
from pathlib import Path

from support import LAYOUTS, ROOT
from typer.testing import CliRunner

from trackkit.cli import app

BASE = str(LAYOUTS / "rally-base.yaml")
EXPANSION = str(LAYOUTS / "rally-expansion.yaml")
CORPUS = ROOT / "tests" / "rally" / "corpus"


def test_validate_a_legal_deck(runner: CliRunner) -> None:
    result = runner.invoke(app, ["validate", BASE, EXPANSION])
    assert result.exit_code == 0
    assert result.output == (
        f"{BASE}: legal (16 cards; 0 errors, 0 warnings)\n{EXPANSION}: legal (20 cards; 0 errors, 0 warnings)\n"
        "2 layouts: 2 legal, 0 illegal, 0 unreadable\n"
    )


def test_validate_points_at_the_card_that_breaks_a_rule(runner: CliRunner) -> None:
    path = str(CORPUS / "collection-misspelt.yaml")
    result = runner.invoke(app, ["validate", path])
    assert result.exit_code == 1
    # the course is one line of 165 characters: each excerpt is a window of
    # at most 100 from some 40 before the card at fault, cut after a space,
    # '...' where it is cut
    assert result.output.splitlines() == [
        f"{path}:7:55: error[rally/pattern]: the race deck holds 2 Checkpoints; the pattern has exactly 3",
        "    7 | ... 3-lane, s-bend, left-curve, straight, checkpoint, hairpin, jump, right-curve, straight,"
        " chekpoint, ...",
        "      |                                           ^^^^^^^^^^",
        "    hint: build the deck with 3 Checkpoints and 2 Jumps: put 'checkpoint' in as card 12",
        f"{path}:7:105: error[rally/collection]: card 10 is 'chekpoint', which is not in the collection",
        "    7 | ... hairpin, jump, right-curve, straight, chekpoint, left-curve, jump, s-bend, right-curve,"
        " checkpoint]",
        "      |                                           ^^^^^^^^^",
        "    hint: did you mean 'checkpoint'? make card 10 'checkpoint'",
        f"{path}: illegal (16 cards; 2 errors, 0 warnings)",
    ]


def test_validate_json(runner: CliRunner) -> None:
    path = str(CORPUS / "group-size-base-extra.yaml")
    result = runner.invoke(app, ["validate", "--format", "json", path])
    assert result.exit_code == 1
    assert json.loads(result.output) == {
        "file": path,
        "verdict": "illegal",
        "valid": False,
        "findings": [
            {
                "rule": "rally/group-size",
                "severity": "error",
                "message": "group 1 (on the Checkpoint at card 16) has 3 cards; the pattern stacks 2",
                "tiles": [13, 14, 15],
                "hint": "with the expansion (set 'expansion: true') groups 1 to 4 may take up to 2 more",
                "edit": {"kind": "put", "key": ["expansion"], "value": True},
                "line": 7,
                "column": 135,
                "end_column": 141,  # the 'jump' entry, 6 characters quoted
            }
        ],
    }


def test_an_unreadable_deck_is_one_line_and_exit_2(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("trackkit: 1\ngame: rally\ncourse: [start, 3-lane, Big Curve!]\n")
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2
    assert result.stderr == ""
    assert result.stdout == (
        f"{path}:3:25: error: card 2 'Big Curve!' is not a card name (use letters, digits and hyphens,"
        " e.g. big-curve)\n"
        "    3 | course: [start, 3-lane, Big Curve!]\n"
        "      |                         ^^^\n"
        f"{path}: unreadable (1 error)\n"
    )


def test_info_lists_length_checkpoints_and_jumps(runner: CliRunner) -> None:
    result = runner.invoke(app, ["info", BASE])
    assert result.exit_code == 0
    assert result.output.splitlines()[:6] == [
        "name:        Rally base game deck",
        "game:        rally card game, base game",
        "length:      16 cards (2 to open, 14 in the race deck)",
        "setup:       cards 0-4 on the table before the race",
        "checkpoints: cards 5, 10, 15",
        "jumps:       cards 7, 12",
    ]
    assert "   1. checkpoint       course card 15" in result.output
    assert "  10  checkpoint      no. 2, scoring stacks Lead Car 5-1, Trail Car 9-1" in result.output


def test_info_json(runner: CliRunner) -> None:
    result = runner.invoke(app, ["info", "--format", "json", BASE])
    data = json.loads(result.output)
    assert result.exit_code == 0
    assert (data["cards"], data["deck"], data["jumps"]) == (16, 14, [7, 12])
    assert [c["card"] for c in data["checkpoints"]] == [5, 10, 15]
    assert data["stacking"][:4] == ["checkpoint", "right-curve", "s-bend", "jump"]
    assert [g["cards"] for g in data["groups"]] == [[13, 14], [11], [8, 9], [6], [2, 3, 4]]


def test_schema_of_rally_layouts(runner: CliRunner) -> None:
    result = runner.invoke(app, ["schema", "--game", "rally"])
    assert result.exit_code == 0
    assert json.loads(result.output)["title"] == "trackkit rally layout"


def test_show_and_render(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["show", BASE, "--width", "40"])
    assert result.exit_code == 0
    assert result.output.splitlines()[:4] == [
        "Rally base game deck: 16 cards in course order from the Start",
        "",
        "+----------------+----------------+",
        "|  0             |  1             |",
    ]
    out = tmp_path / "deck.svg"
    result = runner.invoke(app, ["render", BASE, "-o", str(out)])
    assert result.exit_code == 0
    assert ">CHECKPOINT<" in out.read_text() and ">3 of 3<" in out.read_text()


GENERATED_COURSE = [
    "  - start",
    "  - 3-lane",
    "  - s-bend",
    "  - left-curve",
    "  - right-curve",
    "  - checkpoint",
    "  - straight",
    "  - jump",
    "  - hairpin",
    "  - right-curve",
    "  - checkpoint",
    "  - straight",
    "  - jump",
    "  - s-bend",
    "  - left-curve",
    "  - checkpoint",
]


def test_generate_prints_the_layout_and_its_building_sheet(runner: CliRunner) -> None:
    result = runner.invoke(app, ["generate", "rally", "--cards", BASE, "--seed", "7"])
    assert result.exit_code == 0
    assert result.stderr == (
        "seed: 7\nrally deck of 16 cards: 9 of the collection's 9 random track cards, shuffled (base game)\n"
    )
    lines = result.stdout.splitlines()
    assert lines[:7] == [
        "trackkit: 1",
        "game: rally",
        "expansion: false",
        "cards:",
        "  base: {straight: 2, left-curve: 2, right-curve: 2, s-bend: 2, hairpin: 1}",
        "course:",
        *GENERATED_COURSE[:1],
    ]
    assert lines[6:22] == GENERATED_COURSE
    assert lines[22:26] == [
        "# stacking order, bottom card first (build the deck face-down):",
        "#    1. checkpoint       course card 15",
        "#    2. left-curve       course card 14",
        "#    3. s-bend           course card 13",
    ]
    assert "#    5  checkpoint      no. 1, scoring stacks Lead Car 5-1, Trail Car 9-1" in lines
    again = runner.invoke(app, ["generate", "rally", "--cards", BASE, "--seed", "7"])
    assert again.stdout == result.stdout


def test_generate_json_and_files(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "deck.yaml"
    args = ["generate", "rally", "--cards", EXPANSION, "--expansion", "--extra", "2", "--seed", "3"]
    result = runner.invoke(app, [*args, "-f", "json", "-o", str(out)])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["seed"] == 3
    (deck,) = data["layouts"]
    assert (deck["cards"], deck["expansion"]) == (24, True)
    assert out.read_text().startswith(deck["layout"])
    check = runner.invoke(app, ["validate", str(out)])
    assert check.exit_code == 0


def test_generate_refuses_what_rally_decks_do_not_take(runner: CliRunner) -> None:
    usage = "Usage: trackkit generate{} [OPTIONS]{}\nTry 'trackkit generate{} -h' for help.\n\nError: No such option: {}"
    cases = [
        (["rally"], 2, "trackkit: error: generate rally needs --cards FILE: the rules do not list the"
         " track cards, so there is no default collection; give a file with 'cards: {base: {NAME: COPIES,"
         " ...}}' (a rally layout will do)\n"),
        (["rally", "--cards", BASE, "--extra", "1"], 2,
         "trackkit: error: --extra adds cards to the first 4 groups only with the expansion; add --expansion\n"),
        (["rally", "--cards", BASE, "--expansion", "--extra", "3"], 2,
         "trackkit: error: --extra must be from 0 to 2, not 3\n"),
        (["rally", "--cards", BASE, "--expansion", "--extra", "1"], 1,
         "trackkit: error: the collection holds 9 random track cards; this deck needs 13\n"),
        (["rally", "--cards", BASE, "--tiles", "24"], 2, usage.format(" rally", "", " rally", "--tiles")),
        (["--expansion"], 2, usage.format("", " COMMAND [ARGS]...", "", "--expansion")),
        (["motocross", "--cards", BASE], 2, usage.format(" motocross", "", " motocross", "--cards")),
    ]  # fmt: skip
    for args, code, message in cases:
        result = runner.invoke(app, ["generate", *args])
        assert (result.exit_code, result.stdout) == (code, ""), args
        assert result.stderr.startswith(message), args  # click may add "(Possible options: ...)"
