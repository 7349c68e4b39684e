"""Line-mode Minesweeper: read a command, apply it to the pure core, draw the board.

All I/O goes through the `Console` passed in (its streams and clocks, shared with the other
puzzle's line mode), so the whole game can be scripted (piped input) and tested. A game's times
are the epoch's (`Console.now`), as in every shell: the game keeps them, and the store with it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gridpuzzles.bounds import BoundError, is_digits, parse_whole, read_decimal, shown
from gridpuzzles.cells import typed_cell
from gridpuzzles.midend import Rewind
from gridpuzzles.midend.minesweeper import advised, figures_of, logged_steps, play_of, stepped
from gridpuzzles.midend.play import Play
from gridpuzzles.minesweeper.core.game import Game, MoveError, Status, game_from_layout, new_game
from gridpuzzles.minesweeper.core.grid import Layout
from gridpuzzles.minesweeper.core.moves import Action, Help, InvalidMoveError, Move
from gridpuzzles.minesweeper.core.rendering import (
    describe,
    render_board,
    render_result,
    render_status,
)
from gridpuzzles.minesweeper.core.settings import (
    LEVELS,
    MAX_SIDE,
    PLAY_FIRST_CLICK,
    Config,
    ConfigError,
    FirstClick,
    WinRule,
    check_playable,
    level,
    mines_for_density,
)
from gridpuzzles.minesweeper.core.view import view
from gridpuzzles.minesweeper.solving.autoplay import ADVICE_ERRORS, hint, next_move
from gridpuzzles.minesweeper.solving.noguess import NoGuessError, placement
from gridpuzzles.terminal.console import (
    GOODBYE,
    OWNER,
    QUIT_WORDS,
    Console,
    told,
)

if TYPE_CHECKING:  # the store loads SQLAlchemy: only a session that keeps its games opens one
    from gridpuzzles.storage import KeptGame, Store

HELP = """\
Commands (ROW and COL are the numbers in the headers: row 1, column 1 is the top-left cell):
  r ROW COL   reveal a cell (or just: ROW COL, or r3,4)
  f ROW COL   flag a cell, or unflag it
  c ROW COL   chord: on a number with that many flags around it, open its other neighbours
  p           let the auto-player play one move
  h           hint: a certainly safe cell, or the best guess and its mine probability
  u           undo the last move (also the mine that lost the game)
  redo        play again the move undone last
  n           new game (asks first when a game is started)
  q           quit (asks first when a game is started)
  help        this help"""

CELL_COMMANDS = {"r": Action.REVEAL, "f": Action.FLAG, "c": Action.CHORD}
WORD_COMMANDS = {
    **{word: word for word in ("n", "help", "p", "h", "u", "redo")},
    **dict.fromkeys(QUIT_WORDS, "q"),
    **{"new": "n", "?": "help", "play": "p", "hint": "h"},
    **{"undo": "u"},
}
"""The commands without a cell, by every name they answer to."""


class InputError(ValueError):
    """A line the player typed that is not a valid command."""


@dataclass(frozen=True)
class Rules:
    """The first-click rule, win rule and question-mark option chosen for a session."""

    first_click: FirstClick = PLAY_FIRST_CLICK
    win_rule: WinRule = WinRule.REVEAL
    question_marks: bool = False

    def config(self, width: int, height: int, mines: int) -> Config:
        return Config(width, height, mines, self.first_click, self.win_rule, self.question_marks)


@dataclass
class Tally:
    """Wins and losses of this session (UI state, not game state)."""

    won: int = 0
    lost: int = 0

    def record(self, status: Status) -> None:
        if status is Status.WON:
            self.won += 1
        elif status is Status.LOST:
            self.lost += 1

    def after(self, status: Status) -> Tally:
        """The tally once a game ending in ``status`` is counted."""
        return Tally(self.won + (status is Status.WON), self.lost + (status is Status.LOST))

    def __str__(self) -> str:
        return f"Session: {self.won} won, {self.lost} lost"


@dataclass
class Session:
    """One run of the terminal game: the console, the chosen rules, the seeds to use, and the
    store its games are kept in (None: not kept)."""

    console: Console
    rules: Rules
    seeds: random.Random
    tally: Tally = field(default_factory=Tally)
    store: Store | None = None


def parse_level(text: str, rules: Rules) -> Config:
    """A level by number (1-5), name, or custom size: ``WxH/MINES`` or ``WxH/DENSITY``, sides
    from 1 to `MAX_SIDE` (`check_playable`); raises `ConfigError`."""
    numbered = {str(number): name for number, name in enumerate(LEVELS, start=1)}
    lowered = text.strip().lower()
    lowered = numbered.get(lowered, lowered)
    if lowered in LEVELS:
        return check_playable(
            level(lowered, rules.first_click, rules.win_rule, rules.question_marks)
        )
    size, slash, amount = lowered.partition("/")
    width, x, height = size.partition("x")
    if not (slash and x):
        raise ConfigError(
            f"unknown level {shown(text)}: type 1-{len(LEVELS)}, a level name, or "
            "WIDTHxHEIGHT/MINES (e.g. 20x10/30, or 20x10/0.15 for a density)"
        )
    try:
        w = parse_whole(width, "the width", 1, MAX_SIDE)
        h = parse_whole(height, "the height", 1, MAX_SIDE)
        mines = _mine_amount(w, h, amount)
    except BoundError as error:
        raise ConfigError(str(error)) from None
    return check_playable(rules.config(w, h, mines))


def _mine_amount(width: int, height: int, amount: str) -> int:
    if is_digits(amount):
        return parse_whole(amount, "the mine count", 0, MAX_SIDE * MAX_SIDE)
    density = read_decimal(amount)
    if density is None:
        raise ConfigError(f"{shown(amount)} is neither a mine count nor a density")
    return mines_for_density(width, height, density)


def parse_command(line: str) -> tuple[str, Move | None]:
    """Read a typed command: ``("move", Move)`` for a cell command, else ``(word, None)``.
    A person types the row first and counts from 1, as the headers do (``r 1 1`` is the
    top-left cell, and so is ``r1,1``); the `Move` counts from 0, as the code does."""
    words = line.replace(",", " ").split()
    if not words:
        raise InputError(
            "type a command, e.g. 'r 3 4' to reveal row 3, column 4 ('help' lists the commands)"
        )
    word = words[0].lower()
    if word in WORD_COMMANDS:
        if len(words) > 1:
            raise InputError(f"'{word}' takes nothing after it")
        return WORD_COMMANDS[word], None
    if is_digits(word):
        words = ["r", *words]
        word = "r"
    elif word[0] in CELL_COMMANDS and is_digits(word[1:]):  # r4,4, counted from 1 too
        words = [word[0], word[1:], *words[1:]]
        word = word[0]
    if word not in CELL_COMMANDS:
        raise InputError(f"unknown command {shown(words[0])}; type 'help' for the list of commands")
    if len(words) != 3:
        raise InputError(f"'{word}' needs a row and a column, e.g. '{word} 3 4'")
    try:
        typed = Move.parse(f"{CELL_COMMANDS[word].value}{words[1]},{words[2]}")
    except InvalidMoveError:
        typed = None
    if typed is None or typed.row < 1 or typed.col < 1:
        raise InputError(
            f"row and column are whole numbers from 1, as the headers count (at most 8 digits), not "
            f"{shown(words[1])} and {shown(words[2])}"
        )
    row, col = typed_cell(typed.row, typed.col)
    return "move", Move(typed.action, row, col)


def choose_level(console: Console, rules: Rules) -> Config | None:
    """Ask for a level until a valid one is given; None when the player quits (``q``,
    ``quit``) or the input ends."""
    console.say("Choose a level:")
    for number, (name, (w, h, m)) in enumerate(LEVELS.items(), start=1):
        console.say(f"  {number}. {name:<13} {w}x{h}, {m} mines")
    console.say(
        f"  or a custom board up to {MAX_SIDE}x{MAX_SIDE}: WIDTHxHEIGHT/MINES or "
        "WIDTHxHEIGHT/DENSITY (e.g. 20x10/0.15)"
    )
    while True:
        answer = console.line(f"Level [1-{len(LEVELS)}, q to quit]: ")
        if answer is None or WORD_COMMANDS.get(answer.lower()) == "q":
            return None
        try:
            return parse_level(answer, rules)
        except ConfigError as error:
            console.say(str(error))


def run(
    session: Session, config: Config | None, first_seed: int | None, board: Layout | None = None
) -> int:
    """The whole session: greet, pick a level, play games until quit or end of input. With
    ``board``, the first game is played on those mines (the first click may hit one), and a
    new game after it asks for a level."""
    console = session.console
    console.say("gridpuzzles Minesweeper")
    console.say("Welcome! Clear the board without revealing a mine. Type 'help' for commands.")
    if board is not None:
        rules = session.rules
        on_board = game_from_layout(board, rules.win_rule, rules.question_marks)
        mines = f"{board.mine_count} mine{'' if board.mine_count == 1 else 's'}"
        console.say(f"The board given: {board.width}x{board.height}, {mines}.")
        if not play(session, on_board, chosen=True, given=True):
            return _goodbye(session)
    if config is None:
        config = choose_level(console, session.rules)
        if config is None:
            console.say(GOODBYE)
            return 0
    seed = first_seed if first_seed is not None else session.seeds.randrange(2**32)
    chosen = first_seed is not None
    while play(session, new_game(config, seed, placement(config)), chosen=chosen):
        seed, chosen = session.seeds.randrange(2**32), False
    return _goodbye(session)


def _goodbye(session: Session) -> int:
    """End the session: its tally, and goodbye."""
    session.console.say(str(session.tally))
    session.console.say(GOODBYE)
    return 0


def play(session: Session, game: Game, *, chosen: bool = False, given: bool = False) -> bool:
    """Play one game (on a seed the player ``chosen``, or a board ``given``, or neither), kept
    in the session's store when it has one; True to start another, False to quit. A game in
    play that the player leaves is a loss, kept in the store as left; one that the input ends
    or Ctrl-C stops is no loss and is not kept (the player chose nothing, and line mode
    resumes no game)."""
    console = session.console
    played = play_of(game)
    """The game in play: assisted once the auto-player was asked for, a hint was asked or a
    move undone or redone after the first reveal (before it, a hint tells nothing the rules
    do not), as the other shells count it."""
    kept = _kept_game(session, game, chosen, given)
    draw(console, played)
    while True:
        line = console.line("> ")
        if line is None:
            if played.state.in_play:
                console.say(INPUT_ENDED_IN_PLAY)
            return False
        try:
            word, move = parse_command(line)
        except InputError as error:
            console.say(str(error))
            continue
        if word in ("q", "n"):
            if played.state.in_play and not console.leave(LEAVE_QUESTION):
                continue
            _left(session, played, kept)
            return word == "n"
        if word == "help":
            console.say(HELP)
            continue
        if word == "h":
            console.say(_hint(played.state))
            before, played = played, advised(played)  # logged when it marks the game
            if kept is not None:
                told(
                    console,
                    kept.log(logged_steps(before, Help.HELP, played), console.now(), played),
                )
            continue
        if word == "p":
            move = _auto_move(played.state)
            if move is None:
                console.say("there is no move to play")
                continue
            console.say(f"auto-player: {describe(move)}")
        step = (Rewind.UNDO if word == "u" else Rewind.REDO) if move is None else move
        at, before = console.now(), played
        try:  # Play Move's move is help, as in every shell (a refused one marks nothing)
            played = stepped(played, step, at, helped=word == "p")
        except MoveError as error:
            console.say(error.words())
            continue
        except NoGuessError as error:
            console.say(str(error))
            continue
        if kept is not None:
            told(console, kept.log(logged_steps(before, step, played), at, played))
        draw(console, played)
        if played.state.over:
            if kept is not None:
                told(console, kept.keep(played))
            answer = _game_over(session, played, kept)
            if answer != "u":
                return answer == "y"
            at = console.now()
            played = stepped(played, Rewind.UNDO, at)  # help: the game had started
            if kept is not None:
                told(console, kept.log((Rewind.UNDO,), at, played))
            console.say("The mine is undone: this game is now assisted.")
            draw(console, played)


def _kept_game(session: Session, game: Game, chosen: bool, given: bool) -> KeptGame | None:
    """How ``game`` is kept in the session's store (None when there is none); ``given``: on a
    board the player gave, kept with its mines (no seed deals them)."""
    if session.store is None:
        return None
    from gridpuzzles.storage.keeper import KeptGame  # SQLAlchemy, only to keep games

    at = session.console.now()
    return KeptGame(
        session.store,
        game.config,
        game.seed,
        chosen=chosen,
        owner=OWNER,
        created_at=at,
        layout=game.layout if given else None,
    )


INPUT_ENDED_IN_PLAY = "Input ended: the game in play is not counted."
"""Said when the input ends during a game in play: only the player's leaving is a loss."""
LEAVE_QUESTION = "Leave this game? It counts as a loss."
"""Asked before a game in play is left (`Console.leave`), in every shell's words."""


def _left(session: Session, played: Play[Game], kept: KeptGame | None) -> None:
    """The player left the game ``played``: once it is in play, a loss in the tally, and
    kept in the store as a game left."""
    if not played.state.in_play:
        return
    session.tally.record(Status.LOST)
    if kept is not None:
        told(session.console, kept.leave(played, session.console.now()))


def _auto_move(game: Game) -> Move | None:
    if game.over:
        return None
    try:
        return next_move(view(game), game.config.mines, game.config.first_click)
    except ADVICE_ERRORS:
        return None


def _hint(game: Game) -> str:
    if game.over:
        return "the game is over: 'n' starts a new one"
    try:
        return f"Hint: {hint(view(game), game.config.mines, game.config.first_click)}"
    except ADVICE_ERRORS as error:
        return f"no hint: {error}"


def draw(console: Console, played: Play[Game]) -> None:
    """The board of the game in play after a blank line, and the line of its mines left and
    its time (on the game in play's clock, `figures_of`)."""
    game = played.state
    console.say()
    console.say(render_board(view(game), console.color, game.exploded))
    console.say(render_status(game, figures_of(played, console.now())))


ASSISTED = "Assisted: the auto-player or a hint helped, so this win is not all your own."


def _game_over(session: Session, played: Play[Game], kept: KeptGame | None = None) -> str:
    """Say how the game in play ended (and where it is kept) and ask what next: "y" another
    game, "n" quit, "u" (after a loss) undo the mine. The session's tally counts the game
    unless it is undone."""
    console = session.console
    game = played.state
    console.say(render_result(game, figures_of(played, console.now())))
    if played.assisted and game.status is Status.WON:
        console.say(ASSISTED)
    if kept is not None and kept.stored:
        chosen = "board" if kept.saved.layout is not None else "seed"
        counted = "" if kept.counted else f" (a chosen {chosen}: not in the statistics)"
        console.say(
            f"Kept as game {kept.id}{counted}: gridpuzzles replay {kept.id} shows it again."
        )
    lost = game.status is Status.LOST
    console.say(str(session.tally.after(game.status)))
    question = "Play again? [y/n, or u to undo the mine] " if lost else "Play again? [y/n] "
    while True:
        answer = console.line(question)
        said = "n" if answer is None else answer.lower()
        if said in ("u", "undo") and lost:
            return "u"
        if said in ("n", "no", *QUIT_WORDS, "y", "yes", ""):
            session.tally.record(game.status)
            return "y" if said in ("y", "yes", "") else "n"
        console.say(
            "Please answer y or n, or u to undo the mine." if lost else "Please answer y or n."
        )
