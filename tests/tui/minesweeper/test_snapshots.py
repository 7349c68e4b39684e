"""Snapshot tests of seeded screens: any change to what the player sees shows up here."""

import random
from typing import Any

from gridpuzzles.minesweeper import level, new_game, reveal
from gridpuzzles.tui.app import GridPuzzlesApp


def seeded(name: str, seed: int) -> GridPuzzlesApp:
    return GridPuzzlesApp(level(name), seed, clock=lambda: 0.0, seeds=random.Random(0))


def test_expert_in_80x24_after_an_opening(snap_compare: Any) -> None:
    assert snap_compare(
        seeded("expert", 3), press=["down"] * 8 + ["right"] * 15 + ["space"], terminal_size=(80, 24)
    )


def test_beginner_lost_in_a_big_terminal(snap_compare: Any) -> None:
    layout = reveal(new_game(level("beginner"), 5), 0, 0).layout
    assert layout is not None
    row, col = divmod(layout.mine_indices()[0], 9)
    keys = ["space", *["down"] * row, *["right"] * col, "space"]
    assert snap_compare(seeded("beginner", 5), press=keys, terminal_size=(100, 30))


def test_help_screen(snap_compare: Any) -> None:
    assert snap_compare(seeded("beginner", 5), press=["question_mark"], terminal_size=(100, 30))


def test_expert_probability_overlay_in_100x30(snap_compare: Any) -> None:
    keys = [*["down"] * 8, *["right"] * 15, "space", "o"]
    assert snap_compare(seeded("expert", 3), press=keys, terminal_size=(100, 30))
