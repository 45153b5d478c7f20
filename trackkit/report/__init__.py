"""``trackkit report``: a track's report card, for any game with races.

:mod:`trackkit.report.card` races a layout through its game and works out
the figures (:func:`~trackkit.report.card.measure` gives a
:class:`~trackkit.report.card.Report`), whose difficulty rating is
:mod:`trackkit.difficulty`'s, the one ``generate --difficulty`` keeps to.  The package stands just above
:mod:`trackkit.game`, beside :mod:`trackkit.hints`: it reaches a game only
through its :class:`~trackkit.game.Game`, so a game's own generator may
measure its layouts with it too.
"""

from trackkit.report.card import (
    PageWords,
    Place,
    Report,
    balanced_rate,
    default_races,
    field_size,
    hardness,
    laps_words,
    measure,
    skill_races,
)

__all__ = [
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
