"""`gridpuzzles tui` and `mines play --tui`: options, errors, and the app they start."""

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from gridpuzzles.cli.main import main, mines_main
from gridpuzzles.minesweeper import Config, FirstClick, Mark, WinRule, level
from gridpuzzles.storage import SavedGame, Store
from gridpuzzles.tui.app import GridPuzzlesApp
from gridpuzzles.tui.minesweeper.screen import OWNER, MinesweeperScreen
from gridpuzzles.tui.mondrian.screen import MondrianScreen

BIN = Path(sys.executable).parent


def test_help_lists_the_options() -> None:
    result = subprocess.run(
        [str(BIN / "gridpuzzles"), "tui", "--help"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0
    for option in ("--level", "--width", "--mines", "--seed", "--first-click", "--no-guess"):
        assert option in result.stdout
    assert "--db PATH" in result.stdout and "--mondrian" in result.stdout


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["tui", "--level", "beginner", "--mines", "3"],
            "gridpuzzles tui: error: give either --level or a custom size",
        ),
        (["tui", "--width", "5"], "gridpuzzles tui: error: a custom board needs --width"),
        (
            ["tui", "--no-guess", "--first-click", "none"],
            "gridpuzzles tui: error: --no-guess opens an area at the first click",
        ),
        (
            ["tui", "--width", "3", "--height", "3", "--mines", "9"],
            "9 mines do not fit a 3x3 board",
        ),
        (["mines", "play", "--tui", "--width", "5"], "mines play: error: a custom board needs"),
        (
            ["mines", "play", "--no-keep", "--db", "games.db"],
            "mines play: error: --no-keep keeps no game: it cannot go with --db",
        ),
    ],
)
def test_bad_options_get_one_clear_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_database_that_cannot_be_opened_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "not-a-db").write_text("hello, this is no SQLite file " * 100)
    for path in (tmp_path, tmp_path / "not-a-db"):
        assert main(["tui", "--db", str(path)]) == 2
        err = capsys.readouterr().err
        assert f"gridpuzzles tui: error: cannot open the database {path}" in err
        assert err.count("\n") == 1


def test_argparse_errors_exit_2_without_a_traceback() -> None:
    result = subprocess.run(
        [str(BIN / "gridpuzzles"), "tui", "--level", "huge"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "invalid choice: 'huge'" in result.stderr and "Traceback" not in result.stderr


class Started:
    """Stands in for `App.run`: drives the app headless, then remembers what it saw."""

    def __init__(self) -> None:
        self.apps: list[GridPuzzlesApp] = []
        self.screens: list[str] = []
        self.revealed: list[bool] = []

    def __call__(self, app: GridPuzzlesApp) -> None:
        async def drive() -> None:
            async with app.run_test(size=(100, 30)) as pilot:
                self.screens.append(type(app.screen).__name__)
                if isinstance(app.screen, MinesweeperScreen):
                    await pilot.press("p")
                    self.revealed.append(Mark.REVEALED in app.screen.game.marks)

        self.apps.append(app)
        asyncio.run(drive())


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Started:
    runs = Started()
    monkeypatch.setattr(GridPuzzlesApp, "run", lambda app: runs(app))
    return runs


def test_gridpuzzles_tui_starts_the_app_as_asked(tmp_path: Path, started: Started) -> None:
    db = tmp_path / "games.db"
    argv = ["tui", "--level", "expert", "--seed", "3", "--first-click", "opening"]
    assert main([*argv, "--no-guess", "--db", str(db)]) == 0
    [app] = started.apps
    assert app.config == level("expert", FirstClick.NO_GUESS)
    assert (app.seed, app.start) == (3, "minesweeper")
    assert app.store is not None and app.store.path == db
    assert started.screens == ["MinesweeperScreen"] and started.revealed == [True]
    assert db.exists()


def test_without_a_level_it_is_beginner_under_the_chosen_rules(
    tmp_path: Path, started: Started
) -> None:
    assert main(["tui", "--win-rule", "flags", "--mondrian", "--db", str(tmp_path / "a.db")]) == 0
    [app] = started.apps
    assert app.config == Config(9, 9, 10, FirstClick.OPENING, win_rule=WinRule.FLAGS)
    assert app.start == "mondrian" and started.screens == [MondrianScreen.__name__]


def test_mines_play_tui_reuses_the_board_options(tmp_path: Path, started: Started) -> None:
    argv = ["play", "--tui", "--width", "12", "--height", "5", "--density", "0.15"]
    assert mines_main([*argv, "--db", str(tmp_path / "b.db")]) == 0
    [app] = started.apps
    assert app.config == Config(12, 5, 9, FirstClick.OPENING)  # the app's first click opens
    assert started.revealed == [True]


def test_without_board_options_the_last_game_is_played_again(
    tmp_path: Path, started: Started
) -> None:
    db = tmp_path / "c.db"
    store = Store(db)
    expert = level("expert", FirstClick.SAFE)
    store.add_game(SavedGame("web", level("beginner"), 1, owner="someone else", created_at=9.0))
    store.add_game(SavedGame("mine", expert, 1, owner=OWNER, created_at=5.0))
    store.close()
    assert main(["tui", "--db", str(db)]) == 0
    assert main(["tui", "--db", str(db), "--first-click", "none"]) == 0
    assert [app.config for app in started.apps] == [expert, level("beginner", FirstClick.NONE)]
