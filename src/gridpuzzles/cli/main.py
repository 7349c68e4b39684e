"""The command line: `gridpuzzles mines ...`, `gridpuzzles mondrian ...`, `gridpuzzles tui`,
`gridpuzzles serve` and the short forms `mines ...` and `mondrian ...`.

Each puzzle's ``cli`` module has ``configure(parser)``, which adds that puzzle's sub-commands;
every sub-command sets ``handler``, a function from the parsed arguments to an exit status.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from gridpuzzles import __version__
from gridpuzzles.cli import export as export_cli
from gridpuzzles.cli import imports as import_cli
from gridpuzzles.cli import replay as replay_cli
from gridpuzzles.cli import review as review_cli
from gridpuzzles.cli import serve as web_cli
from gridpuzzles.cli import stats as stats_cli
from gridpuzzles.cli import tui as tui_cli
from gridpuzzles.cli.minesweeper import commands as mines_cli
from gridpuzzles.cli.mondrian import commands as mondrian_cli
from gridpuzzles.cli.options import one_line


@dataclass(frozen=True)
class Help:
    """What `--help` says of a command: one line in the list of commands, then a description
    and an epilog (examples) laid out as written."""

    description: str
    epilog: str = ""
    summary: str = ""


GRIDPUZZLES = Help(
    description="""\
Two grid logic puzzles, Minesweeper and Mondrian Blocks: play them line by line in the
terminal, in a full-screen terminal app or in a web browser, and solve, analyse or generate
them from the command line. The full-screen app and the web app keep finished games and
per-level statistics in one SQLite file. `mines` and `mondrian` are short for
`gridpuzzles mines` and `gridpuzzles mondrian`.""",
    epilog="""\
examples:
  mines play --level expert --seed 7                 Minesweeper in the terminal
  mondrian solve --black 4,3,v 2,1,v 8,5,h --count   how many solutions a challenge has
  gridpuzzles tui --mondrian                         the full-screen app, in Mondrian Blocks
  gridpuzzles serve                                  the web app on http://127.0.0.1:8023/

`gridpuzzles COMMAND --help` describes each command and its options.""",
)

# In the texts below, argparse replaces %(prog)s with `mines` or `gridpuzzles mines` (and so
# on), as the command was called.
MINES = Help(
    summary="Minesweeper: play, analyse a position, measure the auto-player",
    description="""\
Minesweeper: play it in the terminal (line by line, or full-screen with --tui), print the
exact mine probability of every hidden cell of a position, and measure the win rate of the
auto-player on reproducible boards.""",
    epilog="""\
examples:
  %(prog)s play                                 asks for a level
  %(prog)s play --level expert --seed 7 --tui   the full-screen app
  printf 'r 0 0\\nq\\n' | %(prog)s play --level beginner --seed 7
  printf '##1F\\n#210\\n1100\\n' | %(prog)s analyze --mines 2
  %(prog)s bench --level expert --games 1000 --seed 1 --jobs 2

`%(prog)s COMMAND --help` describes each command and its options.""",
)

MONDRIAN = Help(
    summary="Mondrian Blocks: play, solve, generate, count every placement",
    description="""\
Mondrian Blocks: place the three black blocks on the 8x8 board, then fill it with the
coloured ones. Play a challenge (published, generated or your own) block by block, solve a
challenge or a custom game (every solution, or how many there are), generate challenges with
exactly one solution, or count the solutions of every placement of the black blocks. A
position is ROW,COL,O: the row and column of the block's top-left cell, counted from 1, and
its orientation, h or v.""",
    epilog="""\
examples:
  %(prog)s play                                   asks for the black blocks, then you fill the board
  %(prog)s play --level hard                      a published hard challenge
  %(prog)s solve --black 4,3,v 2,1,v 8,5,h        every solution
  %(prog)s solve --black 4,3,v 2,1,v 8,5,h --count
  %(prog)s generate --count 5 --seed 1

`%(prog)s COMMAND --help` describes each command and its options.""",
)

TUI = Help(
    summary="the full-screen terminal app: Minesweeper and Mondrian Blocks",
    description="""\
The full-screen terminal app (mouse and keyboard): Minesweeper with hints, mine
probabilities and statistics, and Mondrian Blocks with every solution of a challenge.
F2 and F3 switch puzzles, ? shows the keys, q quits.""",
)

SERVE = Help(
    summary="the web app: play both puzzles in a browser",
    description="""\
The web app: serve both puzzles to a browser and print the address to open. Games and
statistics are kept in the SQLite file given by --db. Ctrl+C stops the server.""",
)


STATS = Help(
    summary="your Minesweeper records: win rates, streaks, best times, latest games",
    description="""\
Your Minesweeper records, as every shell keeps them in --db: per level and first-click rule
the games played and won, the win rate, the current and best streak, the best time, 3BV/s and
average win; then each level's ten best times with their days, and the latest games; then the
latest Mondrian Blocks games solved. Each game is listed with its id, for `gridpuzzles replay`
and `gridpuzzles review`. Games in which you asked for help (Play Move, a hint, the
probabilities) are counted apart as assisted and set no record; a game left after its first
reveal is a loss.""",
    epilog="""\
examples:
  gridpuzzles stats
  gridpuzzles stats --json --history 100""",
)


REPLAY = Help(
    summary="watch a kept game again, step by step",
    description="""\
Watch a kept game of either puzzle again: the board after each step (each move, undo and redo),
with the step in words and the game's clock as it was, one step each time Enter is pressed
(q stops), or every step at once with --all. Every shell keeps its games in --db; the end of
a game says its id. A game still being played is not shown. (An id that begins with "-", of
an older release, goes after "--": gridpuzzles replay -- -Xy....)""",
    epilog="""\
examples:
  gridpuzzles replay Qx3M9v0dFv5YwqfAxmM3kQ
  gridpuzzles replay Qx3M9v0dFv5YwqfAxmM3kQ --all""",
)

REVIEW = Help(
    summary="the solver's review of a kept game, move by move",
    description="""\
The solver's review of a kept Minesweeper game: each move judged from the position before it
(never from what happened after), with the risk a guess took beside the least risk there was:
safe, a certain or an uncertain flag, a guess, a needless guess (a cell was certainly safe),
an unavoidable 50/50, a dead cell guessed, a known mine, a chord on a wrong flag. Then the
game's summary: guesses, needless guesses, the risk taken against the least possible, and
the share of moves that were no fault. Then the game's standard statistics: 3BV and the 3BV
solved, 3BV/s, clicks (left, right, double) and effective clicks, IOE, correctness,
throughput, ZiNi and HZiNi, RQP and STNB, as ms-toollib defines them. A game still being
played is not reviewed. With --deep, each guess is also weighed by how much of the chance to
win it gave away against the solver's best move (an inaccuracy, a mistake or a blunder at 5,
10 and 15 points): seconds a guess. A Mondrian Blocks game's review gives the solutions each
step left, its dead ends with the step that left each, the time per block and the help.""",
    epilog="""\
examples:
  gridpuzzles review Qx3M9v0dFv5YwqfAxmM3kQ
  gridpuzzles review Qx3M9v0dFv5YwqfAxmM3kQ --json""",
)

EXPORT = Help(
    summary="write a kept Minesweeper game as a video file: EVF or RAWVF",
    description="""\
Write a kept Minesweeper game (won, lost or left) as a video file of the community: EVF, the
binary video Metasweeper and ms-toollib read, or RAWVF, the plain-text video. Each reveal,
flag and chord becomes its mouse clicks at the cell's centre, at the time it was made. The
file names gridpuzzles as its software and is never marked official. A game still being
played is not written, nor one with an undo or a redo (a video cannot show one), nor one
played to the flags win rule.""",
    epilog="""\
examples:
  gridpuzzles export Qx3M9v0dFv5YwqfAxmM3kQ --format evf -o game.evf
  gridpuzzles export Qx3M9v0dFv5YwqfAxmM3kQ --format rawvf -o game.rawvf""",
)

IMPORT = Help(
    summary="bring Minesweeper games in from video files: EVF, RAWVF, AVF, RMV, MVF",
    description="""\
Keep the Minesweeper games of video files of the community in the store, each as a game of its
own: EVF (Metasweeper) and RAWVF are read here, AVF, RMV, MVF and older EVF through ms-toollib.
An imported game is marked with the file it came from, its player and software, and is never
counted in the records; watch it with gridpuzzles replay ID, review it with gridpuzzles review
ID, or export it again. A file that cannot be read or replayed is refused in one line and
nothing of it is kept; the other files are still imported.""",
    epilog="""\
examples:
  gridpuzzles import game.evf
  gridpuzzles import videos/*.rawvf --db games.db""",
)


class OneLineParser(argparse.ArgumentParser):
    """A parser whose usage errors are one line on stderr, status 2 (its sub-commands' parsers
    are of the same class)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A value that starts with a minus and a digit ("-1,0,h", a black block off the board)
        # is read as a value, to be refused in words, not as an unknown option: no option of
        # these commands starts with a digit. (argparse keeps this rule in a private field.)
        self._negative_number_matcher = re.compile(r"^-\d")

    def error(self, message: str) -> NoReturn:
        line = one_line(message)
        self.exit(2, f"{self.prog}: error: {line} (see {self.prog} --help)\n")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse drops a failed write (--help to a full disk would end with status 0): let
        # the command say it (`_run`).
        if message:
            (file or sys.stderr).write(message)


def _parser(prog: str, about: Help, version: bool = False) -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=prog,
        description=about.description,
        epilog=about.epilog or None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    if version:
        shown = prog if prog == "gridpuzzles" else f"{prog} (gridpuzzles)"
        parser.add_argument("--version", action="version", version=f"{shown} {__version__}")
    return parser


def _run(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> int:
    if sys.stderr is None:  # closed: nothing can be said, not even why
        return 2
    if sys.stdout is None:
        print(
            f"{parser.prog}: error: standard output is closed: nothing can be shown",
            file=sys.stderr,
        )
        return 2
    if sys.stdin is None:  # closed: read as empty (a game then ends at once)
        sys.stdin = open(os.devnull)  # noqa: SIM115 (for the rest of the process)
    try:
        args = parser.parse_args(argv)
        handler = getattr(args, "handler", None)
        if handler is None:
            parser.print_help()
            return 2
        status: int = handler(args)
        sys.stdout.flush()  # a full disk is told here, not in a traceback at exit
    except SystemExit as done:  # argparse's --help and --version: their text must get out too
        try:
            sys.stdout.flush()
        except OSError as error:
            return _write_failed(parser.prog, error)
        raise done from None
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader stopped reading (`| head`): stop quietly, as other Unix tools do.
        _drop_output()
        return 1
    except OSError as error:  # standard output on a full disk or a broken device, above all
        return _write_failed(parser.prog, error)
    return status


def _write_failed(prog: str, error: OSError) -> int:
    """Say in one line (when standard error can take it) that writing failed: status 1."""
    _drop_output()
    with contextlib.suppress(OSError):
        print(f"{prog}: error: {error.strerror or error}", file=sys.stderr)
    return 1


def _drop_output() -> None:
    """Send what is left of standard output nowhere, so that Python does not report it again
    when it flushes at exit."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def build_parser() -> argparse.ArgumentParser:
    """The full `gridpuzzles` parser with one sub-command per puzzle and app."""
    parser = _parser("gridpuzzles", GRIDPUZZLES, version=True)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    for name, configure, about in (
        ("mines", mines_cli.configure, MINES),
        ("mondrian", mondrian_cli.configure, MONDRIAN),
        ("tui", tui_cli.configure, TUI),
        ("serve", web_cli.configure, SERVE),
        ("stats", stats_cli.configure, STATS),
        ("replay", replay_cli.configure, REPLAY),
        ("review", review_cli.configure, REVIEW),
        ("export", export_cli.configure, EXPORT),
        ("import", import_cli.configure, IMPORT),
    ):
        configure(
            commands.add_parser(
                name,
                help=about.summary,
                description=about.description,
                epilog=about.epilog or None,
                formatter_class=argparse.RawDescriptionHelpFormatter,
            )
        )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `gridpuzzles`."""
    return _run(build_parser(), argv)


def mines_main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `mines`, short for `gridpuzzles mines`."""
    parser = _parser("mines", MINES, version=True)
    mines_cli.configure(parser)
    return _run(parser, argv)


def mondrian_main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `mondrian`, short for `gridpuzzles mondrian`."""
    parser = _parser("mondrian", MONDRIAN, version=True)
    mondrian_cli.configure(parser)
    return _run(parser, argv)
