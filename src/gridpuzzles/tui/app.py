"""The Textual application: `gridpuzzles tui` and `mines play --tui`."""

from __future__ import annotations

import random
import time

from textual.app import App

from gridpuzzles.minesweeper.settings import Config, level
from gridpuzzles.tui.minesweeper import Clock, MinesweeperScreen


class GridPuzzlesApp(App[None]):
    """Full-screen Minesweeper, over the pure core."""

    TITLE = "gridpuzzles"

    def __init__(
        self,
        config: Config | None = None,
        seed: int | None = None,
        clock: Clock = time.monotonic,
        seeds: random.Random | None = None,
    ) -> None:
        super().__init__()
        self.config = config or level("beginner")
        self.seed = seed
        self.clock = clock
        self.seeds = seeds or random.Random(seed)

    def on_mount(self) -> None:
        self.push_screen(MinesweeperScreen(self.config, self.seed, self.clock, self.seeds))
