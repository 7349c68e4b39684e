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

from dataclasses import replace
from typing import Any

from gridpuzzles.history import History, HistoryError, Rewind
from gridpuzzles.midend.play import Play
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
from gridpuzzles.mondrian.core.moves import Action, Move, apply
from gridpuzzles.mondrian.core.moves import parse_step as parse_step
from gridpuzzles.mondrian.core.moves import step_text as step_text
from gridpuzzles.mondrian.core.notation import (
    GAME_KEYS,
    JsonObject,
    NotationError,
    game_from_json,
    game_to_json,
    position_to_json,
)
from gridpuzzles.mondrian.core.words import words
from gridpuzzles.mondrian.solving.hints import Hint

PLAY_KEYS = (*GAME_KEYS, "earlier", "later", "moves", "assisted")
"""The keys of a game in play's JSON (`play_to_json`)."""


def play_of(game: Game) -> Play[Game]:
    """A game in play starting at ``game``; a game has at most as many positions to undo to
    as moves, and the web bounds its moves, so no limit is needed."""
    return Play.start(game)


def stepped(play: Play[Game], step: Move | Rewind, at: float = 0.0) -> Play[Game]:
    """``play`` after one step of its log; `MoveError` saying why not (nothing to undo, a
    block that does not fit), and then nothing changes.  ``at``, when the step was made, is
    for the mid-end's interface (`puzzle.PuzzleRules`): Mondrian's board keeps no time, and
    its clock is `clock_started`."""
    del at
    if isinstance(step, Rewind):
        try:
            return play.rewound(step, helps=False)
        except HistoryError as error:
            raise MoveError(str(error)) from None
    if step.action is Action.HELP:
        return play.helped(logged=True)
    return play.moved(apply(play.state, step), helped=step.action is Action.HINT)


def clock_started(started: float | None, play: Play[Game], at: float) -> float | None:
    """When the clock of ``play`` started, after a step played at ``at`` (``started`` before
    it): with the first coloured block put down, not when the challenge is shown nor while the
    player makes their own, and never again.  The same in every shell, so that the best
    times of one store compare however each game was played."""
    return at if started is None and play.state.placed else started


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
    the move count and whether the player had help."""
    return {
        **game_to_json(play.state),
        "earlier": [position_to_json(game.position) for game in play.history.past],
        "later": [position_to_json(game.position) for game in play.history.future],
        "moves": play.moves,
        "assisted": play.assisted,
    }


def play_from_json(document: Any) -> Play[Game]:
    """The game in play `play_to_json` wrote (version 0: the store numbers the steps);
    `NotationError` for a document not in that form, `InvalidPuzzleError` for blocks that
    cannot make the game. The history is checked against the move count before it is read."""
    if not isinstance(document, dict) or sorted(document) != sorted(PLAY_KEYS):
        raise NotationError(f"a game in play is a JSON object with the keys {', '.join(PLAY_KEYS)}")
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
    return Play(History(game, earlier, later), moves, assisted)
