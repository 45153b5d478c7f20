"""The expert Racepack driver: it races the others, and its races are legal."""

from __future__ import annotations

import math

import pytest
from support import LAYOUTS, figure1_layout

from trackkit.head_to_head import head_to_head
from trackkit.montecarlo import wilson_interval
from trackkit.racepack.formats.layout_file import load_layout
from trackkit.racepack.race.checker import check_race
from trackkit.racepack.race.drivers import Driver, parse_drivers, token_pays
from trackkit.racepack.race.expert import Threat, aimed_threats, corner_spin, spin_odds
from trackkit.racepack.race.odds import ahead_chance
from trackkit.racepack.race.simulate import _job, recorded_race
from trackkit.racepack.race.track import RaceTrack

EXPERT = Driver("expert")
FIGURE1 = figure1_layout()


def test_expert_is_a_driver_that_weighs_its_own_tokens() -> None:
    """``--drivers expert`` names it; it plays only its 4 and 5 on its speed,
    weighed with its turn, not by the ``+tokens`` drivers' rule."""
    assert parse_drivers("expert,bold") == (EXPERT, Driver("bold"))
    assert EXPERT.style.risky and not EXPERT.own_tokens
    assert EXPERT.speed_tokens == (4, 5)
    assert Driver("bold+tokens").speed_tokens == (1, 2, 3, 4, 5)
    assert Driver("bold+tokens").own_tokens


def test_own_token_turns_reckon_only_tokens_kept_for_the_car_ahead() -> None:
    """A bold rival's token threatens only the car just ahead of it (no
    ``other`` chance): a turn playing the expert's own token is weighed
    against it; an expert's or a random driver's tokens, played on any
    car, are not."""
    bold = Threat(key=100, behind=5 / 6, other=0.0)
    expert = Threat(key=90, behind=4 / 6, other=4 / 6)
    wandering = Threat(key=80, behind=0.25, other=0.25)
    assert aimed_threats([bold, expert, wandering]) == [bold]
    assert aimed_threats([expert]) == []


def test_a_token_pays_by_the_chance_it_spins_the_rival_out() -> None:
    """'he spins out if the number he rolls is equal to or higher than the
    number on the strategy token': the ace spins out five times in six."""
    assert token_pays(1, 0.0061)  # 5/6 * 0.0061 > 0.005
    assert not token_pays(5, 0.029)  # 1/6 * 0.029 < 0.005
    assert token_pays(5, 0.031)


def test_the_threat_of_a_rivals_token() -> None:
    """The bold driver plays its lowest token only on the car just ahead; the
    expert on any car; the random one a random token half the time."""
    assert EXPERT.threat([2, 5], next_behind=False) == pytest.approx(4 / 6)
    assert Driver("bold").threat([1, 3], next_behind=True) == pytest.approx(5 / 6)
    assert Driver("bold").threat([1, 3], next_behind=False) == 0.0
    assert Driver("random").threat([1, 5], next_behind=False) == pytest.approx(0.5 * (5 + 1) / 12)
    assert Driver("cautious").threat([1], next_behind=True) == 0.0
    assert EXPERT.threat([], next_behind=True) == 0.0


def test_spin_odds_at_each_risked_corner() -> None:
    """Two corners at a spin chance of one half: out at the first 1/2, at the
    second 1/4, through both 1/4."""
    assert spin_odds((0.5, 0.5)) == (0.5, 0.25, 0.25)
    assert spin_odds(()) == (1.0,)


def test_ahead_chance() -> None:
    """Level cars are even; a car needing a round less is well ahead, more
    so near the finish than far from it."""
    assert ahead_chance(10.0, 10.0) == 0.5
    near = ahead_chance(1.0, 2.0)
    far = ahead_chance(15.0, 16.0)
    assert near > far > 0.5
    assert near == pytest.approx(0.5 * (1 + math.erf(1 / math.sqrt(2 * (0.08 * 3 + 0.35)))))


def test_expert_races_are_legal() -> None:
    """Every move of a six-car race of experts passes the independent checker."""
    layout, record = recorded_race(FIGURE1, parse_drivers("expert"), seed=3, cars=6)
    assert check_race(RaceTrack(layout), record) == []
    assert len(record.finish) == 6


def pairs_won(rival: str, pairs: int, seed: int) -> tuple[int, int]:
    """The expert's wins over ``pairs`` pairs of two-car races on Figure 1
    against ``rival``, the grid slots swapped within each pair."""
    first = _job(FIGURE1, parse_drivers(f"expert,{rival}"), seed, 2, None, True, False, 0)
    second = _job(FIGURE1, parse_drivers(f"{rival},expert"), seed, 2, None, True, False, 0)
    result = head_to_head(first, second, "expert", pairs)
    return result.won, result.races


def test_expert_beats_random_and_cautious() -> None:
    """Over 20 two-car races each the expert loses none to the random driver
    and two to the cautious one: shares whose 95 % Wilson intervals start
    at 83 % and 69 %, far above 55 %."""
    assert pairs_won("random", 10, 7) == (20, 20)
    assert pairs_won("cautious", 10, 7) == (18, 20)
    assert wilson_interval(20, 20).low > 0.83
    assert wilson_interval(18, 20).low > 0.69


def test_expert_beats_bold() -> None:
    """Against the bold driver (analyze's policy for a lone car) over 120
    two-car races: a share of wins whose 95 % interval lies above 55 %."""
    won, races = pairs_won("bold", 60, 11)
    assert races == 120
    assert wilson_interval(won, races).low > 0.55


@pytest.mark.parametrize(("name", "won"), [("oval", 101), ("wide-straight", 108)])
def test_expert_beats_bold_on_long_straights(name: str, won: int) -> None:
    """On the layouts of long straights, where the bold driver used to win
    more than half the races, 150 two-car races each (seed 1): 101 and 108
    won, shares whose 95 % intervals start at 59 % and 64 %."""
    layout = load_layout(LAYOUTS / f"{name}.yaml").layout
    first = _job(layout, parse_drivers("expert,bold"), 1, 2, None, True, False, 0)
    second = _job(layout, parse_drivers("bold,expert"), 1, 2, None, True, False, 0)
    result = head_to_head(first, second, "expert", 75)
    assert (result.won, result.races) == (won, 150)
    assert wilson_interval(won, 150).low > 0.59


def test_a_corner_is_as_dangerous_as_the_car_then_behind() -> None:
    """A bold driver plays its lowest token only on the car just ahead: a
    corner the expert reaches ahead of it faces the ace's re-roll (out at
    a 5, or five times in six on the re-roll), one it reaches behind only
    the die's 5; an expert rival threatens from anywhere."""
    bold = Threat(key=100, behind=5 / 6, other=0.0)
    assert corner_spin([bold], 150) == pytest.approx((1 + 5 * 5 / 6) / 6)
    assert corner_spin([bold], 90) == pytest.approx(1 / 6)
    far_behind = Threat(key=50, behind=4 / 6, other=4 / 6)
    assert corner_spin([bold, far_behind], 150) == pytest.approx((1 + 5 * 5 / 6) / 6)
    assert corner_spin([bold, far_behind], 90) == pytest.approx((1 + 5 * 4 / 6) / 6)
    assert corner_spin([], 90) == pytest.approx(1 / 6)


def test_turns_see_only_the_hazards_within_reach() -> None:
    """Plans are filed by the hazards a turn can reach, so races share
    them: from every place on Figure 1, with hazards on corner 1's tile and
    on the tile halfway round, the turns (plans and their order) are those
    with both hazards, and a place far from both sees none of them."""
    track = RaceTrack(FIGURE1)
    corner = next(tile for tile, number in track.corner_number.items() if number == 1)
    opposite = (corner + track.tiles // 2) % track.tiles
    hazards = frozenset({4 * corner + 1, 4 * opposite + 2})
    both = track.planner(hazards, risky=True)
    alone = 0
    for space, heading in track.board.states():
        near = track.within_reach(hazards, space)
        node = (space, heading, 2, 0)
        assert track.planner(near, risky=True).plans(node) == both.plans(node)
        alone += not near
    assert 0 < alone < len(track.board.states())
