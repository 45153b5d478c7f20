"""Time rally deck reading, validation, generation and drawing and print the medians.

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
from trackkit.rally.deck import MAX_CARDS, Collection, RaceDeck
from trackkit.rally.formats.info import annotated_deck
from trackkit.rally.generate import DeckRequest, generate_deck
from trackkit.rally.rules import validate

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    repeats = 20 if parser.parse_args().quick else 200
    draw_deck = games.find_game("rally").draw_svg
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
    rows.append(("draw a 20-card deck", lambda: draw_deck(expansion)))
    long_names = RaceDeck(
        ("start", "3-lane", *(["checkpoint", "x" * 40, "straight"] * ((MAX_CARDS - 2) // 3))),
        Collection((("x" * 40, 70), ("straight", 70))),
    )
    rows.append((f"draw a {len(long_names)}-card deck, long names", lambda: draw_deck(long_names)))
    for label, work in rows:
        runs = repeats if not label.startswith("draw") else max(3, repeats // 20)
        print(f"{label + ':':<44}{median_seconds(work, runs) * 1000:9.3f} ms")


if __name__ == "__main__":
    main()
