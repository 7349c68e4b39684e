"""The widgets of the Mondrian Blocks screen: the board, the space around it and the tray.

The board draws a `Picture`: the blocks in their colours with an edge where one block meets
another, each block marked with its glyph (the key that chooses a coloured block, ``■`` on a
black one), the block in hand as a preview (shaded ``▒`` in its colour where it fits, crossed
out where it does not, the blocks it would cover in their colours) and a cursor.  It takes the
largest cells that fit the space it is given (`fit`), from two characters by one line up to ten
by five, with the row and column numbers (from 1) beside it when they fit too; a board larger
than its space scrolls with the cursor.  The widgets hold no rules: the screen tells them what to show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.containers import ScrollableContainer
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from gridpuzzles.mondrian.core.game import Cell, Game
from gridpuzzles.mondrian.core.grid import Block, Board, Placement
from gridpuzzles.mondrian.core.notation import label_grid
from gridpuzzles.mondrian.core.rendering import Colour, colour_of
from gridpuzzles.tui.fitting import fit, numbers_origin

CELL_SIZES = ((2, 1), (4, 2), (6, 3), (8, 4), (10, 5))
"""Cell sizes (columns, lines), smallest first: each about square on a terminal."""
EDGE = "#000000"
EMPTY = Style(bgcolor="#5c5c5c", color="#a8a8a8")
"""An empty cell: a mid grey, apart from the black and the white blocks alike."""
EMPTY_GLYPH = "·"
BLACK_GLYPH = "■"
GHOST = "▒"
"""Fills a cell of the preview that fits, in the block's colour."""
REFUSED = "\u2573"
"""A box-drawing diagonal cross, filling a cell of a preview that does not fit."""
REFUSED_STYLE = Style(bgcolor="#7f1d1d", color="#ffffff", bold=True)
"""An empty cell under a preview that does not fit (a block there is crossed out in its own
colours)."""
CURSOR = Style(reverse=True)
BLACK_CURSOR = Style(color="#ffd75f", bold=True, underline=True)
"""The cursor on a black block: its glyph lit, the block left black (reversed, it would be
drawn white)."""
SWATCH = 6
"""Columns of the tray's swatches: a block's long side and a space."""


@dataclass(frozen=True)
class Shown:
    """A block on the board and the glyph drawn on it."""

    placement: Placement
    glyph: str


@dataclass(frozen=True)
class Preview:
    """The block in hand where it would go, and whether it fits there."""

    shown: Shown
    fits: bool


@dataclass(frozen=True)
class Picture:
    """What the board shows."""

    board: Board
    blocks: tuple[Shown, ...] = ()
    preview: Preview | None = None


def glyph(game: Game, block: Block) -> str:
    """What a block shows on the board: ``■`` if black, else the key that chooses it."""
    if block in game.black_blocks:
        return BLACK_GLYPH
    return str(game.coloured_blocks.index(block) + 1)


def picture(
    game: Game, placements: tuple[Placement, ...] | None = None, preview: Preview | None = None
) -> Picture:
    """What the board shows of ``game``: ``placements`` (every block on it when None), each
    with its glyph, and the block in hand as ``preview``."""
    shown = (*game.black, *game.placed) if placements is None else placements
    return Picture(game.board, tuple(Shown(p, glyph(game, p.block)) for p in shown), preview)


def block_style(block: Block) -> Style:
    """A block's colour, its glyph in the colour's ink."""
    colour = colour_of(block)
    return Style(bgcolor=colour.fill, color=colour.ink, bold=True)


class MondrianBoard(Widget):
    """A Mondrian board with a cursor; clicks and the mouse's moves name cells."""

    DEFAULT_CSS = "MondrianBoard { width: auto; height: auto; }"

    cursor: reactive[Cell] = reactive((0, 0))

    class CellClicked(Message):
        """A cell was clicked: ``button`` 1 is left, 3 is right."""

        def __init__(self, cell: Cell, button: int) -> None:
            super().__init__()
            self.cell = cell
            self.button = button

    def __init__(self, picture: Picture, *, id: str | None = None, cursor: bool = True) -> None:
        """``cursor``: whether the board shows a cursor (a board only shown has none)."""
        super().__init__(id=id)
        self.picture = picture
        self.shows_cursor = cursor
        self.cell_width, self.cell_height = CELL_SIZES[1]
        self.numbered = False
        """Whether the row and column numbers are drawn (`fit` decides: only with room)."""

    @property
    def board(self) -> Board:
        return self.picture.board

    def show(self, picture: Picture) -> None:
        self.picture = picture
        self.refresh(layout=picture.board != self.board)

    def fit(self, available: Size) -> None:
        """Use the largest cells with which the whole board fits in ``available``, and draw
        the row and column numbers if they fit beside those cells too."""
        fitted = fit(self.board.width, self.board.height, available, CELL_SIZES)
        if (fitted.cell, fitted.numbered) != ((self.cell_width, self.cell_height), self.numbered):
            self.cell_width, self.cell_height = fitted.cell
            self.numbered = fitted.numbered
            self.refresh(layout=True)
            self.call_after_refresh(self._keep_cursor_in_sight)

    @property
    def origin(self) -> Offset:
        """Where the first cell is drawn: right of the row numbers, below the column numbers."""
        return numbers_origin(self.board.height, self.numbered)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.origin.x + self.board.width * self.cell_width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.origin.y + self.board.height * self.cell_height

    def cell_region(self, cell: Cell) -> Region:
        """Where ``cell`` is drawn in the widget."""
        row, col = cell
        return Region(
            col * self.cell_width, row * self.cell_height, self.cell_width, self.cell_height
        ).translate(self.origin)

    def _number_style(self, axis: int, index: int) -> Style:
        """A row (``axis`` 0) or column (1) number: bold on the cursor's row or column, so
        that its numbers can be read off; the others dim."""
        on_cursor = self.shows_cursor and self.cursor[axis] == index
        return Style(bold=on_cursor, dim=not on_cursor)

    def render(self) -> Text:
        picture = self.picture
        blocks = tuple(s.placement for s in picture.blocks)
        labels = label_grid(self.board, blocks)
        owner = {cell: s for s in picture.blocks for cell in s.placement.cells()}
        preview = picture.preview
        ghost = preview.shown.placement.cells() if preview else frozenset()
        text = Text(no_wrap=True, overflow="crop", end="")
        left, top = self.origin
        if top:  # each column's number centred over it (a board is at most 8 wide)
            text.append(" " * left)
            for col in range(self.board.width):
                text.append(str(col + 1).center(self.cell_width), self._number_style(1, col))
        for row in range(self.board.height):
            for line in range(self.cell_height):
                if top or row or line:
                    text.append("\n")
                if left:
                    number = str(row + 1) if line == (self.cell_height - 1) // 2 else ""
                    text.append(f"{number:>{left - 1}} ", self._number_style(0, row))
                for col in range(self.board.width):
                    cell = (row, col)
                    glyph, style, pattern, edges = EMPTY_GLYPH, EMPTY, " ", True
                    if cell in owner:
                        glyph, style = owner[cell].glyph, block_style(owner[cell].placement.block)
                    if preview is not None and cell in ghost:
                        edges = False
                        if preview.fits:
                            colour = colour_of(preview.shown.placement.block)
                            glyph, pattern = preview.shown.glyph, GHOST
                            style = EMPTY + Style(color=colour.fill, bold=True)
                        else:  # crossed out: over a block in its colour, so it shows
                            glyph, pattern = REFUSED, REFUSED
                            style = style if cell in owner else REFUSED_STYLE
                    if cell == self.cursor and self.shows_cursor:
                        black = (
                            cell in owner and colour_of(owner[cell].placement.block) is Colour.BLACK
                        )
                        style = style + (BLACK_CURSOR if black else CURSOR)
                    self._append_line(
                        text, labels if edges else None, cell, line, (glyph, pattern, style)
                    )
        return text

    def _append_line(
        self,
        text: Text,
        labels: Sequence[Sequence[str]] | None,
        cell: Cell,
        line: int,
        look: tuple[str, str, Style],
    ) -> None:
        """One line of one cell: its glyph in the middle, an edge on the right and at the
        bottom where the next cell belongs to another block (or to none); no edges without
        ``labels`` (under the preview)."""
        glyph, pattern, style = look
        row, col = cell
        width, height = self.cell_width, self.cell_height
        label = labels[row][col] if labels else None
        right = labels[row][col + 1] if labels and col + 1 < self.board.width else label
        below = labels[row + 1][col] if labels and row + 1 < self.board.height else label
        edge = style + Style(color=EDGE)
        inner = width - 1
        bottom = height > 1 and line == height - 1 and below != label
        if bottom:
            text.append("▁" * inner, edge)
        elif line == (height - 1) // 2:
            middle = (inner - 1) // 2
            text.append(pattern * middle + glyph + pattern * (inner - 1 - middle), style)
        else:
            text.append(pattern * inner, style)
        if right != label:
            text.append("▕", edge)
        else:
            text.append("▁" if bottom else pattern, edge if bottom else style)

    def watch_cursor(self) -> None:
        self.refresh()
        self._keep_cursor_in_sight()

    def _keep_cursor_in_sight(self) -> None:
        """Scroll the space around a board larger than it so that the cursor shows."""
        container = self.parent
        if isinstance(container, Widget):
            region = self.cell_region(self.cursor).translate(self.virtual_region.offset)
            container.scroll_to_region(region, animate=False, immediate=True)

    def move(self, drow: int, dcol: int) -> None:
        """Move the cursor, stopping at the edges."""
        row, col = self.cursor
        self.cursor = (
            min(max(row + drow, 0), self.board.height - 1),
            min(max(col + dcol, 0), self.board.width - 1),
        )

    def cell_at(self, x: int, y: int) -> Cell | None:
        """The cell at ``x``, ``y`` in the widget, if any."""
        x, y = x - self.origin.x, y - self.origin.y
        if x < 0 or y < 0:  # on the numbers
            return None
        row, col = y // self.cell_height, x // self.cell_width
        if 0 <= row < self.board.height and 0 <= col < self.board.width:
            return row, col
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        cell = self.cell_at(event.x, event.y)
        if cell is not None and self.shows_cursor:
            self.cursor = cell

    def on_click(self, event: events.Click) -> None:
        cell = self.cell_at(event.x, event.y)
        if cell is not None:
            self.cursor = cell
            self.post_message(self.CellClicked(cell, event.button))


@dataclass(frozen=True)
class TrayEntry:
    """One block of the tray: the key that chooses it, and whether it is on the board or in
    hand."""

    key: str
    block: Block
    on_board: bool
    in_hand: bool


class Tray(Widget):
    """The blocks to place, one a line with its key and a swatch of its colour as long as the
    block; a click on a line chooses its block."""

    DEFAULT_CSS = "Tray { width: 100%; height: auto; text-wrap: nowrap; text-overflow: ellipsis; }"

    class Chosen(Message):
        """The player clicked the ``index``-th entry."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: tuple[TrayEntry, ...] = ()

    def show(self, entries: tuple[TrayEntry, ...]) -> None:
        self.entries = entries
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(len(self.entries), 1)

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        for number, entry in enumerate(self.entries):
            if number:
                text.append("\n")
            text.append("▶ " if entry.in_hand else "  ", Style(bold=True))
            line = Style(bold=entry.in_hand, dim=entry.on_board, reverse=entry.in_hand)
            text.append(f"{entry.key} ", line)
            swatch = "·" if entry.on_board else " "
            text.append(
                swatch * entry.block.long, line if entry.on_board else block_style(entry.block)
            )
            text.append(" " * (SWATCH - entry.block.long))
            where = " placed" if entry.on_board else ""
            text.append(f"{entry.block} {colour_of(entry.block).label}{where}", line)
        if not self.entries:
            text.append("  (empty)", Style(dim=True))
        return text

    def on_click(self, event: events.Click) -> None:
        if 0 <= event.y < len(self.entries):
            self.post_message(self.Chosen(event.y))


class BoardArea(ScrollableContainer, can_focus=False):
    """The space of a board: the board takes the largest cells that fit it, centred, and
    scrolls when even the smallest do not (the keys stay with the screen)."""

    DEFAULT_CSS = "BoardArea { align: center middle; }"

    def on_resize(self) -> None:
        for board in self.query(MondrianBoard):
            board.fit(self.outer_size)
