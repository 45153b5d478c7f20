"""Checking layouts against the rules of their game.

This is the one entry point the command line and the other tools use: it
picks the rule book by the layout's ``game`` and returns every finding.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from trackkit.findings import Report
from trackkit.formats.layout_yaml import LoadedLayout, load_layout
from trackkit.racepack import rules as racepack
from trackkit.racepack.layout import Layout


def validate_layout(layout: Layout) -> Report:
    """Every finding for ``layout`` under its game's rules."""
    return racepack.validate(layout)


@dataclass(frozen=True)
class CheckedFile:
    """A layout file, as read, with its report."""

    loaded: LoadedLayout
    report: Report


def check_file(path: str | os.PathLike[str]) -> CheckedFile:
    """Read and validate a layout file.

    Raises :class:`~trackkit.errors.LayoutError` when the file cannot be read
    or is not a layout; a layout that breaks rules gets a report instead.
    """
    loaded = load_layout(path)
    return CheckedFile(loaded, validate_layout(loaded.layout))
