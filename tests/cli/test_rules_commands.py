"""``trackkit rules`` and ``trackkit explain RULE``."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.racepack.rules import RULES
from trackkit.racepack.rules.catalog import CATALOG


def test_the_catalogue_names_every_rule_function_once() -> None:
    listed = [check for entry in CATALOG for check in entry.checks]
    assert sorted(c.__name__ for c in listed) == sorted(c.__name__ for c in RULES)
    assert len(listed) == len(set(listed))


def test_every_explained_rule_quotes_the_rulebook() -> None:
    for entry in CATALOG:
        assert all(text.startswith('Rulebook: "') for text in entry.texts()), entry.rule


def test_rules_lists_each_id_with_its_summary(runner: CliRunner) -> None:
    result = runner.invoke(app, ["rules"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "Racepack (game: racepack)"
    assert lines[1] == "  closure        the tiles form one closed circuit"
    assert lines[7] == "  cars           four to six cars on one pack, up to eight on two"
    assert [line.split()[0] for line in lines[1 : len(CATALOG) + 1]] == [entry.rule for entry in CATALOG]
    assert [line for line in lines if line and not line.startswith(" ")][:-1] == [
        "Racepack (game: racepack)",
        "Motocross (game: motocross)",
        "RACE! (game: race)",
        "rally card game (game: rally)",
    ]
    data = json.loads(runner.invoke(app, ["rules", "-f", "json"]).output)
    assert data[0] == {"rule": "closure", "game": "racepack", "summary": "the tiles form one closed circuit"}
    assert {item["game"] for item in data} == {"racepack", "motocross", "race", "rally"}


def test_rules_for_one_game(runner: CliRunner) -> None:
    result = runner.invoke(app, ["rules", "--game", "Rally"])
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "rally card game (game: rally)",
        "  rally/opening     the Start and 3-lane cards open the course, once each",
        "  rally/pattern     3 Checkpoints and 2 Jumps, in the pattern's order",
        "  rally/group-size  each special card carries its number of random track cards",
        "  rally/collection  no card is used more often than the collection holds",
        "  rally/end         the course ends on the final Checkpoint",
        "",
        "'trackkit explain RULE' quotes the rulebook and says how trackkit reads it.",
    ]


def test_rules_for_an_unknown_game(runner: CliRunner) -> None:
    result = runner.invoke(app, ["rules", "--game", "motocros"])
    assert result.exit_code == 2
    assert result.stderr == (
        "trackkit: error: --game is 'motocros' (did you mean 'motocross'?);"
        " known games: racepack, motocross, race, rally\n"
    )


def test_explain_a_rule_of_another_game_by_the_id_its_report_shows(runner: CliRunner) -> None:
    result = runner.invoke(app, ["explain", "motocross/ramp-height"])
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "motocross/ramp-height: a jump ramp is 1 to 3 coins high",
        "",
        '  Rulebook: "A jump ramp may not be higher than 3."  A ramp is one, two',
        "  or three coins high.",
        "",
        'More in docs/rules.md, section "Jump ramps".',
    ]
    assert runner.invoke(app, ["explain", "ramp-height"]).output == result.output
    data = json.loads(runner.invoke(app, ["explain", "rally/end", "-f", "json"]).output)
    assert (data["rule"], data["game"], data["section"]) == ("rally/end", "rally", "The end of the course")


def test_explain_overlap_is_racepacks_and_the_others_have_their_own(runner: CliRunner) -> None:
    racepack = runner.invoke(app, ["explain", "overlap"]).output
    motocross = runner.invoke(app, ["explain", "motocross/overlap"]).output
    assert racepack.startswith("overlap: no two tiles share ground\n")
    assert motocross.startswith("motocross/overlap: no two tiles cover the same ground\n")


def test_explain_shows_the_sentence_and_the_reading(runner: CliRunner) -> None:
    result = runner.invoke(app, ["explain", "CARS"])
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "cars: four to six cars on one pack, up to eight on two",
        "",
        '  Rulebook: "For games utilizing one piecepack, when playing with four players each',
        "  player assumes control of one car, and when playing with two or three",
        "  people each player assumes the role of team manager and controls two cars",
        "  so there are always at least four cars in a race.  If two piecepacks are",
        '  combined, 6 to 8-car races are supported"; and "Since there are only four',
        "  pawns in a piecepack, two of the dice are pressed into service to",
        '  represent cars."  So: at least four cars; one pack seats at most six',
        "  (four pawns, two dice); two or more packs at most eight.",
        "",
        'More in docs/rules.md, section "How many cars race".',
    ]


def test_explain_an_unknown_rule_suggests_the_closest(runner: CliRunner) -> None:
    result = runner.invoke(app, ["explain", "chicanne"])
    assert result.exit_code == 2
    assert result.stderr.startswith("trackkit: error: 'chicanne' is not a rule (did you mean 'chicane'?);")
