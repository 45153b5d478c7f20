"""Findings and the catalogue of rule ids: every id any game's rules can
emit has an entry ``trackkit explain`` shows, and no id means two rules."""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterable
from pathlib import Path

import pytest

from trackkit.errors import ArgumentError
from trackkit.findings import Finding, RuleEntry, find_rule
from trackkit.games import GAMES

PACKAGE = Path(__file__).resolve().parent.parent / "trackkit"

MAKERS = {"error", "warning", "Finding"}
"""The functions that make a finding, its rule id the first argument."""


def emitted_ids(path: Path) -> list[tuple[str, int]]:
    """Every rule id the module at ``path`` gives a finding, with its line.

    Walks the module's syntax tree for calls of :data:`MAKERS` and of any
    name bound to one of them (``report = warning if ... else error``).
    The id is a literal or a module-level constant (``RULE = "hazards"``);
    a helper that takes the id as a parameter is given one of the module's
    ``..._RULE`` constants, which count as emitted.  Any other id is
    reported as ``?`` so the tests below fail: this walk must see them all."""
    tree = ast.parse(path.read_text())
    constants = {
        target.id: node.value.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
        for target in node.targets
        if isinstance(target, ast.Name) and target.id.isupper()
    }
    found = [(value, 0) for name, value in constants.items() if name.endswith("RULE")]
    makers = set(MAKERS)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.IfExp):
            branches = (node.value.body, node.value.orelse)
            if all(isinstance(b, ast.Name) and b.id in MAKERS for b in branches):
                makers.update(t.id for t in node.targets if isinstance(t, ast.Name))
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef):
            continue
        parameters = {arg.arg for arg in function.args.args}
        for node in ast.walk(function):
            if isinstance(node, ast.Call) and _is_maker(node.func, makers):
                found.append(
                    (_rule_id(node.args[0] if node.args else None, constants, parameters), node.lineno)
                )
    return [item for item in found if item[0] != ""]


def _is_maker(func: ast.expr, makers: set[str]) -> bool:
    """A name of a finding maker, or ``(warning if ... else error)``."""
    if isinstance(func, ast.IfExp):
        return _is_maker(func.body, makers) and _is_maker(func.orelse, makers)
    return isinstance(func, ast.Name) and func.id in makers


def _rule_id(node: ast.expr | None, constants: dict[str, str], parameters: set[str]) -> str:
    """The id a finding is given: ``""`` when it is the enclosing function's
    parameter (its callers pass a constant), ``?`` when the walk cannot tell."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        if node.id in parameters:
            return ""
        return constants.get(node.id, "?")
    return "?"


def game_modules(game: str) -> list[Path]:
    return sorted((PACKAGE / game).rglob("*.py"))


@functools.cache
def emitted() -> dict[str, set[str]]:
    """Every rule id each game emits, walked once when a test first asks
    (not while the suite is collected, where every worker would walk the
    syntax trees of every game module for this file's tests)."""
    return {game: {rule for path in game_modules(game) for rule, _ in emitted_ids(path)} for game in GAMES}


def test_the_walk_finds_ids_in_every_game() -> None:
    assert {game: len(ids) > 4 for game, ids in emitted().items()} == {game: True for game in GAMES}
    assert "motocross/touch" in emitted()["motocross"] and "race/finish-corner" in emitted()["race"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_id_a_game_emits_has_an_explain_entry(game: str) -> None:
    listed = {entry.rule for entry in GAMES[game].rules()}
    assert emitted()[game] <= listed, f"no explain entry for {sorted(emitted()[game] - listed)}"
    assert listed <= emitted()[game], f"entries no rule emits: {sorted(listed - emitted()[game])}"


@pytest.mark.parametrize("game", sorted(set(GAMES) - {"racepack"}))
def test_every_id_of_a_newer_game_carries_its_name(game: str) -> None:
    assert all(rule.startswith(f"{game}/") for rule in emitted()[game])


def test_no_id_belongs_to_two_games() -> None:
    owners = [rule for game in GAMES for rule in emitted()[game]]
    assert len(owners) == len(set(owners))


def test_every_entry_quotes_the_rulebook_and_names_a_section_of_the_rules_document() -> None:
    document = (PACKAGE.parent / "docs" / "rules.md").read_text()
    headings = [line for line in document.splitlines() if line.startswith("### ")]
    for game in GAMES.values():
        for entry in game.rules():
            assert entry.texts(), entry.rule
            assert all(text.startswith('Rulebook: "') for text in entry.texts()), entry.rule
            assert any(h.startswith(f"### {entry.section}") for h in headings), entry.section


def every_entry() -> list[RuleEntry]:
    return [entry for game in GAMES.values() for entry in game.rules()]


@pytest.mark.parametrize(
    ("name", "found"),
    [
        ("overlap", "overlap"),
        ("OVERLAP", "overlap"),
        ("motocross/overlap", "motocross/overlap"),
        ("line-up", "motocross/line-up"),
        ("grid-corner", "race/grid-corner"),
        (" rally/end ", "rally/end"),
    ],
)
def test_a_rule_is_found_by_its_id_or_its_own_name(name: str, found: str) -> None:
    assert find_rule(name, every_entry()).rule == found


def test_a_name_two_newer_games_share_asks_for_the_full_id() -> None:
    entries = [RuleEntry(rule, "", (), "") for rule in ("motocross/touch", "race/touch", "rally/end")]
    with pytest.raises(ArgumentError) as caught:
        find_rule("touch", entries)
    assert str(caught.value) == "'touch' is a rule of several games; give its full id: 'motocross/touch' or 'race/touch'"
    with pytest.raises(ArgumentError) as caught:
        find_rule("touch", every_entry())
    assert (
        str(caught.value)
        == "'touch' is a rule of several games; give its full id: 'motocross/touch' or 'race/touch'"
    )


def test_an_unknown_name_gets_the_closest_id() -> None:
    with pytest.raises(ArgumentError) as caught:
        find_rule("ramp-hieght", every_entry())
    assert str(caught.value) == (
        "'ramp-hieght' is not a rule (did you mean 'motocross/ramp-height'?); 'trackkit rules' lists them"
    )
    with pytest.raises(ArgumentError) as caught:
        find_rule("motocross/ramp-hieght", every_entry())
    assert str(caught.value) == (
        "'motocross/ramp-hieght' is not a rule (did you mean 'motocross/ramp-height'?); 'trackkit rules' lists them"
    )


def test_capped_words_only_the_deferred_findings_it_lists() -> None:
    """A rule's faults past the hundred listed are counted, not worded, and
    the findings are those of the same rule written as a plain generator."""
    from trackkit.findings import Deferred, capped, error

    worded: list[int] = []

    def word(fault: int) -> Finding:
        worded.append(fault)
        return error("overlap", f"fault {fault}", (fault,))

    listed = list(capped(Deferred(range(250), word)))
    assert worded == list(range(100))
    assert listed == list(capped(error("overlap", f"fault {n}", (n,)) for n in range(250)))
    assert [f.message for f in listed[98:]] == [
        "fault 98",
        "fault 99",
        "and 150 more overlap findings like these, not listed",
    ]
    assert capped_summary(Deferred(range(10_100), word)) == "and 10,000 more overlap findings like these, not listed"
    assert capped_summary(Deferred(range(10_101), word)) == (
        "and more than 10,000 more overlap findings like these, not listed"
    )


def capped_summary(findings: Iterable[Finding]) -> str:
    """The last finding :func:`capped` gives for ``findings``: its summing-up."""
    from trackkit.findings import capped

    return list(capped(findings))[-1].message
