"""A kept game of either puzzle watched again in the full-screen app, step by step: the board as
it was after each step, the clock as it stood then, the step in words, as `gridpuzzles replay`
shows them in line mode; the solver's verdict on each step too, and the review's summary at
the start. A Minesweeper game's guesses are then weighed one by one (what each gave away of
the chance to win), a bar showing how far the weighing is.

The steps and their words are the mid-end's (`midend.minesweeper.Replay`, which the store
gives: `SavedGame.watched`; `midend.mondrian.Replay`: `mondrian_play.watched`), the review too
(`midend.review`, `midend.mondrian_review`), made in a thread while the game is already shown; this screen only draws
them and keeps the pace, the same keys for both puzzles, each board drawn by its puzzle's
widget. The statistics screen opens it on one of the latest games (`watchable`,
`mondrian_watchable`); a game still being played is never shown.
"""

from __future__ import annotations

from functools import partial
from textwrap import shorten
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, ProgressBar, Static
from textual.worker import Worker, WorkerState, get_current_worker

from gridpuzzles.midend import mondrian_review
from gridpuzzles.midend.minesweeper import Replay, play_of
from gridpuzzles.midend.mondrian import Replay as MondrianReplay
from gridpuzzles.midend.replay import Frame, WatchedGame
from gridpuzzles.midend.review import reviewed, summary_words, verdict_words, weighings_of
from gridpuzzles.minesweeper import Game, Move, view
from gridpuzzles.minesweeper.core.moves import parse_step
from gridpuzzles.minesweeper.solving.review import MoveReview, Review
from gridpuzzles.minesweeper.solving.win_loss import WinLoss
from gridpuzzles.mondrian.core.game import Game as MondrianGame
from gridpuzzles.mondrian.core.game import count_words
from gridpuzzles.mondrian.core.records import duration_words
from gridpuzzles.storage import StorageError, Store
from gridpuzzles.tui.minesweeper.bar import GameBar
from gridpuzzles.tui.minesweeper.board import MinesBoard, Overlay
from gridpuzzles.tui.mondrian.board import BoardArea, MondrianBoard, picture

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
WEIGHING = "Weighing the guesses: {done} of {due}"
"""What the line under the review says while the solver weighs the guesses."""


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


def mondrian_watchable(store: Store, game_id: str) -> MondrianReplay:
    """The kept Mondrian game ``game_id`` to watch again; `CannotWatch` saying why not: it is
    no longer kept, it is still being played (nothing of it is read then), or its setup or its
    log cannot be read or replayed."""
    from gridpuzzles.storage.mondrian_play import watched
    from gridpuzzles.storage.playing import MONDRIAN

    try:
        stored = store.read(MONDRIAN, game_id)
        if stored is not None and not stored.ended:
            raise CannotWatch(f"game {game_id} is still being played: watch it once it is solved")
        replay = None if stored is None else watched(game_id, stored)
    except (StorageError, ValueError, KeyError, TypeError) as error:  # a setup changed by hand
        raise CannotWatch(f"game {game_id} cannot be shown: {error}") from None
    if replay is None:
        raise CannotWatch(f"game {game_id} is no longer kept")
    if replay.in_play:  # kept as solved, but its log does not fill the board
        raise CannotWatch(f"game {game_id} cannot be shown: its log does not fill the board")
    return replay


def pause_before(replay: WatchedGame[Any], position: int) -> float:
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
    """A kept game of either puzzle step by step: its start (position 0), then the game after
    each step (position N is after step N), moved on by the keys or playing by itself. The
    keys, the pace and the lines of words are the same for both puzzles; the board and the
    line above it are the puzzle's (a Minesweeper game's mines left, face and clock; a
    Mondrian game's clock and moves), and only a Minesweeper game has the solver's review."""

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
    WatchScreen #heading {
        height: 1; padding: 0 1; text-style: bold; text-wrap: nowrap; text-overflow: ellipsis;
    }
    WatchScreen.mondrian #heading { height: auto; text-wrap: wrap; }
    WatchScreen #board-area { height: 1fr; align: center middle; }
    WatchScreen #step { height: auto; padding: 0 1; }
    WatchScreen #review { height: auto; min-height: 3; padding: 0 1; }
    WatchScreen #review.fault { color: $text-error; }
    WatchScreen #mondrian-bar { height: 1; padding: 0 1; }
    WatchScreen #pace { height: auto; padding: 0 1; color: $text-muted; }
    WatchScreen.mondrian #step { min-height: 2; }
    WatchScreen #weighing { height: 1; padding: 0 1; }
    WatchScreen #weighing Static { width: auto; padding-right: 1; }
    """
    # The review keeps three lines, the most a verdict takes at 80 columns once its guess is
    # weighed, so that the board keeps its place and its cells from step to step; the heading
    # keeps one (`_fit_heading`), so that an intermediate board fits 80x24 beside them.
    # A Mondrian game has no weighing and a board of 8x8: its heading is whole on two lines.
    # Its step's words take two lines at 80 columns where the start's take one: that line
    # keeps two.

    def __init__(self, replay: Replay | MondrianReplay) -> None:
        super().__init__()
        self.replay: WatchedGame[Any] = replay
        self.mines = replay if isinstance(replay, Replay) else None
        """The replay of a Minesweeper game (None for a Mondrian game's)."""
        self.mondrian = replay if isinstance(replay, MondrianReplay) else None
        """The replay of a Mondrian game (None for a Minesweeper game's)."""
        self.set_class(self.mondrian is not None, "mondrian")
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
        self.mondrian_review: mondrian_review.Reviewed | None = None
        """The review of a Mondrian game, once it is made."""

    def compose(self) -> ComposeResult:
        yield Static(self.replay.heading, id="heading")
        if self.mines is not None:
            yield GameBar(id="bar")
            with ScrollableContainer(id="board-area"):
                yield MinesBoard(view(self.mines.start), id="board")
        elif self.mondrian is not None:
            yield Static(id="mondrian-bar")
            with BoardArea(id="board-area"):
                yield MondrianBoard(picture(self.mondrian.start), id="board", cursor=False)
        yield Static(id="step")
        yield Static(REVIEWING, id="review")
        if self.mines is not None:
            with Horizontal(id="weighing"):
                yield Static(id="weighing-words")
                yield ProgressBar(show_eta=False, show_percentage=False)
        yield Static(id="pace")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self._fit_heading()
        self.show(0)
        if self.mines is not None:
            self._show_weighing(False)
            self.run_worker(
                partial(reviewed, self.mines), group="review", thread=True, exit_on_error=False
            )
        elif self.mondrian is not None:
            game = self.mondrian
            judge = partial(
                mondrian_review.reviewed, game.game_id, game.start, game.frames, game.created_at
            )
            self.run_worker(judge, group="review", thread=True, exit_on_error=False)

    @on(Worker.StateChanged)
    def _reviewed(self, event: Worker.StateChanged) -> None:
        """Keep the review once the solver made it, or why it could not (any error of the
        solver: the game is watched without it), and say it."""
        worker: Worker[object] = event.worker
        if worker.group == "weighing" and worker.is_finished:
            self._show_weighing(False)
        if worker.group != "review":
            return
        if event.state is WorkerState.SUCCESS and isinstance(worker.result, Review):
            self.review = worker.result
            self._verdicts = {judged.number: judged for judged in self.review.moves}
            self._weigh(self.review)
        elif event.state is WorkerState.SUCCESS and isinstance(
            worker.result, mondrian_review.Reviewed
        ):
            self.mondrian_review = worker.result
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
        self._fit_heading()
        self._fit()

    def _fit_heading(self) -> None:
        """A Minesweeper game's heading on one line: the whole of it where it fits, else
        without the game's id (the statistics screen the game was chosen from shows it), cut
        short only where even that is too long. A Mondrian game's is whole."""
        heading = self.query_one("#heading", Static)
        room = self.size.width - heading.styles.gutter.width  # (the screen's: known at once)
        whole = self.replay.heading
        fits = self.mondrian is not None or cell_len(whole) <= room
        heading.update(whole if fits else self.replay.description)

    def _fit(self) -> None:
        """The largest cells with which the board fits the room the lines around it leave."""
        room = self.query_one("#board-area").size
        if self.mines is not None:
            self.board.fit(room)
        else:
            self.mondrian_board.fit(room)

    @property
    def board(self) -> MinesBoard:
        """The board of a Minesweeper game."""
        return self.query_one(MinesBoard)

    @property
    def mondrian_board(self) -> MondrianBoard:
        """The board of a Mondrian game."""
        return self.query_one(MondrianBoard)

    @property
    def playing(self) -> bool:
        """Whether the game is playing by itself."""
        return self._playing is not None

    def show(self, position: int) -> None:
        """Show the game at ``position`` (0: its start; N: after step N): its board, the line
        above it as it stood then and the step in words."""
        replay = self.replay
        self.position = position
        frame = replay.frames[position - 1] if position else None
        said = f"Start, before step 1 of {replay.steps}" if frame is None else replay.said(frame)
        if self.mines is not None:
            self._show_mines(self.mines, frame)
        elif self.mondrian is not None:
            self._show_mondrian(self.mondrian, frame)
        self.query_one("#step", Static).update(said)
        self._say_review()
        self._say_pace()
        self.call_after_refresh(self._fit)  # once the lines around the board have their height

    def _show_mines(self, replay: Replay, frame: Frame[Game] | None) -> None:
        """A Minesweeper game after ``frame``'s step (its start when None), with the cursor
        on the cell of that step (an undo or a redo leaves it where it was)."""
        played, now = play_of(replay.start), 0.0
        if frame is not None:
            played, now = frame.play, frame.at
            step = parse_step(frame.text)
            if isinstance(step, Move):
                self.board.cursor = (step.row, step.col)
        game = played.state
        self.board.show(view(game), game.exploded, Overlay())
        self.query_one(GameBar).show(played, now)

    def _show_mondrian(self, replay: MondrianReplay, frame: Frame[MondrianGame] | None) -> None:
        """A Mondrian game after ``frame``'s step (its start when None), with its clock then,
        its moves and whether it had help so far."""
        play = replay.setup.play if frame is None else frame.play
        clock = 0.0 if frame is None else replay.clock_at(frame)
        helped = " (with help)" if play.assisted else ""
        self.mondrian_board.show(picture(play.state))
        self.query_one("#mondrian-bar", Static).update(
            f"Time {duration_words(clock)}, {count_words(play.moves, 'move')}{helped}"
        )

    def _say_review(self) -> None:
        """The solver's verdict on the step shown ("Review: ✗ a needless guess ...", a fault
        marked), nothing for an undo or a redo (never judged), the review's summary at the
        start; or that the review is still being made, or could not be."""
        line = self.query_one("#review", Static)
        judged = None
        words = Text()  # (words, not markup)
        if self.mondrian is not None:
            self._say_mondrian_review(line)
            return
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

    def _say_mondrian_review(self, line: Static) -> None:
        """The Mondrian review's verdict on the step shown (a dead end marked as a fault), its
        summary at the start; or that it is still being made, or could not be."""
        game = self.mondrian_review
        fault = False
        if game is not None and self.position:
            index = self.position - 1
            fault = mondrian_review.verdict_of(game.review.steps[index]) == mondrian_review.DEAD_END
            said = mondrian_review.verdict_words(game, index)
            words = Text(f"Review: {FAULT if fault else ''}{said}")
        elif game is not None:
            words = Text(f"Summary: {mondrian_review.summary_words(game)}")
        elif self._unreviewed is None:
            words = Text(REVIEWING)
        else:
            words = Text(f"The review could not be made: {self._unreviewed}")
        line.update(words)
        line.set_class(fault, "fault")

    def _weigh(self, judged: Review) -> None:
        """Weigh the guesses of the reviewed game one by one in a thread, the bar showing how
        far it is: each weighs for seconds (playouts), so the steps are watched meanwhile."""
        assert self.mines is not None
        due = len(judged.weighable)
        if not due:
            return
        self._show_weighing(True)
        self.query_one(ProgressBar).update(total=due, progress=0)
        self.query_one("#weighing-words", Static).update(WEIGHING.format(done=0, due=due))
        self.run_worker(
            partial(self._weigh_in_thread, self.mines, judged),
            group="weighing",
            thread=True,
            exit_on_error=False,
        )

    def _weigh_in_thread(self, replay: Replay, judged: Review) -> None:
        """In the worker's thread: each guess weighed, handed to the screen as it comes; stops
        between two guesses once the screen is gone."""
        worker = get_current_worker()
        for number, win_loss in weighings_of(replay, judged):
            if worker.is_cancelled:
                return
            self.app.call_from_thread(self._weighed, number, win_loss)

    def _weighed(self, number: int, win_loss: WinLoss | None) -> None:
        """One guess weighed: its verdict and the summary say it, the bar moves on."""
        if self.review is None:
            return
        self.review = self.review.with_weighed(number, win_loss)
        self._verdicts = {judged.number: judged for judged in self.review.moves}
        done, due = self.review.weighed_count, len(self.review.weighable)
        self.query_one(ProgressBar).update(progress=done)
        self.query_one("#weighing-words", Static).update(WEIGHING.format(done=done, due=due))
        self._say_review()

    def _show_weighing(self, shown: bool) -> None:
        """The weighing's line in the place of the pace's while the guesses are weighed (the
        board keeps its room), the pace's again once they are."""
        self.query_one("#weighing").display = shown
        self.query_one("#pace").display = not shown

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
