"""Drawing tracks: SVG diagrams, printable pages, PNG/PDF and terminal previews.

Importing this package is cheap; the drawing modules (the painter and its
SVG elements, cairosvg for PNG and PDF) are imported only by whoever uses them.
"""
