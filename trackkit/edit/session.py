"""One editing session: the files opened, and every answer the page gets.

Each edit sends a whole form, the game and the layout file's text (see
:mod:`trackkit.edit.form`); the session reads that text with the game's
own reader, checks it with the game's rules and draws it with the game's
renderer, exactly as ``validate`` and ``render`` would do with the saved
file.  Nothing here knows a rule.  Files are read and written only inside
the session's *folder* (the opened file's folder, or the working folder):
any other path raises :class:`~trackkit.errors.AccessError`.  Each tab
states the file it opened and the version it holds (see
:mod:`trackkit.edit.versions`); a request stating none works on the file
the editor was started on.
"""

from __future__ import annotations

import contextlib
import threading
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from trackkit import games
from trackkit.edit.answers import Overlays, answer, drawing, read_overlays, render_options
from trackkit.edit.exporting import EXPORT_KINDS, PAPERS, Export, drawing_export, pages_export, piece_export
from trackkit.edit.files import refuse_bad_name, regular, replaced
from trackkit.edit.form import MAX_EDITED_PIECES, EditForm, edited_game, edited_games
from trackkit.edit.tabled import layout_of, shown_table, track_of
from trackkit.edit.versions import NEW_FILE_TEXT, Opened, Versions, refuse_stale, version_of
from trackkit.errors import AccessError, ArgumentError, LayoutError, LimitError, OutputError, TrackkitError
from trackkit.fileio import write_atomic
from trackkit.formats.edit_form import merged_text, top_values, unset_values, with_values
from trackkit.formats.report import error_json
from trackkit.layoutfile.files import read_text
from trackkit.tabletop import Placement

__all__ = ["NEW_FILE_TEXT", "Opened", "Overlays", "Session", "read_overlays"]

LAYOUT_SUFFIXES = (".yaml", ".yml")
"""The endings of the layout files the editor opens and saves."""

MAX_LISTED_FILES = 200
"""The most layout files the page's file list shows."""


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


Reading = tuple[Opened, EditForm, list[dict[str, Any]]]
"""A file as a tab opens it (see :meth:`Session.read`): the version read,
its form, and the located errors of a file that cannot be read."""


class Session:
    """The editor's state on the server: the folder it may touch, the file
    it was started on (``current``, see :class:`Opened`) with its form, and
    the versions the tabs opened (:class:`~trackkit.edit.versions.Versions`).

    The server answers requests in threads of their own: saving takes turns
    through ``lock`` (a version is compared and the file written as one
    step), while opening, checks, drawings and exports (slow for a long
    track) run side by side, each on the version its tab states."""

    def __init__(self, file: Path | None, *, game: str = games.DEFAULT_GAME) -> None:
        edited_game(game)
        self.folder = (file.parent if file is not None else Path.cwd()).resolve()
        self.lock = threading.Lock()
        self.versions = Versions()
        self.current = Opened()
        self.form = EditForm(game, new_text(game))
        self.problems: list[dict[str, Any]] = []
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
            self.current, self.form, self.problems = self.read(path)

    def read(self, path: Path) -> Reading:
        """``path`` as a tab opens it (see :data:`Reading`; the version is
        kept for the tab's later requests): a file not there yet is an empty
        table, one that cannot be read opens in the text pane.  Raises
        :class:`~trackkit.errors.LayoutError` for a game the editor does not
        lay, :class:`~trackkit.errors.LimitError` past its pieces."""
        if not regular(path):
            return Opened(path), EditForm(self.form.game, new_text(self.form.game)), []
        text = read_text(path)
        game = _game_named(text, self.form.game)
        if games.GAMES[game].tabletop is None:
            raise LayoutError(
                f"the editor lays layouts of {', '.join(edited_games())}, not {game!r}", file=path.name
            )
        problems: list[dict[str, Any]] = []
        try:
            loaded = layout_of(EditForm(game, text), path.name)
        except LayoutError as error:
            problems, loaded = error_json(error)["errors"], None
        if (
            loaded is not None
            and len(shown_table(games.GAMES[game], loaded.layout)["spots"]) > MAX_EDITED_PIECES
        ):
            raise LimitError(f"the layout has more than {MAX_EDITED_PIECES} pieces, the most the editor lays")
        opened = Opened(path, text, version_of(text))
        self.versions.keep(opened)
        return opened, EditForm(game, text), problems

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

    def opened(self, start: Reading | None = None) -> dict[str, Any]:
        """What a tab starts from: the form, the file's name in the folder,
        its version, and the located errors of a file that cannot be read
        (opened in the text pane); the file the session was started on unless ``start`` (what
        :meth:`read` gives) says another."""
        opened, form, problems = start or (self.current, self.form, self.problems)
        return {
            "form": asdict(form),
            "file": self.name_of(opened.file),
            "version": opened.version,
            "folder": str(self.folder),
            "files": self.files(),
            "problems": problems,
            "games": list(edited_games()),
        }

    def name_of(self, path: Path | None) -> str | None:
        """A file's name as the page states it: its path in the folder."""
        return None if path is None else path.relative_to(self.folder).as_posix()

    # --- checking ----------------------------------------------------------------

    def warm(self) -> None:
        """Answer the file the session was started on once, before the page
        asks: the first answer loads the drawing's code (a quarter of a
        second), and the page's first edit then finds it kept.  Run while
        the browser starts; a refusal (an unreadable or too large track)
        is left for the page's own request to meet and say."""
        with contextlib.suppress(TrackkitError):
            if self.file is not None and not self.problems:
                self.check(self.form, Overlays())

    def check(self, form: EditForm, overlays: Overlays, based: Opened | None = None) -> dict[str, Any]:
        """The answer to one edit of the file ``based`` on (by default the
        file the session was started on): see :func:`~trackkit.edit.answers.answer`."""
        return answer(form, overlays, (based or self.current).shown_name)

    def place(
        self, form: EditForm, placement: Placement, overlays: Overlays, based: Opened | None = None
    ) -> dict[str, Any]:
        """The answer to a placement on the table: the layout after it
        (see :meth:`check`).  A text that cannot be read is mended in the
        text pane first."""
        tabletop = games.GAMES[form.game].tabletop
        assert tabletop is not None
        loaded = layout_of(form, (based or self.current).shown_name)
        placed = tabletop.place(loaded.layout if loaded else None, placement)
        base = form.text or new_text(form.game)
        laid = tabletop.text(placed)
        if loaded is None:  # the first piece: the settings made on the empty table stay
            laid = with_values(laid, unset_values(base, laid))
        return self.check(EditForm(form.game, merged_text(base, laid)), overlays, based)

    def settings(
        self, form: EditForm, values: dict[str, Any], overlays: Overlays, based: Opened | None = None
    ) -> dict[str, Any]:
        """The answer to settings changed (``None``: back to the game's default)."""
        return self.check(EditForm(form.game, with_values(form.text, values)), overlays, based)

    @staticmethod
    def drawing(layout: Any, overlays: Overlays) -> str:
        """The layout drawn as ``render`` draws it (see :func:`~trackkit.edit.answers.drawing`)."""
        return drawing(layout, overlays)

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
        if not track_of(form):
            raise LayoutError("the table is empty; put some pieces down before saving")
        games.loads(form.text, target.name)
        on_disk = replaced(target, own=target == base.file)
        if not confirm:
            refuse_stale(target, base, on_disk)
        write_atomic(target, form.text)
        saved = Opened(target, form.text, version_of(form.text))
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
        layout = games.loads(form.text, opened.shown_name).layout
        stem = opened.file.stem if opened.file is not None else "track"
        if kind == "yaml":
            return form.text.encode(), "application/yaml", f"{stem}.yaml"
        if kind in ("piecepackr", "ppn"):
            return piece_export(layout, kind, stem)
        if kind in PAPERS:
            options = replace(render_options(games.find_game(layout.game), overlays), true_size=True)
            return pages_export(layout, options, kind, opened.file)
        return drawing_export(self.drawing(layout, overlays), kind, stem)

    def generate(
        self,
        form: EditForm,
        request: dict[str, Any],
        seed: int | None,
        overlays: Overlays,
        based: Opened | None = None,
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
        checked = self.check(EditForm(form.game, merged_text(form.text, laid)), overlays, based)
        return {**checked, "seed": used}
