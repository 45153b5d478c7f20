"""``trackkit edit``: lay a track in the browser, with the rules checked as
you go.

The editor is an outer layer, like the command line: a small local web
server (:mod:`trackkit.edit.server`) and one static page shipped in the
package (``static/``: HTML, JavaScript and CSS, no build step, nothing
fetched from elsewhere; ``saving.js`` holds its files and saving,
``showing.js`` shows an answer, ``table.js`` the table and the pointer on
it, ``settings.js`` the game's forms and exports, and ``editor.js``, loaded
last, the page's state, its edits and keys).  The
page keeps the *form* being edited (the game and the layout file's text,
:mod:`trackkit.edit.form`) and sends it with every edit; the session
(:mod:`trackkit.edit.session`) makes the edit in that text with the
game's ``tabletop`` and answers with the table and the game's own drawing
and findings.  Every rule, every piece
of geometry and every drawing stays in the library.
:mod:`trackkit.edit.files` keeps the files touched to plain layout files
with names every system takes, :mod:`trackkit.edit.versions` keeps each
tab to the file and version it opened (so no save loses another's work),
:mod:`trackkit.edit.exporting` sizes each download before making it, and
:mod:`trackkit.edit.launch` opens the browser without the run's token on a
command line, and :mod:`trackkit.edit.wire` holds what the server sends and
takes on a connection beside the requests (the largest body, a download's
name, a refused body thrown away unread).
"""

from __future__ import annotations

__all__: list[str] = []
