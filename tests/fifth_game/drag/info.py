"""What ``trackkit info`` says about a strip."""

from __future__ import annotations

from typing import Any

from fifth_game.drag.setup import drag_setup
from fifth_game.drag.strip import Strip


def info_text(strip: Strip) -> str:
    """A few lines: the name, the road and the pieces on the table."""
    kinds = [piece.kind for piece in drag_setup(strip).pieces]
    return "\n".join([
        f"name:   {strip.name or '(none)'}",
        f"strip:  {strip.tiles} tiles in a row, {strip.spaces} spaces from start to finish",
        f"cars:   {strip.cars}",
        f"pieces: {kinds.count('tile')} tiles, {kinds.count('pawn')} pawns, {kinds.count('die')} die",
    ])


def info_json(strip: Strip) -> dict[str, Any]:
    """The same facts for a program."""
    return {"name": strip.name, "tiles": strip.tiles, "spaces": strip.spaces, "cars": strip.cars}
