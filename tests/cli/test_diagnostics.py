"""Findings shown at their place: the quoted line, the underline, colour,
file order and the JSON span, for every game (issue 38)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import write
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.formats.diagnostics import SourceLines, Span, excerpt_lines

RED, YELLOW, BLUE, CYAN, OFF = "\x1b[1;31m", "\x1b[1;33m", "\x1b[1;34m", "\x1b[1;36m", "\x1b[0m"
BAR = f"{BLUE}|{OFF}"


def coloured(runner: CliRunner, tmp_path: Path, text: str) -> tuple[str, list[str]]:
    """The path of a layout of ``text`` and the lines of its coloured
    report (a layout that breaks a rule: exit 1)."""
    path = write(tmp_path, text)
    result = runner.invoke(app, ["validate", path, "--color", "always"])
    assert result.exit_code == 1
    return path, result.output.splitlines()


def test_racepack_in_colour(runner: CliRunner, tmp_path: Path) -> None:
    # tile 5 is the second 3S's first tile: its token is underlined in red,
    # the budget warning's 'packs' key in yellow, each line under its finding
    path, lines = coloured(runner, tmp_path, "trackkit: 1\npacks: 1\npath: 3S R R 3S R R\n")
    assert lines[:4] == [
        f"{path}:2:1: {YELLOW}warning{OFF}[tile-budget]: the track uses 10 of the 24 tiles;"
        " the rules say to turn all twenty-four",
        f"    {BLUE}2{OFF} {BAR} packs: 1",
        f"      {BAR} {YELLOW}^^^^^{OFF}",
        f"    {CYAN}hint{OFF}: add 14 more tiles, or set 'packs: 2' if you meant a two-pack track",
    ]
    assert lines[4].startswith(f"{path}:3:14: {RED}error{OFF}[adjacency]: tile 5 at (2, -1)")
    assert lines[5:8] == [
        f"    {BLUE}3{OFF} {BAR} path: 3S R R 3S R R",
        f"      {BAR}              {RED}^^{OFF}",
        f"    {CYAN}hint{OFF}: for a hairpin (R, R, L) make tile 5 a left-hand corner;"
        " otherwise leave a tile's gap between the roads",
    ]
    assert lines[8] == f"{path}: illegal (10 tiles; 1 error, 1 warning)"


def test_motocross_in_colour_underlines_the_ramp_entry(runner: CliRunner, tmp_path: Path) -> None:
    path, lines = coloured(runner, tmp_path, "trackkit: 1\ngame: motocross\npath: 3S R 2S\nramps: {1: 4}\n")
    # file order: the path's two findings and the ramps key's (column 1) first
    assert [line.split(": ")[1] for line in lines[0:-1:4]] == [
        f"{YELLOW}warning{OFF}[motocross/deal]",
        f"{RED}error{OFF}[motocross/tile-count]",
        f"{RED}error{OFF}[motocross/ramp-coins]",
        f"{RED}error{OFF}[motocross/ramp-height]",
    ]
    assert lines[12:15] == [
        f"{path}:4:9: {RED}error{OFF}[motocross/ramp-height]: the ramp on tile 1 is 4 coins high;"
        " a jump ramp is 1 to 3 coins high",
        f"    {BLUE}4{OFF} {BAR} ramps: {{1: 4}}",
        f"      {BAR}         {RED}^^^^{OFF}",
    ]
    assert lines[15].startswith(f"    {CYAN}hint{OFF}: ")


def test_race_in_colour_underlines_the_corner_entry(runner: CliRunner, tmp_path: Path) -> None:
    corner = "trackkit: 1\ngame: race\nspaces: 30\ncorners:\n  - {from: 5, length: 3, radius: 3}\n"
    path, lines = coloured(runner, tmp_path, corner)
    assert lines[:3] == [
        f"{path}:5:5: {RED}error{OFF}[race/corner-radius]: the corner at spaces 5-7 has radius 3;"
        " a corner's radius rating is 1 or 2",
        f"    {BLUE}5{OFF} {BAR}   - {{from: 5, length: 3, radius: 3}}",
        f"      {BAR}     {RED}{'^' * 31}{OFF}",
    ]
    assert lines[3].startswith(f"    {CYAN}hint{OFF}: ")
    assert lines[4] == f"{path}: illegal (30 spaces; 1 error, 0 warnings)"


RALLY = (
    "trackkit: 1\ngame: rally\ncourse:\n  - start\n  - 3-lane\n  - checkpoint\n  - jump\n  - checkpoint\n"
    "  - jump\n  - checkpoint\n  - hairpin\n"
)


def test_rally_in_colour_underlines_the_card_entry(runner: CliRunner, tmp_path: Path) -> None:
    # a deck listed one card a line: the last card, a Hairpin, breaks rally/end
    path, lines = coloured(runner, tmp_path, RALLY)
    at_end = lines.index(
        f"{path}:11:5: {RED}error{OFF}[rally/end]: the course ends on card 7, 'hairpin';"
        " it must end on the final Checkpoint"
    )
    assert lines[at_end + 1 : at_end + 3] == [
        f"    {BLUE}11{OFF} {BAR}   - hairpin",
        f"       {BAR}     {RED}^^^^^^^{OFF}",
    ]


def test_quiet_findings_are_coloured_without_excerpts(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, RALLY)
    result = runner.invoke(app, ["validate", path, "--color", "always", "-q"])
    lines = result.output.splitlines()
    assert lines[-1] == (
        f"{path}:11:5: {RED}error{OFF}[rally/end]: the course ends on card 7, 'hairpin';"
        " it must end on the final Checkpoint"
    )
    assert len(lines) == 7 and all(line.startswith(f"{path}:") for line in lines)


def test_rally_card_entry_without_colour(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, RALLY)
    result = runner.invoke(app, ["validate", path, "--color", "never"])
    lines = result.output.splitlines()
    at_end = lines.index(
        f"{path}:11:5: error[rally/end]: the course ends on card 7, 'hairpin'; it must end on the final Checkpoint"
    )
    assert lines[at_end + 1 : at_end + 3] == ["    11 |   - hairpin", "       |     ^^^^^^^"]


def test_findings_come_in_file_order(runner: CliRunner, tmp_path: Path) -> None:
    # the rules check adjacency before the budget; the report goes by line,
    # column and rule id, so the budget (about 'packs', line 2) comes first
    path = write(tmp_path, "trackkit: 1\npacks: 1\npath: 3S R R 3S R R\n")
    result = runner.invoke(app, ["validate", path, "-q"])
    assert [line.split(": ")[1] for line in result.output.splitlines()] == [
        "warning[tile-budget]",
        "error[adjacency]",
    ]


def test_a_rules_summing_up_comes_after_its_listed_findings(runner: CliRunner, tmp_path: Path) -> None:
    # 104 right turns pile tiles on four squares: 100 overlap findings are
    # listed, the summing-up (pointing at the 'path' key, column 1) after them
    path = write(tmp_path, "trackkit: 1\npacks: 8\npath: " + "R " * 104 + "\n")
    result = runner.invoke(app, ["validate", path, "-q"])
    overlaps = [line for line in result.output.splitlines() if "[overlap]" in line]
    assert len(overlaps) == 101
    assert overlaps[-1] == (
        f"{path}:3:1: error[overlap]: and 1,200 more overlap findings like these, not listed"
    )


def test_json_gives_the_span(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, "trackkit: 1\npacks: 1\npath: 3S R R 3S R R\n")
    result = runner.invoke(app, ["validate", path, "--format", "json", "--color", "always"])
    spans = [(f["rule"], f["line"], f["column"], f["end_column"]) for f in json.loads(result.output)["findings"]]
    assert spans == [("tile-budget", 2, 1, 6), ("adjacency", 3, 14, 16)]


@pytest.mark.parametrize(
    ("terminal", "no_color", "option", "coloured"),
    [
        (False, "", "auto", False),
        (True, "", "auto", True),
        (True, "1", "auto", False),
        (False, "1", "always", True),
        (True, "", "never", False),
    ],
)
def test_colour_follows_the_terminal_no_color_and_the_option(
    runner: CliRunner,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    terminal: bool,
    no_color: str,
    option: str,
    coloured: bool,
) -> None:
    monkeypatch.setattr("trackkit.cli.common.is_terminal", lambda: terminal)
    monkeypatch.setenv("NO_COLOR", no_color)
    path = write(tmp_path, "trackkit: 1\npacks: 1\npath: 3S R R 3S R R\n")
    result = runner.invoke(app, ["validate", path, "--color", option])
    assert ("\x1b[" in result.output) is coloured


def test_a_bad_colour_choice_is_a_usage_error(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, "trackkit: 1\npath: 3S R R 3S R R\n")
    result = runner.invoke(app, ["validate", path, "--color", "alwys"])
    assert result.exit_code == 2
    assert "'alwys' is not a colour choice; use auto, always or never (did you mean 'always'?)" in result.output


# --- the excerpt itself ---------------------------------------------------------


def excerpt(text: str, span: Span) -> list[str]:
    return excerpt_lines(SourceLines(text), span, "error", False)


def test_a_long_line_is_cut_around_the_token_after_a_space() -> None:
    line = " ".join(f"w{n:02}" for n in range(60))  # 239 characters: w00 w01 ... w59
    column = line.index("w30") + 1
    assert excerpt(line + "\n", Span(1, column, column + 3)) == [
        "    1 | ... " + line[line.index("w20") : line.index("w44") + 3] + " ...",
        "      | " + " " * 44 + "^^^",
    ]


def test_a_token_near_the_end_of_a_long_line_keeps_the_end() -> None:
    line = " ".join(f"w{n:02}" for n in range(60))
    column = line.index("w59") + 1
    shown = excerpt(line, Span(1, column, column + 3))
    assert shown[0].endswith(" w58 w59")
    assert shown[1].endswith("^^^")
    assert len(shown[0]) - len(shown[1]) == 0  # the underline ends under the last character


def test_tabs_and_line_endings_keep_the_underline_in_place() -> None:
    assert excerpt("a: 1\r\nb:\tx y\r\n", Span(2, 4, 5)) == ["    2 | b: x y", "      |    ^"]


def test_a_place_past_the_end_of_its_line_is_marked_at_the_end() -> None:
    assert excerpt("path:\n", Span(1, 9, 12)) == ["    1 | path:", "      |      ^"]


def test_a_place_past_the_end_of_the_text_quotes_nothing() -> None:
    assert excerpt("path: R\n", Span(4, 1, 2)) == []
    assert excerpt("", Span(1, 1, 2)) == []


def test_a_width_unknown_to_the_reader_is_the_word_written_there() -> None:
    lines = SourceLines("spaces: 18  # short\n")
    assert lines.span(1, 1, None) == Span(1, 1, 7)
    assert lines.span(1, 9, None) == Span(1, 9, 11)
    assert lines.span(1, 9, 50) == Span(1, 9, 20)  # cut at the end of the line


# --- a file the reader gives up on: each problem quoted as a finding is ---------------------


def unreadable(runner: CliRunner, tmp_path: Path, text: str, *options: str) -> tuple[str, str]:
    """The path of a file of ``text`` that is no layout, and what validate prints (exit 2)."""
    path = write(tmp_path, text)
    result = runner.invoke(app, ["validate", path, *options])
    assert (result.exit_code, result.stderr) == (2, "")
    return path, result.stdout


def test_a_racepack_yaml_syntax_error_is_quoted_in_colour(runner: CliRunner, tmp_path: Path) -> None:
    path, out = unreadable(runner, tmp_path, "trackkit: 1\npath: [R, 4S\nlaps: 3\n", "--color", "always")
    assert out == (
        f"{path}:3:5: {RED}error{OFF}: YAML syntax error: expected ',' or ']', but got ':'"
        " (check the indentation and quoting near here)\n"
        f"    {BLUE}3{OFF} {BAR} laps: 3\n"
        f"      {BAR}     {RED}^{OFF}\n"
        f"{path}: unreadable (1 error)\n"
    )


def test_a_motocross_wrong_key_is_quoted(runner: CliRunner, tmp_path: Path) -> None:
    path, out = unreadable(runner, tmp_path, "trackkit: 1\ngame: motocross\npath: 4S\ntilez: 8\n")
    assert out == (
        f"{path}:4:1: error: unknown key 'tilez' (did you mean 'tiles'?) (known keys: trackkit, name,"
        " description, game, players, packs, path, tiles, heading, origin, ramps, corner_touch, house_rules)\n"
        "    4 | tilez: 8\n"
        "      | ^^^^^\n"
        f"{path}: unreadable (1 error)\n"
    )


def test_a_race_wrong_key_is_quoted_in_colour(runner: CliRunner, tmp_path: Path) -> None:
    path, out = unreadable(runner, tmp_path, "trackkit: 1\ngame: race\nspaces: 40\nfinsh: 40\n", "--color", "always")
    assert out == (
        f"{path}:4:1: {RED}error{OFF}: unknown key 'finsh' (did you mean 'finish'?) (known keys: trackkit,"
        " name, description, game, spaces, direction, laps, racers, finish, finish_in_corner, corners, path,"
        " heading, origin, road_touch)\n"
        f"    {BLUE}4{OFF} {BAR} finsh: 40\n"
        f"      {BAR} {RED}^^^^^{OFF}\n"
        f"{path}: unreadable (1 error)\n"
    )


def test_a_rally_yaml_syntax_error_at_the_end_of_the_file_quotes_no_empty_line(
    runner: CliRunner, tmp_path: Path
) -> None:
    path, out = unreadable(runner, tmp_path, "trackkit: 1\ngame: rally\ncourse: [start, 3-lane\n")
    assert out == (
        f"{path}:4:1: error: YAML syntax error: expected ',' or ']', but got '<stream end>'"
        " (check the indentation and quoting near here)\n"
        f"{path}: unreadable (1 error)\n"
    )


def test_quiet_problems_of_an_unreadable_file_are_one_line_each(runner: CliRunner, tmp_path: Path) -> None:
    path, out = unreadable(runner, tmp_path, "trackkit: 1\ngame: race\nspaces: 40\nfinsh: 40\n", "-q")
    assert out.splitlines() == [
        f"{path}:4:1: error: unknown key 'finsh' (did you mean 'finish'?) (known keys: trackkit,"
        " name, description, game, spaces, direction, laps, racers, finish, finish_in_corner, corners, path,"
        " heading, origin, road_touch)"
    ]
