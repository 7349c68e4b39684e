"""A kept game of either puzzle watched again in the terminal: the board after each step, with
the step in the player's words and the game's clock as it was then, one step per Enter or all
at once. The steps and their words come from the mid-end (`midend.minesweeper.Replay`,
`midend.mondrian.Replay`), as in every shell; this module only draws them, each puzzle's board
as its line mode draws it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import TypeVar

from gridpuzzles.midend.minesweeper import Replay
from gridpuzzles.midend.mondrian import Replay as MondrianReplay
from gridpuzzles.midend.replay import WatchedGame
from gridpuzzles.minesweeper import Game, view
from gridpuzzles.minesweeper.core.rendering import render_board
from gridpuzzles.terminal.console import QUIT_WORDS
from gridpuzzles.terminal.mondrian import board_text

State = TypeVar("State")


def watch(
    replay: Replay | MondrianReplay,
    say: Callable[[str], None],
    ask: Callable[[str], str | None] | None,
    color: bool = False,
    verdicts: Mapping[int, str] | None = None,
) -> None:
    """Show ``replay`` step by step: ``ask`` is called between steps (Enter goes on, ``q``
    stops; None from it, the end of input, stops too), or with no ``ask`` every step at
    once; ``verdicts``: the review's words of each judged step, by its number, said under
    it."""
    if isinstance(replay, Replay):
        shown(replay, partial(_mines_board, color=color), say, ask, verdicts)
    else:
        shown(replay, partial(board_text, color=color), say, ask, verdicts)


def shown(
    replay: WatchedGame[State],
    draw: Callable[[State], str],
    say: Callable[[str], None],
    ask: Callable[[str], str | None] | None,
    verdicts: Mapping[int, str] | None = None,
) -> None:
    """`watch` for a game of any puzzle, whose board ``draw`` draws."""
    say(replay.heading)
    say(f"Start\n{draw(replay.start)}")
    for frame in replay.frames:
        if ask is not None:
            answer = ask("Enter: next step, q: stop > ")
            if answer is None or answer.strip().lower() in QUIT_WORDS:
                return
        said = replay.said(frame)
        if verdicts and frame.number in verdicts:
            said = f"{said}\n  Review: {verdicts[frame.number]}"
        say(f"{said}\n{draw(frame.state)}")


def _mines_board(game: Game, color: bool) -> str:
    """A Minesweeper board as line mode draws it, its exploded mine marked."""
    return render_board(view(game), color, game.exploded)
