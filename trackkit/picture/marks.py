"""What a drawing shows, before it is drawn: a picture made of marks.

A game grows a :class:`Picture` from the setup of its table: every piece
with its place, rotation, side and meaning becomes one or more *marks*
(a shaded space, a wall, a numbered disc, an arrow showing the way
round).  A mark names its *role* (``road``, ``wall``, ``pole``...)
rather than its colour: the drawings' theme turns roles into colours and
line widths, so one picture is painted in print greys or in colour, on
screen or cut into paper pages, by one painter that knows no game.

Every position is in spaces (an inch at true size) from the picture's top
left, ``x`` to the right and ``y`` down the page, as the label placer
(:mod:`trackkit.picture.labels`) works; a picture is :attr:`Picture.width`
by :attr:`Picture.height` spaces.  A role may be several words
(``corner-1 road``): the styles of each word, in order, apply to the mark.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from trackkit.picture.key import LegendItem
from trackkit.picture.labels import LabelPlacer, Placed
from trackkit.picture.paper import Box, Paper, words_box
from trackkit.picture.shapes import Point

__all__ = [
    "Area",
    "Box",
    "Chequer",
    "Disc",
    "Glyph",
    "Group",
    "Label",
    "Line",
    "Mark",
    "Path",
    "Picture",
    "Piece",
    "Polyline",
    "Route",
    "Squares",
    "Text",
    "Tile",
    "bounds_of",
    "leaves",
]


@dataclass(frozen=True)
class Area:
    """A filled polygon through ``points``: a space of the road, a shaded
    corner, an arrow head."""

    points: tuple[Point, ...]
    role: str = ""


@dataclass(frozen=True)
class Tile:
    """An upright square or oblong from (``left``, ``top``) to (``right``,
    ``bottom``): a tile on the table, or a card when its corners are
    rounded to a ``corner`` radius."""

    left: float
    top: float
    right: float
    bottom: float
    role: str = ""
    corner: float = 0.0


@dataclass(frozen=True)
class Line:
    """A straight stroke from ``start`` to ``end``: a wall, a divider."""

    start: Point
    end: Point
    role: str = ""


@dataclass(frozen=True)
class Chequer(Line):
    """A chequered line ``weight`` spaces thick from ``start`` to ``end``:
    a finish line, light squares on the ink (role ``chequer``)."""

    weight: float = 0.16


@dataclass(frozen=True)
class Path:
    """Strokes drawn as one outline, each straight from its first point
    through the others in turn: the grid dividing every tile into its
    spaces, the curved arrow round a corner.  ``closed`` strokes end back
    at their first point (a tile's border, an arrowhead)."""

    strokes: tuple[tuple[Point, ...], ...]
    role: str = ""
    closed: bool = False


@dataclass(frozen=True)
class Route:
    """A way followed through ``points`` in turn, drawn as one unbroken
    line: a racing line through the spaces a car passes."""

    points: tuple[Point, ...]
    role: str = ""


@dataclass(frozen=True)
class Squares:
    """Upright boxes (``left, top, right, bottom``) drawn as one outline:
    the dark squares of a chequered band."""

    boxes: tuple[Box, ...]
    role: str = ""


@dataclass(frozen=True)
class Piece:
    """A piece standing on the table seen from above, ``size`` spaces
    across from its middle (a radius; a die's whole side), drawn as the
    drawings draw its ``kind``: ``die`` (turned to the face for ``words``
    laps), ``disc`` (a numbered disc), ``pawn`` and ``pole`` (a car's pawn,
    the pole car's dark), ``coin`` (a null coin, suit ``words`` up),
    ``diamond`` (where a turn ends) or ``letter`` (bold ``words`` in the
    colour of its role).  A key's ``sample`` is drawn with lighter outlines."""

    kind: str
    centre: Point
    size: float
    words: str = ""
    role: str = ""
    sample: bool = False


@dataclass(frozen=True)
class Polyline:
    """One stroke through ``points`` in turn, ``width`` thick, dashed by
    ``dash`` (lengths of stroke and gap, none for a solid line): a road's
    centre line, a flagpole.  In a :class:`Glyph` its points and lengths
    are in the glyph's own square."""

    points: tuple[Point, ...]
    width: float
    role: str = ""
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Glyph:
    """A small picture drawn in a square ``side`` spaces wide centred on
    ``centre`` (an icon on a card, its sample in the key): its ``marks``
    (:class:`Polyline`, :class:`Area`, :class:`Text`) are set in the
    square's own measure, ``x`` to the right and ``y`` down from -0.5 to
    0.5, and scaled into it when painted; a filled shape whose role gives
    it an outline is outlined ``outline`` of the side thick, and a text
    is centred on its point."""

    centre: Point
    side: float
    marks: tuple[Mark, ...]
    outline: float = 0.03
    role: str = ""


@dataclass(frozen=True)
class Disc:
    """A circle of ``radius`` round ``centre``: filled or a ring, as its
    role says (a pole disc, a grid place, a coin)."""

    centre: Point
    radius: float
    role: str = ""


@dataclass(frozen=True)
class Text:
    """One line of ``words`` starting at ``at`` (its baseline's left end, or
    its middle when ``middle``), ``size`` spaces high (``None``: the size
    its group gives), bold or not."""

    words: str
    at: Point
    size: float | None = None
    role: str = ""
    bold: bool = False
    middle: bool = False


@dataclass(frozen=True)
class Label:
    """A label the label placer set (:class:`~trackkit.picture.labels.Placed`),
    drawn with its leader line when it stands away from what it names."""

    placed: Placed
    role: str = ""


@dataclass(frozen=True)
class Group:
    """Marks that belong together, drawn in order: a layer of the picture
    (``name`` identifies it), a symbol no label may cover (``classes``
    says which), a key item.  ``role`` styles every mark in it; ``size``,
    ``bold`` and ``middle`` set its lettering."""

    marks: tuple[Mark, ...]
    name: str = ""
    role: str = ""
    classes: str = ""
    size: float | None = None
    bold: bool = False
    middle: bool = False


Mark = (
    Area | Tile | Line | Chequer | Path | Polyline | Glyph | Route | Squares | Piece | Disc | Text | Label
    | Group
)
"""Anything a picture shows."""


@dataclass(frozen=True)
class Picture:
    """A drawing of one layout, ready to paint.

    ``name`` names the picture's outermost layer; ``title`` and ``facts``
    are its heading and the line of facts under it (the pages' captions
    repeat the title); ``width`` and ``height`` its size in spaces;
    ``marks`` everything it shows, painted in order; ``legend`` the key's
    entries; ``placer`` the record of every symbol and label set, which a
    page map keeps its page numbers clear of.

    A picture without a ``name`` is painted without an outermost layer.
    An ``exact`` picture is written to a hundredth of a unit as it is (the
    tile games' pictures), not rounded to whole pixels and tenths of a unit.
    ``plan``, when given, holds the boxes of the pieces and of the lines of
    words the paper pages are planned around, in place of every mark's
    (a course plans them around its tiles alone, a coin standing over a
    tile's edge being part of its tile).  ``narrow`` grows the same picture
    with its lines of words narrowed to a printed page's width: the pages
    print whichever of the two takes fewer sheets, then fewer slivers.
    ``on_paper``, when given, grows the picture as printed on a paper
    (a key narrowed until no sheet carries only the end of one of its
    rows), in place of ``narrow``."""

    name: str
    title: str
    facts: tuple[str, ...]
    width: float
    height: float
    marks: tuple[Mark, ...]
    legend: tuple[LegendItem, ...]
    placer: LabelPlacer
    exact: bool = False
    plan: tuple[tuple[Box, ...], tuple[Box, ...]] | None = None
    narrow: Callable[[], Picture] | None = None
    on_paper: Callable[[Paper], Picture] | None = None


def leaves(marks: tuple[Mark, ...], size: float | None = None) -> Iterator[tuple[Mark, float | None]]:
    """Every mark that is not a group, in painting order, with the size of
    lettering its groups give it."""
    for mark in marks:
        if isinstance(mark, Group):
            yield from leaves(mark.marks, mark.size if mark.size is not None else size)
        else:
            yield mark, size


def _spread(points: tuple[Point, ...], margin: float = 0.0) -> Box:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)


def bounds_of(mark: Mark, size: float | None = None) -> Box | None:
    """The box a mark that is not a group covers (``size``: the lettering
    size its groups give); ``None`` for a group."""
    if isinstance(mark, Area):
        return _spread(mark.points)
    if isinstance(mark, Tile):
        return (mark.left, mark.top, mark.right, mark.bottom)
    if isinstance(mark, (Line, Chequer)):
        weight = mark.weight / 2 if isinstance(mark, Chequer) else 0.0
        return _spread((mark.start, mark.end), weight)
    if isinstance(mark, Path):
        return _spread(tuple(point for stroke in mark.strokes for point in stroke)) if mark.strokes else None
    if isinstance(mark, Glyph):
        return _spread((mark.centre,), mark.side / 2)
    if isinstance(mark, Polyline):
        return _spread(mark.points, mark.width / 2)
    if isinstance(mark, Route):
        return _spread(mark.points) if mark.points else None
    if isinstance(mark, Squares):
        corners = tuple(point for b in mark.boxes for point in ((b[0], b[1]), (b[2], b[3])))
        return _spread(corners) if corners else None
    if isinstance(mark, (Disc, Piece)):
        radius = mark.radius if isinstance(mark, Disc) else mark.size / (2 if mark.kind == "die" else 1)
        return _spread((mark.centre,), radius)
    if isinstance(mark, Label):
        return mark.placed.box.bounds()
    if isinstance(mark, Text):
        height = mark.size if mark.size is not None else size or 0.0
        box = words_box(mark.words, mark.at[0], mark.at[1], height, mark.bold)
        shift = (box[2] - box[0]) / 2 if mark.middle else 0.0
        return (box[0] - shift, box[1], box[2] - shift, box[3])
    return None
