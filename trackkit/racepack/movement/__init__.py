"""How a Racepack car moves: the movement rules and what they say about a track.

* :mod:`~trackkit.racepack.movement.speeds` — the speed rules within a turn.
* :mod:`~trackkit.racepack.movement.board` — the spaces a car stands on and
  the one-space steps between them, ready for fast look-ups.
* :mod:`~trackkit.racepack.movement.car` — a car between movements and
  the movements the rules allow it next.
* :mod:`~trackkit.racepack.movement.turns` — every way one turn of three
  movements can end, from any place a car can start a turn.
* :mod:`~trackkit.racepack.movement.laps` and
  :mod:`~trackkit.racepack.movement.races` — the searches over laps and
  whole races.
* :mod:`~trackkit.racepack.movement.analysis` — what ``trackkit analyze``
  reports: the fastest safe lap, the fastest risky policy, race length,
  corners and strategy tokens.

Everything here is pure: no files, no randomness, no drawing.
"""
