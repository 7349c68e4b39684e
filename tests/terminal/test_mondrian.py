"""The line-mode Mondrian game on text streams: prompts, retries, the end of the input."""

from __future__ import annotations

import io

import pytest

from gridpuzzles.mondrian.core.notation import NotationError, parse_position
from gridpuzzles.mondrian.core.rules import BLACK_BLOCKS, challenge
from gridpuzzles.terminal.mondrian import (
    MAX_ANSWER,
    ask_black_blocks,
    show_every_solution,
)

EXAMPLE = ["2,3,v", "0,1,v", "4,7,h"]


def lines(*answers: str) -> io.StringIO:
    return io.StringIO("".join(f"{answer}\n" for answer in answers))


def test_the_three_answers_are_the_black_blocks_in_order() -> None:
    out = io.StringIO()
    placed = ask_black_blocks(lines(*EXAMPLE), out)
    expected = [parse_position(t, b) for t, b in zip(EXAMPLE, BLACK_BLOCKS, strict=True)]
    assert placed == expected
    assert out.getvalue().count("block (x,y,v/h): ") == 3


def test_a_block_over_another_is_explained_and_asked_again() -> None:
    out = io.StringIO()
    placed = ask_black_blocks(lines("2,3,v", "2,3,v", "0,1,v", "4,7,h"), out)
    assert placed is not None and len(placed) == 3
    assert "overlaps" in out.getvalue() and out.getvalue().count("try again") == 1


def test_the_end_of_the_input_gives_none() -> None:
    assert ask_black_blocks(lines("2,3,v"), io.StringIO()) is None
    assert ask_black_blocks(None, io.StringIO()) is None


def test_an_overlong_answer_is_refused() -> None:
    with pytest.raises(NotationError, match=f"at most {MAX_ANSWER} characters"):
        ask_black_blocks(io.StringIO("1" * (MAX_ANSWER + 5)), io.StringIO())


def test_every_solution_is_shown_and_counted() -> None:
    puzzle = challenge(parse_position(t, b) for t, b in zip(EXAMPLE, BLACK_BLOCKS, strict=True))
    out = io.StringIO()
    show_every_solution(puzzle, False, out)
    assert out.getvalue().count("\nSolution ") == 1
    assert out.getvalue().rstrip().endswith("Number of solutions: 1")
