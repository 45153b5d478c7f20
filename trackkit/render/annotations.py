"""The fault layer a drawing rings the pieces a broken rule names in."""

from __future__ import annotations

from typing import Any, Protocol

from trackkit.render.themes import Theme

__all__ = ["Layered", "fault_group"]


class Layered(Protocol):
    """A painter that starts named layers and writes lengths given in spaces."""

    def group(self, name: str, **attributes: str) -> Any: ...

    def length(self, spaces: float) -> str: ...


def fault_group(target: Layered, theme: Theme) -> Any:
    """The ``faults`` layer: no fill, the theme's error stroke (red in the
    colour theme, dashed black in print)."""
    group = target.group(
        "faults",
        class_="symbol fault",
        fill="none",
        stroke=theme.error,
        stroke_width=target.length(theme.error_width),
    )
    dashes = " ".join(target.length(float(v)) for v in theme.error_dash.split())
    if dashes:
        group["stroke-dasharray"] = dashes
    return group
