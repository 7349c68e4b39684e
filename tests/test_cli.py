"""The entry points: behaviour shared by every command."""

from __future__ import annotations

import subprocess
import sys


def test_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    """`mines analyze ... | head -c 10`: no traceback, no error line, when the pipe closes."""
    board = ("#" * 300 + "\n") * 300
    command = [sys.executable, "-m", "gridpuzzles", "mines", "analyze", "--mines", "10", "--json"]
    process = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(board.encode())
    process.stdin.close()
    assert process.stdout.read(10) == b'{"probabil'
    process.stdout.close()
    assert process.wait(timeout=60) == 1
    assert process.stderr is not None
    assert process.stderr.read() == b""
