"""The player's Minesweeper records and latest games as Rich tables (`records.py` puts
them together with the Mondrian games for the statistics screen and `gridpuzzles stats`). This
module needs Rich only, not Textual."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich import box
from rich.table import Column, Table

from gridpuzzles.minesweeper.core.records import LevelRecord
from gridpuzzles.minesweeper.core.rendering import (
    RECORD_HEADINGS,
    best_time_rows,
    record_name,
    record_row,
)
from gridpuzzles.tui.tables import latest_table

if TYPE_CHECKING:
    from gridpuzzles.storage import PlayedGame


SHORT_HEADINGS = ("Level, rule", "Gm", "Won", "Win%", "Strk", "Best", "3BV/s", "Avg", "Assisted")
"""`RECORD_HEADINGS` abbreviated, for a narrow terminal: `SHORT_LEGEND` spells them out."""
SHORT_LEGEND = (
    "Gm: games finished; Strk: wins in a row now (and the best); Best, Avg: the best and the "
    "average time of a win, in seconds."
)
HISTORY_LEGEND = "Time in seconds; (a): assisted; Eff.: 3BV per click of a win."


def records_tables(
    records: Sequence[LevelRecord], history: Sequence[PlayedGame], compact: bool = False
) -> list[Table]:
    """The records, each level's best times and the latest games, as Rich tables; in
    ``compact`` form with short headings and times without their unit (the legend says
    them)."""
    headings = SHORT_HEADINGS if compact else RECORD_HEADINGS
    title = (
        "(games without help)"
        if compact
        else ("(games without help; streak: wins in a row now, and the best)")
    )
    summary = Table(
        Column(headings[0], no_wrap=not compact),  # "intermediate no-guess" may wrap at its space
        *(Column(heading, no_wrap=True) for heading in headings[1:]),
        title=f"[b]Statistics[/b] {title}",
        box=box.SIMPLE_HEAD,
        padding=(0, 1, 0, 0),
        show_edge=not compact,
    )
    for record in records:
        row = record_row(record)
        summary.add_row(*(_unitless(cell) for cell in row) if compact else row)
    if not records:
        summary.add_row("no game finished yet", *[""] * (len(headings) - 1))
    tables = [summary]
    for record in records:
        if record.best_times:
            best = Table(
                "",
                Column("Time", justify="right"),
                Column("3BV/s", justify="right"),
                "Day",
                title=f"Best times: {record_name(record)}",
                box=box.SIMPLE_HEAD,
            )
            for row in best_time_rows(record):
                best.add_row(*row)
            tables.append(best)
    if history:
        tables.append(history_table(history, compact))
    return tables


def _unitless(cell: str) -> str:
    """A time without its unit (``12.3 s`` as ``12.3``)."""
    return cell.removesuffix(" s")


HISTORY_HEADINGS = ("Level", "Result", "Time", "3BV", "3BV/s", "Clicks", "Eff.", "Seed")
"""The columns of the latest games, as `history_row` fills them."""
NUMBER_HEADINGS = frozenset(("Time", "3BV", "3BV/s", "Clicks", "Eff."))
"""The columns of numbers, set right."""


def history_table(history: Sequence[PlayedGame], compact: bool = False) -> Table:
    """The latest games: result, time, 3BV, 3BV/s, clicks, efficiency, the seed and the
    game's id (`WATCH_NOTE`: it shows the game again); in ``compact`` form "(a)" for
    assisted, times without their unit and the id under the seed, so that it fits 80
    columns."""
    return latest_table(
        "Latest games (a seed replays its board, an id shows the game again)",
        HISTORY_HEADINGS,
        NUMBER_HEADINGS,
        ((game.id, history_row(game, compact)) for game in history),
        compact,
    )


def history_row(game: PlayedGame, compact: bool = False) -> tuple[str, ...]:
    """A game of the history under `HISTORY_HEADINGS`: its level, result, time, 3BV, 3BV/s,
    clicks, efficiency and seed (in ``compact`` form "(a)" for assisted and the time
    without its unit)."""
    outcome = game.outcome
    result = "won" if outcome.won else ("left" if outcome.abandoned else "lost")
    rate = outcome.three_bv_per_second
    efficiency = (
        f"{outcome.three_bv / outcome.clicks:.0%}"
        if outcome.won and outcome.three_bv and outcome.clicks
        else "-"
    )
    assisted = (" (a)" if compact else " (assisted)") if outcome.assisted else ""
    return (
        outcome.level,
        result + assisted,
        f"{outcome.seconds:.1f}" + ("" if compact else " s"),
        "-" if outcome.three_bv is None else str(outcome.three_bv),
        "-" if rate is None else f"{rate:.2f}",
        str(outcome.clicks),
        efficiency,
        str(game.seed),
    )
