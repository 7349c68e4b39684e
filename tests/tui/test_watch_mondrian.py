"""A Mondrian game played in the full-screen app is kept whole in the store (its challenge and
every step with its time), listed in the statistics screen under the Minesweeper games, and
watched again in the same watching screen, with the same keys, its board drawn by the Mondrian
board widget; the steps are the mid-end's replay of the game, ending on its final board."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from gridpuzzles.midend.mondrian import Replay
from gridpuzzles.midend.mondrian_review import summary_words, verdict_words
from gridpuzzles.mondrian.core.game import new_game
from gridpuzzles.mondrian.core.records import duration_words
from gridpuzzles.storage import Store
from gridpuzzles.tui.app import GridPuzzlesApp
from gridpuzzles.tui.mondrian.board import picture
from gridpuzzles.tui.mondrian.screen import MondrianScreen
from gridpuzzles.tui.statistics import BOTH_GAMES_KEYS, StatsScreen
from gridpuzzles.tui.watch import CannotWatch, WatchScreen, mondrian_watchable
from tests.storage.in_play import watched_in
from tests.tui.mondrian.test_mondrian_play import (
    mondrian_app,
    put_with_keys,
    screen_of,
    solution_of,
)
from tests.tui.test_statistics import Clock
from tests.tui.test_watch import WON, keep, won_log

pytestmark = pytest.mark.anyio

GAP = 3.0
"""The seconds between two steps of the game played."""


async def play_a_game(pilot: Pilot[None], clock: Clock) -> tuple[MondrianScreen, list[float]]:
    """Solve the challenge on the screen with the keys, `GAP` seconds between steps: the first
    block, undone and redone, a hint, then the other blocks. The screen and when each step of
    the log was made."""
    screen = pilot.app.screen
    assert isinstance(screen, MondrianScreen)
    ats: list[float] = []

    async def step(*keys: str) -> None:
        clock.now += GAP
        await pilot.press(*keys)
        ats.append(clock.now)

    first, *_ = solution_of(screen.game)
    clock.now += GAP
    await put_with_keys(pilot, screen, first)
    ats.append(clock.now)
    await step("u")
    await step("y")
    await step("i")
    for placement in solution_of(screen.game):
        if placement not in screen.game.placed:
            clock.now += GAP
            await put_with_keys(pilot, screen, placement)
            ats.append(clock.now)
    assert screen.finish is not None and screen.game.solved
    return screen, ats


def said(screen: WatchScreen, widget: str) -> str:
    return str(screen.query_one(widget, Static).render())


async def test_a_game_played_in_the_app_is_kept_and_watched_from_the_statistics(
    tmp_path: Path,
) -> None:
    store, clock = Store(tmp_path / "games.db"), Clock()
    app = mondrian_app(store, clock)
    async with app.run_test(size=(100, 34)) as pilot:
        shown_at = clock.now
        screen, ats = await play_a_game(pilot, clock)
        assert screen.kept is not None and screen.kept.solved
        game_id, finish = screen.kept.id, screen.finish
        assert store.mondrian_finishes() == [finish]  # in the records once
        # The mid-end's replay of what the store keeps ends on the board the game ended on.
        replay = watched_in(store, game_id)
        assert isinstance(replay, Replay) and not replay.in_play
        assert replay.last == screen.play and replay.frames[-1].state == screen.game
        assert [frame.at for frame in replay.frames] == ats and replay.created_at == shown_at
        assert [frame.text.split()[0] for frame in replay.frames[:4]] == [
            "place",
            "undo",
            "redo",
            "hint",
        ]
        assert replay.finish == finish
        steps = replay.steps

        await pilot.press("f2", "s")
        await pilot.pause()
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        assert not stats.query("#games")  # no Minesweeper game yet
        table = stats.query_one("#mondrian-games", DataTable)
        assert [key.value for key in table.rows] == [game_id]
        row = table.get_row_at(0)
        assert (row[0], row[1], row[-1]) == ("easy", "solved (assisted)", "001561130")
        await pilot.press("enter")
        await pilot.pause()
        watching = app.screen
        assert isinstance(watching, WatchScreen) and watching.replay.game_id == game_id
        assert said(watching, "#heading") == replay.heading
        assert f", solved in {duration_words(ats[-1] - ats[0])}, " in replay.heading
        await app.workers.wait_for_complete()
        await pilot.pause()
        review = watching.mondrian_review
        assert review is not None and review.game_id == game_id
        assert said(watching, "#review") == f"Summary: {summary_words(review)}"
        board = watching.mondrian_board
        assert board.picture == picture(new_game(screen.challenge.puzzle))
        assert not board.shows_cursor
        assert said(watching, "#step") == f"Start, before step 1 of {steps}"
        assert said(watching, "#mondrian-bar") == "Time 0.0 s, 0 moves"
        await pilot.press("right")
        assert board.picture == picture(replay.frames[0].state)
        assert said(watching, "#review") == f"Review: {verdict_words(review, 0)}"
        assert said(watching, "#step").startswith(f"Step 1 of {steps}, at 0.0 s: put down the ")
        await pilot.press("right")
        assert said(watching, "#step") == f"Step 2 of {steps}, at {GAP:.1f} s: undo"
        assert board.picture == picture(replay.start)
        assert said(watching, "#mondrian-bar") == "Time 3.0 s, 1 move"
        await pilot.press("right", "right")
        assert said(watching, "#step").startswith(f"Step 4 of {steps}, at 9.0 s: hint: put down")
        assert said(watching, "#mondrian-bar") == "Time 9.0 s, 2 moves (with help)"
        await pilot.press("end")
        assert board.picture == picture(screen.game)  # the board the game ended on
        assert said(watching, "#step").startswith(f"Step {steps} of {steps}, at ")
        assert said(watching, "#pace").startswith("The end (1x): space plays it again")
        await pilot.press("8", "space")
        assert watching.playing and watching.position <= 1  # from the start again
        for _ in range(200):  # 3 s a step at 8x, none longer than 5 s: about 4 s in all
            if not watching.playing:
                break
            await pilot.pause(0.05)
        assert watching.position == steps and board.picture == picture(screen.game)
        await pilot.press("home")
        assert board.picture == picture(replay.start)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
    store.close()


async def test_every_line_and_the_whole_board_fit_80x24(tmp_path: Path) -> None:
    store, clock = Store(tmp_path / "games.db"), Clock()
    app = mondrian_app(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_a_game(pilot, clock)
        await pilot.press("f2", "s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        watching = app.screen
        assert isinstance(watching, WatchScreen)
        await app.workers.wait_for_complete()
        cells = None
        for _ in range(watching.replay.steps + 1):
            await pilot.pause()
            words = " ".join(
                " ".join(segment.text for segment in strip)
                for strip in watching._compositor.render_strips()
            )
            words = " ".join(words.split())
            for line in ("#heading", "#mondrian-bar", "#step", "#review", "#pace"):
                assert " ".join(said(watching, line).split()) in words, line
            area, board = watching.query_one("#board-area"), watching.mondrian_board
            assert area.max_scroll_y == area.max_scroll_x == 0
            assert area.region.contains_region(board.region)
            fitted = (board.cell_width, board.cell_height)
            assert cells in (None, fitted)  # no jumping from step to step
            cells = fitted
            await pilot.press("right")
    store.close()


async def test_both_puzzles_games_are_listed_and_tab_goes_from_one_list_to_the_other(
    tmp_path: Path,
) -> None:
    store, clock = Store(tmp_path / "games.db"), Clock()
    log, _ = won_log()
    keep(store, WON, log)
    app = mondrian_app(store, clock)
    async with app.run_test(size=(100, 40)) as pilot:
        screen, _ = await play_a_game(pilot, clock)
        assert screen.kept is not None
        await pilot.press("f2", "s")
        await pilot.pause()
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        assert str(stats.query(Static).last().render()) == BOTH_GAMES_KEYS
        mines, mondrian = stats.query_one("#games"), stats.query_one("#mondrian-games")
        assert mines.has_focus
        await pilot.press("tab")
        assert mondrian.has_focus
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, WatchScreen)
        assert app.screen.replay.game_id == screen.kept.id
        await pilot.press("escape", "shift+tab")
        await pilot.pause()
        assert mines.has_focus
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, WatchScreen) and app.screen.replay.game_id == WON
        assert app.screen.board.view is not None  # the Minesweeper board
    store.close()


async def test_a_game_that_cannot_be_watched_is_said_and_not_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, clock = Store(tmp_path / "games.db"), Clock()
    app = mondrian_app(store, clock)
    told: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_: told.append(message))
    async with app.run_test(size=(100, 34)) as pilot:
        screen, _ = await play_a_game(pilot, clock)
        assert screen.kept is not None
        game_id = screen.kept.id
        await pilot.press("f2", "s")
        await pilot.pause()
        with store.transaction() as db:  # the log changed by hand meanwhile
            db.execute(
                text("update moves set move = 'lift 7,7' where game_id = :id and number = 1"),
                {"id": game_id},
            )
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert told == [
            f"game {game_id} cannot be shown: step 2 of the log, 'lift 7,7', cannot be "
            "replayed: no block at row 8, column 8"
        ]
    with pytest.raises(CannotWatch, match="is no longer kept"):
        mondrian_watchable(store, "goneXXXXXXXXXXXXXXXXXX")
    in_play = GridPuzzlesApp(clock=clock, start="mondrian", store=store)
    async with in_play.run_test(size=(100, 34)) as pilot:
        playing = screen_of(in_play)
        await put_with_keys(pilot, playing, solution_of(playing.game)[0])
        assert playing.kept is not None
        with pytest.raises(CannotWatch, match="is still being played"):
            mondrian_watchable(store, playing.kept.id)
    store.close()
