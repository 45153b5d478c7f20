"""``trackkit report``: a track's report card, for any game with races.

:mod:`trackkit.report.card` races a layout through its game and works out
the figures (:func:`~trackkit.report.card.measure` gives a
:class:`~trackkit.report.card.Report`); :mod:`trackkit.report.rating`
turns them into one difficulty rating.  The package stands just above
:mod:`trackkit.game`, beside :mod:`trackkit.hints`: it reaches a game only
through its :class:`~trackkit.game.Game`, so a game's own generator may
measure its layouts with it too.
"""

from trackkit.report.card import (
    DEFAULT_RACES,
    PageWords,
    Place,
    Report,
    balanced_rate,
    laps_words,
    measure,
    skill_races,
)
from trackkit.report.rating import Hardness, band, difficulty

__all__ = [
    "DEFAULT_RACES",
    "Hardness",
    "PageWords",
    "Place",
    "Report",
    "balanced_rate",
    "band",
    "difficulty",
    "laps_words",
    "measure",
    "skill_races",
]
