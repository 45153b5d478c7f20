"""Time rally deck reading, validation and generation and print the medians.

Run from the repository root::

    python benchmarks/bench_rally.py            # a few seconds
    python benchmarks/bench_rally.py --quick    # fewer repeats

Everything runs in this one process, on one core.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _timing import median_seconds

from trackkit import games
from trackkit.formats.rally_info import annotated_deck
from trackkit.rally.deck import MAX_CARDS, Collection, RaceDeck
from trackkit.rally.generate import DeckRequest, generate_deck
from trackkit.rally.rules import validate

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    repeats = 20 if parser.parse_args().quick else 200
    expansion = games.load(ROOT / "layouts" / "rally-expansion.yaml").layout
    cards = expansion.cards
    text = annotated_deck(expansion)
    rows = [
        ("read a 20-card deck", lambda: games.loads(text)),
        ("validate a 20-card deck", lambda: validate(expansion)),
        ("generate a base deck", lambda: generate_deck(DeckRequest(cards), 1)),
        ("generate an expansion deck (+2)", lambda: generate_deck(DeckRequest(cards, True, 2), 1)),
    ]
    worst = RaceDeck(
        tuple(["start", "3-lane", *(["jump", "checkpoint", "x"] * ((MAX_CARDS - 2) // 3))]),
        Collection(tuple((f"c{n}", 1) for n in range(100))),
    )
    rows.append((f"validate a {len(worst)}-card deck", lambda: validate(worst)))
    for label, work in rows:
        print(f"{label + ':':<36}{median_seconds(work, repeats) * 1000:8.3f} ms")


if __name__ == "__main__":
    main()
