"""A layout file's text changed key by key, the rest kept byte for byte.

A command that updates a layout in place (``hazards --write``, the
editor's Save) changes a few top-level keys.  Dumping the whole layout
again would lose what the person wrote around them: comments, the order of
the keys, quoting and spacing.  Here the text is cut at the lines of each
top-level key instead, so that only the lines of a changed key are
replaced, and everything else stays as it was.
"""

from __future__ import annotations

from collections.abc import Iterable

import yaml

from trackkit.layoutfile.yaml_nodes import at, compose, plain_value, scalar

__all__ = ["KeyLines", "block_root", "key_lines", "with_keys_of"]

KeyLines = dict[str, tuple[int, int, yaml.Node]]
"""Each top-level key's first and last line (0-based, inclusive) and its
value's node."""


def block_root(text: str, doing: str) -> yaml.MappingNode:
    """The top-level mapping of a layout's text; raises a located
    :class:`~trackkit.errors.LayoutError` for a flow-style file (``{trackkit:
    1, ...}`` on one line), which cannot be changed key by key (``doing``
    says what refuses it: ``the editor``)."""
    root = compose(text)
    if root.flow_style:
        raise at(root, f"{doing} changes block-style files only", "write one 'key: value' per line")
    return root


def key_lines(root: yaml.MappingNode, lines: list[str]) -> KeyLines:
    """Where each top-level key of ``root`` (composed from ``lines``) is
    written: from its key's line to its value's last line, leaving out the
    blank and comment lines after the value, which belong to what follows."""
    spans: KeyLines = {}
    for key, value in root.value:
        end = value.end_mark
        first = key.start_mark.line
        last = max(end.line if end.column > 0 else end.line - 1, first)
        while last > first and (not lines[last].strip() or lines[last].lstrip().startswith("#")):
            last -= 1
        spans[str(scalar(key))] = (first, last, value)
    return spans


def _value(node: yaml.Node) -> object:
    """A value's data, for telling whether a key changed."""
    return plain_value(node)


def with_keys_of(text: str, source: str, keys: Iterable[str], doing: str) -> str:
    """``text`` with each of ``keys`` as ``source`` (a whole layout's text)
    writes it: a key whose value differs gets ``source``'s lines for it in
    place of its own; a key ``source`` has and ``text`` lacks is added after
    the nearest key before it in ``source`` that ``text`` has; a key
    ``source`` lacks is removed.  Every other line of ``text`` is kept byte
    for byte, and the lines put in end as ``text``'s lines do (``\\r\\n`` or
    ``\\n``).  ``doing`` names the command in a refusal (see
    :func:`block_root`)."""
    wanted = set(keys)
    lines = text.splitlines(keepends=True)
    ending = "\r\n" if text.count("\r\n") * 2 > text.count("\n") else "\n"
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += ending
    old = key_lines(block_root(text, doing), lines)
    written = [line + ending for line in source.splitlines()]
    new = key_lines(block_root(source, doing), written)

    def lines_of(key: str) -> list[str]:
        return written[new[key][0] : new[key][1] + 1] if key in new else []

    for key in sorted(wanted & old.keys(), key=lambda k: -old[k][0]):
        first, last, node = old[key]
        if key not in new or _value(node) != _value(new[key][2]):
            lines[first : last + 1] = lines_of(key)
    for key in [k for k in new if k in wanted - old.keys()]:
        order = list(new)
        spans = key_lines(block_root("".join(lines), doing), lines)
        before = [spans[k][1] for k in order[: order.index(key)] if k in spans]
        place = before[-1] + 1 if before else len(lines)
        lines[place:place] = lines_of(key)
    return "".join(lines)
