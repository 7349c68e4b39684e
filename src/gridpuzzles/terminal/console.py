"""The console of line mode, one for both puzzles: it reads the lines typed, writes the text,
asks at a prompt and asks before a game in play is left. Each puzzle's module keeps only its
own commands, drawing and words.

Every line is read bounded (`MAX_LINE`): a longer one is skipped whole, said in one line, and
asked again, so nothing changes. The end of the input (a closed standard input, a file or a
pipe that ends, Ctrl-D at a terminal) is None at every prompt: the game says so in one line
and stops, costing the player nothing (only the player's leaving a Minesweeper game is a
loss). Input that is not UTF-8 text raises `EncodingError`, which the command line says in one
line. Ctrl-C is not caught here: it ends the session as the end of the input does, and the
command line stops without a traceback."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import BinaryIO, TextIO

OWNER = "terminal"
"""The owner of the games line mode keeps (the web app keeps a token's digest there)."""
MAX_LINE = 1000
"""The longest line read at a prompt, in bytes of standard input (characters of a text
stream); a longer one is skipped whole and refused."""
SKIPPED = 64 * 1024
"""How much of a line too long is read at a time while it is skipped."""
QUIT_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("help", "?")
GOODBYE = "Bye!"
"""Said last when the player leaves line mode."""
GOES_ON = "The game goes on."
ANSWER_LEAVE = "Please answer y to leave the game, or n to keep playing."


class EncodingError(ValueError):
    """Input that is not UTF-8 text: the session cannot go on reading it."""


class LineTooLongError(ValueError):
    """A line longer than the console reads (it was skipped)."""


@dataclass
class Console:
    """The terminal of a line-mode game: standard input (bytes or text; None when closed),
    the output, its clocks, and how it writes."""

    stdin: BinaryIO | TextIO | None
    out: TextIO
    now: Callable[[], float] = time.time
    """Seconds since the epoch: when each step is made, which the game's clock reads (the
    mid-end's `Play.elapsed`) and the store keeps, as in every shell."""
    color: bool = False
    echo: bool = False
    """Repeat each line read after its prompt, so piped sessions read like a transcript."""
    limit: int = MAX_LINE
    lines_read: int = field(default=0, init=False)
    """How many lines were read, to say which one is not UTF-8 text."""

    def say(self, text: str = "") -> None:
        """Write ``text`` and end its line."""
        self.out.write(text + "\n")

    def line(self, prompt: str) -> str | None:
        """The next line typed after ``prompt``, stripped, whatever it says; None at the end
        of the input. A line too long is refused in one line and asked again."""
        while True:
            self.out.write(prompt)
            self.out.flush()  # the prompt shows before the input is waited for
            try:
                line = self.read_line()
                break
            except LineTooLongError as error:
                self.out.write("\n")
                self.say(str(error))
            except EncodingError:
                self.out.write("\n")  # the command line says why, on its own line
                raise
        if not line:
            self.out.write("\n")
            return None
        if self.echo:
            self.say(line.rstrip("\n"))
        return line.strip()

    def read_line(self) -> str:
        """One line of standard input as typed, its end of line kept; '' at the end of input.
        At most `limit` characters are read of it: a longer line is read to its end and
        dropped, and raises `LineTooLongError`, so that no line, however long, fills the
        memory."""
        if self.stdin is None:
            return ""
        self.lines_read += 1
        try:
            line = self.stdin.readline(self.limit + 1)
            if len(line) > self.limit and not _ended(line):
                while line and not _ended(line):
                    line = self.stdin.readline(SKIPPED)
                raise LineTooLongError(f"that line is longer than {self.limit} characters: skipped")
            if isinstance(line, bytes):
                return line.decode("utf-8")
            line.encode("utf-8")  # bytes read with surrogateescape (a C locale) do not encode
        except UnicodeError:
            raise EncodingError(f"line {self.lines_read} of the input is not UTF-8 text") from None
        return line

    def leave(self, question: str) -> bool:
        """Ask ``question`` before a game in play is left, as every shell does: True when the
        player leaves it (yes, quit again, or the end of the input), False to keep playing."""
        while True:
            answer = self.line(f"{question} [y/n] ")
            said = "y" if answer is None else answer.lower()
            if said in ("y", "yes", *QUIT_WORDS):
                return True
            if said in ("n", "no"):
                self.say(GOES_ON)
                return False
            self.say(ANSWER_LEAVE)


def standard_console(color: bool) -> Console:
    """The console of a command run from a shell: standard input read as bytes (each line
    decoded as it is read, so the one that is not UTF-8 is named), standard output, the
    system's clocks, and piped input repeated after its prompts."""
    return Console(
        getattr(sys.stdin, "buffer", sys.stdin),
        sys.stdout,
        time.time,
        color,
        echo=not sys.stdin.isatty(),
    )


def _ended(line: bytes | str) -> bool:
    """Whether ``line`` ends with its end of line."""
    return line.endswith(b"\n") if isinstance(line, bytes) else line.endswith("\n")


def told(console: Console, failure: str | None) -> None:
    """Say what the store could not keep, if anything: the game goes on either way."""
    if failure is not None:
        console.say(failure)
