"""Mondrian Blocks' side of the mid-end: a game in play (`Play` of the core's `Game`) as every
shell keeps it, stepped by the lines of a move log (`mondrian.core.moves`), and its JSON.

Every shell plays a step the same way (`stepped`): a move changes the board by the core's
rules and counts; a hint puts its block down, counts and makes the game assisted; ``help``
(a hint to lift, the solutions shown) only makes it assisted; undo and redo walk the history,
are no moves and take back no help.  So the same log gives the same game in the web app, the
TUI and the line mode, and a stored game replays without the solver.  The clock of a game
starts the same way everywhere too (`clock_started`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from gridpuzzles.history import History, HistoryError, Rewind
from gridpuzzles.midend.play import Play
from gridpuzzles.midend.replay import Frame
from gridpuzzles.mondrian.core import moves
from gridpuzzles.mondrian.core.challenges import (
    LEVELS,
    challenge_key,
    find_published,
    published_of,
)
from gridpuzzles.mondrian.core.errors import NotationError
from gridpuzzles.mondrian.core.game import (
    Game,
    MoveError,
    block_at,
    block_phrase,
    count_words,
    extent_words,
    placement_phrase,
    turned,
)
from gridpuzzles.mondrian.core.grid import Puzzle
from gridpuzzles.mondrian.core.moves import Action, Move
from gridpuzzles.mondrian.core.moves import parse_step as parse_step
from gridpuzzles.mondrian.core.moves import step_text as step_text
from gridpuzzles.mondrian.core.notation import (
    GAME_KEYS,
    JsonObject,
    game_from_json,
    game_to_json,
    position_to_json,
    typed_form,
)
from gridpuzzles.mondrian.core.records import Finish, duration_words
from gridpuzzles.mondrian.core.words import words
from gridpuzzles.mondrian.solving.difficulty import NO_SOLUTION, difficulty_of
from gridpuzzles.mondrian.solving.hints import Hint
from gridpuzzles.mondrian.solving.solutions import count_solutions

PLAY_KEYS = (*GAME_KEYS, "earlier", "later", "moves", "assisted")
"""The keys of a game in play's JSON (`play_to_json`)."""
CLOCK_KEYS = ("started", "ended")
"""The keys of its clock, which a game in play kept before the mid-end kept the clock lacks."""


def play_of(game: Game) -> Play[Game]:
    """A game in play starting at ``game``; a game has at most as many positions to undo to
    as moves, and the web bounds its moves, so no limit is needed."""
    return Play.start(game)


def stepped(play: Play[Game], step: Move | Rewind, at: float) -> Play[Game]:
    """``play`` after one step of its log, made at ``at`` (seconds); `MoveError` saying why
    not (nothing to undo, a block that does not fit), and then nothing changes. Its clock
    (`clock_started`) stops when the board is full."""
    if isinstance(step, Rewind):
        try:
            after = play.rewound(step, helps=False)
        except HistoryError as error:
            raise MoveError(str(error)) from None
    elif step.action is Action.HELP:
        after = play.helped(logged=True)
    else:
        after = play.moved(moves.play(play.state, step), helped=step.action is Action.HINT)
    started = clock_started(play.started, after, at)
    if not after.state.solved or started is None:
        return after.timed(started, None)
    return after.timed(started, at if play.ended is None else play.ended)


def clock_started(started: float | None, play: Play[Game], at: float) -> float | None:
    """When the clock of ``play`` started, after a step played at ``at`` (``started`` before
    it): with the first coloured block put down, not when the challenge is shown nor while the
    player makes their own, and never again.  The same in every shell, so that the best
    times of one store compare however each game was played."""
    return at if started is None and play.state.placed else started


def finish_of(play: Play[Game], key: str, difficulty: str) -> Finish | None:
    """How ``play`` ended, as the records keep it: its challenge's ``key`` and ``difficulty``,
    its time on the game's clock, its help and moves, and when it ended; None while its board
    is not full."""
    if play.ended is None:
        return None
    seconds = play.elapsed(play.ended)
    return Finish(key, difficulty, seconds, play.assisted, play.moves, play.ended)


def hint_step(given: Hint) -> Move:
    """The step a hint is in the log: the block it puts down, or help that puts none down
    (the hint names blocks to lift)."""
    return Move(Action.HELP) if given.place is None else Move(Action.HINT, placement=given.place)


HELP_WORDS = "help that put no block down: the solutions shown, or a hint naming blocks to lift"
"""A ``help`` line in words: the log keeps only that the player had help, not which."""


def step_words(text: str, before: Game) -> str:
    """A line of a move log in the player's words, as a replay shows it, on the board
    ``before`` it (which names the block a lift or a turn takes by one of its cells): "put
    down the 2x3 block at row 1, column 5, 2 rows high and 3 columns wide", "lift the black
    1x3 block at row 4, column 1", "turn the 2x3 block at row 1, column 5 to 3 rows high and
    2 columns wide", "hint: put down ...", "undo"; `NotationError` for other text."""
    step = parse_step(text)
    if isinstance(step, Rewind):
        return step.value
    if step.action is Action.HELP:
        return HELP_WORDS
    if step.placement is not None:
        put = f"put down {placement_phrase(step.placement, step.black)}"
        return f"hint: {put}" if step.action is Action.HINT else put
    assert step.cell is not None  # a lift or a turn (`Move` checks it)
    taken = block_at(before, step.cell)
    if taken is None:  # a step the rules refuse: no block there to name
        return str(words(f"{step.action.value} the block at ", step.cell))
    if step.action is Action.LIFT:
        return f"lift {block_phrase(taken, step.black)}"
    return f"turn {block_phrase(taken)} to {extent_words(turned(taken))}"


def play_to_json(play: Play[Game]) -> JsonObject:
    """A game in play as JSON, read back by `play_from_json`: the game (`game_to_json`), the
    positions undo and redo go to (``earlier``, the latest last; ``later``, the next last),
    the move count, whether the player had help, and its clock (`CLOCK_KEYS`)."""
    return {
        **game_to_json(play.state),
        "earlier": [position_to_json(game.position) for game in play.history.past],
        "later": [position_to_json(game.position) for game in play.history.future],
        "moves": play.moves,
        "assisted": play.assisted,
        "started": play.started,
        "ended": play.ended,
    }


def play_from_json(document: Any) -> Play[Game]:
    """The game in play `play_to_json` wrote (version 0: the store numbers the steps);
    `NotationError` for a document not in that form, `InvalidPuzzleError` for blocks that
    cannot make the game. The history is checked against the move count before it is read."""
    if not isinstance(document, dict) or not set(PLAY_KEYS) <= set(document) <= {
        *PLAY_KEYS,
        *CLOCK_KEYS,
    }:
        raise NotationError(
            f"a game in play is a JSON object with the keys {', '.join(PLAY_KEYS)} "
            f"(and {' and '.join(CLOCK_KEYS)})"
        )
    started, ended = (document.get(key) for key in CLOCK_KEYS)
    if not all(_seconds_or_none(time) for time in (started, ended)):
        raise NotationError("when a game's clock started and ended are numbers of seconds or null")
    moves, assisted = document["moves"], document["assisted"]
    if type(moves) is not int or moves < 0 or type(assisted) is not bool:
        raise NotationError(
            "a game's moves are a whole number from 0 and assisted is true or false"
        )
    history = [document["earlier"], document["later"]]
    if not all(isinstance(positions, list) for positions in history):
        raise NotationError("a game's earlier and later positions are lists")
    if sum(map(len, history)) > moves:
        raise NotationError(
            f"a game of {count_words(moves, 'move')} has at most "
            f"{count_words(moves, 'position')} to undo and redo, not "
            f"{sum(map(len, history))}"
        )
    game, positions = game_from_json({key: document[key] for key in GAME_KEYS})
    earlier, later = (
        tuple(replace(game, position=positions.read(position)) for position in listed)
        for listed in history
    )
    clock = (None if time is None else float(time) for time in (started, ended))
    return Play(History(game, earlier, later), moves, assisted).timed(*clock)


def _seconds_or_none(value: object) -> bool:
    """Whether ``value`` is a JSON number (not true or false) or null."""
    return value is None or (isinstance(value, int | float) and type(value) is not bool)


# A game as the store keeps it, and watched again

ORIGINS = ("published", "random", "generated", "own")
"""The kinds of challenge a game begins with: a published one named by its code, a published
one drawn at random, one generated with exactly one solution, or the player's own."""
FACTS_KEYS = ("key", "difficulty", "solutions", "code")
"""The keys of a challenge's facts in JSON (`facts_to_json`)."""
SETUP_KEYS = ("game", "origin", "first_key", "facts", "started")
"""The keys a game's setup has for a replay (`setup_from_json`); every shell writes more
(`setup_to_json`)."""


@dataclass(frozen=True)
class Facts:
    """What is known of a challenge once its black blocks are all on the board: its name in
    the records (`challenges.challenge_key`), its difficulty (one of `LEVELS`, or
    `NO_SOLUTION` for black blocks that leave none), how many solutions it has and its
    published code (None for one never published). A game keeps them in its setup, or with
    the move that put its last black block down, so that a replay needs no solver."""

    key: str
    difficulty: str
    solutions: int
    code: str | None = None


def facts_to_json(facts: Facts | None) -> JsonObject | None:
    """``facts`` as every shell keeps them (`facts_from_json` reads them back)."""
    if facts is None:
        return None
    return {
        "key": facts.key,
        "difficulty": facts.difficulty,
        "solutions": facts.solutions,
        "code": facts.code,
    }


def facts_from_json(document: Any) -> Facts | None:
    """The facts `facts_to_json` wrote (None for null); `NotationError` for anything else."""
    if document is None:
        return None
    if not isinstance(document, dict) or sorted(document) != sorted(FACTS_KEYS):
        raise NotationError(
            f"a challenge's facts are a JSON object with the keys {', '.join(FACTS_KEYS)}"
        )
    key, difficulty, solutions, code = (document[name] for name in FACTS_KEYS)
    if not (
        isinstance(key, str)
        and difficulty in (*LEVELS, NO_SOLUTION)
        and type(solutions) is int
        and solutions >= 0
        and (code is None or isinstance(code, str))
    ):
        raise NotationError(
            f"a challenge's facts are its key (text), its difficulty ({', '.join(LEVELS)} or "
            f"{NO_SOLUTION}), "
            "its number of solutions (from 0) and its published code (text or null)"
        )
    return Facts(key, difficulty, solutions, code)


def facts_of(puzzle: Puzzle, difficulty: str | None = None) -> Facts:
    """The facts of the challenge ``puzzle``: its key, its ``difficulty`` (rated when None:
    `difficulty_of`), its solutions counted and its published code, if it has one."""
    entry = published_of(puzzle)
    return Facts(
        challenge_key(puzzle),
        difficulty_of(puzzle) if difficulty is None else difficulty,
        count_solutions(puzzle),
        None if entry is None else entry.code,
    )


def setup_to_json(
    play: Play[Game], origin: str, facts: Facts | None, player: str | None = None
) -> JsonObject:
    """A game before its first move as the store keeps it (its setup), in the one form every
    shell writes and reads (the web's game as it holds it: `web.mondrian.games.held_to_json`):
    the game in play (`play_to_json`), the kind of challenge it begins with (one of
    `ORIGINS`), its key and its facts once its black blocks are all down, and whose records
    it counts in (None: everyone's); its clock not started, no finish yet."""
    return {
        "game": play_to_json(play),
        "origin": origin,
        "first_key": None if facts is None else facts.key,
        "facts": facts_to_json(facts),
        "started": None,
        "finish": None,
        "bests": [],
        "kept": False,
        "player": player,
    }


def finish_note(bests: tuple[str, ...] | None) -> JsonObject:
    """The note kept with the move that solved a game: whether its finish went into the
    records (None: the database refused it) and what it is a new best time of."""
    return {"kept": bests is not None, "bests": list(bests or ())}


@dataclass(frozen=True)
class Setup:
    """What a replay reads of a game's setup: the game in play it starts with, the kind of
    challenge (`ORIGINS`), the key it began with, its facts (None while the player makes their
    own challenge) and when its clock started (None before its first coloured block)."""

    play: Play[Game]
    origin: str
    first_key: str | None
    facts: Facts | None
    started: float | None


def setup_from_json(document: Any) -> Setup:
    """The setup `setup_to_json` wrote (or the web, for a game it held); `NotationError` for a
    document not in that form, `InvalidPuzzleError` for blocks that cannot make its game."""
    if not isinstance(document, dict) or not set(SETUP_KEYS) <= set(document):
        raise NotationError(
            f"a game's setup is a JSON object with the keys {', '.join(SETUP_KEYS)}"
        )
    origin, first_key, started = document["origin"], document["first_key"], document["started"]
    if origin not in ORIGINS or not (first_key is None or isinstance(first_key, str)):
        raise NotationError(
            f"a game's origin is one of {', '.join(ORIGINS)} and its first key text or null"
        )
    if not _seconds_or_none(started):
        raise NotationError("when a game's clock started is a number of seconds or null")
    return Setup(
        play_from_json(document["game"]),
        origin,
        first_key,
        facts_from_json(document["facts"]),
        None if started is None else float(started),
    )


@dataclass(frozen=True)
class Replay:
    """A kept game to watch again, as every shell shows it: its setup, the game after each
    step of its log (the mid-end's replay, `replay.frames`), the facts of its challenge after
    its last step, and when it was created (the times of its log are from the same clock)."""

    game_id: str
    setup: Setup
    frames: tuple[Frame[Game], ...]
    facts: Facts | None
    created_at: float

    @property
    def start(self) -> Game:
        """The game before its first step."""
        return self.setup.play.state

    @property
    def steps(self) -> int:
        """The steps of its log: moves, help, undo and redo."""
        return len(self.frames)

    @property
    def last(self) -> Play[Game]:
        """The game in play after its last step (its start when it has none)."""
        return self.frames[-1].play if self.frames else self.setup.play

    @property
    def in_play(self) -> bool:
        """Whether the game is still being played (its board not full): it is never shown
        then (its solution would be told before its end)."""
        return not self.last.state.solved

    @cached_property
    def clock_start(self) -> tuple[int, float] | None:
        """Where the game's clock started: the index of the step that started it (-1: before
        the first) and when; None when it never did (`clock_started`: with the first coloured
        block put down)."""
        if self.setup.started is not None:
            return -1, self.setup.started
        for index, frame in enumerate(self.frames):
            started = clock_started(None, frame.play, frame.at)
            if started is not None:
                return index, started
        return None

    def clock_at(self, frame: Frame[Game]) -> float:
        """The game's clock when ``frame``'s step was made (seconds since its first coloured
        block was put down; 0 before)."""
        start = self.clock_start
        if start is None or self._index(frame) < start[0]:
            return 0.0
        return max(0.0, frame.at - start[1])

    @property
    def finish(self) -> Finish | None:
        """How the game ended, as the records keep it (None when its board is not full, or
        its challenge's facts are not known)."""
        start, facts, last = self.clock_start, self.facts, self.last
        if not last.state.solved or start is None or facts is None or not self.frames:
            return None
        ended = self.frames[-1].at
        seconds = max(0.0, ended - start[1])
        return Finish(facts.key, facts.difficulty, seconds, last.assisted, last.moves, ended)

    @property
    def title(self) -> str:
        """The challenge as the player knows it: "challenge 001040531, White edition, easy",
        "a generated challenge, hard", "your own challenge --black 4,3,v 2,1,v 8,5,h, easy"."""
        facts = self.facts
        if facts is None:
            return "a challenge still being made"
        if facts.code is not None:
            try:
                edition = f", {find_published(facts.code).edition} edition"
            except ValueError:  # a code this release does not know
                edition = ""
            return f"challenge {facts.code}{edition}, {facts.difficulty}"
        if self.setup.origin == "generated" and facts.key == self.setup.first_key:
            return f"a generated challenge, {facts.difficulty}"
        return f"your own challenge --black {typed_form(facts.key)}, {facts.difficulty}"

    @property
    def heading(self) -> str:
        """Which game, how it ended and how many steps it took: "Game ID: challenge
        001040531, White edition, easy, solved in 42 s, 12 moves, assisted, 14 steps"."""
        return f"Game {self.game_id}: {self.description}"

    @property
    def description(self) -> str:
        """The `heading` without the game's id: "challenge 001040531, White edition, easy,
        solved in 42 s, 12 moves, assisted, 14 steps"."""
        finish = self.finish
        ended = "not solved" if finish is None else f"solved in {duration_words(finish.seconds)}"
        last = self.last
        helped = ", assisted" if last.assisted else ""
        return (
            f"{self.title}, {ended}, {count_words(last.moves, 'move')}"
            f"{helped}, {count_words(self.steps, 'step')}"
        )

    def _index(self, frame: Frame[Game]) -> int:
        """Where ``frame`` is in `frames` (its number counts from the setup's version)."""
        return frame.number - self.setup.play.version

    def before(self, frame: Frame[Game]) -> Game:
        """The board before ``frame``'s step."""
        index = self._index(frame)
        return self.frames[index - 1].state if index > 0 else self.start

    def said(self, frame: Frame[Game]) -> str:
        """A step in words with the game's clock when it was made: "Step 3 of 14, at 4.2 s:
        put down the 2x3 block at row 1, column 5" (rows and columns from 1)."""
        return (
            f"Step {frame.number + 1} of {self.steps}, at {self.clock_at(frame):.1f} s: "
            f"{step_words(frame.text, self.before(frame))}"
        )
