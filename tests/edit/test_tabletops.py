"""Each game on the editor's table, through its ``Game.tabletop``: what a
piece put down does to the layout, and where the table shows it."""

from __future__ import annotations

import pytest
from support import LAYOUTS

from trackkit import games
from trackkit.errors import ArgumentError
from trackkit.registry import GAMES
from trackkit.tabletop import Placement


def _tabletop(game: str):  # type: ignore[no-untyped-def]
    tabletop = GAMES[game].tabletop
    assert tabletop is not None
    return tabletop


def test_racepack_constructions_go_on_a_tile_and_follow_it_when_a_tile_comes_before() -> None:
    table = _tabletop("racepack")
    layout = games.load(LAYOUTS / "figure1.yaml").layout
    for piece in ("pit", "hazard", "hazard", "icon"):
        layout = table.place(layout, Placement("put", piece, chosen=(10,)))
    assert (layout.pit.first, layout.hazards, layout.icons) == (10, ((10, "NE"), (10, "NW")), ((10, "NE"),))
    wide = table.place(layout, Placement("put", "wide", chosen=(7,)))
    assert (wide.wide.first, wide.wide.length) == (7, 4)  # the four straights from tile 7 on
    plain = table.place(layout, Placement("put", "plain", chosen=(10,)))
    assert (plain.pit, plain.hazards, plain.icons) == (None, (), ())
    spots = table.table(layout).spots
    assert (spots[10].label, spots[21].label) == ("S!!", "S|")
    assert spots[10].note == "tile 10: S, pit, icon, hazard, hazard"


def test_racepack_keeps_the_start_line_on_its_tile_as_tiles_come_and_go() -> None:
    table = _tabletop("racepack")
    layout = games.load(LAYOUTS / "figure1.yaml").layout
    opened = table.place(layout, Placement("remove", chosen=(0,)))
    assert opened.start == 20.0
    assert table.place(opened, Placement("remove", chosen=(20,))).start is None


def test_motocross_ramps_stack_coins_and_go_with_their_tiles() -> None:
    table = _tabletop("motocross")
    course = games.load(LAYOUTS / "motocross-three-players.yaml").layout
    more = table.place(course, Placement("put", "ramp-up", chosen=(0,)))
    assert dict(more.ramps)[0] == dict(course.ramps).get(0, 0) + 1
    first = course.ramps[0][0]
    fewer = table.place(course, Placement("remove", chosen=(0,)))
    assert fewer.ramps[0] == (first - 1, course.ramps[0][1])
    stock = {item.what: (item.used, item.supply) for item in table.table(course).inventory}
    assert stock == {"tiles": (len(course), 24), "coins": (sum(h for _, h in course.ramps), 12)}


def test_race_spaces_corners_and_the_finish() -> None:
    from trackkit.race.tabletop import space_cell

    table = _tabletop("race")
    track = table.place(None, Placement("road", "space", cells=tuple(space_cell(s) for s in range(1, 25))))
    assert (track.spaces, track.finish) == (24, 24)
    assert [space_cell(s) for s in (1, 10, 11, 20, 21)] == [
        (0.0, 0.0),
        (9.0, 0.0),
        (9.0, -1.0),
        (0.0, -1.0),
        (0.0, -2.0),
    ]
    cornered = table.place(track, Placement("put", "corner-1", cells=(space_cell(5), space_cell(6))))
    assert [(c.first, c.length, c.radius) for c in cornered.corners] == [(5, 2, 1)]
    finished = table.place(cornered, Placement("put", "finish", chosen=(11,)))
    assert finished.finish == 12
    assert table.table(finished).spots[4].label == "5r1"
    with pytest.raises(ArgumentError, match="not a RACE! piece"):
        table.place(track, Placement("put", "corner-3", chosen=(1,)))


def test_a_race_track_on_tiles_is_laid_as_tiles() -> None:
    table = _tabletop("race")
    track = games.load(LAYOUTS / "figure1-race.yaml").layout
    assert [piece.id for piece in table.palette(track)][:3] == ["straight", "left", "right"]
    opened = table.place(track, Placement("remove", chosen=(23,)))
    assert (opened.spaces, len(opened.circuit)) == (46, 23)
    assert table.table(opened).spots[0].label == "1-2"


def test_rally_cards_are_put_in_moved_and_taken_in_course_order() -> None:
    from trackkit.rally.tabletop import card_cell

    table = _tabletop("rally")
    deck = table.place(None, Placement("put", "start"))
    deck = table.place(deck, Placement("put", "hairpin"))
    deck = table.place(deck, Placement("put", "3-lane", cells=(card_cell(1),)))
    assert deck.course == ("start", "3-lane", "hairpin")
    moved = table.place(deck, Placement("move", chosen=(2,), offset=(-1, 0)))
    assert moved.course == ("start", "hairpin", "3-lane")
    assert table.place(moved, Placement("remove", chosen=(1,))).course == ("start", "3-lane")
    base = games.load(LAYOUTS / "rally-base.yaml").layout
    shown = table.table(base)
    assert shown.spots[5].note == "card 5: checkpoint, group 5"
    assert [(s.what, s.used, s.supply) for s in shown.inventory] == [
        ("track cards", 9, 9),
        ("checkpoints", 3, 3),
        ("jumps", 2, 2),
    ]
    with pytest.raises(ArgumentError, match="put a card of the palette"):
        table.place(base, Placement("put", "joker"))


def test_a_race_of_spaces_alone_is_reversed_but_not_turned() -> None:
    table = _tabletop("race")
    track = games.load(LAYOUTS / "race-road-course.yaml").layout
    assert table.place(track, Placement("reverse")).direction == "counterclockwise"
    with pytest.raises(ArgumentError, match="spaces alone lie in rows on the table"):
        table.place(track, Placement("turn"))


def test_a_race_road_on_tiles_may_be_left_open_but_not_broken() -> None:
    """A RACE! file writes a road on tiles as a path: an open road is saved
    as work in progress (``race/loop`` says it is open), a road with a tile
    apart is refused in words before it is laid (never laid and then lost)."""
    table = _tabletop("race")
    track = games.load(LAYOUTS / "figure1-race.yaml").layout
    opened = table.place(track, Placement("remove", chosen=(23,)))
    report = GAMES["race"].validate(games.loads(table.text(opened), "x.yaml").layout)
    assert [finding.rule for finding in report.findings] == ["race/loop"]
    words = (
        "placement a RACE! road on tiles is saved as a path, so each tile must follow on from the one"
        " before (tile 5 at ({}) does not share an edge with tile 4 at (1, 3)); lay or move tiles so the"
        " road goes on"
    )
    for placement, where in (
        (Placement("remove", chosen=(5,)), "1, 5"),
        (Placement("move", chosen=(5,), offset=(3, 0)), "4, 4"),
    ):
        with pytest.raises(ArgumentError) as caught:
            table.place(opened, placement)
        assert str(caught.value) == words.format(where)
