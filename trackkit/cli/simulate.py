"""``trackkit simulate FILE``: many races on a track, and what they show."""

from __future__ import annotations

from pathlib import Path

import typer

from trackkit.cli.common import FORMAT_OPTION, OutputFormat, guarded, print_json
from trackkit.cli.completion import complete_layouts

__all__ = [
    "register",
]


def register(app: typer.Typer) -> None:
    @app.command()
    def simulate(
        file: Path = typer.Argument(
            ...,
            help="Racepack, RACE!, Motocross or rally layout file.",
            show_default=False,
            autocompletion=complete_layouts,
        ),
        races: int = typer.Option(1000, "--races", help="How many races to play."),
        cars: int | None = typer.Option(
            None,
            "--cars",
            "--players",
            help="Cars (RACE!: racers; Motocross: riders, 1-4) on the grid (default: the layout's);"
            " rally: players, 2-6 (default 4).",
        ),
        drivers: str | None = typer.Option(
            None,
            "--drivers",
            help="Drivers dealt to the cars in turn: expert (the default), bold, cautious, random,"
            " each of the last three with +tokens to play strategy"
            " tokens on its own speed (Racepack; e.g. bold,cautious+tokens).",
        ),
        laps: int | None = typer.Option(None, "--laps", help="Laps of each race (default: the layout's)."),
        seed: int | None = typer.Option(None, "--seed", help="Seed for the dice and the starting order."),
        pit_stops: bool = typer.Option(
            False, "--pit-stops", help="Racepack variant: every car makes one stop in the pit lane."
        ),
        extra_hazards: int = typer.Option(
            0, "--extra-hazards", help="Racepack variant: this many more hazards, placed where cars spin out."
        ),
        no_hazards: bool = typer.Option(
            False,
            "--no-hazards",
            help="Racepack: race a layout without 'hazards:' with none (default: roll four for every race).",
        ),
        wide_lanes: int | None = typer.Option(
            None,
            "--wide-lanes",
            help="Racepack: race the wide main straight as 4 lanes, or as 3 and a pit lane"
            " (default: the layout's 'lanes').",
        ),
        skills: str | None = typer.Option(
            None, "--skills", help="Rally: Skills cards none, base (a set each) or advanced (4 dealt each)."
        ),
        shapes: Path | None = typer.Option(
            None,
            "--shapes",
            help="Rally: a YAML file of your own card shapes (rows, lanes, Gates, white lines);"
            " see docs/simulation.md.",
        ),
        workers: int = typer.Option(
            1, "--workers", help="Worker processes (the figures do not depend on it)."
        ),
        record: Path | None = typer.Option(
            None,
            "--record",
            help="Also write the first race move by move, as a PPN game.",
        ),
        svg: Path | None = typer.Option(
            None,
            "--svg",
            help="Also draw the track, corners shaded by incidents, and the win rate by slot"
            " (Motocross: the tiles shaded by wipe-outs and failed jumps, and the win rate by seat;"
            " rally: the cards shaded by token shortages, and the win rate by seat).",
        ),
        force: bool = typer.Option(False, "--force", help="Replace the --record or --svg file if it exists."),
        output: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """Play many races: win rate (RACE!: and points) by grid slot, race length, incidents by corner.

        On a Motocross course: win rate by seat, wipe-outs and failed jumps by tile."""
        from trackkit.api.simulation import simulate_file, simulation_warnings
        from trackkit.cli.progress import stderr_bar
        from trackkit.registry import find_game

        with guarded(file):
            layout, result = simulate_file(
                file,
                races=races,
                drivers=drivers,
                cars=cars,
                laps=laps,
                seed=seed,
                workers=workers,
                pit_stops=pit_stops,
                extra_hazards=extra_hazards,
                hazards=not no_hazards,
                wide_lanes=wide_lanes,
                skills=skills,
                shapes=shapes,
                progress=stderr_bar("racing"),
                record=record,
                svg=svg,
                force=force,
            )
        for warning in simulation_warnings(layout, result):
            typer.echo(f"{file}: warning: {warning}", err=True)
        game = find_game(layout.game)
        if output is OutputFormat.json:
            print_json(game.simulation_json(layout.name, result))
        else:
            typer.echo(game.simulation_text(layout.name, result))
        for written in (record, svg):
            if written is not None:
                typer.echo(f"wrote {written}", err=True)
