"""One editing session: the file opened, and every answer the page gets.

A session answers the page's requests on the *base text* of the file a
tab opened (the layout file as opened, comments and all).  Each edit sends
a whole form (see :mod:`trackkit.edit.form`); the session writes it into
the base text, reads that text back with the game's own reader, checks it
with the game's rules and draws it with the game's renderer, exactly as
``validate`` and ``render`` would do with the saved file.  Nothing here
knows a rule.

Files are read and written only inside the session's *folder* (the opened
file's folder, or the working folder): any other path raises
:class:`~trackkit.errors.AccessError`.  Each tab of the page states the
file it opened and the version it holds (see :mod:`trackkit.edit.versions`);
a request that states none works on the file the editor was started on.
"""

from __future__ import annotations

import threading
from dataclasses import asdict, dataclass, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from trackkit import games
from trackkit.edit.exporting import EXPORT_KINDS, PAPERS, Export, drawing_export, pages_export, piece_export
from trackkit.edit.files import refuse_bad_name, regular, replaced
from trackkit.edit.form import (
    EDITED_GAMES,
    GAME_KEYS,
    EditForm,
    form_of_values,
    form_values,
)
from trackkit.edit.versions import NEW_FILE_TEXT, Opened, Versions, refuse_stale, version_of
from trackkit.errors import AccessError, ArgumentError, LayoutError, OutputError, TrackkitError
from trackkit.fileio import write_atomic
from trackkit.formats.edit_form import edited_values, with_values
from trackkit.formats.report import (
    CheckedFile,
    error_json,
    finding_line,
    json_report,
    located_findings,
    summary_line,
)
from trackkit.layoutfile.files import read_text
from trackkit.render.options import RenderOptions

__all__ = ["NEW_FILE_TEXT", "Opened", "Overlays", "Session", "form_json"]

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


def form_json(form: EditForm) -> dict[str, Any]:
    """A form as the page keeps it (ramps as a tile-to-coins object)."""
    data = asdict(form)
    data["path"] = list(form.path)
    data["ramps"] = {str(tile): coins for tile, coins in form.ramps}
    return data


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


@lru_cache(maxsize=8)
def _keys_of(text: str) -> frozenset[str]:
    """The edited keys a layout text gives (the base text, asked once per edit)."""
    return frozenset(edited_values(text))


class Session:
    """The editor's state on the server: the folder it may touch, the file
    it was started on (``current``, see :class:`Opened`) with its form, and
    the versions the tabs opened (:class:`~trackkit.edit.versions.Versions`).

    The server answers requests in threads of their own: saving takes turns
    through ``lock`` (a version is compared and the file written as one
    step), while opening, checks, drawings and exports (slow for a long
    track) run side by side, each on the version its tab states."""

    def __init__(self, file: Path | None, *, game: str = games.DEFAULT_GAME) -> None:
        if game not in EDITED_GAMES:
            raise ArgumentError(f"must be one of {', '.join(EDITED_GAMES)}", parameter="game")
        self.folder = (file.parent if file is not None else Path.cwd()).resolve()
        self.lock = threading.Lock()
        self.versions = Versions()
        self.current = Opened()
        self.form = EditForm(game=game)
        self.notes: list[str] = []
        if file is not None:
            self.open(file.resolve())

    @property
    def file(self) -> Path | None:
        return self.current.file

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
        self.current, self.form, self.notes = self.read(path)

    def read(self, path: Path) -> tuple[Opened, EditForm, list[str]]:
        """``path`` as a tab opens it: the version read (kept for the tab's
        later requests), its form and notes (a file that does not exist yet
        starts empty).  Raises :class:`~trackkit.errors.LayoutError` when it
        is not a layout the editor can change."""
        if not regular(path):
            return Opened(path), EditForm(game=self.form.game), []
        text = read_text(path)
        version, notes = version_of(text), []
        layout = games.loads(text, str(path)).layout
        values = edited_values(text)
        if "path" not in values:
            game = games.find_game(layout.game)
            if game.convert is None:
                raise LayoutError(f"the editor lays tracks for {' and '.join(EDITED_GAMES)}", file=str(path))
            text = game.convert(layout, "path")
            values = edited_values(text)
            notes.append("the tiles list is written as a path when saved; its comments are not kept")
        opened = Opened(path, text, version)
        self.versions.keep(opened)
        return opened, form_of_values(values), notes

    def based(self, name: str | None, version: str | None) -> Opened:
        """The version ``version`` of the file ``name`` a tab opened
        (``None``: a new layout, or a file that was not there); raises
        :class:`~trackkit.errors.OutputError` when that version is no
        longer kept and the file has changed since."""
        if name is None:
            return Opened()
        path = self.resolve(name)
        if version is None:
            return Opened(path)
        text = self.versions.text(version)
        if text is not None:
            return Opened(path, text, version)
        opened = self.read(path)[0]
        if opened.version != version:
            raise OutputError(
                "changed since this tab opened it and its text is no longer kept; reload it", file=path.name
            )
        return opened

    def opened(self, start: tuple[Opened, EditForm, list[str]] | None = None) -> dict[str, Any]:
        """What a tab starts from: the form, the file's name in the folder,
        its version and notes; the file the session was started on unless
        ``start`` (what :meth:`read` gives) says another."""
        opened, form, notes = start or (self.current, self.form, self.notes)
        return {
            "form": form_json(form),
            "file": self.name_of(opened.file),
            "version": opened.version,
            "folder": str(self.folder),
            "files": self.files(),
            "notes": notes,
            "games": list(EDITED_GAMES),
        }

    def name_of(self, path: Path | None) -> str | None:
        """A file's name as the page states it: its path in the folder."""
        return None if path is None else path.relative_to(self.folder).as_posix()

    # --- checking ----------------------------------------------------------------

    def text_of(self, form: EditForm, base: str | None = None) -> str:
        """The layout file the form makes: the base text (the opened file's
        unless ``base`` is given) with the form's keys set, and any key only
        another game takes removed."""
        base = self.current.text if base is None else base
        others = {key for game, keys in GAME_KEYS.items() if game != form.game for key in keys}
        values = form_values(form, tuple(others - set(GAME_KEYS[form.game])))
        if form.game == games.DEFAULT_GAME and "game" not in _keys_of(base):
            del values["game"]  # a file that names no game is a Racepack layout already
        return with_values(base, values)

    def check(self, form: EditForm, overlays: Overlays, based: Opened | None = None) -> dict[str, Any]:
        """The answer to one edit of the file ``based`` on (by default the
        file the session was started on): the layout text, the drawing
        (``svg``), the findings as ``validate --format json`` gives them
        with each one's ``validate`` line and ``explain`` text, the reader's
        errors when the text cannot be read, and the track's ``status``."""
        opened = based or self.current
        text = self.text_of(form, opened.text)
        answer: dict[str, Any] = {"text": text, "form": form_json(form), "svg": None, "findings": []}
        answer["errors"] = []
        answer["status"] = {"tiles": len(form.path), "supply": 24 * (form.packs or 1)}
        if not form.path:
            answer["errors"] = [{"message": "no tiles yet: add one from the palette", "hint": None}]
            return answer
        try:
            loaded = games.loads(text, opened.shown_name)
        except LayoutError as error:
            answer["errors"] = error_json(error)["errors"]
            return answer
        game = games.find_game(loaded.layout.game)
        checked = CheckedFile(loaded, game.validate(loaded.layout), game.size(loaded.layout))
        answer["findings"] = _findings(checked)
        answer["status"] = _status(checked, form)
        try:
            answer["svg"] = self.drawing(loaded.layout, overlays)
        except TrackkitError as error:
            answer["errors"] = [{"message": f"cannot draw this: {error}", "hint": None}]
        return answer

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

    def save(
        self, form: EditForm, name: str | None, confirm: bool, based: Opened | None = None
    ) -> dict[str, Any]:
        """Write the form's layout into the file ``based`` on (by default
        the file the session was started on), or ``name`` in the folder
        ("Save as"), and give the name and version saved.  The text must
        read back as a layout.  Unless ``confirm``, raises
        :class:`~trackkit.errors.OutputError` with ``exists`` set, writing
        nothing, when the file changed since that version (another tab or
        program saved it) or ``name`` is another file that exists (see
        :func:`~trackkit.edit.versions.refuse_stale`); and whatever
        ``confirm`` says when the file there does not read as a trackkit
        layout (another program's YAML) or is not a plain file."""
        with self.lock:
            return self._save(form, name, confirm, based or self.current)

    def _save(self, form: EditForm, name: str | None, confirm: bool, base: Opened) -> dict[str, Any]:
        target = self.resolve(name) if name else base.file
        if target is None:
            raise ArgumentError("give the new layout a file name", parameter="file")
        text = self.text_of(form, base.text)
        if not form.path:
            raise LayoutError("the track has no tiles yet; add some before saving")
        games.loads(text, target.name)
        on_disk = replaced(target)
        if not confirm:
            refuse_stale(target, base, on_disk)
        write_atomic(target, text)
        saved = Opened(target, text, version_of(text))
        self.versions.keep(saved)
        if base is self.current:
            self.current, self.form = saved, form
        return {"saved": self.name_of(target), "version": saved.version, "files": self.files()}

    def export(self, form: EditForm, kind: str, overlays: Overlays, based: Opened | None = None) -> Export:
        """The layout as a file to download: ``svg`` (the drawing), ``png``
        or ``pdf`` (through cairosvg), ``a4`` or ``letter`` (a PDF of
        true-size pages to print), ``yaml`` (the layout text), or for
        Racepack ``piecepackr`` (CSV) and ``ppn``.  Returns the bytes, the
        media type and a file name.  A kind that grows with the track is
        sized before it is made (see :mod:`trackkit.edit.exporting`).
        ``based``: the file the tab opened (its text and name)."""
        if kind not in EXPORT_KINDS:
            raise ArgumentError(
                f"must be {', '.join(EXPORT_KINDS[:-1])} or {EXPORT_KINDS[-1]}", parameter="kind"
            )
        opened = based or self.current
        text = self.text_of(form, opened.text)
        layout = games.loads(text, opened.shown_name).layout
        stem = opened.file.stem if opened.file is not None else "track"
        if kind == "yaml":
            return text.encode(), "application/yaml", f"{stem}.yaml"
        if kind in ("piecepackr", "ppn"):
            return piece_export(layout, kind, stem)
        if kind in PAPERS:
            options = replace(self._options(games.find_game(layout.game), overlays), true_size=True)
            return pages_export(layout, options, kind, opened.file)
        return drawing_export(self.drawing(layout, overlays), kind, stem)

    def generate(self, form: EditForm, seed: int | None) -> dict[str, Any]:
        """A random legal track of the form's game and settings, as a form,
        with the seed that made it."""
        from trackkit.edit.generating import generated_text
        from trackkit.randomness import resolve_seed

        used = resolve_seed(seed)
        values = edited_values(generated_text(form, used))
        return {"form": form_json(form_of_values(values)), "seed": used}


def _findings(checked: CheckedFile) -> list[dict[str, Any]]:
    located = json_report(checked)["findings"]
    return [
        {**data, "line_text": finding_line(checked, finding, span), "explain": explain_text(finding.rule)}
        for data, (finding, span) in zip(located, located_findings(checked))
    ]


def _status(checked: CheckedFile, form: EditForm) -> dict[str, Any]:
    """Tiles used against the packs' supply, whether the track closes (a
    loop) or where it finishes (a course), and the ``validate`` verdict."""
    layout = checked.loaded.layout
    circuit = getattr(layout, "circuit", None)
    closure = (
        ("closed" if circuit.is_whole else "open")
        if circuit is not None
        else f"course: finish on tile {len(form.path) - 1}"
    )
    return {
        "tiles": len(form.path),
        "supply": layout.tile_supply,
        "size": checked.size,
        "closure": closure,
        "valid": checked.report.valid,
        "summary": summary_line(checked),
    }
