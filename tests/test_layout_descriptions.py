"""Every shipped layout's description says only what is true of the layout.

Each description is read by a person choosing a track; each check below
tests the facts its sentence states against what ``trackkit info`` finds
(:func:`trackkit.api.describe`), so that a description and its layout can
never drift apart.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import yaml
from support import LAYOUTS

from trackkit.api import describe

Facts = dict[str, Any]


def facts(stem: str) -> Facts:
    found = describe(LAYOUTS / f"{stem}.yaml", as_json=True).shown
    assert isinstance(found, dict)
    return found


def description(stem: str) -> str:
    text = yaml.safe_load((LAYOUTS / f"{stem}.yaml").read_text(encoding="utf-8")).get("description", "")
    return " ".join(str(text).split())


def main_straight(found: Facts) -> list[int]:
    """The tiles of the straight the start/finish line lies on."""
    start = int(found["start"])
    for straight in found["straights"]:
        if start in straight["tiles"] or start - 1 in straight["tiles"]:
            return list(straight["tiles"])
    raise AssertionError("no straight holds the start/finish line")


def check_chicane(found: Facts) -> None:
    # "the second tile of its four-tile back straight is pushed one space to
    # the left, away from the main straight"
    (chicane,) = found["chicanes"]
    back = next(s for s in found["straights"] if chicane["tile"] in s["tiles"])
    assert back["length"] == 4
    assert back["tiles"].index(chicane["tile"]) == 1
    assert chicane["side"] == "left" and found["direction"] == "clockwise"  # left of clockwise: outward
    assert chicane["tile"] not in main_straight(found)


def check_hairpin(found: Facts) -> None:
    # "a tight hairpin at the far end of the main straight: three corners in a
    # row (right, right, left) ... the third corner touches the straight's
    # last tile, with only a card wall between them"
    (hairpin,) = found["hairpins"]
    straight = main_straight(found)
    assert hairpin["turns"] == "RRL" and found["tiles"] == 24
    assert hairpin["tiles"][0] == (straight[-1] + 1) % found["tiles"]
    assert hairpin["wall"] == [straight[-1], hairpin["tiles"][2]]


def check_pit_lane(found: Facts) -> None:
    # "a 20-tile circuit with a long main straight and a 4-tile pit lane
    # against its outside, leaving one straight tile before the pits ... and
    # one after them ... Five laps"
    pit = found["pit_lane"]
    straight = main_straight(found)
    assert found["tiles"] == 20 and pit["length"] == 4 and pit["side"] == "outside"
    assert pit["beside"] == straight[1:-1] and found["laps"] == 5


def check_wide_straight(found: Facts) -> None:
    # "a two-pack circuit for eight cars: the main straight is two tiles (four
    # lanes) wide along its whole length"
    wide = found["wide_straight"]
    assert found["cars"] == 8 and wide["lanes"] == 4
    assert wide["beside"] == main_straight(found)


def check_esses(found: Facts) -> None:
    # "two sets of esses and a six-tile main straight": an esse is a run of
    # corners turning alternately left and right
    corners = {c["tile"]: c["turn"] for c in found["corners"]}
    tiles = found["tiles"]
    esses = [
        t
        for t, turn in corners.items()
        if corners.get((t + 1) % tiles, turn) != turn and corners.get((t - 1) % tiles) in (None, turn)
    ]
    assert len(esses) == 2
    assert len(main_straight(found)) == 6


def check_grand_prix(found: Facts) -> None:
    # "a two-piecepack circuit of 48 tiles with an eleven-tile main straight"
    assert found["tiles"] == 48 and len(main_straight(found)) == 11


def check_oval(found: Facts) -> None:
    # "a plain rectangle of 24 tiles"
    assert found["tiles"] == 24 and [c["turn"] for c in found["corners"]] == ["R"] * 4


def check_road_course(found: Facts) -> None:
    # "Twelve corners on 24 tiles, driven counterclockwise"
    assert (len(found["corners"]), found["tiles"], found["direction"]) == (12, 24, "counterclockwise")


def check_four_players(found: Facts) -> None:
    # "A four-player course, six tiles each"
    assert (found["players"], found["tiles"]) == (4, 24)


def check_max_ramps(found: Facts) -> None:
    # "Twelve ramps one coin high, the most the twelve building coins make"
    assert [r["height"] for r in found["ramps"]] == [1] * 12
    assert found["coins"] == {"in_ramps": 12, "dealt": 12}


def check_three_players(found: Facts) -> None:
    # "A three-player course, eight tiles each, every building coin in a ramp"
    assert (found["players"], found["tiles"]) == (3, 24)
    assert found["coins"]["in_ramps"] == found["coins"]["dealt"]


def check_race_oval(found: Facts) -> None:
    # "24 spaces, no corners, six racers ... Race one or two laps"
    assert (found["spaces"], found["corners"], found["racers"]) == (24, [], 6) and found["laps"] <= 2


def check_race_road_course(found: Facts) -> None:
    # "a fast sweeper after the start, a tight hairpin, an esse of two short
    # corners and a long last corner ... room for eight racers"
    corners = found["corners"]
    assert found["spaces"] == 40 and found["racers"] == 8 and len(corners) == 5
    assert corners[0]["radius"] == 2 and corners[1]["radius"] == 1
    assert corners[2]["from"] + corners[2]["length"] == corners[3]["from"]
    assert corners[4]["length"] == max(c["length"] for c in corners)


def check_race_hairpin(found: Facts) -> None:
    # "the hairpin's U-turn is a radius-1 corner of four spaces"
    assert [(c["radius"], c["length"]) for c in found["corners"] if c["radius"] == 1] == [(1, 4)]


def check_rally_base(found: Facts) -> None:
    # "A race deck for the base game, built from the rules' pattern"
    assert not found["expansion"] and found["deck"] == 14


def check_rally_expansion(found: Facts) -> None:
    # "one extra card in each of groups 1 to 4": one more random card than
    # the base deck's in each group but the last
    sizes = [len(group["cards"]) for group in found["groups"]]
    base = [len(group["cards"]) for group in facts("rally-base")["groups"]]
    assert found["expansion"] and [a - b for a, b in zip(sizes, base)] == [1, 1, 1, 1, 0]


CHECKS: dict[str, tuple[str, Callable[[Facts], None]]] = {
    "chicane": (
        "the second tile of its four-tile back straight is pushed one space to the left",
        check_chicane,
    ),
    "hairpin": ("three corners in a row (right, right, left) fold the road back", check_hairpin),
    "pit-lane": ("leaving one straight tile before the pits", check_pit_lane),
    "wide-straight": ("two tiles (four lanes) wide along its whole length", check_wide_straight),
    "esses": ("two sets of esses and a six-tile main straight", check_esses),
    "grand-prix": ("48 tiles with an eleven-tile main straight", check_grand_prix),
    "oval": ("A plain rectangle of 24 tiles", check_oval),
    "road-course": ("Twelve corners on 24 tiles, driven counterclockwise", check_road_course),
    "motocross-four-players": ("A four-player course, six tiles each", check_four_players),
    "motocross-max-ramps": ("Twelve ramps one coin high", check_max_ramps),
    "motocross-three-players": ("eight tiles each, every building coin in a ramp", check_three_players),
    "race-oval": ("24 spaces, no corners, six racers", check_race_oval),
    "race-road-course": ("a tight hairpin, an esse of two short corners", check_race_road_course),
    "race-hairpin": ("a radius-1 corner of four spaces", check_race_hairpin),
    "rally-base": ("for the base game, built from the rules' pattern", check_rally_base),
    "rally-expansion": ("one extra card in each of groups 1 to 4", check_rally_expansion),
}
"""For each shipped layout, the claim of its description that is checked and its check."""


@pytest.mark.parametrize("stem", sorted(CHECKS))
def test_the_description_is_true(stem: str) -> None:
    claim, check = CHECKS[stem]
    assert claim in description(stem)
    check(facts(stem))


def test_every_shipped_layout_with_a_description_is_checked() -> None:
    described = {p.stem for p in LAYOUTS.glob("*.yaml") if description(p.stem)}
    assert described == set(CHECKS)
