"""A fifth game defined only under ``tests/``: the drag race of :mod:`fifth_game.drag`,
registered for a test with one line, proves that every command reaches a game
through its :class:`~trackkit.game.Game` alone."""
