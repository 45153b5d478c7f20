"""A track's report card as text or JSON: ``trackkit report --format text|json``.

The figures are a :class:`~trackkit.report.Report` (see
:mod:`trackkit.report.card`); this module only words them, the same for
every game: the game's own facts about the layout, then how it plays for
a field of expert drivers, the win rate by grid slot, incidents and
overtakes by corner, and the difficulty rating with its scale.
"""

from __future__ import annotations

from typing import Any

from trackkit.difficulty import BANDS, WEIGHTS
from trackkit.leads import DECIDED_SHARE
from trackkit.montecarlo import Interval
from trackkit.report import PageWords, Report, laps_words
from trackkit.report.card import QUANTILES
from trackkit.simulation_words import interval_json, percent

__all__ = [
    "page_words",
    "report_json",
    "report_lines",
    "report_text",
    "scale_words",
]


def report_text(report: Report) -> str:
    """The report card as the lines a person reads in a terminal."""
    return "\n".join(report_lines(report))


def report_lines(report: Report) -> list[str]:
    """Every line of the text report (the page prints them too)."""
    lines = [*_heading(report), "", "The track"]
    width = max((len(key) for key, _ in report.facts), default=0) + 1
    lines += [f"  {key + ':':<{width}}  {value}" for key, value in report.facts]
    lines += ["", "How it plays", *(f"  {line}" for line in play_lines(report))]
    lines += ["", *_slot_lines(report), "", *_place_lines(report), "", *difficulty_lines(report)]
    return lines


def _heading(report: Report) -> list[str]:
    name = report.name or "Track"
    return [
        f"{name}: track report ({report.title})",
        f"{report.races:,} races of {report.cars} {report.vehicles} over {laps_words(report.laps)},"
        f" every one driven by the {report.expert} driver; seed {report.seed}",
    ]


def play_lines(report: Report) -> list[str]:
    """Race length, lead changes, when a race is decided, how much skill matters."""
    low, _, high = report.lengths
    unit = report.unit
    lines = [
        f"race length: {report.mean_length:.1f} {unit} on average;"
        f" {_within(report.lengths)} {unit}",
        f"  about {_minutes(report.minutes(report.mean_length))} minutes"
        f" ({_minutes(report.minutes(low))} to {_minutes(report.minutes(high))})"
        f" at {report.seconds_per_move} s a move",
        f"lead changes: {report.lead_changes:.1f} a race on average; {_within(report.changes)}",
        decided_words(report),
        f"skill: the {report.expert} driver beats a random one {rate_words(report.skill)}"
        f" ({report.skill_races:,} two-car race{'' if report.skill_races == 1 else 's'},"
        " the two grid slots weighed alike)",
    ]
    if report.unfinished:
        lines.append(f"{report.unfinished:,} races stopped unfinished")
    return lines


def _minutes(minutes: float) -> str:
    """Minutes to the minute, or to a tenth under ten."""
    return f"{minutes:.0f}" if minutes >= 10 else f"{minutes:.1f}"


def rate_words(rate: Interval) -> str:
    """``80.0 % (68.2 to 88.2)``: a rate and its 95 % interval."""
    return f"{100 * rate.rate:.1f} % ({100 * rate.low:.1f} to {100 * rate.high:.1f})"


def _within(values: tuple[int, int, int]) -> str:
    """``10 % within 38, 50 % within 39, 90 % within 40``."""
    return ", ".join(f"{round(100 * share)} % within {value}" for share, value in zip(QUANTILES, values))


def decided_words(report: Report) -> str:
    """When the race is decided, in words."""
    share = f"{100 * DECIDED_SHARE:.0f} %"
    if report.decided is None or report.decided_rate is None:
        return f"decided: never; no round's leader won {share} of the races"
    median = report.lengths[1]
    return (
        f"decided: after round {report.decided} of {median} (median);"
        f" that round's leader won {rate_words(report.decided_rate)}"
    )


def _slot_lines(report: Report) -> list[str]:
    lines = ["grid slot  win rate (95 % interval)"]
    for slot, rate in enumerate(report.slots):
        label = f"{slot + 1}" + (" (pole)" if slot == 0 else "")
        lines.append(f"{label:<9}  {percent(rate)}")
    return lines


def _place_lines(report: Report) -> list[str]:
    incident, overtake = f"{report.incident} a race", f"{report.overtake} a race"
    width = max(9, *(len(place.label) for place in report.places)) if report.places else 9
    lines = [f"{'where':<{width}}  {incident:>{len(incident)}}  {overtake}"]
    for place in report.places:
        counts = f"{place.incidents:>{len(incident)}.2f}  {place.overtakes:>{len(overtake)}.2f}"
        lines.append(f"{place.label:<{width}}  {counts}")
    if not report.places:
        lines.append("(nothing happened anywhere)")
    return lines


def difficulty_lines(report: Report) -> list[str]:
    """The rating, what it weighs, and its scale."""
    hardness = report.hardness
    pace = "not stated by the game"
    if hardness.pace is not None:
        pace = f"{hardness.pace:.2f} of the game's slow pace"
    parts = (
        f"pace {pace}",
        f"incidents {hardness.incidents_per_lap:.2f} per car per lap",
        f"spread of lengths {hardness.spread:.2f}",
    )
    weighed = "; ".join(
        f"{part} ({'left out' if share is None else f'share {share:.2f} x {weight}'})"
        for part, share, weight in zip(parts, hardness.shares(), WEIGHTS)
    )
    rating = f"difficulty: {report.difficulty:.1f} of 10 ({report.band})"
    return [rating, f"  {weighed}", f"  {scale_words()}"]


def scale_words() -> str:
    """The scale of the rating in words."""
    low = 0.0
    steps = []
    for top, word in BANDS:
        steps.append(f"{low:g} to {top:.1f} {word}")
        low = round(top, 1)
    return "scale: " + ", ".join(steps)


def page_words(report: Report) -> PageWords:
    """The words a report's page prints: the line under its title, the
    facts beside the drawing, how it plays under it, and the lines
    explaining the rating."""
    facts = tuple(f"{key}: {value}" for key, value in report.facts)
    return PageWords(
        f"{report.title}: {_heading(report)[1]}",
        ("The track", facts),
        ("How it plays", tuple(play_lines(report))),
        tuple(difficulty_lines(report)[1:]),
    )


def report_json(report: Report) -> dict[str, Any]:
    """Every figure of the report, for a program."""
    hardness = report.hardness
    return {
        "name": report.name,
        "game": report.game,
        "seed": report.seed,
        "races": report.races,
        "cars": report.cars,
        "laps": report.laps,
        "expert": report.expert,
        "facts": report.info,
        "length": _length_json(report),
        "grid": [{"slot": slot + 1, **interval_json(rate)} for slot, rate in enumerate(report.slots)],
        "lead_changes": {"mean": round(report.lead_changes, 4), "quantiles": _quantiles_json(report.changes)},
        "decided": _decided_json(report.decided, report.decided_rate),
        "incident": report.incident,
        "overtake": report.overtake,
        "corners": [
            {
                "where": place.label,
                "index": place.index,
                "incidents_per_race": round(place.incidents, 4),
                "overtakes_per_race": round(place.overtakes, 4),
            }
            for place in report.places
        ],
        "skill": {"against": "random", "races": report.skill_races, **interval_json(report.skill)},
        "difficulty": {
            "rating": report.difficulty,
            "band": report.band,
            "pace": None if hardness.pace is None else round(hardness.pace, 4),
            "incidents_per_car_lap": round(hardness.incidents_per_lap, 4),
            "spread": round(hardness.spread, 4),
            "shares": [None if share is None else round(share, 4) for share in hardness.shares()],
            "weights": list(WEIGHTS),
        },
    }


def _quantiles_json(values: tuple[int, int, int]) -> dict[str, int]:
    return {f"{round(100 * share)}%": value for share, value in zip(QUANTILES, values)}


def _length_json(report: Report) -> dict[str, Any]:
    return {
        "unit": report.unit,
        "mean": round(report.mean_length, 4),
        "quantiles": _quantiles_json(report.lengths),
        "mean_minutes": round(report.minutes(report.mean_length), 1),
        "seconds_per_move": report.seconds_per_move,
        "unfinished": report.unfinished,
    }


def _decided_json(decided: int | None, rate: Interval | None) -> dict[str, Any] | None:
    if decided is None or rate is None:
        return None
    return {"round": decided, "share": DECIDED_SHARE, "leader_won": interval_json(rate)}
