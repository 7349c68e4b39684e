"""A kept Minesweeper game watched again in the full-screen app: the statistics screen lists the
latest games, Enter on one opens the watching screen, and its keys step through the mid-end's
replay of the game (the board, the clock and the words of each step, as line mode says them)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from sqlalchemy import text
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from gridpuzzles.midend import minesweeper as minesweeper_rules
from gridpuzzles.midend.minesweeper import parse_step, play_of, stepped
from gridpuzzles.midend.replay import Frame, LoggedStep, frames
from gridpuzzles.minesweeper import Cell, Game, Status, elapsed, level, new_game, reveal, view
from gridpuzzles.minesweeper.core.view import FLAG
from gridpuzzles.storage import SavedGame, Store, TimedMove
from gridpuzzles.tui.app import GridPuzzlesApp
from gridpuzzles.tui.dialogs import StatsScreen
from gridpuzzles.tui.minesweeper import MinesweeperScreen
from gridpuzzles.tui.watch import (
    FIRST_PAUSE,
    LONGEST_PAUSE,
    CannotWatch,
    WatchScreen,
    pause_before,
    watchable,
)
from tests.minesweeper.boards import winning_reveals

pytestmark = pytest.mark.anyio

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


def keep(store: Store, game_id: str, log: list[LoggedStep], *, assisted: bool = False) -> Game:
    """Keep a game of `SEED` in ``store`` as every shell keeps one, a step at a time; the game
    after its last step."""
    saved = SavedGame(game_id, BEGINNER, SEED, created_at=START - 5, assisted=assisted)
    store.add_game(saved)
    played = play_of(saved.start())
    for number, logged in enumerate(log):
        step = parse_step(logged.text)
        played = stepped(played, step, logged.at)
        store.add_move(game_id, number, TimedMove(step, logged.at), played.state)
    return played.state


def replayed(log: list[LoggedStep]) -> tuple[Game, list[Frame[Game]]]:
    """The start of a game of `SEED` and the game after each step of ``log``, from the
    mid-end's replay itself (not through the store nor the screen)."""
    start = SavedGame("", BEGINNER, SEED).start()
    return start, list(frames(minesweeper_rules, play_of(start), log))


def app_on(store: Store) -> GridPuzzlesApp:
    return GridPuzzlesApp(BEGINNER, None, lambda: START + 1000, random.Random(1), store=store)


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
        assert screen.playing and screen.position == 0
        await pilot.press("space")  # paused: it stays
        await pilot.pause(0.7)
        assert not screen.playing and screen.position == 0
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
        store.add_move(LOST, 2, TimedMove.parse("undo", START + 102), opened)
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
