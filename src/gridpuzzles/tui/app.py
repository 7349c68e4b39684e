"""The Textual application: `gridpuzzles tui` and `mines play --tui`.

Each puzzle is a mode with its own screen stack; F2 and F3 switch between them.
"""

from __future__ import annotations

import os
import random
import sys
import time
from typing import Any

from textual.app import App
from textual.binding import Binding

from gridpuzzles.minesweeper.core.settings import Config, level
from gridpuzzles.storage import Store
from gridpuzzles.tui.dialogs import ConfirmLeave
from gridpuzzles.tui.minesweeper import Clock, MinesweeperScreen
from gridpuzzles.tui.mondrian import MondrianScreen

MODES = ("minesweeper", "mondrian")


class NoTerminalError(RuntimeError):
    """The app cannot be drawn here: no terminal on its input or output, or one that cannot
    draw it (``TERM=dumb``)."""


def terminal_problem() -> str | None:
    """Why the app cannot be drawn on this process's standard streams, or None."""
    term = os.environ.get("TERM", "")
    if term in ("", "dumb"):
        return f"the terminal (TERM={term or 'unset'}) cannot draw it"
    if sys.stdin is None or not sys.stdin.isatty():
        return "its standard input is not a terminal"
    if sys.stdout is None or not sys.stdout.isatty():
        return "its standard output is not a terminal"
    return None


class GridPuzzlesApp(App[None]):
    """Full-screen Minesweeper and Mondrian Blocks, over the pure cores."""

    TITLE = "gridpuzzles"
    BINDINGS = [
        Binding("f2", "switch_mode('minesweeper')", "Mines"),
        Binding("f3", "switch_mode('mondrian')", "Mondrian"),
    ]

    def __init__(
        self,
        config: Config | None = None,
        seed: int | None = None,
        clock: Clock = time.time,
        seeds: random.Random | None = None,
        start: str = "minesweeper",
        store: Store | None = None,
    ) -> None:
        """``store`` keeps finished games and the statistics; without one, none are kept."""
        super().__init__()
        self.config = config or level("beginner")
        self.seed = seed
        self.clock = clock
        self.seeds = seeds or random.Random(seed)
        self.start = start
        self.store = store
        self.minesweeper: MinesweeperScreen | None = None

    def run(self, *args: Any, **kwargs: Any) -> None:
        """Run the app in this terminal (or headless, as snapshot tests do); `NoTerminalError`
        when there is no terminal to draw it on (Textual would wait forever on a redirected
        input, writing escape codes meanwhile)."""
        problem = None if kwargs.get("headless") else terminal_problem()
        if problem is not None:
            raise NoTerminalError(problem)
        return super().run(*args, **kwargs)  # what the app exits with (a screenshot, say)

    def on_mount(self) -> None:
        self.add_mode("minesweeper", self._minesweeper)
        self.add_mode("mondrian", lambda: MondrianScreen(self.clock, self.seeds, store=self.store))
        self.switch_mode(self.start)

    def _minesweeper(self) -> MinesweeperScreen:
        self.minesweeper = MinesweeperScreen(
            self.config, self.seed, self.clock, self.seeds, store=self.store
        )
        return self.minesweeper

    async def action_quit(self) -> None:
        """Quit; a Minesweeper game in play (after its first reveal) is a loss, so the player
        is asked first (from Mondrian Blocks too) and the app goes on if they keep it."""
        if isinstance(self.screen, ConfirmLeave):
            return  # the question is on the screen already
        minesweeper = self.minesweeper
        if minesweeper is None:
            self.exit()
            return
        question = ConfirmLeave.QUESTION
        if self.current_mode != "minesweeper":
            question = "Quit and leave the Minesweeper game in play? It counts as a loss."
        minesweeper.confirm_leave(lambda _left: self.exit(), question)
