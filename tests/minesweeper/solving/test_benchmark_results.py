"""The results file format: lines that read back exactly, and refusals of another run's file."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gridpuzzles.minesweeper.core.settings import level
from gridpuzzles.minesweeper.solving.benchmark import Result, random_boards
from gridpuzzles.minesweeper.solving.results import (
    ResultsFileError,
    Settings,
    board_digest,
    check_header,
    header_line,
    parse_result,
    result_line,
    solver_fingerprint,
)

SETTINGS: Settings = {"width": 9, "height": 9, "mines": 10, "games": 100, "seed": 3}
BOARD = random_boards(level("beginner"), 1, seed=1)[0]


@given(
    st.booleans(),
    st.floats(0, 1e6, allow_nan=False, allow_infinity=False),
    st.integers(0, 10**6),
    st.integers(0, 10**6),
    st.integers(0, 10**7),
)
def test_a_result_line_reads_back_as_the_same_result(
    won: bool, seconds: float, guesses: int, moves: int, index: int
) -> None:
    result = Result(won, seconds, guesses, moves)
    line = result_line(index, BOARD, result)
    assert line.endswith("\n") and line.count("\n") == 1
    assert parse_result(line, index, "r.jsonl") == result
    assert json.loads(line)["board"] == board_digest(BOARD)


def test_a_board_is_named_by_its_digest() -> None:
    other = random_boards(level("beginner"), 2, seed=1)[1]
    assert board_digest(BOARD) == board_digest(random_boards(level("beginner"), 1, seed=1)[0])
    assert board_digest(BOARD) != board_digest(other) and len(board_digest(BOARD)) == 16


def test_the_header_of_the_same_run_is_taken() -> None:
    check_header(header_line(SETTINGS), dict(SETTINGS), "r.jsonl")


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({**SETTINGS, "seed": 4}, r"another run \(seed 3 there, seed 4 here\)"),
        (
            {**SETTINGS, "boards_file": "ab"},
            r"another run \(no boards file there, boards file ab here\)",
        ),
        (
            {k: v for k, v in SETTINGS.items() if k != "games"},
            r"\(games 100 there, no games here\)",
        ),
    ],
)
def test_the_header_of_another_run_is_refused(settings: Settings, message: str) -> None:
    with pytest.raises(ResultsFileError, match=message):
        check_header(header_line(SETTINGS), settings, "r.jsonl")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("not json\n", "r.jsonl is not a results file of mines bench"),
        ('{"format": "something else"}\n', "is not a results file"),
        ('{"format": "gridpuzzles mines bench results", "version": 2}\n', "another version"),
        ('{"format": "gridpuzzles mines bench results", "version": 1}\n', "names no run"),
    ],
)
def test_a_line_that_is_no_header_is_refused(line: str, message: str) -> None:
    with pytest.raises(ResultsFileError, match=message):
        check_header(line, SETTINGS, "r.jsonl")


GOOD = {"index": 4, "board": "x", "won": True, "seconds": 0.5, "guesses": 1, "moves": 9}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({**GOOD, "index": 5}, "r.jsonl line 6 should hold board 4, not 5"),
        ({**GOOD, "won": 1}, "line 6 is not a result line"),
        ({**GOOD, "seconds": -1.0}, "not a result line"),
        ({**GOOD, "guesses": True}, "not a result line"),
        ({**GOOD, "moves": -2}, "not a result line"),
        ({k: v for k, v in GOOD.items() if k != "moves"}, "not a result line"),
        ([1, 2], "not a result line"),
    ],
)
def test_a_wrong_result_line_is_refused(data: object, message: str) -> None:
    assert parse_result(json.dumps(GOOD), 4, "r.jsonl") == Result(True, 0.5, 1, 9)
    with pytest.raises(ResultsFileError, match=message):
        parse_result(json.dumps(data), 4, "r.jsonl")


def test_the_solver_fingerprint_is_a_short_digest() -> None:
    fingerprint = solver_fingerprint()
    assert len(fingerprint) == 16 and int(fingerprint, 16) >= 0
