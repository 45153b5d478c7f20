"""Every hint is checked: following it fixes the fault it is about.

For each layout of every game's corpus (broken layouts, each breaking the
rule it is named after), every finding's hint is read for the edits it
proposes:

* a setting in quotes (``set 'finish: 12'``, ``declare the house rule
  'house_rules: [short-course]'``, ``delete 'finish_in_corner: false'``,
  a corner's ``'length: 4'``) is made in the file's text, or in the corner
  the finding is about, and the layout validated again: it must read, and
  the finding must be gone;
* the Motocross edits said in words (remove the last tiles, take coins out
  of the ramps, add coins to ramps in the middle of a straight) are made on
  the course, with the same test;
* any other setting a hint quotes is advice: it must be a form the reader
  accepts (``add 'wide: {...}'`` reads as a layout key, say).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from support import ROOT

from trackkit import games
from trackkit.errors import LayoutError
from trackkit.findings import Finding
from trackkit.motocross.course import Course, turn_of

GAME_CORPORA = {game: ROOT / "tests" / game / "corpus" for game in games.GAMES}

QUOTED = re.compile(r"'(?P<key>[a-z_]+): (?P<value>[^']+)'")
"""A setting a hint quotes: ``'key: value'``."""

CORNER_KEYS = ("from", "length", "radius")
"""The keys of one entry of a RACE! ``corners`` list."""


@dataclass(frozen=True)
class Edit:
    """One setting a hint proposes, and whether it is made or deleted."""

    key: str
    value: str
    delete: bool


def proposed(hint: str) -> tuple[list[Edit], list[Edit]]:
    """The settings a hint asks for (``set``, ``declare``, ``delete`` or a
    corner's own key in brackets), and those it only mentions."""
    edits: list[Edit] = []
    mentioned: list[Edit] = []
    for match in QUOTED.finditer(hint):
        before = hint[: match.start()].rstrip()
        edit = Edit(match["key"], match["value"], before.endswith("delete"))
        words = re.findall(r"[a-z]+", before)
        verb = next((w for w in reversed(words) if w in ("set", "declare", "delete", "add", "or")), "")
        is_edit = (
            verb in ("set", "declare", "delete") or before.endswith("(") or (verb == "or" and bool(edits))
        )
        if match["value"] != match["value"].lower() or not is_edit:
            mentioned.append(edit)
        else:
            edits.append(edit)
    return edits, mentioned


def with_setting(text: str, edit: Edit) -> str:
    """``text`` with the top-level key set to the value, or deleted."""
    lines = text.splitlines()
    kept: list[str] = []
    skipping = False
    for line in lines:
        if line.startswith(f"{edit.key}:"):
            skipping = True
            continue
        if skipping and (line.startswith((" ", "-")) or not line.strip()):
            continue
        skipping = False
        kept.append(line)
    if not edit.delete:
        kept.append(f"{edit.key}: {edit.value}")
    return "\n".join(kept) + "\n"


def same_fault(a: Finding, b: Finding) -> bool:
    return (a.rule, a.severity, a.tiles) == (b.rule, b.severity, b.tiles)


def still_there(game: games.Game, layout: Any, finding: Finding) -> bool:
    return any(same_fault(finding, other) for other in game.validate(layout).findings)


def corpus_cases() -> list[tuple[str, Path]]:
    return [
        (game, path)
        for game, corpus in GAME_CORPORA.items()
        for path in sorted(corpus.glob("*.yaml"))
        if path.name != "expected.yaml"
    ]


def corner_edited(layout: Any, finding: Finding, edit: Edit) -> Any:
    corner = layout.corners[finding.tiles[0]]
    changed = replace(corner, **{{"from": "first"}.get(edit.key, edit.key): int(edit.value)})
    corners = tuple(changed if c is corner else c for c in layout.corners)
    return replace(layout, corners=corners)


def motocross_edited(course: Course, hint: str) -> Course | None:
    """The course with the edit a Motocross hint says in words made, if any."""
    if found := re.match(r"remove the last (\d+) tiles?", hint):
        keep = len(course) - int(found[1])
        return replace(
            course, centres=course.centres[:keep], ramps=tuple(r for r in course.ramps if r[0] < keep)
        )
    if found := re.match(r"take (\d+) coins? out of the ramps", hint):
        heights = dict(course.ramps)
        for _ in range(int(found[1])):
            tallest = max(heights, key=lambda tile: (heights[tile], tile))
            heights[tallest] -= 1
        return replace(course, ramps=tuple((t, h) for t, h in sorted(heights.items()) if h))
    if found := re.match(r"add (\d+) coins? to ramps on tiles in the middle of a straight", hint):
        heights = dict(course.ramps)
        straight = [t for t in range(1, len(course) - 1) if turn_of(course, t) == "S"]
        for _ in range(int(found[1])):
            tile = next(t for t in straight if heights.get(t, 0) < 3)
            heights[tile] = heights.get(tile, 0) + 1
        return replace(course, ramps=tuple(sorted(heights.items())))
    return None


APPLIED: dict[str, int] = {}
"""How many hints each game's corpus had applied, for the final check."""


@pytest.mark.parametrize(("game_name", "path"), corpus_cases(), ids=lambda v: getattr(v, "name", v))
def test_following_a_hint_removes_its_fault(game_name: str, path: Path) -> None:
    game = games.GAMES[game_name]
    text = path.read_text(encoding="utf-8")
    loaded = games.loads(text, path.name)
    keys = {field for field in _keys(game)}
    for finding in game.validate(loaded.layout).findings:
        if not finding.hint:
            continue
        edits, mentioned = proposed(finding.hint)
        for edit in edits:
            if edit.key in keys:
                edited = games.loads(with_setting(text, edit), path.name).layout
            elif edit.key in CORNER_KEYS and game_name == "race" and finding.tiles:
                edited = corner_edited(loaded.layout, finding, edit)
            else:
                pytest.fail(f"{finding.rule}: the hint sets {edit.key!r}, which no layout key takes")
            assert not still_there(game, edited, finding), f"{finding.rule}: {finding.hint!r} ({edit})"
            APPLIED[game_name] = APPLIED.get(game_name, 0) + 1
        if game_name == "motocross" and (course := motocross_edited(loaded.layout, finding.hint)) is not None:
            assert not still_there(game, course, finding), f"{finding.rule}: {finding.hint!r}"
            APPLIED[game_name] = APPLIED.get(game_name, 0) + 1
        for edit in mentioned:
            if edit.value != edit.value.lower() or edit.key not in keys:
                continue  # a template such as 'cards: {base: {NAME: COPIES}}'
            try:
                games.loads(with_setting(text, edit), path.name)
            except LayoutError as error:
                pytest.fail(f"{finding.rule}: the hint names {edit}, which the reader refuses: {error}")


def _keys(game: games.Game) -> list[str]:
    return list(game.schema()["properties"])


def test_hints_were_applied_in_every_game_that_has_settings_to_change() -> None:
    if len(APPLIED) < 3:
        pytest.skip("runs after the corpus cases")
    assert set(APPLIED) == set(games.GAMES), APPLIED
    assert min(APPLIED["racepack"], APPLIED["motocross"], APPLIED["race"]) >= 10, APPLIED


@pytest.mark.parametrize(
    ("hint", "edits", "mentioned"),
    [
        ("set 'finish: 12', the corner's last space", [Edit("finish", "12", False)], []),
        (
            "set 'racers: 6' or 'racers: 8', or agree on points",
            [Edit("racers", "6", False), Edit("racers", "8", False)],
            [],
        ),
        ("or delete 'finish_in_corner: false'", [Edit("finish_in_corner", "false", True)], []),
        ("shorten it to 4 spaces ('length: 4')", [Edit("length", "4", False)], []),
        (
            "add 'cards: {base: {NAME: COPIES, ...}}'",
            [],
            [Edit("cards", "{base: {NAME: COPIES, ...}}", False)],
        ),
    ],
)
def test_the_settings_a_hint_proposes_are_read_from_its_words(
    hint: str, edits: list[Edit], mentioned: list[Edit]
) -> None:
    assert proposed(hint) == (edits, mentioned)
