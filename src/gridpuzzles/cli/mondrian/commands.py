"""Command line of Mondrian Blocks: `mondrian play | solve | generate | census`.

A thin shell: it parses text with `mondrian.core.notation`, calls the solver and prints
with `mondrian.core.rendering`; `play` is the line-mode game of `terminal.mondrian`. Bad
input (a malformed or out-of-bounds option, a puzzle file that cannot be read, an SVG path
that cannot be written, a database that cannot be used, a game too big to search) prints one
line on stderr and exits with status 2, before anything is written; status 1 means the input
ended before `play` had its three blocks, or the output could not be written. There is never
a traceback. Every number that sizes work has a bound, checked before the work starts.

Every place a person types or reads (``--black``, ``--fixed``, a puzzle file, the challenges
`generate` prints) is in the person form, ``ROW,COL,O`` row first and counted from 1
(`notation.parse_typed_position`); the JSON of `solve` keeps ``row`` and ``col`` from 0.
"""

from __future__ import annotations

import argparse
import errno
import itertools
import json
import os
import random
import stat
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from io import FileIO
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from gridpuzzles.bounds import MAX_SEED
from gridpuzzles.cli.inputs import UsageError, read_text
from gridpuzzles.cli.options import (
    CannotOpenStore,
    add_color_option,
    add_db_option,
    open_store,
    use_color,
    whole_number,
)
from gridpuzzles.mondrian.core.challenges import (
    EDITIONS,
    LEVELS,
    ChallengeError,
    choose_published,
    find_published,
)
from gridpuzzles.mondrian.core.errors import MondrianError, NotationError
from gridpuzzles.mondrian.core.grid import (
    BLACK_BLOCKS,
    MAX_BLOCKS,
    MAX_SIDE,
    STANDARD_BLOCKS,
    STANDARD_BOARD,
    InvalidPuzzleError,
    Placement,
    Puzzle,
    challenge,
    make_puzzle,
)
from gridpuzzles.mondrian.core.notation import (
    MAX_TOML_BYTES,
    parse_blocks,
    parse_board,
    parse_puzzle_toml,
    parse_typed_fixed,
    parse_typed_position,
    quoted,
    solutions_to_json,
    typed_position,
)
from gridpuzzles.mondrian.core.rendering import labelled_like, render_svg, render_text
from gridpuzzles.mondrian.solving.census import MAX_CENSUS_PLACEMENTS, Progress, census
from gridpuzzles.mondrian.solving.generation import GeneratedChallenge, generate_challenge
from gridpuzzles.mondrian.solving.solutions import (
    Solution,
    count_solutions,
    first_solution,
    solutions,
)
from gridpuzzles.storage import default_db
from gridpuzzles.terminal.console import EncodingError, standard_console
from gridpuzzles.terminal.mondrian import Chosen, chosen, run

if TYPE_CHECKING:
    from gridpuzzles.storage import Location, Store

Handler = Callable[[argparse.Namespace], int]
BAD_INPUT, FAILED = 2, 1

MAX_GENERATE = 1000
"""The most challenges one `mondrian generate` makes (``--count``)."""
MAX_LISTED = 2000
"""The most solutions `mondrian solve` lists (``--limit``, also the default): more than any
placement of the black blocks in the 8x8 game has (1084).  Every solution is still counted."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the `mondrian` sub-commands to ``parser``."""
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    _add_play(commands)
    _add_solve(commands)
    _add_generate(commands)
    _add_census(commands)


def _add_challenge_options(group: argparse._ArgumentGroup) -> None:
    """``--black`` and ``--code``: a challenge of the 8x8 game (read by `_challenge_from`)."""
    group.add_argument(
        "--black",
        nargs=3,
        metavar="ROW,COL,O",
        help="the 1x1, 1x2 and 1x3 black blocks, in order: the row and column of each one's "
        "top-left cell, counted from 1, and h or v, e.g. --black 4,3,v 2,1,v 8,5,h",
    )
    group.add_argument(
        "--code", metavar="CODE", help="a published challenge by its code, e.g. 001040531"
    )


def _challenge_from(args: argparse.Namespace) -> Puzzle | None:
    """The challenge ``--black`` or ``--code`` names, or None when neither is given."""
    if args.black is not None and args.code is not None:
        raise InvalidPuzzleError("give --black or --code, not both")
    if args.code is not None:
        return find_published(args.code).puzzle
    if args.black is not None:
        return challenge(
            parse_typed_position(t, b) for t, b in zip(args.black, BLACK_BLOCKS, strict=True)
        )
    return None


def _add_play(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    play_parser = commands.add_parser(
        "play",
        help="fill the board yourself, with hints, undo and your best times",
        description="Play a challenge: place the coloured blocks as SIZE:ROW,COL,O or "
        "N:ROW,COL,O (e.g. 2x3:1,5,h, or 5:1,5,h for block 5 of the tray: the row and the "
        "column of the block's top-left cell, counted from 1 at the top-left corner, then h or "
        "v) until the board is full; 'help' in the game lists the commands (lift, turn, undo, "
        "redo, hint, solutions). Without a challenge option it asks for the black blocks.",
    )
    source = play_parser.add_argument_group("challenge (at most one; else the prompts ask)")
    _add_challenge_options(source)
    source.add_argument(
        "--level",
        choices=LEVELS,
        help="a random published challenge of this level (or, with --generate, a generated one)",
    )
    source.add_argument(
        "--edition", choices=EDITIONS, help="a random published challenge of this edition"
    )
    source.add_argument(
        "--generate",
        action="store_true",
        help="a random challenge with exactly one solution, not a published one",
    )
    source.add_argument(
        "--seed",
        type=whole_number("a seed", 0, MAX_SEED, " (2**63 - 1)"),
        help="seed of the random choice, 0 to 2**63 - 1 (the same seed gives the same challenge)",
    )
    add_db_option(play_parser, "where the games are kept, every step to watch them again: ")
    play_parser.add_argument(
        "--no-keep",
        action="store_true",
        help="keep no game in the database (none is watched again, counted in the best times "
        "or listed by `gridpuzzles stats`)",
    )
    add_color_option(play_parser)
    play_parser.set_defaults(handler=_guarded(_play))


def _add_solve(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    solve = commands.add_parser(
        "solve",
        help="solve a challenge or a custom game",
        description="Solve a challenge (--black or --code) or a custom game (--board/--blocks/"
        "--fixed, or --file). Positions are ROW,COL,O: the row and the "
        "column of the block's top-left cell, counted from 1 at the top-left corner, and its "
        "orientation, h or v.",
    )
    source = solve.add_argument_group("puzzle")
    _add_challenge_options(source)
    source.add_argument(
        "--board", metavar="WxH", help=f"custom board size, sides 1 to {MAX_SIDE} (default 8x8)"
    )
    source.add_argument(
        "--blocks",
        metavar="SIZES",
        help=f"every block of the game, fixed ones included, "
        f"e.g. 1x1,1x2,2x3: at most {MAX_BLOCKS} (default: the eleven blocks of the game)",
    )
    source.add_argument(
        "--fixed",
        nargs="+",
        default=[],
        metavar="SIZE:ROW,COL,O",
        help="blocks fixed in place, e.g. 1x3:1,1,h (row and column from 1)",
    )
    source.add_argument(
        "--file",
        type=Path,
        help=f"a TOML puzzle file (board, blocks, fixed), at most {MAX_TOML_BYTES // 1024} KiB",
    )
    output = solve.add_argument_group("output")
    stop = output.add_mutually_exclusive_group()
    stop.add_argument("--count", action="store_true", help="only count the solutions")
    stop.add_argument("--first", action="store_true", help="stop at the first solution")
    stop.add_argument(
        "--limit",
        type=whole_number("the number of solutions listed", 1, MAX_LISTED),
        default=MAX_LISTED,
        metavar="N",
        help=f"list at most N solutions, 1 to {MAX_LISTED} (default {MAX_LISTED}); all are "
        "still counted",
    )
    output.add_argument("--json", action="store_true", help='print {"count": N, "solutions": ...}')
    output.add_argument(
        "--svg", type=Path, metavar="FILE", help="also draw the solutions listed as SVG"
    )
    add_color_option(output)
    solve.set_defaults(handler=_guarded(_solve))


def _add_generate(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    generate = commands.add_parser(
        "generate",
        help="random challenges with exactly one solution",
        description="Random placements of the black blocks with exactly one solution, each "
        "with a difficulty estimate and its reason.",
    )
    generate.add_argument(
        "--count",
        type=whole_number("the number of challenges", 1, MAX_GENERATE),
        default=1,
        help=f"how many, 1 to {MAX_GENERATE} (default 1)",
    )
    generate.add_argument(
        "--seed",
        type=whole_number("a seed", 0, MAX_SEED, " (2**63 - 1)"),
        help="seed, 0 to 2**63 - 1 (the same seed gives the same challenges)",
    )
    generate.add_argument(
        "--json",
        action="store_true",
        help='print JSON: a list of {"black", "level", "score", "reason"}, "black" the three '
        "--black arguments",
    )
    add_color_option(generate)
    generate.set_defaults(handler=_guarded(_generate))


def _add_census(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    census_parser = commands.add_parser(
        "census",
        help="count the solutions of every placement of the black blocks",
        description="For every non-overlapping placement of the black blocks, count its "
        "solutions; print how many placements have 0, 1, 2, ... solutions.",
    )
    census_parser.add_argument("--json", action="store_true", help="print the full histogram")
    census_parser.add_argument(
        "--board", metavar="WxH", help=f"custom board, sides 1 to {MAX_SIDE} (default 8x8)"
    )
    census_parser.add_argument(
        "--blocks", metavar="SIZES", help="every block, black ones included (default: the game)"
    )
    census_parser.add_argument(
        "--black",
        metavar="SIZES",
        help="the blocks whose placements vary (default 1x1,1x2,1x3); "
        f"their placements multiplied at most {MAX_CENSUS_PLACEMENTS:,}",
    )
    census_parser.set_defaults(handler=_guarded(_census))


def _guarded(handler: Handler) -> Handler:
    """``handler`` with bad input and failed writes turned into one line on stderr."""

    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except (MondrianError, UsageError) as error:
            print(f"mondrian: error: {error}", file=sys.stderr)
            return BAD_INPUT
        except BrokenPipeError:
            raise  # the reader went away: the entry point stops quietly
        except OSError as error:
            where = "" if error.filename is None else f": {_path_shown(error.filename)}"
            print(f"mondrian: error: {error.strerror or error}{where}", file=sys.stderr)
            return FAILED

    return run


# play


def _play(args: argparse.Namespace) -> int:
    if args.no_keep and args.db is not None:
        raise UsageError("--no-keep keeps no game: it cannot go with --db")
    chosen = _chosen(args)
    console = standard_console(use_color(args.color))
    with _store(None if args.no_keep else args.db or default_db()) as store:
        try:
            played = run(console, chosen, store)
        except EncodingError as error:
            raise UsageError(str(error)) from None
        if not played:
            print("mondrian: error: input ended before the three black blocks", file=sys.stderr)
            return FAILED
    return 0


def _chosen(args: argparse.Namespace) -> Chosen | None:
    """The challenge the options of `play` ask for, or None (the prompts ask)."""
    randomly = args.level is not None or args.edition is not None or args.generate
    if randomly and (args.black is not None or args.code is not None):
        raise InvalidPuzzleError(
            "give --black, --code or a random challenge (--level, "
            "--edition, --generate), not several"
        )
    if args.seed is not None and not randomly:
        raise InvalidPuzzleError(
            "--seed chooses a random challenge: give it with --level, --edition or --generate"
        )
    if args.generate and args.edition is not None:
        raise InvalidPuzzleError(
            "--edition chooses a published challenge: it does not go with --generate"
        )
    puzzle = _challenge_from(args)
    if puzzle is not None:
        if first_solution(puzzle) is None:
            raise ChallengeError(
                "these black blocks leave no way to fill the board: the challenge has no solution"
            )
        return chosen(puzzle, origin="own" if args.code is None else "published")
    if not randomly:
        return None
    rng = random.Random(args.seed)
    if args.generate:
        made = generate_challenge(rng, level=args.level)
        return chosen(made.puzzle, "Generated challenge", made.difficulty.level, "generated")
    return chosen(choose_published(rng, args.level, args.edition).puzzle, origin="random")


@contextmanager
def _store(path: Location | None) -> Iterator[Store | None]:
    """The store at ``path`` (a file or a server's URL), opened before the game (a file that
    cannot be one is refused first), or None without a path (``--no-keep``)."""
    if path is None:
        yield None
        return
    try:
        store = open_store(path)
    except CannotOpenStore as error:
        raise UsageError(str(error)) from None
    try:
        yield store
    finally:
        store.close()


# solve


def _puzzle_from(args: argparse.Namespace) -> Puzzle:
    custom = args.board is not None or args.blocks is not None or bool(args.fixed)
    sources = [args.black is not None, args.code is not None, custom, args.file is not None]
    if sum(sources) != 1:
        raise InvalidPuzzleError(
            "give exactly one of --black, --code, a custom game (--board/--blocks/--fixed) or "
            "--file"
        )
    named = _challenge_from(args)
    if named is not None:
        return named
    if args.file is not None:
        text = read_text(
            str(args.file), MAX_TOML_BYTES, f"the puzzle file {_path_shown(args.file)}"
        )
        if _is_empty_toml(text):  # else read as the whole 8x8 game with nothing fixed
            raise UsageError(
                f"the puzzle file is empty: {_path_shown(args.file)} holds no game; a puzzle "
                'file holds TOML such as board = "WxH", blocks = ["1x1", "2x3", ...] and '
                'fixed = ["1x3:8,5,h", ...]'
            )
        return parse_puzzle_toml(text)
    board = parse_board(args.board) if args.board is not None else STANDARD_BOARD
    blocks = parse_blocks(args.blocks) if args.blocks is not None else STANDARD_BLOCKS
    return make_puzzle(board, blocks, map(parse_typed_fixed, args.fixed))


def _is_empty_toml(text: str) -> bool:
    """Whether TOML ``text`` holds nothing: blank lines and comments only (a line whose first
    character past TOML's blanks, space and tab, is ``#`` is a comment, whatever follows)."""
    lines = (line.strip(" \t\r") for line in text.split("\n"))
    return all(not line or line.startswith("#") for line in lines)


def _path_shown(path: object) -> str:
    """A file name for a message: quoted, in full unless absurdly long."""
    return quoted(str(path), 1000)


Writer = Callable[[str], None]
NO_READER = "it is a pipe that no program reads"


def _opened(path: Path) -> FileIO:
    """``path`` opened to append, unbuffered (a failed write leaves nothing). A pipe is
    opened without waiting: with no program reading it, opening it would wait forever, so it
    is refused (ENXIO) instead; a pipe with a reader is written as usual."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT
    try:
        if stat.S_ISFIFO(os.stat(path).st_mode):
            descriptor = os.open(path, flags | os.O_NONBLOCK)
            os.set_blocking(descriptor, True)
            return os.fdopen(descriptor, "ab", buffering=0)
    except FileNotFoundError:
        pass
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise OSError(error.errno, NO_READER) from None
        raise
    return path.open("ab", buffering=0)


@contextmanager
def _opened_for_writing(path: Path | None) -> Iterator[Writer | None]:
    """A function writing ``path``, opened before the work so that a path that cannot be
    written is refused first.

    Opening appends nothing and truncates nothing: a file that was there stays as it was
    until the function writes it, and a file made here is removed if the work fails.
    """
    if path is None:
        yield None
        return
    name = _path_shown(path)
    existed = os.path.lexists(path)
    try:
        handle = _opened(path)
    except OSError as error:
        raise NotationError(f"cannot write the SVG file {name}: {error.strerror}") from None
    except ValueError:
        raise NotationError(f"cannot write the SVG file {name}: not a file name") from None

    def write(text: str) -> None:
        try:
            if stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                handle.truncate(0)
            data = memoryview(text.encode("utf-8"))
            while data:
                data = data[handle.write(data) or 0 :]
        except OSError as error:
            message = f"cannot write the SVG file {name}: {error.strerror}"
            raise OSError(error.errno, message) from None

    try:
        with handle:
            yield write
    except BaseException:
        if not existed:
            path.unlink(missing_ok=True)
        raise


def _solve(args: argparse.Namespace) -> int:
    puzzle = _puzzle_from(args)
    if args.count and args.svg is not None:
        raise InvalidPuzzleError("--svg draws the solutions listed: it does not go with --count")
    with _opened_for_writing(args.svg) as svg:
        if args.count:
            total = count_solutions(puzzle)
            print(json.dumps({"count": total}) if args.json else f"Number of solutions: {total}")
            return 0
        limit = 1 if args.first else args.limit
        found: list[Solution] = list(itertools.islice(solutions(puzzle), limit))
        total = len(found) if args.first or len(found) < limit else count_solutions(puzzle)
        if svg is not None:
            drawn = [labelled_like(puzzle.fixed, solution) for solution in found]
            svg(render_svg(puzzle.board, drawn or [puzzle.fixed]))
    if args.json:
        document = solutions_to_json(total, found)
        if args.first:
            del document["count"]
        print(json.dumps(document))
        return 0
    _print_solutions(puzzle, found, total, use_color(args.color), args.first)
    return 0


def _print_solutions(
    puzzle: Puzzle, found: Sequence[Solution], total: int, color: bool, first: bool
) -> None:
    print(f"Puzzle:\n{render_text(puzzle.board, puzzle.fixed, color)}")
    for number, solution in enumerate(found, 1):
        drawn = labelled_like(puzzle.fixed, solution)  # the puzzle's A is the solutions' A
        print(f"\nSolution {number}:\n{render_text(puzzle.board, drawn, color)}")
    if first:
        print("\nNo solution." if not found else "\n(stopped after the first solution)")
    elif total > len(found):
        print(
            f"\nNumber of solutions: {total} (the first {len(found)} are shown; --limit N "
            f"shows N, at most {MAX_LISTED})"
        )
    else:
        print(f"\nNumber of solutions: {total}")


# generate


PROGRESS_SECONDS = 2.0
"""How often `mondrian generate --json` says on a terminal how far it is (it prints its JSON
only at the end: 1,000 challenges take about 20 s)."""


def _generate(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    generated = (generate_challenge(rng) for _ in range(args.count))  # shown as they come
    if args.json:
        print(json.dumps([_generated_json(g) for g in _told(generated, args.count)]))
        return 0
    color = use_color(args.color)
    for number, item in enumerate(generated, 1):
        black = " ".join(typed_position(p) for p in _black_in_order(item.puzzle))
        print(f"Challenge {number}: --black {black}")
        print(f"Difficulty: {item.difficulty.level} ({item.difficulty.reason})")
        print(f"{render_text(item.puzzle.board, item.puzzle.fixed, color)}\n")
    return 0


def _told(generated: Iterator[GeneratedChallenge], count: int) -> Iterator[GeneratedChallenge]:
    """``generated``, saying on standard error every `PROGRESS_SECONDS` how many are made,
    when standard error is a terminal (a person waits there; a script reads the JSON)."""
    if not sys.stderr.isatty():
        yield from generated
        return
    said = time.monotonic()
    for number, item in enumerate(generated, 1):
        yield item
        if time.monotonic() - said >= PROGRESS_SECONDS and number < count:
            print(f"mondrian generate: {number:,} of {count:,} challenges made", file=sys.stderr)
            said = time.monotonic()


def _black_in_order(puzzle: Puzzle) -> list[Placement]:
    """The fixed blocks in the order the command line takes them: 1x1, 1x2, 1x3."""
    return sorted(puzzle.fixed, key=lambda p: p.block)


def _generated_json(item: GeneratedChallenge) -> dict[str, object]:
    """A challenge made, its black blocks as ``--black`` takes them (a script plays them so)."""
    return {
        "black": [typed_position(p) for p in _black_in_order(item.puzzle)],
        "level": item.difficulty.level,
        "score": item.difficulty.score,
        "reason": item.difficulty.reason,
    }


# census


def _census(args: argparse.Namespace) -> int:
    board = parse_board(args.board) if args.board is not None else STANDARD_BOARD
    blocks = parse_blocks(args.blocks) if args.blocks is not None else STANDARD_BLOCKS
    marked = parse_blocks(args.black) if args.black is not None else BLACK_BLOCKS
    with _progress_bar(sys.stderr) as progress:
        result = census(board, blocks, marked, progress)
    histogram = result.histogram()
    if args.json:
        document = {
            "placements": result.placements,
            "solutions": result.tilings,
            "histogram": {str(k): v for k, v in histogram.items()},
        }
        print(json.dumps(document))
        return 0
    print(f"Placements of the black blocks: {result.placements}")
    print(f"Solutions in all: {result.tilings}")
    print("solutions  placements")
    for solutions_count, placements in histogram.items():
        print(f"{solutions_count:>9}  {placements:>10}")
    return 0


@contextmanager
def _progress_bar(stream: TextIO) -> Iterator[Progress | None]:
    """A rich progress bar on ``stream`` when it is a terminal, else no progress at all."""
    if not stream.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress as RichProgress

    with RichProgress(console=Console(file=stream), transient=True) as bar:
        task = bar.add_task("census", total=1.0)
        yield lambda fraction: bar.update(task, completed=fraction)
