"""The Minesweeper grid widget: draws a `View`, moves a cursor and turns clicks into cells.

The board is drawn line by line (Textual's line API): a move refreshes only the regions of
the cells it changed, and Textual keeps every other line as it was drawn. When the terminal has
room, column numbers stand above the board and row numbers left of it, counted from 1 as every
shell counts, so that "row 4, column 7" in a hint can be found by counting.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

import numpy as np
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from gridpuzzles.minesweeper.core.grid import Cell, cell_words
from gridpuzzles.minesweeper.core.scale import RISK_BANDS, RiskBand, risk_band
from gridpuzzles.minesweeper.core.view import FLAG, HIDDEN, MINE, QUESTION, WRONG_FLAG, View
from gridpuzzles.tui.fitting import fit, numbers_origin

NUMBER_COLOURS = {
    "1": "#6b9bff",
    "2": "#4cbb4c",
    "3": "#ff5a5a",
    "4": "#c08cff",
    "5": "#ff9a3c",
    "6": "#2cc7c7",
    "7": "#f0f0f0",
    "8": "#b0b0b0",
}
"""The classic hues, lightened so that each has at least 4:1 contrast on the open cells
(light on dark)."""
HIDDEN_BG = "#8c8c8c"
OPEN_BG = "#2a2a2a"
CELL_STYLES = {
    HIDDEN: Style(bgcolor=HIDDEN_BG, color="#b8b8b8"),
    FLAG: Style(bgcolor=HIDDEN_BG, color="#ff2020", bold=True),
    QUESTION: Style(bgcolor=HIDDEN_BG, color="#202020", bold=True),
    MINE: Style(bgcolor="#5a5a5a", color="#ffffff", bold=True),
    WRONG_FLAG: Style(bgcolor="#a05000", color="#ffffff", bold=True),
    "0": Style(bgcolor=OPEN_BG),
    **{n: Style(bgcolor=OPEN_BG, color=c, bold=True) for n, c in NUMBER_COLOURS.items()},
}
CHECKER = {HIDDEN_BG: "#9a9a9a", OPEN_BG: "#333333"}
"""Every other cell is a shade lighter, so that neighbouring cells stay apart."""


@dataclass(frozen=True)
class Palette:
    """How the board draws its cells: a style per view symbol (``checkered`` for every other
    cell), the exploded mine, a hinted cell, and what the cursor adds to the cell under it
    (besides reversing it)."""

    cells: Mapping[str, Style]
    checkered: Mapping[str, Style]
    exploded: Style
    hinted: Style
    cursor: Style


COLOUR = Palette(
    cells=CELL_STYLES,
    checkered={
        symbol: style + Style(bgcolor=CHECKER.get(str(style.bgcolor.name) if style.bgcolor else ""))
        for symbol, style in CELL_STYLES.items()
    },
    exploded=Style(bgcolor="#d00000", color="#ffffff", bold=True),
    hinted=Style(bgcolor="#20c020", color="#000000", bold=True),
    cursor=Style(),
)
RAISED = Style(reverse=True, bold=True)
"""A hidden cell without colour: the terminal's own colours reversed, a light block."""
PLAIN_STYLES = {
    HIDDEN: Style(reverse=True),
    FLAG: RAISED,
    QUESTION: RAISED,
    MINE: Style(bold=True),
    WRONG_FLAG: Style(bold=True),
    "0": Style(),
    **{n: Style(bold=True) for n in NUMBER_COLOURS},
}
PLAIN = Palette(
    cells=PLAIN_STYLES,
    checkered=PLAIN_STYLES,
    exploded=RAISED,
    hinted=Style(bold=True),
    cursor=Style(bold=True, underline=True),
)
"""With ``NO_COLOR`` (Textual then draws in shades of grey, or in the terminal's two colours
alone) cells are told apart without colour: hidden cells are reversed (flags, question marks
and the exploded mine too, in bold), open cells are not, numbers are bold, and the cursor
reverses its cell back and underlines it."""
HINT_MARK = "+"
"""Drawn on a hinted hidden cell, so that it stands out under the cursor too."""
DEAD_MARK = "†"
"""Drawn after the overlay's chance of a dead cell (it tells nothing new when revealed)."""
FIFTY_FIFTY_MARK = "½"
"""Drawn instead of the overlay's chance (always 50) on a cell of an unavoidable 50/50."""
MARK_WORDS = {DEAD_MARK: "dead: tells nothing new", FIFTY_FIFTY_MARK: "unavoidable 50/50"}
"""What the message line says of a marked cell under the cursor."""
SHOWN = {HIDDEN: "·", "0": " "}


CELL_SIZES = [(2, 1), (3, 1), (4, 2), (5, 2), (7, 3)]
"""Cell sizes (width, height) in characters, smallest first; the board picks what fits
(4x2 lets an expert board fill a 120x40 terminal)."""


@dataclass(frozen=True)
class Overlay:
    """Extra marks drawn on the board: a hinted cell, mine probabilities by cell index, and
    what the solver sees of them: dead cells and cells of unavoidable 50/50s."""

    hint: int | None = None
    probabilities: dict[int, float] | None = None
    dead: frozenset[int] = frozenset()
    fifty_fifty: frozenset[int] = frozenset()

    def mark(self, index: int) -> str:
        """The mark of a cell: `FIFTY_FIFTY_MARK`, `DEAD_MARK` or "" (none)."""
        if index in self.fifty_fifty:
            return FIFTY_FIFTY_MARK
        return DEAD_MARK if index in self.dead else ""


class MinesBoard(Widget, can_focus=True):
    """A board of cells as large as the space allows, from 2x1 characters up to 7x3, with row
    and column numbers beside it when they fit too."""

    DEFAULT_CSS = """
    MinesBoard { width: auto; height: auto; }
    """

    BINDINGS = [
        Binding("up,k", "move(-1, 0)", "Up", show=False),
        Binding("down,j", "move(1, 0)", "Down", show=False),
        Binding("left,h", "move(0, -1)", "Left", show=False),
        Binding("right,l", "move(0, 1)", "Right", show=False),
    ]

    cursor: reactive[Cell] = reactive((0, 0), repaint=False)
    """The cell under the cursor; `watch_cursor` redraws the two cells it changes."""

    class CellClicked(Message):
        """A cell was clicked: button 1 is left, 3 is right; ``shift`` for shift+click."""

        def __init__(self, cell: Cell, button: int, shift: bool) -> None:
            super().__init__()
            self.cell = cell
            self.button = button
            self.shift = shift

    def __init__(self, view: View, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = view
        self.exploded: int | None = None
        self.overlay = Overlay()
        self.percents = percent_grid(None, view)
        """Each cell's mine chance as drawn, a whole percentage (-1: none shown)."""
        self.cell_width, self.cell_height = CELL_SIZES[1]
        self.labelled = False
        """Whether the row and column numbers are drawn (`fit` decides: only with room)."""
        self._base = Style()
        self._styles: dict[Style, Style] = {}
        """Each cell style laid over `_base`, the widget's own style, as last drawn."""

    def show(self, view: View, exploded: int | None, overlay: Overlay) -> None:
        """Draw a new position, redrawing only the cells that changed; the cursor stays where
        it was if it is still on the board."""
        old_view, old_exploded, old_overlay = self.view, self.exploded, self.overlay
        old_percents, percents = self.percents, percent_grid(overlay.probabilities, view)
        self.view, self.exploded, self.overlay, self.percents = view, exploded, overlay, percents
        if (view.width, view.height) != (old_view.width, old_view.height):
            self.cursor = (0, 0)
            self.refresh(layout=True)
            return
        marked = (exploded, overlay.hint, old_exploded, old_overlay.hint)
        changed = changed_cells(old_view, view)
        changed.update(index for index in marked if index is not None)
        changed.update(np.flatnonzero(percents != old_percents).tolist())
        changed.update(
            overlay.dead ^ old_overlay.dead, overlay.fifty_fifty ^ old_overlay.fifty_fifty
        )
        self._redraw(changed)

    def _redraw(self, cells: Iterable[int]) -> None:
        """Refresh the lines of these cells (by index), from the first to the last changed
        cell of each row; Textual keeps every other line as it was drawn."""
        spans: dict[int, tuple[int, int]] = {}
        for index in cells:
            row, col = divmod(index, self.view.width)
            first, last = spans.get(row, (col, col))
            spans[row] = (min(first, col), max(last, col))
        width, height = self.cell_width, self.cell_height
        regions = [
            Region(first * width, row * height, (last - first + 1) * width, height).translate(
                self.origin
            )
            for row, (first, last) in spans.items()
        ]
        if regions:  # (no region at all would refresh the whole board)
            self.refresh(*regions)

    @property
    def origin(self) -> Offset:
        """Where the first cell is drawn: right of the row numbers, below the column numbers."""
        return numbers_origin(self.view.height, self.labelled)

    def cell_region(self, cell: Cell) -> Region:
        """Where ``cell`` is drawn in the widget."""
        row, col = cell
        return Region(
            col * self.cell_width, row * self.cell_height, self.cell_width, self.cell_height
        ).translate(self.origin)

    def fit(self, available: Size) -> None:
        """Use the largest cells with which the whole board fits (the smallest if none does),
        and draw the row and column numbers if they fit beside those cells too."""
        fitted = fit(self.view.width, self.view.height, available, CELL_SIZES)
        if (fitted.cell, fitted.numbered) != ((self.cell_width, self.cell_height), self.labelled):
            self.cell_width, self.cell_height = fitted.cell
            self.labelled = fitted.numbered
            self.refresh(layout=True)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.origin.x + self.view.width * self.cell_width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.origin.y + self.view.height * self.cell_height

    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the board: Textual asks only for the lines in sight that were
        refreshed, and keeps the others."""
        left, top = self.origin
        length = left + self.view.width * self.cell_width
        if y < top:
            return Strip(self._column_numbers(), length)
        row, line = divmod(y - top, self.cell_height)
        if row >= self.view.height:
            return Strip.blank(length)
        middle = line == self.cell_height // 2
        blank = " " * self.cell_width
        cells = self._row(row)
        base = self.rich_style  # the app's colours, where a cell leaves them unset
        if base is not self._base:
            self._base, self._styles = base, {}
        styles = self._styles
        segments = []
        if left:
            number = str(row + 1) if middle else ""
            segments.append(Segment(f"{number:>{left - 1}} ", self._number_style(0, row)))
        for shown, style in cells:
            if style not in styles:
                styles[style] = base + style
            segments.append(Segment(shown if middle else blank, styles[style]))
        return Strip(segments, length)

    def _column_numbers(self) -> list[Segment]:
        """The line above the board: each column's number centred over it, or, where a number
        would fill its cell and touch the next one, only column 1 and every fifth (and the
        cursor's column)."""
        width, cell = self.view.width, self.cell_width
        every = len(str(width)) < cell
        segments = [Segment(" " * self.origin.x, self.rich_style)]
        for col in range(width):
            shown = every or col in (0, self.cursor[1]) or (col + 1) % 5 == 0
            number = str(col + 1) if shown else ""
            segments.append(Segment(number.center(cell), self._number_style(1, col)))
        return segments

    def _number_style(self, axis: int, index: int) -> Style:
        """The style of a row (``axis`` 0) or column (1) number: bold for the cursor's row or
        column, so that its numbers can be read off; the others dim."""
        on_cursor = self.cursor[axis] == index
        return self.rich_style + Style(bold=on_cursor, dim=not on_cursor)

    def _row(self, row: int) -> list[tuple[str, Style]]:
        """The text and style of each cell of ``row``."""
        palette, cursor, width = self.palette, self.cursor, self.view.width
        cells, exploded, hint = self.view.cells, self.exploded, self.overlay.hint
        percents = self.percents[row * width : (row + 1) * width].tolist()
        plain = palette is PLAIN
        drawn = []
        for col in range(width):
            index = row * width + col
            symbol = cells[index]
            shown = SHOWN.get(symbol, symbol)
            checkered = (row + col) % 2 == 1
            styles = palette.checkered if checkered else palette.cells
            style = palette.exploded if index == exploded else styles[symbol]
            if percents[col] >= 0:
                shown, style = _probability_cell(
                    percents[col],
                    self.cell_width,
                    checkered,
                    plain,
                    (row, col) == cursor,
                    self.overlay.mark(index),
                )
            if index == hint:
                shown = HINT_MARK if shown == SHOWN[HIDDEN] else shown
                style = style + palette.hinted
            if (row, col) == cursor:
                style = style + Style(reverse=not style.reverse) + palette.cursor
            drawn.append((shown.center(self.cell_width)[: self.cell_width], style))
        return drawn

    def odds(self) -> Text | None:
        """The cursor's cell's mine chance in words, with the legend of the overlay's bands
        (None when the overlay is off)."""
        probabilities = self.overlay.probabilities
        if probabilities is None:
            return None
        row, col = self.cursor
        index = row * self.view.width + col
        chance = probabilities.get(index)
        where = cell_words(self.cursor)
        mark = self.overlay.mark(index) if chance is not None else ""
        if chance is None:
            said = "mine chances"
        elif chance in (0, 1):
            said = f"{where} is certainly {'safe' if chance == 0 else 'a mine'}"
        else:
            said = f"{where}: {100 * chance:.1f}% chance of a mine"
        if mark:
            said += f", {MARK_WORDS[mark]}"
        legend = risk_legend(self.palette is PLAIN)
        if self.overlay.dead or self.overlay.fifty_fifty:
            legend.append(f" {DEAD_MARK}dead {FIFTY_FIFTY_MARK}50/50")
        return Text.assemble(said, " |", legend)

    @property
    def palette(self) -> Palette:
        """`PLAIN` when the app draws without colour (``NO_COLOR``), else `COLOUR`."""
        return PLAIN if self.app.no_color else COLOUR

    def watch_cursor(self, before: Cell, cursor: Cell) -> None:
        """Redraw the cells the cursor left and entered, and scroll a large board so that the
        cursor stays in sight."""
        width = self.view.width
        self._redraw(
            row * width + col
            for row, col in (before, cursor)
            if row < self.view.height and col < width
        )
        if self.labelled:  # the numbers of the cursor's row and column are drawn in bold
            if before[0] != cursor[0]:
                for row in (before[0], cursor[0]):
                    line = self.cell_region((row, 0)).y
                    self.refresh(Region(0, line, self.origin.x, self.cell_height))
            if before[1] != cursor[1]:
                self.refresh(Region(0, 0, self.size.width, 1))
        container = self.parent
        if isinstance(container, Widget):
            cell = self.cell_region(cursor)
            container.scroll_to_region(cell.translate(self.virtual_region.offset), animate=False)

    def action_move(self, drow: int, dcol: int) -> None:
        """Move the cursor, stopping at the edges."""
        row, col = self.cursor
        self.cursor = (
            min(max(row + drow, 0), self.view.height - 1),
            min(max(col + dcol, 0), self.view.width - 1),
        )

    def on_click(self, event: events.Click) -> None:
        x, y = event.x - self.origin.x, event.y - self.origin.y
        col, row = x // self.cell_width, y // self.cell_height
        if x >= 0 and y >= 0 and row < self.view.height and col < self.view.width:
            self.cursor = (row, col)
            self.post_message(self.CellClicked((row, col), event.button, event.shift))


def changed_cells(before: View, after: View) -> set[int]:
    """The indexes of the cells that two views of the same size show differently (compared
    a row at a time: a move changes few rows)."""
    width = after.width
    changed: set[int] = set()
    for start in range(0, len(after.cells), width):
        old, new = before.cells[start : start + width], after.cells[start : start + width]
        if old != new:
            changed.update(start + col for col in range(width) if old[col] != new[col])
    return changed


def percent_grid(probabilities: Mapping[int, float] | None, view: View) -> np.ndarray:
    """Each cell's mine chance as a whole percentage, 0 and 100 only when certain, in an
    array by cell index; -1 where no chance is given."""
    grid = np.full(view.width * view.height, -1, dtype=np.int16)
    if probabilities:
        count = len(probabilities)
        chances = np.fromiter(probabilities.values(), dtype=float, count=count)
        percents = np.rint(100 * chances)
        uncertain = (chances > 0) & (chances < 1)
        percents[uncertain] = np.clip(percents[uncertain], 1, 99)
        grid[np.fromiter(probabilities.keys(), dtype=np.intp, count=count)] = percents
    return grid


def chance_label(percent: int, width: int) -> str:
    """A percentage as written in a cell ``width`` characters wide, with room beside it:
    a certain mine is ``!`` where ``100`` would fill the cell."""
    return "!" if percent == 100 and width < 5 else str(percent)


@cache
def _probability_cell(
    percent: int, width: int, checkered: bool, plain: bool, cursor: bool, mark: str = ""
) -> tuple[str, Style]:
    """A hidden cell's mine chance (a whole percentage): its risk band's look, and the
    percentage when the cell is 3 characters wide or more. A cell of two characters (where
    percentages would run into a wall of digits) shows only ``0`` or ``!`` when the chance is
    certain, or, without colour, its band's shade glyph; the percentage only under the
    cursor. A cell of an unavoidable 50/50 shows `FIFTY_FIFTY_MARK`, a dead cell
    `DEAD_MARK` after what it would show (in place of the last shade glyph)."""
    band = risk_band(percent)
    style = band_style(band, checkered, plain)
    if mark == FIFTY_FIFTY_MARK:
        return mark, style
    if width > 2 or cursor or band.certain:
        shown = chance_label(percent, width)
        return (shown + mark if len(shown) < width else shown), style
    shade = band.shade * width if plain else ""
    return (shade[: width - 1] + mark if mark else shade), style


@cache
def band_style(band: RiskBand, checkered: bool, plain: bool) -> Style:
    """The band's background and ink; without colour, reversed as hidden cells are, so that
    the denser shade glyphs of riskier bands draw darker, to the certain mine, not reversed
    (dark) at all; the certain bands in bold, the percentages in italic (the numbers of open
    cells are upright)."""
    if not plain:
        return Style(bgcolor=band.checkered if checkered else band.background, color=band.ink)
    if band.certain:
        return Style(bold=True, reverse=band.upto == 0)
    return Style(italic=True, reverse=True)


def risk_legend(plain: bool) -> Text:
    """The bands' colours (and, without colour, their glyphs) named by their chances."""
    legend = Text()
    for band in RISK_BANDS:
        glyph = band.shade if plain and not band.certain else ""
        legend.append(f" {glyph}{band.legend} ", band_style(band, False, plain))
    return legend
