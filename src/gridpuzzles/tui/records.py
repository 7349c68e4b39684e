"""The player's Minesweeper records as Rich tables, for the TUI's statistics screen and for
`gridpuzzles stats`, and the latest games of both puzzles as rows (the statistics screen lists
them to choose one, `gridpuzzles stats` in tables with their ids). This module needs Rich
only, not Textual."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Column, Table
from rich.text import Text

from gridpuzzles.minesweeper.core.records import LevelRecord
from gridpuzzles.minesweeper.core.rendering import (
    RECORD_HEADINGS,
    best_time_rows,
    record_name,
    record_row,
)
from gridpuzzles.mondrian.core.notation import typed_form

if TYPE_CHECKING:
    from gridpuzzles.storage import PlayedGame
    from gridpuzzles.storage.mondrian_play import SolvedGame

ASSISTED_NOTE = (
    "Games with help (Play Move, a hint, the probabilities) are counted apart as assisted and "
    "set no record; a game left after its first reveal counts as a loss."
)


SHORT_HEADINGS = ("Level, rule", "Gm", "Won", "Win%", "Strk", "Best", "3BV/s", "Avg", "Assisted")
"""`RECORD_HEADINGS` abbreviated, for a narrow terminal: `SHORT_LEGEND` spells them out."""
SHORT_LEGEND = (
    "Gm: games finished; Strk: wins in a row now (and the best); Best, Avg: the best and the "
    "average time of a win, in seconds."
)
HISTORY_LEGEND = "Time in seconds; (a): assisted; Eff.: 3BV per click of a win."


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
HISTORY_SHOWN = 10
"""How many of the latest games the full-screen app's statistics screen lists."""
WATCH_NOTE = (
    "gridpuzzles replay ID shows a game again, step by step, in line mode; the statistics "
    f"screen of gridpuzzles tui (s) lists the latest {HISTORY_SHOWN}, and Enter on one plays "
    "it again."
)


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


def _number_column(name: str) -> Column:
    return Column(name, justify="right", no_wrap=True)


def _column(name: str) -> Column:
    return Column(name, no_wrap=True)


MONDRIAN_HEADINGS = ("Level", "Result", "Time", "Moves", "Challenge")
"""The columns of the latest Mondrian games, as `mondrian_history_row` fills them."""
MONDRIAN_NUMBERS = frozenset(("Time", "Moves"))
"""The columns of numbers of the latest Mondrian games, set right."""


def mondrian_history_table(solved: Sequence[SolvedGame], compact: bool = False) -> Table:
    """The latest Mondrian games solved: the challenge's level, whether the player had help,
    the time, the moves, the challenge and the game's id (`WATCH_NOTE`: it shows the game
    again); in ``compact`` form "(a)" for assisted, times without their unit and the id under
    the challenge, so that it fits 80 columns."""
    return latest_table(
        "Latest Mondrian games (an id shows the game again)",
        MONDRIAN_HEADINGS,
        MONDRIAN_NUMBERS,
        ((game.id, mondrian_history_row(game, compact)) for game in solved),
        compact,
    )


def mondrian_history_row(game: SolvedGame, compact: bool = False) -> tuple[str, ...]:
    """A solved Mondrian game under `MONDRIAN_HEADINGS`: its level, result, time, moves and
    challenge (a published code, or its black blocks as ``--black`` takes them); in
    ``compact`` form "(a)" for assisted and the time without its unit."""
    facts, finish = game.facts, game.finish
    challenge = "-" if facts is None else facts.code or typed_form(facts.key)
    assisted = (" (a)" if compact else " (assisted)") if finish.assisted else ""
    return (
        finish.difficulty or "-",
        f"solved{assisted}",
        f"{finish.seconds:.1f}" + ("" if compact else " s"),
        str(finish.moves),
        challenge,
    )
