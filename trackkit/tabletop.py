"""The editor's table: the pieces a player puts down, and where they lie.

The web editor shows a layout as pieces on a table of square cells, one
piecepack tile to a cell, and lets a player put pieces down with the mouse.
It knows no game: each game says, through :class:`Tabletop` (its
``Game.tabletop``), which pieces its palette holds, where each piece of a
layout lies on the table, and what a layout becomes when a piece is put
down, moved, turned or taken away.  The editor sends a :class:`Placement`
and draws the :class:`Table` it gets back.

Cells are ``(x, y)`` in tiles, x east and y north, as layout files write
tile positions; a piece half a tile off the grid (a chicane) lies at a half.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from trackkit.errors import ArgumentError

__all__ = ["ACTIONS", "Piece", "Placement", "Spot", "Stock", "Table", "Tabletop", "refuse"]

Cell = tuple[float, float]
"""A place on the table in tiles, ``(x, y)``, x east and y north."""

ACTIONS = ("put", "road", "move", "remove", "turn", "flip", "reverse", "close")
"""What a placement does: ``put`` a palette piece on a cell or on a piece;
draw a ``road`` through cells; ``move`` the chosen pieces by an offset;
``remove`` them; ``turn`` them a quarter turn clockwise or ``flip`` them
left for right (all pieces when none is chosen); ``reverse`` the driving order;
``close`` an open loop
with the fewest pieces."""


@dataclass(frozen=True)
class Piece:
    """One entry of a game's palette.

    ``id`` names it in a :class:`Placement`; ``label`` is the button's
    words and ``title`` says what it does; ``key`` is the key that puts
    it down at the end of the road (empty: none).  ``on`` says where it goes:
    ``cell`` (an empty cell: a tile, a card, a space) or ``piece`` (on a
    piece already down: a ramp's coin, a corner's radius, the start line)."""

    id: str
    label: str
    title: str = ""
    key: str = ""
    on: str = "cell"


@dataclass(frozen=True)
class Spot:
    """One piece as the table shows it: its number in the layout's list
    (tile 5, space 12, card 3), the cell it lies on, the few characters
    written on it, the palette piece it is (``kind``) and a longer note
    shown when pointed at."""

    index: int
    cell: Cell
    label: str
    kind: str = ""
    note: str = ""


@dataclass(frozen=True)
class Stock:
    """One line of the inventory: how many of a piece the layout uses and
    how many the packs (or the collection) hold."""

    what: str
    used: int
    supply: int


@dataclass(frozen=True)
class Table:
    """What the editor draws: every piece on its cell, the empty cells
    where the next piece may go (``ghosts``, the likeliest first), the cells
    that would close an open loop with the fewest pieces (``closing``, empty
    when the loop is closed or cannot be closed), and the inventory."""

    spots: tuple[Spot, ...]
    ghosts: tuple[Cell, ...] = ()
    closing: tuple[Cell, ...] = ()
    inventory: tuple[Stock, ...] = ()


@dataclass(frozen=True)
class Placement:
    """One thing the player did on the table (see :data:`ACTIONS`):
    ``piece`` the palette piece put down, ``cells`` the cells it went on
    (one for a click or a drop, several for a road dragged through them),
    ``chosen`` the numbers of the pieces chosen (the one clicked, the
    section dragged), ``offset`` how far in tiles a move takes them."""

    action: str
    piece: str = ""
    cells: tuple[Cell, ...] = ()
    chosen: tuple[int, ...] = ()
    offset: Cell = (0, 0)


def refuse(what: str) -> ArgumentError:
    """The error for a placement the layout cannot take, in one sentence
    (``there is a tile there already``)."""
    return ArgumentError(what, parameter="placement")


@dataclass(frozen=True)
class Tabletop:
    """What the editor needs of a game to lay its layouts on the table.

    - ``palette(layout)`` lists the pieces a player may put down
      (``layout`` is ``None`` for an empty table);
    - ``table(layout)`` says where every piece lies (a :class:`Table`);
    - ``place(layout, placement)`` gives the layout after the placement
      (a new layout when ``layout`` is ``None``), raising
      :class:`~trackkit.errors.ArgumentError` for one it cannot take;
    - ``text(layout)`` writes a layout as the editor keeps it (tile
      positions, so that pieces keep their places as others are added);
    - ``track_keys`` are the keys of a file that hold its pieces and
      their places (a file with none of them is an empty table); the
      table sets them, so no settings field shows them.
    """

    palette: Callable[[Any], tuple[Piece, ...]]
    table: Callable[[Any], Table]
    place: Callable[[Any, Placement], Any]
    text: Callable[[Any], str]
    track_keys: tuple[str, ...]
