"""The line-mode Mondrian game on text streams: the black blocks at the prompts, the commands,
refusals that change nothing, hints, a solved game and its record."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from gridpuzzles.mondrian.core.challenges import find_published
from gridpuzzles.mondrian.core.errors import NotationError
from gridpuzzles.mondrian.core.game import new_game
from gridpuzzles.mondrian.core.grid import Block, Puzzle, challenge
from gridpuzzles.mondrian.core.notation import parse_fixed, parse_typed_fixed, typed_fixed
from gridpuzzles.mondrian.solving.solutions import first_solution
from gridpuzzles.storage import Store
from gridpuzzles.terminal.console import Console
from gridpuzzles.terminal.mondrian import (
    Command,
    ask_black_blocks,
    ask_challenge,
    chosen,
    parse_command,
    play,
    run,
)

EXAMPLE = ["4,3,v", "2,1,v", "8,5,h"]
"""The black 1x1, 1x2 and 1x3 as a person types them: row first, counted from 1."""
PUBLISHED = find_published("001040531")
HEADER = "  1 2 3 4 5 6 7 8"
"""The column numbers over the board, counted from 1 as a person names a cell."""


def ticks(step: float = 1.0) -> Iterator[float]:
    """A clock that moves ``step`` seconds at each reading."""
    now = 0.0
    while True:
        yield now
        now += step


def terminal(*lines: str, step: float = 1.0) -> Console:
    clock = ticks(step)
    return Console(
        io.StringIO("".join(f"{line}\n" for line in lines)),
        io.StringIO(),
        lambda: next(clock),
    )


def said(term: Console) -> str:
    assert isinstance(term.out, io.StringIO)
    return term.out.getvalue()


def solution_lines(puzzle: Puzzle) -> list[str]:
    """The solver's solution as the commands a player types."""
    solution = first_solution(puzzle)
    assert solution is not None
    return [typed_fixed(p) for p in solution if p not in puzzle.fixed]


def test_the_three_answers_are_the_black_blocks_in_order() -> None:
    term = terminal(*EXAMPLE)
    placed = ask_black_blocks(term)
    assert placed == [
        parse_typed_fixed(f"{size}:{at}")
        for size, at in zip(("1x1", "1x2", "1x3"), EXAMPLE, strict=True)
    ]
    assert placed[0].row == 3 and placed[0].col == 2  # 4,3: row 4, column 3
    assert said(term).count("block (row,column,v/h): ") == 3


def test_a_black_block_over_another_is_explained_and_asked_again() -> None:
    term = terminal("4,3,v", "4,3,v", "2,1,v", "8,5,h")
    placed = ask_black_blocks(term)
    assert placed is not None and len(placed) == 3
    assert "overlaps" in said(term) and said(term).count("try again") == 1


def test_the_end_of_the_input_gives_none() -> None:
    assert ask_black_blocks(terminal("4,3,v")) is None
    assert ask_black_blocks(Console(None, io.StringIO(), float)) is None


def test_black_blocks_without_a_solution_are_asked_again() -> None:
    term = terminal("8,6,h", "7,4,h", "4,3,v", *EXAMPLE)
    found = ask_challenge(term)
    assert found is not None and found.title == "Your challenge --black 4,3,h 2,1,v 8,5,h"
    assert "leave no way to fill the board: place them again" in said(term)


def test_black_blocks_of_a_published_challenge_are_known_by_its_code() -> None:
    found = chosen(challenge(PUBLISHED.black))
    assert found.title == "Challenge 001040531: White edition, easy"
    assert found.difficulty == "easy"


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("2x3:1,5,h", Command("place", placement=parse_fixed("2x3:4,0,h"))),
        ("  3x2:1,5,v ", Command("place", placement=parse_fixed("2x3:4,0,v"))),
        ("lift 1,5", Command("lift", at=(0, 4))),
        ("LIFT 2x3", Command("lift", at=Block(2, 3))),
        ("turn 2,8", Command("turn", at=(1, 7))),
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
        ("2x3:1,5", "expected ROW,COL,O"),
        ("2x3:13,1,h", "the row must be a whole number from 1 to 12"),
        ("2x3:1,0,h", "the column must be a whole number from 1 to 12"),
        ("2x3:0,1,h", "the row must be a whole number from 1"),
        ("lift", "'lift' needs a cell ROW,COL, a size or a tray number"),
        ("lift 4;1", "expected a cell ROW,COL"),
        ("lift 4,\u0663", "expected a cell ROW,COL"),
        ("lift 4", "there is no tray here"),
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
    # one reading of the clock a command: from the first block (0) to the eighth, the last
    assert (finish.seconds, finish.assisted, finish.ended_at) == (7 * 10.5, False, 7 * 10.5)
    out = said(term)
    assert out.count(f"\n{HEADER}\n") == 9  # the board at the start and after each block
    assert "Tray: empty\nSolved in 1 min 13 s (8 moves, an easy challenge).\n" in out


def test_refusals_are_one_line_and_leave_the_board_as_it_was() -> None:
    lines = ["2x2:8,8,h", "2x2:2,1,h", "lift 4,4", "undo", "nonsense", "1x2:6,6,h", "quit"]
    term = terminal(*lines)
    assert run(term, chosen(PUBLISHED.puzzle))
    out = said(term)
    assert out.count(HEADER) == 1  # only the first drawing: nothing changed
    for refusal in (
        "the 2x2 block would stick out past the right and bottom edges",
        "the 2x2 block would cover the black 1x1 block at row 2, column 1",
        "no block at row 4, column 4",
        "there is nothing to undo",
        "unknown command 'nonsense'",
        "the 1x2 block is black",
    ):
        assert f"> {refusal}" in out or f"\n{refusal}\n" in out
    assert out.rstrip().endswith("Bye!")


def test_lift_turn_undo_and_redo_redraw_the_board() -> None:
    term = terminal("1x4:1,5,h", "turn 1,5", "lift 1x4", "undo", "redo", "board", "help")
    assert play(term, chosen(PUBLISHED.puzzle)) is None
    out = said(term)
    assert out.count(HEADER) == 7
    assert "lift ROW,COL    take back the block" in out
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
    # seven readings of the clock after the first block's (the store read one first)
    assert "Your best time for this challenge: 2 min 20 s." in said(slower)
    assert "new best" not in said(slower)
    (record,), (easy,) = store.mondrian_records()
    assert (record.key, record.solved, record.best, easy.key) == ("001040531", 2, 140.0, "easy")


def test_a_store_that_fails_at_the_end_is_one_line(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    store.close()  # a closed connection fails as a locked or vanished file would
    term = terminal(*solution_lines(PUBLISHED.puzzle))
    assert play(term, chosen(PUBLISHED.puzzle), store) is not None
    assert "The game could not be kept in " in said(term)


def test_each_change_says_which_block_it_was_in_the_typed_cells() -> None:
    term = terminal("1x4:1,3,h", "turn 1x4", "lift 4,3", "undo", "lift 1x4")
    play(term, chosen(PUBLISHED.puzzle))
    said_lines = said(term).splitlines()
    for line in (
        "Put down the 1x4 block at row 1, column 3, 1 row high and 4 columns wide.",
        "Turned: the 1x4 block at row 1, column 3, 4 rows high and 1 column wide.",
        "Lifted the 1x4 block at row 1, column 3.",
    ):
        assert any(said_line.endswith(line) for said_line in said_lines), line


# The game in play: what counts as a move and what marks help (the mid-end's, as in every shell)

SOLVED_BY = [
    "1x5:1,1,h",
    "3x3:1,6,h",
    "1x4:2,2,h",
    "2x2:3,1,h",
    "3x4:3,3,v",
    "2x5:4,7,v",
    "2x3:6,1,v",
    "2x4:7,3,h",
]
"""The one solution of `PUBLISHED`, in an order in which the 2x3 block turns both ways."""


def test_the_one_solution_is_the_solvers() -> None:
    assert sorted(SOLVED_BY) == sorted(solution_lines(PUBLISHED.puzzle))


def test_places_lifts_and_turns_are_moves_and_undo_and_redo_are_not() -> None:
    first, *rest = SOLVED_BY
    lines = [first, "undo", "redo", "lift 1x5", first, *rest[:3], rest[5]]
    lines += ["turn 2x3", "turn 6,1", rest[3], rest[4], rest[6]]
    term = terminal(*lines)
    finish = play(term, chosen(PUBLISHED.puzzle))
    assert finish is not None and not finish.assisted
    assert finish.moves == 8 + 2 + 2  # the blocks, a lift and its place again, two turns
    assert said(term).count("Turned: the 2x3 block at row 6, column 1") == 2


def test_undo_after_a_hint_keeps_the_game_assisted_and_the_hint_counted() -> None:
    term = terminal("hint", "undo", *SOLVED_BY)
    finish = play(term, chosen(PUBLISHED.puzzle))
    assert finish is not None and finish.assisted
    assert finish.moves == 1 + 8  # the hint's block is a move; its undo is none
    assert said(term).count(HEADER) == 1 + 2 + 8  # the hint's block and its undo redraw


def test_a_hint_to_lift_marks_the_game_assisted_and_is_no_move() -> None:
    term = terminal("1x4:1,1,h", "hint", "lift 1x4", *SOLVED_BY)
    finish = play(term, chosen(PUBLISHED.puzzle))
    assert finish is not None and finish.assisted
    assert finish.moves == 1 + 1 + 8
    assert "Hint: no solution goes on from this board: lift the 1x4 block at row 1, column 1\n" in (
        said(term)
    )


def test_the_solutions_are_no_move_and_undo_and_redo_do_not_take_them_back() -> None:
    first, *rest = SOLVED_BY
    term = terminal(first, "solutions", "undo", "redo", *rest)
    finish = play(term, chosen(PUBLISHED.puzzle))
    assert finish is not None and finish.assisted
    assert finish.moves == 8


# One way to name a cell: row first, from 1, in the headers, the typed places and the messages


def test_the_board_is_numbered_from_1_row_first_as_places_are_typed() -> None:
    term = terminal("1x5:3,2,h", "quit", "y")
    run(term, chosen(PUBLISHED.puzzle))
    drawn = said(term).split(f"{HEADER}\n")[-1].splitlines()
    assert [line.split()[0] for line in drawn[:8]] == [str(row) for row in range(1, 9)]
    assert drawn[2] == "3 . D D D D D . ."  # the 1x5 at row 3, from column 2
    assert "Put down the 1x5 block at row 3, column 2, 1 row high and 5 columns wide." in said(term)


def test_a_tray_number_names_its_block_as_the_tray_lists_it() -> None:
    tray = new_game(PUBLISHED.puzzle).coloured_blocks
    assert parse_command("3:1,6,h", tray) == Command(
        "place", placement=parse_typed_fixed(f"{tray[2]}:1,6,h")
    )
    assert parse_command("lift 3", tray) == Command("lift", at=tray[2])
    with pytest.raises(NotationError, match="a tray number must be a whole number from 1 to 8"):
        parse_command("9:1,1,h", tray)


def test_the_tray_number_of_a_block_puts_it_down_lifts_it_and_turns_it() -> None:
    term = terminal("3:1,6,h", "7:1,2,h", "turn 7", "lift 7", "quit", "y")
    run(term, chosen(PUBLISHED.puzzle))
    out = said(term)
    assert "Tray: 1. 3x4 red, 2. 2x5 yellow, 3. 3x3 yellow," in out
    assert "Put down the 3x3 block at row 1, column 6." in out
    assert "Put down the 1x4 block at row 1, column 2, 1 row high" in out
    assert "Turned: the 1x4 block at row 1, column 2, 4 rows high" in out
    assert "Lifted the 1x4 block at row 1, column 2." in out
    assert "expected a block size" not in out


def test_a_hint_says_its_block_as_the_player_types_it() -> None:
    term = terminal("hint", "quit", "y")
    run(term, chosen(PUBLISHED.puzzle))
    line = next(line for line in said(term).splitlines() if line.startswith("> Hint: "))
    assert line.startswith("> Hint: place the 1x5 block at row 1, column 1, ")
    assert line.endswith("(1x5:1,1,h)")


def test_a_challenge_of_ones_own_is_named_as_black_takes_it() -> None:
    found = chosen(
        challenge(
            parse_typed_fixed(f"{b}:{at}")
            for b, at in zip(("1x1", "1x2", "1x3"), EXAMPLE, strict=True)
        )
    )
    assert found.title == "Challenge --black 4,3,h 2,1,v 8,5,h"


def test_the_solutions_keep_the_letters_of_the_board() -> None:
    term = terminal("solutions", "quit")
    run(term, chosen(PUBLISHED.puzzle))
    out = said(term)
    legend = "A 1x1 black  B 1x3 black  C 1x2 black"
    assert out.split("Solution 1:\n", 1)[1].splitlines()[8].startswith(legend)
    assert legend in out.split("Solution 1:", 1)[0]


# Leaving a started game is asked first, as in every shell


LEAVE = "Leave this game? It is not kept: only a full board goes into the records. [y/n] "


def test_quit_before_a_block_is_down_leaves_at_once() -> None:
    term = terminal("solutions", "quit")
    assert run(term, chosen(PUBLISHED.puzzle))
    assert LEAVE not in said(term) and said(term).rstrip().endswith("Bye!")


def test_quit_in_a_started_game_asks_and_no_keeps_playing() -> None:
    first, *rest = SOLVED_BY
    term = terminal(first, "quit", "maybe", "n", *rest)
    finish = play(term, chosen(PUBLISHED.puzzle))
    out = said(term)
    assert finish is not None and finish.moves == 8  # the game went on to the end
    assert out.count(LEAVE) == 2
    assert "Please answer y to leave the game, or n to keep playing." in out
    assert "The game goes on." in out


@pytest.mark.parametrize("answers", [("y",), ("yes",), ("q",), ("QUIT",), ()])
def test_quit_in_a_started_game_leaves_on_yes_quit_or_the_end_of_the_input(
    answers: tuple[str, ...],
) -> None:
    term = terminal(SOLVED_BY[0], "q", *answers, SOLVED_BY[1])
    assert run(term, chosen(PUBLISHED.puzzle))
    out = said(term)
    assert LEAVE in out and out.rstrip().endswith("Bye!")
    assert "3x3 block at row 1, column 6" not in out  # nothing is read after leaving


def test_a_full_board_is_left_without_asking() -> None:
    term = terminal(*SOLVED_BY)
    assert play(term, chosen(PUBLISHED.puzzle)) is not None
    assert LEAVE not in said(term)
