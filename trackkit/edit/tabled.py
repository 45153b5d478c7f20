"""A layout as the editor's table shows it: read from the form's text (or
an empty table), its pieces and palette as JSON for the page, and the
status line above the table.  Nothing here knows a game: each game's
``Game.tabletop`` says where its pieces lie."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from trackkit import games
from trackkit.edit.form import EditForm
from trackkit.errors import LayoutError
from trackkit.formats.edit_form import plain_keys, top_values
from trackkit.formats.report import CheckedFile, summary_line
from trackkit.layoutfile.source import LoadedLayout
from trackkit.tabletop import Piece

__all__ = ["layout_of", "shown_table", "status_of", "track_of"]


def track_of(form: EditForm) -> bool:
    """Whether the form's text holds any piece: one of the keys its game's
    table lays (a text that is not one block-style mapping holds one, so
    that reading it says what is wrong)."""
    tabletop = games.GAMES[form.game].tabletop
    assert tabletop is not None
    keys = plain_keys(form.text)
    if keys is None:
        try:
            keys = dict.fromkeys(top_values(form.text or "trackkit: 1\n"), (0, 0))
        except LayoutError:
            return True
    return any(key in keys for key in tabletop.track_keys)


def layout_of(form: EditForm, name: str) -> LoadedLayout[Any] | None:
    """The form's layout as its game's reader reads it (``None`` for an
    empty table); raises a located :class:`~trackkit.errors.LayoutError`
    when the text cannot be read, or names another game."""
    if not track_of(form):
        return None
    loaded = _loaded(form.text, name)
    if loaded.layout.game != form.game:
        raise LayoutError(
            f"the file is a {loaded.layout.game} layout; choose that game to edit it", file=name
        )
    return loaded


@lru_cache(maxsize=16)
def _loaded(text: str, name: str) -> LoadedLayout[Any]:
    """A layout text read, kept for the next request: the page's next edit
    starts from the text this one answered with."""
    return games.loads(text, name)


def shown_table(game: games.Game, layout: Any) -> dict[str, Any]:
    """The table and the palette of ``layout`` (``None``: an empty table) as JSON."""
    assert game.tabletop is not None
    table = game.tabletop.table(layout)
    return {
        "spots": [vars(spot) for spot in table.spots],
        "ghosts": [list(cell) for cell in table.ghosts],
        "closing": [list(cell) for cell in table.closing],
        "inventory": [vars(stock) for stock in table.inventory],
        "palette": _palette(game.tabletop.palette(layout)),
    }


@lru_cache(maxsize=32)
def _palette(pieces: tuple[Piece, ...]) -> list[dict[str, Any]]:
    """A palette as JSON data, kept: a game offers the same few pieces
    edit after edit.  (Spots and stocks hold only numbers, text and a
    cell, so their fields are their JSON as they are: no deep copy.)"""
    return [vars(piece) for piece in pieces]


def status_of(checked: CheckedFile | None, table: dict[str, Any]) -> dict[str, Any]:
    """The line above the table: the pieces used of the supply (the
    inventory's first line), the game's own size words, whether the loop
    can be closed and the ``validate`` verdict."""
    stock = table["inventory"][0] if table["inventory"] else None
    status: dict[str, Any] = {
        "pieces": f"{stock['used']} of {stock['supply']} {stock['what']}" if stock else ""
    }
    if table["closing"]:
        status["closing"] = len(table["closing"])
    if checked is None:
        return status
    return {
        **status,
        "size": checked.size,
        "valid": checked.report.valid,
        "summary": summary_line(checked),
    }
