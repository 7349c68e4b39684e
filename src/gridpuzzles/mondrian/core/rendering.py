"""Pictures of a Mondrian board: terminal text (ANSI colour optional) and SVG.

Every block gets a letter (see :func:`notation.label_grid`), so blocks of one colour stay
apart and the picture reads without colour; a legend names each letter's size and colour.

Colours follow the physical game: the 1x1, 1x2 and 1x3 are black and there is one red
block.  Which coloured size has which colour is this package's fixed choice: red 3x4;
yellow 3x3 and 2x5; blue 2x4 and 1x5; white 2x3, 2x2 and 1x4.  Sizes outside the game are
black when smaller than four cells, otherwise yellow, blue or white by their perimeter.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from xml.sax.saxutils import escape

from gridpuzzles.mondrian.core.grid import Block, Board, Placement
from gridpuzzles.mondrian.core.notation import EMPTY_LABEL, block_label, label_grid


class Colour(enum.Enum):
    """A block colour: its name, ANSI background and foreground, and SVG fill and text."""

    BLACK = ("black", "40", "97", "#1a1a1a", "#ffffff")
    RED = ("red", "41", "97", "#d62828", "#ffffff")
    YELLOW = ("yellow", "43", "30", "#f7c600", "#000000")
    BLUE = ("blue", "44", "97", "#1f4fa3", "#ffffff")
    WHITE = ("white", "47", "30", "#f4f1e8", "#000000")

    @property
    def label(self) -> str:
        return self.value[0]

    @property
    def ansi(self) -> str:
        return f"\x1b[{self.value[1]};{self.value[2]}m"

    @property
    def fill(self) -> str:
        return self.value[3]

    @property
    def ink(self) -> str:
        return self.value[4]


_GAME_COLOURS = {
    Block(1, 1): Colour.BLACK,
    Block(1, 2): Colour.BLACK,
    Block(1, 3): Colour.BLACK,
    Block(3, 4): Colour.RED,
    Block(3, 3): Colour.YELLOW,
    Block(2, 5): Colour.YELLOW,
    Block(2, 4): Colour.BLUE,
    Block(1, 5): Colour.BLUE,
    Block(2, 3): Colour.WHITE,
    Block(2, 2): Colour.WHITE,
    Block(1, 4): Colour.WHITE,
}
_OTHER_COLOURS = (Colour.YELLOW, Colour.BLUE, Colour.WHITE)
_RESET = "\x1b[0m"


def colour_of(block: Block) -> Colour:
    """The colour a block is drawn in."""
    known = _GAME_COLOURS.get(block)
    if known is not None:
        return known
    if block.area < 4:
        return Colour.BLACK
    return _OTHER_COLOURS[(block.short + block.long) % len(_OTHER_COLOURS)]


def legend(placements: Sequence[Placement]) -> str:
    """One line naming each block's letter, size and colour, e.g. ``A 1x5 blue``."""
    return "  ".join(
        f"{block_label(number)} {p.block} {colour_of(p.block).label}"
        for number, p in enumerate(placements)
    )


def labelled_like(given: Sequence[Placement], solution: Sequence[Placement]) -> list[Placement]:
    """``solution`` in the order that keeps the letters ``given`` had when drawn: the blocks of
    ``given`` first, in their order, then the others in theirs.  So a challenge's black block
    A is still A in each of its solutions (the letters go by order: `notation.label_grid`)."""
    kept = [placement for placement in given if placement in solution]
    first = set(kept)
    return [*kept, *(placement for placement in solution if placement not in first)]


def render_board(board: Board, placements: Sequence[Placement], color: bool = False) -> str:
    """The board as rows of letters (``.`` for empty cells), in colour when ``color``."""
    grid = label_grid(board, placements)
    colours = {block_label(n): colour_of(p.block) for n, p in enumerate(placements)}
    lines = [
        "".join(_cell(label, colours.get(label), color) for label in row).rstrip() for row in grid
    ]
    return "\n".join(lines)


def _cell(label: str, colour: Colour | None, color: bool) -> str:
    if not color or colour is None or label == EMPTY_LABEL:
        return f"{label} "
    return f"{colour.ansi}{label} {_RESET}"


def render_text(board: Board, placements: Sequence[Placement], color: bool = False) -> str:
    """The board followed by its legend."""
    return f"{render_board(board, placements, color)}\n{legend(placements)}"


_CELL = 40
_GAP = 20
_PER_ROW = 4


def render_svg(board: Board, boards: Sequence[Sequence[Placement]], cell: int = _CELL) -> str:
    """An SVG picture of one or more fillings of ``board`` (up to four side by side).

    Each block is one ``<rect>`` in its colour with a thick dark border and its letter;
    the board itself is a light ``<path>`` so empty cells show.
    """
    pictures = list(boards) or [[]]
    board_width, board_height = board.width * cell, board.height * cell
    columns = min(len(pictures), _PER_ROW)
    rows = -(-len(pictures) // _PER_ROW)
    width = columns * board_width + (columns + 1) * _GAP
    height = rows * board_height + (rows + 1) * _GAP
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">'
    ]
    for number, placements in enumerate(pictures):
        left = _GAP + (number % _PER_ROW) * (board_width + _GAP)
        top = _GAP + (number // _PER_ROW) * (board_height + _GAP)
        parts.append(_svg_board(board, placements, left, top, cell))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _svg_board(
    board: Board, placements: Sequence[Placement], left: int, top: int, cell: int
) -> str:
    width, height = board.width * cell, board.height * cell
    parts = [
        f'<g transform="translate({left},{top})">',
        f'<path d="M0 0H{width}V{height}H0Z" fill="#dddddd" stroke="#111111" stroke-width="2"/>',
    ]
    for number, placement in enumerate(placements):
        colour = colour_of(placement.block)
        x, y = placement.col * cell, placement.row * cell
        w, h = placement.width * cell, placement.height * cell
        parts.append(
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{colour.fill}" '
            f'stroke="#111111" stroke-width="4"><title>{escape(str(placement))} '
            f"({colour.label})</title></rect>"
        )
        parts.append(
            f'<text x="{x + w / 2:g}" y="{y + h / 2:g}" fill="{colour.ink}" font-size="{cell // 2}" '
            f'font-family="sans-serif" text-anchor="middle" dominant-baseline="central">'
            f"{block_label(number)}</text>"
        )
    parts.append("</g>")
    return "\n".join(parts)
