"""The latest Mondrian Blocks games as rows and a Rich table, for the statistics screen and
`gridpuzzles stats`. This module needs Rich only, not Textual."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.table import Table

from gridpuzzles.mondrian.core.notation import typed_form
from gridpuzzles.tui.tables import latest_table

if TYPE_CHECKING:
    from gridpuzzles.storage.mondrian_play import SolvedGame


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
