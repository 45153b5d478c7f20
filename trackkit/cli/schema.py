"""``trackkit schema``: the JSON Schema of the layout format, for editors."""

from __future__ import annotations

import typer

from trackkit.cli.common import print_json

__all__ = [
    "register",
]


def register(app: typer.Typer) -> None:
    @app.command()
    def schema() -> None:
        """Print the JSON Schema of layout files (for editor autocompletion)."""
        from trackkit.api import schema as layout_schema

        print_json(layout_schema())
