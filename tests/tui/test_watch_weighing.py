"""The guesses of a Minesweeper game watched in the full-screen app are weighed one by one once
the review is made (what each gave away of the chance to win), a bar and a line saying how far
the weighing is; each weighed verdict then says it, in the words every shell says."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from textual.widgets import ProgressBar

from gridpuzzles.midend.minesweeper import Replay
from gridpuzzles.midend.review import deep_reviewed, verdict_words, weighings_of
from gridpuzzles.minesweeper import level
from gridpuzzles.minesweeper.solving.review import Review
from gridpuzzles.minesweeper.solving.win_loss import WinLoss
from gridpuzzles.storage import Store
from gridpuzzles.tui.watch import watchable
from tests.tui.test_watch import LOST, app_on, in_sight, keep, lost_log, said, watching

pytestmark = pytest.mark.anyio


async def test_the_guesses_are_weighed_one_by_one_with_a_bar_and_each_verdict_says_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path / "games.db")
    keep(store, LOST, lost_log())
    replay = watchable(store, LOST)
    deep = deep_reviewed(replay)  # the mid-end's, not through the screen
    due = [judged for judged in deep.moves if judged.weighable]
    assert due and all(judged.weighed for judged in due)
    started = threading.Event()
    release = threading.Event()

    def held(replay: Replay, judged: Review) -> Iterator[tuple[int, WinLoss | None]]:
        started.set()
        release.wait(10)  # the solver, held back until the test lets it go
        yield from weighings_of(replay, judged)

    monkeypatch.setattr("gridpuzzles.tui.watch.weighings_of", held)
    app = app_on(store)
    async with app.run_test(size=(80, 24)) as pilot:
        try:
            screen = await watching(pilot)
            for _ in range(100):
                if started.is_set() and screen.review is not None:
                    break
                await pilot.pause(0.05)
            await pilot.pause(0.1)
            bar = screen.query_one(ProgressBar)
            assert (bar.progress, bar.total) == (0, len(due))
            assert said(screen, "#weighing-words") == f"Weighing the guesses: 0 of {len(due)}"
            assert screen.query_one("#weighing").display
        finally:
            release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert bar.progress == bar.total == len(due)
        # the weighing's line gives its place back to the pace's
        assert not screen.query_one("#weighing").display and screen.query_one("#pace").display
        for judged in due:  # each weighed verdict under its step, as `review --deep` says it
            await pilot.press("home", *["right"] * (judged.number + 1))
            assert verdict_words(judged) in said(screen, "#review")
            assert "to win)" in said(screen, "#review")
    store.close()


LONGEST_WEIGHING = WinLoss(
    (0, 0), Fraction(61), Fraction(64), exact=False, low=-10.0, high=6.0, playouts=400
)
"""What a guess gave away in the longest words a weighing has: an estimate that found the
player's move the better and cannot tell a loss of 5 points from none ("too close to call:
gained about 3 points of the chance to win over the solver's choice (...)")."""


async def test_a_weighed_verdict_the_heading_and_the_whole_intermediate_board_fit_80x24(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = level("intermediate")
    store = Store(tmp_path / "games.db")
    log = lost_log(config)
    keep(store, LOST, log, config=config)

    def longest(replay: Replay, judged: Review) -> Iterator[tuple[int, WinLoss | None]]:
        return ((due.number, LONGEST_WEIGHING) for due in judged.weighable)

    monkeypatch.setattr("gridpuzzles.tui.watch.weighings_of", longest)
    app = app_on(store, config)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await watching(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.review is not None and screen.review.weighed_count
        replay = screen.replay
        # the whole heading is longer than a line: the game's id gives way
        assert len(replay.heading) > 78 and said(screen, "#heading") == replay.description
        cells = (screen.board.cell_width, screen.board.cell_height)
        weighed = 0
        for _ in range(len(log) + 1):
            weighed += "too close to call: gained about 3 points" in said(screen, "#review")
            in_sight(screen)
            assert (screen.board.cell_width, screen.board.cell_height) == cells  # no jumping
            await pilot.press("right")
            await pilot.pause()
        assert weighed == len(screen.review.weighable)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert said(screen, "#heading") == replay.heading  # room enough: the whole of it
    store.close()
