"""``trackkit info`` output for a Motocross course: what
:func:`trackkit.motocross.analysis.describe` finds, as text or JSON."""

from __future__ import annotations

from typing import Any

from trackkit.layoutfile.json_numbers import number
from trackkit.motocross.analysis import CourseInfo, describe, edge_name
from trackkit.motocross.course import Course

__all__ = ["course_info_json", "course_info_text", "course_size"]


def course_size(course: Course) -> str:
    """``24 tiles, 4 ramps``: how big a course is, for report summaries."""
    tiles, ramps = len(course), len(course.ramps)
    return f"{tiles:,} {'tile' if tiles == 1 else 'tiles'}, {ramps:,} {'ramp' if ramps == 1 else 'ramps'}"


def _size(facts: CourseInfo) -> dict[str, int | float]:
    return {
        "width": number(facts.width),
        "height": number(facts.height),
        "width_inches": number(facts.width * 2),
        "height_inches": number(facts.height * 2),
    }


def course_info_json(course: Course) -> dict[str, Any]:
    facts = describe(course)
    return {
        "name": facts.name,
        "game": course.game,
        "tiles": facts.tiles,
        "players": facts.players,
        "start": {"tile": 0, "bikes": facts.bikes},
        "turns": [{"tile": t.tile, "turn": t.turn} for t in facts.turns],
        "ramps": [{"tile": r.tile, "height": r.height, "edge": edge_name(r.edge)} for r in facts.ramps],
        "coins": {"in_ramps": facts.coins, "dealt": facts.building_coins},
        "finish": {"tile": facts.finish_tile, "edge": edge_name(facts.finish_edge)},
        "size": _size(facts),
    }


def course_info_text(course: Course) -> str:
    facts = describe(course)
    size = _size(facts)
    lefts = sum(t.turn == "L" for t in facts.turns)
    inches = f"{size['width_inches']} x {size['height_inches']} inches"
    rows = [
        ("name", facts.name or "(unnamed)"),
        ("tiles", f"{facts.tiles}, {facts.players} players"),
        ("start", f"tile 0, up to {facts.bikes} bikes"),
        ("finish", f"the {edge_name(facts.finish_edge)} edge of tile {facts.finish_tile}"),
        ("size", f"{size['width']} x {size['height']} tiles ({inches})"),
    ]
    lines = [f"{label + ':':<11}{value}" for label, value in rows]
    lines.append(f"{'ramps:':<11}{len(facts.ramps)}, {facts.coins} of the {facts.building_coins} coins dealt")
    lines += [f"  tile {r.tile:>2}  height {r.height}  raised {edge_name(r.edge)} edge" for r in facts.ramps]
    lines.append(f"{'turns:':<11}{len(facts.turns)} ({lefts} left, {len(facts.turns) - lefts} right)")
    lines += [f"  tile {t.tile:>2}  turns {'left' if t.turn == 'L' else 'right'}" for t in facts.turns]
    return "\n".join(lines)
