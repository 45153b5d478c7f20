"""trackkit: design, check, draw and generate piecepack race tracks.

Importing the package is cheap: it loads only the pure model.  File formats,
rendering and generation are imported where they are used.
"""

from trackkit.errors import (
    CircuitError,
    GenerationError,
    GridError,
    LayoutError,
    TrackkitError,
    UsageError,
)

__version__ = "0.1.0"

__all__ = [
    "CircuitError",
    "GenerationError",
    "GridError",
    "LayoutError",
    "TrackkitError",
    "UsageError",
    "__version__",
]
