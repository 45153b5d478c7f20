"""Generated hostile inputs on every run: mutations of each game's shipped
layouts (bit flips, tokens from a dictionary of YAML tags, huge numbers and
deep nesting, deletions, repeats, truncation) go through every game's reader,
rules and writer; only ``TrackkitError`` may escape, and each input is
answered quickly.  The mutations live in ``fuzz/hostile_inputs.py``; the long
campaign is ``benchmarks/fuzz_campaign.py``."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from hostile_inputs import check, mutate, seeds
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import ROOT

from trackkit import games
from trackkit.errors import TrackkitError

HOSTILE = ROOT / "tests" / "hostile" / "corpus"

SLOWEST = 5.0
"""Processor seconds any one input may take here, for its four passes
(read, validate, write, read again): a guard against an input that hangs
or grows without bound.  The 2 s target of one command is held by
``benchmarks/bench_hostile.py`` and the fuzzing campaigns, which run each
command alone; here the suite runs on every core at once, and the corpus's
files at the tile limit (100,000 tiles) took 3.3 to 4.3 s for the four
passes on this machine, as they did before the suite ran in parallel."""


def seeds_of(game: str) -> list[str]:
    """The shipped layouts of ``game``, or the least file naming it when none ships."""
    found = []
    for text in seeds():
        try:
            if games.loads(text).layout.game == game:
                found.append(text)
        except TrackkitError:
            continue
    return found or [f"trackkit: 1\ngame: {game}\n"]


def timed_check(text: str) -> None:
    started = time.process_time()
    check(text)
    assert time.process_time() - started < SLOWEST, text[:200]


@pytest.mark.parametrize("game", sorted(games.GAMES))
def test_mutated_layouts_of_every_game_raise_only_trackkit_errors(game: str) -> None:
    texts = seeds_of(game)

    @settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.sampled_from(texts), st.randoms(use_true_random=False), st.integers(1, 6))
    def mutated(text: str, rng: random.Random, steps: int) -> None:
        timed_check(mutate(rng, text, steps))

    mutated()


@pytest.mark.parametrize("path", sorted(HOSTILE.glob("*.yaml")), ids=lambda p: p.name)
def test_the_hostile_corpus_passes_the_fuzz_check(path: Path) -> None:
    timed_check(path.read_bytes().decode("utf-8", "replace"))


def test_every_shipped_layout_reads_validates_and_round_trips() -> None:
    assert all(check(text) == 1 for text in seeds())
