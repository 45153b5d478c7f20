"""The page's "Export" menu: the layout as a file to download, each kind
sized before the work starts.

A long track on paper is the slow export: its true-size drawing cut into
dozens of pages.  The pages are counted first (laying them out, drawing
none) and a print past what one PDF holds
(:data:`~trackkit.picture.paper.MAX_PDF_PAGES`, the limit ``render --paper``
keeps) is refused at once with its count.  A PNG is measured before cairo
fills a pixel, against the limits of ``render -o track.png``
(:func:`~trackkit.render.raster.png_bytes` refuses it).  The form itself
holds at most :data:`~trackkit.edit.form.MAX_EDITED_TILES` tiles.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from trackkit import games
from trackkit.errors import ArgumentError, LimitError
from trackkit.render.options import RenderOptions

__all__ = ["EXPORT_KINDS", "PAPERS", "Export", "drawing_export", "pages_export", "piece_export"]

PAPERS = ("a4", "letter")
"""The paper sizes a true-size export is cut into (``render --paper``)."""

EXPORT_KINDS = ("svg", "png", "pdf", *PAPERS, "yaml", "piecepackr", "ppn")
"""Every kind of file the page exports."""

Export = tuple[bytes, str, str]
"""An export: its bytes, its media type and the file name offered."""


def piece_export(layout: Any, kind: str, stem: str) -> Export:
    """The layout's pieces (its game's setup) as piecepackr CSV or a PPN text."""
    game = games.find_game(layout.game)
    if game.setup is None or not game.setup(layout).pieces:
        raise ArgumentError(
            f"this {game.title} layout sets out no piecepack pieces to export", parameter="kind"
        )
    from trackkit.export import piecepackr_csv, ppn_text

    if kind == "piecepackr":
        return piecepackr_csv(layout).encode(), "text/csv", f"{stem}.csv"
    return ppn_text(layout).encode(), "text/plain", f"{stem}.ppn"


def drawing_export(svg: str, kind: str, stem: str) -> Export:
    """The drawing as SVG, or drawn by cairo as PNG (refused past
    ``render``'s pixel limits before any pixel is drawn) or a one-page PDF."""
    if kind == "svg":
        return svg.encode(), "image/svg+xml", f"{stem}.svg"
    from trackkit.render.raster import pdf_bytes, png_bytes

    if kind == "png":
        return png_bytes(svg), "image/png", f"{stem}.png"
    return pdf_bytes([svg]), "application/pdf", f"{stem}.pdf"


def refuse_long_print(layout: Any, options: RenderOptions, paper: str, name: str) -> None:
    """Raise :class:`~trackkit.errors.LimitError`, before any page is drawn,
    when the print takes more sheets than one PDF holds, saying how to
    print the layout file ``name`` as SVG pages instead."""
    from trackkit.picture.paper import MAX_PDF_PAGES
    from trackkit.render.pages import get_paper

    sheet = get_paper(paper)
    counter = games.find_game(layout.game).count_pages
    count = 0 if counter is None else counter(layout, options, sheet)
    if count > MAX_PDF_PAGES:
        raise LimitError(
            f"the track would take {count:,} {sheet.name} pages and a PDF holds at most {MAX_PDF_PAGES};"
            f" print it as SVG pages: trackkit render {shlex.quote(name)} --paper {paper} -o pages.svg"
        )


def pages_export(layout: Any, options: RenderOptions, paper: str, file: Path | None) -> Export:
    """The track at true size (tiles 2 inches square when printed at
    100 %) on numbered pages of ``paper``, as one PDF: what ``render
    --paper`` writes, counted before it is drawn.  ``file`` is the layout
    file edited (``None``: a new layout)."""
    from trackkit.render.raster import pdf_bytes

    refuse_long_print(layout, options, paper, file.name if file is not None else "FILE.yaml")
    stem = file.stem if file is not None else "track"
    from trackkit.picture.paper import get_paper

    pages = games.find_game(layout.game).draw_pages(layout, options, get_paper(paper))
    return pdf_bytes(pages), "application/pdf", f"{stem}-{paper}.pdf"
