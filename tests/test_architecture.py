"""Dependencies point inward: the model knows nothing of files, pictures or
terminals, and checking a track does not load the heavy libraries."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "trackkit"
FORBIDDEN_IN_MODEL = {"yaml", "svgwrite", "typer", "networkx", "click", "rich", "cairosvg"}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_model_imports_only_the_standard_library_and_itself() -> None:
    for path in sorted((PACKAGE / "model").glob("*.py")):
        roots = imported_roots(path)
        assert not roots & FORBIDDEN_IN_MODEL, path.name
        inner = {m for m in imported_modules(path) if m.startswith("trackkit")}
        assert all(m.startswith(("trackkit.model", "trackkit.errors")) for m in inner), (path.name, inner)


def test_only_the_cli_imports_typer() -> None:
    for path in sorted(PACKAGE.rglob("*.py")):
        if "cli" in path.relative_to(PACKAGE).parts:
            continue
        assert "typer" not in imported_roots(path), path


def test_validate_does_not_load_drawing_or_graph_libraries() -> None:
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from trackkit.cli import app\n"
        f"result = CliRunner().invoke(app, ['validate', {str(PACKAGE.parent / 'layouts' / 'figure1.yaml')!r}])\n"
        "assert result.exit_code == 0, result.output\n"
        "print(sorted(m for m in ('svgwrite', 'networkx', 'cairosvg') if m in sys.modules))\n"
    )
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "[]"
