"""A kept Minesweeper game watched again in the terminal: the board after each step, with the
step in the player's words and the game's clock as it was then, one step per Enter or all at
once. The steps and their words come from the mid-end (`midend.minesweeper.Replay`), as in
every shell; this module only draws them."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from gridpuzzles.midend.minesweeper import Replay
from gridpuzzles.minesweeper import view
from gridpuzzles.minesweeper.core.rendering import render_board


def watch(
    replay: Replay,
    say: Callable[[str], None],
    ask: Callable[[str], str | None] | None,
    color: bool = False,
    verdicts: Mapping[int, str] | None = None,
) -> None:
    """Show ``replay`` step by step: ``ask`` is called between steps (Enter goes on, ``q``
    stops; None from it, the end of input, stops too), or with no ``ask`` every step at
    once; ``verdicts``: the review's words of each judged step, by its number, said under
    it."""
    say(replay.heading)
    say(f"Start\n{render_board(view(replay.start), color)}")
    for frame in replay.frames:
        if ask is not None:
            answer = ask("Enter: next step, q: stop > ")
            if answer is None or answer.strip().lower() in ("q", "quit", "exit"):
                return
        game = frame.state
        said = replay.said(frame)
        if verdicts and frame.number in verdicts:
            said = f"{said}\n  Review: {verdicts[frame.number]}"
        say(f"{said}\n{render_board(view(game), color, game.exploded)}")
