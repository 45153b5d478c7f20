"""A Motocross course's picture, grown from its setup before anything is
drawn: its layers, the boxes its pages are planned around, and the words
narrowed to a page's width when that takes fewer sheets."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import LAYOUTS

from trackkit import games
from trackkit.motocross.course import Course
from trackkit.motocross.picture import course_picture
from trackkit.picture.marks import Disc, Group, Picture, Text, leaves
from trackkit.picture.paper import get_paper
from trackkit.picture.sizes import WORDS_ROOM
from trackkit.render.options import RenderOptions
from trackkit.render.painter import count_pages, for_paper, paint_pages


def course_of(path: Path) -> Course:
    course = games.load(path).layout
    assert isinstance(course, Course)
    return course


def subtitles(picture: Picture) -> list[str]:
    return [mark.words for mark, _ in leaves(picture.marks) if isinstance(mark, Text) and mark.role == "subtitle"]


def test_the_picture_holds_the_layers_bottom_first_and_plans_its_pages_round_its_tiles() -> None:
    course = course_of(LAYOUTS / "motocross-max-ramps.yaml")
    picture = course_picture(course, RenderOptions())
    layers = [mark.name for mark in picture.marks if isinstance(mark, Group)]
    assert layers == [
        "background", "tiles", "space-grid", "start-tile", "finish-line", "ramps", "start-word", "build-order",
        "title",
    ]
    assert (picture.name, picture.title, picture.exact, picture.width) == ("", "Whoops Section", True, 17.0)
    assert picture.plan is not None
    tiles, words = picture.plan
    assert len(tiles) == 24 and all((r - left, b - t) == pytest.approx((2.0, 2.0)) for left, t, r, b in tiles)
    assert len(words) == 5  # the title, the facts and three sentences of explanation
    assert sum(isinstance(mark, Disc) for mark, _ in leaves(picture.marks)) == course.ramp_coins == 12


def test_on_paper_the_words_are_narrowed_to_a_page_when_that_takes_fewer_sheets() -> None:
    course = course_of(LAYOUTS / "motocross-max-ramps.yaml")
    options = RenderOptions(true_size=True)
    across = course_picture(course, options)
    assert across.narrow is not None
    narrow = across.narrow()
    assert subtitles(across)[0] == "Motocross — 24 tiles · 4 players · 3 turns · 12 ramps (12 coins)"
    assert subtitles(narrow) == [
        "Motocross — 24 tiles · 4 players",
        "3 turns · 12 ramps (12 coins)",
        "Tiles numbered in the order played.",
        "Coins: ramp height at the raised edge.",
        "Chequers: finish line.",
    ]
    assert WORDS_ROOM == 6.0 and narrow.height == pytest.approx(across.height + 3 * 0.26 * 1.3)
    # across the picture the words take seven A4 sheets, narrowed six
    assert for_paper(across, get_paper("a4")) is not across
    pages = paint_pages(course, options, get_paper("a4"))
    assert len(pages) == count_pages(course, options, get_paper("a4")) == 7
    assert "page 1 of 6" in pages[0] and "3 turns · 12 ramps (12 coins)" in pages[0]


def test_a_course_the_words_across_suit_keeps_them_across() -> None:
    # the four-player course: across, 3 Letter sheets; narrowed, 4
    course = course_of(LAYOUTS / "motocross-four-players.yaml")
    across = course_picture(course, RenderOptions(true_size=True))
    assert for_paper(across, get_paper("letter")) is across


def test_a_course_whose_line_of_facts_no_sheet_shows_whole_narrows_it() -> None:
    # the three-player course takes 6 A4 sheets either way, but across, its
    # line of facts runs over the edge of one sheet onto the next
    course = course_of(LAYOUTS / "motocross-three-players.yaml")
    options = RenderOptions(true_size=True)
    across = course_picture(course, options)
    assert for_paper(across, get_paper("a4")) is not across
    pages = paint_pages(course, options, get_paper("a4"))
    assert len(pages) == count_pages(course, options, get_paper("a4")) == 7
