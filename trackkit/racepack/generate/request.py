"""What a generated track must be: the request, its checks and its words in messages."""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.errors import ArgumentError, GenerationError
from trackkit.piecepack.equipment import TILES_PER_PACK
from trackkit.piecepack.geometry import TILE
from trackkit.racepack.circuits import (
    RANDOM_LIMIT,
)
from trackkit.racepack.constructions import (
    LONG_COURSE,
    LONG_COURSE_LAPS,
    PIT_LENGTH,
    SHORT_COURSE_LAPS,
    grid_depth,
)
from trackkit.racepack.generate.people import MOST_TWISTY, main_straight_wanted, most_corners
from trackkit.racepack.layout import MAX_LAPS, MAX_PACKS
from trackkit.racepack.rules.cars import FEWEST_CARS, MOST_CARS, ONE_PACK_CARS

__all__ = [
    "ANY",
    "CHICANE_TRIES",
    "CLOCKWISE",
    "COUNTERCLOCKWISE",
    "DEFAULT_TILES",
    "DIRECTIONS",
    "MAX_COUNT",
    "WALK_TRIES",
    "GenerationRequest",
    "any_hint",
    "check_possible",
    "check_request",
    "constraint_words",
]

ANY = "any"
CLOCKWISE = "clockwise"
COUNTERCLOCKWISE = "counterclockwise"
DIRECTIONS = (ANY, CLOCKWISE, COUNTERCLOCKWISE)
"""The values of :attr:`GenerationRequest.direction`."""

DEFAULT_TILES = TILES_PER_PACK
"""Tiles a track uses unless told otherwise: one piecepack's worth."""

CHICANE_TRIES = 2000
"""Random sets of chicane places tried before listing every valid set."""

WALK_TRIES = 200
"""Random circuits looked at, per track wanted, above the exact limit
when hairpins are asked for, before giving up."""


# ---------------------------------------------------------------------------
# The request
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class GenerationRequest:
    """What the generated tracks must be.

    ``tiles`` counts every tile laid on the table, the pit lane's four
    included (``None`` means :data:`DEFAULT_TILES`, or the id's size).
    ``max_width`` and ``max_height`` are in spaces (inches; a tile is two
    spaces wide).  ``min_straight`` is the length, in tiles, the longest
    straight (where the start/finish line goes) must reach.
    ``hairpins`` and ``chicanes`` are exact numbers; ``pit`` adds a pit lane
    on the main straight.  ``laps`` ``None`` means 3, or the fewest laps the
    rules suggest for pit stops when there is a pit lane.  ``circuit_id``
    rebuilds the circuit an id names instead of drawing one; it goes with
    nothing that shapes the circuit.
    """

    tiles: int | None = None
    packs: int = 1
    min_corners: int | None = None
    max_corners: int | None = None
    min_straight: int | None = None
    max_width: int | None = None
    max_height: int | None = None
    hairpins: int = 0
    chicanes: int = 0
    pit: bool = False
    direction: str = ANY
    laps: int | None = None
    cars: int = 4
    circuit_id: str | None = None
    every_circuit: bool = False
    """Draw among every legal circuit (``--any``), not only among those
    people would choose to race (see :mod:`trackkit.racepack.generate.people`)."""
    wide: bool = False
    """Give the main straight a second row from the grid to corner 1 (see
    :mod:`trackkit.racepack.generate.wide`); its tiles come on top of
    ``tiles``."""

    @property
    def total_tiles(self) -> int:
        """Every tile the track lays down."""
        return DEFAULT_TILES if self.tiles is None else self.tiles

    @property
    def loop_tiles(self) -> int:
        """The tiles of the racing loop: all of them but the pit lane's."""
        return self.total_tiles - (PIT_LENGTH if self.pit else 0)

    @property
    def plain_tiles(self) -> int:
        """The size of the plain circuit the loop is folded from."""
        return self.loop_tiles - 2 * self.hairpins

    @property
    def grid_room(self) -> int:
        """The fewest tiles the main straight needs for the starting grid.

        The line goes across the middle of the main straight, so a straight
        of ``L`` tiles has ``L`` spaces of road behind it, and the cars
        stand two abreast, one pair per space."""
        return grid_depth(self.cars)

    @property
    def straight_needed(self) -> int:
        """The shortest longest straight a drawn circuit may have: as asked,
        else the main straight of a circuit people race (unless the request
        is for every circuit), and never shorter than the grid (and the pit
        lane) need."""
        asked = self.min_straight
        if asked is None and not self.every_circuit:
            asked = main_straight_wanted(self.loop_tiles)
        need = max(asked or 0, self.grid_room)
        return max(need, PIT_LENGTH + 2) if self.pit else need

    def race_laps(self) -> int:
        """The laps written into the layout."""
        if self.laps is not None:
            return self.laps
        if not self.pit:
            return 3
        return LONG_COURSE_LAPS if self.loop_tiles > LONG_COURSE else SHORT_COURSE_LAPS


MAX_COUNT = 10_000
"""The most tracks one request makes (what ``generate`` checks for every
game before any work, :data:`trackkit.api.generated.MAX_GENERATED`)."""

_SHAPING = ("tiles", "min_corners", "max_corners", "min_straight", "max_width", "max_height")


def check_request(request: GenerationRequest, count: int) -> None:
    """Raise :class:`ArgumentError` for a request that cannot be read as asked.

    A request that is well formed but that no circuit can meet is not an
    error here; drawing reports it as a :class:`GenerationError`.
    """
    if count < 1:
        raise ArgumentError(f"must be at least 1, not {count}", parameter="count")
    if count > MAX_COUNT:
        raise ArgumentError(f"must be at most {MAX_COUNT:,}, not {count:,}", parameter="count")
    if request.direction not in DIRECTIONS:
        raise ArgumentError(f"unknown direction {request.direction!r}; use {', '.join(DIRECTIONS)}")
    if not 1 <= request.packs <= MAX_PACKS:
        raise ArgumentError(f"must be from 1 to {MAX_PACKS}, not {request.packs}", parameter="packs")
    _check_cars(request.cars, request.packs)
    if request.laps is not None and not 1 <= request.laps <= MAX_LAPS:
        raise ArgumentError(f"must be from 1 to {MAX_LAPS}, not {request.laps}", parameter="laps")
    _check_counts(request)
    if request.circuit_id is not None:
        _check_id_request(request, count)
        return
    _check_tiles(request.total_tiles, request.packs)


def _check_cars(cars: int, packs: int) -> None:
    """The cars rule (:func:`trackkit.racepack.rules.cars.check_cars`), as an option check."""
    if not FEWEST_CARS <= cars <= MOST_CARS:
        raise ArgumentError(f"must be from {FEWEST_CARS} to {MOST_CARS}, not {cars}", parameter="cars")
    if packs == 1 and cars > ONE_PACK_CARS:
        raise ArgumentError(
            f"is {cars}, but one piecepack seats at most {ONE_PACK_CARS} cars; add {{packs}} 2",
            parameter="cars",
            mentions=("packs",),
        )


def _check_counts(request: GenerationRequest) -> None:
    for name, value in (
        ("hairpins", request.hairpins),
        ("chicanes", request.chicanes),
        ("min_corners", request.min_corners),
        ("max_corners", request.max_corners),
        ("min_straight", request.min_straight),
    ):
        if value is not None and value < 0:
            raise ArgumentError(f"must not be negative ({value})", parameter=name)
    for name, limit in (("max_width", request.max_width), ("max_height", request.max_height)):
        if limit is not None and limit < 1:
            raise ArgumentError(f"must be positive, not {limit}", parameter=name)


def _check_tiles(tiles: int, packs: int) -> None:
    if tiles % 2:
        raise ArgumentError(
            f"is {tiles}; a closed circuit always has an even number of tiles", parameter="tiles"
        )
    if tiles < 4:
        raise ArgumentError(f"is {tiles}; the smallest circuit has 4 tiles", parameter="tiles")
    if tiles > RANDOM_LIMIT:
        raise ArgumentError(
            f"is {tiles}; trackkit draws circuits of at most {RANDOM_LIMIT} tiles", parameter="tiles"
        )
    supply = packs * TILES_PER_PACK
    if tiles > supply:
        needed = -(-tiles // TILES_PER_PACK)
        have = "one piecepack has" if packs == 1 else f"{packs} piecepacks have"
        raise ArgumentError(
            f"a track of {tiles} tiles needs {needed} piecepacks, but {have} only {supply} tiles;"
            f" add {{packs}} {needed}",
            mentions=("packs",),
        )


def _check_id_request(request: GenerationRequest, count: int) -> None:
    shaping = [name for name in _SHAPING if getattr(request, name) is not None]
    shaping += [name for name in ("hairpins", "chicanes") if getattr(request, name)]
    shaping += ["pit"] if request.pit else []
    shaping += ["wide"] if request.wide else []
    if count != 1:
        shaping.append("count")
    if shaping:
        others = ", ".join("{" + name + "}" for name in shaping)
        raise ArgumentError(
            f"fixes the circuit, so it goes without {others}", parameter="circuit_id", mentions=tuple(shaping)
        )


def check_possible(request: GenerationRequest) -> None:
    """Raise :class:`GenerationError` for constraints that contradict each other."""
    low, high = request.min_corners, request.max_corners
    if low is not None and high is not None and low > high:
        raise GenerationError(
            f"no circuit meets the constraints: at least {low} and at most {high} corners"
            " contradict each other"
        )
    if (high is not None and high < 4) or (low is not None and low == high and low % 2):
        # Every closed loop turns four more times one way than the other, so
        # it has an even number of corners, at least four.
        raise GenerationError(f"no circuit meets the constraints ({constraint_words(request)})")
    if request.loop_tiles < 4:
        raise GenerationError(
            f"no circuit meets the constraints: a pit lane of {PIT_LENGTH} tiles leaves"
            f" {request.loop_tiles} tiles for the loop"
        )
    _check_chicanes_fit(request)


def _check_chicanes_fit(request: GenerationRequest) -> None:
    """Refuse at once more chicanes than the loop's straights could hold.

    Rulebook: "form a chicane by offsetting a tile in the middle of a straight by 1
    space."  A chicane stands between two plain straight tiles, so a straight of L
    tiles holds at most (L - 1) // 2 of them, and every loop keeps at least four
    corners: a loop of n tiles holds at most (n - 5) // 2 chicanes.  Without this
    bound the search would look at every circuit before finding none.
    """
    most = max(0, (request.loop_tiles - 5) // 2)
    if request.chicanes > most:
        raise GenerationError(
            f"no circuit meets the constraints: a loop of {request.loop_tiles} tiles holds at most"
            f" {most} chicanes (each stands between two plain straights, and a loop has at least 4 corners)"
        )


def constraint_words(request: GenerationRequest) -> str:
    """The constraints in words, for messages: ``24 tiles, 8 to 10 corners``."""
    words = [f"{request.loop_tiles} tiles in the loop" if request.pit else f"{request.total_tiles} tiles"]
    low, high = request.min_corners, request.max_corners
    if low is not None and low == high:
        words.append(f"exactly {low} corners")
    elif low is not None or high is not None:
        words.append(_range_words(low, high, "corners"))
    if request.min_straight:
        plural = "s" if request.min_straight != 1 else ""
        words.append(f"a straight of at least {request.min_straight} tile{plural}")
    if request.grid_room > max(
        request.min_straight or 0, _people_main(request), PIT_LENGTH + 2 if request.pit else 0
    ):
        room, cars = request.grid_room, request.cars
        words.append(f"a main straight of at least {room} tiles (the starting grid of {cars} cars)")
    words += _people_words(request)
    for axis, limit in (("wide", request.max_width), ("high", request.max_height)):
        if limit is not None:
            words.append(f"at most {_length_words(limit)} {axis}")
    for name, number in (("hairpin", request.hairpins), ("chicane", request.chicanes)):
        if number:
            words.append(f"{number} {name}{'s' if number > 1 else ''}")
    if request.pit:
        words.append(f"a pit lane (a main straight of at least {PIT_LENGTH + 2} tiles)")
    return ", ".join(words)


def _people_words(request: GenerationRequest) -> list[str]:
    """The tests of a circuit people race that the request keeps, in words
    (none for ``--any``; a test replaced by an option asked is left out)."""
    if request.every_circuit:
        return []
    words = []
    loop, main = request.loop_tiles, _people_main(request)
    if main >= request.grid_room and not (request.pit and main <= PIT_LENGTH + 2):
        words.append(f"a main straight of at least {main} tiles")
    if request.min_corners is None and request.max_corners is None:
        words.append(f"at most {most_corners(loop)} corners")
    words.append(f"no more than {MOST_TWISTY} corners in a twisty section")
    return words


def any_hint(request: GenerationRequest) -> str:
    """What to add to a refusal when the tests of a circuit people race
    narrowed the draw: ``; add --any to draw among every legal circuit``."""
    return "" if request.every_circuit else "; add --any to draw among every legal circuit"


def _people_main(request: GenerationRequest) -> int:
    """The main straight a circuit people race asks of this request (0 when
    ``--any`` or ``--min-straight`` set it aside)."""
    if request.every_circuit or request.min_straight is not None:
        return 0
    return main_straight_wanted(request.loop_tiles)


def _range_words(low: int | None, high: int | None, what: str) -> str:
    if low is not None and high is not None:
        return f"{low} to {high} {what}"
    return f"at least {low} {what}" if low is not None else f"at most {high} {what}"


def _length_words(spaces: int) -> str:
    return f"{spaces // TILE} tiles" if spaces % TILE == 0 else f"{spaces} inches"
