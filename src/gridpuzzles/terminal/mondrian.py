"""The line-mode Mondrian Blocks game: the player places the three black blocks at prompts,
then sees every solution of that challenge.

A position is ``X,Y,O`` as on the command line (`notation.parse_position`); an answer that
is not one, or that puts a block outside the board or over another, is explained and asked
again. Standard input that is not UTF-8 text, or an answer longer than `MAX_ANSWER`
characters, raises `NotationError` (the command line reports it in one line).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from gridpuzzles.mondrian.core.notation import NotationError, parse_position
from gridpuzzles.mondrian.core.rendering import render_text
from gridpuzzles.mondrian.core.rules import (
    BLACK_BLOCKS,
    STANDARD_BOARD,
    Block,
    MondrianError,
    Placement,
    Puzzle,
    check_placements,
)
from gridpuzzles.mondrian.solving.solutions import solutions

MAX_ANSWER = 100
"""The longest answer read at a prompt, in characters."""


def ask_black_blocks(stdin: TextIO | None, out: TextIO) -> list[Placement] | None:
    """The three black blocks, asked one by one on ``out``; None when the input ends first."""
    print("Place the black blocks: X,Y,O with X the column and Y the row (0-based from the", file=out)
    print("top-left corner) and O the orientation, v (vertical) or h (horizontal).", file=out)
    placed: list[Placement] = []
    for block in BLACK_BLOCKS:
        placement = _ask_position(block, placed, stdin, out)
        if placement is None:
            return None
        placed.append(placement)
    return placed


def show_every_solution(puzzle: Puzzle, color: bool, out: TextIO) -> None:
    """The puzzle, then each solution as it is found, then how many there are."""
    print(f"Puzzle:\n{render_text(puzzle.board, puzzle.fixed, color)}", file=out)
    count = 0
    for count, solution in enumerate(solutions(puzzle), 1):
        print(f"\nSolution {count}:\n{render_text(puzzle.board, solution, color)}", file=out)
    print(f"\nNumber of solutions: {count}", file=out)


def _ask_position(
    block: Block, placed: Sequence[Placement], stdin: TextIO | None, out: TextIO
) -> Placement | None:
    """Ask until the answer is a valid place for ``block``; ``None`` at end of input."""
    while True:
        answer = _answer(f"{block} block (x,y,v/h): ", stdin, out)
        if answer is None:
            return None
        try:
            placement = parse_position(answer, block)
            check_placements(STANDARD_BOARD, [*placed, placement])
        except MondrianError as error:
            print(f"  {error}; try again", file=out)
            continue
        return placement


def _answer(prompt: str, stdin: TextIO | None, out: TextIO) -> str | None:
    """One line of ``stdin`` (at most `MAX_ANSWER` characters), ``None`` at its end."""
    print(prompt, end="", flush=True, file=out)
    try:
        line = stdin.readline(MAX_ANSWER + 1) if stdin is not None else ""
        line.encode("utf-8")  # bytes read with surrogateescape (a C locale) do not encode
    except UnicodeError:
        raise NotationError("standard input is not UTF-8 text") from None
    if not line:
        print(file=out)
        return None
    if len(line) > MAX_ANSWER and not line.endswith("\n"):
        raise NotationError(f"an answer has at most {MAX_ANSWER} characters, e.g. 4,7,h")
    return line
