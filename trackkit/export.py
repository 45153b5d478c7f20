"""Writing a track's pieces for the piecepack drawing tools.

The R package piecepackr draws a setup from a data frame with one row per
piece: ``piece_side`` (``tile_back``, ``die_face``, ``coin_face``,
``pawn_face``), ``suit`` (1 suns, 2 moons, 3 crowns, 4 arms), ``rank`` (1 is
the null, 2 the ace, 3 to 6 the two to five), ``x`` and ``y`` (the piece's
centre in inches: a tile is 2 wide, a space 1), ``angle`` (degrees,
counter-clockwise) and ``cfg`` (the configuration drawing it,
``piecepack``).  Portable Piecepack Notation (PPN) records a game as a YAML
metadata document and movetext; trackkit writes the setup as one
``setup.`` move dropping each piece at its Cartesian location, as in
``t@(3,1)``.

Both come from one list of :class:`Piece`: every tile of the table grid
side up (the loop's, then any pit lane or wide row), the lap die against the
outside of the track at the start/finish line showing the laps, the hazard
coins blank (null) side up where the layout stores them, and the cars on the
starting grid: pawns, or dice for the fifth and sixth cars of a one-pack
race.  Coordinates are shifted so that nothing lies left of x = 0 or below
y = 0 (PPN's Cartesian locations take no minus sign).  This module sits just above :mod:`trackkit.api`, whose
reading and output checks it uses; it writes through the atomic writer.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from trackkit.api import load_racepack, refuse_existing, refuse_input
from trackkit.errors import ArgumentError
from trackkit.fileio import write_atomic
from trackkit.formats.yaml_nodes import text_line
from trackkit.piecepack.equipment import PAWNS_PER_PACK
from trackkit.racepack.constructions import extra_tiles
from trackkit.racepack.layout import Layout

__all__ = [
    "COLUMNS",
    "EXPORT_FORMATS",
    "Piece",
    "export_file",
    "piecepackr_csv",
    "pieces",
    "ppn_text",
]

COLUMNS = ("piece_side", "suit", "rank", "x", "y", "angle", "cfg")
"""The columns of the piecepackr data frame, in order."""

EXPORT_FORMATS = ("piecepackr", "ppn")
"""What ``export --to`` writes: a piecepackr CSV, or a PPN file."""

SUIT_LETTERS = "SMCA"
"""PPN's letters for suns, moons, crowns and arms (suits 1 to 4)."""

RANK_LETTERS = "na2345"
"""PPN's letters for the null, ace and two to five (ranks 1 to 6)."""


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

    def ppn(self) -> str:
        """The piece dropped at its place, in PPN's simplified notation."""
        kind = self.piece_side.split("_")[0]
        suit = SUIT_LETTERS[self.suit - 1]
        if kind == "tile":
            piece = "t"
        elif kind == "coin":
            piece = RANK_LETTERS[self.rank - 1]
        elif kind == "die":
            piece = f"d{suit}{RANK_LETTERS[self.rank - 1]}"
        else:
            piece = f"p{suit}"
        return f"{piece}@({_number(self.x)},{_number(self.y)})"


def _number(value: float) -> str:
    return f"{value:g}"


def pieces(layout: Layout) -> list[Piece]:
    """Every piece of ``layout``'s setup (see the module notes).  Raises
    :class:`~trackkit.errors.CircuitError` for a track that does not close."""
    from trackkit.render.scene import build_scene

    scene = build_scene(layout, grid=True)
    if scene.die is None:
        from trackkit.racepack.analysis import require_whole

        require_whole(layout.circuit)
    centres = [tile.centre for tile in layout.circuit] + [tile.centre for tile in extra_tiles(layout)]
    raw = [Piece("tile_back", n // 6 % 4 + 1, n % 6 + 1, x, y) for n, (x, y) in enumerate(centres)]
    if scene.die is not None:
        laps = min(layout.laps, len(RANK_LETTERS) - 1)
        raw.append(Piece("die_face", 1, laps + 1, *scene.die.centre))
    furniture = scene.furniture
    for hazard in furniture.hazards:
        cx, cy = hazard.cell
        raw.append(Piece("coin_face", (hazard.number - 1) % 4 + 1, 1, cx + 0.5, cy + 0.5))
    for slot in furniture.grid:
        cx, cy = slot.cell
        index = slot.car - 1
        side = "die_face" if layout.packs == 1 and index >= PAWNS_PER_PACK else "pawn_face"
        raw.append(Piece(side, index % 4 + 1, 1, cx + 0.5, cy + 0.5))
    left = min(p.x - _half(p) for p in raw)
    bottom = min(p.y - _half(p) for p in raw)
    return [replace(p, x=p.x - left, y=p.y - bottom) for p in raw]


def _half(piece: Piece) -> float:
    """Half a piece's width: a tile is 2 inches, the rest fit in a space."""
    return 1.0 if piece.piece_side.startswith("tile") else 0.5


def piecepackr_csv(layout: Layout) -> str:
    """The setup as a piecepackr data frame in CSV, one row per piece."""
    rows = [",".join(COLUMNS), *(",".join(piece.row()) for piece in pieces(layout))]
    return "\n".join(rows) + "\n"


def ppn_text(layout: Layout) -> str:
    """The setup as a PPN game: metadata, then one ``setup.`` move."""
    title = f"Racepack setup: {layout.name}" if layout.name else "Racepack setup"
    moves = " ".join(piece.ppn() for piece in pieces(layout))
    notes = f"{layout.laps} laps, {layout.cars} cars; tiles grid side up, written by trackkit"
    return f"---\n{text_line('Event', title)}\n{text_line('Notes', notes)}\n...\nsetup. {moves}\n"


def export_file(
    source: str | os.PathLike[str],
    form: str,
    output: str | os.PathLike[str] | None = None,
    *,
    force: bool = False,
) -> str:
    """Read a Racepack layout and return its setup as ``form``
    (``piecepackr`` or ``ppn``); with ``output``, also write it there
    (never over the layout, and over another file only with ``force``).

    Raises :class:`~trackkit.errors.ArgumentError` for an unknown form,
    :class:`~trackkit.errors.LayoutError` for an unreadable layout or one of
    another game, :class:`~trackkit.errors.CircuitError` for a track that
    does not close and :class:`~trackkit.errors.OutputError` when the file
    cannot be written.
    """
    if form not in EXPORT_FORMATS:
        raise ArgumentError(f"cannot export to {form!r}; use piecepackr or ppn", parameter=None)
    if output is not None:
        refuse_input(output, [str(source)])
        refuse_existing([Path(output)], force)
    layout = load_racepack(source, "piecepack exports").layout
    text = piecepackr_csv(layout) if form == "piecepackr" else ppn_text(layout)
    if output is not None:
        write_atomic(output, text)
    return text
