import pytest
from hypothesis import given
from hypothesis import strategies as st

from gridpuzzles.minesweeper import (
    Layout,
    NotationError,
    View,
    format_layout,
    format_view,
    parse_layout,
    parse_view,
)
from gridpuzzles.minesweeper.core.view import SYMBOLS
from tests.minesweeper.boards import layouts


@st.composite
def views(draw: st.DrawFn) -> View:
    width, height = draw(st.integers(1, 10)), draw(st.integers(1, 10))
    cells = draw(st.text(alphabet=SYMBOLS, min_size=width * height, max_size=width * height))
    return View(width, height, cells)


@given(views())
def test_views_round_trip(view: View) -> None:
    assert parse_view(format_view(view)) == view


@given(layouts(max_side=12))
def test_layouts_round_trip(layout: Layout) -> None:
    assert parse_layout(format_layout(layout)) == layout


def test_view_text_is_one_line_per_row_top_first() -> None:
    view = parse_view("#F?\n012\n*X8\n")
    assert (view.width, view.height) == (3, 3)
    assert view.at(0, 1) == "F"
    assert view.at(2, 0) == "*"
    assert format_view(view) == "#F?\n012\n*X8"


def test_layout_text_marks_mines_with_stars() -> None:
    layout = parse_layout("*..\n.*.")
    assert layout.mine_indices() == [0, 4]
    assert format_layout(layout) == "*..\n.*."


def test_surrounding_blank_lines_and_trailing_spaces_are_allowed() -> None:
    assert parse_view("\n\n##  \n#1\r\n\n") == View(2, 2, "###1")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the view is empty"),
        ("\n  \n", "the view is empty"),
        ("###\n##\n", "view line 2 has 2 cells but line 1 has 3"),
        ("##\n#9\n", "view line 2, column 2: unknown symbol '9'"),
        ("# #\n", "line 1, column 2: unknown symbol ' '"),
    ],
)
def test_bad_views_are_refused_with_the_place_at_fault(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_view(text)


def test_bad_layouts_are_refused() -> None:
    with pytest.raises(NotationError, match="layout line 1, column 2: unknown symbol '#'"):
        parse_layout(".#.")
    with pytest.raises(NotationError, match="rows must be equally long"):
        parse_layout("..\n...")
