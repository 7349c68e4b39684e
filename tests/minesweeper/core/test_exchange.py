"""JSMinesweeper's formats: a ``.mine`` position and an MBF board read back as what was written,
read as JSMinesweeper writes them, and refused in one line when they are not what they say;
no text or bytes at all, cut short or with a bit flipped, raise anything but `NotationError`."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gridpuzzles.minesweeper.core.errors import NotationError
from gridpuzzles.minesweeper.core.exchange import (
    MAX_MBF_BYTES,
    MBF_MAX_SIDE,
    BeyondFormatError,
    MbfError,
    MineTextError,
    format_mbf,
    format_mine,
    parse_mbf,
    parse_mine,
)
from gridpuzzles.minesweeper.core.grid import Layout
from gridpuzzles.minesweeper.core.notation import parse_view
from gridpuzzles.minesweeper.core.positions import (
    Form,
    Position,
    read_mbf_position,
    read_position,
)
from gridpuzzles.minesweeper.core.view import View
from tests.minesweeper.boards import layouts

IN_PLAY = "#F012345678"
"""The view symbols of a position in play that ``.mine`` holds as they are."""


@st.composite
def positions(draw: st.DrawFn, max_side: int = 12) -> tuple[View, int]:
    """A view of a game in play and the mines of its whole board."""
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    cells = draw(st.text(alphabet=IN_PLAY, min_size=width * height, max_size=width * height))
    return View(width, height, cells), draw(st.integers(0, width * height))


@st.composite
def mbf_boards(draw: st.DrawFn) -> Layout:
    """A board of any size MBF holds (up to 255x255), its mines few or many."""
    width = draw(st.integers(1, MBF_MAX_SIDE))
    height = draw(st.integers(1, MBF_MAX_SIDE))
    cells = draw(st.sets(st.integers(0, width * height - 1), max_size=300))
    if draw(st.booleans()):  # or dense: every cell but a few
        cells = set(range(width * height)) - cells
    return Layout.from_cells(width, height, cells)


# --- .mine ------------------------------------------------------------------------------------


@given(positions())
def test_a_position_reads_back_from_its_mine_text(position: tuple[View, int]) -> None:
    board, mines = position
    text = format_mine(board, mines)
    assert parse_mine(text) == (board, mines)
    assert read_position(text) == Position(board, mines, Form.MINE)


@given(positions(), st.sampled_from(["\n", "\r\n"]), st.sampled_from(["", "\n", "\n\n  \n"]))
def test_mine_text_with_windows_line_ends_and_blank_lines_around_reads_back(
    position: tuple[View, int], end: str, around: str
) -> None:
    board, mines = position
    text = around + end.join(format_mine(board, mines).split("\n")) + around
    assert read_position(text) == Position(board, mines, Form.MINE)


# A beginner board after one click, saved by JSMinesweeper's "Save position" with one flag
# placed: its first line, then H hidden, F flagged and the counts, "\n" after every row.
JSMINESWEEPER_POSITION = (
    "9x9x10\n"
    "HF10001HH\n"
    "1110001HH\n"
    "0000012HH\n"
    "000001HHH\n"
    "011101HHH\n"
    "01H101HHH\n"
    "01H102HHH\n"
    "01H212HHH\n"
    "01HHHHHHH\n"
)
SAME_VIEW = """
#F1...1##
111...1##
.....12##
.....1###
.111.1###
.1#1.1###
.1#1.2###
.1#212###
.1#######
"""


def test_a_position_as_jsminesweeper_writes_it_reads_as_the_same_view() -> None:
    assert read_position(JSMINESWEEPER_POSITION) == Position(parse_view(SAME_VIEW), 10, Form.MINE)
    assert format_mine(parse_view(SAME_VIEW), 10) == JSMINESWEEPER_POSITION


def test_m_reads_as_a_flag_and_a_question_mark_as_a_question_mark() -> None:
    # JSMinesweeper reads M as a flag and ? (any unknown character, in fact) as hidden.
    assert parse_mine("3x1x1\nM?1\n") == (View(3, 1, "F?1"), 1)


def test_a_question_mark_is_written_as_hidden_as_jsminesweeper_never_writes_one() -> None:
    assert format_mine(View(3, 1, "?#1"), 1) == "3x1x1\nHH1\n"


@pytest.mark.parametrize(
    ("board", "message"),
    [
        (View(2, 1, "1*"), "row 1, column 2 is a revealed mine, which a .mine position has no"),
        (View(1, 2, "1X"), "row 2, column 1 is a wrong flag"),
    ],
)
def test_the_view_of_a_lost_game_is_not_written(board: View, message: str) -> None:
    with pytest.raises(BeyondFormatError, match=message):
        format_mine(board, 1)


def test_mines_that_do_not_fit_the_board_are_not_written() -> None:
    with pytest.raises(BeyondFormatError, match="5 mines do not fit the 4 cells of a 2x2 board"):
        format_mine(View(2, 2, "####"), 5)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4x3\nHHHH\n", "line 1: '4x3' is not the first line of a .mine position: WIDTHxHEIGH"),
        ("4x3x2x1\n", "line 1: '4x3x2x1' is not the first line of a .mine position"),
        ("4x3x-2\n", "line 1: '4x3x-2' is not the first line"),
        ("4x3x" + "9" * 20 + "\n", "is not the first line of a .mine position"),
        ("0x3x0\n", "line 1: the board is 0x3: it needs at least 1 column and 1 row"),
        ("\n2x0x0\n", "line 2: the board is 2x0"),
        ("2x2x5\nHH\nHH\n", "line 1: 5 mines do not fit the 4 cells of a 2x2 board"),
        ("4x3x2\nHH1F\nH210\n", "the first line says 3 rows, but 2 follow it"),
        ("4x3x2\nHH1F\nH21\n1100\n", "line 3 has 3 cells where the first line says 4"),
        ("4x3x2\nHH1F\nH2100\n1100\n", "line 3 has 5 cells where the first line says 4"),
        ("4x3x2\nHH1F\n\n1100\n", "line 3 has 0 cells where the first line says 4"),
        ("4x3x2\nHH1F\nH210\n\n1100\n", "line 4 has 0 cells where the first line says 4"),
        ("4x3x2\nHH1F\nH210\n1100\nHHHH\n", "line 5: more rows than the 3 the first line says"),
        ("4x3x2\nHH1F\nH210\n1100\n\n\nx\n", "line 7: more rows than the 3"),
        ("4x1x2\nHH1f\n", "line 2, column 4: unknown cell 'f' (allowed: H F M ? 0-8, in upper"),
        ("4x1x2\nh#1F\n", "line 2, column 1: unknown cell 'h'"),
        ("4x1x2\nHH9F\n", "line 2, column 3: unknown cell '9'"),
        ("4x1x2\nHHIO\n", "line 2, column 3: unknown cell 'I'"),
        ("2x1x0\nH\x00\n", "line 2 holds a NUL character: a .mine position is text"),
        ("2x1x0\nH H\n", "line 2 has 3 cells where the first line says 2"),
    ],
)
def test_text_that_is_not_a_mine_position_is_refused_in_one_line(text: str, message: str) -> None:
    with pytest.raises(MineTextError) as refused:
        read_position(text)
    assert message in str(refused.value) and "\n" not in str(refused.value)
    assert isinstance(refused.value, NotationError) and isinstance(refused.value, ValueError)


def test_empty_text_is_not_a_mine_position() -> None:
    with pytest.raises(MineTextError, match=r"the \.mine position is empty"):
        parse_mine("\n  \r\n")


MINE_TEXT = st.text(alphabet="HFM?012345678x \r\n\t#.*X\x00\x1b[m9fh")


HEADED_TEXT = st.builds("{}x{}x{}\n{}".format, *[st.integers(0, 12)] * 3, MINE_TEXT)


@given(st.one_of(st.text(), MINE_TEXT, HEADED_TEXT))
def test_any_text_is_a_position_or_a_notation_error(text: str) -> None:
    with contextlib.suppress(NotationError):
        read_position(text)
    with contextlib.suppress(MineTextError):
        parse_mine(text)


@given(positions(max_side=6))
def test_mine_text_cut_short_or_with_a_bit_flipped_is_a_position_or_refused(
    position: tuple[View, int],
) -> None:
    data = format_mine(*position).encode("ascii")
    for end in range(len(data)):  # cut short: refused, unless only the last line end is cut
        try:
            assert parse_mine(data[:end].decode("ascii")) == position
        except MineTextError:
            continue
        assert end == len(data) - 1
    for bit in range(8 * len(data)):
        with contextlib.suppress(NotationError):
            read_position(_flipped(data, bit).decode("latin-1"))


# --- MBF --------------------------------------------------------------------------------------


@given(st.one_of(layouts(), mbf_boards()))
def test_a_board_reads_back_from_its_mbf_bytes(board: Layout) -> None:
    data = format_mbf(board)
    assert len(data) == 4 + 2 * board.mine_count <= MAX_MBF_BYTES
    assert parse_mbf(data) == board


@given(layouts(), st.randoms(use_true_random=False))
def test_mbf_mines_read_in_any_order(board: Layout, rng: random.Random) -> None:
    data = format_mbf(board)
    pairs = [data[i : i + 2] for i in range(4, len(data), 2)]
    rng.shuffle(pairs)
    assert parse_mbf(data[:4] + b"".join(pairs)) == board


# Beginner's board as JSMinesweeper's "Save MBF" writes it: width 9, height 9, 10 mines in
# two bytes (0, 10), then (x, y) of each mine counted from 0, in row-major order.
JSMINESWEEPER_MBF = bytes([9, 9, 0, 10, 1, 0, 7, 1, 8, 1, 2, 5, 6, 5, 2, 6, 8, 6, 2, 8, 3, 8, 8, 8])


def test_a_board_as_jsminesweeper_writes_it_reads_with_its_mines_at_x_y() -> None:
    board = parse_mbf(JSMINESWEEPER_MBF)
    mines = [(1, 0), (7, 1), (8, 1), (2, 5), (6, 5), (2, 6), (8, 6), (2, 8), (3, 8), (8, 8)]
    assert board == Layout.from_cells(9, 9, [y * 9 + x for x, y in mines])
    assert format_mbf(board) == JSMINESWEEPER_MBF


def test_an_mbf_board_is_analysed_as_the_untouched_position_with_its_mines() -> None:
    assert read_mbf_position(bytes([3, 2, 0, 1, 2, 1])) == Position(
        View(3, 2, "######"), 1, Form.MBF, Layout.from_cells(3, 2, [5])
    )


def test_a_board_of_more_than_255_columns_has_no_mbf() -> None:
    with pytest.raises(BeyondFormatError, match="at most 255 columns and 255 rows, not 256x1"):
        format_mbf(Layout.from_cells(256, 1, [0]))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            b"",
            "an MBF board starts with 4 bytes (width, height, mines in 2 bytes), but there are 0",
        ),
        (bytes([9, 9, 0]), "but there are 3"),
        (bytes([0, 9, 0, 0]), "the MBF header says the board is 0x9: it needs at least 1 column"),
        (bytes([9, 0, 0, 0]), "the board is 9x0"),
        (bytes([2, 2, 0, 5]) + bytes(10), "says 5 mines, more than the 4 cells of a 2x2 board"),
        (bytes([255, 255, 255, 255]), "says 65,535 mines, more than the 65,025 cells"),
        (bytes([9, 9, 0, 1, 0]), "says 1 mines, 2 bytes each, but 1 bytes follow it, not 2"),
        (bytes([9, 9, 0, 1, 0, 0, 0]), "but 3 bytes follow it, not 2"),
        (bytes([9, 9, 1, 0]), "says 256 mines, more than the 81 cells"),
        (
            bytes([9, 9, 0, 1, 9, 0]),
            "MBF mine 1 is at row 1, column 10, outside the board of 9 rows",
        ),
        (
            bytes([9, 8, 0, 1, 0, 8]),
            "MBF mine 1 is at row 9, column 1, outside the board of 8 rows",
        ),
        (bytes([9, 9, 0, 3, 1, 2, 0, 0, 1, 2]), "MBF mine 3 is at row 3, column 2, as mine 1 is"),
    ],
)
def test_bytes_that_are_not_an_mbf_board_are_refused_in_one_line(data: bytes, message: str) -> None:
    with pytest.raises(MbfError) as refused:
        read_mbf_position(data)
    assert message in str(refused.value) and "\n" not in str(refused.value)
    assert isinstance(refused.value, NotationError)


MBF_HEADED = st.builds(bytes.__add__, st.binary(min_size=4, max_size=4), st.binary(max_size=40))
SMALL_MBF = st.builds(
    lambda side, mines, rest: bytes([side, side, 0, mines]) + rest,
    st.integers(0, 4),
    st.integers(0, 8),
    st.binary(max_size=20),
)


@given(st.one_of(st.binary(max_size=64), MBF_HEADED, SMALL_MBF))
def test_any_bytes_are_a_board_or_an_mbf_error(data: bytes) -> None:
    try:
        board = parse_mbf(data)
    except MbfError:
        return
    assert format_mbf(board) == data[:4] + format_mbf(board)[4:]
    assert board.mine_count == int.from_bytes(data[2:4], "big")


@given(layouts(max_side=6))
def test_mbf_cut_short_is_refused_and_with_a_bit_flipped_is_a_board_or_refused(
    board: Layout,
) -> None:
    data = format_mbf(board)
    for end in range(len(data)):
        with pytest.raises(MbfError):
            parse_mbf(data[:end])
    for bit in range(8 * len(data)):
        try:
            changed = parse_mbf(_flipped(data, bit))
        except MbfError:
            continue
        assert changed != board  # a side changed, or a mine moved to another cell


def _flipped(data: bytes, bit: int) -> bytes:
    """``data`` with bit ``bit`` (counted from the first byte's lowest) flipped."""
    flipped = bytearray(data)
    flipped[bit // 8] ^= 1 << bit % 8
    return bytes(flipped)
