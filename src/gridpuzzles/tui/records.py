"""The player's Minesweeper records as Rich tables, for the TUI's statistics screen and for
`gridpuzzles stats` (this module needs Rich only, not Textual)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.table import Column, Table
from rich.text import Text

from gridpuzzles.minesweeper.core.records import LevelRecord
from gridpuzzles.minesweeper.core.rendering import (
    RECORD_HEADINGS,
    best_time_rows,
    record_name,
    record_row,
)

if TYPE_CHECKING:
    from gridpuzzles.storage import PlayedGame

ASSISTED_NOTE = (
    "Games with help (Play Move, a hint, the probabilities) are counted apart as assisted and "
    "set no record; a game left after its first reveal counts as a loss."
)


def records_view(
    records: Sequence[LevelRecord], history: Sequence[PlayedGame], where: Path | None = None
) -> RenderableType:
    """The records of every level, each level's best times, the latest games, and where
    they are kept."""
    parts: list[RenderableType] = [*records_tables(records, history), Text(ASSISTED_NOTE, style="dim")]
    if where is not None:
        parts.append(Text(f"Kept in {where}, shared with the web app.", style="dim"))
    return Group(*parts)


def records_tables(records: Sequence[LevelRecord], history: Sequence[PlayedGame]) -> list[Table]:
    """The records, each level's best times and the latest games, as Rich tables."""
    summary = Table(
        *(Column(heading, no_wrap=True) for heading in RECORD_HEADINGS),
        title="[b]Statistics[/b] (games without help; streak: wins in a row now, and the best)",
        box=box.SIMPLE_HEAD,
        padding=(0, 1, 0, 0),
    )
    for record in records:
        summary.add_row(*record_row(record))
    if not records:
        summary.add_row("no game finished yet", *[""] * (len(RECORD_HEADINGS) - 1))
    tables = [summary]
    for record in records:
        if record.best_times:
            best = Table(
                "", Column("Time", justify="right"), Column("3BV/s", justify="right"), "Day",
                title=f"Best times: {record_name(record)}",
                box=box.SIMPLE_HEAD,
            )
            for row in best_time_rows(record):
                best.add_row(*row)
            tables.append(best)
    if history:
        tables.append(history_table(history))
    return tables


def history_table(history: Sequence[PlayedGame]) -> Table:
    """The latest games: result, time, 3BV, 3BV/s, clicks, efficiency and the seed."""
    table = Table(
        Column("Level", no_wrap=True),
        Column("Result", no_wrap=True),
        *(_number_column(name) for name in ("Time", "3BV", "3BV/s", "Clicks", "Eff.")),
        Column("Seed", no_wrap=True),
        title="Latest games (a seed replays its board)",
        box=box.SIMPLE_HEAD,
        padding=0,
    )
    for game in history:
        outcome = game.outcome
        result = "won" if outcome.won else ("left" if outcome.abandoned else "lost")
        rate = outcome.three_bv_per_second
        efficiency = (
            f"{outcome.three_bv / outcome.clicks:.0%}"
            if outcome.won and outcome.three_bv and outcome.clicks
            else "-"
        )
        table.add_row(
            outcome.level,
            result + (" (assisted)" if outcome.assisted else ""),
            f"{outcome.seconds:.1f} s",
            "-" if outcome.three_bv is None else str(outcome.three_bv),
            "-" if rate is None else f"{rate:.2f}",
            str(outcome.clicks),
            efficiency,
            str(game.seed),
        )
    return table


def _number_column(name: str) -> Column:
    return Column(name, justify="right", no_wrap=True)
