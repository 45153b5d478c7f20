"""Hostile inputs for every game and every command, and a campaign that
runs them in child processes with limits on time and memory.

A *fuzz input* is a layout file made hostile by *mutations*: changes to its
bytes and lines (:mod:`~trackkit.fuzz.text`), to what its game's format
holds (:mod:`~trackkit.fuzz.structure`, values from each game's schema in
:mod:`~trackkit.fuzz.values`), or another game's keys mixed in.
:mod:`~trackkit.fuzz.inputs` makes them with one ``seed``;
:mod:`~trackkit.fuzz.commands` lists every command mode;
:mod:`~trackkit.fuzz.sandbox` runs each in a forked child with limits; and
:mod:`~trackkit.fuzz.campaign` counts what went wrong.  Nothing else in
trackkit imports this package; the suite and ``benchmarks/fuzz_commands.py``
do.

Every input is held to the same limits on time and memory, so a mode
whose work honestly grows with an option keeps that option small: a
fuzzed ``generate --count`` asks for at most
:data:`~trackkit.fuzz.drivers.FUZZED_COUNT` tracks (a count past the
limit of 10,000 is kept, to be refused at once).  A large count is
timed by ``benchmarks/bench_generate_count.py`` instead.
"""

from trackkit.fuzz.campaign import Finding, Limits, Tally, run_campaign
from trackkit.fuzz.inputs import FuzzInput, fuzz_inputs, mutate, seed_layouts

__all__ = ["Finding", "FuzzInput", "Limits", "Tally", "fuzz_inputs", "mutate", "run_campaign", "seed_layouts"]
