"""Rally races with two to six players, and many of them at once.

* :mod:`~trackkit.rally.race.road` — the course as rows of spaces, lanes, Gates and lines;
* :mod:`~trackkit.rally.race.dice` — rolling for tokens and forming Combos;
* :mod:`~trackkit.rally.race.skills` — the optional Skills cards;
* :mod:`~trackkit.rally.race.moves` — the moves one Fuel token buys;
* :mod:`~trackkit.rally.race.drivers` — the bots that make the players' choices;
* :mod:`~trackkit.rally.race.engine` — one race by the rules;
* :mod:`~trackkit.rally.race.record` — a race move by move;
* :mod:`~trackkit.rally.race.checker` — an independent check of a record;
* :mod:`~trackkit.rally.race.setup_check` — the table a record sets out, against the setup;
* :mod:`~trackkit.rally.race.rulebook` — the rulebook's sentences the checker's refusals quote.
"""
