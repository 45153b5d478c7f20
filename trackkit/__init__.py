"""trackkit: design, check, draw and generate piecepack race tracks.

Importing the package is cheap: it loads only the pure model.  File formats,
rendering and generation are imported where they are used.
"""

from trackkit.errors import (
    ArgumentError,
    CircuitError,
    GenerationError,
    GridError,
    LayoutError,
    TrackkitError,
)

__version__ = "0.1.0"

__all__ = [
    "ArgumentError",
    "CircuitError",
    "GenerationError",
    "GridError",
    "LayoutError",
    "TrackkitError",
    "__version__",
]
