"""Benchmark: validation speed and command start-up.

Prints the median of several runs for:

* validating a synthetic legal circuit of about 100,000 tiles (a long comb
  of parallel roads, so the spatial index sees many near neighbours),
  target <= 2 s;
* reading the same circuit from a layout file and validating it;
* `trackkit validate layouts/figure1.yaml` against
  `python -c "import typer, networkx, yaml"`, target ratio <= 1.2.

Run: python benchmarks/bench_validate.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from _timing import median_seconds

from trackkit.api import check_file
from trackkit.api import validate as validate_layout
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.path_text import expand_path, parse_path
from trackkit.racepack.layout import Layout

ROOT = Path(__file__).resolve().parent.parent


def comb_path(teeth: int, height: int) -> str:
    """A legal loop: ``teeth`` up-and-down roads one tile apart, then a road
    back along the bottom.  Every tile touches only its two neighbours."""
    words = [f"L {height}S R S R {height}S L S"] * teeth
    return "S " + " ".join(words) + f" R S R {4 * teeth + 1}S R S R"


def bench_big_circuit() -> None:
    path = comb_path(teeth=1000, height=46)
    layout = Layout(Circuit.from_path(expand_path(parse_path(path))), packs=99999)
    tiles = len(layout.circuit)
    report = validate_layout(layout)
    assert report.valid, report.errors[:3]
    seconds = median_seconds(lambda: validate_layout(layout), runs=5)
    print(f"validate {tiles} tiles (built circuit): median {seconds:.3f} s (target <= 2 s)")
    build = median_seconds(lambda: Circuit.from_path(expand_path(parse_path(path))), runs=5)
    print(f"build {tiles}-tile circuit from its path: median {build:.3f} s")
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "big.yaml"
        file.write_text(f"trackkit: 1\npacks: 8\npath: {path}\n")
        whole = median_seconds(lambda: check_file(file), runs=5)
    print(f"read + validate {tiles}-tile layout file: median {whole:.3f} s")


def bench_start_up(runs: int = 15) -> None:
    figure1 = str(ROOT / "layouts" / "figure1.yaml")
    baseline = [sys.executable, "-c", "import typer, networkx, yaml"]
    command = [sys.executable, "-m", "trackkit", "validate", figure1]
    base = median_seconds(lambda: subprocess.run(baseline, check=True), runs)
    ours = median_seconds(lambda: subprocess.run(command, check=True, capture_output=True), runs)
    print(f"start-up: import typer+networkx+yaml median {base * 1000:.0f} ms; "
          f"trackkit validate figure1 median {ours * 1000:.0f} ms; ratio {ours / base:.2f} (target <= 1.2)")


if __name__ == "__main__":
    bench_big_circuit()
    bench_start_up()
