"""Numbers as JSON shows them, shared by every game's descriptions."""

from __future__ import annotations

from fractions import Fraction

__all__ = ["number"]


def number(value: Fraction) -> int | float:
    """A whole number as an int, a half as a float: JSON-friendly."""
    return int(value) if value.denominator == 1 else float(value)
