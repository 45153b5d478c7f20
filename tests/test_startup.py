"""Start-up: a command that uses one game loads that game's modules only,
never the other games, SVG (svgwrite) or the renderers.  Checked in a fresh
interpreter, since the test session itself has imported everything."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from support import LAYOUTS, ROOT

OTHER_GAMES = {
    "racepack": ("trackkit.motocross", "trackkit.race", "trackkit.rally"),
    "motocross": ("trackkit.racepack", "trackkit.race", "trackkit.rally"),
    "race": ("trackkit.motocross", "trackkit.rally"),  # RACE! may convert a Racepack circuit
    "rally": ("trackkit.racepack", "trackkit.motocross", "trackkit.race"),
}
"""The game packages a command on one game's layout must not load."""

NEVER = ("svgwrite", "cairosvg", "trackkit.render")
"""What checking a layout never needs."""

LAYOUT = {
    "racepack": LAYOUTS / "figure1.yaml",
    "motocross": LAYOUTS / "motocross-three-players.yaml",
    "race": LAYOUTS / "race-oval.yaml",
    "rally": LAYOUTS / "rally-base.yaml",
}


def modules_after(code: str) -> list[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    script = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True, timeout=60
    )
    return list(json.loads(done.stdout.splitlines()[-1]))


def loaded(modules: list[str], packages: tuple[str, ...]) -> list[str]:
    """The modules of ``packages`` (a package or any module inside it) in
    ``modules``, leaving out each game package's declaration: the registry
    lists every game's ``GAME`` (the package and its ``game`` module, which
    names its jobs without importing them)."""
    declared = {name for p in packages for name in (p, f"{p}.game")}
    return [m for m in modules if m not in declared and any(m == p or m.startswith(p + ".") for p in packages)]


def foreign_formats(game: str, modules: list[str]) -> list[str]:
    """Reader and description modules of other games (``trackkit.race.formats.layout_file``...)."""
    others = [g for g in OTHER_GAMES if g != game and not (game == "race" and g == "racepack")]
    return [m for m in modules if any(m.startswith(f"trackkit.{g}.formats") for g in others)]


@pytest.mark.parametrize("game", sorted(LAYOUT))
def test_checking_a_layout_through_the_api_loads_only_its_game(game: str) -> None:
    modules = modules_after(f"from trackkit.api import check_file\ncheck_file({str(LAYOUT[game])!r})")
    assert loaded(modules, OTHER_GAMES[game]) == []
    assert loaded(modules, NEVER) == []
    assert foreign_formats(game, modules) == []


def test_validate_on_the_command_line_loads_only_racepack_and_no_pydantic() -> None:
    code = (
        "from trackkit.cli import main\n"
        "sys.argv = ['trackkit', 'validate', 'layouts/figure1.yaml']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as stop:\n"
        "    assert stop.code == 0, stop.code"
    )
    modules = modules_after(code)
    assert "trackkit.racepack.rules" in modules
    assert loaded(modules, ("pydantic",)) == []  # the options are read without it
    assert loaded(modules, OTHER_GAMES["racepack"]) == []
    assert loaded(modules, NEVER) == []
    assert foreign_formats("racepack", modules) == []
