"""Work a fuzzed input asks for in so many words: a ``simulate`` of many races.

``simulate --races N`` is honest work in proportion to ``N``: a thousand
races of Figure 1 take some thirty processor seconds, with a bar showing
the time left, and the README's Limits allow up to a million.  A hostile
count such as ``1_000`` is a whole number Python reads, so the campaign's
``simulate`` mode sometimes asks for a thousand races.  Such an input is
held to the time the races asked for allow (:data:`SECONDS_A_RACE` each,
besides the usual limit) instead of the flat limit, and counted apart.
"""

from __future__ import annotations

from collections.abc import Sequence

from trackkit import games
from trackkit.fuzz.drivers import game_of, input_rng
from trackkit.fuzz.options import simulate_options

__all__ = ["ORDINARY_RACES", "SECONDS_A_RACE", "races_asked", "simulate_command"]

SECONDS_A_RACE = 0.1
"""Processor seconds a race may take in a long simulation: Figure 1's
races take about 0.04 s each, a long track's more."""

ORDINARY_RACES = 3
"""The most races the campaign's ``simulate`` mode asks for with an
ordinary value; more is work asked for."""


def simulate_command(data: bytes, file: str) -> list[str]:
    """The ``simulate`` command the campaign's options mode makes from the
    input's bytes (the same one the child ran), with ``file`` as the layout."""
    game = game_of(data.decode("utf-8", "replace"), sorted(games.GAMES))
    return simulate_options(input_rng(data), file, game)


def races_asked(args: Sequence[str]) -> int | None:
    """The number of races ``args`` ask for, when it is a whole number more
    than :data:`ORDINARY_RACES` that ``simulate`` takes (``None`` else)."""
    if "--races" not in args[:-1]:
        return None
    value = args[list(args).index("--races") + 1]
    try:
        races = int(value)
    except ValueError:
        return None
    return races if ORDINARY_RACES < races <= 1_000_000 else None
