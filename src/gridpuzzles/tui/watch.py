"""A kept Minesweeper game watched again in the full-screen app, step by step: the board as it
was after each step, the clock as it stood then, the step in words and the solver's verdict on
it, as `gridpuzzles replay` shows them in line mode, and the review's summary at the start.

The steps and their words are the mid-end's (`midend.minesweeper.Replay`, which the store
gives: `SavedGame.watched`), the review too (`midend.review`), made in a thread while the game
is already shown; this screen only draws them and keeps the pace. The statistics
screen opens it on one of the latest games (`watchable`); a game still being played is never
shown.
"""

from __future__ import annotations

from functools import partial
from textwrap import shorten

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static
from textual.worker import Worker, WorkerState

from gridpuzzles.midend.minesweeper import Replay, parse_step
from gridpuzzles.midend.review import reviewed, summary_words, verdict_words
from gridpuzzles.minesweeper import Game, Move, view
from gridpuzzles.minesweeper.solving.review import MoveReview, Review
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
END_KEYS = "home: the summary · 1 2 4 8: speed"
"""The keys at the end, once the review is made: where its summary is."""
ERROR_WIDTH = 44
"""The most of the solver's error said (its first line): with the words before it, less than
80 columns."""
REVIEWING = "Reviewing…"
"""What the review line says while the solver reviews the game."""
FAULT = "✗ "
"""What marks a fault before its verdict (its colour says it too, for those who see it)."""


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


def marked(judged: MoveReview) -> str:
    """A step's verdict as every shell says it (`verdict_words`), a fault marked (`FAULT`)."""
    return f"{FAULT if judged.verdict.fault else ''}{verdict_words(judged)}"


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
    WatchScreen #review { height: auto; min-height: 2; padding: 0 1; }
    WatchScreen #review.fault { color: $text-error; }
    WatchScreen #pace { height: auto; padding: 0 1; color: $text-muted; }
    """
    # The review keeps two lines, the most a verdict or the summary takes at 80 columns, so
    # that the board keeps its place and its cells from step to step. The summary is shown at
    # the start, where no step is judged: at the end, beside an intermediate board in 80x24
    # (and a heading of two lines), there is no room for it under the last step's verdict.

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay
        self.position = 0
        """Where the game is shown: 0 its start, N after its step N."""
        self.speed = SPEEDS[0]
        self._playing: Timer | None = None
        """The timer of the next step while the game plays by itself."""
        self.review: Review | None = None
        """The solver's review of the game, once it is made."""
        self._verdicts: dict[int, MoveReview] = {}
        """The review of each judged step, by its number in the log (`Frame.number`)."""
        self._unreviewed: str | None = None
        """Why the review could not be made, once the solver failed."""

    def compose(self) -> ComposeResult:
        yield Static(self.replay.heading, id="heading")
        yield GameBar(id="bar")
        with ScrollableContainer(id="board-area"):
            yield MinesBoard(view(self.replay.start), id="board")
        yield Static(id="step")
        yield Static(REVIEWING, id="review")
        yield Static(id="pace")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.show(0)
        self.run_worker(
            partial(reviewed, self.replay), group="review", thread=True, exit_on_error=False
        )

    @on(Worker.StateChanged)
    def _reviewed(self, event: Worker.StateChanged) -> None:
        """Keep the review once the solver made it, or why it could not (any error of the
        solver: the game is watched without it), and say it."""
        worker: Worker[object] = event.worker
        if worker.group != "review":
            return
        if event.state is WorkerState.SUCCESS and isinstance(worker.result, Review):
            self.review = worker.result
            self._verdicts = {judged.number: judged for judged in self.review.moves}
        elif event.state is WorkerState.ERROR:
            error = worker.error
            said = str(error).strip().splitlines()[:1] or [type(error).__name__]
            self._unreviewed = shorten(said[0], ERROR_WIDTH, placeholder=" …")
        else:
            return
        self._say_review()
        self._say_pace()
        self.call_after_refresh(self._fit)

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
        self._say_review()
        self._say_pace()
        self.call_after_refresh(self._fit)  # once the lines around the board have their height

    def _say_review(self) -> None:
        """The solver's verdict on the step shown ("Review: ✗ a needless guess ...", a fault
        marked), nothing for an undo or a redo (never judged), the review's summary at the
        start; or that the review is still being made, or could not be."""
        line = self.query_one("#review", Static)
        judged = None
        words = Text()  # (words, not markup)
        if self.review is not None and self.position:
            judged = self._verdicts.get(self.replay.frames[self.position - 1].number)
            if judged is not None:
                words = Text(f"Review: {marked(judged)}")
        elif self.review is not None:
            words = Text(f"Summary: {summary_words(self.review)}")
        elif self._unreviewed is None:
            words = Text(REVIEWING)
        else:  # one line (`ERROR_WIDTH`)
            words = Text(f"The review could not be made: {self._unreviewed}")
        line.update(words)
        line.set_class(judged is not None and judged.verdict.fault, "fault")

    def _say_pace(self) -> None:
        keys = KEYS
        if self.playing:
            state = f"Playing at {self.speed}x"
        elif self.position == self.replay.steps:
            state = f"The end ({self.speed}x): space plays it again"
            if self.review is not None:  # (end takes nowhere from the end)
                keys = END_KEYS
        else:
            state = f"Paused ({self.speed}x)"
        self.query_one("#pace", Static).update(f"{state} · {keys}")

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
