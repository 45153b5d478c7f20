"""The page's "Generate" button: a random legal track of the form's game,
made by that game's generator exactly as ``trackkit generate`` makes it
with the same settings and seed."""

from __future__ import annotations

from trackkit import games
from trackkit.edit.form import EditForm
from trackkit.piecepack.equipment import TILES_PER_PACK

__all__ = ["generated_text"]


def generated_text(form: EditForm, seed: int) -> str:
    """The layout file of a random legal track for ``form``'s game, packs
    and race settings (all the packs' tiles), drawn with ``seed``.  Raises
    :class:`~trackkit.errors.GenerationError` when none can be made."""
    packs = form.packs or 1
    if form.game == games.MOTOCROSS.name:
        from trackkit.motocross.generate import CourseRequest, generate_courses

        request = CourseRequest(players=form.players or 4, packs=packs)
        return games.MOTOCROSS.dump(generate_courses(request, seed=seed)[0])
    from trackkit.racepack.generate import GenerationRequest, generate_layouts

    racepack = GenerationRequest(
        tiles=TILES_PER_PACK * packs, packs=packs, laps=form.laps, cars=form.cars or 4
    )
    return games.RACEPACK.dump(generate_layouts(racepack, seed=seed).layouts[0])
