"""The table a rally record sets out, checked against the rules' setup.

Before the first turn the move checker (:mod:`trackkit.rally.race.checker`)
checks what the record says was on the table:

* the course is a race deck the setup builds (the opening pair, the
  Checkpoints and Jumps in their pattern, the group sizes; with the
  expansion's extra cards when the record says it is in use);
* each seat's starting Fuel and Control tokens;
* each seat's Skills cards, by the record's Skills mode: none at all, one
  set each (``base``), or four each dealt from every set in the boxes
  (``advanced``: four sets in the base box, six with the expansion pack,
  which five or six players need).

:func:`setup_problems` returns every problem found, each naming the rule in
the rulebook's words.
"""

from __future__ import annotations

from collections import Counter

from trackkit.findings import Severity, broken
from trackkit.rally.deck import RaceDeck
from trackkit.rally.race import rulebook as rule
from trackkit.rally.race.record import RallyRecord
from trackkit.rally.race.skills import HAND, SKILLS, skills_sets
from trackkit.rally.rules import validate

__all__ = [
    "rules_tokens",
    "setup_problems",
]


def rules_tokens(players: int) -> tuple[tuple[int, int], ...]:
    """Each seat's starting (Fuel, Control): "Starting player – 3 Control &
    3 Fuel ● Next player to their left – 4 Control & 3 Fuel ● All other
    players – 4 Control & 4 Fuel"."""
    return (((3, 3), (3, 4)) + ((4, 4),) * players)[:players]


def setup_problems(record: RallyRecord) -> list[str]:
    """Every way the table ``record`` sets out is not the rules' setup."""
    return _course_problems(record) + _token_problems(record) + _hand_problems(record)


def _course_problems(record: RallyRecord) -> list[str]:
    """The course must be a race deck the setup builds; a record that does
    not say whether the expansion is in use is given its extra cards."""
    expansion = record.expansion is not False
    report = validate(RaceDeck(record.course, expansion=expansion))
    return [
        f"the course is not a race deck the setup builds ({finding.rule}): {finding.message}"
        for finding in report.findings
        if finding.severity is Severity.ERROR
    ]


def _token_problems(record: RallyRecord) -> list[str]:
    """The starting tokens seat by seat."""
    wanted = rules_tokens(record.players)
    if tuple(record.tokens) == wanted:
        return []
    return [broken(f"the starting tokens are {list(record.tokens)}, not {list(wanted)}", rule.TOKENS)]


def _hand_problems(record: RallyRecord) -> list[str]:
    """The Skills cards each seat holds at the start, by the Skills mode."""
    if record.skills == "none":
        held = [seat for seat, hand in enumerate(record.hands) if hand]
        return [
            broken(f"seat {seat + 1} holds Skills cards in a race without them", rule.NO_SKILLS)
            for seat in held
        ]
    if record.skills == "base":
        return [
            broken(f"seat {seat + 1} holds {_cards(hand)}, not one set", rule.BASE_SET)
            for seat, hand in enumerate(record.hands)
            if sorted(hand) != sorted(SKILLS)
        ]
    if record.skills == "advanced":
        return _dealt_problems(record)
    return []


def _dealt_problems(record: RallyRecord) -> list[str]:
    """The advanced deal: four cards a seat, no card more often than the
    boxes' sets hold it."""
    problems = [
        broken(f"seat {seat + 1} is dealt {_cards(hand)}", rule.DEAL)
        for seat, hand in enumerate(record.hands)
        if len(hand) != HAND or not set(hand) <= set(SKILLS)
    ]
    sets = skills_sets(record.players, record.expansion is not False)
    dealt = Counter(card for hand in record.hands for card in hand)
    problems += [
        broken(f"{count} {card} cards are dealt; the boxes hold {sets}", rule.DEAL)
        for card, count in dealt.items()
        if card in SKILLS and count > sets
    ]
    return problems


def _cards(hand: tuple[str, ...]) -> str:
    """A hand in words: ``Turbo, Turbo, All In`` or ``no cards``."""
    return ", ".join(hand) if hand else "no cards"
