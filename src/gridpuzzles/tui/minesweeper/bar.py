"""The Minesweeper status bar: the mines left, the face and the clock, as the game screen shows
a game in play and the watching screen a kept game at each of its steps."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from gridpuzzles.midend.minesweeper import figures_of
from gridpuzzles.midend.play import Play
from gridpuzzles.minesweeper import Game, Status

FACES = {Status.PLAYING: ":-)", Status.WON: "B-)", Status.LOST: "X-("}


class GameBar(Horizontal):
    """Mines left, the face and the clock of a game, in one line."""

    DEFAULT_CSS = """
    GameBar { height: 1; padding: 0 1; }
    GameBar #mines-left, GameBar #timer { width: 1fr; color: #ff3030; text-style: bold; }
    GameBar #timer { text-align: right; }
    GameBar #face { width: 7; text-align: center; text-style: bold; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="mines-left")
        yield Static(id="face")
        yield Static(id="timer")

    def show(self, played: Play[Game], now: float) -> None:
        """The game in play ``played`` at time ``now`` (seconds), on its clock (`figures_of`)."""
        game, numbers = played.state, figures_of(played, now)
        self.query_one("#mines-left", Static).update(f"Mines {numbers.mines_left:03d}")
        self.query_one("#face", Static).update(FACES[game.status])
        self.query_one("#timer", Static).update(f"Time {min(int(numbers.elapsed), 999):03d}")
