"""What the shell offers on Tab (after ``trackkit --install-completion``):
rule ids after ``explain``, game names after ``--game``, and layout files
(``.yaml``/``.yml`` files and folders) where a command reads a layout.

Each function takes the word typed so far and returns the words that
complete it, in order; the shell's completion script asks for them by
running ``trackkit`` with the words typed in its environment.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["complete_games", "complete_layouts", "complete_rules"]

_LAYOUT_SUFFIXES = (".yaml", ".yml")


def complete_rules(incomplete: str) -> list[str]:
    """Every game's rule ids starting with ``incomplete`` (any case)."""
    from trackkit.api import rule_catalog

    wanted = incomplete.lower()
    ids = [entry.rule for _, entries in rule_catalog(None) for entry in entries]
    return [rule for rule in ids if rule.startswith(wanted)]


def complete_games(incomplete: str) -> list[str]:
    """The games' names starting with ``incomplete`` (any case)."""
    from trackkit.registry import GAMES

    return [name for name in GAMES if name.startswith(incomplete.lower())]


def complete_layouts(incomplete: str) -> list[str]:
    """The layout files and folders whose path starts with ``incomplete``
    (folders end with ``/``, so that Tab goes on inside them); hidden ones
    only when a dot was typed."""
    folder, separator, start = incomplete.rpartition("/")
    prefix = folder + separator
    where = Path(prefix or ".")
    try:
        entries = sorted(where.iterdir())
    except OSError:
        return []
    found: list[str] = []
    for entry in entries:
        name = entry.name
        if not name.startswith(start) or (name.startswith(".") and not start.startswith(".")):
            continue
        if entry.is_dir():
            found.append(f"{prefix}{name}/")
        elif name.endswith(_LAYOUT_SUFFIXES):
            found.append(f"{prefix}{name}")
    return found
