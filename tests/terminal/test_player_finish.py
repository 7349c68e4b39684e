"""The line-mode games as a demanding player finds them (issues 33 and 43): Mondrian Blocks
counts cells from 1, row first, in what it draws, reads and says, as every shell does; help
and quit work at every prompt; the tray keeps each block's number; an assisted Minesweeper win
says so."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from gridpuzzles.minesweeper import level, new_game
from gridpuzzles.mondrian.core.notation import parse_typed_fixed
from gridpuzzles.terminal.mondrian import Quit, ask_black_blocks, chosen, play, run
from tests.minesweeper.boards import winning_reveals
from tests.terminal.test_minesweeper import play_script, typed
from tests.terminal.test_mondrian import EXAMPLE, PUBLISHED, said, solution_lines, terminal

# Mondrian Blocks: one count of cells, from 1, row first, as typed and as every shell says it

COLUMN_FIRST = re.compile(r"\bcolumn \d+, row \d+|\b[XY]\b")
"""A cell said column first (as the line mode did before issue 43), or X and Y: never said."""


def test_the_messages_name_cells_as_typed_and_drawn_from_1() -> None:
    one = next(p for p in PUBLISHED.puzzle.fixed if p.block.area == 1)  # the black 1x1
    term = terminal(f"lift {one.row + 1},{one.col + 1}", "quit")
    assert run(term, chosen(PUBLISHED.puzzle))
    said_cell = f"row {one.row + 1}, column {one.col + 1}"
    assert f"the black 1x1 block at {said_cell} is part of" in said(term)


def test_the_black_block_prompts_name_cells_as_typed() -> None:
    term = terminal(EXAMPLE[0], EXAMPLE[1], "8,8,h", EXAMPLE[2])
    assert ask_black_blocks(term) is not None
    refusal = next(line for line in said(term).splitlines() if "try again" in line)
    assert "the 1x3 block at row 8, column 8, horizontal, leaves the 8x8 board" in refusal
    assert not COLUMN_FIRST.search(said(term)), said(term)


def test_a_hint_names_its_cells_as_its_notation_does() -> None:
    term = terminal("hint", "quit")
    run(term, chosen(PUBLISHED.puzzle))
    line = next(line for line in said(term).splitlines() if "Hint: " in line)
    found = re.search(r"at row (\d+), column (\d+).*\((\S+)\)$", line)
    assert found is not None, line
    placement = parse_typed_fixed(found[3])
    assert (int(found[1]), int(found[2])) == (placement.row + 1, placement.col + 1)


def test_no_message_of_a_game_says_a_cell_column_first() -> None:
    one = next(p for p in PUBLISHED.puzzle.fixed if p.block.area == 1)
    lines = ["2x2:10,10,h", "lift 4,4", f"lift {one.row + 1},{one.col + 1}", "1x4:1,1,h"]
    lines += ["1x4:1,1,v", "hint", "lift 1x4", "1x5:1,1,h", "hint", "help"]
    term = terminal(*lines, "quit", "y")
    run(term, chosen(PUBLISHED.puzzle))
    out = said(term)
    assert "row 10, column 10 is off the board" in out
    assert "that block is already on the board: the 1x4 block at row 1, column 1" in out
    assert not COLUMN_FIRST.search(out), out


PROMPTS = {
    "the 1x1 black block": (),
    "the 1x2 black block": EXAMPLE[:1],
    "the 1x3 black block": EXAMPLE[:2],
    "a move": EXAMPLE,
    "a move after a refusal": (*EXAMPLE, "2x2:10,10,h"),
    "a move once a block is down": (*EXAMPLE, "1x5:1,1,h"),
}
"""What is typed to reach each prompt of a game the player makes (the prompts ask first)."""


@pytest.mark.parametrize("before", PROMPTS.values(), ids=PROMPTS.keys())
def test_help_and_quit_work_at_every_prompt(before: tuple[str, ...]) -> None:
    term = terminal(*before, "help", "?", "q")
    assert run(term, None)
    out = said(term)
    helps = out.count("help: this help; quit: leave.") + out.count("help            this help")
    assert helps == 2
    assert "try again" not in out and "unknown command" not in out
    assert out.rstrip().endswith("Bye!")
    for word in ("quit", "QUIT", "exit"):
        term = terminal(*before, word)
        assert run(term, None)
        assert said(term).rstrip().endswith("Bye!")


def test_the_end_of_the_input_before_the_black_blocks_is_no_game() -> None:
    term = terminal(*EXAMPLE[:2])
    assert not run(term, None)
    assert "Bye!" not in said(term)


@pytest.mark.parametrize("before", PROMPTS.values(), ids=PROMPTS.keys())
def test_quit_at_every_prompt_leaves_the_program_with_status_0(before: tuple[str, ...]) -> None:
    typed = "".join(f"{line}\n" for line in (*before, "help", "q", "never read"))
    done = subprocess.run(
        [str(Path(sys.executable).parent / "mondrian"), "play"],
        input=typed,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.rstrip().endswith("Bye!")


def test_play_lets_quit_go_to_the_one_place_that_says_goodbye() -> None:
    term = terminal("quit")
    with pytest.raises(Quit):
        play(term, chosen(PUBLISHED.puzzle))
    assert "Bye!" not in said(term)


def test_the_tray_keeps_each_blocks_number() -> None:
    first, second, *_ = solution_lines(PUBLISHED.puzzle)
    term = terminal(first, second, "quit")
    run(term, chosen(PUBLISHED.puzzle))
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
    text = play_script(["h", *(typed("r", cell) for cell in cells), "n", "q"])
    assert "You won in " in text and "Assisted" not in text
    helped = play_script(["r 5 5", "h", *(typed("r", cell) for cell in cells[1:]), "n", "q"])
    assert "You won in " in helped and "Assisted: the auto-player or a hint helped" in helped
