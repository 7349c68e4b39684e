"""The console both line-mode games share: a line too long is refused in one line and asked
again, with nothing changed; the end of the input ends a game as leaving it does, in both
puzzles; input that is not UTF-8 text is one error naming its line."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from gridpuzzles.minesweeper import level
from gridpuzzles.storage import ABANDONED, Store
from gridpuzzles.terminal import minesweeper, mondrian
from gridpuzzles.terminal.console import (
    MAX_LINE,
    Console,
    EncodingError,
    LineTooLongError,
)
from gridpuzzles.terminal.minesweeper import INPUT_ENDED_IN_PLAY
from gridpuzzles.terminal.mondrian import INPUT_ENDED
from tests.terminal.test_mondrian import PUBLISHED, SOLVED_BY

TOO_LONG = "that line is longer than 1000 characters: skipped"
LONG_LINE = "r 5 5 " + "1" * MAX_LINE
"""A line too long that starts as a command would: none of it may be read as one."""


def console_of(data: bytes | str, echo: bool = True) -> Console:
    """A console reading ``data`` (bytes as standard input gives them, or text)."""
    stdin = io.BytesIO(data) if isinstance(data, bytes) else io.StringIO(data)
    return Console(stdin, io.StringIO(), lambda: 1000.0, echo=echo)


def said(console: Console) -> str:
    assert isinstance(console.out, io.StringIO)
    return console.out.getvalue()


def mines(lines: list[str], store: Store | None = None) -> tuple[Console, str]:
    """A Minesweeper session of a beginner board, seed 7, given ``lines``."""
    console = console_of("".join(f"{line}\n" for line in lines).encode())
    session = minesweeper.Session(console, minesweeper.Rules(), random.Random(7), store=store)
    assert minesweeper.run(session, level("beginner"), 7) == 0
    return console, said(console)


def mondrian_game(lines: list[str]) -> tuple[Console, str]:
    """The published challenge `PUBLISHED` played in line mode, given ``lines``."""
    console = console_of("".join(f"{line}\n" for line in lines).encode())
    assert mondrian.run(console, mondrian.chosen(PUBLISHED.puzzle))
    return console, said(console)


def only_game_id(store: Store) -> str:
    """The id of the one game in ``store``, left as a loss (a chosen seed: in no history)."""
    with store.transaction(writing=False) as db:
        from sqlalchemy import text

        ((game_id, found),) = db.execute(text("select id, status from games")).all()
    assert found == ABANDONED
    return str(game_id)


# Reading one line, bounded


@pytest.mark.parametrize("data", [b"ab\n", "ab\n"], ids=["bytes", "text"])
def test_a_line_is_read_with_its_end_then_the_end_of_input_is_empty(data: bytes | str) -> None:
    console = console_of(data)
    assert (console.read_line(), console.read_line()) == ("ab\n", "")


def test_a_closed_standard_input_is_the_end_of_input() -> None:
    console = Console(None, io.StringIO(), float)
    assert console.line("> ") is None and said(console) == "> \n"


@pytest.mark.parametrize("ending", ["\n", ""], ids=["a line", "the last, unended"])
def test_a_line_too_long_is_skipped_whole_and_the_next_is_read(ending: str) -> None:
    console = console_of(f"{'x' * (MAX_LINE + 1)}{ending}next\n".encode())
    with pytest.raises(LineTooLongError, match=TOO_LONG):
        console.read_line()
    assert console.read_line() == ("next\n" if ending else "")


def test_a_line_of_the_longest_length_is_read() -> None:
    console = console_of(("x" * MAX_LINE + "\n").encode())
    assert console.read_line() == "x" * MAX_LINE + "\n"


def test_a_line_too_long_is_read_in_bounded_pieces() -> None:
    """However long the line, no read takes more than a bounded piece of it."""
    sizes: list[int] = []

    class Endless(io.BytesIO):
        def readline(self, size: int | None = -1) -> bytes:
            sizes.append(-1 if size is None else size)
            return super().readline(size)

    console = Console(Endless(b"y" * 10**6 + b"\n"), io.StringIO(), float)
    with pytest.raises(LineTooLongError):
        console.read_line()
    assert sizes and all(0 < size <= 64 * 1024 for size in sizes)


def test_a_line_too_long_at_a_prompt_is_one_line_and_asked_again() -> None:
    console = console_of(f"{'x' * 5000}\nok\n".encode())
    assert console.line("> ") == "ok"
    assert said(console) == f"> \n{TOO_LONG}\n> ok\n"


@pytest.mark.parametrize(
    ("data", "line"),
    [
        (b"fine\n\xff\xfe 1\n", 2),
        ("fine\n\udcff 1\n", 2),  # standard input read with surrogate escapes (a C locale)
        (b"\xc3\n", 1),
    ],
    ids=["bytes", "escaped text", "a cut character"],
)
def test_input_that_is_not_utf8_names_its_line(data: bytes | str, line: int) -> None:
    console = console_of(data)
    with pytest.raises(EncodingError, match=f"^line {line} of the input is not UTF-8 text$"):
        while console.line("> ") is not None:
            pass
    assert said(console).endswith("> \n")  # the prompt's line ended before the error is said


# The question before a game in play is left


@pytest.mark.parametrize(
    ("answers", "leaves"),
    [("y\n", True), ("YES\n", True), ("quit\n", True), ("", True), ("no\n", False)],
)
def test_the_leave_question_takes_yes_quit_or_the_end_of_input_as_leaving(
    answers: str, leaves: bool
) -> None:
    console = console_of(f"maybe\n{answers}".encode())
    assert console.leave("Leave?") is leaves
    assert said(console).count("Leave? [y/n] ") == 2
    assert "Please answer y to leave the game, or n to keep playing." in said(console)
    assert ("The game goes on." in said(console)) is not leaves


# A line too long in both games: one line, nothing changed, the game goes on


def test_a_line_too_long_changes_nothing_in_minesweeper() -> None:
    _, text = mines(["r 5 5", LONG_LINE, "f 1 1", "q", "y"])
    assert text.count(TOO_LONG) == 1
    assert text.count("Mines left: ") == 3  # the board at the start, the reveal, the flag
    assert "Mines left: 9" in text and "Session: 0 won, 1 lost" in text
    assert "Traceback" not in text


def test_a_line_too_long_at_the_level_prompt_is_asked_again() -> None:
    console = console_of(f"{LONG_LINE}\nbeginner\nq\n".encode())
    session = minesweeper.Session(console, minesweeper.Rules(), random.Random(7))
    assert minesweeper.run(session, None, 7) == 0
    assert said(console).count(TOO_LONG) == 1 and "(beginner, seed 7)" in said(console)


def test_a_line_too_long_changes_nothing_in_mondrian() -> None:
    first, *rest = SOLVED_BY
    console = console_of("".join(f"{line}\n" for line in [first, LONG_LINE, *rest]).encode())
    finish = mondrian.play(console, mondrian.chosen(PUBLISHED.puzzle))
    assert finish is not None and finish.moves == 8  # the game went on to the end
    assert said(console).count(TOO_LONG) == 1


def test_a_line_too_long_at_a_black_block_prompt_is_asked_again() -> None:
    console = console_of(f"{'4,3,v' * 400}\n4,3,v\n2,1,v\n8,5,h\n".encode())
    placed = mondrian.ask_black_blocks(console)
    assert placed is not None and len(placed) == 3
    assert said(console).count(TOO_LONG) == 1


# The end of the input in both games: said in one line, and no loss (only leaving is one)


def test_the_end_of_input_in_a_minesweeper_game_in_play_is_no_loss(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    try:
        _, text = mines(["r 5 5"], store)
        assert f"> \n{INPUT_ENDED_IN_PLAY}\nSession: 0 won, 0 lost\nBye!\n" in text
        assert store.minesweeper_records() == []  # not a loss: nothing is counted
    finally:
        store.close()


def test_the_end_of_input_before_the_first_reveal_says_nothing_of_a_game() -> None:
    _, text = mines([])
    assert text.endswith("> \nSession: 0 won, 0 lost\nBye!\n")


def test_the_end_of_input_leaves_a_mondrian_game_in_one_line() -> None:
    _, text = mondrian_game([SOLVED_BY[0]])
    assert text.endswith(f"> \n{INPUT_ENDED}\n")


def test_ctrl_c_in_minesweeper_is_no_loss(tmp_path: Path) -> None:
    class Interrupted(io.BytesIO):
        """Standard input at which the player presses Ctrl-C once the lines are read."""

        def readline(self, size: int | None = -1) -> bytes:
            line = super().readline(size)
            if not line:
                raise KeyboardInterrupt
            return line

    store = Store(tmp_path / "games.db")
    try:
        console = Console(Interrupted(b"r 5 5\n"), io.StringIO(), lambda: 100.0)
        session = minesweeper.Session(console, minesweeper.Rules(), random.Random(7), store=store)
        with pytest.raises(KeyboardInterrupt):
            minesweeper.run(session, level("beginner"), 7)
        assert store.minesweeper_records() == []  # not a loss: nothing is counted
    finally:
        store.close()
