"""Modal screens both puzzles share in the full-screen app: a help page and the question
before leaving a game in play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

if TYPE_CHECKING:
    pass


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
