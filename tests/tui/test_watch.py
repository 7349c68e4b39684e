"""A kept Minesweeper game watched again in the full-screen app: the statistics screen lists the
latest games, Enter on one opens the watching screen, and its keys step through the mid-end's
replay of the game (the board, the clock and the words of each step, as line mode says them)."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest
from sqlalchemy import text
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from gridpuzzles.midend.minesweeper import Replay, play_of, stepped
from gridpuzzles.midend.replay import Frame, LoggedStep, frames
from gridpuzzles.midend.review import reviewed, summary_words, verdict_words
from gridpuzzles.minesweeper import (
    Cell,
    Config,
    Game,
    Status,
    elapsed,
    level,
    new_game,
    reveal,
    view,
)
from gridpuzzles.minesweeper.core.moves import parse_step
from gridpuzzles.minesweeper.core.view import FLAG
from gridpuzzles.minesweeper.solving.review import Review
from gridpuzzles.storage import SavedGame, Store, TimedMove
from gridpuzzles.storage.store import RULES
from gridpuzzles.tui.app import GridPuzzlesApp
from gridpuzzles.tui.minesweeper.screen import MinesweeperScreen
from gridpuzzles.tui.statistics import StatsScreen
from gridpuzzles.tui.watch import (
    FIRST_PAUSE,
    LONGEST_PAUSE,
    REVIEWING,
    CannotWatch,
    WatchScreen,
    pause_before,
    watchable,
)
from tests.minesweeper.boards import winning_reveals
from tests.storage.in_play import add_move

pytestmark = pytest.mark.anyio


@pytest.fixture(autouse=True)
def unweighed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The guesses are not weighed here (test_watch_weighing.py weighs them): each verdict
    stays as the fast review says it, whenever a test looks, and the weighing ends at once."""
    monkeypatch.setattr("gridpuzzles.tui.watch.weighings_of", lambda *args, **kwargs: iter(()))


BEGINNER = level("beginner")
SEED = 4494805136092911258
"""A seed of 19 digits: the latest games take their short form at 80 columns."""
WON = "wonGameXXXXXXXXXXXXXXX"
LOST = "lostGameXXXXXXXXXXXXXX"
START = 1.7e9


def won_log() -> tuple[list[LoggedStep], Cell]:
    """A win on `SEED`: the first reveal at row 5, column 5, a flag put on a mine and taken
    off again, then every safe cell, the steps 1.5 s apart; and the mine flagged."""
    reveals = winning_reveals(new_game(BEGINNER, SEED), (4, 4))
    layout = reveal(SavedGame("", BEGINNER, SEED).start(), 4, 4).layout
    assert layout is not None and reveals[0] == (4, 4)
    mine = divmod(layout.mine_indices()[0], 9)
    texts = [
        "r4,4",
        f"f{mine[0]},{mine[1]}",
        f"f{mine[0]},{mine[1]}",
        *(f"r{row},{col}" for row, col in reveals[1:]),
    ]
    return [LoggedStep(step, START + 1.5 * number) for number, step in enumerate(texts)], mine


def lost_log(config: Config = BEGINNER) -> list[LoggedStep]:
    """A loss on `SEED`: the first reveal at row 5, column 5, a flag put on a mine and taken
    off again, the mine revealed, undone and redone (the game ends lost), 1.5 s apart."""
    opened = reveal(SavedGame("", config, SEED).start(), 4, 4)
    assert opened.layout is not None
    row, col = divmod(opened.layout.mine_indices()[0], config.width)
    mine = f"{row},{col}"
    texts = ["r4,4", f"f{mine}", f"f{mine}", f"r{mine}", "undo", "redo"]
    return [LoggedStep(step, START + 1.5 * number) for number, step in enumerate(texts)]


def keep(
    store: Store,
    game_id: str,
    log: list[LoggedStep],
    *,
    assisted: bool = False,
    config: Config = BEGINNER,
) -> Game:
    """Keep a game of `SEED` in ``store`` as every shell keeps one, a step at a time; the game
    after its last step."""
    saved = SavedGame(game_id, config, SEED, created_at=START - 5, assisted=assisted)
    store.add_game(saved)
    played = play_of(saved.start())
    for number, logged in enumerate(log):
        step = parse_step(logged.text)
        played = stepped(played, step, logged.at)
        add_move(store, game_id, number, TimedMove(step, logged.at), played.state)
    return played.state


def replayed(log: list[LoggedStep]) -> tuple[Game, list[Frame[Game]]]:
    """The start of a game of `SEED` and the game after each step of ``log``, from the
    mid-end's replay itself (not through the store nor the screen)."""
    start = SavedGame("", BEGINNER, SEED).start()
    return start, list(frames(RULES, play_of(start), log))


def app_on(store: Store, config: Config = BEGINNER) -> GridPuzzlesApp:
    return GridPuzzlesApp(config, None, lambda: START + 1000, random.Random(1), store=store)


def said(screen: WatchScreen, widget: str) -> str:
    return str(screen.query_one(widget, Static).render())


async def watching(pilot: Pilot[None]) -> WatchScreen:
    """Open the statistics, choose the latest game and watch it."""
    await pilot.press("s")
    await pilot.pause()
    assert isinstance(pilot.app.screen, StatsScreen)
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, WatchScreen)
    return screen


def shows(screen: WatchScreen, game: Game, at: float) -> None:
    """``screen`` draws ``game`` as it stood at ``at``: its board, its exploded mine and its
    clock and mines left."""
    assert screen.board.view == view(game)
    assert screen.board.exploded == game.exploded
    assert said(screen, "#timer") == f"Time {int(elapsed(game, at)):03d}"
    flags = view(game).cells.count(FLAG)
    assert said(screen, "#mines-left") == f"Mines {BEGINNER.mines - flags:03d}"


async def test_enter_on_a_game_watches_it_step_by_step_with_the_keys(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    log, (row, col) = won_log()
    won = keep(store, WON, log)
    start, shown = replayed(log)
    assert won.status is Status.WON and shown[-1].state == won
    steps = len(log)
    app = app_on(store)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await watching(pilot)
        assert said(screen, "#heading") == f"Game {WON}: beginner, seed {SEED}, won, {steps} steps"
        shows(screen, start, START)
        assert said(screen, "#step") == f"Start, before step 1 of {steps}"
        await pilot.press("right")
        shows(screen, shown[0].state, shown[0].at)
        assert screen.board.cursor == (4, 4)  # on the cell of the step
        assert said(screen, "#step") == f"Step 1 of {steps}, at 0.0 s: reveal row 5, column 5"
        await pilot.press("right")
        shows(screen, shown[1].state, shown[1].at)
        assert screen.board.cursor == (row, col)
        flag = f"flag row {row + 1}, column {col + 1}"  # (the log counts from 0)
        assert said(screen, "#step") == f"Step 2 of {steps}, at 1.5 s: {flag}"
        await pilot.press("right", "right", "right", "left")
        shows(screen, shown[3].state, shown[3].at)
        assert said(screen, "#step").startswith(f"Step 4 of {steps}, at 4.5 s: reveal row ")
        await pilot.press("end")
        shows(screen, won, shown[-1].at)
        assert said(screen, "#face") == "B-)"
        assert said(screen, "#step").startswith(f"Step {steps} of {steps}, at ")
        assert said(screen, "#pace").startswith("The end")
        await pilot.press("right")  # nothing after the end
        shows(screen, won, shown[-1].at)
        await pilot.press("home")
        shows(screen, start, START)
        await pilot.press("left")  # nor before the start
        shows(screen, start, START)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MinesweeperScreen)
    store.close()


async def test_space_plays_the_game_by_itself_and_pauses(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    log, _ = won_log()
    keep(store, WON, log)
    app = app_on(store)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await watching(pilot)
        await pilot.press("8", "space")
        assert screen.playing and said(screen, "#pace").startswith("Playing at 8x")
        for _ in range(200):  # 1.5 s a step at 8x: about 2.5 s in all
            if not screen.playing:
                break
            await pilot.pause(0.05)
        assert screen.position == len(log) and said(screen, "#pace").startswith("The end (8x)")
        await pilot.press("1", "space")  # from the start again, at the game's own speed
        # (the first step may have come already on a loaded machine: it is near the start)
        assert screen.playing and screen.position <= 1
        await pilot.press("space")  # paused: it stays
        paused_at = screen.position
        await pilot.pause(0.7)
        assert not screen.playing and screen.position == paused_at <= 1
        assert said(screen, "#pace").startswith("Paused (1x)")
        await pilot.press("space", "right")  # a step by hand stops it
        position = screen.position
        await pilot.pause(0.5)
        assert not screen.playing and screen.position == position > 0
    store.close()


def test_the_game_plays_at_its_own_pace_with_long_waits_shortened() -> None:
    moves = [("r4,4", 0.0), ("f0,0", 2.0), ("f0,0", 2.5), ("f0,0", 62.5)]
    saved = SavedGame(
        "", BEGINNER, SEED, moves=tuple(TimedMove.parse(text, at) for text, at in moves)
    )
    replay = saved.watched()
    waits = [pause_before(replay, position) for position in range(1, 5)]
    assert waits == [FIRST_PAUSE, 2.0, 0.5, LONGEST_PAUSE]


async def test_only_finished_games_are_listed_and_one_played_on_is_not_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path / "games.db")
    log, _ = won_log()
    keep(store, WON, log, assisted=True)
    opened = reveal(SavedGame("", BEGINNER, SEED).start(), 4, 4)
    assert opened.layout is not None
    mine = divmod(opened.layout.mine_indices()[0], 9)
    lost_log = [LoggedStep("r4,4", START + 100), LoggedStep(f"r{mine[0]},{mine[1]}", START + 101)]
    assert keep(store, LOST, lost_log).status is Status.LOST
    keep(store, "playingXXXXXXXXXXXXXXX", lost_log[:1])  # still being played: never listed
    app = app_on(store)
    told: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_: told.append(message))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert [key.value for key in table.rows] == [LOST, WON]
        # 19 digits of seed and "won (assisted)" fit 80 columns only in the short form
        assert table.get_row_at(1)[1] == "won (a)" and table.get_row_at(1)[-1] == str(SEED)
        assert app.screen.query_one("#legend").display
        # the mine undone meanwhile (in the web app, say): the game is played on
        add_move(store, LOST, 2, TimedMove.parse("undo", START + 102), opened)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert told == [f"game {LOST} is still being played: watch it once it ends"]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, WatchScreen) and app.screen.replay.game_id == WON
        assert ", won, assisted, " in said(app.screen, "#heading")
    async with app_on(store).run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        table = pilot.app.screen.query_one(DataTable)
        assert table.get_row_at(0)[1] == "won (assisted)"  # the full form has room
        assert not pilot.app.screen.query_one("#legend").display
    store.close()


def test_a_game_gone_or_in_play_or_whose_log_cannot_be_replayed_is_not_watched(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "games.db")
    log, _ = won_log()
    keep(store, WON, log)
    keep(store, "playingXXXXXXXXXXXXXXX", log[:1])
    assert watchable(store, WON).frames[-1].state.status is Status.WON
    with pytest.raises(CannotWatch, match="is no longer kept"):
        watchable(store, "goneXXXXXXXXXXXXXXXXXX")
    with pytest.raises(CannotWatch, match="is still being played"):
        watchable(store, "playingXXXXXXXXXXXXXXX")
    with store.transaction() as db:  # a log changed by hand: a flag on an open cell
        db.execute(text(f"update moves set move = 'f4,4' where game_id = '{WON}' and number = 1"))
    with pytest.raises(CannotWatch, match="step 2 of the log, 'f4,4', cannot be replayed"):
        watchable(store, WON)
    store.close()


# The solver's review under each step


def screen_words(screen: WatchScreen) -> str:
    """Every word on the screen as the player reads it, one space between them (the lines
    wrapped as they are joined again)."""
    strips = screen._compositor.render_strips()
    return " ".join(" ".join(segment.text for segment in strip) for strip in strips).strip()


def in_sight(
    screen: WatchScreen, lines: tuple[str, ...] = ("#heading", "#step", "#review", "#pace")
) -> None:
    """Each of ``lines`` of ``screen`` can be read in full, and the whole board is in sight
    (its place not scrolled)."""
    words = " ".join(screen_words(screen).split())
    for line in lines:
        assert " ".join(said(screen, line).split()) in words, line
    area, board = screen.query_one("#board-area"), screen.board
    assert area.max_scroll_y == area.max_scroll_x == 0
    assert board.region.height >= board.view.height and area.region.contains_region(board.region)


async def test_each_step_shows_the_solvers_verdict_made_while_the_steps_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path / "games.db")
    log = lost_log()
    assert keep(store, LOST, log).status is Status.LOST
    review = reviewed(watchable(store, LOST))  # the mid-end's review, not through the screen
    verdicts = {judged.number: judged for judged in review.moves}
    assert sorted(verdicts) == [0, 1, 2, 3]  # the undo and the redo are not judged
    assert [judged.verdict.fault for judged in review.moves] == [False, True, False, False]
    release = threading.Event()

    def held(replay: Replay) -> Review:  # the solver, held back until the test lets it go
        release.wait(10)
        return reviewed(replay)

    monkeypatch.setattr("gridpuzzles.tui.watch.reviewed", held)
    app = app_on(store)
    async with app.run_test(size=(80, 24)) as pilot:
        try:
            screen = await watching(pilot)
            assert said(screen, "#review") == REVIEWING
            await pilot.press("right", "right")  # the steps go on meanwhile
            assert said(screen, "#step").startswith("Step 2 of 6, at 1.5 s: flag row ")
            assert said(screen, "#review") == REVIEWING
            await pilot.press("home")
        finally:
            release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert said(screen, "#step") == "Start, before step 1 of 6"
        assert said(screen, "#review") == f"Summary: {summary_words(review)}"
        in_sight(screen)
        for number in range(6):
            await pilot.press("right")
            assert said(screen, "#step").startswith(f"Step {number + 1} of 6, at ")
            judged = verdicts.get(number)
            if judged is None:
                assert said(screen, "#review") == ""
            elif judged.verdict.fault:  # marked by more than its colour
                assert said(screen, "#review") == f"Review: ✗ {verdict_words(judged)}"
                assert screen.query_one("#review").has_class("fault")
            else:
                assert said(screen, "#review") == f"Review: {verdict_words(judged)}"
                assert not screen.query_one("#review").has_class("fault")
            in_sight(screen)
        assert said(screen, "#pace").startswith("The end (1x): space plays it again · home: ")
    store.close()


async def test_a_wide_screen_shows_the_whole_heading_from_the_start(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    keep(store, LOST, lost_log())
    app = app_on(store)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await watching(pilot)
        assert said(screen, "#heading") == screen.replay.heading  # its id too
        await pilot.resize_terminal(70, 24)  # the whole (78 characters) does not fit
        await pilot.pause()
        assert said(screen, "#heading") == screen.replay.description
    store.close()


@pytest.mark.parametrize("name", ["beginner", "intermediate"])
async def test_every_line_and_the_whole_board_fit_80x24(tmp_path: Path, name: str) -> None:
    config = level(name)
    store = Store(tmp_path / "games.db")
    log = lost_log(config)
    keep(store, LOST, log, config=config)
    app = app_on(store, config)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await watching(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.review is not None
        cells = (screen.board.cell_width, screen.board.cell_height)
        for _ in range(len(log) + 1):
            in_sight(screen)
            assert (screen.board.cell_width, screen.board.cell_height) == cells  # no jumping
            await pilot.press("right")
            await pilot.pause()
    store.close()


async def test_a_review_that_fails_is_said_in_a_line_and_the_steps_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path / "games.db")
    keep(store, LOST, lost_log())

    message = f"the solver broke on [b]{'a long way ' * 10}[/b]"

    def broken(replay: Replay) -> Review:
        raise RuntimeError(f"{message}\nand said more")

    monkeypatch.setattr("gridpuzzles.tui.watch.reviewed", broken)
    app = app_on(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await watching(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        line = screen.query_one("#review")
        drawn = [strip.text.strip() for strip in line.render_lines(Region(0, 0, *line.size))]
        # the first line of the error, as words (not markup), cut short to fit one line
        assert drawn[0].startswith("The review could not be made: the solver broke on [b]a ")
        assert drawn[0].endswith(" …") and not any(drawn[1:])
        await pilot.press("right", "right")
        assert said(screen, "#step").startswith("Step 2 of 6, at 1.5 s: flag row ")
        assert said(screen, "#review").startswith("The review could not be made: ")
        await pilot.press("end")
        assert said(screen, "#step").startswith("Step 6 of 6, at ")
        assert said(screen, "#pace").startswith("The end (1x): space plays it again · home, end")
        in_sight(screen, ("#heading", "#step", "#pace"))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
    store.close()
