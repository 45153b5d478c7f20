"""The pieces on the table: what each one is, where it lies and what it means.

A *setup* is the table before play starts, described piece by piece the
way the piecepack drawing tools describe one: each :class:`Piece` is a
physical piece (its ``kind`` -- tile, coin, die or pawn --, ``suit``,
``rank`` and the ``pack`` it comes from when several packs are in play),
where its centre lies (``x``, ``y`` in inches, x east and y north, as in
:mod:`trackkit.piecepack.geometry`), how far it is turned (``angle``,
degrees anticlockwise), which ``side`` is up, and its ``role`` in the game
(``loop tile 3``, ``lap die``, ``car 2``...).

A *rank* counts a suit's pieces from 0, the null, then 1 the ace and 2 to 5.
No two pieces of a setup are the same physical piece: a :class:`PieceBox`
hands out each tile, coin, die and pawn of the packs in play once, and
raises :class:`~trackkit.errors.EquipmentError` when a kind runs out.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol

from trackkit.errors import EquipmentError
from trackkit.piecepack.equipment import SUITS

__all__ = ["KINDS", "RANKS", "Piece", "PieceBox", "TableSetup", "laid_tiles", "shifted_to_origin"]

KINDS = ("tile", "coin", "die", "pawn")
"""The kinds of piece a piecepack holds."""

RANKS = 6
"""Ranks per suit of tiles and coins: null, ace and 2 to 5."""


@dataclass(frozen=True)
class Piece:
    """One physical piece on the table (see the module's text)."""

    kind: str
    suit: str
    rank: int
    x: float
    y: float
    side: str
    role: str
    pack: int = 1
    angle: int = 0

    @property
    def identity(self) -> tuple[int, str, str, int]:
        """What makes the piece one physical piece: pack, kind, suit, rank
        (dice and pawns have rank 0: one of each suit per pack)."""
        return (self.pack, self.kind, self.suit, self.rank)


class TableSetup(Protocol):
    """What every game's setup offers: its physical pieces."""

    @property
    def pieces(self) -> tuple[Piece, ...]: ...


class PieceBox:
    """The pieces of ``packs`` piecepacks, each handed out at most once.

    Tiles and coins are taken by suit and rank, dice and pawns by suit;
    asking for a suit (or suit and rank) gives the first pack that still has
    that piece.  ``take_any`` gives the next free piece of a kind, packs in
    order, suits in order, ranks upward.
    """

    def __init__(self, packs: int, game: str) -> None:
        self.packs = max(packs, 1)
        self.game = game
        self._taken: set[tuple[int, str, str, int]] = set()

    def _ranks(self, kind: str) -> range:
        return range(RANKS) if kind in ("tile", "coin") else range(1)

    def _pack_with(self, kind: str, suit: str, rank: int) -> int | None:
        for pack in range(1, self.packs + 1):
            if (pack, kind, suit, rank) not in self._taken:
                return pack
        return None

    def has(self, kind: str, suit: str, rank: int = 0) -> bool:
        """Whether some pack still holds that piece."""
        return self._pack_with(kind, suit, rank) is not None

    def take(self, kind: str, suit: str, rank: int = 0) -> int:
        """The pack whose ``suit`` ``kind`` of ``rank`` is handed out now."""
        pack = self._pack_with(kind, suit, rank)
        if pack is None:
            raise self._run_out(kind, f"the {_rank_words(kind, rank)}{suit} {kind}")
        self._taken.add((pack, kind, suit, rank))
        return pack

    def take_any(self, kind: str) -> tuple[int, str, int]:
        """The next free ``kind`` as (pack, suit, rank)."""
        for pack in range(1, self.packs + 1):
            for suit in SUITS:
                for rank in self._ranks(kind):
                    if (pack, kind, suit, rank) not in self._taken:
                        self._taken.add((pack, kind, suit, rank))
                        return pack, suit, rank
        raise self._run_out(kind, f"another {kind}")

    def _run_out(self, kind: str, wanted: str) -> EquipmentError:
        count = {"tile": 24, "coin": 24, "die": 4, "pawn": 4}[kind] * self.packs
        packs = "one piecepack holds" if self.packs == 1 else f"{self.packs} piecepacks hold"
        return EquipmentError(
            f"this {self.game} setup needs {wanted}, but {packs} only {count} {_PLURALS[kind]};"
            " set 'packs' higher in the layout or use fewer pieces"
        )


_PLURALS = {"tile": "tiles", "coin": "coins", "die": "dice", "pawn": "pawns"}


def _rank_words(kind: str, rank: int) -> str:
    if kind not in ("tile", "coin"):
        return ""
    return ("null ", "ace ", "2 ", "3 ", "4 ", "5 ")[rank] if 0 <= rank < RANKS else f"{rank} "


def shifted_to_origin(pieces: list[Piece]) -> list[Piece]:
    """``pieces`` moved together so that none reaches left of x = 0 or
    below y = 0 (a tile reaches 1 inch from its centre, anything else half
    an inch), the lowest and leftmost touching those lines."""
    if not pieces:
        return []

    def half(piece: Piece) -> float:
        return 1.0 if piece.kind == "tile" else 0.5

    left = min(p.x - half(p) for p in pieces)
    bottom = min(p.y - half(p) for p in pieces)
    return [
        Piece(p.kind, p.suit, p.rank, p.x - left, p.y - bottom, p.side, p.role, p.pack, p.angle)
        for p in pieces
    ]


def laid_tiles(box: PieceBox, tiles: Iterable[tuple[str, tuple[float, float]]]) -> Iterator[Piece]:
    """Tiles laid grid side up at their centres, each ``(role, centre)``
    taking the next tile of the packs in ``box``: a suit's six ranks, then
    the next suit, then the next pack."""
    for n, (role, (x, y)) in enumerate(tiles):
        suit, rank = SUITS[n // 6 % 4], n % 6
        yield Piece("tile", suit, rank, x, y, "back", role, box.take("tile", suit, rank))
