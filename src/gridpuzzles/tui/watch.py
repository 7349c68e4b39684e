"""A kept Minesweeper game watched again in the full-screen app, step by step: the board as it
was after each step, the clock as it stood then, and the step in words, as `gridpuzzles
replay` shows it in line mode.

The steps and their words are the mid-end's (`midend.minesweeper.Replay`, which the store
gives: `SavedGame.watched`); this screen only draws them and keeps the pace. The statistics
screen opens it on one of the latest games (`watchable`); a game still being played is never
shown.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from gridpuzzles.midend.minesweeper import Replay, parse_step
from gridpuzzles.minesweeper import Game, Move, view
from gridpuzzles.storage import StorageError, Store
from gridpuzzles.tui.bar import GameBar
from gridpuzzles.tui.board import MinesBoard, Overlay

SPEEDS = (1, 2, 4, 8)
"""How many times faster than it was played the game can play by itself."""
FIRST_PAUSE = 0.5
"""The wait before the first step when the game plays by itself, in the game's seconds: the
time before it is no game time (the clock starts with the first reveal)."""
LONGEST_PAUSE = 5.0
"""The longest wait between two steps when the game plays by itself, in the game's seconds
(before the speed): a player who thought for minutes changed nothing meanwhile, and the
watcher would stare at the same board."""
KEYS = "home, end · 1 2 4 8: speed"
"""The keys the footer leaves out (it shows the arrows, space and escape): with the longest
state before them, a line of 80 columns."""


class CannotWatch(Exception):
    """Why a kept game cannot be watched, in words."""


def watchable(store: Store, game_id: str) -> Replay:
    """The kept Minesweeper game ``game_id`` to watch again; `CannotWatch` saying why not:
    it is no longer kept, it is still being played (which the statistics never list, but an
    undo of its mine in another shell plays it on), or its log cannot be read or replayed."""
    try:
        saved = store.load_game(game_id)
        replay = None if saved is None else saved.watched()
    except (StorageError, ValueError) as error:  # a line unread or refused (`ReplayError`)
        raise CannotWatch(f"game {game_id} cannot be shown: {error}") from None
    if replay is None:
        raise CannotWatch(f"game {game_id} is no longer kept")
    if replay.in_play:
        raise CannotWatch(f"game {game_id} is still being played: watch it once it ends")
    return replay


def pause_before(replay: Replay, position: int) -> float:
    """The game's own wait before step ``position`` (from 1), in its seconds: the time
    between that step and the one before it, at most `LONGEST_PAUSE`; `FIRST_PAUSE` before
    the first."""
    if position <= 1:
        return FIRST_PAUSE
    made, before = replay.frames[position - 1].at, replay.frames[position - 2].at
    return min(max(made - before, 0.0), LONGEST_PAUSE)


class WatchScreen(Screen[None]):
    """A kept game step by step: its start (position 0), then the game after each step
    (position N is after step N), moved on by the keys or playing by itself."""

    AUTO_FOCUS = ""  # no widget takes the keys: the arrows step the game, not the board's cursor
    BINDINGS = [
        Binding("left", "step(-1)", "Back", priority=True),
        Binding("right", "step(1)", "Next", priority=True),
        Binding("home", "go(0)", "Start", show=False, priority=True),
        Binding("end", "go_to_end", "End", show=False, priority=True),
        Binding("space", "play_pause", "Play/pause", priority=True),
        *(
            Binding(str(speed), f"speed({speed})", "Speed", show=False, priority=True)
            for speed in SPEEDS
        ),
        Binding("escape,q", "dismiss", "Statistics"),
    ]
    DEFAULT_CSS = """
    WatchScreen { layout: vertical; }
    WatchScreen #heading { height: auto; padding: 0 1; text-style: bold; }
    WatchScreen #board-area { height: 1fr; align: center middle; }
    WatchScreen #step { height: auto; padding: 0 1; }
    WatchScreen #pace { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay
        self.position = 0
        """Where the game is shown: 0 its start, N after its step N."""
        self.speed = SPEEDS[0]
        self._playing: Timer | None = None
        """The timer of the next step while the game plays by itself."""

    def compose(self) -> ComposeResult:
        yield Static(self.replay.heading, id="heading")
        yield GameBar(id="bar")
        with ScrollableContainer(id="board-area"):
            yield MinesBoard(view(self.replay.start), id="board")
        yield Static(id="step")
        yield Static(id="pace")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.show(0)

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """The largest cells with which the board fits the room the lines around it leave."""
        self.board.fit(self.query_one("#board-area").size)

    @property
    def board(self) -> MinesBoard:
        return self.query_one(MinesBoard)

    @property
    def playing(self) -> bool:
        """Whether the game is playing by itself."""
        return self._playing is not None

    def show(self, position: int) -> None:
        """Show the game at ``position`` (0: its start; N: after step N), with the cursor on
        the cell of that step (an undo or a redo leaves it where it was)."""
        replay = self.replay
        self.position = position
        game: Game = replay.start
        now, said = 0.0, f"Start, before step 1 of {replay.steps}"
        if position:
            frame = replay.frames[position - 1]
            game, now, said = frame.state, frame.at, replay.said(frame)
            step = parse_step(frame.text)
            if isinstance(step, Move):
                self.board.cursor = (step.row, step.col)
        self.board.show(view(game), game.exploded, Overlay())
        self.query_one(GameBar).show(game, now)
        self.query_one("#step", Static).update(said)
        self._say_pace()
        self.call_after_refresh(self._fit)  # once the lines around the board have their height

    def _say_pace(self) -> None:
        if self.playing:
            state = f"Playing at {self.speed}x"
        elif self.position == self.replay.steps:
            state = f"The end ({self.speed}x): space plays it again"
        else:
            state = f"Paused ({self.speed}x)"
        self.query_one("#pace", Static).update(f"{state} · {KEYS}")

    def action_step(self, delta: int) -> None:
        """One step on or back (the game stops playing by itself)."""
        self.action_go(self.position + delta)

    def action_go(self, position: int) -> None:
        """Show ``position``, within the game (it stops playing by itself)."""
        self._stop()
        self.show(min(max(position, 0), self.replay.steps))

    def action_go_to_end(self) -> None:
        self.action_go(self.replay.steps)

    def action_play_pause(self) -> None:
        """Play the game by itself from here at its own pace, times the speed (from its
        start when it is shown at its end), or pause it."""
        if self.playing:
            self._stop()
        else:
            if self.position == self.replay.steps:
                self.show(0)
            self._next()
        self._say_pace()

    def action_speed(self, speed: int) -> None:
        """Play ``speed`` times faster than the game was played (the wait for the next step
        too, when it is playing)."""
        self.speed = speed
        if self.playing:
            self._stop()
            self._next()
        self._say_pace()

    def _next(self) -> None:
        """Wait for the next step, or stop at the end."""
        if self.position >= self.replay.steps:
            self._stop()
            return
        wait = pause_before(self.replay, self.position + 1) / self.speed
        self._playing = self.set_timer(wait, self._advance)

    def _advance(self) -> None:
        self._playing = None
        self.show(self.position + 1)
        self._next()
        self._say_pace()

    def _stop(self) -> None:
        if self._playing is not None:
            self._playing.stop()
            self._playing = None
