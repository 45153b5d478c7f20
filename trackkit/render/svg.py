"""Track diagrams as SVG, drawn like the rulebook's Figure 1.

:func:`render_svg` turns a layout into the text of an SVG file: it places
everything (:mod:`trackkit.render.scene`), frames it
(:mod:`trackkit.render.canvas`) and runs the drawing's layers
(:mod:`trackkit.render.layers`).  The same layout and options always give
byte-identical text.
"""

from __future__ import annotations

from dataclasses import replace

from trackkit.racepack.layout import Layout
from trackkit.racepack.setup import fault_tiles
from trackkit.render.canvas import UNITS, Canvas, Frame, new_drawing, page_size, serialise
from trackkit.render.layers import draw_layers
from trackkit.render.options import RenderOptions
from trackkit.render.scene import Scene, build_scene
from trackkit.render.themes import Theme, get_theme

__all__ = ["prepare", "render_svg"]


def prepare(layout: Layout, options: RenderOptions) -> tuple[Scene, Theme, Frame]:
    """Place everything and pick the look: the work shared by whole pictures and pages.

    The rules are checked so that the tiles a broken rule names can be
    ringed; tile numbers are shown when ``options.numbers`` says so, or, when
    it is left unset, whenever the track breaks a rule.  The paper pages
    narrow the key around the same scene (see :meth:`Frame.for_scene`).
    """
    theme = get_theme(options.theme)
    scene = build_scene(layout, options.grid)
    faults = fault_tiles(layout)
    numbers = options.numbers if options.numbers is not None else faults.broken
    scene = replace(scene, numbers=numbers, faults=faults.places)
    frame = Frame.for_scene(scene, options.title or scene.title, options)
    return scene, theme, frame


def render_svg(layout: Layout, options: RenderOptions | None = None) -> str:
    """The diagram of ``layout`` as the text of an SVG file.

    Works for any layout that could be read; a circuit that is not a closed
    loop is drawn without corner numbers, start/finish line or lap die.
    Raises :class:`~trackkit.errors.ArgumentError` for an unknown theme.
    """
    options = options or RenderOptions()
    scene, theme, frame = prepare(layout, options)
    width, height = page_size(frame, options)
    drawing = new_drawing(width, height, frame.width * UNITS, frame.height * UNITS)
    draw_layers(Canvas(drawing, drawing, scene, theme, options, frame))
    return serialise(drawing)
