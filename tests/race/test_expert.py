"""The RACE! expert: its dice chances counted against every roll, its table
of turns to the flag, its three choices, and its races."""

from __future__ import annotations

import itertools
import random

import pytest
from support import LAYOUTS

from trackkit.games import load
from trackkit.head_to_head import head_to_head
from trackkit.montecarlo import wilson_interval
from trackkit.race.drivers import RaceDriver, choose_target, least_helped, slows_down
from trackkit.race.expert import corners_ahead, expected_move, move_chances
from trackkit.race.facts import RaceTrackFacts
from trackkit.race.lookahead import TurnsTable, lowest_die_chances, mean_lowest_die, outcomes
from trackkit.race.racing import _Race
from trackkit.race.simulate import _job, parse_race_drivers
from trackkit.race.track import RaceLayout

OVAL = RaceLayout(spaces=24, finish=24, laps=2, racers=6)
EXPERT, BOLD = RaceDriver("expert"), RaceDriver("bold")


def counted_move(speed: int, hazard_dice: int) -> tuple[float, float]:
    """The mean move of a turn and the chance it loses control, over every
    way the dice can fall: 'any two dice alike' removes the highest die."""
    dice = 3 + speed
    total, lost, ways = 0, 0, 0
    for roll in itertools.product(range(1, 9), repeat=dice + hazard_dice):
        kept = sorted(roll[:dice])
        if len(set(roll)) < len(roll):
            kept.pop()
            lost += 1
        total += kept[-1]
        ways += 1
    return total / ways, lost / ways


@pytest.mark.parametrize(("speed", "hazard_dice"), [(0, 0), (0, 1), (1, 0), (1, 1), (0, 2)])
def test_move_chances_match_every_roll(speed: int, hazard_dice: int) -> None:
    mean, lost = counted_move(speed, hazard_dice)
    assert expected_move(speed, hazard_dice) == pytest.approx(mean)
    in_control, out = move_chances(speed, hazard_dice)
    assert out[0] == pytest.approx(lost)
    assert in_control[0] + out[0] == pytest.approx(1.0)


def test_outcomes_and_lowest_die_match_every_roll() -> None:
    """Every way a turn ends sums to certainty and gives the mean move; the
    lowest racer or speed die (the shake) is counted against every roll."""
    for speed, hazard_dice in ((0, 0), (1, 1), (3, 2)):
        ways = outcomes(speed, hazard_dice)
        assert sum(chance for _, _, chance in ways) == pytest.approx(1.0)
        assert sum(move * chance for move, _, chance in ways) == pytest.approx(expected_move(speed, hazard_dice))
    for speed in (0, 1):
        rolls = list(itertools.product(range(1, 9), repeat=3 + speed))
        for low in range(1, 9):
            share = sum(1 for roll in rolls if min(roll) == low) / len(rolls)
            assert lowest_die_chances(speed)[low] == pytest.approx(share)


def test_corners_ahead() -> None:
    """A corner is entered where its first space lies, within a die's reach."""
    corner_at = (0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 2, 2)
    radius_at = (0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 1, 1)
    assert corners_ahead(corner_at, radius_at, 0) == ((2, 2),)
    assert corners_ahead(corner_at, radius_at, 3) == ((7, 1),)


def test_turns_table_two_spaces_out() -> None:
    """Two spaces short of the flag, a turn fails to finish only if all dice
    but one show 1 (two 1s throw the racer out of control and its highest die
    is removed): with four dice 1 + 4 * 7 rolls in 8 ** 4, with three 1 + 3 * 7
    in 8 ** 3.  At speed 0 in control the racer takes speed 1; out of control
    it keeps speed 0.  One space short, any move finishes."""
    table = RaceTrackFacts(OVAL).table
    goal = 2 * 24 + 1
    assert table.turns(goal - 1, 0, 0, True) == pytest.approx(1.0)
    assert table.turns(goal - 2, 0, 0, True) == pytest.approx(1.0 + 29 / 8**4)
    assert table.turns(goal - 2, 0, 0, False) == pytest.approx(1.0 + 22 / 8**3)
    assert table.turns(goal, 3, 2, True) == 0.0


def test_turns_table_sums_agree() -> None:
    """The table's turn costs, its partial sums by number moved and its
    free shakes tell the same story."""
    facts = RaceTrackFacts(load(LAYOUTS / "race-hairpin.yaml").layout)
    table = facts.table
    for position in (-3, 0, 17, 100):
        for speed, tokens in ((0, 0), (2, 1), (3, 2)):
            cost = table.turn_cost(position, speed, tokens)
            assert table.cost(position, speed, tokens) == pytest.approx(cost)
            assert table.free_cost(position, speed, tokens, 8) == pytest.approx(cost - 1.0)
            before = table.turns(position, speed, tokens, True)
            after = table.after_move(position, speed, 3, False, tokens)
            assert table.shake_gain(position, speed, tokens, True, 3) == pytest.approx(before - after)


@pytest.mark.parametrize("name", ["figure1-race", "race-hairpin", "race-oval", "race-road-course"])
def test_alone_on_the_track_speeding_up_is_nearly_always_best(name: str) -> None:
    """The finding docs/simulation.md builds on: a racer alone, in control,
    needs fewest turns by speeding up (the bold driver's choice) from every
    state on every shipped layout, corners and hazard tokens included, but
    17 within eight spaces of the flag, where the other choice saves less
    than 0.012 of a turn."""
    table: TurnsTable = RaceTrackFacts(load(LAYOUTS / f"{name}.yaml").layout).table
    otherwise = []
    for position in range(table.low, table.goal):
        for speed in range(4):
            for tokens in range(3):
                choices = range(max(0, speed - 1), min(3, speed + 1) + 1)
                best = min(choices, key=lambda choice: table.cost(position, choice, tokens))
                saved = table.cost(position, choices[-1], tokens) - table.cost(position, best, tokens)
                if best != choices[-1]:
                    otherwise.append((table.goal - position, saved))
    assert len(otherwise) == 17
    assert all(distance <= 8 and saved < 0.012 for distance, saved in otherwise)


def test_mean_lowest_die_counts_every_roll() -> None:
    """The lowest of n eight-sided dice is k or more in ((9 - k) / 8) ** n of
    the rolls: summed over k, 1296 / 512 with three dice, 446964 / 262144 with six."""
    assert mean_lowest_die(0) == pytest.approx(1296 / 512)
    assert mean_lowest_die(1) == pytest.approx(8772 / 4096)
    assert mean_lowest_die(3) == pytest.approx(446964 / 262144)


def test_duel_table_prices_each_turn_with_its_shake() -> None:
    """One space short of the flag any move finishes, so the turn left costs
    one turn and its shake's gift: in control at speed 0 the racer takes
    speed 1 (four dice, a lower lowest die); out of control it keeps three.
    The gift's rate is the plain table's turns from the grid over the spaces."""
    facts = RaceTrackFacts(OVAL)
    rate = facts.table.turns(0, 0, 0, True) / 49
    assert facts.table.turns_per_space() == pytest.approx(rate)
    duel = facts.duel_table
    assert duel.turns(48, 0, 0, True) == pytest.approx(1 + rate * 8772 / 4096)
    assert duel.turns(48, 0, 0, False) == pytest.approx(1 + rate * 1296 / 512)
    assert duel.turns(49, 3, 0, True) == 0.0


def test_blocked_at_speed_one_with_one_rival_the_expert_risks_a_crash() -> None:
    """Alone, slowing from 1 to 0 costs fewer turns than a hazard token; with
    one rival left, speed 0 rolls three dice whose higher lowest die shakes
    the rival further every turn, and the expert keeps its speed."""
    race = _Race(RaceTrackFacts(OVAL), [EXPERT, BOLD], random.Random(0))
    racer = race.racers[0]
    racer.position, racer.speed = 12, 1
    assert slows_down(race.facts, racer, race.rng)
    assert not slows_down(race.facts, racer, race.rng, duel=True)


def test_reach_plays_a_move_without_making_it() -> None:
    """Two racers in control ahead cost three to pass: two movement stops
    the third racer behind them (blocked), three carries it past."""
    race = _Race(RaceTrackFacts(OVAL), [BOLD, BOLD, BOLD], random.Random(0))
    back = race.racers[2]
    assert race.facts.reach(back.position, 2, race.at) == (-2, True)
    assert race.facts.reach(back.position, 3, race.at) == (1, False)
    assert race.facts.reach(0, 5, race.at) == (5, False)


def test_expert_blocked_takes_the_cheaper_of_slowing_and_risking() -> None:
    """'You've got a choice: slow down or risk a crash.'  At speed 0 slowing
    costs nothing; otherwise the expert compares the table's turns to go."""
    race = _Race(RaceTrackFacts(OVAL), [EXPERT], random.Random(0))
    racer, table = race.racers[0], race.facts.table
    assert slows_down(race.facts, racer, race.rng)
    racer.speed, racer.hazards = 3, 1
    slowed, risked = table.turns(0, 2, 1, True), table.turns(0, 3, 2, True)
    assert slows_down(race.facts, racer, race.rng) == (slowed <= risked)


def test_expert_shakes_the_racer_a_queue_stops() -> None:
    """A shake of 1 helps the racers on open road (positions 0 and 6) but
    stops the racer right behind another (position 5): its bold driver must
    then risk a crash.  The expert shakes that one, the cautious driver the
    racer furthest back, the bold driver (no corners on the oval) too."""
    race = _Race(RaceTrackFacts(OVAL), [EXPERT, BOLD, BOLD, BOLD], random.Random(0))
    mover, back, queued, front = race.racers
    for racer, position in zip(race.racers, (12, 0, 5, 6), strict=True):
        racer.position = position
    race.at = {racer.position: racer for racer in race.racers}
    others = [back, queued, front]
    assert least_helped(race.facts, others, 1, race.at) is queued
    assert choose_target(race.facts, mover, others, 1, race.at, race.rng) is queued
    mover.driver = RaceDriver("cautious")
    assert choose_target(race.facts, mover, others, 1, race.at, race.rng) is back
    mover.driver = BOLD
    assert choose_target(race.facts, mover, others, 1, race.at, race.rng) is back
    race.move(queued, 1)
    assert (queued.position, queued.hazards) == (5, 1)


def test_expert_beats_random_on_the_road_course() -> None:
    """Over 400 two-racer races on the road course, the grid swapped in each
    pair: a share of wins whose 95 % interval lies above 55 %."""
    layout = load(LAYOUTS / "race-road-course.yaml").layout
    first = _job(layout, parse_race_drivers("expert,random"), 5, 2, None)
    second = _job(layout, parse_race_drivers("random,expert"), 5, 2, None)
    result = head_to_head(first, second, "expert", 200)
    assert result.races == 400
    assert wilson_interval(result.won, result.races).low > 0.55


def test_on_a_race_too_long_for_its_table_the_expert_plays_as_bold() -> None:
    """A fuzzed loop of 1,618 spaces took the expert's table 6 s to work out:
    past 1,000 positions the expert plays the bold driver's choices (the
    speed the table finds best nearly everywhere), move for move, and no
    table is built."""
    from trackkit.race.facts import MAX_TABLE_POSITIONS
    from trackkit.race.racing import run_race

    shipped = RaceTrackFacts(load(LAYOUTS / "race-oval.yaml").layout)
    assert shipped.table_fits and shipped.goal + shipped.loop < 200
    long = RaceTrackFacts(load(LAYOUTS / "race-oval.yaml").layout, 45)
    assert long.goal + long.loop > MAX_TABLE_POSITIONS == 1_000 and not long.table_fits
    experts, bolds = parse_race_drivers("expert,expert,expert"), parse_race_drivers("bold,bold,bold")
    as_experts, as_bold = run_race(long, experts, 9), run_race(RaceTrackFacts(long.layout, 45), bolds, 9)
    assert (as_experts.order, as_experts.turns, as_experts.crashes) == (as_bold.order, as_bold.turns, as_bold.crashes)
    assert long._table is None
