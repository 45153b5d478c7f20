"""A game's ``generate`` command comes from its request dataclass alone.

The game here is the drag race of ``tests/fifth_game`` given a request of
this file's own: the tiles of its one straight row, the road's surface
(dry or wet) and a file naming the sponsor (read, so never written over).
Its job lays a strip of those tiles named after the surface, says a word
before the work and a summary after the seed.  Nothing outside
this file knows it, yet its command has its options, their help, its word
choices, its refusals and the shared options of every game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
import typer
from fifth_game.drag.game import GAME as DRAG_RACE
from fifth_game.drag.strip import Strip
from support import GENERATE_SHARED_OPTIONS
from typer.testing import CliRunner

from trackkit import registry
from trackkit.cli.generate_options import game_command
from trackkit.errors import ArgumentError
from trackkit.generation import Generated, Generation, Progress, option, request_options


@dataclass(frozen=True)
class DragRequest:
    """What a drag race asks of its strip."""

    tiles: int = option(6, "Tiles in the row.")
    surface: str = option("dry", "The road's surface.", words=("dry", "wet"), what="a surface")
    sponsor: Path | None = option(None, "A file naming the sponsor.", show_default=False, reads=True)


def settle(request: DragRequest) -> DragRequest:
    """A strip needs a start tile and a finish tile."""
    if request.tiles < 2:
        raise ArgumentError("must be at least 2", parameter="tiles")
    return request


def make(request: DragRequest, seed: int, count: int, progress: Progress) -> Generated:
    progress.note("laying the row")
    strip = Strip(request.tiles, name=f"{request.surface} strip")
    return Generated([strip] * count, summary=f"{request.tiles} tiles, {request.surface}")


DRAG = Generation(summary="Drag strips.", help="Drag strips of one row.", request=DragRequest, settle=settle, make=make)


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The drag race in the registry, as the layouts it lays name it."""
    monkeypatch.setitem(registry.GAMES, "drag", DRAG_RACE)


def drag_app() -> typer.Typer:
    app = typer.Typer(rich_markup_mode=None)
    app.callback()(lambda: None)
    game = replace(DRAG_RACE, generation=DRAG)
    app.command("drag", help=DRAG.help, short_help=DRAG.summary)(game_command(game))
    return app


def test_the_help_lists_the_requests_fields_then_the_shared_options(runner: CliRunner) -> None:
    result = runner.invoke(drag_app(), ["drag", "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0
    lines = [line for line in result.stdout.split("Options:\n")[1].splitlines() if line.startswith("  -")]
    assert [re.split(r"\s{2,}", line.strip())[0] for line in lines] == [
        "--tiles <int>",
        "--surface dry|wet",
        "--sponsor <path>",
        *GENERATE_SHARED_OPTIONS,
        "--fair",
        "--minutes <float>",
        "--difficulty easy|medium|hard",
        "--help",
    ]
    assert "Tiles in the row.  [default: 6]" in result.stdout
    assert "The road's surface.  [default: dry]" in result.stdout
    assert "A file naming the sponsor.\n" in result.stdout


def test_a_run_builds_the_request_and_prints_around_the_job(runner: CliRunner) -> None:
    result = runner.invoke(drag_app(), ["drag", "--seed", "3", "--surface", "WET", "--tiles", "9"])
    assert result.exit_code == 0, result.output
    assert result.stderr == "laying the row\nseed: 3\n9 tiles, wet\n"
    assert result.stdout == "trackkit: 1\nname: wet strip\ngame: drag\ntiles: 9\ncars: 2\n"


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--surface", "icy"], "Invalid value for '--surface': 'icy' is not a surface; use dry or wet"),
        (["--tiles", "1"], "trackkit: error: --tiles must be at least 2"),
    ],
)
def test_a_bad_option_is_refused_with_exit_2(runner: CliRunner, args: list[str], error: str) -> None:
    result = runner.invoke(drag_app(), ["drag", *args])
    assert (result.exit_code, result.stdout) == (2, "")
    assert error in result.stderr


def test_a_file_the_request_reads_is_never_an_output(runner: CliRunner, tmp_path: Path) -> None:
    sponsor = tmp_path / "sponsor.yaml"
    sponsor.write_text("keep me\n")
    result = runner.invoke(drag_app(), ["drag", "--sponsor", str(sponsor), "-o", str(sponsor), "--force"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"trackkit: error: {sponsor}: refusing to overwrite the input file; choose another output\n"
    )
    assert sponsor.read_text() == "keep me\n"


def test_a_request_field_must_be_an_option_and_the_order_must_name_every_option() -> None:
    @dataclass(frozen=True)
    class Plain:
        tiles: int = 6

    @dataclass(frozen=True)
    class Clash:
        seed: int = option(1, "A seed of its own.")

    for request in (Plain, Clash):
        with pytest.raises(TypeError, match="is not a request option"):
            request_options(request)
    assert DRAG.option_order() == ("tiles", "surface", "sponsor", "output", "svg", "seed", "count", "force",
                                   "output_format")
    wrong: Any = replace(DRAG, order=("tiles", "output"))
    with pytest.raises(TypeError, match="names other options"):
        wrong.option_order()
