"""The node trees of layout texts (trackkit/layoutfile/yaml_nodes.py): a
small text read again gives the trees read the first time, a broken one is
refused with its place every time, and long texts are not kept."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support import LAYOUTS

from trackkit.errors import LayoutError
from trackkit.layoutfile import yaml_nodes

BROKEN = "trackkit: 1\npath: [S, L\n"
"""A flow list left open: the stream ends where ``]`` should stand."""


@pytest.fixture(autouse=True)
def nothing_kept() -> Iterator[None]:
    yaml_nodes._kept_composition.cache_clear()
    yield
    yaml_nodes._kept_composition.cache_clear()


def test_a_text_read_again_gives_the_trees_of_the_first_reading() -> None:
    text = (LAYOUTS / "figure1.yaml").read_text(encoding="utf-8")
    first = yaml_nodes.compose_documents(text)
    again = yaml_nodes.compose_documents(text)
    assert again == first
    assert again is not first
    assert yaml_nodes._kept_composition.cache_info()[:2] == (1, 1)
    root = yaml_nodes.compose(text)
    assert [key.value for key, _ in root.value] == ["trackkit", "name", "path", "heading", "start", "laps"]


def test_a_broken_text_is_refused_with_its_place_every_time() -> None:
    for _ in range(2):
        with pytest.raises(LayoutError) as refused:
            yaml_nodes.compose_documents(BROKEN)
        assert (refused.value.line, refused.value.column) == (3, 1)
        assert str(refused.value).startswith("<layout>:3:1: error: YAML syntax error: expected ',' or ']'")
    assert yaml_nodes._kept_composition.cache_info().currsize == 0


def test_a_text_longer_than_the_quick_reader_threshold_is_not_kept() -> None:
    text = "trackkit: 1\n# " + "x" * yaml_nodes.QUICK_FROM + "\npath: S\n"
    first, again = yaml_nodes.compose(text), yaml_nodes.compose(text)
    assert again is not first
    assert [(key.value, value.value) for key, value in again.value] == [("trackkit", "1"), ("path", "S")]
    assert yaml_nodes._kept_composition.cache_info().currsize == 0


def test_no_more_than_the_kept_number_of_texts_are_kept() -> None:
    for number in range(yaml_nodes.KEPT_TEXTS + 5):
        yaml_nodes.compose_documents(f"trackkit: 1\npath: S\nname: track {number}\n")
    assert yaml_nodes._kept_composition.cache_info().currsize == yaml_nodes.KEPT_TEXTS
