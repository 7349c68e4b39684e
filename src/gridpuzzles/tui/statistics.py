"""The statistics screen of the full-screen app: the Minesweeper records, then the latest
games of both puzzles, to choose one and watch it again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import DataTable, Static

from gridpuzzles.minesweeper.core.records import LevelRecord
from gridpuzzles.storage import PlayedGame, Store
from gridpuzzles.tui.dialogs import HelpScreen
from gridpuzzles.tui.minesweeper.records import (
    HISTORY_HEADINGS,
    HISTORY_LEGEND,
    NUMBER_HEADINGS,
    history_row,
)
from gridpuzzles.tui.mondrian.records import (
    MONDRIAN_HEADINGS,
    MONDRIAN_NUMBERS,
    mondrian_history_row,
)
from gridpuzzles.tui.records import records_view
from gridpuzzles.tui.watch import CannotWatch, WatchScreen, mondrian_watchable, watchable

if TYPE_CHECKING:
    from gridpuzzles.midend.minesweeper import Replay
    from gridpuzzles.midend.mondrian import Replay as MondrianReplay
    from gridpuzzles.storage.mondrian_play import SolvedGame


Records = tuple[Sequence[LevelRecord], Sequence[PlayedGame]]
"""The records of every level and the latest games, as the store gives them."""


GAMES_KEYS = "enter: watch the game again · tab: scroll the records · q: close"
"""What the keys do under the latest games (short enough for 80 columns)."""


BOTH_GAMES_KEYS = "enter: watch the game again · tab: the other games, the records · q: close"
"""What the keys do under the latest games of both puzzles (short enough for 80 columns)."""


STATS_WIDTH = 104
"""The widest the statistics are drawn, in columns."""


class StatsScreen(HelpScreen):
    """The records of every level and each level's best times, as wide as the terminal (the
    records take short headings with a legend below 80 columns' worth), scrolled when taller;
    then the latest games of each puzzle, in full below them, to choose one with the arrows
    and watch it again (Enter: `WatchScreen`). The games have the keys first (Minesweeper's,
    then Mondrian's); tab gives them to the other games, then to the records, to scroll them
    with the arrows and page keys."""

    BINDINGS = [("s", "dismiss", "Close")]
    DEFAULT_CSS = f"""
    StatsScreen > Vertical {{ width: 100%; max-width: {STATS_WIDTH}; height: auto;
                             max-height: 100%; padding: 0 1; border: round $accent;
                             background: $panel; }}
    StatsScreen #records, StatsScreen #games {{ height: auto; }}
    StatsScreen #games-title, StatsScreen #mondrian-title {{ margin-top: 1; }}
    StatsScreen #mondrian-games {{ height: auto; }}
    StatsScreen .note {{ color: $text-muted; }}
    """
    FRAME = (4, 2)
    """The columns and lines the frame takes around its content (border, padding)."""

    def __init__(
        self,
        records: Records | None,
        store: Store | None = None,
        solved: Sequence[SolvedGame] = (),
    ) -> None:
        """``records`` read from ``store`` (which keeps the games to watch), or None: the
        session keeps no games; ``solved``: the latest Mondrian games solved."""
        self.store = store
        self.history: Sequence[PlayedGame] = ()
        self.solved = solved
        self.compact = False
        """Whether the latest games are listed in the short form (`history_row`)."""
        if records is None:
            super().__init__(
                "No statistics are kept in this session: it was started without a database."
            )
            return
        levels, self.history = records
        super().__init__(records_view(levels, (), None if store is None else store.path))

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll(id="records"):
                yield Static(self.text)
            if self.history:
                yield Static("[b]Latest games[/b] (a seed replays its board)", id="games-title")
                yield DataTable(id="games", cursor_type="row")
                yield Static(HISTORY_LEGEND, id="legend", classes="note")
            if self.solved:
                yield Static("[b]Latest Mondrian Blocks games[/b]", id="mondrian-title")
                yield DataTable(id="mondrian-games", cursor_type="row")
            if self.history or self.solved:
                both = self.history and self.solved
                yield Static(BOTH_GAMES_KEYS if both else GAMES_KEYS, classes="note")

    def on_mount(self) -> None:
        if self.solved:
            table = self.query_one("#mondrian-games", DataTable)
            table.add_columns(*map(_justified_mondrian, MONDRIAN_HEADINGS, MONDRIAN_HEADINGS))
            for game in self.solved:
                row = mondrian_history_row(game)
                table.add_row(*map(_justified_mondrian, MONDRIAN_HEADINGS, row), key=game.id)
        if self.history or self.solved:
            self.query(DataTable).first().focus()

    def on_resize(self, event: events.Resize) -> None:
        """List the latest games in the form that fits, and give the records what is left
        of the height (scrolled), so that the games always show in full."""
        # the title and its margin, the table and its headings, the keys
        mondrian = 2 + len(self.solved) + 1 if self.solved else 0
        if not self.history:
            self._leave_records(event.size.height - mondrian - bool(self.solved))
            return
        table = self.query_one(DataTable)
        full = [history_row(game) for game in self.history]
        widest = [
            max(len(cell) for cell in column)
            for column in zip(HISTORY_HEADINGS, *full, strict=True)
        ]
        room = min(event.size.width, STATS_WIDTH) - self.FRAME[0]
        compact = sum(width + 2 for width in widest) > room  # (a cell's padding: 1 each side)
        if compact != self.compact or not table.row_count:
            self.compact = compact
            table.clear(columns=True)
            table.add_columns(*map(_justified, HISTORY_HEADINGS, HISTORY_HEADINGS))
            for game in self.history:
                row = history_row(game, compact)
                table.add_row(*map(_justified, HISTORY_HEADINGS, row), key=game.id)
        self.query_one("#legend").display = compact
        # the title and its margin, the table and its headings, the legend, the keys
        below = 2 + len(self.history) + 1 + compact + 1
        self._leave_records(event.size.height - below - mondrian)

    def _leave_records(self, height: int) -> None:
        """Give the records ``height`` lines less the frame's (at least 3: scrolled)."""
        self.query_one("#records").styles.max_height = max(3, height - self.FRAME[1])

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Watch the game chosen again, or say why it cannot be shown."""
        game_id = event.row_key.value
        if self.store is None or game_id is None:
            return
        try:
            if event.data_table.id == "mondrian-games":
                replay: Replay | MondrianReplay = mondrian_watchable(self.store, game_id)
            else:
                replay = watchable(self.store, game_id)
        except CannotWatch as error:
            self.notify(str(error), severity="error")
            return
        self.app.push_screen(WatchScreen(replay))


def _justified(heading: str, cell: str) -> str | Text:
    """A cell of the latest games, set right under a heading of numbers."""
    return Text(cell, justify="right") if heading in NUMBER_HEADINGS else cell


def _justified_mondrian(heading: str, cell: str) -> str | Text:
    """A cell of the latest Mondrian games, set right under a heading of numbers."""
    return Text(cell, justify="right") if heading in MONDRIAN_NUMBERS else cell
