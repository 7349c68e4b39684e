"""A player's records, computed from the games they finished: pure functions, no storage.

Records are kept per level and first-click rule (times compare only under the same rules).
A game the player left after its first reveal counts as a loss, as on the sites players know.
A game in which the player asked for help (Play Move, a hint, the probabilities) is
*assisted*: it is counted apart and never sets a best time, a streak or a 3BV/s record.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby

from gridpuzzles.minesweeper.core.settings import FirstClick

BEST_TIMES = 10
"""How many best times a record lists."""


@dataclass(frozen=True)
class Outcome:
    """How one finished game ended, as the records see it."""

    level: str
    """The name records are kept under (`storage.level_key`), e.g. ``expert``."""
    first_click: FirstClick
    won: bool
    abandoned: bool
    """Left unfinished after its first reveal (a loss)."""
    assisted: bool
    seconds: float
    """The game's time: from the first reveal to the end."""
    three_bv: int | None
    clicks: int
    ended_at: float
    """When it ended (seconds since the epoch)."""

    @property
    def three_bv_per_second(self) -> float | None:
        """3BV over the time of a win (None for a loss or a time of zero)."""
        if not self.won or self.three_bv is None or self.seconds <= 0:
            return None
        return self.three_bv / self.seconds


@dataclass(frozen=True)
class BestTime:
    """One of a level's best times, with the day it was set."""

    seconds: float
    ended_at: float
    three_bv_per_second: float | None


@dataclass(frozen=True)
class LevelRecord:
    """The record of one level under one first-click rule."""

    level: str
    first_click: FirstClick
    played: int
    """Unassisted games finished (won, lost or abandoned)."""
    won: int
    current_streak: int
    """Unassisted wins in a row up to the last unassisted game."""
    best_streak: int
    best_times: tuple[BestTime, ...]
    """The `BEST_TIMES` fastest unassisted wins, fastest first."""
    best_three_bv_per_second: float | None
    average_win_seconds: float | None
    assisted_played: int
    assisted_won: int

    @property
    def win_rate(self) -> float | None:
        """Won over played, or None before the first game."""
        return self.won / self.played if self.played else None


def level_records(outcomes: Iterable[Outcome]) -> list[LevelRecord]:
    """The record of every level and first-click rule played, by level then rule."""
    ordered = sorted(outcomes, key=lambda o: (o.level, o.first_click.value, o.ended_at))
    return [
        _record(level, rule, list(games))
        for (level, rule), games in groupby(ordered, key=lambda o: (o.level, o.first_click))
    ]


def _record(level: str, rule: FirstClick, games: Sequence[Outcome]) -> LevelRecord:
    """The record of ``games`` (one level and rule, in the order they ended)."""
    own = [game for game in games if not game.assisted]
    wins = [game for game in own if game.won]
    fastest = sorted(wins, key=lambda game: (game.seconds, game.ended_at))[:BEST_TIMES]
    rates = [rate for rate in (game.three_bv_per_second for game in wins) if rate is not None]
    return LevelRecord(
        level=level,
        first_click=rule,
        played=len(own),
        won=len(wins),
        current_streak=_streaks(own)[-1] if own else 0,
        best_streak=max(_streaks(own), default=0),
        best_times=tuple(BestTime(g.seconds, g.ended_at, g.three_bv_per_second) for g in fastest),
        best_three_bv_per_second=max(rates, default=None),
        average_win_seconds=sum(g.seconds for g in wins) / len(wins) if wins else None,
        assisted_played=len(games) - len(own),
        assisted_won=sum(game.won for game in games if game.assisted),
    )


def _streaks(games: Sequence[Outcome]) -> list[int]:
    """After each game, the number of wins in a row ending there."""
    streaks: list[int] = []
    for game in games:
        streaks.append(streaks[-1] + 1 if game.won and streaks else int(game.won))
    return streaks
