"""One library function per command: from files to results.

The command line (:mod:`trackkit.cli`) parses its arguments, calls one
function here and prints what it returns; a script can call the same
functions.  This is the only layer that reads layout files by name and
writes output files: everything below it works on layouts and text.

Heavy libraries (svgwrite, cairosvg, the circuit tables) are imported by the
function that needs them, so that checking a track stays quick to start.
Every output is written atomically, keeps the mode of the file it replaces,
and is never written over an input.
"""

from __future__ import annotations

from trackkit.api import drawing, generated, layouts, rules, simulation, targets
from trackkit.api.drawing import *  # noqa: F403
from trackkit.api.generated import *  # noqa: F403
from trackkit.api.layouts import *  # noqa: F403
from trackkit.api.rules import *  # noqa: F403
from trackkit.api.simulation import *  # noqa: F403
from trackkit.api.targets import *  # noqa: F403

__all__ = [
    *layouts.__all__,
    *drawing.__all__,
    *generated.__all__,
    *rules.__all__,
    *simulation.__all__,
    *targets.__all__,
]
