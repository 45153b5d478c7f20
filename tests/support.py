"""Paths and builders shared by the tests (on ``sys.path`` through the
``pythonpath`` setting in ``pyproject.toml``)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import yaml

from trackkit.api import check_file
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.geometry import Point
from trackkit.piecepack.path_text import expand_path, parse_path
from trackkit.racepack.formats.layout_file import load_layout, loads_layout
from trackkit.racepack.layout import Layout

ROOT = Path(__file__).resolve().parent.parent
"""The repository's top folder."""

LAYOUTS = ROOT / "layouts"
"""The layouts trackkit ships."""


def game_of_file(path: Path) -> str:
    """The game a layout file names in its top-level ``game`` key (Racepack
    when it names none)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("game:"):
            return line.split(":", 1)[1].strip().lower()
    return "racepack"


SHIPPED = sorted(p for p in LAYOUTS.glob("*.yaml") if game_of_file(p) == "racepack")
"""Every shipped Racepack layout file."""

MOTOCROSS_SHIPPED = sorted(p for p in LAYOUTS.glob("*.yaml") if game_of_file(p) == "motocross")
"""Every shipped Motocross layout file."""

MOTOCROSS_CORPUS = ROOT / "tests" / "motocross" / "corpus"
"""Motocross courses that break rules, with their verdicts."""

RACE_SHIPPED = sorted(p for p in LAYOUTS.glob("*.yaml") if game_of_file(p) == "race")
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


FIGURE1_YAML = f"trackkit: 1\nname: Figure 1\npath: {FIGURE1_PATH}\nstart: 21\n"
"""Figure 1 as the shortest layout text: entered heading east (the shipped
file turns it to face west, as in the rulebook)."""

Transform = Callable[[Point], Point]
"""A map of points on the table: a rotation, a mirror image, a shift."""


def layout_of(text: str) -> Layout:
    """The layout a Racepack layout text describes."""
    return loads_layout(text).layout


def figure1_layout(**fields: object) -> Layout:
    """The shipped Figure 1, with any of its fields replaced."""
    return replace(load_layout(FIGURE1).layout, **fields)  # type: ignore[arg-type]


def moved(turns: int, mirror: bool, shift: Point) -> Transform:
    """Mirror in the x axis (when ``mirror``), turn by ``turns`` quarter turns
    counterclockwise, then shift by ``shift`` (in spaces)."""

    def move(point: Point) -> Point:
        x, y = point
        if mirror:
            y = -y
        for _ in range(turns):
            x, y = -y, x
        return (x + shift[0], y + shift[1])

    return move


def write(tmp_path: Path, text: str, name: str = "t.yaml") -> str:
    """Write ``text`` to the file ``name`` in ``tmp_path``; its path as text."""
    path = tmp_path / name
    path.write_text(text)
    return str(path)


# --- corpora: layouts with their recorded verdicts ---------------------------------

Verdict = dict[str, object]
"""A layout's verdict as ``expected.yaml`` records it: ``exit`` (0 legal, 1
breaking a rule) and ``findings`` (``"severity rule tile ..."`` lines)."""


def recorded_verdicts(corpus: Path) -> dict[str, Verdict]:
    """The verdict ``corpus/expected.yaml`` records for each file, by name."""
    verdicts: dict[str, Verdict] = yaml.safe_load((corpus / "expected.yaml").read_text())
    return verdicts


def verdict_of(path: Path) -> Verdict:
    """What trackkit finds about the layout file at ``path``, in the form
    ``expected.yaml`` records it."""
    report = check_file(path).report
    findings = [" ".join([f.severity.value, f.rule, *map(str, f.tiles)]) for f in report.findings]
    return {"exit": 0 if report.valid else 1, "findings": findings}


def corpus_files(corpus: Path) -> set[str]:
    """The names of the layout files in ``corpus`` (not ``expected.yaml``)."""
    return {p.name for p in corpus.glob("*.yaml")} - {"expected.yaml"}


def rules_broken(verdicts: dict[str, Verdict]) -> set[str]:
    """The rules named by any finding of any of ``verdicts``."""
    findings = [finding for verdict in verdicts.values() for finding in verdict["findings"]]  # type: ignore[attr-defined]
    return {str(finding).split()[1] for finding in findings}


def corpus_notes(corpus: Path) -> dict[str, str]:
    """The first line of each layout file in ``corpus``: the comment naming
    the rulebook sentence it tests."""
    return {
        name: (corpus / name).read_text(encoding="utf-8").splitlines()[0] for name in corpus_files(corpus)
    }


def catalog_ids(game: str) -> set[str]:
    """The rule ids ``trackkit rules --game GAME`` lists."""
    from trackkit.games import GAMES

    return {entry.rule for entry in GAMES[game].rules()}


def path_kinds(text: str) -> tuple[str, ...]:
    """The tile kinds of a path, one per tile: ``"R 2S"`` gives ``("R", "S", "S")``."""
    return tuple(kind.value for kind in expand_path(parse_path(text)))


SVG = "{http://www.w3.org/2000/svg}"
"""The SVG namespace, as ElementTree spells tag names in it."""


def svg_layers(svg: str) -> dict[str, Any]:
    """Each ``<g id=...>`` layer of ``svg`` by its id."""
    return {g.get("id"): g for g in ElementTree.fromstring(svg).iter(f"{SVG}g") if g.get("id")}


def rect_centre(rect: Any) -> tuple[float, float]:
    """The centre of an SVG ``<rect>`` element, in user units."""
    x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
    return (x + float(rect.get("width", 0)) / 2, y + float(rect.get("height", 0)) / 2)


def assert_fault_strokes(printed: str, coloured: str) -> None:
    """The fault layer is dashed black in print and solid red in colour."""
    ink, red = svg_layers(printed)["faults"], svg_layers(coloured)["faults"]
    assert (ink.get("stroke"), ink.get("stroke-dasharray")) == ("#000000", "20 10")
    assert (red.get("stroke"), red.get("stroke-dasharray")) == ("#ff2d2d", None)


GENERATE_SHARED_OPTIONS = [
    "-o, --output <path>",
    "--svg <path>",
    "--seed <int>",
    "--count <int>",
    "--force",
    "-f, --format yaml|json",
]
"""The options every game's ``generate`` takes, by the same names, as its
``--help`` lists them."""


def twisty_by_hand(flags: list[bool]) -> int:
    """The most corners in a chain of corners each at most one straight
    tile from the next, counted corner by corner round the loop."""
    corners = [i for i, flag in enumerate(flags) if flag]
    gaps = [(corners[(k + 1) % len(corners)] - here - 1) % len(flags) for k, here in enumerate(corners)]
    if all(gap <= 1 for gap in gaps):
        return len(corners)
    best = 0
    for k in range(len(corners)):
        if gaps[k - 1] > 1:  # corner k starts a section
            length = 1
            while gaps[(k + length - 1) % len(corners)] <= 1:
                length += 1
            best = max(best, length)
    return best


def chi_square_limit(df: int) -> float:
    """The 99.9th percentile of the chi-square distribution (Wilson-Hilferty)."""
    z = 3.09
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def chi_square(counts: Counter[Any], population: Iterable[Any]) -> float:
    """Pearson's statistic of ``counts`` against an even spread over ``population``."""
    every = list(population)
    expected = sum(counts.values()) / len(every)
    return sum((counts.get(each, 0) - expected) ** 2 / expected for each in every)
