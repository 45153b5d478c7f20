"""``trackkit simulate`` output for the rally game: how a deck races.

The figures come from :func:`trackkit.rally.race.simulate.simulate_rally`.
A *seat* is a place at the table in turn order (seat 1 is the starting
player, who starts with the fewest tokens); a win rate comes with its 95 %
confidence interval (Wilson's).  A *shortage* is a car ending its player's
turn on a card for want of a token: no Fuel left before it could move, or
Fuel but too little Control for any move onward.  A *ghost* is a move that
paid a Control token to pass through another car, counted on the card of
the first car it passed.
"""

from __future__ import annotations

from typing import Any

from trackkit.rally.race.simulate import RallySimulation
from trackkit.simulation_words import interval_json, percent, quantiles_json, quantiles_words

__all__ = [
    "rally_simulation_json",
    "rally_simulation_text",
]

def _tokens_words(tokens: tuple[int, int]) -> str:
    return f"{tokens[0]} Fuel, {tokens[1]} Control"


def rally_simulation_json(name: str | None, result: RallySimulation) -> dict[str, Any]:
    """Every figure of ``result``."""
    races = max(1, result.races)
    return {
        "name": name,
        "game": "rally",
        "races": result.races,
        "players": result.players,
        "seed": result.seed,
        "skills": result.skills,
        "drivers": list(result.drivers),
        "unfinished": result.unfinished,
        "seats": [
            {
                "seat": seat + 1,
                "fuel": result.tokens(seat)[0],
                "control": result.tokens(seat)[1],
                "wins": result.seat_wins[seat],
                **interval_json(result.seat_rate(seat)),
                "mean_points": round(result.seat_mean(seat), 4),
            }
            for seat in range(result.players)
        ],
        "starting_tokens": [
            {
                "fuel": tokens[0],
                "control": tokens[1],
                "seats": [seat + 1 for seat in seats],
                **interval_json(result.group_rate(seats)),
                "mean_points": round(result.group_mean(seats), 4),
            }
            for tokens, seats in result.token_groups()
        ],
        "length": {
            "mean_rounds": round(result.mean_length, 4),
            "standard_error": round(result.length_error, 4),
            "quantiles": quantiles_json(result),
            "mean_minutes": round(result.minutes(result.mean_length), 1),
            "seconds_per_turn": result.seconds_per_turn,
        },
        "cards": [
            {
                "card": index,
                "name": card,
                "fuel_shortages_per_race": round(result.fuel_short[index] / races, 4),
                "control_shortages_per_race": round(result.control_short[index] / races, 4),
                "ghosts_per_race": round(result.ghosts[index] / races, 4),
            }
            for index, card in enumerate(result.course)
        ],
        "drivers_won": [
            {
                "driver": driver,
                "starts": result.driver_starts[driver],
                "wins": result.driver_wins[driver],
                **interval_json(result.driver_rate(driver)),
                "mean_points": round(result.driver_mean(driver), 4),
            }
            for driver in sorted(result.driver_starts)
        ],
    }


def _seat_lines(result: RallySimulation) -> list[str]:
    lines = ["seat            tokens  wins     win rate (95 % interval)  points a race"]
    for seat in range(result.players):
        label = f"{seat + 1}" + (" (starting)" if seat == 0 else "")
        fuel, control = result.tokens(seat)
        wins = result.seat_wins[seat]
        lines.append(
            f"{label:<14}  {fuel}F {control}C  {wins:>6,}  {percent(result.seat_rate(seat))}"
            f"  {result.seat_mean(seat):>13.2f}"
        )
    return lines


def _token_lines(result: RallySimulation) -> list[str]:
    lines = ["starting tokens     seats  win rate a player (95 % interval)  points a race"]
    for tokens, seats in result.token_groups():
        numbers = ",".join(str(seat + 1) for seat in seats)
        lines.append(
            f"{_tokens_words(tokens):<18}  {numbers:<5}  {percent(result.group_rate(seats))}"
            f"         {result.group_mean(seats):>13.2f}"
        )
    return lines


def _card_lines(result: RallySimulation) -> list[str]:
    races = max(1, result.races)
    lines = ["card  name            Fuel short a race  Control short a race  ghosts a race"]
    for index, card in enumerate(result.course):
        fuel, control = result.fuel_short[index] / races, result.control_short[index] / races
        ghosts = result.ghosts[index] / races
        lines.append(f"{index:>4}  {card[:14]:<14}  {fuel:>17.2f}  {control:>20.2f}  {ghosts:>13.2f}")
    return lines


def rally_simulation_text(name: str | None, result: RallySimulation) -> str:
    """The figures as a short report a rally player can read."""
    title = name or "Deck"
    quantiles = quantiles_words(result)
    lines = [
        f"{title}: {result.races:,} races of {result.players} players"
        f" (drivers {', '.join(result.drivers)}; Skills cards {result.skills}; seed {result.seed})",
        "",
        *_seat_lines(result),
        "",
        *_token_lines(result),
        "",
        f"Race length: {result.mean_length:.2f} rounds on average (standard error {result.length_error:.2f});"
        f" {quantiles}",
        f"  about {result.minutes(result.mean_length):.0f} minutes"
        f" at {result.seconds_per_turn} seconds a turn ({result.players} turns a round)",
    ]
    if result.unfinished:
        lines.append(f"  {result.unfinished:,} races stopped unfinished")
    lines += [
        "",
        *_card_lines(result),
        "",
        "driver    starts    wins  win rate (95 % interval)  points a race",
    ]
    for driver in sorted(result.driver_starts):
        lines.append(
            f"{driver:<8}  {result.driver_starts[driver]:>6,}  {result.driver_wins[driver]:>6,}"
            f"  {percent(result.driver_rate(driver))}  {result.driver_mean(driver):>13.2f}"
        )
    return "\n".join(lines)
