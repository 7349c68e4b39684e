"""Bad input to the full-screen app: options and databases refused in one line before the app
starts (and before a database is created or changed), the level menu's fields refused with
the bound named, and positions beyond the solver answered with a message, not a crash."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import tempfile
from pathlib import Path

import pytest

from gridpuzzles.bounds import MAX_SEED
from gridpuzzles.cli.main import main, mines_main
from gridpuzzles.midend.minesweeper import play_of
from gridpuzzles.minesweeper import Status, level, new_game
from gridpuzzles.storage import Store
from gridpuzzles.tui.app import GridPuzzlesApp
from gridpuzzles.tui.minesweeper.dialogs import LevelMenu
from gridpuzzles.tui.minesweeper.screen import MinesweeperScreen
from tests.minesweeper.boards import striped_game, winning_reveals
from tests.tui.minesweeper.test_minesweeper_screen import app_for, click_cell, message, screen_of

HUGE = "9" * 20


def assert_one_line(err: str, prefix: str, needle: str) -> None:
    assert "Traceback" not in err
    assert err.startswith(f"{prefix}: error: ") and err.count("\n") == 1, err
    assert needle in err, err


@pytest.fixture
def never_started(monkeypatch: pytest.MonkeyPatch) -> None:
    def started(app: GridPuzzlesApp) -> None:
        raise AssertionError("the app started")

    monkeypatch.setattr(GridPuzzlesApp, "run", started)


@pytest.mark.parametrize(
    ("argv", "prefix", "needle"),
    [
        (["tui", "--seed", HUGE], "gridpuzzles tui", "--seed must be a whole number from 0 to"),
        (["tui", "--seed", str(MAX_SEED + 1)], "gridpuzzles tui", "9223372036854775807"),
        (["mines", "play", "--tui", "--seed", HUGE], "mines play", "--seed must be"),
        (
            ["tui", "--width", "100000", "--height", "100000", "--mines", "10"],
            "gridpuzzles tui",
            "width must be from 1 to 100, not 100000",
        ),
        (
            ["tui", "--width", "100", "--height", "101", "--density", "0.1"],
            "gridpuzzles tui",
            "height must be from 1 to 100, not 101",
        ),
        (
            ["tui", "--width", "51", "--height", "50", "--mines", "9", "--no-guess"],
            "gridpuzzles tui",
            "no-guess boards have at most 2,500 cells, not 51x50",
        ),
        (
            ["tui", "--level", "beginner", "--width", "9"],
            "gridpuzzles tui",
            "either --level or a custom size",
        ),
    ],
)
def test_bad_options_are_refused_before_the_database_is_made(
    argv: list[str],
    prefix: str,
    needle: str,
    tmp_path: Path,
    never_started: None,
    capsys: pytest.CaptureFixture[str],
) -> None:
    db = tmp_path / "games.db"
    assert main([*argv, "--db", str(db)]) == 2
    assert_one_line(capsys.readouterr().err, prefix, needle)
    assert list(tmp_path.iterdir()) == []


def test_options_take_ascii_digits_only(
    never_started: None, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv in (["tui", "--seed", "\u0663"], ["tui", "--width", "\u00b2"]):
        with pytest.raises(SystemExit) as leaving:
            main(argv)
        assert leaving.value.code == 2
        err = capsys.readouterr().err
        assert "expected a whole number" in err.splitlines()[-1] and "Traceback" not in err


def foreign_database(path: Path) -> bytes:
    """Another program's SQLite file, with a table named like one of ours; its bytes."""
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE games (name TEXT, score INTEGER)")
        db.execute("INSERT INTO games VALUES ('chess', 3)")
    return path.read_bytes()


def test_a_database_that_is_not_ours_is_refused_and_left_as_it_was(
    tmp_path: Path, never_started: None, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("hello, this is no SQLite file " * 100)
    text_before = (tmp_path / "notes.txt").read_bytes()
    foreign_before = foreign_database(tmp_path / "other.db")
    cases = [
        (tmp_path, "it is a folder, not a regular file"),
        (tmp_path / "notes.txt", "file is not a database"),
        (tmp_path / "other.db", "its table 'games' has the columns name, score"),
    ]
    for path, needle in cases:
        assert mines_main(["play", "--tui", "--db", str(path)]) == 2
        err = capsys.readouterr().err
        assert_one_line(err, "mines play", f"cannot open the database {path}: {needle}")
    assert (tmp_path / "notes.txt").read_bytes() == text_before
    assert (tmp_path / "other.db").read_bytes() == foreign_before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "other.db"]


NOBODY = 65534
"""An ordinary user: root may write a read-only file, so the test drops to this user."""


def as_ordinary_user(argv: list[str]) -> int:
    """The exit status of ``gridpuzzles ARGV`` run in a forked child, as `NOBODY` when this
    process is root (its output goes to this process's file descriptors)."""
    pid = os.fork()
    if pid == 0:
        status = 99
        try:
            if os.geteuid() == 0:
                os.setgid(NOBODY)
                os.setuid(NOBODY)
            status = main(argv)
        finally:
            os._exit(status)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


def test_a_read_only_database_is_refused_at_once(
    never_started: None, capfd: pytest.CaptureFixture[str]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.chmod(folder, 0o755)  # the ordinary user reaches the file, and cannot write it
        path = Path(folder) / "games.db"
        Store(path).close()
        path.chmod(0o444)
        before = path.read_bytes()
        assert as_ordinary_user(["tui", "--db", str(path)]) == 2
        assert path.read_bytes() == before
    assert_one_line(capfd.readouterr().err, "gridpuzzles tui", "readonly database")


def test_the_largest_seed_is_played_to_the_end_stored_and_shown_exactly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bug: with a seed past 2**63-1 a finished game could not be stored and the app
    died. Such seeds are refused now; the largest one accepted is kept exactly."""
    shown: list[str] = []

    def play_to_the_end(app: GridPuzzlesApp) -> None:
        async def drive() -> None:
            async with app.run_test(size=(100, 40)) as pilot:
                screen = screen_of(app)
                for cell in winning_reveals(new_game(screen.game.config, MAX_SEED), (4, 4)):
                    await click_cell(pilot, cell)
                assert screen.game.status is Status.WON
                await pilot.press("n")
                shown.append(message(app))

        asyncio.run(drive())

    monkeypatch.setattr(GridPuzzlesApp, "run", play_to_the_end)
    db = tmp_path / "games.db"
    assert main(["tui", "--level", "beginner", "--seed", str(MAX_SEED), "--db", str(db)]) == 0
    with sqlite3.connect(db) as connection:
        rows = connection.execute("SELECT seed, status FROM games").fetchall()
    assert rows == [(MAX_SEED, "won")]
    assert "won 1, lost 0" in shown[0]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("field", "value", "needle"),
    [
        ("width", "\u0663", "the width must be a whole number from 1 to 100, not '\u0663'"),
        ("width", "\u00b2", "the width must be a whole number from 1 to 100"),
        ("width", "101", "the width must be a whole number from 1 to 100, not '101'"),
        ("height", "-1", "the height must be a whole number from 1 to 100, not '-1'"),
        ("height", "", "the height must be a whole number from 1 to 100, not ''"),
        ("mines", "9" * 5000, "the mine count must be a whole number from 0 to 10,000"),
        ("mines", "82", "82 mines do not fit a 9x9 board"),
        (
            "seed",
            str(MAX_SEED + 1),
            "the seed must be a whole number from 0 to 9,223,372,036,854,775,807",
        ),
        ("seed", "-5", "the seed must be a whole number from 0"),
    ],
)
async def test_the_level_menu_refuses_a_bad_field_with_its_bound(
    field: str, value: str, needle: str
) -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("L")
        menu = app.screen
        assert isinstance(menu, LevelMenu)
        menu.query_one(f"#{field}").value = value  # type: ignore[attr-defined]
        await pilot.click("#start")
        await pilot.pause()
        assert app.screen is menu
        assert needle in str(menu.query_one("#error").render())
        await pilot.press("escape")
        assert screen_of(app).game.config == level("beginner")


@pytest.mark.anyio
async def test_the_level_menu_takes_the_bounds_themselves() -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("L")
        menu = app.screen
        assert isinstance(menu, LevelMenu)
        for field, value in (("width", "100"), ("height", "100"), ("mines", "2000")):
            menu.query_one(f"#{field}").value = value  # type: ignore[attr-defined]
        menu.query_one("#seed").value = str(MAX_SEED)  # type: ignore[attr-defined]
        await pilot.click("#start")
        await pilot.pause()
        game = screen_of(app).game
        assert (game.width, game.height, game.config.mines, game.seed) == (100, 100, 2000, MAX_SEED)


@pytest.mark.anyio
async def test_typing_in_the_seed_field_stops_at_its_digits() -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("L")
        seed = app.screen.query_one("#seed")
        seed.focus()
        await pilot.press(*("9" * 30))
        assert seed.value == "9" * len(str(MAX_SEED))  # type: ignore[attr-defined]


@pytest.mark.anyio
async def test_a_position_beyond_the_solver_gets_a_message_not_a_crash() -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = screen_of(app)
        screen.play = play_of(striped_game())
        screen.player = type(screen.player)(screen.game.config.first_click)
        await pilot.press("o")
        assert message(app).startswith("no probabilities: a part of the frontier has 5,000")
        await pilot.press("i")
        assert message(app).startswith("no hint: a part of the frontier")
        await pilot.press("p")
        assert message(app).startswith("the auto-player has no move: a part of the frontier")
        assert isinstance(app.screen, MinesweeperScreen)
