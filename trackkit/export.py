"""Writing a track's pieces for the piecepack drawing tools.

The R package piecepackr draws a setup from a data frame with one row per
piece: ``piece_side`` (``tile_back``, ``die_face``, ``coin_face``,
``coin_back``, ``pawn_face``), ``suit`` (1 suns, 2 moons, 3 crowns, 4 arms),
``rank`` (1 is the null, 2 the ace, 3 to 6 the two to five), ``x`` and
``y`` (the piece's centre in inches: a tile is 2 wide, a space 1),
``angle`` (degrees, counter-clockwise) and ``cfg`` (the configuration
drawing it: ``piecepack`` for the first pack, ``piecepack2``,
``piecepack3``... for the pieces of a second or third pack, so that every
row is one physical piece).  Portable Piecepack Notation (PPN) records a
game as a YAML metadata document and movetext; trackkit writes the setup as
one ``setup.`` move dropping each piece at its Cartesian location, as in
``t@(3,1)``, and its metadata names the pieces that come from a second or
later pack.

Both come from the game's *setup* (its registry entry's ``setup``: for
Racepack :mod:`trackkit.racepack.setup`, for Motocross
:mod:`trackkit.motocross.setup`), which lists each physical piece once and
refuses a table that needs more pieces than the packs hold.  Coordinates
are shifted so that nothing lies left of x = 0 or below y = 0 (PPN's
Cartesian locations take no minus sign).  This module sits just above
:mod:`trackkit.api`, whose reading and output checks it uses; it writes
through the atomic writer.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from trackkit.api import Written, load, refuse_output, validate
from trackkit.errors import ArgumentError, LayoutError
from trackkit.fileio import write_atomic
from trackkit.games import find_game
from trackkit.layoutfile.fields import text_line
from trackkit.piecepack.equipment import SUITS
from trackkit.piecepack.notation import drop
from trackkit.piecepack.setup import Piece as TablePiece
from trackkit.piecepack.setup import shifted_to_origin

__all__ = [
    "COLUMNS",
    "EXPORT_FORMATS",
    "Piece",
    "export_checked",
    "export_file",
    "piecepackr_csv",
    "pieces",
    "ppn_text",
    "table_pieces",
]

COLUMNS = ("piece_side", "suit", "rank", "x", "y", "angle", "cfg")
"""The columns of the piecepackr data frame, in order."""

EXPORT_FORMATS = ("piecepackr", "ppn")
"""What ``export --to`` writes: a piecepackr CSV, or a PPN file."""

@dataclass(frozen=True)
class Piece:
    """One piece on the table, in piecepackr's terms (see the module notes)."""

    piece_side: str
    suit: int
    rank: int
    x: float
    y: float
    angle: int = 0
    cfg: str = "piecepack"

    def row(self) -> list[str]:
        return [
            self.piece_side,
            str(self.suit),
            str(self.rank),
            _number(self.x),
            _number(self.y),
            str(self.angle),
            self.cfg,
        ]


def _number(value: float) -> str:
    return f"{value:g}"


def _exported(piece: TablePiece) -> Piece:
    cfg = "piecepack" if piece.pack == 1 else f"piecepack{piece.pack}"
    side = f"{piece.kind}_{piece.side}"
    return Piece(side, SUITS.index(piece.suit) + 1, piece.rank + 1, piece.x, piece.y, piece.angle, cfg)


def table_pieces(layout: Any) -> list[TablePiece]:
    """Every piece of ``layout``'s setup, shifted clear of the axes.

    Raises :class:`~trackkit.errors.LayoutError` for a game with nothing
    to lay out in piecepack pieces, :class:`~trackkit.errors.CircuitError`
    for a track that does not close and
    :class:`~trackkit.errors.EquipmentError` when the packs run out.
    """
    game = find_game(layout.game)
    pieces = [] if game.setup is None else list(game.setup(layout).pieces)
    if not pieces:
        raise LayoutError(
            f"this {game.title} layout sets out no piecepack pieces to export;"
            " export a Racepack track, a Motocross course or a RACE! track laid on tiles (with a 'path')"
        )
    return shifted_to_origin(pieces)


def pieces(layout: Any) -> list[Piece]:
    """Every piece of ``layout``'s setup, in piecepackr's terms (see the module notes)."""
    return [_exported(piece) for piece in table_pieces(layout)]


def piecepackr_csv(layout: Any) -> str:
    """The setup as a piecepackr data frame in CSV, one row per piece."""
    rows = [",".join(COLUMNS), *(",".join(piece.row()) for piece in pieces(layout))]
    return "\n".join(rows) + "\n"


def _pack_notes(table: list[TablePiece]) -> str:
    """Which pieces come from a second or later pack, if any do."""
    packs = sorted({piece.pack for piece in table})
    if packs == [1]:
        return ""
    words = [
        f"pack {pack}: " + ", ".join(p.role for p in table if p.pack == pack) for pack in packs if pack > 1
    ]
    return f"; {len(packs)} piecepacks, " + "; ".join(words)


def ppn_text(layout: Any) -> str:
    """The setup as a PPN game: metadata, then one ``setup.`` move."""
    game = find_game(layout.game)
    table = table_pieces(layout)
    title = f"{game.title} setup: {layout.name}" if layout.name else f"{game.title} setup"
    moves = " ".join(drop(piece) for piece in table)
    notes = f"{game.setup_words(layout)}; tiles grid side up, written by trackkit" if game.setup_words else ""
    notes += _pack_notes(table)
    return f"---\n{text_line('Event', title)}\n{text_line('Notes', notes)}\n...\nsetup. {moves}\n"


def export_file(
    source: str | os.PathLike[str],
    form: str,
    output: str | os.PathLike[str] | None = None,
    *,
    force: bool = False,
) -> str:
    """Read a layout whose game has piecepack pieces (a Racepack track, a
    Motocross course, a RACE! track on tiles) and return its setup as ``form``
    (``piecepackr`` or ``ppn``); with ``output``, also write it there
    (never over the layout, and over another file only with ``force``).

    Raises :class:`~trackkit.errors.ArgumentError` for an unknown form,
    :class:`~trackkit.errors.LayoutError` for an unreadable layout or one of
    another game, :class:`~trackkit.errors.CircuitError` for a track that
    does not close and :class:`~trackkit.errors.OutputError` when the file
    cannot be written.
    """
    return _read_and_export(source, form, output, force)[1]


def export_checked(
    source: str | os.PathLike[str],
    form: str,
    output: str | os.PathLike[str] | None = None,
    *,
    force: bool = False,
) -> Written:
    """:func:`export_file`, with the report of the layout read (the file is read once)."""
    layout, text = _read_and_export(source, form, output, force)
    return Written(text, validate(layout))


def _read_and_export(
    source: str | os.PathLike[str], form: str, output: str | os.PathLike[str] | None, force: bool
) -> tuple[Any, str]:
    if form not in EXPORT_FORMATS:
        raise ArgumentError(f"cannot export to {form!r}; use piecepackr or ppn", parameter=None)
    refuse_output(source, output, force)
    layout = load(source).layout
    try:
        text = piecepackr_csv(layout) if form == "piecepackr" else ppn_text(layout)
    except LayoutError as error:
        raise error.located(str(source)) from None
    if output is not None:
        write_atomic(output, text)
    return layout, text
