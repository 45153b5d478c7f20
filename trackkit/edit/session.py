"""One editing session: the file opened, and every answer the page gets.

A session holds the *base text* (the layout file as opened, comments and
all) and answers the page's requests.  Each edit sends a whole form (see
:mod:`trackkit.edit.form`); the session writes it into the base text, reads
that text back with the game's own reader, checks it with the game's rules
and draws it with the game's renderer, exactly as ``validate`` and
``render`` would do with the saved file.  Nothing here knows a rule.

Files are read and written only inside the session's *folder* (the opened
file's folder, or the working folder): any other path raises
:class:`~trackkit.errors.AccessError`.
"""

from __future__ import annotations

import threading
from dataclasses import asdict, dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from trackkit import games
from trackkit.edit.exporting import EXPORT_KINDS, PAPERS, Export, drawing_export, pages_export, piece_export
from trackkit.edit.files import fingerprint, refuse_bad_name, regular, replaced
from trackkit.edit.form import MAX_EDITED_PIECES, EditForm, edited_game, edited_games, settings_of
from trackkit.edit.generating import generation_fields
from trackkit.edit.tabled import layout_of, shown_table, status_of, track_of
from trackkit.errors import AccessError, ArgumentError, LayoutError, LimitError, OutputError, TrackkitError
from trackkit.fileio import write_atomic
from trackkit.formats.edit_form import merged_text, setting_values, top_values, with_values
from trackkit.formats.report import CheckedFile, error_json, finding_line, json_report, located_findings
from trackkit.layoutfile.files import read_text
from trackkit.render.options import RenderOptions
from trackkit.tabletop import Placement

__all__ = ["NEW_FILE_TEXT", "Opened", "Overlays", "Session"]

NEW_FILE_TEXT = "trackkit: 1\n"
"""The base text of a layout the editor starts from nothing."""

LAYOUT_SUFFIXES = (".yaml", ".yml")
"""The endings of the layout files the editor opens and saves."""

MAX_LISTED_FILES = 200
"""The most layout files the page's file list shows."""


@dataclass(frozen=True)
class Overlays:
    """What the drawing shows on top of the track, as ``render``'s options
    (for the games whose drawings show them): the inside ``lanes``, the
    starting ``grid``, the fastest safe lap's racing ``line``, and
    ``hazards`` tokens rolled with ``hazard_seed`` (the overlay a game
    declares in ``Game.overlays``)."""

    lanes: bool = False
    grid: bool = False
    line: bool = False
    hazards: bool = False
    hazard_seed: int = 1


def read_overlays(data: Any) -> Overlays:
    """The overlays the page asked for; unknown names are refused."""
    if data is None:
        return Overlays()
    if not isinstance(data, dict) or not set(data) <= set(Overlays.__dataclass_fields__):
        raise ArgumentError("must name lanes, grid, line, hazards or hazard_seed", parameter="overlays")
    seed = data.get("hazard_seed", 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentError("must be a whole number", parameter="hazard_seed")
    flags = {name: bool(data.get(name, False)) for name in ("lanes", "grid", "line", "hazards")}
    return Overlays(**flags, hazard_seed=seed)


@cache
def explain_text(rule: str) -> str:
    """What ``trackkit explain RULE`` says of a rule: the rulebook's
    sentences and trackkit's reading; empty for a rule it does not list."""
    from trackkit.api import explain_rule

    try:
        _, entry = explain_rule(rule)
    except TrackkitError:
        return ""
    return "\n\n".join([entry.summary, *entry.texts()])


def new_text(game: str) -> str:
    """The text of an empty table of ``game``: its version and its name."""
    return f"{NEW_FILE_TEXT}game: {game}\n"


def _game_named(text: str, default: str) -> str:
    """The game a layout text names in its ``game`` key (``default`` when
    it names none or cannot be read that far)."""
    try:
        named = top_values(text).get("game")
    except TrackkitError:
        return default
    return named.lower() if isinstance(named, str) and named.lower() in games.GAMES else default


@dataclass(frozen=True)
class Opened:
    """The file a session edits, as one value: its path (``None`` until
    the page names one), its text as opened or last saved, and a
    fingerprint of its bytes then.  A session replaces it whole, so a
    request drawing a track in one thread reads a file and text that belong
    together while another saves."""

    file: Path | None = None
    text: str = NEW_FILE_TEXT
    stamp: str | None = None

    @property
    def shown_name(self) -> str:
        return self.file.name if self.file is not None else "<new layout>"


class Session:
    """The editor's state on the server: the folder it may touch, the file
    it edits (see :class:`Opened`) and the form as opened or saved.

    The server answers requests in threads of their own: opening and saving
    (quick, and changing what is opened) take turns through ``lock``, while
    checks, drawings and exports (slow for a long track) read the opened
    file once and run side by side."""

    def __init__(self, file: Path | None, *, game: str = games.DEFAULT_GAME) -> None:
        edited_game(game)
        self.folder = (file.parent if file is not None else Path.cwd()).resolve()
        self.lock = threading.Lock()
        self.current = Opened()
        self.form = EditForm(game, new_text(game))
        self.notes: list[str] = []
        self.problems: list[dict[str, Any]] = []
        if file is not None:
            self.open(file.resolve())

    @property
    def file(self) -> Path | None:
        return self.current.file

    @property
    def base_text(self) -> str:
        return self.current.text

    # --- files -----------------------------------------------------------------

    def resolve(self, name: str) -> Path:
        """The layout file ``name`` (relative to the folder); raises
        :class:`~trackkit.errors.AccessError` for a path that leads out of
        the folder and :class:`~trackkit.errors.ArgumentError` for a name
        that is not a layout file's."""
        refuse_bad_name(name)
        try:
            path = (self.folder / name).resolve()
        except (OSError, RuntimeError) as error:
            raise ArgumentError(f"{name}: cannot be followed ({error})", parameter="file") from None
        if not path.is_relative_to(self.folder):
            raise AccessError(f"{name}: outside the folder {self.folder}; the editor works only there")
        if path.suffix.lower() not in LAYOUT_SUFFIXES:
            raise ArgumentError(f"{name}: name a .yaml file", parameter="file")
        return path

    def files(self) -> list[str]:
        """The layout files of the folder, by name."""
        found = sorted(p.name for p in self.folder.iterdir() if p.suffix.lower() in LAYOUT_SUFFIXES)
        return found[:MAX_LISTED_FILES]

    def open(self, path: Path) -> None:
        """Make ``path`` the file edited: read it (a file that does not exist
        yet starts empty), or raise :class:`~trackkit.errors.LayoutError`
        when it is not a layout the editor can change."""
        with self.lock:
            self._open(path)

    def _open(self, path: Path) -> None:
        self.notes, self.problems = [], []
        if not regular(path):
            self.current = Opened(path)
            self.form = EditForm(self.form.game, new_text(self.form.game))
            return
        text = read_text(path)
        game = _game_named(text, self.form.game)
        if games.GAMES[game].tabletop is None:
            raise LayoutError(
                f"the editor lays layouts of {', '.join(edited_games())}, not {game!r}", file=path.name
            )
        try:
            loaded = layout_of(EditForm(game, text), path.name)
        except LayoutError as error:
            self.problems = error_json(error)["errors"]  # opened in the text pane, to be mended
            loaded = None
        if (
            loaded is not None
            and len(shown_table(games.GAMES[game], loaded.layout)["spots"]) > MAX_EDITED_PIECES
        ):
            raise LimitError(f"the layout has more than {MAX_EDITED_PIECES} pieces, the most the editor lays")
        self.form = EditForm(game, text)
        self.current = Opened(path, text, fingerprint(path))

    def opened(self) -> dict[str, Any]:
        """What the page starts from: the form, the file's name and notes,
        and the located errors of a file that cannot be read."""
        return {
            "form": asdict(self.form),
            "file": self.file.name if self.file is not None else None,
            "folder": str(self.folder),
            "files": self.files(),
            "notes": self.notes,
            "problems": self.problems,
            "games": list(edited_games()),
        }

    # --- checking ----------------------------------------------------------------

    @property
    def shown_name(self) -> str:
        return self.current.shown_name

    def check(self, form: EditForm, overlays: Overlays) -> dict[str, Any]:
        """The answer to one edit: the layout text, the table (pieces,
        ghosts, inventory) and palette, the drawing (``svg``), the findings
        as ``validate --format json`` gives them with each one's
        ``validate`` line and ``explain`` text, the reader's errors when the
        text cannot be read, the settings fields and the ``status``."""
        game = games.GAMES[form.game]
        answer: dict[str, Any] = {"form": asdict(form), "text": form.text, "svg": None, "findings": []}
        answer["settings"] = settings_of(game)
        answer["generate"] = generation_fields(game)
        answer["values"] = setting_values(form.text)
        answer["errors"] = []
        try:
            loaded = layout_of(form, self.shown_name)
        except LayoutError as error:
            answer["errors"] = error_json(error)["errors"]
            answer.update(table=shown_table(game, None), status={"summary": "cannot be read"})
            return answer
        answer["table"] = shown_table(game, loaded.layout if loaded else None)
        if loaded is None:
            answer["errors"] = [
                {"message": "nothing on the table yet: put a piece down from the palette", "hint": None}
            ]
            answer["status"] = status_of(None, answer["table"])
            return answer
        checked = CheckedFile(loaded, game.validate(loaded.layout), game.size(loaded.layout))
        answer["findings"] = _findings(checked)
        answer["status"] = status_of(checked, answer["table"])
        try:
            answer["svg"] = self.drawing(loaded.layout, overlays)
        except TrackkitError as error:
            answer["errors"] = [{"message": f"cannot draw this: {error}", "hint": None}]
        return answer

    def place(self, form: EditForm, placement: Placement, overlays: Overlays) -> dict[str, Any]:
        """The answer to a placement on the table: the layout after it
        (see :meth:`check`).  A text that cannot be read is mended in the
        text pane first."""
        tabletop = games.GAMES[form.game].tabletop
        assert tabletop is not None
        loaded = layout_of(form, self.shown_name)
        placed = tabletop.place(loaded.layout if loaded else None, placement)
        base = form.text or new_text(form.game)
        return self.check(EditForm(form.game, merged_text(base, tabletop.text(placed))), overlays)

    def settings(self, form: EditForm, values: dict[str, Any], overlays: Overlays) -> dict[str, Any]:
        """The answer to settings changed (``None``: back to the game's default)."""
        return self.check(EditForm(form.game, with_values(form.text, values)), overlays)

    def drawing(self, layout: Any, overlays: Overlays) -> str:
        """The layout drawn as ``render`` draws it, with the overlays its
        game shows."""
        game = games.find_game(layout.game)
        overlay = game.overlays.get("hazards") if overlays.hazards else None
        if overlay is not None:
            layout = overlay(layout, overlays.hazard_seed)
        return game.draw_svg(layout, self._options(game, overlays))

    @staticmethod
    def _options(game: games.Game, overlays: Overlays) -> RenderOptions:
        """``render``'s options for the overlays the game's drawings show."""

        def shown(name: str, asked: bool) -> bool:
            return asked and name in game.draws

        return RenderOptions(
            theme="color",
            lanes=shown("lanes", overlays.lanes),
            grid=shown("grid", overlays.grid),
            line=shown("line", overlays.line),
        )

    # --- saving and exporting --------------------------------------------------------

    def save(self, form: EditForm, name: str | None, confirm: bool) -> dict[str, Any]:
        """Write the form's layout to the opened file, or to ``name`` in the
        folder.  The text must read back as a layout.  Raises
        :class:`~trackkit.errors.OutputError` with ``exists`` set, writing
        nothing, when the opened file changed on disk since it was opened or
        saved, or ``name`` is another file that exists, unless ``confirm``;
        and without it, whatever ``confirm`` says, when the file there does
        not read as a trackkit layout (another program's YAML) or is not a
        plain file."""
        with self.lock:
            return self._save(form, name, confirm)

    def _save(self, form: EditForm, name: str | None, confirm: bool) -> dict[str, Any]:
        target = self.resolve(name) if name else self.file
        if target is None:
            raise ArgumentError("give the new layout a file name", parameter="file")
        if not track_of(form):
            raise LayoutError("the table is empty; put some pieces down before saving")
        games.loads(form.text, target.name)
        on_disk = replaced(target)
        if not confirm and on_disk is not None:
            if target == self.file and on_disk != self.current.stamp:
                raise OutputError(
                    "changed on disk since it was opened; save again to replace it",
                    file=target.name,
                    exists=True,
                )
            if target != self.file:
                raise OutputError("already exists; save again to replace it", file=target.name, exists=True)
        write_atomic(target, form.text)
        self.current, self.form = Opened(target, form.text, fingerprint(target)), form
        return {"saved": target.name, "files": self.files()}

    def export(self, form: EditForm, kind: str, overlays: Overlays) -> Export:
        """The layout as a file to download: ``svg`` (the drawing), ``png``
        or ``pdf`` (through cairosvg), ``a4`` or ``letter`` (a PDF of
        true-size pages to print), ``yaml`` (the layout text), or for
        Racepack ``piecepackr`` (CSV) and ``ppn``.  Returns the bytes, the
        media type and a file name.  A kind that grows with the track is
        sized before it is made (see :mod:`trackkit.edit.exporting`)."""
        if kind not in EXPORT_KINDS:
            raise ArgumentError(
                f"must be {', '.join(EXPORT_KINDS[:-1])} or {EXPORT_KINDS[-1]}", parameter="kind"
            )
        opened = self.current
        layout = games.loads(form.text, opened.shown_name).layout
        stem = opened.file.stem if opened.file is not None else "track"
        if kind == "yaml":
            return form.text.encode(), "application/yaml", f"{stem}.yaml"
        if kind in ("piecepackr", "ppn"):
            return piece_export(layout, kind, stem)
        if kind in PAPERS:
            options = replace(self._options(games.find_game(layout.game), overlays), true_size=True)
            return pages_export(layout, options, kind, opened.file)
        return drawing_export(self.drawing(layout, overlays), kind, stem)

    def generate(
        self, form: EditForm, request: dict[str, Any], seed: int | None, overlays: Overlays
    ) -> dict[str, Any]:
        """A random legal layout of the form's game, drawn as ``trackkit
        generate`` draws it with the options of ``request``, answered as
        an edit (see :meth:`check`) with the seed that made it."""
        from trackkit.edit.generating import generated_text
        from trackkit.randomness import resolve_seed

        used = resolve_seed(seed)
        made = generated_text(games.GAMES[form.game], request, used)
        tabletop = games.GAMES[form.game].tabletop
        assert tabletop is not None
        laid = tabletop.text(games.loads(made, "<generated>").layout)
        return {**self.check(EditForm(form.game, merged_text(form.text, laid)), overlays), "seed": used}


def _findings(checked: CheckedFile) -> list[dict[str, Any]]:
    located = json_report(checked)["findings"]
    return [
        {**data, "line_text": finding_line(checked, finding, span), "explain": explain_text(finding.rule)}
        for data, (finding, span) in zip(located, located_findings(checked))
    ]
