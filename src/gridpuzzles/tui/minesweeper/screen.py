"""The Minesweeper screen: a status bar (mines left, face, timer), the board and a message line.

The screen keeps the game in play (`Play`: the current `Game`, what undo and redo reach and
whether the player had help) and moves it on through the mid-end (`stepped`); the cursor,
the message, the hint, the probability overlay and the tally are UI state. The moves played
(undo and redo included) are kept as a `SavedGame`; when the game ends it goes into the
store (when the app has one), which counts its result in the level's statistics, as it does
for the web app's games. An undo of the mine that lost a game plays it on: from then on each
move is stored as it is played. Leaving a game in play (after its first reveal, before its
end) costs a loss, so a new game, another level or quitting asks first (`ConfirmLeave`); the
answer is kept either way. The overlay and hints belong to one game, and mark it assisted
only once it has started.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from functools import partial

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.screen import Screen
from textual.widgets import Footer, Static

from gridpuzzles.midend import Rewind
from gridpuzzles.midend.minesweeper import advised, figures_of, logged_steps, play_of, stepped
from gridpuzzles.midend.play import Play
from gridpuzzles.minesweeper.core.game import Game, Mark, MoveError, Status, new_game
from gridpuzzles.minesweeper.core.grid import Cell, cell_of, cell_words
from gridpuzzles.minesweeper.core.moves import HELP, Action, Move, Step
from gridpuzzles.minesweeper.core.rendering import describe
from gridpuzzles.minesweeper.core.settings import Config
from gridpuzzles.minesweeper.core.view import HIDDEN, QUESTION, View, view
from gridpuzzles.minesweeper.solving.autoplay import ADVICE_ERRORS, Player, hint
from gridpuzzles.minesweeper.solving.insight import insight
from gridpuzzles.minesweeper.solving.noguess import NoGuessError, placement
from gridpuzzles.storage import (
    KeptGame,
    SavedGame,
    Store,
    level_key,
)
from gridpuzzles.tui.dialogs import ConfirmLeave, HelpScreen
from gridpuzzles.tui.minesweeper.bar import GameBar
from gridpuzzles.tui.minesweeper.board import MinesBoard, Overlay
from gridpuzzles.tui.minesweeper.dialogs import MINES_HELP, GameChoice, LevelMenu

OWNER = "tui"
"""The owner of the games this app stores (the web app keeps a token's digest there)."""
LEFT = "You left the game: it counts as a loss."
KEPT = "Still playing: the game goes on."
GAME_OVER = "The game is over: n starts a new one."
LOST_OVER = "The game is over: n starts a new one, u undoes the mine."
WON_KEPT = "This win is kept as it is: nothing can be undone."

Clock = Callable[[], float]


class MinesweeperScreen(Screen[None]):
    """Play Minesweeper with the mouse or the keyboard."""

    BINDINGS = [
        Binding("space,enter", "reveal", "Reveal", show=False),  # in the help: the footer
        Binding("f", "flag", "Flag", show=False),  # keeps room for F2 and F3 at 80 columns
        Binding("c", "chord", "Chord", show=False),
        Binding("u,ctrl+z", "rewind('undo')", "Undo", show=False),
        Binding("y,ctrl+y", "rewind('redo')", "Redo", show=False),  # the keys Mondrian has
        Binding("p", "auto_move", "Play"),
        Binding("i,H", "hint", "Hint"),
        Binding("o", "odds", "Odds"),
        Binding("s", "app.statistics", "Stats"),
        Binding("n", "new_game", "New"),
        Binding("L", "level_menu", "Level"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    MinesweeperScreen { layout: vertical; }
    #board-area { height: 1fr; align: center middle; }
    #message { height: 2; padding: 0 1; color: $text-muted; }
    """

    def __init__(
        self,
        config: Config,
        seed: int | None,
        clock: Clock,
        seeds: random.Random,
        *,
        store: Store | None = None,
    ) -> None:
        super().__init__()
        self.clock = clock
        self.seeds = seeds
        self.store = store
        self.tally = {Status.WON: 0, Status.LOST: 0}
        self.odds_shown = False
        self._begin(GameChoice(config, seed))

    def _begin(self, choice: GameChoice) -> None:
        """Set up a new game and its UI state (a random seed unless one was chosen)."""
        seed = choice.seed if choice.seed is not None else self.seeds.randrange(2**32)
        self.play = play_of(new_game(choice.config, seed, placement(choice.config)))
        self.kept = KeptGame(
            self.store,
            choice.config,
            seed,
            chosen=choice.seed is not None,
            owner=OWNER,
            created_at=self.clock(),
        )
        """The game as the store keeps it, with its steps (`KeptGame`)."""
        self.odds_shown = False  # the overlay belongs to one game
        self.player = Player(choice.config.first_click)
        self.hinted: int | None = None
        self.summary = ""
        """The end-of-game summary, shown until the next game."""

    @property
    def game(self) -> Game:
        """The game as it stands."""
        return self.play.state

    @property
    def record(self) -> SavedGame:
        """The game as the store keeps it: its moves (undo and redo included) so far, and
        assisted when the game in play is."""
        return self.kept.record(self.play)

    def _assisted(self) -> None:
        """The player asked for help in the game being played: it no longer counts as theirs.
        Before the first reveal help tells nothing the rules do not (the board is all hidden,
        the first click's rule known), so it marks nothing then (`advised`). Help that marks
        the game is a step of its log, as every step is kept (`_log`)."""
        self._log(HELP, self.clock(), advised(self.play))

    @property
    def in_play(self) -> bool:
        """Whether leaving the game now costs a loss (`Game.in_play`)."""
        return self.game.in_play

    def confirm_leave(
        self, then: Callable[[bool], None], question: str = ConfirmLeave.QUESTION
    ) -> None:
        """Leave the game and do ``then``, asking first when that costs a loss: the game is
        left (a loss) only when the player says so, else it goes on as it was. ``then`` is
        told whether a game in play was left."""
        if not self.in_play:
            then(False)
            return

        def answered(leave: bool | None) -> None:
            if leave:
                then(self.leave())
            else:
                self._draw(KEPT)

        self.app.push_screen(ConfirmLeave(question), answered)

    def leave(self) -> bool:
        """The player leaves the game (new game, other level, quit): once its first reveal
        is made and until it ends, it is a loss, in the session's tally and in the store.
        Whether it was such a loss."""
        if not self.in_play:
            return False
        self.tally[Status.LOST] += 1
        self._tell_failure(self.kept.leave(self.play, self.clock()))
        return True

    def compose(self) -> ComposeResult:
        yield GameBar(id="bar")
        with ScrollableContainer(id="board-area"):
            yield MinesBoard(view(self.game), id="board")
        yield Static(id="message")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.set_interval(0.5, self._draw_bar)
        self.board.focus()
        self.watch(self.board, "cursor", self._cursor_moved, init=False)
        self._draw()

    def _cursor_moved(self) -> None:
        """With the overlay on, say the mine chance of the cell under the cursor."""
        odds = self.board.odds()
        if odds is not None:
            self.say(odds)

    def on_resize(self) -> None:
        self.board.fit(self.query_one("#board-area").size)

    @property
    def board(self) -> MinesBoard:
        return self.query_one(MinesBoard)

    def _draw(self, message: str = "") -> None:
        shown = view(self.game)
        try:
            overlay = self._overlay(shown)
        except ADVICE_ERRORS as error:
            self.odds_shown = False
            overlay = Overlay(self.hinted)
            message = f"no probabilities: {error}"
        self.board.show(shown, self.game.exploded, overlay)
        self.board.fit(self.query_one("#board-area").size)
        self._draw_bar()
        self.say(message or self.summary or self.board.odds() or self._describe())

    def say(self, message: str | Text) -> None:
        """Put ``message`` on the screen's message line (read out by a screen reader)."""
        self.query_one("#message", Static).update(message)

    def _overlay(self, shown: View) -> Overlay:
        """The hinted cell and, while asked for, each hidden cell's mine probability, its
        dead cells and unavoidable 50/50s; raises what the solver raises on a view beyond it
        (`SolverLimitError`)."""
        if not self.odds_shown or self.game.over:
            return Overlay(self.hinted)
        sight = insight(shown, self.game.config.mines, cache=self.player.cache, score=False)
        analysis = sight.analysis
        hidden = [i for i, symbol in enumerate(shown.cells) if symbol in (HIDDEN, QUESTION)]
        # The cells of a group share one weight: one division (of integers of thousands of
        # digits on a large board) a group, the groups told apart by identity, not by hashing.
        weights = analysis.weights
        groups = [id(weights[index]) for index in hidden]
        first = dict(zip(groups, hidden, strict=True))
        chance = {group: analysis.chance(index) for group, index in first.items()}
        chances = dict(zip(hidden, map(chance.__getitem__, groups), strict=True))
        return Overlay(self.hinted, chances, sight.dead, sight.fifty_fifty)

    def _draw_bar(self) -> None:
        self.query_one(GameBar).show(self.play, self.clock())

    def _describe(self) -> str:
        name = level_key(self.game.config)  # "no-guess" after it for no-guess boards
        seed = f"seed {self.game.seed}"
        if self.store is not None and not self.record.counted:
            seed += " (chosen: not in the statistics)"
        won, lost = self.tally[Status.WON], self.tally[Status.LOST]
        return f"{name}, {seed} | won {won}, lost {lost} | ? for help"

    def play_move(self, move: Move, note: str = "", helped: bool = False) -> None:
        """Play ``move`` through the core and show ``note``; a refused move only shows why.
        ``helped``: the move is the auto-player's."""
        if self._ended():
            return
        now = self.clock()
        try:
            # (the overlay on from before the first reveal helps from the first reveal on)
            after = stepped(self.play, move, now, helped=helped or self.odds_shown)
        except (MoveError, NoGuessError) as error:
            self.say(str(error))
            return
        self.hinted = None
        self._log(move, now, after)
        game = after.state
        if game.over:
            self.tally[game.status] += 1
            best = self._best_time()
            self._keep()
            self.summary = self._summary(now, best)
            note = f"{note}. {self.summary}" if note else ""  # the end is said, not hidden
        self._draw(note)

    def _best_time(self) -> float | None:
        """The best unassisted time kept for this game's level and rule, before this game."""
        if self.store is None:
            return None
        config = self.game.config
        try:
            records = self.store.minesweeper_records()
        except sqlite3.Error:
            return None
        times = [
            r.best_times[0].seconds
            for r in records
            if r.level == level_key(config) and r.first_click is config.first_click and r.best_times
        ]
        return min(times, default=None)

    def _kept(self) -> bool:
        """Whether this game's result goes into the records (a store, and no chosen seed)."""
        return self.kept.counted

    def _summary(self, now: float, best: float | None) -> str:
        """What the end of the game in play says: won or lost, the figures (on its clock,
        `figures_of`), and a new best time."""
        game, numbers = self.game, figures_of(self.play, now)
        won = game.status is Status.WON
        if won:
            verdict = "You won!"
        elif game.exploded is not None:
            where = cell_words(cell_of(game.width, game.exploded))
            verdict = f"Boom! You lost: a mine at {where}."
        else:
            verdict = "You lost."
        text = f"{verdict} {numbers.elapsed:.1f} s, 3BV {numbers.three_bv}, {numbers.clicks} clicks"
        if won and self.record.assisted:
            text += " (assisted: not a record)."
        elif won and self._kept() and (best is None or numbers.elapsed < best):
            text += " - a new best time!"
        else:
            text += "."
        return f"{text} {GAME_OVER if won else LOST_OVER}"

    def action_rewind(self, step: str) -> None:
        """Undo the latest move (also the mine that lost the game, which takes back the loss)
        or redo the latest undo. Once the game has started, either is help: it is assisted."""
        rewind = Rewind(step)
        if self.game.status is Status.WON:
            self.say(WON_KEPT)
            return
        now = self.clock()
        try:
            after = stepped(self.play, rewind, now)
        except MoveError as error:
            self.say(str(error))
            return
        was_over, self.hinted = self.game.over, None
        self._log(rewind, now, after)
        if was_over:  # the mine is undone: the loss counted is taken back
            self.tally[Status.LOST] -= 1
            self.summary = ""
        if self.game.over:  # redone into the mine
            self.tally[Status.LOST] += 1
            self.summary = self._summary(self.clock(), None)
            self._keep()
        self._draw(f"{'Undone' if rewind is Rewind.UNDO else 'Redone'}: this game is assisted.")

    def _log(self, step: Step, at: float, after: Play[Game]) -> None:
        """Keep ``step``, made at ``at``, that led to ``after``, as the lines it takes in the
        log (`logged_steps`: with a help line after a move made with help; none for help
        that marked nothing): in the game's record, and in the store at once when the game
        is stored already (its mine was undone)."""
        steps, self.play = logged_steps(self.play, step, after), after
        self._tell_failure(self.kept.log(steps, at, after))

    def _keep(self) -> None:
        """Store the game that just ended, with its moves; the store counts its result."""
        self._tell_failure(self.kept.keep(self.play))

    def _tell_failure(self, said: str | None) -> None:
        """Show what the store said when it failed (the game goes on either way)."""
        if said is not None:
            self.notify(said, severity="error")

    def left_click(self, cell: Cell) -> None:
        """Reveal a hidden cell; on a revealed number, chord."""
        action = Action.CHORD if self.game.mark(*cell) is Mark.REVEALED else Action.REVEAL
        self.play_move(Move(action, *cell))

    @on(MinesBoard.CellClicked)
    def clicked(self, event: MinesBoard.CellClicked) -> None:
        if event.button == 3 or (event.button == 1 and event.shift):
            self.play_move(Move(Action.FLAG, *event.cell))
        elif event.button == 1:
            self.left_click(event.cell)

    def action_reveal(self) -> None:
        self.left_click(self.board.cursor)

    def action_flag(self) -> None:
        self.play_move(Move(Action.FLAG, *self.board.cursor))

    def action_chord(self) -> None:
        self.play_move(Move(Action.CHORD, *self.board.cursor))

    def _ended(self) -> bool:
        """Whether the game is over; then the end of the game is said again (for a key that
        has nothing left to do)."""
        if self.game.over:
            self.say(self.summary)
        return self.game.over

    def action_auto_move(self) -> None:
        """Let the auto-player choose one move from what the board shows, and play it."""
        if self._ended():
            return
        try:
            move = self.player.next_move(view(self.game), self.game.config.mines)
        except ADVICE_ERRORS as error:
            self.say(f"the auto-player has no move: {error}")
            return
        self.board.cursor = (move.row, move.col)
        self.play_move(move, f"auto-player: {describe(move)}", helped=True)

    def action_hint(self) -> None:
        """Mark the safest cell and move the cursor there; say how safe it is."""
        if self._ended():
            return
        try:
            advice = hint(view(self.game), self.game.config.mines, self.game.config.first_click)
        except ADVICE_ERRORS as error:
            self.say(f"no hint: {error}")
            return
        row, col = advice.cell
        self._assisted()
        self.hinted = row * self.game.width + col
        self.board.cursor = advice.cell
        self._draw(f"Hint: {advice}")

    def action_odds(self) -> None:
        """Show or hide each hidden cell's mine probability."""
        self.odds_shown = not self.odds_shown
        if self.odds_shown:
            self._assisted()
        self._draw()

    def action_new_game(self) -> None:
        """A new game of the same level (asked first when the game in play would be lost)."""
        self.confirm_leave(partial(self.start, GameChoice(self.game.config)))

    def start(self, choice: GameChoice, left: bool = False) -> None:
        """Start the game the player chose (the one being played was left: a loss if
        ``left``)."""
        self._begin(choice)
        self._draw(LEFT if left else "")

    def action_level_menu(self) -> None:
        def chosen(choice: GameChoice | None) -> None:
            if choice is not None:
                self.confirm_leave(partial(self.start, choice))

        self.app.push_screen(LevelMenu(self.game.config), chosen)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(MINES_HELP))
