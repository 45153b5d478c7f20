"""The pure domain model: headings, tiles, circuits and layouts.

Nothing in this package reads files, draws pictures or talks to a terminal; it
imports only the standard library.  Rules, analysis, file formats, rendering
and the command line are built on top of it.
"""
