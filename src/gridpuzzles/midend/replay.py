"""Watching a game again, written once for both puzzles: a game's start and its move log,
replayed through the puzzle's rules (`PuzzleRules`) to the game in play after each step, with
the time the step was made.

The store's reading of a game, the web's replay, the full-screen app and the line mode all
replay a log here, so a game looks the same in every shell and at every step. A log that the
rules cannot replay (a line changed by hand, a step they refuse) is a `ReplayError` that says
which step, and nothing is shown of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from gridpuzzles.history import Rewind
from gridpuzzles.midend.play import Play
from gridpuzzles.midend.puzzle import PuzzleRules

State = TypeVar("State")
Step = TypeVar("Step")


class ReplayError(ValueError):
    """A stored log that the puzzle's rules cannot replay: a line they cannot read, or a step
    they refuse where it stands (the log was changed, or written by another release)."""


class LogLine(Protocol):
    """A line of a game's move log, as the store keeps it: the step's text (its machine form)
    and when it was made (seconds, on the clock the game was played by)."""

    @property
    def text(self) -> str: ...

    @property
    def at(self) -> float: ...


@dataclass(frozen=True)
class LoggedStep:
    """A line of a move log and nothing more (`LogLine`)."""

    text: str
    at: float


@dataclass(frozen=True)
class Frame(Generic[State]):
    """The game in play after step ``number`` (from 0) of its log, ``text``, made at ``at``."""

    number: int
    text: str
    at: float
    play: Play[State]

    @property
    def state(self) -> State:
        """The game as it stood after this step."""
        return self.play.state


class WatchedGame(Protocol[State]):
    """A kept game to watch again, of either puzzle (`midend.minesweeper.Replay`,
    `midend.mondrian.Replay`), as every shell shows it: its start, the game after each step,
    which game it is and how it ended (`heading`; `description` without the game's id), each step in words with the game's clock
    (`said`); a game still being played (`in_play`) is never shown."""

    @property
    def game_id(self) -> str: ...

    @property
    def start(self) -> State: ...

    @property
    def frames(self) -> tuple[Frame[State], ...]: ...

    @property
    def steps(self) -> int: ...

    @property
    def heading(self) -> str: ...

    @property
    def description(self) -> str: ...

    @property
    def in_play(self) -> bool: ...

    def said(self, frame: Frame[State], /) -> str: ...


def frames(
    rules: PuzzleRules[State, Step], play: Play[State], log: Iterable[LogLine], first: int = 0
) -> Iterator[Frame[State]]:
    """The game in play after each step of ``log`` (numbered from ``first``), from ``play``
    (a game's start is `PuzzleRules.play_of` its first state), one at a time: a long game is
    never held twice. `ReplayError` at the first step the rules cannot read or refuse."""
    for number, logged in enumerate(log, first):
        play = _stepped(rules, play, number, logged)
        yield Frame(number, logged.text, logged.at, play)


def replayed(
    rules: PuzzleRules[State, Step], play: Play[State], log: Iterable[LogLine], first: int = 0
) -> Play[State]:
    """``play`` after the whole of ``log`` (`frames`, the last)."""
    for frame in frames(rules, play, log, first):
        play = frame.play
    return play


def _stepped(
    rules: PuzzleRules[State, Step], play: Play[State], number: int, logged: LogLine
) -> Play[State]:
    step: Step | Rewind
    try:
        step = rules.parse_step(logged.text)
        return rules.stepped(play, step, logged.at)
    except ValueError as error:  # both puzzles' notation errors and refusals
        shown = logged.text if len(logged.text) <= 40 else f"{logged.text[:40]}..."
        raise ReplayError(
            f"step {number + 1} of the log, {shown!r}, cannot be replayed: {error}"
        ) from None
