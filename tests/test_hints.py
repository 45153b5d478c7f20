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
* every rally hint is an edit of the course said in words (begin it with
  the opening pair, remove a second Start or a card used too often, build the deck with 3
  Checkpoints and 2 Jumps, a Jump between each two Checkpoints, stack so
  many random track cards on a special card, a card's right name, another
  card for one used too often, list the collection, end on the final
  Checkpoint): each is made on the deck, with the same test, and a rally
  hint no edit answers fails the test;
* any other setting a hint quotes is advice: it must be a form the reader
  accepts (``add 'wide: {...}'`` reads as a layout key, say).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from support import ROOT

from trackkit import games
from trackkit.errors import LayoutError
from trackkit.findings import Finding
from trackkit.motocross.course import Course, turn_of
from trackkit.rally.deck import CHECKPOINT, JUMP, Collection, RaceDeck, groups_of, is_random

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


def _without(course: tuple[str, ...], places: set[int]) -> tuple[str, ...]:
    return tuple(card for index, card in enumerate(course) if index not in places)


def _spare_cards(deck: RaceDeck) -> list[str]:
    """One entry per copy the collection holds beyond those the course uses."""
    assert deck.cards is not None
    spare = deck.cards.held(deck.expansion) - Counter(deck.course)
    return sorted(spare.elements())


def _with_cards(deck: RaceDeck, places: tuple[int, ...], cards: list[str]) -> RaceDeck:
    course = list(deck.course)
    for index, card in zip(places, cards, strict=True):
        course[index] = card
    return replace(deck, course=tuple(course))


def _counted(deck: RaceDeck, finding: Finding) -> RaceDeck:
    """The deck holding as many of the special card a finding counts as the
    pattern has: the last extra ones removed, missing Checkpoints added at
    the end and missing Jumps just before the final Checkpoint."""
    found = re.search(r"holds (\d+) (Checkpoint|Jump)s?; the pattern has exactly (\d+)", finding.message)
    assert found, finding.message
    held, kind, wanted = int(found[1]), found[2].lower(), int(found[3])
    if held > wanted:
        return replace(deck, course=_without(deck.course, set(finding.tiles[wanted:])))
    missing = (kind,) * (wanted - held)
    if kind == CHECKPOINT:
        return replace(deck, course=deck.course + missing)
    last = max(deck.positions(CHECKPOINT))
    return replace(deck, course=deck.course[:last] + missing + deck.course[last:])


def _stacked(deck: RaceDeck, finding: Finding, wanted: int) -> RaceDeck:
    """The group a finding names holding ``wanted`` random track cards: its
    last extra cards removed, or straights added on its special card."""
    at = int(re.search(r"at card (\d+)\)", finding.message)[1])  # type: ignore[index]
    group = next(g for g in groups_of(deck.course) or () if g.special_at == at)
    if len(group.cards) > wanted:
        return replace(deck, course=_without(deck.course, set(group.cards[wanted:])))
    more = ("straight",) * (wanted - len(group.cards))
    return replace(deck, course=deck.course[:at] + more + deck.course[at:])


def _ended(deck: RaceDeck, finding: Finding) -> RaceDeck:
    """The course ending on its final Checkpoint: the cards after it
    removed, or a Checkpoint added when it has none."""
    if CHECKPOINT not in deck.course:
        return replace(deck, course=(*deck.course, CHECKPOINT))
    return replace(deck, course=_without(deck.course, set(finding.tiles)))


def _listed(deck: RaceDeck) -> RaceDeck:
    """The deck with a collection holding the random track cards it uses."""
    used = Counter(card for card in deck.course if is_random(card))
    return replace(deck, cards=Collection(base=tuple(sorted(used.items()))))


def _in_pattern(deck: RaceDeck, finding: Finding) -> RaceDeck:
    """The special cards in the pattern's order, Checkpoint first."""
    order = [CHECKPOINT if n % 2 == 0 else JUMP for n in range(len(finding.tiles))]
    return _with_cards(deck, finding.tiles, order)


def rally_edited(deck: RaceDeck, finding: Finding) -> RaceDeck | None:
    """The deck with the edit a rally hint says in words made, or ``None``
    for a hint that only quotes a setting (made by the general edit)."""
    hint = finding.hint or ""
    if found := re.fullmatch(r"begin the course with: (.+)", hint):
        opening = tuple(found[1].split(", "))
        return replace(deck, course=opening + tuple(c for c in deck.course if c not in opening))
    if hint == "remove it: there is one of each" or hint.startswith("remove the last"):
        return replace(deck, course=_without(deck.course, set(finding.tiles)))
    if hint == "build the deck with 3 Checkpoints and 2 Jumps":
        return _counted(deck, finding)
    if hint == "a Jump lies between each two Checkpoints":
        return _in_pattern(deck, finding)
    if found := re.fullmatch(r"stack (\d+)( to \d+)? random track cards? on it", hint):
        return _stacked(deck, finding, int(found[1]))
    if found := re.fullmatch(r"did you mean '(.+)'\?", hint):
        return _with_cards(deck, finding.tiles, [found[1]] * len(finding.tiles))
    if re.fullmatch(r"use another card for the last one|use other cards for the last \d+", hint) or (
        hint == "add it to 'cards' or use a card you have"
    ):
        return _with_cards(deck, finding.tiles, _spare_cards(deck)[: len(finding.tiles)])
    if hint == "add 'cards: {base: {NAME: COPIES, ...}}'":
        return _listed(deck)
    if hint == "the Checkpoint stacked first, at the bottom of the deck, is the last card":
        return _ended(deck, finding)
    return None


APPLIED: dict[str, int] = {}
"""How many hints each game's corpus had applied, for the final check."""

RALLY_HINTS = {
    "begin the course with: start, 3-lane",
    "remove it: there is one of each",
    "build the deck with N Checkpoints and N Jumps",
    "a Jump lies between each two Checkpoints",
    "stack N random track cards on it",
    "stack N random track card on it",
    "stack N to N random track cards on it",
    "with the expansion ('expansion: true') groups N to N may take up to N more",
    "did you mean 'checkpoint'?",
    "add it to 'cards' or use a card you have",
    "set 'expansion: true' to play with the expansion's cards",
    "use another card for the last one",
    "use other cards for the last N",
    "remove the last one: the collection has no other card to spare",
    "add 'cards: {base: {NAME: COPIES, ...}}'",
    "the Checkpoint stacked first, at the bottom of the deck, is the last card",
}
"""Every form of hint the rally rules give (numbers as ``N``; the wording of
trackkit/rally/rules/checks.py)."""

RALLY_APPLIED: set[str] = set()
"""The forms of rally hint the corpus had applied, for the final check."""


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
        if game_name == "rally":
            deck = rally_edited(loaded.layout, finding)
            assert deck is not None or edits, f"{finding.rule}: no edit follows the hint {finding.hint!r}"
            if deck is not None:
                assert not still_there(game, deck, finding), f"{finding.rule}: {finding.hint!r}"
                APPLIED[game_name] = APPLIED.get(game_name, 0) + 1
            RALLY_APPLIED.add(re.sub(r"(?<![-\w])\d+(?![-\w])", "N", finding.hint))
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
    assert RALLY_APPLIED == RALLY_HINTS

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
