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
    assert lines[0] == "closure        the tiles form one closed circuit"
    assert lines[6] == "cars           four to six cars on one pack, up to eight on two"
    assert [line.split()[0] for line in lines[: len(CATALOG)]] == [entry.rule for entry in CATALOG]
    data = json.loads(runner.invoke(app, ["rules", "-f", "json"]).output)
    assert data[0] == {"rule": "closure", "summary": "the tiles form one closed circuit"}


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
