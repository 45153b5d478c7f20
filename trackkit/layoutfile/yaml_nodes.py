"""Reading layout files of any game: YAML nodes and located errors.

Every game's layout file is a YAML mapping of keys to values.  The readers
here walk PyYAML's node tree rather than plain Python values, so that every
complaint can name the line and column it is about.

The value readers and field tables built on them are in
:mod:`trackkit.layoutfile.fields`; gathering every problem of a file before
raising is :mod:`trackkit.layoutfile.problems`.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import yaml

from trackkit.errors import LayoutError
from trackkit.piecepack.circuit import MAX_DIGITS

__all__ = [
    "MAX_DEPTH",
    "PLAIN_TAGS",
    "LayoutLoader",
    "Location",
    "as_layout_root",
    "at",
    "compose",
    "compose_documents",
    "entry_width",
    "location",
    "plain_value",
    "read_plain",
    "scalar",
    "shown",
    "width",
]

Location = tuple[int, int]
"""A 1-based (line, column) in the file."""



def location(node: yaml.Node) -> Location:
    """Where ``node`` starts in the file."""
    return (node.start_mark.line + 1, node.start_mark.column + 1)


def width(node: yaml.Node) -> int | None:
    """How many characters ``node`` takes in the file, when it lies on one
    line (``None`` for a value running over several lines: a message then
    marks its first line from where it starts)."""
    return entry_width(node, node)


def entry_width(key: yaml.Node, value: yaml.Node) -> int | None:
    """How many characters a mapping's entry ``key: value`` takes, when it
    lies on one line (else ``None``)."""
    start, end = key.start_mark, value.end_mark
    if end.line != start.line or end.column <= start.column:
        return None
    return end.column - start.column


def at(node: yaml.Node, message: str, hint: str | None = None) -> LayoutError:
    """A :class:`LayoutError` pointing at ``node``."""
    line, column = location(node)
    return LayoutError(message, line=line, column=column, hint=hint)


SHOWN_LENGTH = 40
"""The most characters of a value a message quotes; a longer value is
quoted by its two ends."""


def shown(node: yaml.Node) -> str:
    """How a message quotes a value: its text (a long one cut to its ends),
    or what kind of thing it is."""
    if isinstance(node, yaml.ScalarNode):
        if not node.value:
            return "an empty value"
        value = str(node.value)
        if len(value) > SHOWN_LENGTH:
            half = SHOWN_LENGTH // 2
            return f"{value[:half]!r}...{value[-half:]!r} ({len(value):,} characters)"
        return repr(value)
    return "a list" if isinstance(node, yaml.SequenceNode) else "a mapping"


PLAIN_TAGS = {
    "tag:yaml.org,2002:str": "text",
    "tag:yaml.org,2002:int": "a whole number",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:bool": "true or false",
    "tag:yaml.org,2002:null": "an empty value",
}
"""The only kinds of value a layout file holds, and how messages call them."""

MAX_DEPTH = 40
"""How deeply lists and mappings may nest; a layout needs three levels."""

QUICK_FROM = 16 * 1024
"""The length of text from which libyaml composes it, when it can (see
:func:`_quick_documents`): a layout is a few hundred bytes and keeps the
careful reader; a race record of thousands of lines is read twenty times
faster."""

KEPT_TEXTS = 64
"""How many small texts' node trees :func:`compose_documents` keeps.  A
process that reads the same text again (the editor's server saving and
opening a layout, a library user, the test suite) gets its trees back at
once; the careful reader takes 2 to 6 ms for a shipped layout."""


class LayoutLoader(yaml.SafeLoader):
    """PyYAML's safe loader, reading only plain values: text, numbers,
    true/false and empty values.  Words that look like dates, and the odd
    ``=`` and ``<<``, stay text; explicit tags are refused by :func:`scalar`.

    Aliases (``*name``, repeating a value marked ``&name``) are refused where
    they stand: a layout needs none, and a few lines of aliases of aliases
    stand for billions of values."""

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
            raise LayoutError(
                "YAML aliases (*name) are not used in layout files",
                line=mark.line + 1,
                column=mark.column + 1,
                hint="write the value out in full",
            )
        return super().compose_node(parent, index)


LayoutLoader.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag in PLAIN_TAGS]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


_CONSTRUCTOR = LayoutLoader("")
"""One loader lending its constructors to :func:`scalar` (a plain value's
constructor reads nothing but the node), instead of a new loader for each
of the thousands of values in a race record."""


class _FastLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The same loader as :class:`LayoutLoader` on libyaml, when PyYAML has
    it: some twenty times faster on a race record of thousands of lines.
    Used only where its answer is the same (see :func:`_quick_documents`)."""


_FastLoader.yaml_implicit_resolvers = LayoutLoader.yaml_implicit_resolvers


def _shared_node(documents: list[yaml.Node | None]) -> bool:
    """Whether a node stands twice in the trees: an alias (``*name``) of a
    node marked ``&name``, which the careful reader refuses where it stands."""
    seen: set[int] = set()
    stack = [node for node in documents if node is not None]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            return True
        seen.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, yaml.MappingNode):
            stack.extend(item for pair in node.value for item in pair)
    return False


def _quick_documents(text: str) -> list[yaml.Node | None] | None:
    """The documents of ``text`` composed by libyaml, or ``None`` when the
    careful reader must read it: libyaml is missing, or the text holds a
    character YAML does not allow, an alias, or anything libyaml refuses
    (the careful reader then says where and why, as it always has)."""
    if _FastLoader is yaml.SafeLoader or yaml.reader.Reader.NON_PRINTABLE.search(text):
        return None
    try:
        documents: list[yaml.Node | None] = list(yaml.compose_all(text, Loader=_FastLoader))
    except (yaml.YAMLError, RecursionError):
        return None
    return None if _shared_node(documents) else documents


def scalar(node: yaml.Node) -> Any:
    """The Python value of a scalar node (text, a number, true/false or
    ``None``); other nodes are returned as they are.  Raises a located
    :class:`LayoutError` for a tag outside :data:`PLAIN_TAGS` or a value its
    tag cannot hold (``!!int abc``)."""
    if not isinstance(node, yaml.ScalarNode):
        return node
    kind = PLAIN_TAGS.get(node.tag)
    if kind is None:
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        raise at(node, f"the YAML tag {tag!r} is not used in layout files", "remove the tag")
    if kind == PLAIN_TAGS["tag:yaml.org,2002:int"] and len(node.value) > MAX_DIGITS:
        raise at(
            node,
            f"{shown(node)} is far too large a number for a layout",
            f"numbers in a layout have at most {MAX_DIGITS} digits",
        )
    try:
        return LayoutLoader.yaml_constructors[node.tag](_CONSTRUCTOR, node)
    except Exception:  # PyYAML's constructors fail in many ways on odd text
        raise at(node, f"{shown(node)} is not {kind}", "remove the tag or fix the value") from None


def plain_value(node: yaml.Node | None) -> Any:
    """The Python value of a tree of plain values: a mapping as a dict, a
    sequence as a list, a scalar as :func:`scalar` reads it (so an explicit
    tag, such as ``!!timestamp``, is a located :class:`LayoutError`, not
    whatever PyYAML's constructor for it throws)."""
    if isinstance(node, yaml.MappingNode):
        return {scalar(key): plain_value(value) for key, value in node.value}
    if isinstance(node, yaml.SequenceNode):
        return [plain_value(item) for item in node.value]
    return None if node is None else scalar(node)


def read_plain(text: str) -> Any:
    """The value of the first YAML document in ``text`` (a value written
    after a key, a few lines of a layout), read as a layout's own reader
    reads values (:func:`plain_value`); a located :class:`LayoutError`
    for anything else."""
    documents = compose_documents(text)
    return plain_value(documents[0]) if documents else None


def _position_of(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _too_deep(text: str) -> tuple[int, int] | None:
    """Where flow brackets first nest deeper than :data:`MAX_DEPTH`, found
    before parsing, since the parser itself recurses once per level."""
    depth = 0
    for bracket in _BRACKETS.finditer(text):  # only the brackets move the depth
        if bracket.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return _position_of(text, bracket.start())
        else:
            depth = max(0, depth - 1)
    return None


_BRACKETS = re.compile(r"[\[\]{}]")
"""The characters :func:`_too_deep` counts: flow brackets opening and closing."""


def _depth_of(node: yaml.Node, limit: int) -> int:
    """How deeply ``node`` nests, counting no further than ``limit`` + 1."""
    deepest, stack = 0, [(node, 1)]
    sequence, mapping = yaml.SequenceNode, yaml.MappingNode
    while stack:
        here, depth = stack.pop()
        if depth > deepest:
            deepest = depth
            if depth > limit:
                return deepest
        if isinstance(here, sequence):
            stack += [(item, depth + 1) for item in here.value]
        elif isinstance(here, mapping):
            stack += [(value, depth + 1) for _, value in here.value]
    return deepest


def _nesting_error(line: int, column: int) -> LayoutError:
    return LayoutError(
        f"lists or mappings nest more than {MAX_DEPTH} deep",
        line=line,
        column=column,
        hint="a layout nests three levels at most",
    )


def compose_documents(text: str) -> list[yaml.Node | None]:
    """Parse YAML text into the node tree of each of its documents.

    Raises a located :class:`LayoutError` for malformed YAML, characters
    YAML does not allow, or nesting deeper than :data:`MAX_DEPTH`.  The
    trees of the last :data:`KEPT_TEXTS` small texts read are kept and
    given again for the same text (nothing that reads a tree changes it).
    """
    if len(text) > QUICK_FROM:
        return _composed(text)
    return list(_kept_composition(text))


@functools.lru_cache(maxsize=KEPT_TEXTS)
def _kept_composition(text: str) -> tuple[yaml.Node | None, ...]:
    return tuple(_composed(text))


def _composed(text: str) -> list[yaml.Node | None]:
    deep = _too_deep(text)
    if deep is not None:
        raise _nesting_error(*deep)
    quick = _quick_documents(text) if len(text) > QUICK_FROM else None
    if quick is not None:
        return _shallow(quick)
    try:
        documents: list[yaml.Node | None] = list(yaml.compose_all(text, Loader=LayoutLoader))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "malformed YAML"
        raise LayoutError(
            f"YAML syntax error: {problem}",
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
            hint="check the indentation and quoting near here",
        ) from None
    except yaml.reader.ReaderError as exc:
        line, column = _position_of(text, exc.position)
        raise LayoutError(
            f"character {chr(exc.character)!r} is not allowed in YAML"
            if isinstance(exc.character, int)
            else "a character here is not allowed in YAML",
            line=line,
            column=column,
            hint="delete it; a layout holds no control characters",
        ) from None
    except RecursionError:
        raise _nesting_error(1, 1) from None
    except yaml.YAMLError as exc:
        raise LayoutError(
            f"YAML error: {str(exc).splitlines()[0] if str(exc) else 'malformed YAML'}"
        ) from None
    return _shallow(documents)


def _shallow(documents: list[yaml.Node | None]) -> list[yaml.Node | None]:
    """``documents``, unless one nests deeper than :data:`MAX_DEPTH`."""
    for document in documents:
        if document is not None and _depth_of(document, MAX_DEPTH) > MAX_DEPTH:
            raise _nesting_error(*location(document))
    return documents


def as_layout_root(root: yaml.Node | None) -> yaml.MappingNode:
    """The top of one document, which must be a mapping of keys to values."""
    if root is None:
        raise LayoutError("the file is empty", line=1, column=1, hint="start with 'trackkit: 1' and a 'path'")
    if not isinstance(root, yaml.MappingNode):
        raise at(
            root,
            "a layout must be a mapping of keys to values",
            "write 'key: value' lines, starting with 'trackkit: 1'",
        )
    return root


def compose(text: str) -> yaml.MappingNode:
    """The node tree of a file holding one layout; raises a located
    :class:`LayoutError` for malformed YAML, an empty file, a file of
    several documents, or one that is not a mapping of keys to values."""
    documents = compose_documents(text)
    if len(documents) > 1:
        second = documents[1]
        line, column = location(second) if second is not None else (1, 1)
        raise LayoutError(
            f"the file holds {len(documents)} layouts, one per YAML document",
            line=line,
            column=column,
            hint="give one layout per file; 'trackkit validate' checks every layout of a file",
        )
    return as_layout_root(documents[0] if documents else None)

