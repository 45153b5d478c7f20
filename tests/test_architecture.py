"""Dependencies point inward.

Every module of trackkit belongs to a layer; a module may import modules of
its own part or of a lower layer, never of a higher one and never of a
sibling part, not even inside a function.  The heavy libraries stay where
they belong: YAML in the file formats, SVG in the drawings, Typer in the
command line.  See docs/architecture.md for the picture.
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "trackkit"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("trackkit.errors", "trackkit.edits"),
    ("trackkit", "trackkit.randomness", "trackkit.findings", "trackkit.fileio", "trackkit.tabletop"),
    ("trackkit.game",),
    ("trackkit.hints", "trackkit.report"),
    ("trackkit.piecepack",),
    ("trackkit.board",),
    ("trackkit.picture",),
    ("trackkit.layoutfile",),
    ("trackkit.racepack", "trackkit.motocross", "trackkit.race", "trackkit.rally"),
    ("trackkit.registry",),
    ("trackkit.formats", "trackkit.render"),
    ("trackkit.games",),
    ("trackkit.api", "trackkit.batch"),
    ("trackkit.export",),
    ("trackkit.edit",),
    ("trackkit.cli",),
    ("trackkit.fuzz", "trackkit.__main__"),
)
"""The layers, inner to outer; each entry names a *part* (a module or a package)."""

ALLOWED_SIDEWAYS = {("trackkit.race", "trackkit.racepack")}
"""Parts of one layer that may import another: RACE! converts Racepack circuits."""

THIRD_PARTY_HOMES = {
    "yaml": (
        "trackkit.formats", "trackkit.games", "trackkit.layoutfile", "trackkit.racepack.formats",
        "trackkit.motocross.formats", "trackkit.race.formats", "trackkit.rally.formats",
    ),
    "svgwrite": ("trackkit.render",),
    "cairosvg": ("trackkit.render",),
    "typer": ("trackkit.cli",),
    "click": ("trackkit.cli",),
}
"""Libraries only some parts may import."""

GAME_SURFACE = {
    "trackkit.racepack": (
        "trackkit.racepack.setup", "trackkit.racepack.layout", "trackkit.racepack.preview",
        "trackkit.racepack.view", "trackkit.racepack.corner_labels",
    ),
    "trackkit.motocross": ("trackkit.motocross.setup", "trackkit.motocross.course", "trackkit.motocross.preview"),
    "trackkit.race": ("trackkit.race.setup", "trackkit.race.track", "trackkit.race.preview"),
    "trackkit.rally": ("trackkit.rally.setup", "trackkit.rally.deck", "trackkit.rally.preview"),
}
"""What drawings and exports may see of each game: its *setup* (the one
model of the table), the module of the layout's type, and the pure modules
that turn the setup into what a picture shows (its terminal ``preview``
board; Racepack's ``view`` and ``corner_labels``, shared with its SVG
drawing); never its rules, constructions or analysis."""

SETUP_CONSUMERS = ("trackkit.render", "trackkit.export")
"""The parts that draw or export a game's table, through its setup only."""

LAZY_ONLY = {"networkx"}
"""Libraries any part may use, but only inside a function (import time stays low)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def part_of(module: str) -> tuple[int, str]:
    """The layer index and the part a module belongs to (the longest match)."""
    best: tuple[int, str] | None = None
    for rank, parts in enumerate(LAYERS):
        for part in parts:
            if (module == part or module.startswith(part + ".")) and (
                best is None or len(part) > len(best[1])
            ):
                best = (rank, part)
    assert best is not None, f"{module} is in no layer; add it to LAYERS"
    return best


def imports_of(path: Path) -> list[tuple[str, bool, int]]:
    """Every module ``path`` imports: (name, inside a function or only for
    type checking, line)."""
    return list(_imports_in(path.read_text()))


@functools.cache
def _tree(text: str) -> ast.Module:
    """The syntax tree of a module's text, parsed once for every test that
    reads it (four checks a module, and the circle check all of them); the
    checks only read it."""
    return ast.parse(text)


_HOLDS_STATEMENTS = (ast.stmt, ast.excepthandler, ast.match_case)
"""The nodes an import may stand in or under: statements, and the
``except`` and ``case`` clauses that hold statements.  The walk for imports
skips expressions (most of a module's nodes): a lambda holds no statement."""


@functools.cache
def _imports_in(text: str) -> tuple[tuple[str, bool, int], ...]:
    """:func:`imports_of` for a module's text, worked out once."""
    tree = _tree(text)
    found: list[tuple[str, bool, int]] = []

    def visit(node: ast.AST, nested: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, _HOLDS_STATEMENTS):
                continue  # an expression: no import stands inside one
            inner = nested or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            inner = inner or (isinstance(child, ast.If) and ast.unparse(child.test).endswith("TYPE_CHECKING"))
            if isinstance(child, ast.Import):
                found.extend((alias.name, inner, child.lineno) for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                found.append((child.module, inner, child.lineno))
                if child.module == "trackkit" or child.module.startswith("trackkit."):
                    found.extend(
                        (f"{child.module}.{alias.name}", inner, child.lineno) for alias in child.names
                    )
            visit(child, inner)

    visit(tree, False)
    return tuple(found)


@functools.cache
def is_module(name: str) -> bool:
    relative = Path(*name.split("."))
    return (PACKAGE.parent / relative).with_suffix(".py").exists() or (PACKAGE.parent / relative).is_dir()


MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_imports_point_inward(path: Path) -> None:
    here = module_name(path)
    rank, part = part_of(here)
    for name, _, line in imports_of(path):
        if not name.startswith("trackkit") or not is_module(name):
            continue
        their_rank, their_part = part_of(name)
        inward = their_rank < rank or their_part == part or (part, their_part) in ALLOWED_SIDEWAYS
        assert inward, f"{here}:{line} imports {name} ({their_part}, layer {their_rank}) from layer {rank}"


CONSUMER_MODULES = [p for p in MODULES if part_of(module_name(p))[1] in SETUP_CONSUMERS]


@pytest.mark.parametrize("path", CONSUMER_MODULES, ids=lambda p: module_name(p))
def test_drawings_and_exports_see_a_game_only_through_its_setup(path: Path) -> None:
    here = module_name(path)
    for name, _, line in imports_of(path):
        if not is_module(name):
            continue
        _, their_part = part_of(name) if name.startswith("trackkit") else (0, "")
        allowed = GAME_SURFACE.get(their_part)
        if allowed is not None:
            assert name in allowed, f"{here}:{line} imports {name}; use {' or '.join(allowed)}"


def test_the_setup_check_sees_a_game_internal(tmp_path: Path) -> None:
    source = tmp_path / "probe.py"
    source.write_text("from trackkit.racepack.constructions import extra_tiles\n")
    found = [name for name, _, _ in imports_of(source) if is_module(name)]
    assert found == ["trackkit.racepack.constructions"]
    assert found[0] not in GAME_SURFACE[part_of(found[0])[1]]
    assert len(CONSUMER_MODULES) > 10


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_heavy_libraries_stay_in_their_parts(path: Path) -> None:
    here = module_name(path)
    for name, nested, line in imports_of(path):
        root = name.split(".")[0]
        homes = THIRD_PARTY_HOMES.get(root)
        if homes is not None:
            at_home = any(here == home or here.startswith(home + ".") for home in homes)
            assert at_home, f"{here}:{line} imports {root}, which belongs in {', '.join(homes)}"
        if root in LAZY_ONLY:
            assert nested, f"{here}:{line} imports {root} at module level; import it where it is used"


def test_the_layer_check_sees_imports_inside_functions(tmp_path: Path) -> None:
    source = tmp_path / "probe.py"
    source.write_text("def f():\n    from trackkit.cli import app\n    import yaml\n")
    assert imports_of(source) == [("trackkit.cli", True, 2), ("trackkit.cli.app", True, 2), ("yaml", True, 3)]


def test_every_game_package_and_the_core_load_no_heavy_library() -> None:
    code = (
        "import sys\n"
        "import trackkit.piecepack.circuit, trackkit.piecepack.ground, trackkit.piecepack.cells\n"
        "import trackkit.racepack.rules, trackkit.racepack.generate, trackkit.racepack.circuits\n"
        "import trackkit.racepack.lanes, trackkit.racepack.grid, trackkit.racepack.hazards\n"
        "import trackkit.motocross.rules, trackkit.motocross.generate, trackkit.motocross.analysis\n"
        "import trackkit.race.rules, trackkit.race.convert, trackkit.race.generate, trackkit.race.shape\n"
        "import trackkit.rally.rules, trackkit.rally.generate\n"
        "import trackkit.racepack.movement.analysis, trackkit.racepack.movement.car\n"
        "import trackkit.board, trackkit.racepack.preview, trackkit.motocross.preview\n"
        "import trackkit.race.preview, trackkit.rally.preview\n"
        "heavy = ('yaml', 'svgwrite', 'typer', 'click', 'networkx', 'cairosvg', 'numpy')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "[]"


def test_validate_does_not_load_drawing_or_graph_libraries() -> None:
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from trackkit.cli import app\n"
        f"result = CliRunner().invoke(app, ['validate', {str(PACKAGE.parent / 'layouts' / 'figure1.yaml')!r}])\n"
        "assert result.exit_code == 0, result.output\n"
        "print(sorted(m for m in ('svgwrite', 'networkx', 'cairosvg', 'numpy') if m in sys.modules))\n"
    )
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "[]"


GAME_PACKAGES = ("trackkit.racepack", "trackkit.motocross", "trackkit.race", "trackkit.rally")
"""The game packages; generic code reaches them through :mod:`trackkit.registry` only."""

GENERIC_PARTS = (
    "trackkit.formats", "trackkit.render", "trackkit.cli", "trackkit.api", "trackkit.edit", "trackkit.fuzz",
    "trackkit.batch", "trackkit.export", "trackkit.games",
)
"""The parts that serve every game alike and so may name none."""

GAME_NAMES = {"racepack", "motocross", "race", "rally"}
GAME_CONSTANTS = {"RACEPACK", "MOTOCROSS", "RACE", "RALLY"}

STILL_NAMING_GAMES: set[str] = set()
"""Generic modules that still import a game package or compare with a game's
name, on their way into the game packages or behind a job of the ``Game``.
The list may only shrink: a module that names no game any more must leave it."""


def in_parts(module: str, parts: tuple[str, ...]) -> bool:
    return any(module == part or module.startswith(part + ".") for part in parts)


def games_named(path: Path) -> list[str]:
    """Where ``path`` names a game: an import of a game package (inside a
    function too), or a comparison with a game's name or its registry entry."""
    found = [
        f"line {line}: imports {name}"
        for name, _, line in imports_of(path)
        if in_parts(name, GAME_PACKAGES) and is_module(name)
    ]
    for node in ast.walk(_tree(path.read_text())):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                named = (
                    (isinstance(side, ast.Constant) and side.value in GAME_NAMES)
                    or (isinstance(side, ast.Name) and side.id in GAME_CONSTANTS)
                    or (isinstance(side, ast.Attribute) and side.attr == "name"
                        and isinstance(side.value, ast.Attribute) and side.value.attr in GAME_CONSTANTS)
                )
                if named:
                    found.append(f"line {node.lineno}: compares with {ast.unparse(side)}")
    return found


GENERIC_MODULES = [p for p in MODULES if in_parts(module_name(p), GENERIC_PARTS)]


@pytest.mark.parametrize("path", GENERIC_MODULES, ids=lambda p: module_name(p))
def test_generic_code_reaches_a_game_only_through_the_registry(path: Path) -> None:
    here = module_name(path)
    named = games_named(path)
    if here in STILL_NAMING_GAMES:
        assert named, f"{here} names no game any more: take it off STILL_NAMING_GAMES"
    else:
        assert not named, f"{here} names a game ({'; '.join(named)}); reach it through its Game in trackkit.registry"


def test_the_game_check_sees_an_import_and_a_comparison(tmp_path: Path) -> None:
    source = tmp_path / "probe.py"
    source.write_text(
        "def f(layout):\n    from trackkit.rally.deck import RaceDeck\n"
        "    return layout.game == 'rally' or layout.game != games.RACEPACK.name\n"
    )
    assert games_named(source) == [
        "line 2: imports trackkit.rally.deck",
        "line 3: compares with 'rally'",
        "line 3: compares with games.RACEPACK.name",
    ]


def import_graph() -> dict[str, set[str]]:
    """Which trackkit modules each module imports (inside functions too)."""
    graph: dict[str, set[str]] = {}
    for path in MODULES:
        here = module_name(path)
        graph[here] = {
            name for name, _, _ in imports_of(path) if name.startswith("trackkit") and is_module(name) and name != here
        }
    return graph


def test_no_module_imports_itself_round_a_circle() -> None:
    import networkx as nx

    graph = nx.DiGraph([(module, other) for module, others in import_graph().items() for other in others])
    circles = [sorted(group) for group in nx.strongly_connected_components(graph) if len(group) > 1]
    assert circles == []


MAX_MODULE_LINES = 400
"""The house rule: a module short enough to read at one sitting."""


def test_every_module_and_page_script_is_under_four_hundred_lines() -> None:
    sources = [*MODULES, *sorted(PACKAGE.rglob("*.js"))]
    long = {
        str(path.relative_to(PACKAGE.parent)): lines
        for path in sources
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert long == {}
