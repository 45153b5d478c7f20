"""Opening the editor's page in a browser without putting its token on a
command line.

A browser started with the page's address carries the address, token and
all, in its command line, which any user of the machine can read (``ps``).
So the address goes into a small HTML page that only the user can read
(mode ``0600``, in a fresh folder only the user can enter) and that sends
the browser on to it; the browser is given that file's ``file://`` URL.
Jupyter opens its notebooks the same way.
"""

from __future__ import annotations

import html
import tempfile
from pathlib import Path

from trackkit.fileio import write_atomic

__all__ = ["PAGE_NAME", "redirect_page", "write_redirect_page"]

PAGE_NAME = "open-editor.html"
"""The name of the page that sends the browser on to the editor."""


def redirect_page(address: str) -> str:
    """An HTML page that sends the browser straight on to ``address`` (a
    link to follow too, should the browser not)."""
    shown = html.escape(address, quote=True)
    return (
        "<!DOCTYPE html>\n"
        '<html><head><meta charset="utf-8">\n'
        '<meta name="referrer" content="no-referrer">\n'
        f'<meta http-equiv="refresh" content="0; url={shown}">\n'
        "<title>trackkit edit</title></head>\n"
        f'<body><p>Opening the editor: <a href="{shown}">{shown}</a></p></body></html>\n'
    )


def write_redirect_page(address: str) -> Path:
    """Write :func:`redirect_page` of ``address`` into a new private folder
    and give its path; the caller removes the folder when the editor stops."""
    folder = Path(tempfile.mkdtemp(prefix="trackkit-edit-"))
    page = folder / PAGE_NAME
    write_atomic(page, redirect_page(address), replace=False, mode=0o600)
    return page
