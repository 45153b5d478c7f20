"""The fixed-seed fuzz run of the suite: hostile inputs of every game
through every command mode, each in a child forked from this process with
limits on time and memory.  A crash (exit status 3, or an exception that
escaped the command line), an input stopped by a limit or over it, or any
exit status but 0, 1 and 2 fails the run, listing each finding with the
command and the input that made it.

The suite gives every command mode the same share, :data:`ROUNDS` input
of each game, and so meets every mode with every game in 208 inputs; the
long campaign (``benchmarks/fuzz_commands.py``) weighs the modes by their
cost and runs as many inputs as asked."""

from __future__ import annotations

import json
import runpy
import shlex
import signal
import sys
from pathlib import Path

import pytest
from support import ROOT

from trackkit import games
from trackkit.fuzz.campaign import Limits, Tally, run_campaign, schedule
from trackkit.fuzz.commands import MODES, OPTION_MODES, Mode
from trackkit.fuzz.inputs import seed_layouts
from trackkit.fuzz.warming import one_a_command, planned, warm_key, warm_up

ROUNDS = 1
"""How many inputs of each game every command mode gets.  The suite ran
1,800 inputs with the long campaign's weights (a slow mode three of each
game, a plain one twelve), some 115 processor seconds on a quiet machine;
one round meets the same modes and games in 208 inputs, about 12 seconds
of children after the warm-up's 6 (13 when it ran every mode on every
layout, see :func:`~trackkit.fuzz.warming.warm_up`; none from the second
run of the same code on, see :data:`WARM_UP_CACHE`).  A second round (seed 27) asks one
``generate`` for targets raced 30 times over 30 candidates, 37 seconds of
work asked for: the long campaign's kind of input, judged there."""

EVEN: tuple[Mode, ...] = tuple(Mode(mode.args, weight=1) for mode in MODES)
"""Every command mode of :data:`MODES`, each as often as the others."""

INPUTS = ROUNDS * len(EVEN) * len(games.GAMES)
"""208: each round takes every mode once for each game in turn."""
SEED = 27

LIMITS = Limits(seconds=4.0, megabytes=500.0, hard_seconds=10.0)
"""Processor seconds and added memory an input may use here.  The target
is 2 s (the long campaign, ``benchmarks/fuzz_commands.py``, holds inputs to
it); processor time grows a little when other jobs share the cores, so the
suite allows twice that before it calls an input slow."""

SEEDS = [ROOT / "layouts", *(ROOT / "tests" / game / "corpus" for game in sorted(games.GAMES))]
WARM_UP = [ROOT / "layouts" / name for name in (
    "figure1.yaml", "motocross-three-players.yaml", "race-oval.yaml", "rally-base.yaml")]


WARM_UP_CACHE = "fuzz-warm-up.json"
"""The file in the suite's cache folder that keeps what the warm-up learned
(:func:`~trackkit.fuzz.warming.warm_up`), under a key of everything it
depends on: from the second run of unchanged code on, the parent takes it
and no warm-up child runs (some 5 processor seconds)."""


@pytest.fixture(scope="module")
def tally(suite_cache: Path) -> Tally:
    warm_up(WARM_UP, cache=suite_cache / WARM_UP_CACHE)
    runs = run_campaign(seed_layouts(SEEDS), INPUTS, SEED, limits=LIMITS, workers=2, modes=EVEN)
    last = Tally()
    for last, _ in runs:  # noqa: B007 - the tally after the last input is the result
        continue
    return last


def test_no_input_crashes_or_goes_over_a_limit(tally: Tally) -> None:
    shown = [
        f"#{f.item.number} {f.item.game} trackkit {f.mode.label}: {', '.join(f.kinds)}"
        f" ({f.outcome.seconds:.2f} s, {f.outcome.added_mb:.0f} MB)\n{f.outcome.stderr[-800:]}\n{f.item.text[:600]}"
        for f in tally.findings
    ]
    assert tally.inputs == INPUTS
    assert not shown, "\n\n".join(shown)
    assert set(tally.statuses) <= {0, 1, 2}


def test_the_inputs_reach_verdicts_as_well_as_refusals(tally: Tally) -> None:
    assert tally.statuses[0] >= INPUTS // 40
    assert tally.statuses[1] >= INPUTS // 20
    assert tally.statuses[2] >= INPUTS // 4


def test_every_command_mode_meets_every_game(tally: Tally) -> None:
    assert len(schedule(EVEN)) == len(MODES) == 52
    met = {(game, mode.label): ROUNDS for game in games.GAMES for mode in MODES}
    assert dict(tally.met) == met
    ran = {command for _, command in tally.slowest}
    assert ran == {mode.args[0] for mode in MODES}
    assert {game for game, _ in tally.slowest} == set(games.GAMES)


def test_the_parent_took_what_the_warm_up_kept(tally: Tally, suite_cache: Path) -> None:
    """The fuzz run's parent holds every module the warm-up's modes loaded
    and the race record of each game they kept, as the suite's cache file
    has them under the key of this code."""
    import trackkit.fuzz.drivers as drivers

    kept = json.loads((suite_cache / WARM_UP_CACHE).read_text(encoding="utf-8"))
    assert kept["key"] == warm_key(planned(WARM_UP))
    learned = kept["learned"]
    assert set(learned["modules"]) <= set(sys.modules)
    assert {"trackkit.racepack.race.engine", "trackkit.render.raster", "cairocffi", "PIL.Image"} <= set(
        learned["modules"])
    assert drivers.kept_records() == learned["records"] and sorted(learned["records"]) == sorted(games.GAMES)
    assert "cairo_text_extents_t *" in learned["declarations"]


def test_a_warm_up_kept_in_a_file_is_taken_until_what_it_depends_on_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import trackkit.fuzz.drivers as drivers
    from trackkit.fuzz import warming

    layout = tmp_path / "oval.yaml"
    layout.write_text((ROOT / "layouts" / "oval.yaml").read_text())
    mode, cache = Mode(("validate", "in.yaml")), tmp_path / "warm-up.json"
    monkeypatch.setattr(warming, "_WARMED", set())
    warm_up([layout], [mode], cache=cache)
    kept = json.loads(cache.read_text())
    assert kept["key"] == warm_key([(layout.resolve(), mode)]) == warm_key(planned([layout], [mode]))
    assert "trackkit.racepack.rules" in kept["learned"]["modules"]
    assert kept["learned"]["records"] == drivers.kept_records()  # validate keeps none: those this process had
    # A process warmed up with the same code, layouts and modes runs no mode: it takes the file.
    monkeypatch.setattr(warming, "_WARMED", set())
    monkeypatch.setattr(warming, "_learned_in_child", lambda pending: pytest.fail("the modes ran again"))
    warm_up([layout], [mode], cache=cache)
    # Another layout text is another key, and so is a damaged file: the modes run and the file is rewritten.
    ran: list[list[tuple[Path, Mode]]] = []
    learned = {"modules": ["json"], "records": {}, "declarations": []}
    monkeypatch.setattr(warming, "_learned_in_child", lambda pending: ran.append(pending) or learned)
    for change in (lambda: layout.write_text(layout.read_text() + "# moved\n"), lambda: cache.write_text("{")):
        monkeypatch.setattr(warming, "_WARMED", set())
        change()
        warm_up([layout], [mode], cache=cache)
    assert ran == [[(layout.resolve(), mode)]] * 2
    assert json.loads(cache.read_text()) == {"key": warm_key(ran[0]), "learned": learned}
    assert warm_key(ran[0]) != kept["key"]


def test_the_readme_campaign_command_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], suite_cache: Path
) -> None:
    """The README's command, with few inputs: it prints the seed, the figures
    and the slowest inputs.  The script runs as its own main program in this
    process, so its warm-up runs only the modes the fuzz run's did not
    (:func:`~trackkit.fuzz.warming.warm_up`): a new interpreter would run
    them all again, some 15 processor seconds.  What that warm-up learns is
    kept in the suite's cache folder too (``--warm-up-cache``)."""
    line = next(line for line in (ROOT / "README.md").read_text().splitlines() if "fuzz_commands.py" in line
                and line.startswith("nice "))
    args = shlex.split(line)[1:]
    assert args[:2] == [".venv/bin/python", "benchmarks/fuzz_commands.py"]
    args[args.index("--inputs") + 1] = "8"
    monkeypatch.chdir(ROOT)
    from trackkit.fuzz import warming

    kept, warmed = suite_cache / "fuzz-campaign-warm-up.json", set(warming._WARMED)
    monkeypatch.setattr(sys, "argv", [*args[1:], "--save", str(tmp_path), "--warm-up-cache", str(kept)])
    handler = signal.getsignal(signal.SIGTERM)
    try:
        with pytest.raises(SystemExit) as done:
            runpy.run_path(args[1], run_name="__main__")
    finally:
        signal.signal(signal.SIGTERM, handler)
    printed = capsys.readouterr()
    assert done.value.code == 0, printed.out + printed.err
    lines = printed.out.splitlines()
    assert lines[0] == "seed: 1"
    assert "inputs: 8" in lines and "crashes: 0" in lines and "over time: 0" in lines and "over memory: 0" in lines
    assert list(tmp_path.iterdir()) == []
    assert json.loads(kept.read_text())["key"] == warm_key(
        [pair for pair in planned(WARM_UP, (*MODES, *OPTION_MODES)) if pair not in warmed])


def test_a_generate_input_over_time_only_while_its_tables_were_built_is_counted_apart() -> None:
    from trackkit.fuzz.campaign import Finding
    from trackkit.fuzz.commands import GENERATE, Mode
    from trackkit.fuzz.inputs import FuzzInput
    from trackkit.fuzz.sandbox import Outcome

    layout = (ROOT / "layouts" / "oval.yaml").read_text()
    slow = Outcome(status=None, seconds=10.0, wall=10.0, added_mb=0.0, killed_by=9)
    cold = Finding(("over time",), FuzzInput(1, "racepack", layout), Mode((GENERATE,)), slow)
    rendered = Finding(("over time",), FuzzInput(2, "racepack", layout), Mode(("render", "in.yaml")), slow)
    tally = Tally(inputs=2, findings=[cold, rendered])
    tally.settle_table_builds(LIMITS)
    # The generate input runs again well within the limits: one-time work, not a finding.
    assert tally.findings == [rendered]
    [(finding, building, warm)] = tally.table_builds
    assert finding is cold and building.status in (0, 1, 2) and warm.seconds < LIMITS.seconds
    assert tally.summary()[-2] == "one-time table builds (over time cold, within the limits warm): 1"


def test_a_generate_input_with_targets_is_work_asked_for_in_races() -> None:
    """``generate --difficulty hard`` may race 30 candidates 30 times for
    each track asked before giving up (the campaign's seed 10 found Motocross
    racing 40 for 13 processor seconds): 900 races a track, up to five."""
    from trackkit.fuzz.asked import races_asked_by, target_races_asked
    from trackkit.fuzz.campaign import Finding, warm_rerun
    from trackkit.fuzz.commands import GENERATE, Mode
    from trackkit.fuzz.inputs import FuzzInput
    from trackkit.fuzz.sandbox import Outcome

    assert target_races_asked(["generate", "motocross", "--difficulty", "hard", "--seed", "1", "--force"]) == 900
    assert target_races_asked(["generate", "racepack", "--fair", "--count", "3"]) == 2700
    assert [target_races_asked(["generate", "race", "--minutes", "9", "--count", value]) for value in ("0", "6", "x")] == [
        None, None, None]
    assert target_races_asked(["generate", "racepack", "--count", "3", "--seed", "2"]) is None
    text = (ROOT / "layouts" / "figure1.yaml").read_text()
    made, races = races_asked_by(GENERATE, text.encode())
    assert made[:2] == ["generate", "racepack"] and "--minutes" in made and races == 900
    slow = Outcome(status=None, seconds=10.0, wall=10.0, added_mb=0.0, killed_by=9)
    finding = Finding(("over time",), FuzzInput(1, "racepack", text), Mode((GENERATE,)), slow)
    assert finding.reproducer().splitlines()[0] == f"# trackkit {GENERATE}: {' '.join(made)}"
    assert warm_rerun(finding, LIMITS) is None  # races asked for are not a table build


def test_a_simulate_input_asking_for_many_races_is_held_to_their_allowance(monkeypatch: pytest.MonkeyPatch) -> None:
    from trackkit.fuzz import campaign
    from trackkit.fuzz.asked import races_asked, simulate_command
    from trackkit.fuzz.campaign import Finding
    from trackkit.fuzz.commands import SIMULATE, Mode
    from trackkit.fuzz.inputs import FuzzInput
    from trackkit.fuzz.sandbox import Outcome

    assert races_asked(["simulate", "in.yaml", "--races", "1_000", "--force"]) == 1000
    assert [races_asked(["simulate", "in.yaml", "--races", value]) for value in ("3", "1e3", "-7", "2000000")] == [
        None, None, None, None]
    assert races_asked(["simulate", "in.yaml", "--races"]) is None
    layout = (ROOT / "layouts" / "rally-base.yaml").read_text()
    made = simulate_command(layout.encode(), "FILE")
    assert made[:2] == ["simulate", "FILE"] and made == simulate_command(layout.encode(), "FILE")
    slow = Outcome(status=None, seconds=10.0, wall=10.0, added_mb=0.0, killed_by=9)
    many, more = (Finding(("over time",), FuzzInput(n, "rally", layout), Mode((SIMULATE,)), slow) for n in (1, 2))
    reruns = {1: (1000, Outcome(0, 30.0, 31.0, 20.0)), 2: (1000, Outcome(0, 250.0, 251.0, 20.0))}
    monkeypatch.setattr(campaign, "asked_work_rerun", lambda finding, limits: reruns[finding.item.number])
    tally = Tally(inputs=2, findings=[many, more])
    tally.settle_asked_work(LIMITS)
    # 1,000 races may take 4 s and a tenth of a second each: 30 s is work asked
    # for, 250 s is still a finding.
    assert tally.findings == [more]
    assert tally.asked_work == [(many, 1000, reruns[1][1])]
    assert tally.summary()[-1] == (
        "work asked for, races by simulate or generate's targets, tracks by generate --count"
        " and pages by render --paper (within 0.1 s a race, 10 races a track, 2 a page): 1"
    )
    assert many.reproducer().splitlines()[0] == f"# trackkit {SIMULATE}: {' '.join(made)}"


def test_work_asked_for_is_judged_as_it_runs_with_room(monkeypatch: pytest.MonkeyPatch) -> None:
    """The campaign gives an input asking for races room for them from the
    start: within its allowance it is work asked for, past it a finding that
    is not run again."""
    from trackkit.fuzz import campaign
    from trackkit.fuzz.commands import SIMULATE, Mode
    from trackkit.fuzz.inputs import FuzzInput
    from trackkit.fuzz.sandbox import Outcome

    layout = (ROOT / "layouts" / "rally-base.yaml").read_text()
    item, mode = FuzzInput(1, "rally", layout), Mode((SIMULATE,))
    tally = Tally()
    assert tally.add(item, mode, Outcome(0, 30.0, 31.0, 20.0), LIMITS, races=1000) is None
    over = tally.add(item, mode, Outcome(0, 250.0, 251.0, 20.0), LIMITS, races=1000)
    assert over is not None and over.races == 1000 and tally.findings == [over]
    assert [(races, outcome.seconds) for _, races, outcome in tally.asked_work] == [(1000, 30.0)]
    monkeypatch.setattr(campaign, "asked_work_rerun", lambda finding, limits: pytest.fail("run again"))
    tally.settle_asked_work(LIMITS)
    assert tally.findings == [over]


def test_a_generate_of_many_tracks_is_work_asked_for_in_tracks() -> None:
    """``generate motocross --packs 2 --min-turns 24 --count 8`` draws eight
    48-tile courses at about half a second each (the campaign's seed 13
    counted its 3.9 s over the flat 2 s): each track after the first is
    allowed ten races' time."""
    from trackkit.fuzz.asked import tracks_asked

    made = ["generate", "motocross", "--packs", "2", "--min-turns", "24", "--count", "8", "--seed", "416", "--force"]
    assert tracks_asked(made) == 70
    assert [tracks_asked(["generate", "race", "--count", value, "--force"]) for value in ("1", "0", "x", "10001")] == [
        None, None, None, None]
    assert tracks_asked(["generate", "rally", "--seed", "2", "--force"]) is None


def test_a_paper_render_is_work_asked_for_in_pages() -> None:
    """``render --paper a4 -o out.pdf`` of a Motocross pile of 1,427 tiles
    prints 10 pages and a map (the campaign's seed 13 counted its 2.14 s over
    the flat 2 s): each page is allowed two races' time, and the run it had
    is judged, not run again."""
    from trackkit.fuzz.asked import pages_asked
    from trackkit.fuzz.campaign import Finding, asked_work_rerun
    from trackkit.fuzz.commands import MODES
    from trackkit.fuzz.inputs import FuzzInput
    from trackkit.fuzz.sandbox import Outcome

    figure1 = (ROOT / "layouts" / "figure1.yaml").read_text()
    pdf = next(mode for mode in MODES if mode.args[0] == "render" and "out.pdf" in mode.args and "--paper" in mode.args)
    assert pages_asked(pdf.args, figure1) == 2 * 7
    assert pages_asked(["render", "in.yaml", "--paper", "letter", "-o", "out.svg"], figure1) == 2 * 7
    assert pages_asked(["render", "in.yaml", "-o", "out.pdf"], figure1) is None
    assert pages_asked(["edit:export", "letter"], figure1) == 2 * 7  # seed 14 found a rally print of 43 pages
    assert pages_asked(["edit:export", "png"], figure1) is None
    assert pages_asked(pdf.args, "game: racepack\npath: [") is None
    slow = Outcome(status=1, seconds=2.5, wall=2.6, added_mb=30.0)
    finding = Finding(("over time",), FuzzInput(7, "racepack", figure1), pdf, slow)
    assert asked_work_rerun(finding, LIMITS) == (14, slow)
    tally = Tally(inputs=1, findings=[finding])
    tally.settle_asked_work(LIMITS)
    assert tally.findings == [] and tally.asked_work == [(finding, 14, slow)]


def test_the_other_games_are_warmed_up_with_one_mode_a_command() -> None:
    """The first mode of each command, and the simulation that draws and
    records its races: the modes that load a game's own modules."""
    assert [mode.label for mode in one_a_command([*MODES, *OPTION_MODES])] == [
        "validate in.yaml", "info in.yaml", "id in.yaml", "lanes in.yaml", "grid in.yaml",
        "hazards in.yaml --seed 1", "render in.yaml -o out.svg --force",
        "show in.yaml --width 100 --no-color", "analyze in.yaml", "convert in.yaml --to path",
        "export in.yaml --to piecepackr", "simulate in.yaml --races 3 --seed 1 --workers 1",
        "simulate in.yaml --races 2 --seed 4 --workers 1 --svg sim.svg --record race.rec --force",
        "report in.yaml --races 2 --seed 3 --workers 1 -o report.svg --force",
        "generate:options", "replay:mutated", "edit:http", "edit:check", "edit:save", "edit:export svg",
        "simulate:options", "count:options",
    ]


def test_the_first_game_is_warmed_up_with_one_mode_a_command_and_form() -> None:
    """Each output form once: another paper, theme or format is left out."""
    assert [mode.label for mode in one_a_command(MODES, each_form=True)] == [
        "validate in.yaml", "info in.yaml", "id in.yaml", "lanes in.yaml", "grid in.yaml",
        "hazards in.yaml --seed 1", "render in.yaml -o out.svg --force", "render in.yaml -o out.png --force",
        "render in.yaml --paper a4 -o out.pdf --force", "show in.yaml --width 100 --no-color",
        "analyze in.yaml", "convert in.yaml --to path", "convert in.yaml --to tiles",
        "convert in.yaml --to race", "convert in.yaml --to path -o out.yaml --force",
        "export in.yaml --to piecepackr", "export in.yaml --to ppn", "export in.yaml --to ppn -o out.ppn --force",
        "simulate in.yaml --races 3 --seed 1 --workers 1",
        "simulate in.yaml --races 2 --seed 4 --workers 1 --svg sim.svg --record race.rec --force",
        "report in.yaml --races 2 --seed 3 --workers 1 -o report.svg --force",
        "generate:options", "replay:mutated", "edit:http", "edit:check", "edit:save",
        *(f"edit:export {kind}" for kind in ("svg", "png", "letter", "yaml", "ppn", "piecepackr")),
    ]
