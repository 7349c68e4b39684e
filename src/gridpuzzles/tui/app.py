"""The Textual application: `gridpuzzles tui` and `mines play --tui`.

Each puzzle is a mode with its own screen stack; F2 and F3 switch between them.
"""

from __future__ import annotations

import os
import random
import sqlite3
import sys
import time
from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.binding import Binding

from gridpuzzles.minesweeper.core.settings import Config, level
from gridpuzzles.mondrian.core.records import NOT_KEPT
from gridpuzzles.storage import Store
from gridpuzzles.tui.dialogs import ConfirmLeave
from gridpuzzles.tui.minesweeper.screen import Clock, MinesweeperScreen
from gridpuzzles.tui.mondrian.screen import MondrianScreen
from gridpuzzles.tui.statistics import StatsScreen
from gridpuzzles.tui.tables import HISTORY_SHOWN

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
        self.mondrian: MondrianScreen | None = None

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
        self.add_mode("mondrian", self._mondrian)
        self.switch_mode(self.start)

    def _minesweeper(self) -> MinesweeperScreen:
        self.minesweeper = MinesweeperScreen(
            self.config, self.seed, self.clock, self.seeds, store=self.store
        )
        return self.minesweeper

    def _mondrian(self) -> MondrianScreen:
        self.mondrian = MondrianScreen(self.clock, self.seeds, store=self.store)
        return self.mondrian

    def action_statistics(self) -> None:
        """Open the statistics (the records of every level, the latest games of both puzzles)
        kept in the store; a store that cannot be read is said on the Minesweeper screen, whose
        key (s) opens them."""
        if self.store is None:
            self.push_screen(StatsScreen(None))
            return
        from gridpuzzles.storage.mondrian_play import solved_games

        try:
            records, history = (
                self.store.minesweeper_records(),
                self.store.minesweeper_history(HISTORY_SHOWN),
            )
            solved = solved_games(self.store, HISTORY_SHOWN)
        except sqlite3.Error as error:
            if self.minesweeper is not None:
                self.minesweeper.say(f"cannot read the statistics: {error}")
            return
        self.push_screen(StatsScreen((records, history), self.store, solved))

    async def action_quit(self) -> None:
        """Quit, asking first about each game in play that quitting leaves (a Minesweeper game
        after its first reveal is a loss; a Mondrian game after its first block is not kept):
        the puzzle on the screen first, then the other one.  The app goes on if the player
        keeps either."""
        if isinstance(self.screen, ConfirmLeave):
            return  # the question is on the screen already
        if self.current_mode == "mondrian":
            self._leave_mondrian(lambda: self._leave_minesweeper(self.exit))
        else:
            self._leave_minesweeper(lambda: self._leave_mondrian(self.exit))

    def _leave_minesweeper(self, then: Callable[[], None]) -> None:
        """Do ``then`` once the player leaves the Minesweeper game in play, if there is one."""
        minesweeper = self.minesweeper
        if minesweeper is None:
            then()
            return
        question = ConfirmLeave.QUESTION
        if self.current_mode != "minesweeper":
            question = "Quit and leave the Minesweeper game in play? It counts as a loss."
        minesweeper.confirm_leave(lambda _left: then(), question)

    def _leave_mondrian(self, then: Callable[[], None]) -> None:
        """Do ``then`` once the player leaves the Mondrian game in play, if there is one."""
        mondrian = self.mondrian
        if mondrian is None:
            then()
            return
        if self.current_mode == "mondrian":
            mondrian.confirm_leave(then)
        else:
            question = f"Quit and leave the Mondrian Blocks game in play? {NOT_KEPT}"
            mondrian.confirm_leave(then, question)
