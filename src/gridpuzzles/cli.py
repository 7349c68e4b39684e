"""The command line: `gridpuzzles mines ...`, `gridpuzzles mondrian ...`, `gridpuzzles tui`,
`gridpuzzles serve` and the short forms.

Each puzzle's ``cli`` module has ``configure(parser)``, which adds that puzzle's sub-commands;
every sub-command sets ``handler``, a function from the parsed arguments to an exit status.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from gridpuzzles.minesweeper import cli as mines_cli
from gridpuzzles.mondrian import cli as mondrian_cli
from gridpuzzles.tui import cli as tui_cli
from gridpuzzles.web import cli as web_cli

Configure = Callable[[argparse.ArgumentParser], None]


def _run(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> int:
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        status: int = handler(args)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader stopped reading (`| head`): stop quietly, as other Unix tools do, and
        # keep Python from reporting the pipe again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return status


def build_parser() -> argparse.ArgumentParser:
    """The full `gridpuzzles` parser with one sub-command per puzzle."""
    parser = argparse.ArgumentParser(prog="gridpuzzles", description=__doc__.splitlines()[0])
    puzzles = parser.add_subparsers(title="puzzles", metavar="PUZZLE")
    for name, configure, text in (
        ("mines", mines_cli.configure, "Minesweeper"),
        ("mondrian", mondrian_cli.configure, "Mondrian Blocks"),
        ("tui", tui_cli.configure, "The full-screen terminal app: Minesweeper and Mondrian"),
        ("serve", web_cli.configure, "The web app: play in a browser"),
    ):
        configure(puzzles.add_parser(name, help=text, description=text))
    return parser


def _short(prog: str, configure: Configure, description: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=description)
    configure(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `gridpuzzles`."""
    return _run(build_parser(), argv)


def mines_main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `mines`, short for `gridpuzzles mines`."""
    return _run(_short("mines", mines_cli.configure, "Minesweeper"), argv)


def mondrian_main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `mondrian`, short for `gridpuzzles mondrian`."""
    return _run(_short("mondrian", mondrian_cli.configure, "Mondrian Blocks"), argv)
