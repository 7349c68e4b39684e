"""Modal screens of the terminal app: help, the new-game menu and the statistics."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Input, Label, Select, Static

from gridpuzzles.bounds import MAX_SEED, parse_whole
from gridpuzzles.minesweeper.core.records import LevelRecord
from gridpuzzles.minesweeper.core.settings import (
    LEVELS,
    MAX_SIDE,
    Config,
    ConfigError,
    FirstClick,
    check_playable,
    level_of,
)
from gridpuzzles.storage import PlayedGame, Store
from gridpuzzles.tui.records import (
    HISTORY_HEADINGS,
    HISTORY_LEGEND,
    MONDRIAN_HEADINGS,
    MONDRIAN_NUMBERS,
    NUMBER_HEADINGS,
    history_row,
    mondrian_history_row,
    records_view,
)
from gridpuzzles.tui.watch import CannotWatch, WatchScreen, mondrian_watchable, watchable

if TYPE_CHECKING:
    from gridpuzzles.midend.minesweeper import Replay
    from gridpuzzles.midend.mondrian import Replay as MondrianReplay
    from gridpuzzles.storage.mondrian_play import SolvedGame

MINES_HELP = """\
[b]Minesweeper[/b]

  mouse left      reveal; on a satisfied number: chord
  mouse right     flag / unflag (shift+left too)
  arrows, hjkl    move the cursor
  space, enter    reveal the cell under the cursor
  f               flag / unflag it
  c               chord it
  u, y            undo, redo (undo also takes back a mine)
  p               let the auto-player play one move
  i, H            hint: mark the safest cell, say how safe
  o               show / hide mine chances: shades, the
                  cursor's cell in %; † dead: tells nothing
                  new, ½ unavoidable 50/50
  n               new game, same level
  L               level menu: size, seed, rules, no-guess
  s               statistics: records, games to watch again
  F2, F3          Minesweeper, Mondrian Blocks
  q               quit (n, L, q: asked first in a game)
  escape, ?, q    close this help
"""
"""The keys, in lines short enough for an 80-column terminal (a dialog there has 66)."""


class HelpScreen(ModalScreen[None]):
    """The keys and mouse actions (or any text shown the same way)."""

    BINDINGS = [
        ("escape", "dismiss", "Close"),
        ("question_mark", "dismiss", "Close"),
        ("q", "dismiss", "Close"),
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Static { width: auto; max-width: 90%; padding: 1 2; border: round $accent; background: $panel; }
    """

    def __init__(self, text: RenderableType) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text)


class ConfirmLeave(ModalScreen[bool]):
    """Asked before a game in play is left: True to leave it (a loss), False to keep playing.

    ``l`` or the Leave button leaves; ``k``, ``escape`` or the Keep playing button (focused
    first, so that a stray enter costs nothing) keeps the game."""

    QUESTION = "Leave this game? It counts as a loss."
    BINDINGS = [
        Binding("l", "answer(True)", "Leave"),
        Binding("k,escape", "answer(False)", "Keep playing"),
        Binding("left", "app.focus_previous", "Other button", show=False),
        Binding("right", "app.focus_next", "Other button", show=False),
    ]
    DEFAULT_CSS = """
    ConfirmLeave { align: center middle; }
    ConfirmLeave > Vertical { width: 72; max-width: 100%; height: auto; padding: 1 2;
                              border: round $warning; background: $panel; }
    ConfirmLeave #keys { color: $text-muted; margin-top: 1; }
    ConfirmLeave Horizontal { height: auto; width: auto; margin-top: 1; }
    ConfirmLeave Button { margin-right: 2; }
    """

    def __init__(self, question: str = QUESTION) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"[b]{self.question}[/b]", id="question")
            yield Static("l: leave it    k or escape: keep playing", id="keys")
            with Horizontal():
                yield Button("Leave", id="leave", variant="warning", compact=True)
                yield Button("Keep playing", id="keep", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#keep", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "leave")

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)


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


CUSTOM = "custom"


@dataclass(frozen=True)
class GameChoice:
    """What the level menu asks for: a board and its seed (None: a random one)."""

    config: Config
    seed: int | None = None


class LevelMenu(ModalScreen[GameChoice | None]):
    """Pick a level or a custom size, a seed and the first-click rule (no-guess boards too)."""

    BINDINGS = [
        ("escape", "cancel", "Cancel"),
        ("q", "cancel", "Cancel"),
        Binding("enter", "start", "Start", show=False, priority=True),
    ]
    """Enter starts the game from anywhere in the menu (a closed list included), except in an
    open list, where it picks the option, and on the Cancel button."""
    DEFAULT_CSS = """
    LevelMenu { align: center middle; }
    LevelMenu > Vertical { width: 60; height: auto; padding: 1 2; border: round $accent; background: $panel; }
    LevelMenu Grid { grid-size: 2; grid-columns: 16 1fr; grid-rows: 1; grid-gutter: 1 0; height: auto; margin: 1 0; }
    LevelMenu #error { color: $error; height: auto; }
    LevelMenu Horizontal { height: auto; align: right middle; }
    LevelMenu Button { margin-left: 2; }
    """

    def __init__(self, current: Config) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        levels = [(f"{name} ({w}x{h}, {m})", name) for name, (w, h, m) in LEVELS.items()]
        rules = [(rule.value, rule.value) for rule in FirstClick]
        with Vertical():
            yield Static("[b]New game[/b]")
            with Grid():
                yield Label("Level")
                yield Select(
                    [*levels, ("custom size", CUSTOM)],
                    value=level_of(self.current) or CUSTOM,
                    allow_blank=False,
                    id="level",
                    compact=True,
                )
                yield Label(f"Width (1-{MAX_SIDE})")
                yield self._number("width", self.current.width, MAX_SIDE)
                yield Label(f"Height (1-{MAX_SIDE})")
                yield self._number("height", self.current.height, MAX_SIDE)
                yield Label("Mines")
                yield self._number("mines", self.current.mines, MAX_SIDE * MAX_SIDE)
                yield Label("Seed")
                yield Input(
                    placeholder="random",
                    id="seed",
                    type="integer",
                    valid_empty=True,
                    max_length=len(str(MAX_SEED)),
                    compact=True,
                )
                yield Label("First click")
                yield Select(
                    rules,
                    value=self.current.first_click.value,
                    allow_blank=False,
                    id="first-click",
                    compact=True,
                )
            yield Static("", id="error")
            with Horizontal():
                yield Button("Cancel", id="cancel", compact=True)
                yield Button("Start", id="start", variant="primary", compact=True)

    @staticmethod
    def _number(name: str, value: int, most: int) -> Input:
        """A field of a whole number that takes no more digits than ``most`` has."""
        return Input(str(value), id=name, type="integer", max_length=len(str(most)), compact=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter is left to an open list (it picks the option) and to the Cancel button."""
        if action != "start":
            return True
        focused = self.focused
        if isinstance(focused, Button) and focused.id == "cancel":
            return False
        return not any(select.expanded for select in self.query(Select))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "level" and event.value in LEVELS:
            width, height, mines = LEVELS[str(event.value)]
            self.query_one("#width", Input).value = str(width)
            self.query_one("#height", Input).value = str(height)
            self.query_one("#mines", Input).value = str(mines)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.dismiss(None)
            return
        self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in any field starts the game, as the Start button does."""
        event.stop()
        self.action_start()

    def action_start(self) -> None:
        """Start the game the form describes, or say what is wrong with it."""
        try:
            self.dismiss(self.chosen())
        except (ConfigError, ValueError) as error:
            self.query_one("#error", Static).update(str(error))

    def chosen(self) -> GameChoice:
        """The game the form describes; raises `ConfigError` or `BoundError` with a clear
        message if it is bad: sides from 1 to `MAX_SIDE`, a seed from 0 to `MAX_SEED`."""
        first_click = FirstClick(str(self.query_one("#first-click", Select).value))
        width = parse_whole(self._field("width"), "the width", 1, MAX_SIDE)
        height = parse_whole(self._field("height"), "the height", 1, MAX_SIDE)
        mines = parse_whole(self._field("mines"), "the mine count", 0, MAX_SIDE * MAX_SIDE)
        seed_text = self._field("seed")
        seed = parse_whole(seed_text, "the seed", 0, MAX_SEED) if seed_text else None
        config = replace(
            self.current, width=width, height=height, mines=mines, first_click=first_click
        )
        return GameChoice(check_playable(config), seed)

    def _field(self, name: str) -> str:
        return self.query_one(f"#{name}", Input).value.strip()

    def action_cancel(self) -> None:
        self.dismiss(None)
