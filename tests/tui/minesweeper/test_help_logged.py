"""The full-screen app keeps a game's help as a step of its log, as every shell does: the
first help once the game has started is a ``help`` line (after the move made with the
probabilities shown, or alone for a hint or the probabilities), help before the first reveal
and help after the first none."""

import pytest

from gridpuzzles.tui.minesweeper.screen import MinesweeperScreen
from tests.tui.minesweeper.test_minesweeper_screen import app_for, screen_of

pytestmark = pytest.mark.anyio


def logged(screen: MinesweeperScreen) -> list[str]:
    """The lines of the log the screen keeps of its game."""
    return [timed.text for timed in screen.record.moves]


async def test_a_hint_is_logged_once_and_not_before_the_first_reveal() -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = screen_of(app)
        await pilot.press("i")  # before the first reveal: it tells nothing
        assert screen.record.moves == () and not screen.play.assisted
        await pilot.press("space")  # the hinted cell
        await pilot.press("i", "o")  # a hint marks the game; the probabilities then nothing
        assert logged(screen) == ["r0,0", "help"]
        assert screen.play.assisted and screen.play.version == 2
        await pilot.press("p")  # Play Move on an assisted game: its move alone
        assert len(screen.record.moves) == 3 and screen.play.version == 3


async def test_a_move_made_with_the_probabilities_shown_is_logged_with_help_after_it() -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = screen_of(app)
        await pilot.press("o")  # shown before the first reveal: nothing yet
        assert screen.record.moves == () and not screen.play.assisted
        await pilot.press("space")
        texts = logged(screen)
        assert len(texts) == 2 and texts[1] == "help" and texts[0].startswith("r")
        assert screen.play.assisted and (screen.play.moves, screen.play.version) == (1, 2)
        assert screen.record.play() == screen.play  # the store's replay gives the same game
