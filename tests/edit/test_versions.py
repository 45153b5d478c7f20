"""Each tab edits the version of the file it opened: edits are written into
that version's text, and a save over a file changed since is refused."""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pytest
from support import LAYOUTS

from trackkit.edit.form import EditForm
from trackkit.edit.session import Overlays, Session, new_text
from trackkit.edit.versions import REMEMBERED_VERSIONS, Opened, Versions, read_opened, version_of
from trackkit.errors import ArgumentError, OutputError


def laps(form: EditForm, count: int) -> EditForm:
    """``form`` with the laps line of its text set to ``count``."""
    return EditForm(form.game, re.sub(r"(?m)^laps: \d+$", f"laps: {count}", form.text))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for name in ("figure1.yaml", "esses.yaml", "motocross-four-players.yaml"):
        shutil.copy(LAYOUTS / name, tmp_path / name)
    return tmp_path


def test_a_version_is_the_sha256_of_the_file_bytes(folder: Path) -> None:
    data = (folder / "esses.yaml").read_bytes()
    session = Session(folder / "esses.yaml")
    assert session.current.version == version_of(data) == hashlib.sha256(data).hexdigest()
    assert version_of(data.decode()) == version_of(data)


def test_a_tab_s_requests_name_the_file_it_opened(folder: Path) -> None:
    session = Session(folder / "figure1.yaml")
    esses, form, problems = session.read(folder / "esses.yaml")
    based = session.based("esses.yaml", esses.version)
    assert (based, form, problems) == (esses, EditForm("racepack", (folder / "esses.yaml").read_text()), [])
    broken = EditForm("racepack", "trackkit: 1\nlap: 3\npath: R R R R\n")
    answer = session.check(broken, Overlays(), based)
    assert answer["errors"][0]["message"] == "unknown key 'lap' (did you mean 'laps'?)"
    assert session.export(form, "svg", Overlays(), based)[2] == "esses.svg"
    assert session.export(form, "svg", Overlays())[2] == "figure1.svg"


def test_a_tab_saves_its_own_file_whatever_another_opened(folder: Path) -> None:
    figure1 = (folder / "figure1.yaml").read_text()
    session = Session(folder / "figure1.yaml")
    esses, form, _ = session.read(folder / "esses.yaml")  # another tab opens esses
    answer = session.save(laps(form, 4), None, False, esses)
    saved = (folder / "esses.yaml").read_bytes()
    assert answer == {
        "saved": "esses.yaml",
        "version": hashlib.sha256(saved).hexdigest(),
        "files": ["esses.yaml", "figure1.yaml", "motocross-four-players.yaml"],
    }
    assert b"description: A road course with two sets of esses" in saved and b"laps: 4\n" in saved
    session.save(laps(session.form, 5), None, False)  # the first tab, still on Figure 1
    assert (folder / "figure1.yaml").read_text() == figure1.replace("laps: 3", "laps: 5")
    assert (folder / "esses.yaml").read_bytes() == saved


def test_the_second_save_from_one_version_is_refused_until_overwritten(folder: Path) -> None:
    session = Session(folder / "figure1.yaml")
    first, form, _ = session.read(folder / "esses.yaml")
    second = session.based("esses.yaml", first.version)
    saved = session.save(laps(form, 4), None, False, first)
    with pytest.raises(OutputError) as caught:
        session.save(laps(form, 5), None, False, second)
    assert (str(caught.value), caught.value.exists) == (
        "esses.yaml: changed since this tab opened it (another tab or program saved it);"
        " reload it, save under another name, or overwrite it",
        True,
    )
    assert "laps: 4\n" in (folder / "esses.yaml").read_text()
    session.save(laps(form, 5), None, True, second)  # overwrite
    assert "laps: 5\n" in (folder / "esses.yaml").read_text()
    with pytest.raises(OutputError, match="changed since this tab opened it"):
        session.save(laps(form, 3), None, False, session.based("esses.yaml", saved["version"]))


def test_a_file_created_since_a_tab_opened_it_empty_is_a_conflict(folder: Path) -> None:
    session = Session(folder / "figure1.yaml")
    new = session.based("new.yaml", None)
    assert new == Opened(folder / "new.yaml")
    (folder / "new.yaml").write_text("trackkit: 1\npath: R R R R\n")
    with pytest.raises(OutputError, match=r"new\.yaml: changed since this tab opened it"):
        session.save(session.form, None, False, new)
    assert (folder / "new.yaml").read_text() == "trackkit: 1\npath: R R R R\n"


def test_save_as_makes_the_new_file_the_one_a_tab_owns(folder: Path) -> None:
    session = Session(folder / "figure1.yaml")
    esses, form, _ = session.read(folder / "esses.yaml")
    with pytest.raises(OutputError, match=r"figure1\.yaml: already exists; save again to replace it"):
        session.save(form, "figure1.yaml", False, esses)
    answer = session.save(form, "esses-2.yaml", False, esses)
    assert (answer["saved"], (folder / "esses-2.yaml").read_text()) == (
        "esses-2.yaml",
        (folder / "esses.yaml").read_text(),
    )
    copy = session.based("esses-2.yaml", answer["version"])
    assert session.save(laps(form, 2), None, False, copy)["saved"] == "esses-2.yaml"
    assert session.file == folder / "figure1.yaml"  # the session's own file did not move


def test_the_unreadable_file_a_tab_opened_takes_its_mended_text(folder: Path) -> None:
    session = Session(folder / "figure1.yaml")
    path = folder / "typo.yaml"
    path.write_text("trackkit: 1\nlap: 3\npath: R R R R\n")
    opened, form, problems = session.read(path)
    assert opened.version == hashlib.sha256(path.read_bytes()).hexdigest()
    assert [(p["message"], p["line"], p["column"]) for p in problems] == [
        ("unknown key 'lap' (did you mean 'laps'?)", 2, 1)
    ]
    mended = EditForm(form.game, form.text.replace("lap: 3", "laps: 3"))
    with pytest.raises(OutputError, match=r"typo\.yaml: is not a trackkit layout"):
        session.save(mended, "typo.yaml", True)  # another tab's Save as, even confirmed
    assert session.save(mended, None, False, opened)["saved"] == "typo.yaml"
    assert path.read_text() == "trackkit: 1\nlaps: 3\npath: R R R R\n"


def test_a_version_no_longer_kept_is_read_again_unless_the_file_changed(folder: Path) -> None:
    session = Session(folder / "figure1.yaml")
    esses, _, _ = session.read(folder / "esses.yaml")
    session.versions = Versions()  # as after many other versions were opened
    assert session.based("esses.yaml", esses.version) == esses
    session.versions = Versions()
    (folder / "esses.yaml").write_text((folder / "esses.yaml").read_text() + "# changed\n")
    with pytest.raises(OutputError) as caught:
        session.based("esses.yaml", esses.version)
    assert str(caught.value) == (
        "esses.yaml: changed since this tab opened it and its text is no longer kept; reload it"
    )


def test_the_oldest_unused_version_is_forgotten_first() -> None:
    versions = Versions()
    kept = [Opened(None, f"trackkit: 1\n# {n}\n", version_of(str(n))) for n in range(REMEMBERED_VERSIONS + 1)]
    for opened in kept[:REMEMBERED_VERSIONS]:
        versions.keep(opened)
    assert versions.text(kept[0].version or "") == kept[0].text  # used again: now the newest
    versions.keep(kept[-1])
    assert versions.text(kept[1].version or "") is None
    assert [versions.text(o.version or "") for o in (kept[0], kept[2], kept[-1])] == [
        kept[0].text,
        kept[2].text,
        kept[-1].text,
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (["figure1.yaml"], "opened must be an object of file and version"),
        ({"file": "a.yaml", "path": "b"}, "opened must be an object of file and version"),
        ({"file": "a.yaml", "version": "abc"}, "version must be a version the editor gave, or null"),
        ({"file": "a.yaml", "version": 7}, "version must be a version the editor gave, or null"),
    ],
)
def test_a_malformed_opened_field_is_refused(data: object, message: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        read_opened(data)
    assert str(caught.value) == message


def test_a_new_layout_is_saved_only_under_a_name(folder: Path) -> None:
    session = Session(folder / "figure1.yaml")
    assert session.based(None, None) == Opened()
    form = EditForm("racepack", new_text("racepack") + "name: Ring\npath: 4R\n")
    with pytest.raises(ArgumentError, match="give the new layout a file name"):
        session.save(form, None, False, Opened())
    assert session.save(form, "ring.yaml", False, Opened())["saved"] == "ring.yaml"
    assert (folder / "ring.yaml").read_text() == "trackkit: 1\ngame: racepack\nname: Ring\npath: 4R\n"
