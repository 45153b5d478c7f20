"""Circuit ids: a short code naming a circuit's shape (plain, or with
hairpins), and back."""

from __future__ import annotations

from collections.abc import Sequence

from trackkit.errors import ArgumentError, CircuitError
from trackkit.piecepack.cells import EAST, UNIT, Cell, adjacent, neighbours, turn_letters
from trackkit.racepack.circuits.plain import (
    RANDOM_LIMIT,
    CellLoop,
    _require_plain,
    is_plain_circuit,
    normalize_circuit,
    normalized_loop,
)

__all__ = ["Walls", "circuit_from_id", "circuit_id", "hairpin_walls"]

Walls = frozenset[frozenset[Cell]]
"""Hairpin walls: each the pair of cells that touch across one."""


# ---------------------------------------------------------------------------
# Circuits with hairpins
# ---------------------------------------------------------------------------


def hairpin_walls(cells: Sequence[Cell]) -> Walls | None:
    """The hairpin walls of a loop, or ``None`` when it is not a circuit that
    is plain but for its hairpins.

    A *hairpin* folds the road back on itself: two tiles in a row turn the
    same way (a U-turn), so the tile before the first of them and the tile
    after the second lie side by side, with a wall between them ("Place a
    tile adjacent to the last tile of the straight to form a right-hand
    corner", *Racepack*, Other Variants).  The loop qualifies when it is
    closed, no cell repeats, and every contact between its tiles is between
    neighbours in driving order or across such a wall; a plain circuit has
    none (the empty set).  Whether each hairpin also has the straights the
    rules ask for is the validator's to say."""
    if is_plain_circuit(cells):  # first: the usual case, and it checks all the rest too
        return frozenset()
    count = len(cells)
    if count < 4 or len(set(cells)) != count:
        return None
    if not all(adjacent(cell, cells[index - 1]) for index, cell in enumerate(cells)):
        return None
    letters = turn_letters(cells)
    walls = frozenset(
        frozenset((cells[index - 1], cells[(index + 2) % count]))
        for index in range(count)
        if letters[index] != "S" and letters[index] == letters[(index + 1) % count]
    )
    return walls if _touch_only_along_or_across(cells, walls) else None


def _touch_only_along_or_across(cells: Sequence[Cell], walls: Walls) -> bool:
    """Whether every two touching tiles follow each other or meet across a wall."""
    count = len(cells)
    position = {cell: index for index, cell in enumerate(cells)}
    for index, cell in enumerate(cells):
        for other in neighbours(cell):
            at = position.get(other)
            if at is None or (index - at) % count in (1, count - 1) or frozenset((cell, other)) in walls:
                continue
            return False
    return True

# ---------------------------------------------------------------------------
# Identifiers
# ---------------------------------------------------------------------------

_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
"""Crockford's base 32: digits and lower-case letters without i, l, o and u."""

_READ_AS = {"i": "1", "l": "1", "o": "0"}
_TURN_DIGIT = str.maketrans("SLR", "012")
_DIGIT_TURN = str.maketrans("012", "SLR")
_MIRROR = str.maketrans("LR", "RL")


def _code_length(n: int) -> int:
    """Base-32 digits needed for any number below ``3 ** n``."""
    length = 0
    while 32**length < 3**n:
        length += 1
    return length


def _canonical_turns(letters: str) -> str:
    """The least, over starting tile, direction and mirror image, of a turn word.

    Letters compare as ``S < L < R``.  Reading a loop backwards reverses the
    word and swaps left and right; a mirror image swaps left and right only.
    """
    mirrored = letters.translate(_MIRROR)
    variants = (letters, mirrored, letters[::-1], mirrored[::-1])
    best = None
    for variant in variants:
        digits = variant.translate(_TURN_DIGIT)
        doubled = digits + digits
        for start in range(len(digits)):
            candidate = doubled[start : start + len(digits)]
            if best is None or candidate < best:
                best = candidate
    assert best is not None
    return best.translate(_DIGIT_TURN)


def circuit_id(circuit: Sequence[Cell], *, hairpins: bool = False) -> str:
    """A short code naming the circuit's shape, like ``24-00bhzc0m`` (the 7 x 7 ring).

    The same for every translation, rotation, mirror image, starting tile and
    driving direction of the circuit, and different for different shapes.  It
    is the tile count, a hyphen, and a number written in Crockford's base 32,
    padded to a fixed length for the tile count.  The number is the turn word
    (:func:`~trackkit.piecepack.cells.turn_letters`) read in base 3 with S, L, R as 0, 1, 2 -- choosing, among
    every starting tile, both driving directions and the mirror image, the word
    that reads least.  Rotation leaves the word alone, so it needs no choice.
    Only digits and lower-case letters without ``i``, ``l``, ``o`` and ``u``
    appear, so the code is safe in a URL and hard to misread.

    With ``hairpins``, a circuit with hairpins (:func:`hairpin_walls`) has an
    id too, made the same way: its turn word holds the hairpins (two tiles
    in a row turning the same way), and no plain circuit has such a word.
    Raises :class:`CircuitError` when the cells are not a plain circuit (or,
    with ``hairpins``, one that is plain but for its hairpins).
    """
    if not hairpins:
        _require_plain(circuit)
    elif hairpin_walls(circuit) is None:
        raise CircuitError("the cells do not form a circuit that is plain but for its hairpins")
    word = _canonical_turns(turn_letters(circuit))
    number = int(word.translate(_TURN_DIGIT), 3)
    digits = []
    for _ in range(_code_length(len(word))):
        number, digit = divmod(number, 32)
        digits.append(_ALPHABET[digit])
    return f"{len(word)}-{''.join(reversed(digits))}"


def _parse_id(code: str) -> tuple[int, int]:
    """Split an identifier into its tile count and its number, or raise."""
    text = code.strip().lower()
    size, hyphen, body = text.partition("-")
    if not hyphen or not size.isdigit() or not body:
        raise ArgumentError(f"{code!r} is not a circuit id: expected a tile count, a hyphen and a code")
    n = int(size)
    if n < 4 or n % 2 or n > RANDOM_LIMIT:
        raise ArgumentError(f"{code!r} is not a circuit id: {n} is not a possible number of tiles")
    body = "".join(_READ_AS.get(ch, ch) for ch in body.replace("-", ""))
    bad = sorted({ch for ch in body if ch not in _ALPHABET})
    if bad:
        raise ArgumentError(f"{code!r} is not a circuit id: unexpected character(s) {''.join(bad)!r}")
    if len(body) != _code_length(n):
        raise ArgumentError(f"{code!r} is not a circuit id: a {n}-tile code has {_code_length(n)} characters")
    number = 0
    for ch in body:
        number = number * 32 + _ALPHABET.index(ch)
    if number >= 3**n:
        raise ArgumentError(f"{code!r} is not a circuit id: the code is too large for {n} tiles")
    return n, number


def _trace(word: str) -> list[Cell]:
    """Drive a turn word from (0, 0), entering it heading east; return the cells."""
    heading = EAST
    x = y = 0
    cells = []
    for letter in word:
        cells.append((x, y))
        heading = (heading + {"S": 0, "L": 1, "R": 3}[letter]) % 4
        dx, dy = UNIT[heading]
        x, y = x + dx, y + dy
    return cells if (x, y) == (0, 0) and heading == EAST else []


def circuit_from_id(code: str, *, hairpins: bool = False) -> CellLoop:
    """Rebuild the circuit an id names, in canonical form.

    Letters may be in either case; ``i`` and ``l`` read as ``1`` and ``o`` as
    ``0``; hyphens inside the code are ignored.  Raises :class:`ArgumentError`
    when the code is malformed or does not describe a plain circuit (with
    ``hairpins``: one that is plain but for its hairpins, see
    :func:`hairpin_walls`).
    """
    n, number = _parse_id(code)
    digits = []
    for _ in range(n):
        number, digit = divmod(number, 3)
        digits.append(str(digit))
    word = "".join(reversed(digits)).translate(_DIGIT_TURN)
    cells = _trace(word)
    if hairpins and cells and hairpin_walls(cells) is not None:
        return normalized_loop(cells)
    if not is_plain_circuit(cells):
        kind = "a circuit" if hairpins else "a plain circuit"
        raise ArgumentError(f"{code!r} does not describe {kind} (its turns do not close a clean loop)")
    return normalize_circuit(cells)
