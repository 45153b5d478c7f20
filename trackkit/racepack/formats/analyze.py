"""``trackkit analyze`` output: how a track plays, as text or JSON.

The figures come from :func:`trackkit.racepack.movement.analysis.analyze`;
every count is in turns of one car alone (a turn is three movements).  The
text quotes the rulebook's advice on race length next to the figures.
"""

from __future__ import annotations

from typing import Any

from trackkit.racepack.layout import Layout
from trackkit.racepack.movement.analysis import CornerPlay, LineMove, PolicyRepeat, PolicyStep, TrackPlay

__all__ = [
    "RULEBOOK_LENGTHS",
    "analysis_json",
    "analysis_text",
    "policy_text",
]

RULEBOOK_LENGTHS = (
    '"40-120 minutes, depending on player count and race length"',
    '"The suggested race length for this track is three laps" (Figure 1)',
    '"Pit lanes are applicable in longer races, with 5 or more laps on a short course,'
    ' or 3-6 laps on a long course"',
    '"longer tracks also mean longer races with fewer laps"',
)
"""What the rulebook says about how long a race should be."""


def _expected(value: float) -> float:
    return round(value, 2)


def analysis_json(play: TrackPlay) -> dict[str, Any]:
    """Every figure of ``play``, with the racing line space by space, and
    the risk-taking policy place by place when it was worked out."""
    return {
        "name": play.name,
        "tiles": play.tiles,
        "laps": play.laps,
        "hazards": play.hazards,
        "safe": {
            "flying_lap": play.safe_flying,
            "average_lap": None if play.safe_average is None else _expected(play.safe_average),
            "first_lap": play.safe_first,
            "race": play.safe_race,
        },
        "risky": {
            "expected_race": _expected(play.risky_expected_race),
            "expected_first_lap": _expected(play.risky_expected_first),
            "best_case_race": play.risky_best_race,
            "risked_corners": list(play.risky_corners),
        },
        "tokens": {"race": play.token_race, "saving": play.token_saving},
        "pit_lap": play.pit_lap,
        "corners": [_corner_json(corner) for corner in play.corners],
        "target": (
            None
            if play.target_turns is None
            else {"turns": play.target_turns, "laps": play.recommended_laps, "race": play.recommended_turns}
        ),
        "line": [[_move_json(move) for move in turn] for turn in play.line],
        **_policy_fields(play),
    }


def _policy_fields(play: TrackPlay) -> dict[str, Any]:
    """The risk-taking policy place by place, when it was asked for (``--plan``)."""
    if not play.policy:
        return {}
    return {
        "policy": [_policy_json(step) for step in play.policy],
        "policy_repeat": _repeat_json(play.policy_repeat),
    }


def _repeat_json(repeat: PolicyRepeat | None) -> dict[str, Any] | None:
    if repeat is None:
        return None
    return {
        "crossings": [repeat.first, repeat.last],
        "like": repeat.like,
        "turns_per_lap": round(repeat.turns_per_lap, 4),
    }


def _move_json(move: LineMove) -> dict[str, Any]:
    return {"kind": move.kind, "speed": move.speed, "spaces": [str(space) for space in move.spaces]}


def _policy_json(step: PolicyStep) -> dict[str, Any]:
    return {
        "crossings": step.crossings,
        "space": None if step.space is None else str(step.space),
        "heading": step.heading,
        "spun_at_corner": step.spun,
        "race_start": step.race_start,
        "expected_turns": round(step.expected, 4),
        "movements": [{**_move_json(move), "risks_corner": move.risks} for move in step.moves],
        "risks_corners": list(step.risks),
    }


def _corner_json(corner: CornerPlay) -> dict[str, Any]:
    return {
        "number": corner.number,
        "tile": corner.tile,
        "turn": corner.turn,
        "safe_entry": corner.safe_entry,
        "risky_entry": corner.risky_entry,
        "turns_lost": corner.lost,
    }


def _turns(count: int) -> str:
    return f"{count} turn" if count == 1 else f"{count} turns"


def analysis_text(layout: Layout, play: TrackPlay) -> str:
    """The figures as a short report a designer can read."""
    title = layout.name or "Track"
    laps = f"{play.laps}-lap race"
    lines = [
        f"{title}: {play.tiles} tiles, {len(play.corners) or 'no'} corners, {play.laps} laps;"
        " one car alone, counted in turns of three movements",
    ]
    if play.hazards:
        lines.append(f"{play.hazards} hazards on the track, in effect from the second lap")
    lines += [
        "",
        "Fastest safe lap (every corner entered at speed 1)",
        f"  flying lap           {_turns(play.safe_flying)}{_average(play)}",
        f"  first lap from pole  {_turns(play.safe_first)}",
        f"  {laps:<19}  {_turns(play.safe_race)}",
        "",
        "Fastest risky lap (corners entered at speed 2 where it pays; a 5 on the penalty die spins out)",
        f"  expected {laps:<10}  {play.risky_expected_race:.2f} turns (best case {play.risky_best_race})",
        f"  expected first lap   {play.risky_expected_first:.2f} turns",
        f"  risks corners        {_numbers(play.risky_corners)}",
        "",
        f"Strategy tokens: the five tokens save {_turns(play.token_saving)} over the race"
        f" ({play.token_race} instead of {play.safe_race})",
    ]
    if play.pit_lap is not None:
        extra = play.pit_lap - play.safe_flying
        lines.append(f"Pit lane: a lap through the pits (speed 3) takes {_turns(play.pit_lap)}, {extra} more")
    if play.corners:
        lines += ["", "corner  turn  entry safe  entry risky  turns lost over the race"]
        lines += [
            f"{c.number:>6}  {c.turn:<4}  {c.safe_entry:>10}  {c.risky_entry:>11}  {c.lost:>24}"
            for c in play.corners
        ]
    lines += ["", f"Race length: {_turns(play.safe_race)} for {play.laps} laps (fastest safe driving)."]
    if play.target_turns is not None:
        lines.append(
            f"For a race of about {_turns(play.target_turns)}: {play.recommended_laps} laps"
            f" ({_turns(play.recommended_turns or 0)})."
        )
    lines.append("The rulebook on race length:")
    lines += [f"  {quote}" for quote in RULEBOOK_LENGTHS]
    return "\n".join(lines)


def _average(play: TrackPlay) -> str:
    if play.safe_average is None or play.safe_average == play.safe_flying:
        return ""
    return f" ({play.safe_average:.2f} a lap over a long race)"


def _numbers(values: tuple[int, ...]) -> str:
    return ", ".join(str(value) for value in values) if values else "none"


def policy_text(play: TrackPlay) -> str:
    """The risk-taking policy, place by place: where the car is, the
    expected turns to the finish, and the turn it takes."""
    lines = [
        "Risk-taking plan: from each place, the expected turns to the finish and the turn taken",
        "(movements as kind speed -> where it ends; * marks a corner entered at speed 2)",
    ]
    level = None
    for step in play.policy:
        if step.race_start:
            lines += ["", "The race's first turn, from the pole"]
        elif step.crossings != level:
            level = step.crossings
            lines += _repeat_words(play, level)
            lines += ["", _level_title(level, play.laps)]
        lines.append(f"  {_place(step):<22} {step.expected:>7.2f}  {_turn_words(step)}")
    return "\n".join(lines)


def _repeat_words(play: TrackPlay, crossings: int) -> list[str]:
    """Before the lap whose plans earlier laps repeat, the line that says so."""
    repeat = play.policy_repeat
    if repeat is None or crossings != repeat.like:
        return []
    return [
        "",
        f"Laps {repeat.first} to {repeat.last} of {play.laps}: as lap {repeat.like},"
        f" with {repeat.turns_per_lap:.2f} more turns to go for each lap before it",
    ]


def _level_title(crossings: int, laps: int) -> str:
    if crossings == 0:
        return "On the grid, before crossing the line"
    return f"Lap {crossings} of {laps}"


def _place(step: PolicyStep) -> str:
    if step.space is None:
        return f"spun out at corner {step.spun}"
    return f"{step.space} facing {step.heading}"


def _turn_words(step: PolicyStep) -> str:
    words = []
    for move in step.moves:
        if move.kind == "re-entry":
            words.append(f"re-enter on {move.spaces[-1]}")
            continue
        mark = "" if move.risks is None else f" *corner {move.risks}"
        words.append(f"{move.kind} {move.speed} -> {move.spaces[-1]}{mark}")
    return ", ".join(words)
