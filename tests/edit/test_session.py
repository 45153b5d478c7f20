"""An editing session: each edit answered with the same findings and drawing
as ``validate`` and ``render``, pieces put down on the table, saving that
never loses a file, and no file outside the folder."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from support import LAYOUTS

from trackkit import games
from trackkit.api import check_file
from trackkit.edit.form import EditForm
from trackkit.edit.session import Overlays, Session, new_text, read_overlays
from trackkit.errors import AccessError, ArgumentError, LayoutError, OutputError
from trackkit.formats.edit_form import with_values
from trackkit.formats.report import json_report
from trackkit.picture.paper import get_paper
from trackkit.render.options import RenderOptions
from trackkit.tabletop import Placement


@pytest.fixture
def figure1(tmp_path: Path) -> Path:
    path = tmp_path / "figure1.yaml"
    shutil.copy(LAYOUTS / "figure1.yaml", path)
    return path


def _with(form: EditForm, **values: object) -> EditForm:
    """The form with top-level keys set (``None``: removed)."""
    return EditForm(form.game, with_values(form.text, values))


def test_opening_a_file_gives_its_text(figure1: Path) -> None:
    session = Session(figure1)
    assert session.form == EditForm("racepack", figure1.read_text())
    assert session.opened()["file"] == "figure1.yaml"
    assert session.opened()["files"] == ["figure1.yaml"]
    assert session.opened()["games"] == ["racepack", "motocross", "race", "rally"]


def test_a_file_that_cannot_be_read_opens_with_its_located_errors(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("trackkit: 1\nlap: 3\npath: R R R R\n")
    session = Session(broken)
    assert session.form.text == broken.read_text()
    problem = session.opened()["problems"][0]
    assert (problem["line"], problem["column"]) == (2, 1)
    assert problem["message"] == "unknown key 'lap' (did you mean 'laps'?)"
    mended = session.check(EditForm("racepack", "trackkit: 1\nlaps: 3\npath: R R R R\n"), Overlays())
    assert mended["errors"] == [] and mended["status"]["valid"] is True


@pytest.mark.parametrize(
    "name",
    ["figure1.yaml", "hairpin.yaml", "chicane.yaml", "motocross-three-players.yaml", "race-road-course.yaml"],
)
def test_each_placement_answers_with_validate_findings_and_the_render_drawing(
    tmp_path: Path, name: str
) -> None:
    path = tmp_path / name
    shutil.copy(LAYOUTS / name, path)
    session = Session(path)
    last = len(session.check(session.form, Overlays())["table"]["spots"]) - 1
    answer = session.place(session.form, Placement("remove", chosen=(last,)), Overlays())
    path.write_text(answer["text"])
    expected = json_report(check_file(path))["findings"]
    assert [{k: f[k] for k in e} for f, e in zip(answer["findings"], expected, strict=True)] == expected
    layout = games.load(path).layout
    assert answer["svg"] == games.find_game(layout.game).draw_svg(layout, RenderOptions(theme="color"))
    assert len(answer["table"]["spots"]) == last


def test_the_status_gives_the_inventory_the_closing_and_the_verdict(figure1: Path) -> None:
    session = Session(figure1)
    status = session.check(session.form, Overlays())["status"]
    assert status == {
        "pieces": "24 of 24 tiles",
        "size": "24 tiles",
        "valid": True,
        "summary": "figure1.yaml: legal (24 tiles; 0 errors, 0 warnings)",
    }
    short = session.place(session.form, Placement("remove", chosen=(22, 23)), Overlays())
    assert short["status"]["closing"] == 2
    assert [f["rule"] for f in short["findings"]] == ["tile-budget", "closure"]
    assert short["findings"][1]["explain"].startswith("the tiles form one closed circuit")
    closed = session.place(EditForm("racepack", short["text"]), Placement("close"), Overlays())
    assert closed["status"]["valid"] is True and "closing" not in closed["status"]


def test_tiles_keep_their_places_when_one_is_put_before_the_first(tmp_path: Path) -> None:
    session = Session(tmp_path / "new.yaml")
    form = EditForm("racepack", new_text("racepack"))
    road = session.place(form, Placement("road", cells=((0, 0), (1, 0), (2, 0))), Overlays())
    assert road["text"] == "trackkit: 1\ngame: racepack\npacks: 1\nlaps: 3\ncars: 4\npath: 3S\n"
    before = session.place(EditForm("racepack", road["text"]), Placement("put", cells=((0, 1),)), Overlays())
    assert [spot["cell"] for spot in before["table"]["spots"]] == [(0, 1), (0, 0), (1, 0), (2, 0)]
    assert "path: S L 2S\nheading: south\norigin: [0, 1]\n" in before["text"]
    broken = session.place(EditForm("racepack", before["text"]), Placement("remove", chosen=(1,)), Overlays())
    assert "tiles: [[0, 1], [1, 0], [2, 0]]\n" in broken["text"]  # a path cannot say where they lie


def test_a_course_and_an_empty_table_answer_with_what_is_there(tmp_path: Path) -> None:
    session = Session(tmp_path / "new.yaml", game="motocross")
    empty = session.check(EditForm("motocross", new_text("motocross")), Overlays())
    assert (empty["svg"], empty["errors"][0]["message"]) == (
        None,
        "nothing on the table yet: put a piece down from the palette",
    )
    assert empty["table"]["ghosts"] == [[0.0, 0.0]]
    course = session.place(
        EditForm("motocross", new_text("motocross")), Placement("put", "straight"), Overlays()
    )
    assert course["status"]["pieces"] == "1 of 24 tiles"
    assert [piece["id"] for piece in course["table"]["palette"]] == [
        "straight",
        "left",
        "right",
        "ramp-up",
        "ramp-down",
    ]


def test_settings_made_on_an_empty_table_stay_when_the_first_piece_is_laid(tmp_path: Path) -> None:
    session = Session(tmp_path / "deck.yaml", game="rally")
    collection = {"base": {"straight": 2, "hairpin": 1}}
    empty = session.settings(EditForm("rally", new_text("rally")), {"cards": collection}, Overlays())
    assert empty["text"] == "trackkit: 1\ngame: rally\ncards: {base: {straight: 2, hairpin: 1}}\n"
    laid = session.place(EditForm("rally", empty["text"]), Placement("put", "start"), Overlays())
    assert games.loads(laid["text"], "deck.yaml").layout.cards.held(False) == {"straight": 2, "hairpin": 1}
    assert laid["values"]["cards"] == collection
    assert laid["table"]["inventory"][0] == {"what": "track cards", "used": 0, "supply": 3}


def test_a_collection_written_in_block_style_shows_in_its_box(tmp_path: Path) -> None:
    shutil.copy(LAYOUTS / "rally-expansion.yaml", tmp_path / "deck.yaml")
    session = Session(tmp_path / "deck.yaml")
    values = session.check(session.form, Overlays())["values"]
    assert values["cards"] == {
        "base": {"straight": 2, "left-curve": 2, "right-curve": 2, "s-bend": 2, "hairpin": 1},
        "expansion": {
            "straight": 1,
            "left-curve": 1,
            "right-curve": 1,
            "s-bend": 1,
            "hairpin": 1,
            "chicane": 1,
            "crest": 1,
            "water-splash": 1,
        },
    }
    assert "course" not in values  # the table's own key, many lines long, is not a setting


def test_an_edit_that_comes_back_is_answered_alike(figure1: Path) -> None:
    session = Session(figure1)
    first = session.place(session.form, Placement("turn"), Overlays())
    turned = EditForm("racepack", first["text"])
    again = session.check(turned, Overlays())
    assert again == first and again is not first
    again["svg"] = None  # a copy: what one request does to its answer is not kept
    assert session.check(turned, Overlays())["svg"] == first["svg"]


def test_overlays_draw_as_render_options(figure1: Path) -> None:
    session = Session(figure1)
    lanes = session.check(session.form, Overlays(lanes=True, grid=True))["svg"]
    layout = games.load(figure1).layout
    assert lanes == games.RACEPACK.draw_svg(layout, RenderOptions(theme="color", lanes=True, grid=True))
    hazards = session.check(session.form, Overlays(hazards=True))["svg"]
    assert hazards.count('id="hazards"') == 1
    with pytest.raises(ArgumentError, match="overlays must name"):
        read_overlays({"colour": True})


def test_table_moves_keep_figure1_legal(figure1: Path) -> None:
    session = Session(figure1)
    for move in ("turn", "flip", "reverse"):
        status = session.place(session.form, Placement(move), Overlays())["status"]
        assert (move, status["valid"]) == (move, True)


def test_settings_are_set_in_the_text_and_refused_when_wrong(figure1: Path) -> None:
    session = Session(figure1)
    answer = session.settings(session.form, {"laps": 5, "name": None}, Overlays())
    assert "laps: 5\n" in answer["text"] and "name:" not in answer["text"]
    assert [field["key"] for field in answer["settings"]] == [
        "name",
        "description",
        "packs",
        "laps",
        "cars",
        "spinout_hazards",
    ]


def test_saving_writes_the_text_and_keeps_comments(figure1: Path) -> None:
    figure1.write_text("# ours\n" + figure1.read_text())
    session = Session(figure1)
    session.save(_with(session.form, laps=5), None, False)
    assert figure1.read_text().startswith("# ours\ntrackkit: 1\nname: Figure 1\n")
    assert "laps: 5\n" in figure1.read_text()


def test_a_file_changed_on_disk_is_not_replaced_unless_confirmed(figure1: Path) -> None:
    session = Session(figure1)
    figure1.write_text(figure1.read_text() + "# changed elsewhere\n")
    with pytest.raises(OutputError, match="changed since this tab opened it") as caught:
        session.save(session.form, None, False)
    assert caught.value.exists
    assert figure1.read_text().endswith("# changed elsewhere\n")
    session.save(_with(session.form, laps=4), None, True)
    assert "laps: 4" in figure1.read_text()
    session.save(_with(session.form, laps=5), None, False)  # saved since: no conflict


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
        session.save(_with(session.form, laps=5), None, False)
    assert figure1.read_text() == before
    assert [p.name for p in figure1.parent.iterdir()] == ["figure1.yaml"]


def test_a_track_that_does_not_read_is_not_saved(figure1: Path) -> None:
    session = Session(figure1)
    with pytest.raises(LayoutError):
        session.save(_with(session.form, start=99), None, False)
    with pytest.raises(LayoutError, match="the table is empty"):
        session.save(EditForm("racepack", new_text("racepack")), None, False)


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


def test_generate_fills_the_table_as_trackkit_generate_does(tmp_path: Path) -> None:
    session = Session(None)
    form = EditForm("racepack", new_text("racepack"))
    first = session.generate(form, {}, 7, Overlays())
    assert first == session.generate(form, {}, 7, Overlays()) and first["seed"] == 7
    assert first["status"]["pieces"] == "24 of 24 tiles" and first["status"]["valid"] is True
    race = session.generate(EditForm("race", new_text("race")), {"spaces": 30, "corners": 3}, 7, Overlays())
    assert race["status"]["pieces"] == "30 of 30 spaces" and race["text"].count("radius") == 3
    assert [f["key"] for f in race["generate"]] == ["spaces", "tiles", "corners", "laps", "cars", "direction"]
    with pytest.raises(ArgumentError, match="--corners must be a whole number"):
        session.generate(EditForm("race", new_text("race")), {"corners": "many"}, 7, Overlays())


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


def test_a_tagged_game_is_answered_with_its_place() -> None:
    """``game: !!timestamp`` (the campaign's seed 14, input 29693) crashed
    the check; it is answered as unreadable, the tag located."""
    from trackkit.edit.form import EditForm
    from trackkit.edit.session import Overlays, Session

    text = "trackkit: 1\ngame: !!timestamp\nspaces: 30\ncorners:\n- {from: 5, length: 5, radius: 2}\n"
    answer = Session(None).check(EditForm("race", text), Overlays())
    assert answer["errors"] == [
        {"message": "the YAML tag '!!timestamp' is not used in layout files", "line": 2, "column": 7,
         "hint": "remove the tag"}
    ]
    assert (answer["values"], answer["status"]) == ({}, {"summary": "cannot be read"})
