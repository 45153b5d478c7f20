"""The pieces of a setup: each physical piece handed out once."""

from __future__ import annotations

import pytest

from trackkit.errors import EquipmentError
from trackkit.piecepack.setup import Piece, PieceBox, shifted_to_origin


def test_a_box_hands_out_each_piece_once_then_the_next_pack() -> None:
    box = PieceBox(2, "Racepack")
    assert [box.take("die", "suns") for _ in range(2)] == [1, 2]
    assert not box.has("die", "suns") and box.has("die", "moons")
    with pytest.raises(EquipmentError) as caught:
        box.take("die", "suns")
    assert str(caught.value) == (
        "this Racepack setup needs the suns die, but 2 piecepacks hold only 8 dice;"
        " set 'packs' higher in the layout or use fewer pieces"
    )


def test_any_piece_comes_in_pack_suit_rank_order() -> None:
    box = PieceBox(1, "Motocross")
    box.take("coin", "suns", 1)
    assert [box.take_any("coin") for _ in range(3)] == [(1, "suns", 0), (1, "suns", 2), (1, "suns", 3)]
    assert [box.take_any("pawn") for _ in range(4)] == [
        (1, s, 0) for s in ("suns", "moons", "crowns", "arms")
    ]
    with pytest.raises(EquipmentError, match="needs another pawn, but one piecepack holds only 4 pawns"):
        box.take_any("pawn")


def test_a_setup_is_moved_clear_of_the_axes() -> None:
    pieces = [Piece("tile", "suns", 0, -4, 2, "back", "t"), Piece("pawn", "suns", 0, -4.5, 0.5, "face", "p")]
    moved = shifted_to_origin(pieces)
    assert [(p.x, p.y) for p in moved] == [(1.0, 2.0), (0.5, 0.5)]
    assert shifted_to_origin([]) == []
