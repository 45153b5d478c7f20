"""The page's "Generate" button: a random legal track of the form's game,
made by that game's generator exactly as ``trackkit generate`` makes it
with the same settings and seed."""

from __future__ import annotations

from trackkit.edit.form import EditForm
from trackkit.errors import ArgumentError
from trackkit.game import QuickSettings
from trackkit.registry import find_game

__all__ = ["generated_text"]


def generated_text(form: EditForm, seed: int) -> str:
    """The layout file of a random legal track for ``form``'s game, packs
    and race settings (all the packs' tiles), drawn with ``seed``.  Raises
    :class:`~trackkit.errors.GenerationError` when none can be made."""
    game = find_game(form.game)
    if game.quick_track is None:
        raise ArgumentError(f"the editor does not generate {game.title} tracks yet", parameter="game")
    settings = QuickSettings(packs=form.packs, laps=form.laps, cars=form.cars, players=form.players)
    return game.dump(game.quick_track(settings, seed))
