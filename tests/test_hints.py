"""Hints that are edits: following each one fixes the fault it names.

Every finding whose fault has one concrete fix carries that fix as an edit
(:mod:`trackkit.edits`).  For every broken layout of every game's corpora
(the rule corpora, Racepack's constructions, and ``tests/hints/GAME``,
layouts broken for the hints' sake), each such edit is made by the game
that read the layout (``Game.edit``) and the layout checked again by the
one hint checker, :func:`trackkit.hints.follow`: the finding's rule must
no longer be reported at its place.  The hint's text must say the edit's
own words, and an edit of a top-level key must work in the file's text too.
Layouts broken at random, from one seed, have every edit followed as well.
"""

from __future__ import annotations

import json
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from support import ROOT
from typer.testing import CliRunner

from trackkit import games
from trackkit.cli import app
from trackkit.edits import Insert, Move, Put, Remove, Reverse, edit_json, edited_items
from trackkit.errors import ArgumentError, LayoutError
from trackkit.findings import Finding, Severity
from trackkit.hints import Followed, follow

CORPORA = {
    "racepack": ("tests/racepack/corpus", "tests/racepack/constructions", "tests/hints/racepack"),
    "motocross": ("tests/motocross/corpus", "tests/hints/motocross"),
    "race": ("tests/race/corpus", "tests/hints/race"),
    "rally": ("tests/rally/corpus", "tests/hints/rally"),
}
"""Where each game's broken layouts are."""

FEWEST = 10
"""The fewest hints with edits each game's corpora must have followed."""


def layouts_of(game: str) -> list[Path]:
    return [
        path
        for folder in CORPORA[game]
        for path in sorted((ROOT / folder).glob("*.yaml"))
        if path.name != "expected.yaml"
    ]


@cache
def followed(path: Path) -> tuple[tuple[Finding, Followed], ...]:
    """Every finding of one layout whose hint is an edit, with what following it gave."""
    loaded = games.load(path)
    game = games.GAMES[loaded.layout.game]
    report = game.validate(loaded.layout)
    return tuple((f, follow(game, loaded.layout, f)) for f in report.findings if f.edit is not None)


def with_setting(text: str, key: str, value: str) -> str:
    """A layout file's text with a top-level key set (its old lines dropped)."""
    kept: list[str] = []
    skipping = False
    for line in text.splitlines():
        if line.startswith(f"{key}:"):
            skipping = True
            continue
        if skipping and line.startswith((" ", "-")):
            continue
        skipping = False
        kept.append(line)
    return "\n".join([*kept, f"{key}: {value}"]) + "\n"


CASES = [(game, path) for game in CORPORA for path in layouts_of(game)]


@pytest.mark.parametrize(("game", "path"), CASES, ids=[f"{g}-{p.stem}" for g, p in CASES])
def test_following_each_edit_fixes_its_fault(game: str, path: Path) -> None:
    for finding, result in followed(path):
        assert result.fixed, f"{finding.rule}: {finding.hint!r} leaves {[f.message for f in result.left]}"
        assert finding.edit is not None and finding.hint is not None
        assert finding.edit.words() in finding.hint, (finding.edit, finding.hint)


@pytest.mark.parametrize(("game", "path"), CASES, ids=[f"{g}-{p.stem}" for g, p in CASES])
def test_an_edit_of_a_key_works_in_the_file_too(game: str, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for finding, _ in followed(path):
        edit = finding.edit
        if not isinstance(edit, Put) or len(edit.key) != 1:
            continue
        value = json.dumps(edit.value) if isinstance(edit.value, bool) else str(edit.value)
        layout = games.loads(with_setting(text, str(edit.key[0]), value), path.name).layout
        after = games.GAMES[game].validate(layout)
        assert not [f for f in after.findings if f.rule == finding.rule and set(f.tiles) & set(finding.tiles)]
        assert not [f for f in after.findings if f.rule == finding.rule and not finding.tiles]


@pytest.mark.parametrize("game", sorted(CORPORA))
def test_each_game_follows_at_least_ten_hints(game: str) -> None:
    count = sum(len(followed(path)) for path in layouts_of(game))
    assert count >= FEWEST, count


@pytest.mark.parametrize("game", sorted(CORPORA))
def test_every_quoted_setting_of_a_hint_reads(game: str) -> None:
    """A setting a hint quotes (``'laps: 5'``) is a form the reader takes."""
    keys = set(games.GAMES[game].schema()["properties"])
    for path in layouts_of(game):
        text = path.read_text(encoding="utf-8")
        for finding in games.GAMES[game].validate(games.loads(text, path.name).layout).findings:
            for key, value in re.findall(r"'([a-z_]+): ([^'{]+)'", finding.hint or ""):
                if key in keys:
                    try:
                        games.loads(with_setting(text, key, value), path.name)
                    except LayoutError as error:
                        pytest.fail(f"{path.name}: {finding.hint!r} quotes a setting the reader refuses: {error}")


# --- the hints the issue asked for, word for word ----------------------------------


def findings_of(text: str) -> tuple[Any, tuple[Finding, ...]]:
    loaded = games.loads(text, "t.yaml")
    return loaded.layout, games.GAMES[loaded.layout.game].validate(loaded.layout).findings


def only(findings: tuple[Finding, ...], rule: str) -> Finding:
    (found,) = [f for f in findings if f.rule == rule]
    return found


def test_a_25_tile_rectangle_is_told_which_straight_is_one_too_long() -> None:
    layout, findings = findings_of("trackkit: 1\npath: R 6S R 4S R 6S R 5S\n")
    closure = only(findings, "closure")
    assert closure.hint == "the straight from tile 20 to tile 24 is one tile too long for the loop to close: remove tile 24"
    assert closure.edit == Remove("path", 24)
    result = follow(games.GAMES["racepack"], layout, closure)
    assert [f.rule for f in result.report.errors] == []
    assert len(result.layout.circuit) == 24


def test_a_gap_is_told_the_empty_place_to_fill() -> None:
    layout, findings = findings_of("trackkit: 1\ntiles: [[0, 0], [1, 0], [2, 0], [2, -1], [1, -1], [-1, -1], [-1, 0]]\n")
    gap = only(findings, "connected")
    assert gap.hint == "put a tile at (0, -1), the empty ground between tile 4 and tile 5"
    assert gap.edit == Insert("tiles", 5, (0, -1))
    assert follow(games.GAMES["racepack"], layout, gap).fixed


def test_a_corner_turning_the_wrong_way_is_the_tile_to_turn() -> None:
    layout, findings = findings_of("trackkit: 1\npath: R 2S R L S R 4S R S L R 2S L 6S\n")
    closure = only(findings, "closure")
    assert closure.hint == "corner tile 17 turns the wrong way for the loop to close: make tile 17 'R'"
    assert closure.edit == Put(("path", 17), "R")
    assert follow(games.GAMES["racepack"], layout, closure).report.valid


BASE = (ROOT / "layouts" / "rally-base.yaml").read_text(encoding="utf-8")
COURSE = BASE.split("course:\n")[1].split()[1::2]


def rally_listed(course: list[str]) -> str:
    return BASE.split("course:\n")[0] + "course:\n" + "".join(f"  - {card}\n" for card in course)


def test_a_rally_deck_listed_bottom_up_gets_one_finding_to_reverse_it() -> None:
    text = rally_listed(COURSE[:2] + COURSE[:1:-1])
    layout, findings = findings_of(text)
    assert [(f.rule, f.edit) for f in findings] == [("rally/pattern", Reverse("course", 2, 15))]
    assert findings[0].hint == "reverse the order of cards 2 to 15: read that way, the deck follows the pattern"
    result = follow(games.GAMES["rally"], layout, findings[0])
    assert result.report.findings == () and result.layout.course == tuple(COURSE)


def test_a_rally_stack_listed_whole_opening_last_is_reversed_whole() -> None:
    layout, findings = findings_of(rally_listed(COURSE[::-1]))
    assert [f.edit for f in findings] == [Reverse("course", 0, 15)]
    assert follow(games.GAMES["rally"], layout, findings[0]).report.findings == ()


def test_validate_prints_the_bottom_up_finding_alone(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(rally_listed(COURSE[:2] + COURSE[:1:-1]), encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 1
    assert result.output == (
        f"{path}:11:5: error[rally/pattern]: the race deck is listed bottom-up, in the order it is stacked"
        " (cards 2 to 15); the course lists cards in the order they come into play, top of the deck first\n"
        "    11 |   - checkpoint\n"
        "       |     ^^^^^^^^^^\n"
        "    hint: reverse the order of cards 2 to 15: read that way, the deck follows the pattern\n"
        f"{path}: illegal (16 cards; 1 error, 0 warnings)\n"
    )


def test_json_gives_the_edit_beside_the_hint(tmp_path: Path) -> None:
    path = tmp_path / "gap.yaml"
    path.write_text("trackkit: 1\ntiles: [[0, 0], [1, 0], [2, 0], [2, -1], [1, -1], [-1, -1], [-1, 0]]\n")
    result = CliRunner().invoke(app, ["validate", str(path), "--format", "json"])
    assert result.exit_code == 1
    (gap,) = [f for f in json.loads(result.output)["findings"] if f["rule"] == "connected"]
    assert gap["edit"] == {"kind": "insert", "key": "tiles", "index": 5, "value": [0, -1]}


# --- the edits themselves ----------------------------------------------------------


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (Put(("start",), 12.5), "set 'start: 12.5'"),
        (Put(("expansion",), True), "set 'expansion: true'"),
        (Put(("path", 7), "R"), "make tile 7 'R'"),
        (Put(("tiles", 11), (11, 0)), "move tile 11 to (11, 0)"),
        (Put(("pit", "length"), 4), "set 'length: 4' in 'pit'"),
        (Put(("corners", 2, "radius"), 2), "set 'radius: 2' in corner 2"),
        (Put(("ramps", 5), 3), "stack 3 coins under tile 5"),
        (Put(("ramps", 5), 1), "stack 1 coin under tile 5"),
        (Put(("ramps", 5), 0), "take the coins from under tile 5"),
        (Insert("tiles", 5, (3, 2)), "put a tile at (3, 2)"),
        (Insert("course", 0, "start"), "put 'start' in as card 0"),
        (Remove("path", 18), "remove tile 18"),
        (Remove("tiles", 24, 3), "remove tiles 24 to 26"),
        (Move("course", 9, 6), "move card 9 to place 6"),
        (Move("ramps", 3, 5), "move the coins under tile 3 to tile 5"),
        (Reverse("course", 2, 15), "reverse the order of cards 2 to 15"),
    ],
)
def test_an_edit_says_itself_in_words(edit: Any, words: str) -> None:
    assert edit.words() == words


@pytest.mark.parametrize(
    ("edit", "after", "moved"),
    [
        (Insert("course", 1, "x"), ("a", "x", "b", "c", "d"), [0, 2, 3, 4]),
        (Remove("course", 1, 2), ("a", "d"), [0, None, None, 1]),
        (Move("course", 3, 1), ("a", "d", "b", "c"), [0, 2, 3, 1]),
        (Move("course", 0, 2), ("b", "c", "a", "d"), [2, 0, 1, 3]),
        (Reverse("course", 1, 3), ("a", "d", "c", "b"), [0, 3, 2, 1]),
        (Put(("course", 2), "x"), ("a", "b", "x", "d"), [0, 1, 2, 3]),
    ],
)
def test_a_list_edit_moves_the_entries_it_says(edit: Any, after: tuple[str, ...], moved: list[int | None]) -> None:
    items = ("a", "b", "c", "d")
    result = edited_items(items, edit, str)
    assert result == after
    assert [edit.moved(index) for index in range(4)] == moved
    assert all(result[m] == items[i] for i, m in enumerate(moved) if m is not None and not isinstance(edit, Put))


def test_an_edit_in_json_names_its_kind_and_fields() -> None:
    assert edit_json(Put(("corners", 2, "length"), 4)) == {"kind": "put", "key": ["corners", 2, "length"], "value": 4}
    assert edit_json(Move("course", 9, 6)) == {"kind": "move", "key": "course", "index": 9, "to": 6}


def test_the_checker_refuses_a_finding_without_an_edit() -> None:
    layout, _ = findings_of("trackkit: 1\npath: R 2S R L S R 4S R S L R 2S R 6S\n")
    plain = Finding("closure", Severity.ERROR, "the track does not close", hint="close it")
    with pytest.raises(ArgumentError, match="proposes no edit"):
        follow(games.GAMES["racepack"], layout, plain)


# --- edits on layouts broken at random ---------------------------------------------

RALLY_BASE = ["start", "3-lane", *COURSE[2:]]
CARD_NAMES = ("start", "3-lane", "checkpoint", "jump", "straight", "hairpin", "s-bend", "chekpoint")


def random_layout(game: str, rng: random.Random) -> str:
    """A small layout of ``game`` broken at random (a random path, a walk of
    tiles with gaps, random corners, a deck shuffled a little)."""
    if game == "racepack":
        tokens = " ".join(rng.choice(("S", "S", "L", "R", "CL", "2S")) for _ in range(rng.randint(4, 24)))
        return f"trackkit: 1\npath: {tokens}\nstart: {rng.randint(0, 3) * 0.5}\ncars: {rng.randint(2, 9)}\n"
    if game == "motocross":
        x, cells = 0, [(0, 0)]
        for _ in range(rng.randint(1, 26)):
            x += rng.choice((1, 1, 2))
            cells.append((x, rng.choice((0, 0, 0, 1))))
        ramps = ", ".join(f"{rng.randint(0, len(cells))}: {rng.randint(1, 4)}" for _ in range(rng.randint(0, 4)))
        return (
            "trackkit: 1\ngame: motocross\ntiles: [" + ", ".join(f"[{a}, {b}]" for a, b in dict.fromkeys(cells))
            + f"]\nramps: {{{ramps}}}\nplayers: {rng.choice((2, 3, 4, 5))}\n"
        )
    if game == "race":
        spaces = rng.randint(4, 40)
        corners = ", ".join(
            f"{{from: {rng.randint(1, spaces + 2)}, length: {rng.randint(1, 6)}, radius: {rng.randint(0, 3)}}}"
            for _ in range(rng.randint(1, 4))
        )
        return f"trackkit: 1\ngame: race\nspaces: {spaces}\nfinish: {rng.randint(1, spaces)}\ncorners: [{corners}]\n"
    course = list(RALLY_BASE)
    for _ in range(rng.randint(1, 3)):
        where = rng.randrange(len(course))
        if rng.random() < 0.5:
            course.insert(where, rng.choice(CARD_NAMES))
        else:
            course[where], course[-1] = course[-1], course[where]
    return BASE.split("course:\n")[0] + "course: [" + ", ".join(course) + "]\n"


@pytest.mark.parametrize("game", sorted(CORPORA))
def test_every_edit_on_layouts_broken_at_random_fixes_its_fault(game: str) -> None:
    rng = random.Random(38)
    followed_count = 0
    for _ in range(40):
        try:
            loaded = games.loads(random_layout(game, rng), "random.yaml")
        except LayoutError:
            continue
        for finding in games.GAMES[game].validate(loaded.layout).findings:
            if finding.edit is not None:
                result = follow(games.GAMES[game], loaded.layout, finding)
                assert result.fixed, (finding.hint, [f.message for f in result.left])
                followed_count += 1
    assert followed_count >= FEWEST
