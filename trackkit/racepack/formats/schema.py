"""The JSON Schema of layout files, version 1.

Editors that understand JSON Schema (through a YAML language server, say) use
it to complete keys and flag wrong values as you type.  The schema is built
from the same field table the reader uses, so the two cannot drift apart.
"""

from __future__ import annotations

from typing import Any

from trackkit.layoutfile.fields import schema_of
from trackkit.racepack.formats import fields as racepack_fields

__all__ = ["layout_schema"]


def layout_schema() -> dict[str, Any]:
    """The schema of Racepack layout files as a JSON-ready dict."""
    return schema_of(
        racepack_fields.FIELDS,
        title="trackkit layout",
        description="A piecepack race track: its circuit of tiles and race settings.",
        required=["trackkit"],
        alternatives=[{"required": ["path"]}, {"required": ["tiles"]}],
    )
