"""Whole Motocross races with three or four bikes, and many of them at once.

* :mod:`~trackkit.motocross.race.board` -- the course space by space;
* :mod:`~trackkit.motocross.race.moves` -- every move one number allows;
* :mod:`~trackkit.motocross.race.drivers` -- the riders that make the players' choices;
* :mod:`~trackkit.motocross.race.engine` -- one race by the rules, turn by turn;
* :mod:`~trackkit.motocross.race.record` -- a race turn by turn;
* :mod:`~trackkit.motocross.race.checker` -- an independent check of a record;
* :mod:`~trackkit.motocross.race.rulebook` -- the rulebook's sentences its refusals quote;
* :mod:`~trackkit.motocross.race.simulate` -- many races and their figures;
* :mod:`~trackkit.motocross.race.lone` -- what a lone rider needs, for ``analyze``.
"""
