"""Property tests: the Motocross rules do not care where a course lies on the
table or which way up it is; generated courses are legal; what trackkit
writes it reads back."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st
from support import MOTOCROSS_CORPUS, MOTOCROSS_SHIPPED

from trackkit import games
from trackkit.findings import Report
from trackkit.motocross.course import Course
from trackkit.motocross.formats.course_file import dump_course
from trackkit.motocross.generate import CourseRequest, generate_course
from trackkit.motocross.rules import validate
from trackkit.piecepack.geometry import Point

BANK: list[Course] = [
    games.load(p).layout
    for p in [*MOTOCROSS_SHIPPED, *sorted(MOTOCROSS_CORPUS.glob("*.yaml"))]
    if p.name != "expected.yaml"
]

TRANSFORMS: dict[str, Callable[[Point], Point]] = {
    "quarter turn": lambda p: (-p[1], p[0]),
    "half turn": lambda p: (-p[0], -p[1]),
    "mirror": lambda p: (-p[0], p[1]),
    "diagonal mirror": lambda p: (p[1], p[0]),
}


def verdict(report: Report) -> list[tuple[str, str, tuple[int, ...]]]:
    """The findings without their words (which name positions)."""
    return [(f.severity.value, f.rule, f.tiles) for f in report.findings]


generated = st.builds(
    lambda seed, players, ramps: generate_course(CourseRequest(players=players, ramps=ramps), seed=seed),
    st.integers(0, 2**32 - 1),
    st.sampled_from([3, 4]),
    st.one_of(st.none(), st.integers(4, 12)),
)
courses = st.one_of(st.sampled_from(BANK), generated)


@settings(max_examples=60, deadline=None)
@given(courses, st.sampled_from(sorted(TRANSFORMS)), st.integers(-20, 20), st.integers(-20, 20))
def test_moving_turning_or_mirroring_a_course_keeps_its_verdict(
    course: Course, name: str, dx: int, dy: int
) -> None:
    transform = TRANSFORMS[name]
    moved = course.mapped(lambda p: (transform(p)[0] + 2 * dx, transform(p)[1] + 2 * dy))
    assert verdict(validate(moved)) == verdict(validate(course))


@settings(max_examples=40, deadline=None)
@given(generated)
def test_generated_courses_are_legal(course: Course) -> None:
    assert validate(course).valid


@settings(max_examples=40, deadline=None)
@given(courses, st.sampled_from(["path", "tiles"]))
def test_writing_and_reading_back_gives_the_same_course(course: Course, form: str) -> None:
    if form == "path" and not validate(course).valid:
        form = "tiles"  # a broken course may have no path
    assert games.loads(dump_course(course, form)).layout == course
