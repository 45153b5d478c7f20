"""A recorded Racepack race as Portable Piecepack Notation movetext.

The movetext starts with the table (``setup.``: every piece of the setup
dropped where it lies, the race's cars on the grid, one per driver, then
the comment ``{strategy tokens 1 2 3 4 5 for each car}`` or ``{no strategy
tokens}``) and then has one numbered move per car turn, in the order
played.  A turn is written as:

* ``{car N}``: whose turn it is (car 1 started on the pole);
* hazards coming into effect before it: ``+(x,y)`` turns a hazard coin over,
  ``n@(x,y)`` drops an extra one (the extra-hazards variant), ``*(x,y)``
  takes one away, followed by ``{hazards}``;
* on a car's first turn, its move up to the front row: ``(x,y)-(x,y)
  {moves up}``;
* each movement: the pawn's one-space steps, ``(x,y)-(x,y)`` each, then a
  comment ``{KIND SPEED HEADING}`` (``forward``, ``lane-change`` or
  ``re-entry``; ``north``...), ``; own token`` when the car's own strategy
  token set the speed, and the penalty die where it was rolled:
  ``{forward 2 east; roll 3}``, or ``{forward 2 east; roll 1 token 3 of
  car 5 roll 4}`` when car 5's strategy token 3 forced a re-roll (a record
  without ``of car N`` reads too, the rival unknown).  A re-entry moves the
  pawn from where it spun out to the space it re-enters on.

Locations are the centres of the spaces in inches (a wide row's spaces
too), shifted as the setup
export shifts them (nothing left of x = 0 or below y = 0), so a PPN viewer
shows the race on the same table as ``trackkit export --to ppn``.
:func:`race_movetext` writes it and :func:`read_movetext` reads it back
into the same :class:`~trackkit.racepack.race.record.RaceRecord`.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace

from trackkit.piecepack.notation import PLACE, STEP, Token, cartesian, commented_groups, drop, read_moves
from trackkit.piecepack.setup import shifted_to_origin
from trackkit.racepack.layout import Layout
from trackkit.racepack.movement.board import HEADINGS, Board, CarState
from trackkit.racepack.movement.speeds import STRATEGY_TOKENS
from trackkit.racepack.race.record import MoveRecord, RaceRecord, TurnRecord
from trackkit.racepack.race.terms import spins_out
from trackkit.racepack.row_spaces import space_cells
from trackkit.racepack.setup import table_setup

__all__ = [
    "MOVE_KINDS",
    "Places",
    "SetOut",
    "race_movetext",
    "read_movetext",
    "read_setup",
    "tokens_comment",
]

MOVE_KINDS = ("forward", "lane-change", "re-entry")
"""The kinds of movement a record names."""

HEADING_NAMES = tuple(heading.name.lower() for heading in HEADINGS)

_TURN_OVER = re.compile(rf"\+{PLACE}")
_EXTRA = re.compile(rf"n@{PLACE}")
_REMOVE = re.compile(rf"\*{PLACE}")
_CAR = re.compile(r"car ([1-9]\d{0,2})")
_DROP = re.compile(rf"[a-zA-Z0-9]+@{PLACE}")
_TOKENS = re.compile(r"\{strategy tokens ((?:[1-5] ){0,4}[1-5]) for each car\}")
_MOVE = re.compile(
    r"(\S+) (\d) (\S+)(; own token)?(?:; roll (\d)(?: token (\d)(?: of car ([1-9]\d{0,2}))? roll (\d))?)?"
)


class Places:
    """Where each space of a track lies in a record: space number to
    Cartesian location and back; ``drops``, the pieces of the table of a race
    of ``cars`` cars (the layout's ``cars`` by default).  Raises
    :class:`~trackkit.errors.EquipmentError` when the packs cannot set out
    that table."""

    def __init__(self, layout: Layout, cars: int | None = None) -> None:
        raced = layout if cars is None else replace(layout, cars=cars)
        setup = table_setup(raced, grid=True)
        pieces = list(setup.pieces)
        moved = shifted_to_origin(pieces)
        dx, dy = (moved[0].x - pieces[0].x, moved[0].y - pieces[0].y) if pieces else (0.0, 0.0)
        self.drops = tuple(drop(piece) for piece in moved)
        self.roles = tuple(piece.role for piece in moved)
        """What each piece dropped is (``loop tile 3``, ``lap die``, ``car 2``...)."""
        self.location = [cartesian(x + 0.5 + dx, y + 0.5 + dy) for x, y in space_cells(layout)]
        self.space = {text: number for number, text in enumerate(self.location)}
        self.coins = {
            self.space[text[2:]] for text in self.drops if text.startswith("n@") and text[2:] in self.space
        }
        """The spaces holding a hazard coin in the setup."""


def race_movetext(layout: Layout, record: RaceRecord) -> str:
    """The movetext of ``record``, a race on ``layout``: the setup, then one
    line per turn."""
    places = Places(layout, len(record.drivers))
    lines = [" ".join(["setup.", *places.drops, tokens_comment(record.tokens)])]
    pawns = [space for space, _ in record.grid]
    started: set[int] = set()
    hazards: _Coins = (frozenset(), frozenset(places.coins))
    for number, turn in enumerate(record.turns, 1):
        words = [f"{number}.", f"{{car {turn.slot + 1}}}"]
        words += _hazard_words(places, hazards, (turn.hazards, turn.blank))
        hazards = (turn.hazards, turn.blank)
        if turn.slot not in started:
            started.add(turn.slot)
            if turn.start[0] != pawns[turn.slot]:
                words += [_step(places, pawns[turn.slot], turn.start[0]), "{moves up}"]
                pawns[turn.slot] = turn.start[0]
        for move in turn.moves:
            words += _move_words(places, pawns[turn.slot], move)
            pawns[turn.slot] = move.spaces[-1]
        lines.append(" ".join(words))
    return "\n".join(lines) + "\n"


def tokens_comment(tokens: tuple[int, ...]) -> str:
    """The setup's comment on the strategy tokens each car holds at the start:
    ``{strategy tokens 1 2 3 4 5 for each car}``, or ``{no strategy tokens}``."""
    if not tokens:
        return "{no strategy tokens}"
    return "{strategy tokens " + " ".join(map(str, tokens)) + " for each car}"


def _step(places: Places, source: int, target: int) -> str:
    return f"{places.location[source]}-{places.location[target]}"


_Coins = tuple[frozenset[int], frozenset[int]]
"""The hazard coins on the track: those in effect, then those still blank."""


def _hazard_words(places: Places, before: _Coins, after: _Coins) -> list[str]:
    """The coins changed since the last turn (each state: the hazards in
    effect, then those still blank side up): those taken away (moved
    elsewhere, whichever side up), a blank one turned over, an extra one
    dropped in effect."""
    if before == after:
        return []
    (active, blank), (now_active, now_blank) = before, after
    words = [f"*{places.location[space]}" for space in sorted((active | blank) - (now_active | now_blank))]
    for space in sorted(now_active - active):
        words.append(("+" if space in blank else "n@") + places.location[space])
    return [*words, "{hazards}"] if words else []


def _move_words(places: Places, pawn: int, move: MoveRecord) -> list[str]:
    if move.kind == "re-entry":
        steps = [_step(places, pawn, move.spaces[0])]
    else:
        steps = [_step(places, a, b) for a, b in itertools.pairwise(move.spaces)]
    words = f"{move.kind} {move.speed} {HEADING_NAMES[move.heading]}"
    if move.token:
        words += "; own token"
    if len(move.rolls) == 1:
        words += f"; roll {move.rolls[0]}"
    elif move.rolls:
        first, token, again = move.rolls
        rival = "" if move.rival is None else f" of car {move.rival + 1}"
        words += f"; roll {first} token {token}{rival} roll {again}"
    return [*steps, "{" + words + "}"]


# --- reading -------------------------------------------------------------------


class _Reader:
    """Reads turns back, keeping the pawns and hazards as the record moves them."""

    def __init__(self, board: Board, places: Places, grid: tuple[CarState, ...]) -> None:
        self.board = board
        self.places = places
        self.pawns = [space for space, _ in grid]
        self.headings = [heading for _, heading in grid]
        self.spun: list[int | None] = [None] * len(grid)
        self.crossings = [0] * len(grid)
        self.started: set[int] = set()
        self.hazards: frozenset[int] = frozenset()
        self.blank: frozenset[int] = frozenset(places.coins)

    def space(self, token: Token, x: str, y: str) -> int:
        location = cartesian(float(x), float(y))
        if location not in self.places.space:
            raise token.error(f"{location} is no space of the track", "use the centre of a space")
        return self.places.space[location]

    def turn(self, number: Token, words: list[Token], expected: int) -> TurnRecord:
        if number.text != f"{expected}.":
            raise number.error(
                f"move {number.text!r} should be numbered {expected}.", "number turns 1., 2., ..."
            )
        if not words or not (car := _CAR.fullmatch(words[0].text.strip("{}"))):
            raise number.error("a turn starts with a comment naming the car, {car 2}", "add {car N}")
        slot = int(car.group(1)) - 1
        if slot >= len(self.pawns):
            raise words[0].error(
                f"there is no car {slot + 1} in this race", f"cars are 1 to {len(self.pawns)}"
            )
        first = slot not in self.started
        self.started.add(slot)
        moves: list[MoveRecord] = []
        start: CarState | None = None
        crossings = 0
        for steps, comment in commented_groups(words[1:]):
            label = comment.text.strip("{}")
            if label == "hazards" and start is None:
                self._hazards(steps)
            elif label == "moves up" and first and start is None:
                self.pawns[slot] = self._steps(steps, comment)[-1][1]
                self.headings[slot] = self.board.exit_heading[self.pawns[slot] // 4]
            else:
                if start is None:
                    start, crossings = self._place(slot), self.crossings[slot]
                moves.append(self._move(slot, steps, comment))
        if start is None:
            start, crossings = self._place(slot), self.crossings[slot]
        return TurnRecord(slot, start, crossings, self.hazards, tuple(moves), self.blank)

    def _place(self, slot: int) -> CarState:
        """Where a car stands: its space and heading, or off the track beside
        the corner it spun out at."""
        spun = self.spun[slot]
        return (-1 - spun, -1) if spun is not None else (self.pawns[slot], self.headings[slot])

    def _hazards(self, words: list[Token]) -> None:
        hazards, blank = set(self.hazards), set(self.blank)
        for word in words:
            if found := _REMOVE.fullmatch(word.text):
                space = self.space(word, *found.groups())
                hazards.discard(space)
                blank.discard(space)
            elif found := _TURN_OVER.fullmatch(word.text) or _EXTRA.fullmatch(word.text):
                space = self.space(word, *found.groups())
                hazards.add(space)
                blank.discard(space)
            else:
                raise word.error(f"{word.text!r} is not a hazard submove", "write +(x,y), n@(x,y) or *(x,y)")
        self.hazards, self.blank = frozenset(hazards), frozenset(blank)

    def _steps(self, words: list[Token], comment: Token) -> list[tuple[int, int]]:
        pairs = []
        for word in words:
            found = STEP.fullmatch(word.text)
            if not found:
                raise word.error(f"{word.text!r} is not a move of a pawn", "write (x,y)-(x,y)")
            x1, y1, x2, y2 = found.groups()
            pairs.append((self.space(word, x1, y1), self.space(word, x2, y2)))
        if not pairs:
            raise comment.error("a movement with no steps", "write the pawn's steps before the comment")
        for (_, end), (start, _) in itertools.pairwise(pairs):
            if end != start:
                raise comment.error(
                    "the steps of this movement do not follow on", "each step starts where the last ended"
                )
        return pairs

    def _move(self, slot: int, words: list[Token], comment: Token) -> MoveRecord:
        found = _MOVE.fullmatch(comment.text.strip("{}"))
        hint = "write {forward 2 north}, or {forward 2 north; roll 3}"
        if not found or found.group(1) not in MOVE_KINDS or found.group(3) not in HEADING_NAMES:
            raise comment.error(f"{comment.text!r} does not describe a movement", hint)
        kind, speed, heading = found.group(1), int(found.group(2)), HEADING_NAMES.index(found.group(3))
        rolls = tuple(int(value) for value in found.group(5, 6, 8) if value is not None)
        rival = None if found.group(7) is None else int(found.group(7)) - 1
        token = found.group(4) is not None
        pairs = self._steps(words, comment)
        if kind == "re-entry":
            spaces: tuple[int, ...] = (pairs[0][1],)
            self.spun[slot] = None
        else:
            spaces = (pairs[0][0], *(end for _, end in pairs))
            self.crossings[slot] += sum(self.board.crosses(a, b) for a, b in pairs)
        self.pawns[slot] = spaces[-1]
        self.headings[slot] = self._heading_after(spaces[-1], heading)
        if rolls and spins_out(rolls):
            self.spun[slot] = self._corner_entered(spaces)
        return MoveRecord(kind, speed, spaces, heading, rolls, token, rival)

    def _heading_after(self, space: int, heading: int) -> int:
        tile = space // 4
        return heading if self.board.corner[tile] else self.board.exit_heading[tile]

    def _corner_entered(self, spaces: tuple[int, ...]) -> int:
        entered = spaces[-1] // 4
        for a, b in itertools.pairwise(spaces):
            if a // 4 != b // 4 and self.board.corner[b // 4]:
                entered = b // 4
        return entered


def read_movetext(
    layout: Layout, board: Board, race: RaceRecord, text: str, first_line: int = 1
) -> RaceRecord:
    """Read the movetext ``text`` (starting on line ``first_line`` of its
    file) of a race on ``layout``; ``race`` gives the race's laps, drivers
    and grid, and the record returned has the turns too.  Raises a located
    :class:`~trackkit.errors.LayoutError` for text that is not such a record."""
    reader = _Reader(board, Places(layout), race.grid)
    turns: list[TurnRecord] = []
    numbered = read_moves(text, first_line)
    for expected, (number, words) in enumerate(numbered[1:], 1):
        turns.append(reader.turn(number, words, expected))
    tokens = read_setup(text, first_line).tokens
    return RaceRecord(race.laps, race.drivers, race.grid, turns, race.pit_laps, tokens, race.finish)


@dataclass(frozen=True)
class SetOut:
    """The ``setup.`` move of a record: the pieces it drops (``t@(1,2)``...,
    as written) and the strategy tokens each car holds at the start (a
    record written before the setup said so gives each car the five)."""

    drops: tuple[str, ...]
    tokens: tuple[int, ...]


def read_setup(text: str, first_line: int = 1) -> SetOut:
    """The setup of the movetext ``text``.  Raises a located
    :class:`~trackkit.errors.LayoutError` for a word that is neither a
    piece dropped nor a comment on the strategy tokens."""
    words = read_moves(text, first_line)[0][1]
    drops: list[str] = []
    tokens: tuple[int, ...] = STRATEGY_TOKENS
    for word in words:
        if word.text.startswith("{"):
            tokens = _tokens_of(word)
        elif _DROP.fullmatch(word.text):
            drops.append(word.text)
        else:
            raise word.error(f"{word.text!r} is not a piece dropped on the table", "write PIECE@(x,y)")
    return SetOut(tuple(drops), tokens)


def _tokens_of(comment: Token) -> tuple[int, ...]:
    """The strategy tokens a setup comment gives each car."""
    if comment.text == "{no strategy tokens}":
        return ()
    found = _TOKENS.fullmatch(comment.text)
    if found is None:
        raise comment.error(
            f"{comment.text!r} does not say which strategy tokens each car holds",
            "write {strategy tokens 1 2 3 4 5 for each car} or {no strategy tokens}",
        )
    return tuple(int(value) for value in found.group(1).split())
