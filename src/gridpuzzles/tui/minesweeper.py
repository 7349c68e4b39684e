"""The Minesweeper screen: a status bar (mines left, face, timer), the board and a message line.

The screen keeps the current `Game` and replaces it with what the pure core returns; the
cursor, the message and the tally are UI state.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer
from textual.screen import Screen
from textual.widgets import Footer, Static

from gridpuzzles.minesweeper.grid import Cell
from gridpuzzles.minesweeper.rules import (
    Game,
    IllegalMoveError,
    Mark,
    Status,
    chord,
    figures,
    new_game,
    reveal,
    toggle_flag,
)
from gridpuzzles.minesweeper.settings import Config, level_of
from gridpuzzles.minesweeper.view import view
from gridpuzzles.tui.board import MinesBoard, Overlay
from gridpuzzles.tui.dialogs import MINES_HELP, HelpScreen, LevelMenu

FACES = {Status.PLAYING: ":-)", Status.WON: "B-)", Status.LOST: "X-("}

Clock = Callable[[], float]


class MinesweeperScreen(Screen[None]):
    """Play Minesweeper with the mouse or the keyboard."""

    BINDINGS = [
        Binding("space,enter", "reveal", "Reveal"),
        Binding("f", "flag", "Flag"),
        Binding("c", "chord", "Chord"),
        Binding("n", "new_game", "New"),
        Binding("L", "level_menu", "Level"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    MinesweeperScreen { layout: vertical; }
    #bar { height: 1; padding: 0 1; }
    #mines-left, #timer { width: 1fr; color: #ff3030; text-style: bold; }
    #timer { text-align: right; }
    #face { width: 7; text-align: center; text-style: bold; }
    #board-area { height: 1fr; align: center middle; }
    #message { height: 1; padding: 0 1; color: $text-muted; }
    """

    def __init__(
        self, config: Config, seed: int | None, clock: Clock, seeds: random.Random
    ) -> None:
        super().__init__()
        self.clock = clock
        self.seeds = seeds
        self.game = new_game(config, seed if seed is not None else seeds.randrange(2**32))
        self.tally = {Status.WON: 0, Status.LOST: 0}

    def compose(self) -> ComposeResult:
        with Horizontal(id="bar"):
            yield Static(id="mines-left")
            yield Static(id="face")
            yield Static(id="timer")
        with ScrollableContainer(id="board-area"):
            yield MinesBoard(view(self.game), id="board")
        yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.set_interval(0.5, self._draw_bar)
        self.board.focus()
        self._draw()

    def on_resize(self) -> None:
        self.board.fit(self.query_one("#board-area").size)

    @property
    def board(self) -> MinesBoard:
        return self.query_one(MinesBoard)

    def _draw(self, message: str = "") -> None:
        self.board.show(view(self.game), self.game.exploded, Overlay())
        self.board.fit(self.query_one("#board-area").size)
        self._draw_bar()
        self.query_one("#message", Static).update(message or self._describe())

    def _draw_bar(self) -> None:
        numbers = figures(self.game, self.clock())
        self.query_one("#mines-left", Static).update(f"Mines {numbers.mines_left:03d}")
        self.query_one("#face", Static).update(FACES[self.game.status])
        self.query_one("#timer", Static).update(f"Time {min(int(numbers.elapsed), 999):03d}")

    def _describe(self) -> str:
        name = (
            level_of(self.game.config)
            or f"{self.game.width}x{self.game.height}/{self.game.config.mines}"
        )
        won, lost = self.tally[Status.WON], self.tally[Status.LOST]
        return f"{name}, seed {self.game.seed} | won {won}, lost {lost} | ? for help"

    def apply(self, action: Callable[[Game, int, int, float], Game], cell: Cell) -> None:
        """Apply one core action to ``cell``; a refused move only shows why."""
        try:
            game = action(self.game, cell[0], cell[1], self.clock())
        except IllegalMoveError as error:
            self.query_one("#message", Static).update(str(error))
            return
        self.game = game
        message = ""
        if game.over:
            self.tally[game.status] += 1
            numbers = figures(game, self.clock())
            verdict = "You won!" if game.status is Status.WON else "Boom! You hit a mine."
            message = f"{verdict} {numbers.elapsed:.1f} s, 3BV {numbers.three_bv}, {numbers.clicks} clicks - n for a new game"
        self._draw(message)

    def left_click(self, cell: Cell) -> None:
        """Reveal a hidden cell; on a revealed number, chord."""
        if (
            self.game.layout is not None
            and self.game.marks[cell[0] * self.game.width + cell[1]] == Mark.REVEALED
        ):
            self.apply(chord, cell)
        else:
            self.apply(reveal, cell)

    @on(MinesBoard.CellClicked)
    def clicked(self, event: MinesBoard.CellClicked) -> None:
        if event.button == 3 or (event.button == 1 and event.shift):
            self.apply(toggle_flag, event.cell)
        elif event.button == 1:
            self.left_click(event.cell)

    def action_reveal(self) -> None:
        self.left_click(self.board.cursor)

    def action_flag(self) -> None:
        self.apply(toggle_flag, self.board.cursor)

    def action_chord(self) -> None:
        self.apply(chord, self.board.cursor)

    def action_new_game(self) -> None:
        self.start(self.game.config, None)

    def start(self, config: Config, seed: int | None) -> None:
        self.game = new_game(config, seed if seed is not None else self.seeds.randrange(2**32))
        self._draw()

    def action_level_menu(self) -> None:
        def chosen(choice: tuple[Config, int | None] | None) -> None:
            if choice is not None:
                self.start(*choice)

        self.app.push_screen(LevelMenu(self.game.config), chosen)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(MINES_HELP))
