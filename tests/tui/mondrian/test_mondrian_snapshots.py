"""Snapshot tests of the Mondrian Blocks screen on a seeded challenge with a stopped clock: any
change to what the player sees shows up here.  The game in progress at 100x30 is the README's
picture (scripts/screenshots.sh copies it to docs/tui-mondrian.svg)."""

import random
from typing import Any

from gridpuzzles.mondrian.core.challenges import find_published
from gridpuzzles.mondrian.core.game import Cell, new_game, place
from gridpuzzles.mondrian.solving.solutions import first_solution
from gridpuzzles.tui.app import GridPuzzlesApp
from tests.tui.mondrian.test_mondrian_play import arrows, keys_to_put

FIRST = "001561130"
"""The challenge the app starts on with seeds from ``random.Random(0)``: blue, easy no. 6."""


def seeded() -> GridPuzzlesApp:
    return GridPuzzlesApp(clock=lambda: 0.0, seeds=random.Random(0), start="mondrian")


def keys_putting(count: int) -> tuple[list[str], Cell]:
    """The keys that put the first ``count`` blocks of the solution down, and where the
    cursor ends."""
    puzzle = find_published(FIRST).puzzle
    solution = first_solution(puzzle)
    assert solution is not None
    game, cursor, keys = new_game(puzzle), (0, 0), []
    for placement in [p for p in solution if p not in puzzle.fixed][:count]:
        keys += keys_to_put(game, cursor, placement)
        game, cursor = place(game, placement), (placement.row, placement.col)
    return keys, cursor


def test_a_game_in_progress_with_a_block_that_fits(snap_compare: Any) -> None:
    keys, cursor = keys_putting(4)
    keys += ["5", *arrows(cursor, (4, 1))]  # the 2x3 where it fits
    assert snap_compare(seeded(), press=keys, terminal_size=(100, 30))


def test_a_block_that_does_not_fit_in_80x24(snap_compare: Any) -> None:
    keys, cursor = keys_putting(3)
    keys += ["1", *arrows(cursor, (4, 3))]  # the 3x4 over the black 1x2
    assert snap_compare(seeded(), press=keys, terminal_size=(80, 24))


def test_a_big_terminal_centres_larger_cells(snap_compare: Any) -> None:
    assert snap_compare(seeded(), press=keys_putting(2)[0], terminal_size=(120, 40))


def test_a_small_terminal(snap_compare: Any) -> None:
    assert snap_compare(seeded(), press=[*keys_putting(2)[0], "3"], terminal_size=(40, 12))


def test_a_solved_board(snap_compare: Any) -> None:
    assert snap_compare(seeded(), press=keys_putting(8)[0], terminal_size=(100, 30))


def test_the_challenge_menu(snap_compare: Any) -> None:
    assert snap_compare(seeded(), press=["n"], terminal_size=(80, 24))


def test_the_help(snap_compare: Any) -> None:
    assert snap_compare(seeded(), press=["question_mark"], terminal_size=(80, 24))


def test_editing_the_black_blocks(snap_compare: Any) -> None:
    assert snap_compare(seeded(), press=["e", "down", "enter", "right"], terminal_size=(80, 24))
