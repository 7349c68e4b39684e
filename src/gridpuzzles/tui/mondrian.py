"""The Mondrian Blocks screen: pick a published challenge or place the three black blocks,
then browse every solution, drawn in the blocks' colours with borders between blocks."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from gridpuzzles.mondrian.core.notation import EMPTY_LABEL, block_label, label_grid
from gridpuzzles.mondrian.core.official import OfficialChallenge
from gridpuzzles.mondrian.core.rendering import colour_of
from gridpuzzles.mondrian.core.rules import (
    BLACK_BLOCKS,
    STANDARD_BOARD,
    Board,
    InvalidPuzzleError,
    Orientation,
    Placement,
    challenge,
    check_placements,
    sort_placements,
)
from gridpuzzles.mondrian.solving.solutions import Solution, solutions
from gridpuzzles.tui.dialogs import MONDRIAN_HELP, HelpScreen

CELL_WIDTH, CELL_HEIGHT = 4, 2
EDGE = "#000000"
EMPTY = Style(bgcolor="#3a3a3a", color="#9a9a9a")
CURSOR = Style(reverse=True)
PREVIEW = Style(bgcolor="#6a6a6a", color="#ffffff", bold=True)


@dataclass(frozen=True)
class Drawing:
    """What the board shows: placed blocks, and where the next black block would go."""

    placements: tuple[Placement, ...] = ()
    preview: Placement | None = None


class MondrianBoard(Widget, can_focus=True):
    """An 8x8 board of blocks, each cell four characters by two lines."""

    DEFAULT_CSS = "MondrianBoard { width: auto; height: auto; }"
    BINDINGS = [
        Binding("up,k", "move(-1, 0)", "Up", show=False),
        Binding("down,j", "move(1, 0)", "Down", show=False),
        Binding("left,h", "move(0, -1)", "Left", show=False),
        Binding("right,l", "move(0, 1)", "Right", show=False),
    ]

    cursor: reactive[tuple[int, int]] = reactive((0, 0))

    class CellClicked(Message):
        def __init__(self, cell: tuple[int, int]) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, board: Board = STANDARD_BOARD, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.board = board
        self.drawing = Drawing()

    def draw(self, drawing: Drawing) -> None:
        self.drawing = drawing
        self.refresh()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.board.width * CELL_WIDTH

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.board.height * CELL_HEIGHT

    def render(self) -> Text:
        placements = self.drawing.placements
        labels = label_grid(self.board, placements)
        styles = {
            block_label(n): Style(
                bgcolor=colour_of(p.block).fill, color=colour_of(p.block).ink, bold=True
            )
            for n, p in enumerate(placements)
        }
        preview = self.drawing.preview.cells() if self.drawing.preview else frozenset()
        text = Text(no_wrap=True, overflow="crop")
        for row in range(self.board.height):
            for line in range(CELL_HEIGHT):
                if row or line:
                    text.append("\n")
                for col in range(self.board.width):
                    label = labels[row][col]
                    style = PREVIEW if (row, col) in preview else styles.get(label, EMPTY)
                    if (row, col) == self.cursor:
                        style = style + CURSOR
                    self._append_cell(text, labels, row, col, line, style)
        return text

    def _append_cell(
        self,
        text: Text,
        labels: tuple[tuple[str, ...], ...],
        row: int,
        col: int,
        line: int,
        style: Style,
    ) -> None:
        """One line of one cell: the letter on top, a border where the next block begins."""
        label = labels[row][col]
        below = labels[row + 1][col] if row + 1 < self.board.height else None
        right = labels[row][col + 1] if col + 1 < self.board.width else None
        edge = style + Style(color=EDGE)
        if line == 0:
            shown = label if label != EMPTY_LABEL else "·"
            text.append(f" {shown} ", style)
        elif below is not None and below != label:
            text.append("▁▁▁", edge)
        else:
            text.append("   ", style)
        text.append("▕" if right is not None and right != label else " ", edge)

    class CursorMoved(Message):
        """The cursor moved, so a preview that follows it must be redrawn."""

    def watch_cursor(self) -> None:
        self.post_message(self.CursorMoved())
        self.refresh()

    def action_move(self, drow: int, dcol: int) -> None:
        row, col = self.cursor
        self.cursor = (
            min(max(row + drow, 0), self.board.height - 1),
            min(max(col + dcol, 0), self.board.width - 1),
        )

    def on_click(self, event: events.Click) -> None:
        row, col = event.y // CELL_HEIGHT, event.x // CELL_WIDTH
        if 0 <= row < self.board.height and 0 <= col < self.board.width:
            self.cursor = (row, col)
            self.post_message(self.CellClicked((row, col)))


class MondrianScreen(Screen[None]):
    """Choose a challenge, then browse its solutions."""

    BINDINGS = [
        Binding("1", "choose(0)", "1x1", show=False),
        Binding("2", "choose(1)", "1x2", show=False),
        Binding("3", "choose(2)", "1x3", show=False),
        Binding("o", "turn", "Turn"),
        Binding("space,enter", "place", "Place"),
        Binding("x", "clear", "Clear"),
        Binding("n,pagedown", "browse(1)", "Next"),
        Binding("p,pageup", "browse(-1)", "Previous"),
        Binding("tab", "app.focus_next", "Focus", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    MondrianScreen #challenges { width: 30; height: 1fr; }
    MondrianScreen #right { width: 1fr; align: center top; padding: 0 1; }
    MondrianScreen #info { height: auto; margin-top: 1; }
    """

    def __init__(self, official: tuple[OfficialChallenge, ...]) -> None:
        super().__init__()
        self.official = official
        self.black: dict[int, Placement] = {}
        self.chosen = 0
        self.orientation = Orientation.HORIZONTAL
        self.found: list[Solution] = []
        self.shown = 0
        self.message = ""

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield OptionList(
                *[
                    Option(f"{c.edition} {c.level} {c.code}", id=str(n))
                    for n, c in enumerate(self.official)
                ],
                id="challenges",
            )
            with Vertical(id="right"):
                yield MondrianBoard(id="board")
                yield Static(id="info")
        yield Footer()

    def on_mount(self) -> None:
        self.board.focus()
        self._draw()

    @property
    def board(self) -> MondrianBoard:
        return self.query_one(MondrianBoard)

    @on(OptionList.OptionSelected)
    def pick_official(self, event: OptionList.OptionSelected) -> None:
        challenge_ = self.official[int(event.option.id or 0)]
        self.black = {BLACK_BLOCKS.index(p.block): p for p in challenge_.black}
        self.message = f"{challenge_.edition} {challenge_.level} {challenge_.code}"
        self._solve()

    @on(MondrianBoard.CursorMoved)
    def follow_cursor(self) -> None:
        if len(self.black) < 3:
            self._draw()

    @on(MondrianBoard.CellClicked)
    def clicked(self, event: MondrianBoard.CellClicked) -> None:
        self.action_place()

    def action_choose(self, number: int) -> None:
        self.chosen = number
        self._draw()

    def action_turn(self) -> None:
        turned = {
            Orientation.HORIZONTAL: Orientation.VERTICAL,
            Orientation.VERTICAL: Orientation.HORIZONTAL,
        }
        self.orientation = turned[self.orientation]
        self._draw()

    def action_place(self) -> None:
        """Put the chosen black block at the cursor; once all three lie, solve."""
        placement = self._at_cursor()
        others = [p for n, p in self.black.items() if n != self.chosen]
        try:
            check_placements(STANDARD_BOARD, [*others, placement])
        except InvalidPuzzleError as error:
            self.message = str(error)
            self._draw()
            return
        self.black[self.chosen] = placement
        self.found, self.shown, self.message = [], 0, ""
        missing = [n for n in range(3) if n not in self.black]
        if missing:
            self.chosen = missing[0]
            self._draw()
        else:
            self._solve()

    def action_clear(self) -> None:
        self.black, self.found, self.shown, self.chosen, self.message = {}, [], 0, 0, ""
        self._draw()

    def action_browse(self, step: int) -> None:
        if self.found:
            self.shown = (self.shown + step) % len(self.found)
            self._draw()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(MONDRIAN_HELP))

    def _at_cursor(self) -> Placement:
        row, col = self.board.cursor
        return Placement(row, col, BLACK_BLOCKS[self.chosen], self.orientation)

    def _solve(self) -> None:
        self.found = list(solutions(challenge(self.black.values())))
        self.shown = 0
        self._draw()

    def _draw(self) -> None:
        placed = sort_placements(self.black.values())
        if self.found:
            drawing = Drawing(self.found[self.shown])
        elif len(self.black) < 3:
            drawing = Drawing(placed, self._at_cursor())
        else:
            drawing = Drawing(placed)
        self.board.draw(drawing)
        self.query_one("#info", Static).update(self._describe())

    def _describe(self) -> str:
        lines = [self.message] if self.message else []
        if len(self.black) < 3:
            block = BLACK_BLOCKS[self.chosen]
            lines.append(
                f"Placing the black {block} ({self.orientation.name.lower()}): "
                "1/2/3 choose a block, o turns it, space or click places it, x clears."
            )
        elif self.found:
            lines.append(
                f"Number of solutions: {len(self.found)}  -  showing {self.shown + 1} of {len(self.found)} (n/p)"
            )
        else:
            lines.append("Number of solutions: 0")
        return "\n".join(lines)
