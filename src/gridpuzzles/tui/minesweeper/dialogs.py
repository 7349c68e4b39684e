"""The Minesweeper dialogs of the full-screen app: its help and the new-game menu."""

from __future__ import annotations

from dataclasses import dataclass, replace

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from gridpuzzles.bounds import MAX_SEED, parse_whole
from gridpuzzles.minesweeper.core.settings import (
    LEVELS,
    MAX_SIDE,
    Config,
    ConfigError,
    FirstClick,
    check_playable,
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
