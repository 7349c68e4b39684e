"""Text rendering of a board for terminals: row and column headers, optional ANSI colour.

On screen a revealed zero is drawn as ``.`` to keep the numbers readable; every other cell
uses its view symbol.
"""

from __future__ import annotations

from datetime import datetime

from gridpuzzles.minesweeper.core.game import Figures, Game, Status
from gridpuzzles.minesweeper.core.grid import cell_words
from gridpuzzles.minesweeper.core.moves import Action, Move
from gridpuzzles.minesweeper.core.records import LevelRecord
from gridpuzzles.minesweeper.core.settings import level_of
from gridpuzzles.minesweeper.core.view import FLAG, HIDDEN, MINE, QUESTION, WRONG_FLAG, View

RESET = "\x1b[0m"
STYLES = {
    "1": "\x1b[94m",
    "2": "\x1b[32m",
    "3": "\x1b[91m",
    "4": "\x1b[34m",
    "5": "\x1b[31m",
    "6": "\x1b[36m",
    "7": "\x1b[35m",
    "8": "\x1b[90m",
    "0": "\x1b[2m",
    HIDDEN: "\x1b[37m",
    FLAG: "\x1b[1;91m",
    QUESTION: "\x1b[1;93m",
    MINE: "\x1b[1m",
    WRONG_FLAG: "\x1b[1;93;41m",
}
EXPLODED_STYLE = "\x1b[1;97;41m"
"""The mine that was hit: bold white on red."""
HEADER_STYLE = "\x1b[2;36m"


def render_board(view: View, color: bool = False, exploded: int | None = None) -> str:
    """The board with column numbers on top and row numbers on the left, counted from 1 as a
    person names a cell (`gridpuzzles.cells`); `mines analyze` reads it back."""
    cell_width = max(2, len(str(view.width)) + 1)
    row_width = len(str(view.height))
    header = " " * row_width + "".join(f"{c:>{cell_width}}" for c in range(1, view.width + 1))
    lines = [_paint(header, HEADER_STYLE, color)]
    for r, row in enumerate(view.rows()):
        cells = []
        for c, symbol in enumerate(row):
            shown = "." if symbol == "0" else symbol
            style = EXPLODED_STYLE if r * view.width + c == exploded else STYLES[symbol]
            cells.append(" " * (cell_width - 1) + _paint(shown, style, color))
        lines.append(_paint(f"{r + 1:>{row_width}}", HEADER_STYLE, color) + "".join(cells))
    return "\n".join(lines)


def render_status(game: Game, figures: Figures) -> str:
    """One line: mines left, time, level and seed."""
    name = level_of(game.config) or f"{game.width}x{game.height}, {game.config.mines} mines"
    return f"Mines left: {figures.mines_left}   Time: {int(figures.elapsed)} s   ({name}, seed {game.seed})"


def render_result(game: Game, figures: Figures) -> str:
    """The end-of-game message and the game's figures."""
    if game.status is Status.WON:
        head = f"You won in {figures.elapsed:.1f} s!"
    elif game.exploded is not None:
        head = f"Boom! You revealed a mine at {cell_words(divmod(game.exploded, game.width))}."
    else:
        head = "Game over."
    efficiency = f"{figures.efficiency:.2f}" if figures.efficiency is not None else "-"
    return (
        f"{head}\nTime {figures.elapsed:.1f} s | 3BV {figures.three_bv} | "
        f"clicks {figures.clicks} | efficiency {efficiency}"
    )


def _paint(text: str, style: str, color: bool) -> str:
    return f"{style}{text}{RESET}" if color else text


def describe(move: Move) -> str:
    """A move in the player's words, e.g. "reveal row 3, column 4"."""
    verb = {Action.REVEAL: "reveal", Action.FLAG: "flag", Action.CHORD: "chord"}[move.action]
    return f"{verb} {cell_words((move.row, move.col))}"


RECORD_HEADINGS = (
    "Level, rule",
    "Games",
    "Won",
    "Win %",
    "Streak",
    "Best",
    "3BV/s",
    "Avg win",
    "Assisted",
)
"""The columns of `record_row`: games finished and won without help, the win rate, wins in a
row now (and the best run), the best time, the best 3BV per second, the average time of a win,
and the assisted games won of those played."""


def record_row(record: LevelRecord) -> tuple[str, ...]:
    """One level's record in words, a cell per `RECORD_HEADINGS` column."""
    best = record.best_times[0].seconds if record.best_times else None
    rate = record.best_three_bv_per_second
    return (
        record_name(record),
        str(record.played),
        str(record.won),
        "-" if record.win_rate is None else f"{record.win_rate:.1%}",
        f"{record.current_streak} ({record.best_streak})",
        _seconds(best),
        "-" if rate is None else f"{rate:.2f}",
        _seconds(record.average_win_seconds),
        f"{record.assisted_won}/{record.assisted_played} won" if record.assisted_played else "-",
    )


def record_name(record: LevelRecord) -> str:
    """The level and its first-click rule, e.g. "expert, opening" (no-guess levels already
    say their rule: "expert no-guess")."""
    rule = record.first_click.value
    return record.level if record.level.endswith(rule) else f"{record.level}, {rule}"


def best_time_rows(record: LevelRecord) -> list[tuple[str, str, str, str]]:
    """The level's best times: rank, time, 3BV/s and the day (local time) each was set."""
    return [
        (
            f"{rank}.",
            _seconds(best.seconds),
            "-" if best.three_bv_per_second is None else f"{best.three_bv_per_second:.2f}",
            datetime.fromtimestamp(best.ended_at).strftime("%Y-%m-%d"),
        )
        for rank, best in enumerate(record.best_times, 1)
    ]


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f} s"
