"""Every Minesweeper parser of user text, given any text at all, returns a value or raises its
documented error: never anything else, and never guesses (digits are ASCII digits only)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridpuzzles.cli.inputs import UsageError
from gridpuzzles.cli.minesweeper.bench import parse_densities
from gridpuzzles.minesweeper.core.moves import Action, InvalidMoveError, Move
from gridpuzzles.minesweeper.core.notation import (
    NotationError,
    format_view,
    parse_layout,
    parse_view,
)
from gridpuzzles.minesweeper.core.positions import read_position
from gridpuzzles.minesweeper.core.settings import MAX_SIDE, ConfigError
from gridpuzzles.minesweeper.solving.benchmark import BoardFileError, parse_board
from gridpuzzles.terminal.minesweeper import InputError, Rules, parse_command, parse_level

ODD_DIGITS = ["\u00b2", "\u0663", "\uff13", "\u09e9", "\U0001d7d1"]
"""Superscript two, Arabic-Indic three, fullwidth three, Bengali three, bold three: str.isdigit
takes them all, and int() takes all but the first."""

TEXT = st.text() | st.text(alphabet="rfc0123456789,x/. #F?*X\n-" + "".join(ODD_DIGITS))
"""Any text, and text made mostly of the symbols the parsers look for."""
FUZZ = settings(max_examples=300, deadline=None)


@given(TEXT)
@FUZZ
def test_move_parse_reads_a_move_or_raises_invalid_move_error(text: str) -> None:
    try:
        move = Move.parse(text)
    except InvalidMoveError:
        return
    assert Move.parse(str(move)) == move
    assert text.strip().isascii()


@given(TEXT)
@FUZZ
def test_parse_view_and_parse_layout_read_a_board_or_raise_notation_error(text: str) -> None:
    for parse in (parse_view, parse_layout):
        try:
            board = parse(text)
        except NotationError:
            continue
        assert board.width * board.height >= 1


JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=3)
POSITION_TEXT = (
    TEXT
    | st.text(alphabet='{}[]":, 0123456789.#F\nviewmnsidth-truefalsnul', max_size=80)
    | st.builds(
        lambda rows, mines, tail: json.dumps({"view": rows, "mines": mines}) + tail,
        st.lists(st.text(alphabet="#F?.012*X \n", max_size=4), max_size=4),
        JSON_SCALARS,
        st.sampled_from(["", "\n", "x", "}"]),
    )
    | st.builds(
        lambda head, rows, status: "\n".join([head, *rows, status]),
        st.sampled_from(["  1 2 3", "1 2 3", "  1 2", " 1 3 2", "\x1b[2;36m  1 2 3\x1b[0m"]),
        st.lists(st.text(alphabet="123 #.F*X?", max_size=9), max_size=4),
        st.sampled_from(
            [
                "",
                "Mines left: 2",
                "Mines left: -1   Time: 3 s   (3x2, 2 mines, seed 1)",
                "Mines left: 10   Time: 0 s   (beginner, seed 7)",
                "Mines left: \u00b2",
            ]
        ),
    )
)
"""Any text, and texts near each form of a position: JSON game states with odd values,
printed boards with odd headers, rows and status lines."""


@given(POSITION_TEXT)
@FUZZ
def test_read_position_reads_a_position_or_raises_notation_error(text: str) -> None:
    try:
        position = read_position(text)
    except NotationError as error:
        assert "\n" not in str(error)
        return
    assert position.view.width * position.view.height >= 1
    assert position.mines is None or position.mines >= 0


def test_a_view_takes_a_dot_for_an_opened_empty_cell_as_the_line_mode_draws_it() -> None:
    assert parse_view("#1.\n#10\n") == parse_view("#10\n#10\n")
    assert format_view(parse_view("#1.\n")) == "#10"  # written back as the view format has it


@given(TEXT)
@FUZZ
def test_parse_level_reads_a_board_or_raises_config_error(text: str) -> None:
    try:
        config = parse_level(text, Rules())
    except ConfigError:
        return
    assert config.width <= MAX_SIDE and config.height <= MAX_SIDE


@given(TEXT)
@FUZZ
def test_parse_command_reads_a_command_or_raises_input_error(text: str) -> None:
    try:
        word, move = parse_command(text)
    except InputError:
        return
    assert (word == "move") == (move is not None)


@given(TEXT)
@FUZZ
def test_parse_densities_reads_few_densities_or_raises_usage_error(text: str) -> None:
    try:
        densities = parse_densities(text)
    except UsageError:
        return
    assert 1 <= len(densities) <= 100 and all(0 < d < 1 for d in densities)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=12,
)
BOARD_FIELDS = st.fixed_dictionaries(
    {"w": JSON_VALUES, "h": JSON_VALUES, "mines": JSON_VALUES, "start": JSON_VALUES}
) | st.fixed_dictionaries(
    {
        "w": st.integers(-2, 120) | st.booleans(),
        "h": st.integers(-2, 120) | st.booleans(),
        "mines": st.lists(st.integers(-2, 200) | st.booleans(), max_size=8),
        "start": st.integers(-2, 200) | st.booleans(),
    }
)


@given(st.text() | BOARD_FIELDS.map(json.dumps) | JSON_VALUES.map(json.dumps))
@FUZZ
def test_parse_board_reads_a_board_or_raises_board_file_error(line: str) -> None:
    try:
        board = parse_board(line, 3)
    except BoardFileError as error:
        assert str(error).startswith("boards line 3")
        return
    assert 1 <= board.layout.width <= MAX_SIDE and 1 <= board.layout.height <= MAX_SIDE
    assert not board.layout.is_mine(board.start)


@pytest.mark.parametrize("digit", ODD_DIGITS)
def test_other_scripts_digits_are_refused_everywhere(digit: str) -> None:
    with pytest.raises(InvalidMoveError):
        Move.parse(f"r{digit},3")
    with pytest.raises(InputError):
        parse_command(f"r {digit} 3")
    with pytest.raises(InputError):
        parse_command(f"{digit} 3")
    with pytest.raises(ConfigError):
        parse_level(digit, Rules())
    with pytest.raises(ConfigError):
        parse_level(f"{digit}x5/3", Rules())
    with pytest.raises(ConfigError):
        parse_level(f"5x5/{digit}", Rules())
    with pytest.raises(UsageError):
        parse_densities(f"0.1:0.{digit}:0.1")


@pytest.mark.parametrize(
    "line",
    [
        '{"w": true, "h": 3, "mines": [], "start": 0}',
        '{"w": 3, "h": 3, "mines": [true], "start": 0}',
        '{"w": 3, "h": 3, "mines": [], "start": false}',
        '{"w": 3.0, "h": 3, "mines": [], "start": 0}',
        '{"w": 100000, "h": 100000, "mines": [5, 17], "start": 0}',
        '{"w": 101, "h": 1, "mines": [], "start": 0}',
        '{"w": 3, "h": 3, "mines": NaN, "start": 0}',
        '{"w": 3, "h": 3, "mines": [], "start": ' + "9" * 5000 + "}",
        "[" * 100_000 + "]" * 100_000,
        '{"w": 3, "h": 3, "mines": [' + "0," * 70_000 + "0], " + '"start": 1}',
    ],
    ids=[
        "true width",
        "true mine",
        "false start",
        "float width",
        "100000x100000",
        "101 wide",
        "NaN mines",
        "5000-digit start",
        "deep nesting",
        "line too long",
    ],
)
def test_bad_board_fields_are_refused_before_the_board_is_built(line: str) -> None:
    with pytest.raises(BoardFileError, match=r"^boards line 1"):
        parse_board(line)


def test_the_canonical_move_text_round_trips_up_to_eight_digits() -> None:
    move = Move(Action.CHORD, 12_345_678, 0)
    assert Move.parse(str(move)) == move
    with pytest.raises(InvalidMoveError, match="at most 8 digits"):
        Move.parse("r123456789,0")
    with pytest.raises(InvalidMoveError):
        Move.parse("r" + "1" * 5000 + ",3")
