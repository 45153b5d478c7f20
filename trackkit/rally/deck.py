"""The rally card game's race deck, and the course it lays out.

In the rally card game the road is a row of *track cards*.  Two cards open
it at setup: the *Start* card and the *3-lane* card.  The rest come from the
*race deck*, built before the race by stacking cards face-down **from the
bottom up** in a fixed pattern: special cards (three *Checkpoints*, where
cars score, and two *Jumps*, which let a car leap ahead) with groups of
*random track cards* (any other card of the player's collection, shuffled)
stacked on top of each.  During the race cards are turned over from the
**top** of the deck and added to the end of the road, so the card stacked
last is played first: the *course order* (the order cards come into play,
from the Start card on) is the opening pair followed by the stacking order
reversed.  The card at the bottom of the deck, a Checkpoint, is the last
card of the course: the final Checkpoint.

A :class:`RaceDeck` records a course in course order (``start``,
``3-lane``, then the deck's cards), the player's *collection* of random
track cards (names and counts, base game and expansion) and whether the
expansion's extra cards are in use.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

__all__ = [
    "CHECKPOINT",
    "EXTRA_GROUPS",
    "GAME",
    "JUMP",
    "LEAD_CAR",
    "MAX_CARDS",
    "MAX_COPIES",
    "MAX_EXTRA",
    "MAX_NAME",
    "MAX_STYLES",
    "OPENING",
    "PATTERN",
    "RESERVED",
    "SETUP_CARDS",
    "SPECIALS",
    "START",
    "THREE_LANE",
    "TRAIL_CAR",
    "Collection",
    "Group",
    "RaceDeck",
    "ScoringStacks",
    "course_from_stacking",
    "group_sizes",
    "groups_of",
    "is_random",
    "scoring_stacks",
    "setup_cards",
    "stacking_order",
]

GAME = "rally"
"""The name a rally layout gives in its ``game`` key."""

START = "start"
THREE_LANE = "3-lane"
CHECKPOINT = "checkpoint"
JUMP = "jump"

OPENING = (START, THREE_LANE)
"""The two cards that open the course, before any card of the race deck."""

SPECIALS = (CHECKPOINT, JUMP)
"""The special cards set aside before the random track cards are shuffled."""

RESERVED = (*OPENING, *SPECIALS)
"""Card names with a meaning of their own; no random track card has them."""

PATTERN: tuple[tuple[str, int], ...] = (
    (CHECKPOINT, 2),
    (JUMP, 1),
    (CHECKPOINT, 2),
    (JUMP, 1),
    (CHECKPOINT, 3),
)
"""The race deck as the rules list it, bottom up: each special card and how
many random track cards are stacked on top of it (group 1 to group 5)."""

EXTRA_GROUPS = 4
"""With the expansion, the first four groups of the list may grow."""

MAX_EXTRA = 2
"""How many more random track cards each of those groups may take."""

SETUP_CARDS = 3
"""Cards turned over from the deck at setup, after the opening pair."""

LEAD_CAR = (5, 4, 3, 2, 1)
"""The blue Lead Car scoring stack from the top: "1" at the bottom, "5" on top."""

TRAIL_CAR = (9, 8, 7, 6, 5, 4, 3, 2, 1)
"""The green Trail Car scoring stack from the top: "1" at the bottom, "9" on top."""

MAX_CARDS = 200
"""The most cards a course may list (a real one has 16 to 24)."""

MAX_STYLES = 100
"""The most card names a collection may list."""

MAX_COPIES = 99
"""The most copies of one card a collection may hold."""

MAX_NAME = 40
"""The longest card name, in characters."""


def is_random(card: str) -> bool:
    """Whether ``card`` is a random track card: any card but the opening
    pair, Checkpoints and Jumps."""
    return card not in RESERVED


@dataclass(frozen=True)
class Collection:
    """The random track cards a player owns: ``base`` from the base game box,
    ``expansion`` from the expansion pack, each as ``(name, copies)`` pairs.
    A name may appear in both (the expansion adds copies of some styles)."""

    base: tuple[tuple[str, int], ...] = ()
    expansion: tuple[tuple[str, int], ...] = ()

    def held(self, expansion: bool) -> Counter[str]:
        """How many copies of each card are available: the base game's, plus
        the expansion's when it is in use."""
        counts: Counter[str] = Counter()
        for name, copies in (*self.base, *(self.expansion if expansion else ())):
            counts[name] += copies
        return counts

    def names(self) -> tuple[str, ...]:
        """Every card name, base game first, each once."""
        return tuple(dict.fromkeys(name for name, _ in (*self.base, *self.expansion)))

    def pool(self, expansion: bool) -> list[str]:
        """Every available card, one entry per copy, sorted by name so that
        a seeded shuffle of it is reproducible."""
        return sorted(self.held(expansion).elements())


@dataclass(frozen=True)
class RaceDeck:
    """One rally layout: the course in course order (``start``, ``3-lane``,
    then the race deck from its top card to its bottom card), the player's
    ``cards`` (``None`` when the file lists none) and whether the
    expansion's extra track cards are in use."""

    course: tuple[str, ...]
    cards: Collection | None = None
    expansion: bool = False
    name: str | None = None
    description: str | None = None
    game: str = field(default=GAME)

    def __len__(self) -> int:
        return len(self.course)

    @property
    def deck(self) -> tuple[str, ...]:
        """The race deck's cards in the order they come into play (top card
        first): the course after its opening pair."""
        return self.course[len(OPENING) :]

    def positions(self, card: str) -> tuple[int, ...]:
        """Where ``card`` lies in the course (0 is the Start card)."""
        return tuple(index for index, name in enumerate(self.course) if name == card)


def stacking_order(course: Sequence[str]) -> tuple[str, ...]:
    """The race deck of a course as it is built: bottom card first, each
    next card stacked face-down on top (the reverse of course order)."""
    return tuple(reversed(course[len(OPENING) :]))


def course_from_stacking(stack: Sequence[str]) -> tuple[str, ...]:
    """The course a race deck lays out, from its stacking order (bottom card
    first): the opening pair, then the deck from its top card down."""
    return (*OPENING, *reversed(stack))


def group_sizes(expansion: bool, extra: int = 0) -> tuple[tuple[int, int], ...]:
    """The smallest and largest size of each group of the pattern, bottom up:
    the listed size, and with the expansion up to ``extra`` more (at most
    :data:`MAX_EXTRA`) in each of the first :data:`EXTRA_GROUPS` groups."""
    more = min(extra, MAX_EXTRA) if expansion else 0
    return tuple(
        (size, size + (more if number < EXTRA_GROUPS else 0)) for number, (_, size) in enumerate(PATTERN)
    )


@dataclass(frozen=True)
class Group:
    """One line of the rules' list, as a course plays it: group ``number``
    (1 to 5, bottom up), the special card it stacks (``special``, at course
    position ``special_at``) and the random track cards stacked on top of it
    (their course positions, in course order: they come into play just
    before their special card)."""

    number: int
    special: str
    special_at: int
    cards: tuple[int, ...]


def groups_of(course: Sequence[str]) -> tuple[Group, ...] | None:
    """The five groups of a course whose special cards follow the pattern
    (Checkpoint, Jump, Checkpoint, Jump, Checkpoint bottom up), or ``None``
    when they do not.  Cards after the final Checkpoint belong to no group."""
    specials = [index for index in range(len(OPENING), len(course)) if course[index] in SPECIALS]
    if [course[index] for index in reversed(specials)] != [kind for kind, _ in PATTERN]:
        return None
    groups: list[Group] = []
    above = len(OPENING)
    for number, index in zip(range(len(PATTERN), 0, -1), specials):
        cards = tuple(i for i in range(above, index) if is_random(course[i]))
        groups.append(Group(number, course[index], index, cards))
        above = index + 1
    return tuple(reversed(groups))


def setup_cards(course: Sequence[str]) -> tuple[int, ...]:
    """The course positions on the table at setup: the opening pair and the
    first :data:`SETUP_CARDS` cards turned over from the deck."""
    return tuple(range(min(len(course), len(OPENING) + SETUP_CARDS)))


@dataclass(frozen=True)
class ScoringStacks:
    """The scoring cards waiting at one Checkpoint: ``number`` counts the
    Checkpoints in course order (1 is the first the cars reach), ``at`` is
    its course position; each stack is listed from its top card, the card
    the next car to cross takes."""

    number: int
    at: int
    lead_car: tuple[int, ...] = LEAD_CAR
    trail_car: tuple[int, ...] = TRAIL_CAR


def scoring_stacks(course: Sequence[str]) -> tuple[ScoringStacks, ...]:
    """One blue and one green stack beside each Checkpoint, placed when the
    Checkpoint card is added to the track."""
    checkpoints = [index for index, card in enumerate(course) if card == CHECKPOINT]
    return tuple(ScoringStacks(number, at) for number, at in enumerate(checkpoints, 1))
