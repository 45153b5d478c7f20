"""Reading a ``path`` value (``R 2S R ...``) from a layout file, every tile
traced back to the line and column of its token.

Any game whose file writes its tiles as a path of kinds uses this: the
tokens are found in the file's own characters, so their columns are exact
whether the path is one plain line, quoted, folded over several lines or a
YAML list of tokens.
"""

from __future__ import annotations

from collections.abc import Sequence

import yaml

from trackkit.errors import LayoutError
from trackkit.layoutfile.source import Location, SourceMap
from trackkit.layoutfile.yaml_nodes import at, location, shown
from trackkit.piecepack.circuit import MAX_TILES, MAX_TURNS, Kind
from trackkit.piecepack.geometry import Point
from trackkit.piecepack.path_text import parse_path

__all__ = ["MAX_PILED", "path_pieces", "read_path", "refuse_piled"]

MAX_PILED = 20_000
"""The most tiles a track lays on squares that other tiles already cover.
A legal track covers none twice (that is the overlap rule), and each such
tile costs the rules and drawings as much as any other: a 48 KB path of
87,264 tiles folded onto 36 squares took 3 s to describe.  The hostile
corpus's worst stacks hold 10,000."""


def read_path(node: yaml.Node, text: str, source: SourceMap, most: int = MAX_TILES) -> list[Kind]:
    """The kinds a ``path`` value lists, one per tile, recording in
    ``source`` where each tile's token is and how long it is (a ``2S``'s
    two tiles both point at its two characters).  Raises a located
    :class:`LayoutError` for a bad token, an empty path, more than ``most``
    tiles (a game may hold fewer than
    :data:`~trackkit.piecepack.circuit.MAX_TILES`) or more than
    :data:`~trackkit.piecepack.circuit.MAX_TURNS` corners and chicanes."""
    kinds: list[Kind] = []
    turns = 0
    for piece, (line, column) in path_pieces(node, text):
        try:
            tokens = parse_path(piece)
        except LayoutError as exc:
            raise LayoutError(
                exc.message, line=line, column=column + (exc.column or 1) - 1, hint=exc.hint
            ) from None
        for token in tokens:
            if len(kinds) + token.count > most:
                raise LayoutError(
                    f"the path lays more than {most:,} tiles, the most trackkit handles{_in_game(most)}",
                    line=line,
                    column=column + token.offset,
                    hint="check the counts in the path",
                )
            if token.kind is not Kind.STRAIGHT:
                turns += token.count
                if turns > MAX_TURNS:
                    raise LayoutError(
                        f"the path lays more than {MAX_TURNS:,} corners and chicanes,"
                        " the most trackkit handles",
                        line=line,
                        column=column + token.offset,
                        hint="check the counts in the path",
                    )
            first = len(kinds)
            kinds.extend([token.kind] * token.count)
            where = (line, column + token.offset)
            source.tiles.update(dict.fromkeys(range(first, len(kinds)), where))
            source.widths[where] = token.length
    if not kinds:
        raise at(node, "the path has no tiles", "list the tiles, e.g. 'path: R 2S R ...'")
    return kinds


def _in_game(most: int) -> str:
    return "" if most == MAX_TILES else " in this game"


def path_pieces(node: yaml.Node, text: str) -> list[tuple[str, Location]]:
    """The path's raw text, in pieces, each with where it starts in the file."""
    if isinstance(node, yaml.SequenceNode):
        pieces: list[tuple[str, Location]] = []
        for item in node.value:
            if not isinstance(item, yaml.ScalarNode):
                raise at(item, "each path entry must be a token such as 4S", "write the path as one line")
            pieces.extend(path_pieces(item, text))
        return pieces
    if not isinstance(node, yaml.ScalarNode):
        raise at(node, f"'path' must be text such as 'R 2S R', not {shown(node)}")
    if node.tag != "tag:yaml.org,2002:str":
        # A bare number or word PyYAML read as another type (``path: 4``).
        return [(str(node.value), location(node))]
    raw = text[node.start_mark.index : node.end_mark.index]
    line, column = location(node)
    if node.style in ("|", ">"):
        header_end = raw.find("\n")
        raw, line, column = raw[header_end + 1 :], line + 1, 1
    elif node.style in ("'", '"'):
        raw, column = raw[1:-1], column + 1
    pieces = []
    for number, row in enumerate(raw.split("\n")):
        start_column = column if number == 0 else 1
        pieces.append((row, (line + number, start_column)))
    return pieces


def refuse_piled(centres: Sequence[Point], places: dict[int, Location]) -> None:
    """Raise a :class:`LayoutError` at the tile (where ``places`` says it
    is written) that makes more than :data:`MAX_PILED` tiles lie on
    squares already covered; ``centres`` are the tiles' centres in order.
    A tile is piled when its centre came before, so a track piles as many
    tiles as it has centres beyond its distinct ones: counted at once, the
    tiles are walked only when there are too many, to find the one to name."""
    if len(centres) - len(set(centres)) <= MAX_PILED:
        return
    seen: set[Point] = set()
    piled = 0
    for index, centre in enumerate(centres):
        if centre not in seen:
            seen.add(centre)
            continue
        piled += 1
        if piled > MAX_PILED:
            line, column = places.get(index, (None, None))
            raise LayoutError(
                f"the track lays more than {MAX_PILED:,} tiles on squares other tiles already cover,"
                " the most trackkit handles",
                line=line,
                column=column,
                hint="a legal track covers each square once; check the counts in the path",
            )
