"""A kept Minesweeper game watched again in the terminal: the board after each step, with the
step in the player's words and the game's clock as it was then, one step per Enter or all at
once. The steps come from the mid-end's replay (`midend.replay.frames`), as in every shell."""

from __future__ import annotations

from collections.abc import Callable

from gridpuzzles.midend import minesweeper as minesweeper_rules
from gridpuzzles.midend.minesweeper import play_of, step_words
from gridpuzzles.midend.replay import Frame, frames
from gridpuzzles.minesweeper import Game, Status, elapsed, view
from gridpuzzles.minesweeper.core.rendering import render_board
from gridpuzzles.minesweeper.core.settings import level_of
from gridpuzzles.storage import SavedGame

ENDINGS = {
    Status.WON: "won",
    Status.LOST: "lost",
    Status.PLAYING: "left unfinished",
}


def heading(saved: SavedGame, last: Game, steps: int) -> str:
    """The first line: which game, how it ended, and how many steps it took."""
    config = saved.config
    name = level_of(config) or f"{config.width}x{config.height}, {config.mines} mines"
    ending = ENDINGS[last.status]
    counted = "" if saved.counted else ", a chosen seed"
    return (
        f"Game {saved.id}: {name}, seed {saved.seed}{counted}, {ending}"
        f"{', assisted' if saved.assisted else ''}, {steps} step{'' if steps == 1 else 's'}"
    )


def frame_lines(frame: Frame[Game], steps: int, color: bool) -> str:
    """One step as the terminal shows it: what was done, when, and the board after it."""
    game = frame.state
    said = (
        f"Step {frame.number + 1} of {steps}, at {elapsed(game, frame.at):.1f} s: "
        f"{step_words(frame.text)}"
    )
    return f"{said}\n{render_board(view(game), color, game.exploded)}"


def watch(
    saved: SavedGame,
    say: Callable[[str], None],
    ask: Callable[[str], str | None] | None,
    color: bool = False,
) -> None:
    """Show ``saved`` step by step: ``ask`` is called between steps (Enter goes on, ``q``
    stops; None from it, the end of input, stops too), or with no ``ask`` every step at once.
    `midend.replay.ReplayError` for a log the rules cannot replay, before anything is shown."""
    start = play_of(saved.start())
    shown = list(frames(minesweeper_rules, start, saved.moves))
    last = shown[-1].state if shown else start.state
    steps = len(saved.moves)
    say(heading(saved, last, steps))
    say(f"Start\n{render_board(view(start.state), color)}")
    for frame in shown:
        if ask is not None:
            answer = ask("Enter: next step, q: stop > ")
            if answer is None or answer.strip().lower() in ("q", "quit", "exit"):
                return
        say(frame_lines(frame, steps, color))
