"""One function per race-deck rule; see :mod:`trackkit.rally.rules`.

Messages count cards as a player does along the road: ``card 5`` is course
position 5, the Start card being card 0.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property

from trackkit.edits import Edit, Put, Remove
from trackkit.findings import Finding, error, warning
from trackkit.rally.deck import (
    CHECKPOINT,
    EXTRA_GROUPS,
    JUMP,
    MAX_EXTRA,
    OPENING,
    PATTERN,
    RESERVED,
    SPECIALS,
    Group,
    RaceDeck,
    group_sizes,
    groups_of,
    is_random,
)
from trackkit.rally.rules.fixes import COURSE, bottom_up, counted, ended, in_pattern, opened, sized

__all__ = [
    "RULES",
    "Context",
    "Rule",
    "check_collection",
    "check_end",
    "check_group_size",
    "check_listing",
    "check_opening",
    "check_pattern",
]

_TITLES = {"start": "Start", "3-lane": "3-lane", CHECKPOINT: "Checkpoint", JUMP: "Jump"}


def title(card: str) -> str:
    """How messages name a card: ``Checkpoint``, ``Jump``, or its own name."""
    return _TITLES.get(card, repr(card))


def _count(count: int, kind: str) -> str:
    return f"{count} {title(kind)}" if count == 1 else f"{count} {title(kind)}s"


def _copies(count: int) -> str:
    return "1 copy" if count == 1 else f"{count} copies"


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


@dataclass
class Context:
    """The deck, with the groups of its pattern worked out once."""

    deck: RaceDeck

    @cached_property
    def groups(self) -> tuple[Group, ...] | None:
        return groups_of(self.deck.course)


Rule = Callable[[Context], Iterator[Finding]]
"""One rule: yields a finding for every place the course breaks it."""


def check_opening(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Use the double-sided Start and double-sided 3-lane cards to
    start the track."  Card 0 is the Start card, card 1 the 3-lane card, and
    neither appears again.
    """
    course = ctx.deck.course
    for index, card in enumerate(OPENING):
        here = course[index] if index < len(course) else None
        if here != card:
            found = f"the course has {title(here)} there" if here else "the course ends before it"
            edit = opened(course, index, card)
            begin = f"the course begins with {', '.join(OPENING)}"
            yield error(
                "rally/opening",
                f"card {index} must be the {title(card)} card; {found}",
                (index,) if here else (),
                f"{edit.words()}: {begin}" if edit else f"begin the course with: {', '.join(OPENING)}",
                edit,
            )
    for index in range(len(OPENING), len(course)):
        if course[index] in OPENING:
            yield error(
                "rally/opening",
                f"card {index} is a second {title(course[index])} card; it only opens the course",
                (index,),
                f"{Remove(COURSE, index).words()}: there is one of each",
                Remove(COURSE, index),
            )


def check_pattern(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Build the race deck from the bottom up by stacking the
    following cards face-down, in order": 1 Checkpoint, 1 Jump, 1 Checkpoint,
    1 Jump, 1 Checkpoint, each with random track cards on top.  The deck
    holds exactly 3 Checkpoints and 2 Jumps; turned over from the top, they
    come into play Checkpoint, Jump, Checkpoint, Jump, Checkpoint.
    """
    course = ctx.deck.course
    wanted = Counter(kind for kind, _ in PATTERN)
    for kind in SPECIALS:
        places = tuple(i for i in range(len(OPENING), len(course)) if course[i] == kind)
        if len(places) != wanted[kind]:
            edit = counted(course, kind, places, wanted[kind])
            yield error(
                "rally/pattern",
                f"the race deck holds {_count(len(places), kind)}; the pattern has exactly {wanted[kind]}",
                places,
                "build the deck with 3 Checkpoints and 2 Jumps" + (f": {edit.words()}" if edit else ""),
                edit,
            )
    counts = Counter(card for card in course[len(OPENING) :] if card in SPECIALS)
    if counts == wanted and ctx.groups is None:
        order = [title(card) for card in course[len(OPENING) :] if card in SPECIALS]
        places = tuple(i for i in range(len(OPENING), len(course)) if course[i] in SPECIALS)
        move = in_pattern(course, places)
        yield error(
            "rally/pattern",
            f"the special cards come into play {', '.join(order)};"
            " the pattern plays Checkpoint, Jump, Checkpoint, Jump, Checkpoint",
            places,
            "a Jump lies between each two Checkpoints" + (f": {move.words()}" if move else ""),
            move,
        )


def check_group_size(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "1 Checkpoint, then 2 random track cards ● 1 Jump, then 1
    random track card ● 1 Checkpoint, then 2 random track cards ● 1 Jump,
    then 1 random track card ● 1 Checkpoint, then 3 random track cards";
    with the expansion, "you may add up to 2 more random track cards to
    each of the first four" groups.  Checked once the special cards follow
    the pattern.
    """
    if ctx.groups is None:
        return
    sizes = group_sizes(ctx.deck.expansion, MAX_EXTRA)
    for group in ctx.groups:
        low, high = sizes[group.number - 1]
        size = len(group.cards)
        if low <= size <= high:
            continue
        wanted = str(low) if low == high else f"{low} to {high}"
        expanded = not ctx.deck.expansion and group.number <= EXTRA_GROUPS and low < size <= low + MAX_EXTRA
        deck = ctx.deck
        edit = _EXPANSION if expanded else sized(deck.course, deck.expansion, group, _spare_card(ctx))
        hint = (
            f"with the expansion ({_EXPANSION.words()}) groups 1 to {EXTRA_GROUPS}"
            f" may take up to {MAX_EXTRA} more"
            if expanded
            else f"stack {wanted} random track {'card' if wanted == '1' else 'cards'} on it"
            + (f": {edit.words()}" if edit else "")
        )
        yield error(
            "rally/group-size",
            f"group {group.number} (on the {title(group.special)} at card {group.special_at})"
            f" has {_cards(size)}; the pattern stacks {wanted}",
            group.cards or (group.special_at,),
            hint,
            edit,
        )


_EXPANSION = Put(("expansion",), True)
"""The edit that plays with the expansion's cards and group sizes."""


def _spare_card(ctx: Context) -> str | None:
    """A card of the collection the course does not use up, if any."""
    deck = ctx.deck
    if deck.cards is None:
        return None
    spare = deck.cards.held(deck.expansion) - Counter(deck.course)
    return min(spare, default=None)


def check_collection(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "shuffle the rest of the track cards face-down to use as
    'random track cards'" and, with the expansion, "Remove any unused track
    cards from the game."  The random track cards come from the collection,
    so no card is used more often than the collection holds (the expansion's
    copies only with ``expansion: true``).
    """
    deck = ctx.deck
    if deck.cards is None:
        yield warning(
            "rally/collection",
            "the layout lists no card collection ('cards'), so card counts are not checked",
            (),
            "add 'cards: {base: {NAME: COPIES, ...}}'",
        )
        return
    held = deck.cards.held(deck.expansion)
    every = deck.cards.held(True)
    names = [*deck.cards.names(), *RESERVED]
    places: dict[str, list[int]] = {}
    for index in range(len(OPENING), len(deck.course)):
        if is_random(deck.course[index]):
            places.setdefault(deck.course[index], []).append(index)
    for card, where in places.items():
        if len(where) <= held[card]:
            continue
        if held[card] == 0 and every[card] == 0:
            close = difflib.get_close_matches(card, names, n=1)
            named = Put(("course", where[0]), close[0]) if close and len(where) == 1 else None
            yield error(
                "rally/collection",
                f"card {where[0]} is {card!r}, which is not in the collection",
                tuple(where),
                (f"did you mean {close[0]!r}? {named.words()}" if named else f"did you mean {close[0]!r}?")
                if close
                else "add it to 'cards' or use a card you have",
                named,
            )
            continue
        if held[card] == 0:
            yield error(
                "rally/collection",
                f"card {where[0]} is {card!r}, which only the expansion holds",
                tuple(where),
                f"{_EXPANSION.words()} to play with the expansion's cards",
                _EXPANSION,
            )
            continue
        more = len(where) - held[card]
        yield error(
            "rally/collection",
            f"{card!r} is used {_times(len(where))}; the collection holds {_copies(held[card])}",
            tuple(where[held[card] :]),
            *_overuse_hint(more, _spare(held, places), where[-1], _spare_card(ctx)),
        )


def _spare(held: Counter[str], places: dict[str, list[int]]) -> int:
    """How many copies the collection holds beyond those the course uses."""
    return sum(max(0, copies - len(places.get(card, ()))) for card, copies in held.items())


def _overuse_hint(more: int, spare: int, last: int, card: str | None) -> tuple[str, Edit | None]:
    """Use other cards for the ``more`` copies too many while the collection
    has that many to spare; else take them out of the course.  One copy too
    many is one edit: the ``last`` place given the spare ``card``, or taken out."""
    if spare >= more:
        if more > 1 or card is None:
            return f"use other cards for the last {more}", None
        edit: Edit = Put(("course", last), card)
        return f"use another card for the last one: {edit.words()}", edit
    if more > 1:
        return f"remove the last {more}: the collection has no other card to spare", None
    edit = Remove(COURSE, last)
    return f"remove the last one: the collection has no other card to spare ({edit.words()})", edit


def check_end(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "When the last car has passed through the final Checkpoint"
    the race ends; the first card stacked, at the bottom of the deck, is a
    Checkpoint.  The course's last card is the final Checkpoint.
    """
    course = ctx.deck.course
    if len(course) > len(OPENING) and course[-1] == CHECKPOINT:
        return
    checkpoints = [i for i, card in enumerate(course) if card == CHECKPOINT]
    after = tuple(range(checkpoints[-1] + 1, len(course))) if checkpoints else (len(course) - 1,)
    last = f"card {len(course) - 1}, {title(course[-1])}"
    edit = ended(course)
    yield error(
        "rally/end",
        f"the course ends on {last}; it must end on the final Checkpoint",
        after,
        f"the Checkpoint stacked first, at the bottom of the deck, is the last card: {edit.words()}",
        edit,
    )


def check_listing(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Build the race deck from the bottom up by stacking the
    following cards face-down, in order".  A file lists the course in the
    order cards come into play, top of the deck first; a deck listed in the
    order it is stacked, bottom first, follows every rule once turned round.
    That is one finding, the whole of the report: the list is to be
    reversed (a stack listed whole, the opening pair last, is turned round
    whole).
    """
    edit = bottom_up(ctx.deck.course, ctx.deck.expansion)
    if edit is None:
        return
    yield error(
        "rally/pattern",
        f"the race deck is listed bottom-up, in the order it is stacked (cards {edit.first} to"
        f" {edit.last}); the course lists cards in the order they come into play, top of the deck first",
        tuple(range(edit.first, edit.last + 1)),
        f"{edit.words()}: read that way, the deck follows the pattern",
        edit,
    )


RULES: tuple[Rule, ...] = (check_opening, check_pattern, check_group_size, check_collection, check_end)
"""The rally rules, in the order their findings are listed."""
