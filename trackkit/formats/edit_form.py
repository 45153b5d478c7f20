"""A layout file as the editor sees it: a few top-level keys to change, the
rest of the text (other keys, comments) kept as it was.

The web editor (:mod:`trackkit.edit`) works on the YAML text of a layout
rather than on a game's model: it reads the values of the keys it offers
(:data:`EDITED_KEYS`) with :func:`edited_values`, and writes new values
back with :func:`with_values`, which replaces only the lines of the keys
that changed.  Every other key and every comment stays where it was, so a
file opened and saved again keeps what the editor does not show.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from functools import lru_cache
from typing import Any

import yaml

from trackkit.errors import LayoutError
from trackkit.formats.key_lines import block_root, key_lines
from trackkit.layoutfile.fields import text_line
from trackkit.layoutfile.yaml_nodes import plain_value, read_plain, scalar

__all__ = [
    "EDITED_KEYS",
    "edited_values",
    "flow_text",
    "merged_text",
    "plain_keys",
    "setting_values",
    "top_values",
    "unset_values",
    "with_values",
]

EDITED_KEYS = (
    "name",
    "game",
    "players",
    "packs",
    "laps",
    "cars",
    "path",
    "heading",
    "start",
    "ramps",
)
"""The top-level keys the editor shows and changes, in the order trackkit
writes them."""

_KEY_ORDER = ("trackkit", "name", "description", *EDITED_KEYS[1:])
"""Where a key the editor adds goes: after every key that comes before it here."""


def _root(text: str) -> yaml.MappingNode:
    return block_root(text, "the editor")


def edited_values(text: str) -> dict[str, Any]:
    """The values of :data:`EDITED_KEYS` that the layout text gives, as YAML
    reads them (``{"path": "R 2S R", "laps": 3}``), plus ``tiles: True``
    when the text places its tiles by a ``tiles`` list.  Raises a located
    :class:`~trackkit.errors.LayoutError` for text that is not one
    block-style layout."""
    values: dict[str, Any] = {}
    for key, value in _root(text).value:
        name = scalar(key)
        if name in EDITED_KEYS:
            values[name] = plain_value(value)
        elif name == "tiles":
            values["tiles"] = True
    return values


def flow_text(value: Any) -> str:
    """``value`` as the YAML text after ``key:``: numbers as they are, a
    mapping in braces (``{2: 3, 6: 2}``), text quoted where plain text would
    read back as something else."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        raise LayoutError(f"the editor writes no value {value!r}")
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{flow_text(k)}: {flow_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(flow_text(item) for item in value) + "]"
    return text_line("k", str(value))[len("k: ") :]


def _key_lines(text: str) -> dict[str, tuple[int, int, Any]]:
    """The first and last line (0-based, inclusive) and the value of each
    top-level key (the comments after a value are not its lines)."""
    spans = key_lines(_root(text), text.splitlines())
    return {key: (first, last, plain_value(node)) for key, (first, last, node) in spans.items()}


def with_values(text: str, values: Mapping[str, Any]) -> str:
    """The layout text with each key of ``values`` set: its lines replaced
    by ``key: value`` (see :func:`flow_text`), a new key added after the
    keys trackkit writes before it, a key whose value is ``None`` removed.
    A key whose value does not change keeps its line (and its comment), as
    do other keys and comments."""
    lines = text.splitlines()
    spans = _key_lines(text)
    for key in sorted(spans.keys() & values.keys(), key=lambda k: -spans[k][0]):
        value = values[key]
        first, last, old = spans[key]
        if old == value and type(old) is type(value):
            continue
        lines[first : last + 1] = [] if value is None else [f"{key}: {flow_text(value)}"]
    for key in sorted(values.keys() - spans.keys(), key=_order):
        if values[key] is not None:
            lines.insert(_insertion_line(lines, key), f"{key}: {flow_text(values[key])}")
    return "\n".join(lines) + "\n"


def _order(key: str) -> int:
    """Where ``key`` comes in :data:`_KEY_ORDER`; a key not listed there
    comes after every listed one."""
    return _KEY_ORDER.index(key) if key in _KEY_ORDER else len(_KEY_ORDER)


def _insertion_line(lines: list[str], key: str) -> int:
    """Where a new ``key`` goes: after the last key that comes before it in
    :data:`_KEY_ORDER` (after every key, for one not listed), else at the top."""
    spans = _key_lines("\n".join(lines) + "\n")
    if key not in _KEY_ORDER:
        return max((last for _, last, _ in spans.values()), default=-1) + 1
    earlier = _KEY_ORDER[: _KEY_ORDER.index(key)]
    after = [last for name, (_, last, _) in spans.items() if name in earlier]
    return max(after) + 1 if after else 0


def top_values(text: str) -> dict[str, Any]:
    """Every top-level key of a layout text and its value, as YAML reads it."""
    return {scalar(key): plain_value(value) for key, value in _root(text).value}


def merged_text(base: str, new: str) -> str:
    """The layout text ``new`` written into ``base``: the lines of each key
    whose value changed replaced by ``new``'s lines for it, a key ``new``
    lacks removed, a key only ``new`` has added after the key before it
    there, and every other line of ``base`` (comments, unchanged keys)
    kept as it was.  Both texts are read line by line (see
    :func:`plain_keys`); a text written otherwise is merged through YAML."""
    old, fresh = plain_keys(base), plain_keys(new)
    if old is None or fresh is None:
        return _merged_by_values(base, new)
    lines, new_lines = base.splitlines(), new.splitlines()
    kept = {key: span for key, span in old.items() if key in fresh}
    for key, (first, last) in sorted(old.items(), key=lambda item: -item[1][0]):
        if key not in fresh:
            del lines[first : last + 1]
        elif _differ(lines[first : last + 1], new_lines[fresh[key][0] : fresh[key][1] + 1]):
            lines[first : last + 1] = new_lines[fresh[key][0] : fresh[key][1] + 1]
    added = [key for key in fresh if key not in kept]
    for key in added:
        spans = plain_keys("\n".join(lines) + "\n") or {}
        before = [name for name in list(fresh)[: list(fresh).index(key)] if name in spans]
        at = spans[before[-1]][1] + 1 if before else 0
        lines[at:at] = new_lines[fresh[key][0] : fresh[key][1] + 1]
    return "\n".join(lines) + "\n"


def _differ(old: list[str], new: list[str]) -> bool:
    """Whether two keys' lines hold different values (the same short value
    written with a comment or other spacing is the same; a long one, a
    list of tiles, is compared as text, as reading it costs more than
    writing it again)."""
    if old == new:
        return False
    if sum(map(len, old)) + sum(map(len, new)) > SHORT_VALUE:
        return True
    try:
        return bool(read_plain("\n".join(old)) != read_plain("\n".join(new)))
    except LayoutError:
        return True


SHORT_VALUE = 200
"""The longest key line read as a setting, in characters."""

_PLAIN_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*):(?:\s|$)")


def plain_keys(text: str) -> dict[str, tuple[int, int]] | None:
    """The first and last line (0-based) of each top-level key of a layout
    written as trackkit writes one: every key at the start of its line, its
    value on that line or on the indented (or ``- ``) lines after it;
    comment and blank lines after a value are not its lines.  ``None`` for
    a text written otherwise (a document marker, a flow mapping, an anchor)."""
    spans: dict[str, tuple[int, int]] = {}
    current: str | None = None
    for number, line in enumerate(text.splitlines()):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line.startswith(("---", "...")):
            return None
        if line[0] in " -":
            if current is None:
                return None
            spans[current] = (spans[current][0], number)
            continue
        found = _PLAIN_KEY.match(line)
        if found is None or found.group(1) in spans or "&" in line or "*" in line:
            return None
        current = found.group(1)
        spans[current] = (number, number)
    return spans


def setting_values(text: str, blocks: Collection[str] = ()) -> dict[str, Any]:
    """The value of each top-level key written on one line (the settings a
    page shows), and of the keys ``blocks`` names written on several
    short lines (a mapping in block style), read line by line (see
    :func:`plain_keys`), else through YAML; none for a text that cannot be
    read that far."""
    spans = plain_keys(text)
    try:
        if spans is None:
            return top_values(text)
        lines = text.splitlines()
        values = {
            key: _written_value(lines[first].split(":", 1)[1])
            for key, (first, last) in spans.items()
            if first == last and len(lines[first]) <= SHORT_VALUE
        }
        for key in blocks & spans.keys():
            first, last = spans[key]
            written = "\n".join(lines[first : last + 1])
            if first != last and len(written) <= SHORT_VALUE * 4:
                values[key] = _written_value(written.split(":", 1)[1])
        return values
    except (yaml.YAMLError, LayoutError):
        return {}


def unset_values(text: str, new: str) -> dict[str, Any]:
    """The values of the keys ``text`` sets and ``new`` does not (read as
    :func:`setting_values` reads them, block mappings too): what a layout
    written afresh would lose of the text it replaces."""
    spans = plain_keys(new) or {}
    values = setting_values(text, (plain_keys(text) or {}).keys())
    return {key: value for key, value in values.items() if key not in spans}


@lru_cache(maxsize=512)
def _written_value(written: str) -> Any:
    """The value a key's line writes after its colon, read as YAML; kept,
    since an edit changes one key and leaves the others' lines as they were."""
    return read_plain(written or "null")


def _merged_by_values(base: str, new: str) -> str:
    """:func:`merged_text` through YAML, for texts not written line by line."""
    old, values = top_values(base), top_values(new)
    changes: dict[str, Any] = {key: None for key in old if key not in values}
    changes.update({key: value for key, value in values.items() if old.get(key) != value})
    return with_values(base, changes) if changes else base
