"""The line-mode Mondrian game on text streams: the black blocks at the prompts, the commands,
refusals that change nothing, hints, a solved game and its record."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from gridpuzzles.mondrian.core.challenges import find_published
from gridpuzzles.mondrian.core.grid import Block, Puzzle, challenge
from gridpuzzles.mondrian.core.notation import NotationError, format_fixed, parse_fixed
from gridpuzzles.mondrian.solving.solutions import first_solution
from gridpuzzles.storage import Store
from gridpuzzles.terminal.mondrian import (
    MAX_ANSWER,
    Command,
    Terminal,
    ask_black_blocks,
    ask_challenge,
    chosen,
    parse_command,
    play,
    run,
)

EXAMPLE = ["2,3,v", "0,1,v", "4,7,h"]
PUBLISHED = find_published("001040531")


def ticks(step: float = 1.0) -> Iterator[float]:
    """A clock that moves ``step`` seconds at each reading."""
    now = 0.0
    while True:
        yield now
        now += step


def terminal(*lines: str, step: float = 1.0) -> Terminal:
    clock = ticks(step)
    return Terminal(
        io.StringIO("".join(f"{line}\n" for line in lines)),
        io.StringIO(),
        lambda: next(clock),
        lambda: 1000.0,
    )


def said(term: Terminal) -> str:
    assert isinstance(term.out, io.StringIO)
    return term.out.getvalue()


def solution_lines(puzzle: Puzzle) -> list[str]:
    """The solver's solution as the commands a player types."""
    solution = first_solution(puzzle)
    assert solution is not None
    return [format_fixed(p) for p in solution if p not in puzzle.fixed]


def test_the_three_answers_are_the_black_blocks_in_order() -> None:
    term = terminal(*EXAMPLE)
    placed = ask_black_blocks(term)
    assert placed == [
        parse_fixed(f"{size}:{at}") for size, at in zip(("1x1", "1x2", "1x3"), EXAMPLE, strict=True)
    ]
    assert said(term).count("block (x,y,v/h): ") == 3


def test_a_black_block_over_another_is_explained_and_asked_again() -> None:
    term = terminal("2,3,v", "2,3,v", "0,1,v", "4,7,h")
    placed = ask_black_blocks(term)
    assert placed is not None and len(placed) == 3
    assert "overlaps" in said(term) and said(term).count("try again") == 1


def test_the_end_of_the_input_gives_none() -> None:
    assert ask_black_blocks(terminal("2,3,v")) is None
    assert ask_black_blocks(Terminal(None, io.StringIO(), float, float)) is None


def test_an_overlong_answer_is_refused() -> None:
    term = Terminal(io.StringIO("1" * (MAX_ANSWER + 5)), io.StringIO(), float, float)
    with pytest.raises(NotationError, match=f"at most {MAX_ANSWER} characters"):
        ask_black_blocks(term)


def test_black_blocks_without_a_solution_are_asked_again() -> None:
    term = terminal("5,7,h", "3,6,h", "2,3,v", *EXAMPLE)
    found = ask_challenge(term)
    assert found is not None and found.title == "Your challenge --black 2,3,h 0,1,v 4,7,h"
    assert "leave no way to fill the board: place them again" in said(term)


def test_black_blocks_of_a_published_challenge_are_known_by_its_code() -> None:
    found = chosen(challenge(PUBLISHED.black))
    assert found.title == "Challenge 001040531: White edition, easy"
    assert found.difficulty == "easy"


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("2x3:4,0,h", Command("place", placement=parse_fixed("2x3:4,0,h"))),
        ("  3x2:4,0,v ", Command("place", placement=parse_fixed("2x3:4,0,v"))),
        ("lift 4,0", Command("lift", at=(0, 4))),
        ("LIFT 2x3", Command("lift", at=Block(2, 3))),
        ("turn 7,1", Command("turn", at=(1, 7))),
        ("u", Command("undo")),
        ("redo", Command("redo")),
        ("hint", Command("hint")),
        ("solutions", Command("solutions")),
    ],
)
def test_commands_are_read(line: str, command: Command) -> None:
    assert parse_command(line) == command


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("", "type a block to put down"),
        ("place it", "unknown command 'place it'"),
        ("2x3:4,0", "expected X,Y,O"),
        ("2x3:12,0,h", "X \\(the column\\) must be a whole number from 0 to 11"),
        ("lift", "'lift' needs a cell X,Y or a size"),
        ("lift 4", "expected a cell X,Y"),
        ("lift 4,\u0663", "Y \\(the row\\)"),
        ("hint me", "'hint' takes nothing after it"),
    ],
)
def test_a_bad_command_says_what_was_expected(line: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_command(line)


def test_a_published_challenge_played_to_the_end() -> None:
    term = terminal(*solution_lines(PUBLISHED.puzzle), step=10.5)
    finish = play(term, chosen(PUBLISHED.puzzle))
    assert finish is not None
    assert (finish.challenge, finish.difficulty, finish.moves) == ("001040531", "easy", 8)
    assert (finish.seconds, finish.assisted, finish.ended_at) == (10.5, False, 1000.0)
    out = said(term)
    assert out.count("Y\\X 0 1 2 3 4 5 6 7") == 9  # the board at the start and after each block
    assert "Tray: empty\nSolved in 10 s (8 moves, an easy challenge).\n" in out


def test_refusals_are_one_line_and_leave_the_board_as_it_was() -> None:
    lines = ["2x2:7,7,h", "2x2:0,1,h", "lift 3,3", "undo", "nonsense", "1x2:5,5,h", "quit"]
    term = terminal(*lines)
    assert run(term, chosen(PUBLISHED.puzzle))
    out = said(term)
    assert out.count("Y\\X") == 1  # only the first drawing: nothing changed
    for refusal in (
        "the 2x2 block would stick out past the right and bottom edges",
        "the 2x2 block would cover the black 1x1 block at column 0, row 1",
        "no block at column 3, row 3",
        "there is nothing to undo",
        "unknown command 'nonsense'",
        "the 1x2 block is black",
    ):
        assert f"> {refusal}" in out or f"\n{refusal}\n" in out
    assert out.rstrip().endswith("Bye.")


def test_lift_turn_undo_and_redo_redraw_the_board() -> None:
    term = terminal("1x4:4,0,h", "turn 4,0", "lift 1x4", "undo", "redo", "board", "help")
    assert play(term, chosen(PUBLISHED.puzzle)) is None
    out = said(term)
    assert out.count("Y\\X") == 7
    assert "lift X,Y     take back the block" in out
    assert out.rstrip().endswith("Input ended: the game is left unsolved.")


def test_hints_help_to_the_end_and_the_game_sets_no_record(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    term = terminal(*(["hint"] * 8))
    finish = play(term, chosen(PUBLISHED.puzzle), store)
    assert finish is not None and finish.assisted
    assert said(term).count("Hint: place the ") == 8
    assert "You had help (a hint or the solutions): the game sets no record." in said(term)
    assert store.mondrian_finishes() == [finish]
    assert store.mondrian_records()[0][0].best is None


def test_the_solutions_are_shown_and_the_game_is_assisted() -> None:
    term = terminal("solutions", *solution_lines(PUBLISHED.puzzle))
    finish = play(term, chosen(PUBLISHED.puzzle))
    assert finish is not None and finish.assisted
    assert "Number of solutions: 1. The game now sets no record." in said(term)


def test_a_solved_game_is_kept_and_a_better_time_is_a_new_best(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    lines = solution_lines(PUBLISHED.puzzle)
    first = terminal(*lines, step=20.0)
    play(first, chosen(PUBLISHED.puzzle), store)
    assert "A new best time for this challenge and for easy challenges!" in said(first)
    slower = terminal(*lines, step=30.0)
    play(slower, chosen(PUBLISHED.puzzle), store)
    assert "Your best time for this challenge: 20 s." in said(slower)
    assert "new best" not in said(slower)
    (record,), (easy,) = store.mondrian_records()
    assert (record.key, record.solved, record.best, easy.key) == ("001040531", 2, 20.0, "easy")


def test_a_store_that_fails_at_the_end_is_one_line(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    store.close()  # a closed connection fails as a locked or vanished file would
    term = terminal(*solution_lines(PUBLISHED.puzzle))
    assert play(term, chosen(PUBLISHED.puzzle), store) is not None
    assert "The game could not be kept in " in said(term)


def test_each_change_says_which_block_it_was_in_the_typed_cells() -> None:
    term = terminal("1x4:2,0,h", "turn 1x4", "lift 2,3", "undo", "lift 1x4")
    play(term, chosen(PUBLISHED.puzzle))
    said_lines = said(term).splitlines()
    for line in (
        "Put down the 1x4 block at column 2, row 0, 1 row high and 4 columns wide.",
        "Turned: the 1x4 block at column 2, row 0, 4 rows high and 1 column wide.",
        "Lifted the 1x4 block at column 2, row 0.",
    ):
        assert any(said_line.endswith(line) for said_line in said_lines), line


# The game in play: what counts as a move and what marks help (the mid-end's, as in every shell)

SOLVED_BY = [
    "1x5:0,0,h",
    "3x3:5,0,h",
    "1x4:1,1,h",
    "2x2:0,2,h",
    "3x4:2,2,v",
    "2x5:6,3,v",
    "2x3:0,5,v",
    "2x4:2,6,h",
]
"""The one solution of `PUBLISHED`, in an order in which the 2x3 block turns both ways."""


def test_the_one_solution_is_the_solvers() -> None:
    assert sorted(SOLVED_BY) == sorted(solution_lines(PUBLISHED.puzzle))


def test_places_lifts_and_turns_are_moves_and_undo_and_redo_are_not() -> None:
    first, *rest = SOLVED_BY
    lines = [first, "undo", "redo", "lift 1x5", first, *rest[:3], rest[5]]
    lines += ["turn 2x3", "turn 0,5", rest[3], rest[4], rest[6]]
    term = terminal(*lines)
    finish = play(term, chosen(PUBLISHED.puzzle))
    assert finish is not None and not finish.assisted
    assert finish.moves == 8 + 2 + 2  # the blocks, a lift and its place again, two turns
    assert said(term).count("Turned: the 2x3 block at column 0, row 5") == 2


def test_undo_after_a_hint_keeps_the_game_assisted_and_the_hint_counted() -> None:
    term = terminal("hint", "undo", *SOLVED_BY)
    finish = play(term, chosen(PUBLISHED.puzzle))
    assert finish is not None and finish.assisted
    assert finish.moves == 1 + 8  # the hint's block is a move; its undo is none
    assert said(term).count("Y\\X") == 1 + 2 + 8  # the hint's block and its undo redraw


def test_a_hint_to_lift_marks_the_game_assisted_and_is_no_move() -> None:
    term = terminal("1x4:0,0,h", "hint", "lift 1x4", *SOLVED_BY)
    finish = play(term, chosen(PUBLISHED.puzzle))
    assert finish is not None and finish.assisted
    assert finish.moves == 1 + 1 + 8
    assert "Hint: no solution goes on from this board: lift the 1x4 block at column 0, row 0\n" in (
        said(term)
    )


def test_the_solutions_are_no_move_and_undo_and_redo_do_not_take_them_back() -> None:
    first, *rest = SOLVED_BY
    term = terminal(first, "solutions", "undo", "redo", *rest)
    finish = play(term, chosen(PUBLISHED.puzzle))
    assert finish is not None and finish.assisted
    assert finish.moves == 8
