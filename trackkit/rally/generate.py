"""Shuffling a collection into a legal race deck.

The generator does what the rules tell the players to do: set the special
cards aside, shuffle the random track cards face-down (a fair shuffle of
every available copy, so each ordering of the cards is equally likely), then
stack the deck bottom up: each special card of the pattern, then the next
random track cards from the shuffled pile on top of it.  Cards left in the
pile are not used.  Every deck is checked against the rules before it is
returned.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from trackkit.errors import ArgumentError, GenerationError
from trackkit.generation import Generated, Progress
from trackkit.rally.deck import (
    EXTRA_GROUPS,
    MAX_EXTRA,
    PATTERN,
    Collection,
    RaceDeck,
    course_from_stacking,
    group_sizes,
)
from trackkit.rally.rules import validate
from trackkit.randomness import Seed, draw_many, make_rng

if TYPE_CHECKING:
    from trackkit.rally.game import GenerateRequest

__all__ = [
    "MAX_DECKS", "NO_DEFAULT", "DeckRequest", "generate_deck", "generate_decks", "make_decks", "settle_decks",
]

MAX_DECKS = 1000
"""The most decks one request makes."""


@dataclass(frozen=True)
class DeckRequest:
    """What a generated deck must be: built from ``cards``, with or without
    the expansion's cards, and with ``extra`` more random track cards in
    each of the first :data:`~trackkit.rally.deck.EXTRA_GROUPS` groups
    (expansion only)."""

    cards: Collection
    expansion: bool = False
    extra: int = 0

    @property
    def sizes(self) -> tuple[int, ...]:
        """How many random track cards each group takes, bottom up."""
        return tuple(high for _, high in group_sizes(self.expansion, self.extra))

    def settled(self) -> None:
        """Raise :class:`~trackkit.errors.ArgumentError` for an ``extra``
        the rules do not allow, and :class:`~trackkit.errors.GenerationError`
        when the collection holds too few cards for the deck."""
        if not 0 <= self.extra <= MAX_EXTRA:
            raise ArgumentError(f"must be from 0 to {MAX_EXTRA}, not {self.extra}", parameter="extra")
        if self.extra and not self.expansion:
            raise ArgumentError(
                f"adds cards to the first {EXTRA_GROUPS} groups only with the expansion; add --expansion",
                parameter="extra",
            )
        needed, held = sum(self.sizes), len(self.cards.pool(self.expansion))
        if held < needed:
            where = "" if self.expansion or not self.cards.expansion else " without the expansion"
            raise GenerationError(
                f"the collection holds {held} random track cards{where}; this deck needs {needed}"
            )


def generate_deck(request: DeckRequest, seed: Seed = None) -> RaceDeck:
    """One legal race deck, shuffled from the request's collection.

    The same request and seed always give the same deck.  Raises as
    :meth:`DeckRequest.settled` does.
    """
    request.settled()
    rng = make_rng(seed)
    pile = request.cards.pool(request.expansion)
    rng.shuffle(pile)
    stack: list[str] = []
    for (special, _), size in zip(PATTERN, request.sizes):
        stack.append(special)
        stack.extend(pile[:size])
        del pile[:size]
    deck = RaceDeck(course_from_stacking(stack), request.cards, request.expansion)
    report = validate(deck)
    if not report.valid:  # the construction above follows every rule
        raise GenerationError(f"generated an illegal deck: {report.errors[0].message}")
    return deck


def generate_decks(
    request: DeckRequest,
    seed: Seed = None,
    count: int = 1,
    track_progress: Callable[[int, int], None] | None = None,
) -> list[RaceDeck]:
    """``count`` decks from one random stream: the same seed gives the same
    decks in the same order.  ``track_progress(done, count)`` is called
    after each deck."""
    if not 1 <= count <= MAX_DECKS:
        raise ArgumentError(f"must be from 1 to {MAX_DECKS}, not {count}", parameter="count")
    rng = make_rng(seed)
    return draw_many(lambda: generate_deck(request, rng), count, track_progress)


# --- trackkit generate rally -----------------------------------------------------

NO_DEFAULT = (
    "generate rally needs --cards FILE: the rules do not list the track cards, so there is no default"
    " collection; give a file with 'cards: {base: {NAME: COPIES, ...}}' (a rally layout will do)"
)
"""Why ``generate rally`` wants ``--cards``."""


def settle_decks(options: GenerateRequest) -> DeckRequest:
    """The generator's request for the options typed: the collection read
    from ``--cards``.  Raises :class:`ArgumentError` without one (the rules
    list no cards to fall back on) or for a request no deck can meet, and
    :class:`~trackkit.errors.LayoutError` for a file that does not read."""
    from trackkit.rally.formats.deck_file import load_collection

    if options.cards is None:
        raise ArgumentError(NO_DEFAULT)
    request = DeckRequest(load_collection(options.cards), options.expansion, options.extra)
    request.settled()
    return request


def make_decks(request: DeckRequest, seed: int, count: int, progress: Progress) -> Generated:
    """``count`` race decks for ``request`` from ``seed``, with the line
    saying what the collection held."""
    from trackkit.rally.formats.info import generated_line

    decks = generate_decks(request, seed=seed, count=count, track_progress=progress.tracks)
    return Generated(decks, generated_line(request.cards, decks[0]))
