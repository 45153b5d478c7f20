"""Benchmark: how much the dice leave a RACE! driver to decide, two racers a race.

An *oracle* racer sees, before it picks its speed, the dice it would roll
at each speed it may take (the generator is read ahead and wound back), and
takes the speed whose roll leaves it, by the expert's yardstick
(:class:`~trackkit.race.lookahead.TurnsTable`), the fewest turns to the
flag against the turns its shake saves the rival.  No player can do that:
its wins against each simple driver bound what choosing a speed can be
worth.  Otherwise it plays as the expert (blocked, it slows down or risks a
crash as the expert would; two racers leave no choice of whom to shake).
Races come in pairs sharing a seed, the grid swapped.

Run: python benchmarks/race_oracle.py [--pairs N] [RIVAL ...]
(default 300 pairs, rivals bold, cautious, random, expert; every RACE! layout).
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from trackkit.games import load
from trackkit.montecarlo import wilson_interval
from trackkit.race.drivers import RaceDriver, Racer, gift, room
from trackkit.race.facts import RaceTrackFacts
from trackkit.race.lookahead import tokens_on
from trackkit.race.racing import _Race

ROOT = Path(__file__).resolve().parent.parent
LAYOUTS = ("figure1-race", "race-hairpin", "race-oval", "race-road-course")
SEED = 2026


class OracleRace(_Race):
    """A race in which the racer on grid slot ``oracle`` sees its dice."""

    oracle = 0

    def _speed(self, racer: Racer) -> int:
        if racer.slot != self.oracle:
            return super()._speed(racer)
        speeds = range(max(0, racer.speed - 1), min(3, racer.speed + 1) + 1)
        return min(speeds, key=lambda speed: self._foreseen(racer, speed))

    def _foreseen(self, racer: Racer, speed: int) -> float:
        """The oracle's cost of the roll it would get at ``speed``."""
        state = self.rng.getstate()
        dice = [self.rng.getrandbits(3) + 1 for _ in range(3 + speed)]
        hazards = [self.rng.getrandbits(3) + 1 for _ in range(min(2, racer.hazards))]
        self.rng.setstate(state)
        lost = len(set(dice + hazards)) < len(dice) + len(hazards)
        if lost:
            dice.remove(max(dice))
        facts, table = self.facts, self.facts.table
        now = max(0, speed - 1) if lost else speed
        landing, blocked = facts.reach(racer.position, max(dice), self.at)
        tokens = tokens_on(facts.ahead[racer.position % facts.loop], now, landing - racer.position)
        cost = table.turns(landing, now, tokens, not lost)
        if blocked:
            cost = min(cost, table.turns(landing, max(0, now - 1), tokens, not lost))
            cost = min(cost, table.turns(landing, now, tokens + 1, not lost))
        others = [r for r in self.racers if r is not racer and not r.finished]
        field = {place: r for place, r in self.at.items() if r is not racer}
        low = min(dice)
        gifts = [gift(facts, r, low, field, room(facts, r.position, field)) for r in others]
        return cost + min(gifts, default=0.0)


def wins(facts: RaceTrackFacts, rival: str, pairs: int) -> int:
    """Races the oracle wins of ``2 * pairs`` against ``rival``."""
    won = 0
    for pair in range(pairs):
        for oracle in (0, 1):
            drivers = [RaceDriver("expert"), RaceDriver(rival)]
            if oracle:
                drivers.reverse()
            race = OracleRace(facts, drivers, random.Random(SEED * 100_003 + pair))
            race.oracle = oracle
            won += race.run().order[:1] == (oracle,)
    return won


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("rivals", nargs="*", default=["bold", "cautious", "random", "expert"])
    parser.add_argument("--pairs", type=int, default=300)
    args = parser.parse_args()
    start = time.perf_counter()
    print("| layout | oracle vs | races | oracle wins % (95 % interval) |")
    print("| --- | --- | --- | --- |")
    for name in LAYOUTS:
        facts = RaceTrackFacts(load(ROOT / "layouts" / f"{name}.yaml").layout)
        for rival in args.rivals:
            won = wins(facts, rival, args.pairs)
            rate = wilson_interval(won, 2 * args.pairs)
            print(
                f"| `{name}.yaml` | {rival} | {2 * args.pairs} |"
                f" {100 * rate.rate:.1f} ({100 * rate.low:.1f}-{100 * rate.high:.1f}) |",
                flush=True,
            )
    print(f"\n{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
