"""Solver settings are values passed down: a variant plays differently, in every process."""

from __future__ import annotations

from dataclasses import replace

from gridpuzzles.minesweeper.core.settings import FirstClick, level
from gridpuzzles.minesweeper.solving.benchmark import Result, play_boards, random_boards
from gridpuzzles.minesweeper.solving.settings import DEFAULT_SETTINGS

LOOKAHEAD_ALONE = replace(DEFAULT_SETTINGS, secondary_first=False)
"""A variant known to play differently from the default on the boards below."""


def outcomes(results: list[Result]) -> list[tuple[bool, int, int]]:
    """Each game's win, guesses and moves (its time left out)."""
    return [(r.won, r.guesses, r.moves) for r in results]


def test_a_variant_plays_the_same_in_worker_processes_and_differently_from_the_default() -> None:
    boards = random_boards(level("expert", FirstClick.SAFE), 4, 3)
    default = outcomes(play_boards(boards))
    alone = outcomes(play_boards(boards, settings=LOOKAHEAD_ALONE))
    shared = outcomes(play_boards(boards, jobs=2, settings=LOOKAHEAD_ALONE))
    assert alone != default
    assert shared == alone


def test_a_variant_leaves_the_default_play_of_later_games_as_it_was() -> None:
    boards = random_boards(level("expert", FirstClick.SAFE), 4, 3)
    before = outcomes(play_boards(boards))
    assert outcomes(play_boards(boards, settings=LOOKAHEAD_ALONE)) != before
    assert outcomes(play_boards(boards)) == before
    assert DEFAULT_SETTINGS.secondary_first
