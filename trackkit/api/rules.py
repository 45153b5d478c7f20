"""The rules every game checks, for ``trackkit rules`` and ``trackkit explain``."""

from __future__ import annotations

from trackkit import games
from trackkit.errors import ArgumentError, did_you_mean
from trackkit.findings import RuleEntry, find_rule

__all__ = ["explain_rule", "rule_catalog"]


def rule_catalog(game: str | None = None) -> list[tuple[games.Game, tuple[RuleEntry, ...]]]:
    """Each game (or only ``game``) with its rule ids, in the order the
    rules are checked (``validate`` prints findings in file order).  Raises
    :class:`~trackkit.errors.ArgumentError` for a game trackkit does not know."""
    if game is None:
        return [(each, each.rules()) for each in games.GAMES.values()]
    wanted = game.strip().lower()
    if wanted not in games.GAMES:
        known = list(games.GAMES)
        raise ArgumentError(
            f"is {game!r}{did_you_mean(wanted, known)}; known games: {', '.join(known)}", parameter="game"
        )
    chosen = games.GAMES[wanted]
    return [(chosen, chosen.rules())]


def explain_rule(name: str) -> tuple[games.Game, RuleEntry]:
    """The rule id ``name`` as a report shows it (``motocross/touch``,
    ``adjacency``), or without its game when only one game has that rule
    (``touch``), with the game it belongs to.  Raises
    :class:`~trackkit.errors.ArgumentError` for an unknown or ambiguous name."""
    owners = {entry.rule: game for game, entries in rule_catalog() for entry in entries}
    entry = find_rule(name, (entry for _, entries in rule_catalog() for entry in entries))
    return owners[entry.rule], entry
