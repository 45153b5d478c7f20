"""Findings shown at their place, as a compiler shows them: the line of the
file quoted under the finding and the token at fault underlined.

This is the one printer of every game's findings.  It knows nothing of a
game: a game's reader records where each tile, card, space or key was
written and how long it is (:class:`~trackkit.layoutfile.source.SourceMap`),
and the printer is given the file's text, a place and the finding's
severity.  ::

    layouts/bent.yaml:6:29: error[adjacency]: tile 5 at (3, 3) ...
        6 | path: R 4S R 2S R ...
          |              ^^
        hint: ...

With ``color`` the severity, the gutter and the underline are coloured by
ANSI escapes (red for an error, yellow for a warning, blue for the gutter,
cyan for ``hint``); without it the text is plain.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "EXCERPT_WIDTH",
    "SourceLines",
    "Span",
    "excerpt_lines",
    "hint_line",
    "painted",
    "severity_words",
]

EXCERPT_WIDTH = 100
"""The most characters of a file's line an excerpt quotes: a longer line
(a path of a thousand tiles on one line) is cut to a window around the
token at fault, ``...`` marking what is left out."""

_LEAD = 40
"""How many characters before the token a cut line keeps."""

_ELLIPSIS = "..."

_INDENT = "    "
"""Where an excerpt's line number and a hint start."""

_CODES = {"error": "1;31", "warning": "1;33", "gutter": "1;34", "hint": "1;36", "place": "1"}
"""The ANSI style of each part of a diagnostic."""


def painted(text: str, part: str, color: bool) -> str:
    """``text`` in the style of ``part`` (``error``, ``warning``,
    ``gutter``, ``hint``, ``place``), or as it is without ``color``."""
    return f"\x1b[{_CODES[part]}m{text}\x1b[0m" if color else text


@dataclass(frozen=True)
class Span:
    """Where a finding points: a 1-based ``line`` and ``column``, and
    ``end_column``, the column just past the token at fault (so the token
    is ``end_column - column`` characters long)."""

    line: int
    column: int
    end_column: int


class SourceLines:
    """A file's text, cut into lines once so that many findings can quote
    theirs."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._starts = [0]
        position = text.find("\n")
        while position != -1:
            self._starts.append(position + 1)
            position = text.find("\n", position + 1)

    def line(self, number: int) -> str | None:
        """Line ``number`` (1-based) without its line ending, or ``None``
        past the end of the text (or for an empty text)."""
        if not self.text or not 1 <= number <= len(self._starts):
            return None
        start = self._starts[number - 1]
        end = self._starts[number] - 1 if number < len(self._starts) else len(self.text)
        return self.text[start:end].rstrip("\r")

    def span(self, line: int, column: int, width: int | None) -> Span:
        """The span of the token at ``line``, ``column``: ``width``
        characters when the reader knew it (cut at the end of the line),
        else the word written there (up to a space, comma, bracket, colon
        or comment), at least one character."""
        text = self.line(line) or ""
        start = column - 1
        if width is None:
            end = start
            while end < len(text) and text[end] not in " \t,[]{}:#":
                end += 1
        else:
            end = start + width
        end = min(end, len(text))
        return Span(line, column, column + max(end - start, 1))


def _window(text: str, start: int, end: int) -> tuple[str, int]:
    """The part of a line an excerpt shows, and how far right of the
    line's start its first character is set (negative when the line was
    cut and ``...`` stands before it).  A cut falls after a space where
    one is near, so that whole words are quoted."""
    if len(text) <= EXCERPT_WIDTH:
        return text, 0
    first = max(0, min(start - _LEAD, len(text) - EXCERPT_WIDTH))
    if end - first > EXCERPT_WIDTH:
        first = start
    if first and text[first - 1] != " ":
        first = text.find(" ", first, start) + 1 or first
    last = min(first + EXCERPT_WIDTH, len(text))
    if last < len(text):
        last = max(text.rfind(" ", end, last), end, first + 1)
    shown = text[first:last].rstrip()
    if last < len(text):
        shown += " " + _ELLIPSIS
    if first:
        return _ELLIPSIS + " " + shown, first - len(_ELLIPSIS) - 1
    return shown, 0


def excerpt_lines(lines: SourceLines, span: Span, severity: str, color: bool) -> list[str]:
    """The two lines under a finding: the file's line ``span.line`` after
    its number and a bar, and the underline (``^^``) under the token at
    fault, coloured as ``severity`` (``error`` or ``warning``) with
    ``color``.  Nothing when the text has no such line."""
    text = lines.line(span.line)
    if text is None:
        return []
    start = min(span.column - 1, len(text))
    end = max(min(span.end_column - 1, len(text)), start + 1)
    shown, shift = _window(text.replace("\t", " "), start, end)
    lead = start - shift
    width = max(1, min(end - start, len(shown) - lead))
    number = str(span.line)
    bar = painted("|", "gutter", color)
    return [
        f"{_INDENT}{painted(number, 'gutter', color)} {bar} {shown}".rstrip(),
        f"{_INDENT}{' ' * len(number)} {bar} {' ' * lead}{painted('^' * width, severity, color)}",
    ]


def severity_words(severity: str, rule: str, color: bool) -> str:
    """``error[adjacency]``, the severity coloured with ``color``."""
    return f"{painted(severity, severity, color)}[{rule}]"


def hint_line(hint: str, color: bool) -> str:
    """``    hint: ...`` under a finding."""
    return f"{_INDENT}{painted('hint', 'hint', color)}: {hint}"
