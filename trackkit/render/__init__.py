"""Drawing tracks: SVG diagrams, printable pages, PNG/PDF and terminal previews.

Importing this package is cheap; the drawing modules (which need svgwrite, or
cairosvg for PNG and PDF) are imported only by whoever uses them.
"""
