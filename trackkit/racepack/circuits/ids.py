"""Circuit ids: a short code naming a plain circuit's shape, and back."""

from __future__ import annotations

from collections.abc import Sequence

from trackkit.errors import ArgumentError
from trackkit.racepack.circuits.plain import (
    _UNIT,
    EAST,
    RANDOM_LIMIT,
    Cell,
    Circuit,
    _require_plain,
    is_plain_circuit,
    normalize_circuit,
    turns,
)

__all__ = ["circuit_from_id", "circuit_id"]

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


def circuit_id(circuit: Sequence[Cell]) -> str:
    """A short code naming the circuit's shape, like ``24-00bhzc0m`` (the 7 x 7 ring).

    The same for every translation, rotation, mirror image, starting tile and
    driving direction of the circuit, and different for different shapes.  It
    is the tile count, a hyphen, and a number written in Crockford's base 32,
    padded to a fixed length for the tile count.  The number is the turn word
    (:func:`turns`) read in base 3 with S, L, R as 0, 1, 2 -- choosing, among
    every starting tile, both driving directions and the mirror image, the word
    that reads least.  Rotation leaves the word alone, so it needs no choice.
    Only digits and lower-case letters without ``i``, ``l``, ``o`` and ``u``
    appear, so the code is safe in a URL and hard to misread.  Raises
    :class:`CircuitError` when the cells are not a plain circuit.
    """
    _require_plain(circuit)
    word = _canonical_turns(turns(circuit))
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
        dx, dy = _UNIT[heading]
        x, y = x + dx, y + dy
    return cells if (x, y) == (0, 0) and heading == EAST else []


def circuit_from_id(code: str) -> Circuit:
    """Rebuild the circuit an id names, in canonical form.

    Letters may be in either case; ``i`` and ``l`` read as ``1`` and ``o`` as
    ``0``; hyphens inside the code are ignored.  Raises :class:`ArgumentError`
    when the code is malformed or does not describe a plain circuit.
    """
    n, number = _parse_id(code)
    digits = []
    for _ in range(n):
        number, digit = divmod(number, 3)
        digits.append(str(digit))
    word = "".join(reversed(digits)).translate(_DIGIT_TURN)
    cells = _trace(word)
    if not is_plain_circuit(cells):
        raise ArgumentError(
            f"{code!r} does not describe a plain circuit (its turns do not close a clean loop)"
        )
    return normalize_circuit(cells)
