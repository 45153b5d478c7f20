"""The edits rally hints propose (see :mod:`trackkit.edits`): which card to
put in, take out or move so that a race deck follows the rules.

A deck is short (a few dozen cards), so where several moves might do, each
is tried on the deck and the first that works is the one proposed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from trackkit.edits import Edit, Insert, Move, Remove, Reverse, edited_items
from trackkit.rally.deck import CHECKPOINT, MAX_EXTRA, OPENING, Group, group_sizes, groups_of

__all__ = ["COURSE", "bottom_up", "counted", "ended", "follows", "in_pattern", "opened", "sized"]

COURSE = "course"
"""The key of the cards in course order."""


def _edited(course: Sequence[str], edit: Edit) -> tuple[str, ...]:
    return edited_items(course, edit, str)


def _sizes_fit(course: Sequence[str], expansion: bool) -> list[bool] | None:
    """For each group of the pattern, bottom up, whether it holds as many
    random track cards as the pattern stacks (``None``: the special cards
    do not follow the pattern)."""
    groups = groups_of(course)
    if groups is None:
        return None
    sizes = group_sizes(expansion, MAX_EXTRA)
    return [sizes[g.number - 1][0] <= len(g.cards) <= sizes[g.number - 1][1] for g in groups]


def follows(course: Sequence[str], expansion: bool) -> bool:
    """Whether a course opens with the opening pair, plays its special cards
    in the pattern with each group its size, and ends on the final Checkpoint."""
    fits = _sizes_fit(course, expansion)
    opens = tuple(course[: len(OPENING)]) == OPENING
    return opens and fits is not None and all(fits) and course[-1] == CHECKPOINT


def bottom_up(course: Sequence[str], expansion: bool) -> Reverse | None:
    """The edit that reads a deck listed bottom-up, in the order the rules
    stack it, in course order: its race deck turned round (or the whole
    list, when the opening pair comes last); ``None`` when the deck does not
    follow the rules either way, or already does as listed."""
    last = len(course) - 1
    if last <= len(OPENING) or follows(course, expansion):
        return None
    for edit in (Reverse(COURSE, len(OPENING), last), Reverse(COURSE, 0, last)):
        if follows(_edited(course, edit), expansion):
            return edit
    return None


def opened(course: Sequence[str], index: int, card: str) -> Edit | None:
    """Bring the opening ``card`` to place ``index``: the opening card there
    taken out when it is one too many, else ``card`` moved from elsewhere in
    the course where it is out of its place there, else put in; the first
    of them that opens the course with the whole opening pair (``None``
    when no one change does)."""
    astray = [i for i, here in enumerate(course) if here == card and i != index and _astray(course, i)]
    extra: list[Edit] = [Remove(COURSE, index)] if index < len(course) and course[index] in OPENING else []
    edits = [*extra, *(Move(COURSE, i, index) for i in astray), Insert(COURSE, index, card)]
    return next((edit for edit in edits if tuple(_edited(course, edit)[: len(OPENING)]) == OPENING), None)


def _astray(course: Sequence[str], index: int) -> bool:
    """Whether the card at ``index`` is not the opening card that belongs there."""
    return index >= len(OPENING) or course[index] != OPENING[index]


def counted(course: Sequence[str], kind: str, places: tuple[int, ...], wanted: int) -> Edit | None:
    """The edit bringing the special cards of ``kind`` to the ``wanted``
    count, when it is one off: one taken out, or one put in, where the
    special cards then follow the pattern's order (the latest place first:
    the end of the course for a Checkpoint); else the last taken out or
    one put in at the end."""
    if len(places) == wanted + 1:
        edits: list[Edit] = [Remove(COURSE, place) for place in reversed(places)]
    elif len(places) == wanted - 1:
        edits = [Insert(COURSE, place, kind) for place in range(len(course), len(OPENING) - 1, -1)]
    else:
        return None
    ordered = (edit for edit in edits if groups_of(_edited(course, edit)) is not None)
    return next(ordered, edits[0] if edits else None)


def in_pattern(course: Sequence[str], places: tuple[int, ...]) -> Move | None:
    """The move of one special card to another special card's place that
    puts them in the pattern's order, if one does."""
    for edit in _moves(places, places):
        if groups_of(_edited(course, edit)) is not None:
            return edit
    return None


def _moves(cards: Sequence[int], places: Sequence[int]) -> Iterator[Move]:
    for card in cards:
        for place in places:
            if place != card:
                yield Move(COURSE, card, place)


def sized(course: Sequence[str], expansion: bool, group: Group, spare: str | None) -> Edit | None:
    """The change of one card that gives ``group`` its size and leaves every
    group it changes, and every group that had its size, with its size: a
    card moved from or to another group, else its last card taken out, else
    a ``spare`` card put in on it."""
    before = _sizes_fit(course, expansion) or []
    counts = [len(g.cards) for g in groups_of(course) or ()]
    others = [g for g in groups_of(course) or () if g.number != group.number]
    candidates: list[Edit] = [_onto(card, g) for g in others for card in group.cards[-1:]]
    candidates += [_onto(card, group) for g in others for card in g.cards[-1:]]
    if group.cards:
        candidates.append(Remove(COURSE, group.cards[-1]))
    if spare is not None:
        candidates.append(Insert(COURSE, group.special_at, spare))
    for edit in candidates:
        after = _edited(course, edit)
        fits = _sizes_fit(after, expansion)
        if not fits or not fits[group.number - 1]:
            continue
        changed = [len(g.cards) != count for g, count in zip(groups_of(after) or (), counts, strict=True)]
        if all(f for f, was, moved in zip(fits, before, changed, strict=True) if was or moved):
            return edit
    return None


def _onto(card: int, group: Group) -> Move:
    """Move ``card`` into ``group``, just before its special card in course
    order (on top of the group's cards as the deck is stacked)."""
    return Move(COURSE, card, group.special_at - (group.special_at > card))


def ended(course: Sequence[str]) -> Edit:
    """End the course on its final Checkpoint: the last Checkpoint moved to
    the end, or one put in at the end when there is none."""
    checkpoints = [i for i, card in enumerate(course) if card == CHECKPOINT]
    if not checkpoints:
        return Insert(COURSE, len(course), CHECKPOINT)
    return Move(COURSE, checkpoints[-1], len(course) - 1)
