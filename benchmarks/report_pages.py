"""Write the report of every shipped layout under ``docs/reports/``.

For each layout of ``layouts/`` whose game has races: ``NAME.svg`` (the
page) and ``NAME.txt`` (the text report), at the default number of races
(sized by the layout's field) and seed 1, so that running it again gives the same files.  The lead
regenerates them when the expert driver changes.

Run: python benchmarks/report_pages.py [--races N]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from trackkit import registry
from trackkit.api.report import page_bytes, track_report
from trackkit.fileio import write_atomic
from trackkit.formats.track_report import report_text
from trackkit.games import load

ROOT = Path(__file__).resolve().parent.parent
LAYOUTS = ROOT / "layouts"
PAGES = ROOT / "docs" / "reports"
SEED = 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=None)
    asked = parser.parse_args()
    PAGES.mkdir(parents=True, exist_ok=True)
    for path in sorted(LAYOUTS.glob("*.yaml")):
        layout = load(path).layout
        if registry.find_game(layout.game).simulate is None:
            continue
        report = track_report(layout, races=asked.races, seed=SEED)
        write_atomic(PAGES / f"{path.stem}.svg", page_bytes(layout, report))
        write_atomic(PAGES / f"{path.stem}.txt", report_text(report) + "\n")
        print(f"{path.stem}: difficulty {report.difficulty:.1f} ({report.band})", flush=True)


if __name__ == "__main__":
    main()
