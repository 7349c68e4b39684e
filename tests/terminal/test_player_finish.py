"""The line-mode games as a demanding player finds them (issue 33): Mondrian Blocks counts
cells from 0 in what it draws, reads and says; help and quit work at every prompt; the tray
keeps each block's number; an assisted Minesweeper win says so."""

from __future__ import annotations

import re

import pytest

from gridpuzzles.minesweeper import level, new_game
from gridpuzzles.mondrian.core.notation import parse_fixed
from gridpuzzles.terminal.mondrian import ask_black_blocks, ask_challenge, chosen, in_shell, play
from tests.minesweeper.boards import winning_reveals
from tests.terminal.test_minesweeper import play_script
from tests.terminal.test_mondrian import EXAMPLE, PUBLISHED, said, solution_lines, terminal

# Mondrian Blocks: one count of cells, from 0


def test_the_messages_name_cells_as_typed_and_drawn_from_0() -> None:
    one = next(p for p in PUBLISHED.puzzle.fixed if p.block.area == 1)  # the black 1x1
    term = terminal(f"lift {one.col},{one.row}", "quit")
    assert play(term, chosen(PUBLISHED.puzzle)) is None
    assert f"the black 1x1 block at row {one.row}, column {one.col} is part of" in said(term)


def test_the_black_block_prompts_name_cells_as_typed() -> None:
    term = terminal(EXAMPLE[0], EXAMPLE[1], "7,7,h", EXAMPLE[2])
    assert ask_black_blocks(term) is not None
    refusal = next(line for line in said(term).splitlines() if "try again" in line)
    assert "row 7, column 7" in refusal and "row 8" not in refusal, refusal


def test_a_hint_names_its_cell_as_its_notation_does() -> None:
    term = terminal("hint", "quit")
    play(term, chosen(PUBLISHED.puzzle))
    line = next(line for line in said(term).splitlines() if "Hint: " in line)
    found = re.search(r"row (\d+), column (\d+).*\((\S+)\)$", line)
    assert found is not None, line
    placement = parse_fixed(found[3])
    assert (int(found[1]), int(found[2])) == (placement.row, placement.col)


def test_in_shell_counts_the_cores_cells_from_0() -> None:
    assert in_shell("no block at row 1, column 8; the board has 8 rows and 8 columns") == (
        "no block at row 0, column 7; the board has 8 rows and 8 columns"
    )


def test_help_and_quit_work_at_the_black_block_prompts() -> None:
    term = terminal("help", "?", *EXAMPLE)
    assert ask_black_blocks(term) is not None
    out = said(term)
    assert out.count("Place the three black blocks, one at each prompt") == 2
    assert "try again" not in out
    for word in ("q", "quit", "QUIT"):
        term = terminal(EXAMPLE[0], word)
        with pytest.raises(SystemExit) as ended:
            ask_challenge(term)
        assert ended.value.code == 0
        assert said(term).rstrip().endswith("Bye.")


def test_the_tray_keeps_each_blocks_number() -> None:
    first, second, *_ = solution_lines(PUBLISHED.puzzle)
    term = terminal(first, second, "quit")
    play(term, chosen(PUBLISHED.puzzle))
    trays = [line for line in said(term).splitlines() if line.startswith("Tray: ")]
    numbered = [dict(re.findall(r"(\d)\. (\d+x\d+)", tray)) for tray in trays]
    assert len(numbered[0]) == 8 and len(numbered[1]) == 7 and len(numbered[2]) == 6
    for later in numbered[1:]:
        assert all(numbered[0][number] == block for number, block in later.items())


# Minesweeper: an assisted win says so


def test_a_win_with_the_auto_player_says_it_was_assisted() -> None:
    text = play_script(["p"] * 60 + ["n", "q"])
    assert "You won in " in text
    assert "Assisted: the auto-player or a hint helped" in text


def test_a_win_of_ones_own_has_no_assisted_note_a_hint_before_the_first_reveal_included() -> None:
    cells = winning_reveals(new_game(level("beginner"), 7), (4, 4))
    text = play_script(["h", *(f"r {row} {col}" for row, col in cells), "n", "q"])
    assert "You won in " in text and "Assisted" not in text
    helped = play_script(["r 4 4", "h", *(f"r {row} {col}" for row, col in cells[1:]), "n", "q"])
    assert "You won in " in helped and "Assisted: the auto-player or a hint helped" in helped
