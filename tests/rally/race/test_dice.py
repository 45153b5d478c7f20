"""Rolling for tokens: Combos and the pairs a roll allows."""

from __future__ import annotations

import pytest

from trackkit.rally.race.dice import combo_pairs, is_combo


@pytest.mark.parametrize(
    ("dice", "combo"),
    [
        ((4,), True),
        ((3, 3, 3), True),
        ((2, 3, 4, 5), True),
        ((5, 3, 4), True),
        ((2, 4), False),
        ((2, 2, 3), False),
        ((), False),
    ],
)
def test_what_makes_a_combo(dice: tuple[int, ...], combo: bool) -> None:
    assert is_combo(dice) is combo


def test_the_best_pairs_of_a_roll() -> None:
    pairs = combo_pairs((1, 2, 3, 4, 4, 4))
    sizes = [(len(big), len(small)) for big, small in pairs]
    assert sizes == [(4, 2), (3, 3)]
    for big, small in pairs:
        assert is_combo(big) and is_combo(small)


def test_pairs_never_use_a_die_twice() -> None:
    for big, small in combo_pairs((6, 6, 1, 3, 5, 2)):
        used = sorted(big + small)
        assert all(used.count(face) <= (6, 6, 1, 3, 5, 2).count(face) for face in used)
    assert [(len(b), len(s)) for b, s in combo_pairs((6, 6, 1, 3, 5, 2))] == [(3, 2)]
