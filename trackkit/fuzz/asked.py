"""Work a fuzzed input asks for in so many words: a ``simulate`` of many
races, or a ``generate`` with targets that races its candidates.

``simulate --races N`` is honest work in proportion to ``N``: a thousand
races of Figure 1 take some thirty processor seconds, with a bar showing
the time left, and the README's Limits allow up to a million.  A hostile
count such as ``1_000`` is a whole number Python reads, so the campaign's
``simulate`` mode sometimes asks for a thousand races.  Such an input is
held to the time the races asked for allow (:data:`SECONDS_A_RACE` each,
besides the usual limit) instead of the flat limit, and counted apart.

``generate --count N`` is work in proportion to ``N`` (the README's Limits),
each track after the first allowed :data:`TRACK_RACES` races' time
(:func:`tracks_asked`).  ``generate --fair``, ``--minutes`` and ``--difficulty`` are races asked for
too: each track wanted may race up to ``TARGET_DRAWS`` candidates
``TARGET_RACES`` times before the command gives up, with a bar, so such an
input is held to the time those races allow (:func:`target_races_asked`).

``render --paper`` (and the editor's export of pages) is work in
proportion to the pages it prints (the
README's Limits: the 43 A4 pages of a 184-tile loop take some six
seconds), each page allowed :data:`PAGE_RACES` races' time
(:func:`pages_asked`).  The pages are counted only for a render that went
over the usual limit, after it ran: counting them draws the picture.
"""

from __future__ import annotations

from collections.abc import Sequence

from trackkit import games
from trackkit.api.generated import MAX_GENERATED
from trackkit.api.targets import MAX_TARGET_TRACKS, TARGET_DRAWS, TARGET_RACES
from trackkit.errors import TrackkitError
from trackkit.fuzz.commands import EDIT_EXPORT, GENERATE, SIMULATE, command_line
from trackkit.fuzz.drivers import game_of, generate_options, input_rng
from trackkit.fuzz.options import simulate_options
from trackkit.montecarlo import MAX_RACES
from trackkit.picture.paper import PAPERS, get_paper
from trackkit.render.options import RenderOptions

__all__ = [
    "ORDINARY_RACES", "PAGE_RACES", "SECONDS_A_RACE", "TARGET_OPTIONS", "TRACK_RACES", "generate_command",
    "pages_asked", "races_asked", "races_asked_by", "simulate_command", "target_races_asked", "tracks_asked",
]

TARGET_OPTIONS = ("--fair", "--minutes", "--difficulty")
"""The options of ``generate`` that race every candidate track."""

SECONDS_A_RACE = 0.1
"""Processor seconds a race may take in a long simulation: Figure 1's
races take about 0.04 s each, a long track's more."""

TRACK_RACES = 10
"""A track ``generate --count`` asks for beyond the first, counted as this
many races of allowance: drawing one may take about a second (a Motocross
course of 48 tiles turning on 24 of them takes half of one, and its
400,000 draws about a second), ten races' :data:`SECONDS_A_RACE`."""

PAGE_RACES = 2
"""A page ``render --paper`` prints, counted as this many races of
allowance: a fifth of a second, so the 43 A4 pages of the README's Limits
are allowed some ten seconds, as the issue of hostile input asks."""

ORDINARY_RACES = 3
"""The most races the campaign's ``simulate`` mode asks for with an
ordinary value; more is work asked for."""


def simulate_command(data: bytes, file: str) -> list[str]:
    """The ``simulate`` command the campaign's options mode makes from the
    input's bytes (the same one the child ran), with ``file`` as the layout."""
    game = game_of(data.decode("utf-8", "replace"), sorted(games.GAMES))
    return simulate_options(input_rng(data), file, game)


def generate_command(data: bytes) -> list[str]:
    """The ``generate`` command the campaign's options mode makes from the
    input's bytes (the same one the child ran)."""
    game = game_of(data.decode("utf-8", "replace"), sorted(games.GAMES))
    return generate_options(input_rng(data), command_line(), game)


def races_asked_by(mode: str, data: bytes) -> tuple[list[str], int | None]:
    """The command a driven ``mode`` (``simulate`` or ``generate`` options)
    makes from ``data``, and the races it asks for when they are more than
    ordinary work (``None`` else, and for any other mode)."""
    if mode == SIMULATE:
        made = simulate_command(data, "FILE")
        return made, races_asked(made)
    if mode == GENERATE:
        made = generate_command(data)
        return made, target_races_asked(made) or tracks_asked(made)
    return [], None


def pages_asked(args: Sequence[str], text: str) -> int | None:
    """A ``render --paper`` of the layout ``text``, or the editor's export
    of its pages, as races of allowance:
    :data:`PAGE_RACES` for each page it prints, the page map included
    (``None`` for any other command, and for a layout that cannot be read
    or printed)."""
    paper = _paper_of(args)
    if paper is None:
        return None
    try:
        layout = games.loads(text).layout
        counter = games.find_game(layout.game).count_pages
        pages = None if counter is None else counter(layout, RenderOptions(true_size=True), get_paper(paper))
    except TrackkitError:
        return None
    return None if pages is None else pages * PAGE_RACES


def _paper_of(args: Sequence[str]) -> str | None:
    """The paper a ``render --paper`` or an export of the editor's pages
    prints on (``None`` for any other command)."""
    if args and args[0] == "render" and "--paper" in args[:-1]:
        return args[list(args).index("--paper") + 1]
    if len(args) == 2 and args[0] == EDIT_EXPORT and args[1] in PAPERS:
        return args[1]
    return None


def tracks_asked(args: Sequence[str]) -> int | None:
    """A ``generate --count N`` of more than one track as races of
    allowance: :data:`TRACK_RACES` for each track after the first (``None``
    for one track, or a count that is not a whole number ``generate`` takes)."""
    tracks = _whole_value(args, "--count")
    return (tracks - 1) * TRACK_RACES if tracks is not None and 1 < tracks <= MAX_GENERATED else None


def target_races_asked(args: Sequence[str]) -> int | None:
    """The races a ``generate`` with targets may run before it gives up:
    for each track asked (``--count``, up to ``MAX_TARGET_TRACKS``), up to
    ``TARGET_DRAWS`` candidates raced ``TARGET_RACES`` times (``None`` when
    no target is asked or the count is not one ``generate`` takes)."""
    if not any(option in args for option in TARGET_OPTIONS):
        return None
    tracks = _whole_value(args, "--count", absent=1)
    if tracks is None or not 1 <= tracks <= MAX_TARGET_TRACKS:
        return None
    return tracks * TARGET_DRAWS * TARGET_RACES


def races_asked(args: Sequence[str]) -> int | None:
    """The number of races ``args`` ask for, when it is a whole number more
    than :data:`ORDINARY_RACES` that ``simulate`` takes (``None`` else)."""
    races = _whole_value(args, "--races")
    return races if races is not None and ORDINARY_RACES < races <= MAX_RACES else None


def _whole_value(args: Sequence[str], option: str, absent: int | None = None) -> int | None:
    """The whole number ``args`` give ``option`` (``1_000`` reads as a
    thousand, as the command line reads it); ``absent`` when the option is
    not given, ``None`` when its value is not a whole number."""
    if option not in args[:-1]:
        return absent
    try:
        return int(args[list(args).index(option) + 1])
    except ValueError:
        return None
