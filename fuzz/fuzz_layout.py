"""Coverage-guided fuzzing of the layout reader and every rule of every game.

Run from the repository's top folder (atheris is not a dependency of
trackkit; install it with ``pip install atheris`` or the ``fuzz`` extra)::

    PYTHONPATH=$PWD python fuzz/fuzz_layout.py -atheris_runs=200000 \
        -max_len=65536 -timeout=2 -rss_limit_mb=500

Each input is read as UTF-8 (bad bytes replaced) and handed to
:func:`hostile_inputs.check`: every game's reader, rules and writer.  Only
``TrackkitError`` may come out; anything else, an input slower than
``-timeout`` seconds, or one using more than ``-rss_limit_mb`` is reported
with the input saved as ``crash-*``, ``timeout-*`` or ``oom-*`` in the
current folder.  The inputs the fuzzer finds interesting go to
``fuzz/corpus/`` (not kept in git), which starts as a copy of the shipped
layouts; a folder given on the command line is used instead.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import atheris

with atheris.instrument_imports():
    import trackkit.api
    import trackkit.games

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from hostile_inputs import LAYOUTS, check


def test_one_input(data: bytes) -> None:
    """The fuzzer's entry point: one input, checked."""
    check(data.decode("utf-8", "replace"))


CORPUS = Path(__file__).resolve().parent / "corpus"
"""Where the fuzzer keeps the inputs it finds, seeded with the shipped layouts."""


def main() -> None:
    corpora = [arg for arg in sys.argv[1:] if not arg.startswith("-")]
    if not corpora:
        CORPUS.mkdir(exist_ok=True)
        for layout in LAYOUTS.glob("*.yaml"):
            if not (CORPUS / layout.name).exists():
                shutil.copyfile(layout, CORPUS / layout.name)
        corpora = [str(CORPUS)]
    options = [arg for arg in sys.argv[1:] if arg.startswith("-")]
    atheris.Setup([sys.argv[0], *options, *corpora], test_one_input)
    atheris.Fuzz()


assert trackkit.api and trackkit.games  # instrumented above

if __name__ == "__main__":
    main()
