"""An editing session: each edit answered with the same findings and drawing
as ``validate`` and ``render``, saving that never loses a file, and no file
outside the folder."""

from __future__ import annotations

import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from support import LAYOUTS, path_kinds

from trackkit import games
from trackkit.api import check_file
from trackkit.edit.form import EditForm, transformed
from trackkit.edit.session import Overlays, Session, read_overlays
from trackkit.errors import AccessError, ArgumentError, LayoutError, OutputError
from trackkit.formats.report import json_report
from trackkit.picture.paper import get_paper
from trackkit.render.options import RenderOptions

FIGURE1 = path_kinds("R 2S R L S R 4S R S L R 2S R 6S")


@pytest.fixture
def figure1(tmp_path: Path) -> Path:
    path = tmp_path / "figure1.yaml"
    shutil.copy(LAYOUTS / "figure1.yaml", path)
    return path


def test_opening_a_file_gives_its_form(figure1: Path) -> None:
    session = Session(figure1)
    assert session.form == EditForm(path=FIGURE1, name="Figure 1", heading="west", start=21.0, laps=3)
    assert session.opened()["file"] == "figure1.yaml"
    assert session.opened()["files"] == ["figure1.yaml"]


def test_an_unchanged_form_gives_back_the_file_text(figure1: Path) -> None:
    session = Session(figure1)
    assert session.text_of(session.form) == figure1.read_text()


@pytest.mark.parametrize(
    "name", ["figure1.yaml", "hairpin.yaml", "chicane.yaml", "motocross-three-players.yaml"]
)
def test_each_edit_answers_with_validate_findings_and_the_render_drawing(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    shutil.copy(LAYOUTS / name, path)
    session = Session(path)
    form = replace(session.form, path=session.form.path[:-1])
    answer = session.check(form, Overlays())
    path.write_text(answer["text"])
    expected = json_report(check_file(path))["findings"]
    assert len(answer["findings"]) == len(expected)
    assert [{k: f[k] for k in e} for f, e in zip(answer["findings"], expected, strict=True)] == expected
    assert answer["findings"][0]["line_text"].startswith(f"{name}:")
    layout = games.load(path).layout
    assert answer["svg"] == games.find_game(layout.game).draw_svg(layout, RenderOptions(theme="color"))
    assert answer["status"]["valid"] is False


def test_the_status_gives_budget_closure_and_verdict(figure1: Path) -> None:
    session = Session(figure1)
    status = session.check(session.form, Overlays())["status"]
    assert status == {
        "tiles": 24,
        "supply": 24,
        "size": "24 tiles",
        "closure": "closed",
        "valid": True,
        "summary": "figure1.yaml: legal (24 tiles; 0 errors, 0 warnings)",
    }
    short = session.check(replace(session.form, path=FIGURE1[:-2]), Overlays())
    assert short["status"]["closure"] == "open"
    # in file order: the 'packs' key the budget is about comes before the path's last token
    assert [f["rule"] for f in short["findings"]] == ["tile-budget", "closure"]
    assert short["findings"][1]["explain"].startswith("the tiles form one closed circuit")


def test_a_course_reports_its_finish_tile(tmp_path: Path) -> None:
    session = Session(tmp_path / "new.yaml", game="motocross")
    answer = session.check(EditForm(game="motocross", path=("S", "S", "R")), Overlays())
    assert answer["status"]["closure"] == "course: finish on tile 2"
    assert answer["text"] == "trackkit: 1\ngame: motocross\npath: 2S R\nheading: east\n"


def test_an_empty_track_and_an_unreadable_one_answer_with_what_is_wrong(tmp_path: Path) -> None:
    session = Session(None)
    empty = session.check(EditForm(), Overlays())
    assert (empty["svg"], empty["errors"][0]["message"]) == (None, "no tiles yet: add one from the palette")
    unreadable = session.check(EditForm(path=("S",), start=7.0), Overlays())
    assert unreadable["svg"] is None
    assert "start" in unreadable["errors"][0]["message"]


def test_overlays_draw_as_render_options(figure1: Path) -> None:
    session = Session(figure1)
    lanes = session.check(session.form, Overlays(lanes=True, grid=True))["svg"]
    layout = games.load(figure1).layout
    assert lanes == games.RACEPACK.draw_svg(layout, RenderOptions(theme="color", lanes=True, grid=True))
    hazards = session.check(session.form, Overlays(hazards=True))["svg"]
    assert hazards.count('id="hazards"') == 1
    with pytest.raises(ArgumentError, match="overlays must name"):
        read_overlays({"colour": True})


def test_moves_keep_figure1_legal(figure1: Path) -> None:
    session = Session(figure1)
    for move in ("turn", "mirror", "reverse"):
        status = session.check(transformed(session.form, move), Overlays())["status"]
        assert (move, status["valid"]) == (move, True)


def test_saving_writes_the_text_and_keeps_comments(figure1: Path) -> None:
    figure1.write_text("# ours\n" + figure1.read_text())
    session = Session(figure1)
    session.save(replace(session.form, laps=5), None, False)
    assert figure1.read_text().startswith("# ours\ntrackkit: 1\nname: Figure 1\n")
    assert "laps: 5\n" in figure1.read_text()


def test_a_file_changed_on_disk_is_not_replaced_unless_confirmed(figure1: Path) -> None:
    session = Session(figure1)
    figure1.write_text(figure1.read_text() + "# changed elsewhere\n")
    with pytest.raises(OutputError, match="changed since this tab opened it") as caught:
        session.save(session.form, None, False)
    assert caught.value.exists
    assert figure1.read_text().endswith("# changed elsewhere\n")
    session.save(replace(session.form, laps=4), None, True)
    assert "laps: 4" in figure1.read_text()
    session.save(replace(session.form, laps=5), None, False)  # saved since: no conflict


def test_save_as_another_existing_file_needs_confirming(figure1: Path) -> None:
    session = Session(figure1)
    kept = "trackkit: 1\npath: R R R R\n"
    (figure1.parent / "other.yaml").write_text(kept)
    with pytest.raises(OutputError, match="already exists"):
        session.save(session.form, "other.yaml", False)
    assert (figure1.parent / "other.yaml").read_text() == kept
    session.save(session.form, "copy.yaml", False)
    assert games.load(figure1.parent / "copy.yaml").layout == games.load(figure1).layout
    assert session.file == figure1.parent / "copy.yaml"


def test_a_file_that_cannot_be_written_is_left_whole(figure1: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session(figure1)
    before = figure1.read_text()

    def full_disk(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OutputError, match="No space left on device"):
        session.save(replace(session.form, laps=5), None, False)
    assert figure1.read_text() == before
    assert [p.name for p in figure1.parent.iterdir()] == ["figure1.yaml"]


def test_a_track_that_does_not_read_is_not_saved(figure1: Path) -> None:
    session = Session(figure1)
    with pytest.raises(LayoutError):
        session.save(replace(session.form, start=99.0), None, False)
    with pytest.raises(LayoutError, match="no tiles yet"):
        session.save(EditForm(), None, False)


@pytest.mark.parametrize("name", ["../outside.yaml", "/etc/passwd.yaml", "sub/../../outside.yaml"])
def test_paths_outside_the_folder_are_refused(figure1: Path, name: str) -> None:
    session = Session(figure1)
    with pytest.raises(AccessError, match="outside the folder"):
        session.resolve(name)


def test_paths_outside_the_folder_through_a_link_are_refused(figure1: Path, tmp_path: Path) -> None:
    outside = tmp_path.parent / f"{tmp_path.name}-outside.yaml"
    (figure1.parent / "link.yaml").symlink_to(outside)
    with pytest.raises(AccessError):
        Session(figure1).resolve("link.yaml")


def test_only_layout_files_are_opened_or_saved(figure1: Path) -> None:
    with pytest.raises(ArgumentError, match=r"name a \.yaml file"):
        Session(figure1).resolve("notes.txt")


def test_generate_fills_the_form_with_a_legal_track_for_a_seed(tmp_path: Path) -> None:
    session = Session(None)
    first = session.generate(EditForm(laps=3, cars=4, packs=1), 7)
    again = session.generate(EditForm(laps=3, cars=4, packs=1), 7)
    assert first == again and first["seed"] == 7
    assert len(first["form"]["path"]) == 24
    form = EditForm(**{**first["form"], "path": tuple(first["form"]["path"]), "ramps": ()})
    assert session.check(form, Overlays())["status"]["valid"] is True
    course = session.generate(EditForm(game="motocross", players=4), 3)["form"]
    assert course["game"] == "motocross" and len(course["path"]) == 24


def test_export_gives_the_drawing_and_piece_files(figure1: Path) -> None:
    session = Session(figure1)
    svg, media, name = session.export(session.form, "svg", Overlays())
    assert (media, name) == ("image/svg+xml", "figure1.svg")
    assert svg.decode() == games.RACEPACK.draw_svg(games.load(figure1).layout, RenderOptions(theme="color"))
    assert session.export(session.form, "yaml", Overlays())[0].decode() == figure1.read_text()
    assert session.export(session.form, "ppn", Overlays())[0].startswith(b"---\n")
    assert session.export(session.form, "png", Overlays())[0].startswith(b"\x89PNG")
    with pytest.raises(ArgumentError, match="kind must be"):
        session.export(session.form, "gif", Overlays())


def test_export_to_paper_gives_the_true_size_pages_render_writes(figure1: Path) -> None:
    session = Session(figure1)
    pdf, media, name = session.export(session.form, "a4", Overlays())
    assert (media, name) == ("application/pdf", "figure1-a4.pdf")
    pages = games.RACEPACK.draw_pages(
        games.load(figure1).layout, RenderOptions(theme="color", true_size=True), get_paper("a4")
    )
    assert pdf.startswith(b"%PDF") and f"/Count {len(pages)}\n".encode() in pdf and len(pages) > 1
