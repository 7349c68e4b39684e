"""The player's records and latest games of both puzzles, as one Rich renderable that picks
its form from its width: for the statistics screen and `gridpuzzles stats`. This module
needs Rich only, not Textual."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from gridpuzzles.minesweeper.core.records import LevelRecord
from gridpuzzles.tui.minesweeper.records import (
    HISTORY_LEGEND,
    SHORT_LEGEND,
    records_tables,
)
from gridpuzzles.tui.mondrian.records import mondrian_history_table
from gridpuzzles.tui.tables import WATCH_NOTE

if TYPE_CHECKING:
    from gridpuzzles.storage import PlayedGame
    from gridpuzzles.storage.mondrian_play import SolvedGame


ASSISTED_NOTE = (
    "Games with help (Play Move, a hint, the probabilities) are counted apart as assisted and "
    "set no record; a game left after its first reveal counts as a loss."
)


def records_view(
    records: Sequence[LevelRecord],
    history: Sequence[PlayedGame],
    where: Path | None = None,
    solved: Sequence[SolvedGame] = (),
) -> RenderableType:
    """The records of every level, each level's best times, the latest games (Minesweeper's
    ``history``, Mondrian's ``solved``), and where they are kept: in full where the width
    allows, else with short headings and a legend, so that no word is cut (at 80 columns
    too)."""
    return RecordsView(records, history, where, solved)


class RecordsView:
    """`records_view`'s renderable: it picks its form from the width it is drawn in."""

    def __init__(
        self,
        records: Sequence[LevelRecord],
        history: Sequence[PlayedGame],
        where: Path | None,
        solved: Sequence[SolvedGame] = (),
    ) -> None:
        self.records, self.history, self.where, self.solved = records, history, where, solved

    def parts(self, compact: bool) -> list[RenderableType]:
        tables = records_tables(self.records, self.history, compact)
        if self.solved:
            tables.append(mondrian_history_table(self.solved, compact))
        # (a compact table has no edge: a blank line keeps the next one apart)
        parts: list[RenderableType] = [
            Group(table, Text()) if compact else table for table in tables
        ]
        notes = [
            *((SHORT_LEGEND, HISTORY_LEGEND if self.history else "") if compact else ()),
            WATCH_NOTE if self.history or self.solved else "",
            ASSISTED_NOTE,
        ]
        parts.extend(Text(note, style="dim") for note in notes if note)
        if self.where is not None:
            parts.append(Text(f"Kept in {self.where}, shared with the web app.", style="dim"))
        return parts

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        full = self.parts(compact=False)
        unbounded = options.update_width(10_000)  # (a measure is clamped to the width given)
        fits = all(
            Measurement.get(console, unbounded, part).maximum <= options.max_width
            for part in full
            if isinstance(part, Table)
        )
        yield Group(*(full if fits else self.parts(compact=True)))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, Group(*self.parts(compact=False)))
