"""``trackkit rules`` and ``trackkit explain RULE``: the rules trackkit
checks for every game, and one of them in full (the rulebook's sentence and
our reading)."""

from __future__ import annotations

import typer

from trackkit.cli.common import FORMAT_OPTION, OutputFormat, guarded, print_json
from trackkit.cli.completion import complete_games, complete_rules

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    @app.command()
    def rules(
        game: str | None = typer.Option(
            None,
            "--game",
            help="Only this game's rules: racepack, motocross, race or rally.",
            autocompletion=complete_games,
        ),
        output: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """List the rules 'validate' checks, by the id its findings carry."""
        from trackkit.api import rule_catalog

        with guarded():
            catalog = rule_catalog(game)
        if output is OutputFormat.json:
            print_json(
                [
                    {"rule": entry.rule, "game": each.name, "summary": entry.summary}
                    for each, entries in catalog
                    for entry in entries
                ]
            )
            return
        for number, (each, entries) in enumerate(catalog):
            if number:
                typer.echo("")
            typer.echo(f"{each.title} (game: {each.name})")
            width = max(len(entry.rule) for entry in entries)
            for entry in entries:
                typer.echo(f"  {entry.rule:<{width}}  {entry.summary}")
        typer.echo("\n'trackkit explain RULE' quotes the rulebook and says how trackkit reads it.")

    @app.command()
    def explain(
        rule: str = typer.Argument(
            ..., help="A rule id, as 'trackkit rules' lists.", metavar="RULE", autocompletion=complete_rules
        ),
        output: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """Explain a rule: what it asks, the rulebook sentences it enforces, and
        how trackkit reads them."""
        from trackkit.api import explain_rule

        with guarded():
            game, entry = explain_rule(rule)
        if output is OutputFormat.json:
            print_json(
                {
                    "rule": entry.rule,
                    "game": game.name,
                    "summary": entry.summary,
                    "checks": entry.texts(),
                    "section": entry.section,
                }
            )
            return
        typer.echo(f"{entry.rule}: {entry.summary}")
        for text in entry.texts():
            typer.echo("")
            typer.echo("\n".join(f"  {line}" if line else "" for line in text.splitlines()))
        typer.echo(f'\nMore in docs/rules.md, section "{entry.section}".')
