"""Modal screens of the terminal app: help and the new-game menu."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from gridpuzzles.minesweeper.settings import (
    LEVELS,
    Config,
    ConfigError,
    FirstClick,
    level,
    level_of,
)

MINES_HELP = """\
[b]Minesweeper[/b]

  mouse left      reveal; on a satisfied number: chord
  mouse right     flag / unflag (shift+left too)
  arrows, hjkl    move the cursor
  space, enter    reveal the cell under the cursor
  f               flag / unflag it
  c               chord it
  n               new game (same level)      l   level menu
  escape, ?       close this help             q   quit
"""

MONDRIAN_HELP = """\
[b]Mondrian Blocks[/b]

  list (tab to it)      pick a published challenge with enter
  arrows, hjkl          move the cursor on the board
  1, 2, 3               choose the black 1x1, 1x2 or 1x3
  o                     turn it (horizontal / vertical)
  space, enter, click   place it; with all three placed, every solution is found
  x                     clear the board
  n, p (page keys)      next / previous solution
  escape, ?             close this help      q   quit
"""


class HelpScreen(ModalScreen[None]):
    """The keys and mouse actions."""

    BINDINGS = [("escape", "dismiss", "Close"), ("question_mark", "dismiss", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Static { width: auto; max-width: 90%; padding: 1 2; border: round $accent; background: $panel; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text)


CUSTOM = "custom"


class LevelMenu(ModalScreen[tuple[Config, int | None] | None]):
    """Pick a level or a custom size, a seed and the first-click rule; returns (config, seed)."""

    BINDINGS = [("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    LevelMenu { align: center middle; }
    LevelMenu > Vertical { width: 60; height: auto; padding: 1 2; border: round $accent; background: $panel; }
    LevelMenu Grid { grid-size: 2; grid-columns: 16 1fr; grid-rows: 3; height: auto; }
    LevelMenu Label { padding: 1 0; }
    LevelMenu #error { color: $error; height: auto; }
    LevelMenu Horizontal { height: auto; align: right middle; }
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
                )
                yield Label("Width")
                yield Input(str(self.current.width), id="width", type="integer")
                yield Label("Height")
                yield Input(str(self.current.height), id="height", type="integer")
                yield Label("Mines")
                yield Input(str(self.current.mines), id="mines", type="integer")
                yield Label("Seed")
                yield Input(placeholder="random", id="seed", type="integer")
                yield Label("First click")
                yield Select(
                    rules, value=self.current.first_click.value, allow_blank=False, id="first-click"
                )
            yield Static("", id="error")
            with Horizontal():
                yield Button("Cancel", id="cancel")
                yield Button("Start", id="start", variant="primary")

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
        try:
            self.dismiss(self.chosen())
        except (ConfigError, ValueError) as error:
            self.query_one("#error", Static).update(str(error))

    def chosen(self) -> tuple[Config, int | None]:
        """The configuration and seed the form describes; raises with a clear message if bad."""
        first_click = FirstClick(str(self.query_one("#first-click", Select).value))
        numbers = {}
        for name in ("width", "height", "mines"):
            text = self.query_one(f"#{name}", Input).value.strip()
            if not text.lstrip("-").isdigit():
                raise ConfigError(f"{name} must be a whole number")
            numbers[name] = int(text)
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else None
        chosen = str(self.query_one("#level", Select).value)
        if (
            chosen in LEVELS
            and (numbers["width"], numbers["height"], numbers["mines"]) == LEVELS[chosen]
        ):
            return level(chosen, first_click), seed
        config = Config(numbers["width"], numbers["height"], numbers["mines"], first_click)
        return config, seed

    def action_cancel(self) -> None:
        self.dismiss(None)
