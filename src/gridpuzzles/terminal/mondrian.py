"""The line-mode Mondrian Blocks game: the player fills the board with the coloured blocks.

The challenge is given (a published one, a generated one, black blocks from the command line)
or the player places the three black blocks at prompts.  Then each line is a command: a block
to put down as ``SIZE:ROW,COL,O`` or ``N:ROW,COL,O``, N its number in the tray
(`notation.parse_typed_fixed`, e.g. ``2x3:1,5,h``), ``lift``, ``turn``, ``undo``, ``redo``,
``hint``, ``solutions`` or ``board``.  A block put down, lifted or turned
is named in one line (lifted by its size, the player learns which one), and the board is drawn
after every change; a command that is not one, or a move the game refuses, is one line saying
why and changes nothing.  Every change is one step of the game in play
(`gridpuzzles.midend.mondrian.stepped`), the same move the web app logs: undo and redo, the
move count and whether the player had help are the mid-end's, as in every shell.  With a store,
the whole game is kept in it as the web keeps its games (`storage.mondrian_play`): its setup
with its first step, then every step with its time, so that it can be watched again
(`gridpuzzles replay ID`).  On a full board the game says how long it took (the mid-end's
game clock, `Play.elapsed`: from the first block put down, as in every shell), and its finish
goes into the records with its last step.

A place is typed ``ROW,COL,O`` as on the command line, the row first and counted from 1 as
the numbers beside the board, and every message names a cell so (``row 1, column 5`` is typed
1,5), as in every shell: the person form of `notation`.  The machine form (``SIZE:X,Y,O``, the
column first from 0) is the move log's and the records', and is never shown as it is: a
challenge's key is shown by `notation.typed_form`.  ``help`` and ``quit`` work at every prompt
(`ask`): quit raises `Quit`, which `run` turns into a goodbye, after asking
(`LEAVE_QUESTION`) when a game is started.  The lines are read, bounded, by the `Console`
shared with the other puzzle's line mode: a line too long is refused and asked again, the end
of the input ends the game as leaving it does, and standard input that is not UTF-8 text
raises `console.EncodingError` (the command line reports it in one line).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gridpuzzles.bounds import is_digits
from gridpuzzles.history import Rewind
from gridpuzzles.midend.mondrian import (
    facts_of,
    finish_of,
    hint_step,
    play_of,
    setup_to_json,
    stepped,
)
from gridpuzzles.midend.play import Play
from gridpuzzles.mondrian.core.challenges import challenge_key, published_of
from gridpuzzles.mondrian.core.errors import MondrianError, NotationError
from gridpuzzles.mondrian.core.game import (
    Cell,
    Game,
    block_words,
    lift,
    new_game,
    placement_words,
)
from gridpuzzles.mondrian.core.grid import (
    BLACK_BLOCKS,
    STANDARD_BOARD,
    Block,
    Placement,
    Puzzle,
    challenge,
    check_placements,
)
from gridpuzzles.mondrian.core.moves import Action, Move
from gridpuzzles.mondrian.core.notation import (
    parse_block,
    parse_number,
    parse_typed_cell,
    parse_typed_fixed,
    parse_typed_position,
    quoted,
    typed_fixed,
    typed_form,
)
from gridpuzzles.mondrian.core.records import (
    LEAVE_QUESTION,
    Finish,
    duration_words,
    solved_sentences,
)
from gridpuzzles.mondrian.core.rendering import colour_of, labelled_like, legend, render_board
from gridpuzzles.mondrian.solving.difficulty import difficulty_of
from gridpuzzles.mondrian.solving.hints import hint, reveal_solutions
from gridpuzzles.mondrian.solving.solutions import first_solution
from gridpuzzles.storage import StorageError
from gridpuzzles.terminal.console import (
    GOODBYE,
    HELP_WORDS,
    OWNER,
    QUIT_WORDS,
    Console,
    told,
)

if TYPE_CHECKING:
    from gridpuzzles.storage import Store
    from gridpuzzles.storage.mondrian_play import KeptMondrianGame

BLACK_HELP = """\
Place the three black blocks, one at each prompt, as ROW,COL,O: the row and the column of the
block's top-left cell, counted from 1 as the numbers beside the board, and O its orientation,
h (horizontal) or v (vertical), e.g. 4,3,v.  The blocks may not overlap or stick out of the
8x8 board.  help: this help; quit: leave."""

HELP = """\
Commands (ROW and COL are the numbers beside the board, counted from 1, the row first, as
every message names a cell: "row 2, column 5" is 2,5):
  SIZE:ROW,COL,O  put a block down with its top-left cell at that row and column, lying h
                  (horizontal) or v (vertical), e.g. 2x3:1,5,h
  N:ROW,COL,O     the same for block N of the tray, e.g. 3:1,6,h
  lift ROW,COL    take back the block covering that cell (or: lift SIZE, lift N)
  turn ROW,COL    turn a block on the board about its top-left cell (or: turn SIZE, turn N)
  undo, redo      take back the last change, or make it again
  hint            put one correct block down (the game then sets no record)
  solutions       show the solutions (the game then sets no record)
  board           draw the board again
  help            this help
  quit            leave the game (asked first once a block is down)"""

INPUT_ENDED = "Input ended: the game is left unsolved."
"""Said when the input ends at a Mondrian game's prompt (its steps are kept as played)."""


class Quit(Exception):
    """The player typed quit at a prompt: the game ends there, and `run` says goodbye."""


def ask(console: Console, prompt: str, help_text: str) -> str | None:
    """The next line, stripped, that is neither help nor quit; None at the end of input.
    Help shows ``help_text`` and asks again; quit raises `Quit`.  Every prompt asks through
    here, so that both work at each of them."""
    while True:
        answer = console.line(prompt)
        if answer is None:
            return None
        if answer.lower() in QUIT_WORDS:
            raise Quit
        if answer.lower() not in HELP_WORDS:
            return answer
        console.say(help_text)


@dataclass(frozen=True)
class Chosen:
    """The challenge to play and how the player knows it."""

    puzzle: Puzzle
    title: str
    """E.g. ``Challenge 001040531: White edition, easy``."""
    difficulty: str = ""
    """One of `challenges.LEVELS` (rated when the game starts when empty)."""
    origin: str = "own"
    """How it was chosen (`midend.mondrian.ORIGINS`), as the store keeps it."""


def chosen(
    puzzle: Puzzle, name: str = "Challenge", difficulty: str = "", origin: str = "own"
) -> Chosen:
    """How the player knows ``puzzle``: a published challenge by its code, edition and level,
    else ``name`` and its black blocks as ``--black`` takes them; ``origin``: how it was
    chosen (`midend.mondrian.ORIGINS`)."""
    entry = published_of(puzzle)
    if entry is not None:
        level = entry.level.lower()
        title = f"Challenge {entry.code}: {entry.edition} edition, {level}"
        return Chosen(puzzle, title, level, origin)
    suffix = f": {difficulty}" if difficulty else ""
    black = typed_form(challenge_key(puzzle))  # the key is the machine form
    return Chosen(puzzle, f"{name} --black {black}{suffix}", difficulty, origin)


def run(console: Console, chosen: Chosen | None, store: Store | None = None) -> bool:
    """Play ``chosen``, or the challenge the player makes at the prompts when it is None, until
    the board is full, the player quits (a goodbye) or the input ends.  False when the input
    ended before the black blocks made a challenge: there was no game."""
    try:
        if chosen is None:
            chosen = ask_challenge(console)
            if chosen is None:
                return False
        play(console, chosen, store)
    except Quit:  # from any prompt: the one place the player leaves
        console.say(GOODBYE)
    return True


# The black blocks


def ask_black_blocks(console: Console) -> list[Placement] | None:
    """The three black blocks, asked one by one; None when the input ends first, `Quit` when
    the player types quit."""
    console.say("Place the black blocks: ROW,COL,O, the row and the column of the top-left cell")
    console.say("(counted from 1 at the top-left corner) and O the orientation, v (vertical) or")
    console.say("h (horizontal), e.g. 4,3,v.  'help' explains, 'quit' leaves.")
    placed: list[Placement] = []
    for block in BLACK_BLOCKS:
        placement = _ask_position(block, placed, console)
        if placement is None:
            return None
        placed.append(placement)
    return placed


def ask_challenge(console: Console) -> Chosen | None:
    """Black blocks asked at the prompts until they leave a way to fill the board; None when
    the input ends first, `Quit` when the player types quit."""
    while True:
        black = ask_black_blocks(console)
        if black is None:
            return None
        puzzle = challenge(black)
        if first_solution(puzzle) is not None:
            return chosen(puzzle, "Your challenge")
        console.say("These black blocks leave no way to fill the board: place them again.")


def _ask_position(block: Block, placed: Sequence[Placement], console: Console) -> Placement | None:
    """Ask until the answer is a valid place for ``block``; ``None`` at end of input."""
    while True:
        answer = ask(console, f"{block} block (row,column,v/h): ", BLACK_HELP)
        if answer is None:
            return None
        try:
            placement = parse_typed_position(answer, block)
            check_placements(STANDARD_BOARD, [*placed, placement])
        except MondrianError as error:
            console.say(f"  {error}; try again")
            continue
        return placement


# Commands


@dataclass(frozen=True)
class Command:
    """A line the player typed, read: its word and what it names (a placement, a cell or a
    block), if anything."""

    word: str
    """``place``, ``lift``, ``turn``, ``undo``, ``redo``, ``hint``, ``solutions`` or ``board``
    (help and quit are the prompt's: `ask`)."""
    placement: Placement | None = None
    at: Cell | Block | None = None


_WORDS = {
    "undo": "undo",
    "u": "undo",
    "redo": "redo",
    "hint": "hint",
    "solutions": "solutions",
    "solution": "solutions",
    "board": "board",
}
_WHERE = ("lift", "turn")


def parse_command(line: str, tray: Sequence[Block] = ()) -> Command:
    """Read a typed command; `NotationError` saying what was expected.  ``tray`` is the
    game's coloured blocks in the order the tray numbers them (from 1), which a number
    names, as in the full-screen app: ``3:1,6,h`` puts block 3 down."""
    words = line.split()
    if not words:
        raise NotationError("type a block to put down, e.g. 2x3:1,5,h ('help' lists the commands)")
    word = words[0].lower()
    if word in _WORDS:
        if len(words) > 1:
            raise NotationError(f"'{word}' takes nothing after it")
        return Command(_WORDS[word])
    if word in _WHERE:
        if len(words) != 2:
            raise NotationError(
                f"'{word}' needs a cell ROW,COL, a size or a tray number, e.g. '{word} 1,5', "
                f"'{word} 2x3' or '{word} 3'"
            )
        return Command(word, at=_parse_where(words[1], tray))
    if ":" in line:
        return Command("place", placement=_parse_place(line, tray))
    raise NotationError(
        f"unknown command {quoted(line.strip())}: type a block as SIZE:ROW,COL,O, "
        "e.g. 2x3:1,5,h, or 'help'"
    )


def _parse_place(line: str, tray: Sequence[Block]) -> Placement:
    """``SIZE:ROW,COL,O`` or ``N:ROW,COL,O``, N a number of the tray."""
    name, _, where = line.partition(":")
    if is_digits(name.strip()):
        return parse_typed_position(where, _numbered(name.strip(), tray))
    return parse_typed_fixed(line)


def _parse_where(text: str, tray: Sequence[Block]) -> Cell | Block:
    """``ROW,COL`` (a cell, counted from 1), ``SIZE`` or ``N`` (a block of the tray)."""
    if "x" in text.lower():
        return parse_block(text.lower())
    if is_digits(text):
        return _numbered(text, tray)
    return parse_typed_cell(text)


def _numbered(text: str, tray: Sequence[Block]) -> Block:
    """The block of ``tray`` with the number ``text`` (from 1), as the tray lists it."""
    if not tray:
        raise NotationError("there is no tray here: name a block by its size, e.g. 2x3")
    return tray[parse_number(text, "a tray number", 1, len(tray), " (the tray's numbers)") - 1]


# Drawing


def draw(console: Console, game: Game) -> None:
    """The board after a blank line (`board_text`)."""
    console.say()
    console.say(board_text(game, console.color))


def board_text(game: Game, color: bool = False) -> str:
    """The board with its column numbers on top and its row numbers on the left, the
    letters' legend and the tray, as line mode draws it (a replay too)."""
    placements = (*game.black, *game.placed)
    rows = render_board(game.board, placements, color).split("\n")
    # counted from 1, as a person names a cell; the line mode plays the 8x8 game, so each
    # number is one digit over its column's letter
    header = " ".join(str(col) for col in range(1, game.board.width + 1))
    lines = [f"  {header}", *(f"{number} {row}".rstrip() for number, row in enumerate(rows, 1))]
    tray = ", ".join(
        f"{number}. {block} {colour_of(block).label}"
        for number, block in enumerate(game.coloured_blocks, 1)
        if block in game.tray
    )  # each block keeps its number for the whole game, as in the full-screen app
    return "\n".join([*lines, legend(placements), f"Tray: {tray or 'empty'}"])


def _show_solutions(console: Console, game: Game) -> None:
    revealed = reveal_solutions(game)
    for number, solution in enumerate(revealed.solutions, 1):
        drawn = labelled_like(game.black, solution)  # the board's A is the solutions' A
        console.say(f"\nSolution {number}:")
        console.say(render_board(game.board, drawn, console.color))
        console.say(legend(drawn))
    shown = len(revealed.solutions)
    more = f" (the first {shown} are shown)" if revealed.count > shown else ""
    console.say(f"\nNumber of solutions: {revealed.count}{more}. The game now sets no record.")


# The game


def play(console: Console, chosen: Chosen, store: Store | None = None) -> Finish | None:
    """Play ``chosen`` until the board is full (the game solved) or the input ends (None);
    `Quit` when the player types quit. With a ``store``, the game is kept in it step by step,
    its finish in the records once solved."""
    in_play = play_of(new_game(chosen.puzzle))
    difficulty = chosen.difficulty or difficulty_of(chosen.puzzle)
    kept = _kept_game(console, chosen, difficulty, in_play, store)
    console.say(chosen.title)
    console.say("Fill the board with the coloured blocks: type SIZE:ROW,COL,O or N:ROW,COL,O")
    console.say("(N its number in the tray) to put one down, e.g. 2x3:1,5,h or 5:1,5,h ('help'")
    console.say("lists every command).")
    draw(console, in_play.state)
    step: Move | Rewind | None = None
    while not in_play.state.solved:
        try:
            line = ask(console, "> ", HELP)
        except Quit:
            if in_play.started is None or console.leave(LEAVE_QUESTION):  # left at once
                raise
            continue
        if line is None:
            console.say(INPUT_ENDED)
            return None
        at = console.now()
        try:
            in_play, step = _act(
                console, in_play, parse_command(line, in_play.state.coloured_blocks), at
            )
        except MondrianError as error:
            console.say(str(error))
            step = None
        if kept is not None and step is not None and not in_play.state.solved:
            told(console, kept.log(step, at))
    assert step is not None  # a step filled the board
    finish = finish_of(in_play, challenge_key(chosen.puzzle), difficulty)
    assert finish is not None  # (the board is full)
    _solved(console, finish, store, kept, step)
    return finish


def _kept_game(
    console: Console, chosen: Chosen, difficulty: str, start: Play[Game], store: Store | None
) -> KeptMondrianGame | None:
    """How the game starting at ``start`` is kept in ``store`` (None when there is none)."""
    if store is None:
        return None
    from gridpuzzles.storage.mondrian_play import KeptMondrianGame  # SQLAlchemy, to keep games

    setup = setup_to_json(start, chosen.origin, facts_of(chosen.puzzle, difficulty))
    return KeptMondrianGame(store, setup, console.now(), OWNER)


_REWINDS = {"undo": Rewind.UNDO, "redo": Rewind.REDO}


def _act(
    console: Console, in_play: Play[Game], command: Command, at: float
) -> tuple[Play[Game], Move | Rewind | None]:
    """The game ``in_play`` after ``command`` given at ``at``, and the step of its log it took (None when it
    took none): each change is one step, the move the web app logs (a block named by its size
    is named by its cell), so undo, redo, the move count and the assisted mark are the
    mid-end's.  The block moved is named and the board drawn again when it changed;
    `MondrianError` when refused, and nothing changes."""
    before = in_play.state
    step: Move | Rewind | None = None
    if command.word == "place" and command.placement is not None:
        in_play, step = _taken(in_play, at, Move(Action.PLACE, placement=command.placement))
        console.say(f"Put down {placement_words(command.placement)}.")
    elif command.word == "lift" and command.at is not None:
        in_play, step = _taken(in_play, at, Move(Action.LIFT, cell=_cell_of(before, command.at)))
        (gone,) = set(before.placed) - set(in_play.state.placed)  # a cell or a size: say which
        console.say(f"Lifted {block_words(gone)}.")
    elif command.word == "turn" and command.at is not None:
        in_play, step = _taken(in_play, at, Move(Action.TURN, cell=_cell_of(before, command.at)))
        console.say(f"Turned: {placement_words(in_play.state.placed[-1])}.")
    elif command.word in _REWINDS:
        in_play, step = _taken(in_play, at, _REWINDS[command.word])
    elif command.word == "hint":
        given = hint(before)
        in_play, step = _taken(in_play, at, hint_step(given))
        suffix = "" if given.place is None else f" ({typed_fixed(given.place)})"
        console.say(f"Hint: {given.message}{suffix}")
    elif command.word == "solutions":
        _show_solutions(console, before)
        return _taken(in_play, at, Move(Action.HELP))
    if in_play.state.position != before.position or command.word == "board":
        draw(console, in_play.state)
    return in_play, step


def _taken(in_play: Play[Game], at: float, step: Move | Rewind) -> tuple[Play[Game], Move | Rewind]:
    """``in_play`` after ``step`` made at ``at``, and the step (`MondrianError` when
    refused)."""
    return stepped(in_play, step, at), step


def _cell_of(game: Game, at: Cell | Block) -> Cell:
    """The cell a move names for ``at``: a move of the log names its block by a cell, and the
    player may type a size instead, which names the block `lift` would take (the last of that
    size put down) by its top-left cell; `MoveError` as `lift` says it when there is none."""
    if not isinstance(at, Block):
        return at
    (named,) = set(game.placed) - set(lift(game, at).placed)
    return named.row, named.col


def _solved(
    console: Console,
    finish: Finish,
    store: Store | None,
    kept: KeptMondrianGame | None,
    step: Move | Rewind,
) -> None:
    """Say the board is full and how long it took; keep the step that filled it in ``store``,
    with ``finish`` in the records, and say the game's id."""
    earlier: list[Finish] = []
    bests: tuple[str, ...] = ()
    failure = None
    if store is not None and kept is not None:
        try:
            earlier = store.mondrian_finishes()  # for the best time when this one is not
        except (sqlite3.Error, StorageError) as error:
            failure = f"The game could not be kept in {store.where}: {error}"
        if failure is None:
            told, failure = kept.solve(step, finish.ended_at, finish)
            bests = told or ()
    for sentence in solved_sentences(finish, bests):
        console.say(sentence)
    if failure is not None:
        console.say(failure)
        return
    if kept is not None and kept.solved:
        console.say(f"Kept as game {kept.id}: gridpuzzles replay {kept.id} shows it again.")
    own = [f.seconds for f in earlier if f.challenge == finish.challenge and not f.assisted]
    if own and "challenge" not in bests:
        console.say(f"Your best time for this challenge: {duration_words(min(own))}.")
