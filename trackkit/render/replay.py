"""The frames of a race replayed in the terminal: the table as its game's
``replay_board`` job sets it out, with every car (racer, bike) standing
where it stands, shown by its token (see :class:`~trackkit.play.Token`).

These functions know no rules and no game: a game's ``draw_replay`` job
names one of them, and they are given the layout, a
:data:`~trackkit.play.Standing` (each place and the token on it) and a
caption, and return text.  :func:`board_frame` paints the game's board of
the standing with the one terminal painter; a game without a board picture
lists its pieces (:func:`listed_frame`).
"""

from __future__ import annotations

from typing import Any

from trackkit.board import TerminalOptions
from trackkit.play import Standing
from trackkit.registry import find_game
from trackkit.render.terminal import painted, wrap_items

__all__ = ["board_frame", "listed_frame"]


def board_frame(layout: Any, standing: Standing, caption: str, width: int, color: bool) -> str:
    """One frame of a race: ``caption`` over the game's board of
    ``standing`` (its ``replay_board`` job), painted ``width`` characters
    wide; the pieces listed for a game without a board."""
    job = find_game(layout.game).replay_board
    if job is None:
        return listed_frame(layout, standing, caption, width, color)
    options = TerminalOptions(width, color)
    picture = painted(job(layout, standing, options), options).lstrip("\n")
    return "\n".join([*wrap_items(caption.split(" "), width, " "), "", picture.rstrip("\n")]) + "\n"


def listed_frame(layout: Any, standing: Standing, caption: str, width: int, color: bool) -> str:
    """One frame of a race with no board picture: ``caption``, then every
    piece and where it stands (``1a 3.2.1  1b -``), in the standing's order."""
    pieces = "  ".join(f"{piece} {token.label}" for piece, token in standing.items())
    return f"{caption}\n  cars: {pieces}"
