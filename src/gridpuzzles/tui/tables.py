"""What the latest games of both puzzles share as Rich tables: the table (`latest_table`),
how many the statistics screen lists and how to watch one again. This module needs Rich
only, not Textual."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich import box
from rich.table import Column, Table

HISTORY_SHOWN = 10
"""How many of the latest games the full-screen app's statistics screen lists."""


WATCH_NOTE = (
    "gridpuzzles replay ID shows a game again, step by step, in line mode; the statistics "
    f"screen of gridpuzzles tui (s) lists the latest {HISTORY_SHOWN}, and Enter on one plays "
    "it again."
)


def latest_table(
    title: str,
    headings: Sequence[str],
    numbers: frozenset[str],
    rows: Iterable[tuple[str, Sequence[str]]],
    compact: bool,
) -> Table:
    """The latest games of a puzzle under ``headings`` (``numbers`` set right), each row
    its game's id and its cells, and the id in a column of its own; in ``compact`` form
    the id under the last cell, so that it fits 80 columns."""
    level, *others, last = headings
    table = Table(
        Column(level, no_wrap=not compact),  # "intermediate no-guess" may wrap at its space
        *(_number_column(name) if name in numbers else _column(name) for name in others),
        _column(f"{last}, id" if compact else last),
        *(() if compact else (_column("Id"),)),
        title=title,
        box=box.SIMPLE_HEAD,
        padding=(0, 1, 0, 0),
        show_edge=not compact,
    )
    for game_id, (*cells, tail) in rows:
        table.add_row(*cells, *((f"{tail}\n{game_id}",) if compact else (tail, game_id)))
    return table


def _number_column(name: str) -> Column:
    return Column(name, justify="right", no_wrap=True)


def _column(name: str) -> Column:
    return Column(name, no_wrap=True)
