"""Where each part of a layout came from in its file, for messages that point
at a line and column.

Every game's reader fills a :class:`SourceMap` as it goes: the place of each
tile's token or entry, of each top-level key, and of the key each rule is
about, so that a finding can be shown at the place to fix.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from trackkit.findings import Finding

__all__ = ["LoadedLayout", "Location", "SourceMap"]

Location = tuple[int, int]
"""A 1-based (line, column) in the file."""

L = TypeVar("L")


@dataclass
class SourceMap:
    """Where things came from in the file.

    ``tiles`` maps a tile (or card, or space) number to the token or entry
    that made it; ``keys`` maps each top-level key to where it was written;
    ``rule_keys`` names, for a rule about no particular tile, the key its
    findings point at; ``form`` is how the file wrote its track (``path`` or
    ``tiles`` for tile games), the key a finding falls back to.  ``widths``
    says how many characters the token, entry or key written at a place
    takes (a path's ``2S``: 2), so that a message can underline all of it;
    a place without a width is marked from its column to the end of the
    word there.
    """

    tiles: dict[int, Location] = field(default_factory=dict)
    keys: dict[str, Location] = field(default_factory=dict)
    form: str = "path"
    rule_keys: Mapping[str, str] = field(default_factory=dict)
    widths: dict[Location, int] = field(default_factory=dict)

    def tile(self, index: int) -> Location | None:
        return self.tiles.get(index)

    def place(self, index: int, where: Location, width: int | None) -> None:
        """Record that tile (card, space) ``index`` was written at ``where``,
        ``width`` characters long when known."""
        self.tiles[index] = where
        if width is not None:
            self.widths[where] = width

    def finding_location(self, finding: Finding) -> Location:
        """The line and column a finding points at: its first tile's token
        or entry, else the key its rule is about, else the track's key."""
        for tile in finding.tiles:
            place = self.tile(tile)
            if place is not None:
                return place
        for key in (self.rule_keys.get(finding.rule), self.form):
            if key and key in self.keys:
                return self.keys[key]
        return (1, 1)


@dataclass(frozen=True)
class LoadedLayout(Generic[L]):
    """A layout of any game, the file it came from and where each part was
    written; ``text`` is the file's text (empty when the layout was read
    from a node tree alone), from which a message quotes the line at fault."""

    layout: L
    source: SourceMap
    file: str
    text: str = ""
