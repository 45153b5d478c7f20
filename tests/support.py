"""Paths and builders shared by the tests (on ``sys.path`` through the
``pythonpath`` setting in ``pyproject.toml``)."""

from __future__ import annotations

from pathlib import Path

from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.path_text import expand_path, parse_path

ROOT = Path(__file__).resolve().parent.parent
"""The repository's top folder."""

LAYOUTS = ROOT / "layouts"
"""The layouts trackkit ships."""

def game_named(path: Path) -> str:
    """The game a layout file names in its ``game:`` line (Racepack when none)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("game:"):
            return line.split(":", 1)[1].strip()
    return "racepack"


SHIPPED = sorted(p for p in LAYOUTS.glob("*.yaml") if game_named(p) == "racepack")
"""Every shipped Racepack layout file."""

RACE_SHIPPED = sorted(p for p in LAYOUTS.glob("*.yaml") if game_named(p) == "race")
"""Every shipped RACE! layout file."""

FIGURE1 = LAYOUTS / "figure1.yaml"
"""The rulebook's Figure 1, as shipped (facing west)."""

FIGURE1_PATH = "R 2S R L S R 4S R S L R 2S R 6S"
"""Figure 1's path of tile kinds."""

FIGURE1_ID = "24-0042xr3m"
"""Figure 1's shareable circuit id."""

RACEPACK_TESTS = ROOT / "tests" / "racepack"
CORPUS = RACEPACK_TESTS / "corpus"
"""Racepack layouts that break one rule each, with their verdicts."""

VARIANTS = RACEPACK_TESTS / "constructions"
"""Legal and illegal variants of the special constructions."""


def circuit_of(path: str) -> Circuit:
    """The circuit a path string lays out from the origin, heading east."""
    return Circuit.from_path(expand_path(parse_path(path)))
