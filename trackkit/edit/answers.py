"""The answer to one edit: the layout read, checked and drawn.

Every request that changes the table is answered alike (see
:func:`answer`): the game's own reader reads the form's text, the game's
rules check it and its renderer draws it, exactly as ``validate`` and
``render`` would do with the saved file.  An answer depends on nothing
but the form, the overlays and the file's name, so the last few are
kept: undo, redo and an edit taken back are answered without reading,
checking or drawing again.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import cache, lru_cache
from typing import Any

from trackkit import games
from trackkit.edit.form import EditForm, settings_of
from trackkit.edit.generating import generation_fields
from trackkit.edit.tabled import layout_of, shown_table, status_of
from trackkit.errors import ArgumentError, LayoutError, TrackkitError
from trackkit.formats.edit_form import setting_values
from trackkit.formats.report import CheckedFile, error_json, finding_line, json_report, located_findings
from trackkit.render.options import RenderOptions

__all__ = [
    "KEPT_ANSWERS",
    "Overlays",
    "answer",
    "drawing",
    "forget_answers",
    "read_overlays",
    "render_options",
]

KEPT_ANSWERS = 32
"""How many answers are kept for an edit that comes back to a layout."""


@dataclass(frozen=True)
class Overlays:
    """What the drawing shows on top of the track, as ``render``'s options
    (for the games whose drawings show them): the inside ``lanes``, the
    starting ``grid``, the fastest safe lap's racing ``line``, and
    ``hazards`` tokens rolled with ``hazard_seed`` (the overlay a game
    declares in ``Game.overlays``)."""

    lanes: bool = False
    grid: bool = False
    line: bool = False
    hazards: bool = False
    hazard_seed: int = 1


def read_overlays(data: Any) -> Overlays:
    """The overlays the page asked for; unknown names are refused."""
    if data is None:
        return Overlays()
    if not isinstance(data, dict) or not set(data) <= set(Overlays.__dataclass_fields__):
        raise ArgumentError("must name lanes, grid, line, hazards or hazard_seed", parameter="overlays")
    seed = data.get("hazard_seed", 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentError("must be a whole number", parameter="hazard_seed")
    flags = {name: bool(data.get(name, False)) for name in ("lanes", "grid", "line", "hazards")}
    return Overlays(**flags, hazard_seed=seed)


@cache
def explain_text(rule: str) -> str:
    """What ``trackkit explain RULE`` says of a rule: the rulebook's
    sentences and trackkit's reading; empty for a rule it does not list."""
    from trackkit.api import explain_rule

    try:
        _, entry = explain_rule(rule)
    except TrackkitError:
        return ""
    return "\n\n".join([entry.summary, *entry.texts()])


@lru_cache(maxsize=KEPT_ANSWERS)
def _kept(form: EditForm, overlays: Overlays, shown_name: str) -> dict[str, Any]:
    return _answered(form, overlays, shown_name)


def answer(form: EditForm, overlays: Overlays, shown_name: str) -> dict[str, Any]:
    """The answer to one edit of the file named ``shown_name``: the layout
    text, the table (pieces, ghosts, inventory) and palette, the drawing
    (``svg``), the findings as ``validate --format json`` gives them with
    each one's ``validate`` line and ``explain`` text, the reader's errors
    when the text cannot be read, the settings fields and the ``status``.
    A copy of a kept answer when the same form came before."""
    return dict(_kept(form, overlays, shown_name))


def forget_answers() -> None:
    """Drop the kept answers: the next edit is read, checked and drawn
    afresh (the benchmark times edits so)."""
    _kept.cache_clear()


def _answered(form: EditForm, overlays: Overlays, shown_name: str) -> dict[str, Any]:
    game = games.GAMES[form.game]
    reply: dict[str, Any] = {"form": asdict(form), "text": form.text, "svg": None, "findings": []}
    reply["settings"] = settings_of(game)
    reply["generate"] = generation_fields(game)
    blocks = {field["key"] for field in reply["settings"] if field["type"] == "counts"}
    reply["values"] = setting_values(form.text, blocks)
    reply["errors"] = []
    try:
        loaded = layout_of(form, shown_name)
    except LayoutError as error:
        reply["errors"] = error_json(error)["errors"]
        reply.update(table=shown_table(game, None), status={"summary": "cannot be read"})
        return reply
    reply["table"] = shown_table(game, loaded.layout if loaded else None)
    if loaded is None:
        reply["errors"] = [
            {"message": "nothing on the table yet: put a piece down from the palette", "hint": None}
        ]
        reply["status"] = status_of(None, reply["table"])
        return reply
    checked = CheckedFile(loaded, game.validate(loaded.layout), game.size(loaded.layout))
    reply["findings"] = _findings(checked)
    reply["status"] = status_of(checked, reply["table"])
    try:
        reply["svg"] = drawing(loaded.layout, overlays)
    except TrackkitError as error:
        reply["errors"] = [{"message": f"cannot draw this: {error}", "hint": None}]
    return reply


def drawing(layout: Any, overlays: Overlays) -> str:
    """The layout drawn as ``render`` draws it, with the overlays its
    game shows."""
    game = games.find_game(layout.game)
    overlay = game.overlays.get("hazards") if overlays.hazards else None
    if overlay is not None:
        layout = overlay(layout, overlays.hazard_seed)
    return game.draw_svg(layout, render_options(game, overlays))


def render_options(game: games.Game, overlays: Overlays) -> RenderOptions:
    """``render``'s options for the overlays the game's drawings show."""

    def shown(name: str, asked: bool) -> bool:
        return asked and name in game.draws

    return RenderOptions(
        theme="color",
        lanes=shown("lanes", overlays.lanes),
        grid=shown("grid", overlays.grid),
        line=shown("line", overlays.line),
    )


def _findings(checked: CheckedFile) -> list[dict[str, Any]]:
    located = json_report(checked)["findings"]
    return [
        {**data, "line_text": finding_line(checked, finding, span), "explain": explain_text(finding.rule)}
        for data, (finding, span) in zip(located, located_findings(checked))
    ]
