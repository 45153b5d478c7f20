"""What any writer produces, the reader accepts: ``convert`` (to a path, to
tiles, to RACE!), ``hazards --write`` and ``generate`` either write text
that reads back or refuse with a :class:`LimitError`, for layouts of every
size up to the limits (:mod:`trackkit.api.readback`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trackkit import api, games
from trackkit.api.readback import readable
from trackkit.errors import LimitError, TrackkitError
from trackkit.layoutfile.files import MAX_INPUT_BYTES

TOKENS = st.tuples(st.integers(1, 30_000), st.sampled_from(["S", "L", "R", "CL", "CR"]))
PATHS = st.lists(TOKENS, min_size=1, max_size=8).map(lambda tokens: " ".join(f"{n}{kind}" for n, kind in tokens))
NAMES = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=30)
ORIGINS = st.tuples(st.integers(-1_000_000, 1_000_000), st.integers(-1_000_000, 1_000_000))


def layout_text(path: str, name: str, origin: tuple[int, int], game: str) -> str:
    from trackkit.layoutfile.fields import text_line

    lines = ["trackkit: 1", text_line("name", name), f"game: {game}", f"path: {path}"]
    lines.append(f"origin: [{origin[0]}, {origin[1]}]")
    return "\n".join(lines) + "\n"


def reads_back(text: str) -> None:
    assert len(text.encode()) <= MAX_INPUT_BYTES
    assert games.loads_all(text, "<written>")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(PATHS, NAMES, ORIGINS, st.sampled_from(["racepack", "motocross"]))
def test_converted_layouts_read_back_or_are_refused(
    tmp_path: Path, path: str, name: str, origin: tuple[int, int], game: str
) -> None:
    source = tmp_path / "in.yaml"
    source.write_text(layout_text(path, name, origin, game), encoding="utf-8")
    try:
        games.load(source)
    except TrackkitError:
        return  # the reader refuses the input itself: nothing to convert
    for form in ("path", "tiles", "race"):
        try:
            text = api.convert_file(source, form)
        except LimitError as refused:
            assert str(refused).endswith("nothing was written") or "convert rewrites at most 5,000" in str(refused)
            continue
        except TrackkitError:
            continue  # a form this game does not have
        reads_back(text)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(PATHS, NAMES, st.integers(0, 2**32))
def test_hazards_written_into_a_layout_read_back(tmp_path: Path, path: str, name: str, seed: int) -> None:
    source = tmp_path / "in.yaml"
    source.write_text(layout_text(path, name, (0, 0), "racepack"), encoding="utf-8")
    try:
        studied = api.study_file(source, "hazards", seed=seed)
    except TrackkitError:
        return
    api.store_study(source, studied)
    reads_back(source.read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", ["racepack", "motocross", "race"])
def test_generated_layouts_read_back(game: str) -> None:
    layouts = [item.layout for item in games.loads_all(Path(f"layouts/{_SHIPPED[game]}").read_text())]
    written = api.write_generated(layouts, None)
    assert written.text is not None
    reads_back(written.text)


_SHIPPED = {"racepack": "figure1.yaml", "motocross": "motocross-max-ramps.yaml", "race": "race-oval.yaml"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x" * (MAX_INPUT_BYTES + 1), "the layout would take 1,048,577 bytes, more than the 1,024 KiB a layout file may"
         " hold, so trackkit could not read it back; nothing was written"),
        ("trackkit: 1\ngame: race\nspaces: 10008\n", "the layout would not read back ('spaces' is 10008; it must be"
         " from 2 to 10000); nothing was written"),
    ],
)
def test_text_the_reader_refuses_is_refused_before_writing(text: str, message: str) -> None:
    with pytest.raises(LimitError) as caught:
        readable(text)
    assert str(caught.value) == message


@pytest.mark.parametrize("game", ["racepack", "motocross"])
def test_convert_rewrites_at_most_5000_tiles(tmp_path: Path, game: str) -> None:
    """The largest track convert rewrites: 5,000 tiles go, in either form,
    and read back; 5,001 are refused before any converting, nothing written."""
    source, out = tmp_path / "in.yaml", tmp_path / "out.yaml"
    source.write_text(f"trackkit: 1\ngame: {game}\npath: 5000S\n", encoding="utf-8")
    for form in ("path", "tiles"):
        reads_back(api.convert_file(source, form))
    source.write_text(f"trackkit: 1\ngame: {game}\npath: 5001S\n", encoding="utf-8")
    with pytest.raises(LimitError) as refused:
        api.convert_file(source, "tiles", out)
    kind = "course" if game == "motocross" else "track"
    assert str(refused.value) == (
        f"the {kind} has 5,001 tiles; convert rewrites at most 5,000 (a legal {kind} has a few hundred: shorten the path)"
    )
    assert not out.exists()


@pytest.mark.parametrize(("game", "kind"), [("racepack", "track"), ("motocross", "course")])
def test_convert_names_the_layout_in_its_games_word(tmp_path: Path, game: str, kind: str) -> None:
    from typer.testing import CliRunner

    from trackkit.cli import app

    source = tmp_path / "in.yaml"
    source.write_text(f"trackkit: 1\ngame: {game}\npath: 5001S\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["convert", str(source), "--to", "tiles"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"{source}: error: the {kind} has 5,001 tiles; convert rewrites at most 5,000"
        f" (a legal {kind} has a few hundred: shorten the path)\n"
    )
