"""A track's report card: how it plays for a field of expert drivers.

:func:`measure` races a layout twice through its game's ``simulate`` job
(:class:`~trackkit.game.Game`): ``races`` races of the layout's own field,
every car driven by the game's ``expert_driver``; then, to see how much
skill matters, races of two cars, the expert against a ``random`` driver.
From the figures it works out a :class:`Report`: race length and its
spread in turns and minutes, each grid slot's win rate, lead changes, the
round after which the race is decided, incidents and overtakes by corner,
the expert's win rate against the random driver (as if the two had
swapped grid slots evenly) and the difficulty rating
(:mod:`trackkit.difficulty`, the one generate's ``--difficulty`` uses:
:func:`hardness` reads it off a game's figures for both).  It knows no game: every game's figures
answer to the names of :class:`Figures`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from trackkit.difficulty import Hardness, band, incident_rate, pace_ratio, rating
from trackkit.game import Game
from trackkit.leads import Leads, decided_round, held_share
from trackkit.montecarlo import Z_95, Interval, quantile, wilson_interval
from trackkit.play import Progress, RaceRequest

__all__ = [
    "QUANTILES",
    "SKILL_SHARE",
    "SLOT_PRECISION",
    "Figures",
    "PageWords",
    "Place",
    "Report",
    "balanced_rate",
    "default_races",
    "field_size",
    "hardness",
    "laps_words",
    "measure",
    "skill_races",
]

SLOT_PRECISION = 0.06
"""How close a grid slot's win rate is to be known by default: a report
plays enough races of the field for the 95 % interval of a slot winning
its even share to reach no further than this either side, by the normal
approximation (the Wilson interval the report prints reaches a little
further above, a little less below)."""

FIELD_UNKNOWN = 4
"""The field a default number of races is sized for when the game does not
say how many cars a layout races (the rally game: four players)."""

SKILL_SHARE = 4
"""The head-to-head of the expert and a random driver plays a quarter as
many races as the field (at least one): a random driver's races are the
slow ones."""

QUANTILES = (0.1, 0.5, 0.9)
"""The shares of races whose length a report gives."""

RIVAL = "random"
"""The driver the expert is measured against."""


class Figures(Protocol):
    """What a report reads of a game's simulation figures, by the same
    names in every game."""

    @property
    def races(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def lengths(self) -> tuple[int, ...]: ...
    @property
    def unfinished(self) -> int: ...
    @property
    def leads(self) -> Leads: ...
    @property
    def length_unit(self) -> str: ...
    @property
    def cars(self) -> int: ...
    @property
    def laps(self) -> int: ...
    @property
    def slot_wins(self) -> tuple[int, ...]: ...
    @property
    def seconds_per_move(self) -> int: ...
    @property
    def incidents(self) -> tuple[int, ...]: ...
    @property
    def overtakes(self) -> tuple[int, ...]: ...
    @property
    def incident(self) -> str: ...
    @property
    def overtake(self) -> str: ...
    @property
    def vehicles(self) -> str: ...
    def place_label(self, index: int) -> str: ...


@dataclass(frozen=True)
class Place:
    """One corner (tile, card) of the track: its ``label`` and ``index``
    among the figures, and its incidents and overtakes a race."""

    index: int
    label: str
    incidents: float
    overtakes: float


@dataclass(frozen=True)
class Report:
    """A track's report card (see the module's docstring and docs/report.md).

    ``facts`` are the lines of the game's own description of the layout
    (``tiles``, ``corners``, ``size``...); lengths are in ``unit`` (turns
    or rounds), minutes at ``seconds_per_move`` a car's turn; ``slots``
    give each grid slot's win rate; ``lead_changes`` the mean a race and
    its 10/50/90 % quantiles; ``decided`` the first round whose leader
    wins at least :data:`~trackkit.leads.DECIDED_SHARE` of races, with
    ``decided_rate`` the share that leader won (``None`` if never);
    ``skill`` the expert's win rate against a random driver over
    ``skill_races`` two-car races; ``hardness`` what the difficulty rating
    reads; ``figures`` the field's simulation figures, for the drawing."""

    game: str
    title: str
    name: str | None
    facts: tuple[tuple[str, str], ...]
    info: dict[str, Any]
    expert: str
    races: int
    cars: int
    laps: int
    seed: int
    vehicles: str
    unit: str
    seconds_per_move: int
    mean_length: float
    lengths: tuple[int, int, int]
    unfinished: int
    slots: tuple[Interval, ...]
    lead_changes: float
    changes: tuple[int, int, int]
    decided: int | None
    decided_rate: Interval | None
    incident: str
    overtake: str
    places: tuple[Place, ...]
    skill: Interval
    skill_races: int
    hardness: Hardness
    figures: Any

    def minutes(self, length: float) -> float:
        """A race of ``length`` rounds, every car's turn at the game's pace, in minutes."""
        return length * self.cars * self.seconds_per_move / 60

    @property
    def difficulty(self) -> float:
        """The rating from 0 to 10 (see :mod:`trackkit.difficulty`)."""
        return rating(self.hardness)

    @property
    def band(self) -> str:
        """The rating's word: ``easy``, ``medium`` or ``hard``."""
        return band(self.difficulty)


@dataclass(frozen=True)
class PageWords:
    """The words a report's page prints, worded by the text report: the
    line under the title, the facts beside the drawing, how the track plays
    (each a heading and its lines) and the lines explaining the rating."""

    field: str
    facts: tuple[str, tuple[str, ...]]
    plays: tuple[str, tuple[str, ...]]
    scale: tuple[str, ...]


def laps_words(laps: int) -> str:
    """``3 laps``, ``1 lap``."""
    return f"{laps} lap" if laps == 1 else f"{laps} laps"


def default_races(cars: int) -> int:
    """The races a report plays of a field of ``cars`` unless asked: the
    fewest, in tens, for the 95 % interval of a slot winning its even share
    to reach at most :data:`SLOT_PRECISION` either side, by the normal
    approximation: four cars 210, six 150, eight 120.  Bigger fields race
    longer, so the work stays about the same."""
    even = 1 / max(2, cars)
    needed = Z_95**2 * even * (1 - even) / SLOT_PRECISION**2
    return 10 * math.ceil(needed / 10)


def field_size(game: Game, layout: Any) -> int:
    """The cars ``layout`` races by its game's own account (:data:`FIELD_UNKNOWN`
    when the game gives none)."""
    if game.record_pace is None:
        return FIELD_UNKNOWN
    return game.record_pace.size(layout)[1]


def skill_races(races: int) -> int:
    """How many two-car races the head-to-head plays beside ``races`` of the field."""
    return max(1, races // SKILL_SHARE)


def measure(
    game: Game,
    layout: Any,
    *,
    races: int | None = None,
    seed: int,
    workers: int = 1,
    progress: Progress | None = None,
) -> Report:
    """Race ``layout`` (a layout of ``game``, whose ``simulate`` job plays
    it) and work out its report; ``progress`` hears of both runs as one.
    ``races`` defaults to :func:`default_races` of the layout's field."""
    assert game.simulate is not None, "a report needs a game with races"
    races = default_races(field_size(game, layout)) if races is None else races
    head_to_head = skill_races(races)
    told = _told(progress, races + head_to_head)
    expert = game.expert_driver
    field = game.simulate(layout, RaceRequest(expert, seed, races=races, workers=workers), told(0))
    duel = RaceRequest(f"{expert},{RIVAL}", seed, cars=2, races=head_to_head, workers=workers)
    pair = game.simulate(layout, duel, told(races))
    return _report(game, layout, field, balanced_rate(pair.leads, expert), head_to_head)


def hardness(game: Game, layout: Any, field: Figures) -> Hardness:
    """What the difficulty rating reads off the ``field``'s figures on
    ``layout``: the pace against the game's slow pace (none for a game that
    states none), incidents per car per lap and the spread of race lengths."""
    pace = None
    if game.record_pace is not None:
        lap_length = game.record_pace.size(layout)[0]
        pace = pace_ratio(lap_length, field.laps, _mean(field.lengths), game.record_pace.advance)
    incidents = incident_rate(sum(field.incidents), field.races, field.cars, field.laps)
    return Hardness(pace, incidents, _spread(_quantiles(field.lengths)))


def _mean(lengths: Sequence[int]) -> float:
    return sum(lengths) / len(lengths) if lengths else 0.0


def _spread(lengths: tuple[int, int, int]) -> float:
    """The 90 % length less the 10 % one, over the median."""
    low, middle, high = lengths
    return (high - low) / middle if middle else 0.0


def _told(progress: Progress | None, total: int) -> Any:
    """For a run starting after ``done`` races of ``total``: the progress
    it reports, counted into the whole."""

    def starting(done: int) -> Progress | None:
        if progress is None:
            return None
        reported = progress
        return lambda finished, _: reported(done + finished, total)

    return starting


def _report(game: Game, layout: Any, field: Figures, skill: Interval, head_to_head: int) -> Report:
    """The report of the ``field``'s figures and the expert's ``skill``."""
    lengths = field.lengths
    leads = field.leads
    decided = decided_round(leads)
    rate = None if decided is None else wilson_interval(*held_share(leads, decided))
    played = max(1, field.races)
    return Report(
        game=game.name,
        title=game.title,
        name=getattr(layout, "name", None),
        facts=facts_of(game.info_text(layout)),
        info=game.info_json(layout),
        expert=game.expert_driver,
        races=field.races,
        cars=field.cars,
        laps=field.laps,
        seed=field.seed,
        vehicles=field.vehicles,
        unit=field.length_unit,
        seconds_per_move=field.seconds_per_move,
        mean_length=_mean(lengths),
        lengths=_quantiles(lengths),
        unfinished=field.unfinished,
        slots=tuple(wilson_interval(wins, played) for wins in field.slot_wins),
        lead_changes=leads.mean_changes,
        changes=_quantiles(leads.changes),
        decided=decided,
        decided_rate=rate,
        incident=field.incident,
        overtake=field.overtake,
        places=_places(field),
        skill=skill,
        skill_races=head_to_head,
        hardness=hardness(game, layout, field),
        figures=field,
    )


def _quantiles(ordered: Sequence[int]) -> tuple[int, int, int]:
    low, middle, high = (quantile(ordered, share) for share in QUANTILES)
    return low, middle, high


def _places(field: Figures) -> tuple[Place, ...]:
    """Each corner where anything happened, with its counts a race."""
    played = max(1, field.races)
    return tuple(
        Place(index, field.place_label(index), incidents / played, overtakes / played)
        for index, (incidents, overtakes) in enumerate(zip(field.incidents, field.overtakes))
        if incidents or overtakes
    )


def facts_of(description: str) -> tuple[tuple[str, str], ...]:
    """The ``key: value`` lines a game's description of a layout starts
    its lines with (its name and game left out: the report's title names
    them; a heading with nothing after its colon too)."""
    facts = []
    for line in description.splitlines():
        key, colon, value = line.partition(":")
        if colon and key and not key[0].isspace() and value.strip() and key.strip() not in ("name", "game"):
            facts.append((key.strip(), value.strip()))
    return tuple(facts)


def balanced_rate(leads: Leads, driver: str) -> Interval:
    """The win rate of ``driver`` as if it had started from each grid slot
    equally often: the mean of its win rates slot by slot over the slots it
    started from, and the mean of their 95 % intervals (Wilson's)."""
    wins, starts = leads.slot_wins.get(driver, ()), leads.slot_starts.get(driver, ())
    rates = [wilson_interval(won, started) for won, started in zip(wins, starts) if started]
    if not rates:
        return Interval(0.0, 0.0, 1.0)
    count = len(rates)
    return Interval(
        sum(rate.rate for rate in rates) / count,
        sum(rate.low for rate in rates) / count,
        sum(rate.high for rate in rates) / count,
    )

