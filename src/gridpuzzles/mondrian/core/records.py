"""A player's Mondrian Blocks records, computed from the games they solved: pure functions.

Records are kept per challenge (its `challenges.challenge_key`) and per difficulty (one of
`challenges.LEVELS`).  A game in which the player had help (a hint, the solutions) is
*assisted*: it is counted apart and never sets a best time.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby

from gridpuzzles.mondrian.core.challenges import LEVELS
from gridpuzzles.mondrian.core.game import count_words

BEST_TIMES = 10
"""How many best times a record lists."""
NOT_KEPT = "It is not kept: only a full board goes into the records."
"""What leaving a started game costs (nothing is kept of it), said before it is left."""
LEAVE_QUESTION = f"Leave this game? {NOT_KEPT}"
"""Asked in every shell before a started game is left (its first block put down, its board
not full yet), in the same words."""


@dataclass(frozen=True)
class Finish:
    """One solved game, as the records see it."""

    challenge: str
    """The challenge's key (`challenges.challenge_key`): a published code or the black blocks."""
    difficulty: str
    """One of `LEVELS`."""
    seconds: float
    """The time the player took, as the shell measured it."""
    assisted: bool
    moves: int
    ended_at: float
    """When it was solved (seconds since the epoch)."""


@dataclass(frozen=True)
class BestTime:
    """One of the best times of a record, with its challenge and when it was set."""

    seconds: float
    challenge: str
    ended_at: float


@dataclass(frozen=True)
class Record:
    """The record of one challenge, or of one difficulty."""

    key: str
    """The challenge's key, or the difficulty."""
    solved: int
    """Games solved without help."""
    assisted: int
    """Games solved with help (they set no best time)."""
    best_times: tuple[BestTime, ...]
    """The `BEST_TIMES` fastest games solved without help, fastest first."""
    average_seconds: float | None
    """The average time of the games solved without help."""

    @property
    def best(self) -> float | None:
        """The best time, or None before a game solved without help."""
        return self.best_times[0].seconds if self.best_times else None


def challenge_records(finishes: Iterable[Finish]) -> list[Record]:
    """The record of every challenge solved, by key."""
    return _records(finishes, lambda finish: finish.challenge)


def difficulty_records(finishes: Iterable[Finish]) -> list[Record]:
    """The record of every difficulty played, easiest first."""
    records = _records(finishes, lambda finish: finish.difficulty)
    return sorted(records, key=lambda r: LEVELS.index(r.key) if r.key in LEVELS else len(LEVELS))


def _records(finishes: Iterable[Finish], key: Callable[[Finish], str]) -> list[Record]:
    ordered = sorted(finishes, key=lambda finish: (key(finish), finish.ended_at))
    return [_record(name, list(games)) for name, games in groupby(ordered, key=key)]


def _record(key: str, games: Sequence[Finish]) -> Record:
    own = [game for game in games if not game.assisted]
    fastest = sorted(own, key=lambda game: (game.seconds, game.ended_at))[:BEST_TIMES]
    return Record(
        key=key,
        solved=len(own),
        assisted=len(games) - len(own),
        best_times=tuple(BestTime(g.seconds, g.challenge, g.ended_at) for g in fastest),
        average_seconds=sum(g.seconds for g in own) / len(own) if own else None,
    )


def new_bests(earlier: Iterable[Finish], finish: Finish) -> tuple[str, ...]:
    """What ``finish`` is a new best time of, given the games solved before it: ``challenge``
    and or ``difficulty`` (none for an assisted game, or a time no better than the best)."""
    if finish.assisted:
        return ()
    own = [game for game in earlier if not game.assisted]
    beaten = {
        "challenge": [g.seconds for g in own if g.challenge == finish.challenge],
        "difficulty": [g.seconds for g in own if g.difficulty == finish.difficulty],
    }
    return tuple(
        name for name, times in beaten.items() if finish.seconds < min(times, default=math.inf)
    )


def solved_sentences(finish: Finish, bests: Sequence[str] = ()) -> tuple[str, ...]:
    """What a full board says, one sentence each: the time, the moves and the difficulty;
    then the help had (no record) or what the game is a new best time of (`new_bests`)."""
    article = "an" if finish.difficulty[:1] in ("a", "e", "i", "o", "u") else "a"
    moves = count_words(finish.moves, "move")
    said = [
        f"Solved in {duration_words(finish.seconds)} ({moves}, {article} {finish.difficulty} "
        "challenge)."
    ]
    if finish.assisted:
        said.append("You had help (a hint or the solutions): the game sets no record.")
    elif bests:
        names = {"challenge": "this challenge", "difficulty": f"{finish.difficulty} challenges"}
        said.append(f"A new best time for {' and for '.join(names[best] for best in bests)}!")
    return tuple(said)


def duration_words(seconds: float) -> str:
    """A time as the player reads it: ``8.4 s``, ``42 s``, ``1 min 23 s``, ``1 h 2 min 5 s``."""
    if not math.isfinite(seconds) or seconds < 0:
        raise ValueError(f"a time is a finite number of seconds, at least 0, not {seconds}")
    if seconds < 10:
        return f"{math.floor(seconds * 10) / 10:.1f} s"
    whole = math.floor(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours} h {minutes} min {secs} s"
    return f"{minutes} min {secs} s" if minutes else f"{secs} s"
