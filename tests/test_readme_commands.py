"""The README's command lines work as written, in a fresh copy of the project, after its first
command and the activation step it gives: each line is run in a new shell, as a newcomer
would type it, and none of them is "command not found", a usage error or a traceback."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
BLOCKS = re.findall(r"```bash\n(.*?)```", README, re.S)
ACTIVATE = "source .venv/bin/activate"
LIMIT = 5
"""Seconds a line may run: one still running then (a server, a long measurement) has started
as written, which is what is checked here; the rest of the test suite checks what it does."""
SET_UP = 300
"""Seconds the set-up and install lines may take: they must end (the lines after them need
what they made)."""
TEST_COMMAND = "bash scripts/test.sh"
"""The README's second command: the test suite itself, this test among it (CI runs it)."""
FAILED = re.compile(
    r"command not found|No such file|Traceback|usage: |error:|unrecognized|invalid", re.I
)


def block_lines(block: str) -> list[str]:
    """The command lines of one shell block, without their trailing comments."""
    lines = []
    for line in block.splitlines():
        command = re.sub(r"\s+#\s.*$", "", line).strip()
        if command and not command.startswith("#"):
            lines.append(command)
    return lines


def command_lines() -> list[str]:
    """Every command line of the README's shell blocks."""
    return [line for block in BLOCKS for line in block_lines(block)]


def fresh_copy(into: Path) -> Path:
    """The project as a fresh clone has it: the files git tracks or would track, no more
    (no .venv, no caches, no data)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    project = into / "gridpuzzles"
    for name in filter(None, (entry.decode() for entry in listed)):
        source = ROOT / name
        if source.is_file():
            target = project / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return project


def run(line: str, project: Path, home: Path, limit: float) -> tuple[int | None, str]:
    """Run ``line`` in a new bash in ``project``, with nothing to read but "q" (the answer
    that leaves every prompt): its status (None when still running after ``limit`` seconds)
    and output."""
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data")}
    # The test's own environment must not lend the commands: only the README's steps may.
    env.pop("VIRTUAL_ENV", None)
    env["PATH"] = os.pathsep.join(
        part for part in env["PATH"].split(os.pathsep) if not part.startswith(str(ROOT))
    )
    with subprocess.Popen(
        ["bash", "-c", line],
        cwd=project,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    ) as process:
        try:
            out, _ = process.communicate("q\ny\n", timeout=limit)
            return process.returncode, out
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            out, _ = process.communicate()
            return None, out


def test_the_readme_gives_its_two_commands_first_then_the_activation_step() -> None:
    first = [line for line in BLOCKS[0].splitlines() if line.strip()]
    assert len(first) == 2 and first[1].startswith(TEST_COMMAND), first
    assert README.index(ACTIVATE) < README.index("## Installing")
    assert len(command_lines()) >= 20


def failure(line: str, project: Path, home: Path, limit: float = LIMIT) -> str | None:
    """What is wrong with running ``line`` as the README gives it, or None."""
    shell = line if line.startswith("bash scripts/setup.sh") else f"{ACTIVATE} && {line}"
    status, out = run(shell, project, home, limit)
    # (no terminal here: said, then status 2, unless the exit is still under way at the limit)
    if "needs a terminal" in out and status in (2, None):
        return None
    if (status not in (0, None)) or FAILED.search(out):
        return f"{line}\n  -> status {status}: {out[-600:]}"
    return None


def test_every_command_line_works_as_written_in_a_fresh_copy(tmp_path: Path) -> None:
    project = fresh_copy(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    first, *others = [
        [line for line in block_lines(block) if line not in (TEST_COMMAND, ACTIVATE)]
        for block in BLOCKS
    ]
    failures = [found for line in first if (found := failure(line, project, home, SET_UP))]
    assert not failures, failures  # the set-up the other lines need

    def block_failures(lines: list[str], limit: float = LIMIT) -> list[str]:
        """The lines of one block, in their order (a later line may need what an earlier one
        made); the blocks run side by side, as a newcomer's several shells would."""
        return [found for line in lines if (found := failure(line, project, home, limit))]

    # A block that installs changes what the others run: it runs alone, after them.
    installing = [lines for lines in others if any("pip install" in line for line in lines)]
    side_by_side = [lines for lines in others if lines not in installing]
    with ThreadPoolExecutor(max_workers=3) as pool:
        found_in = [*pool.map(block_failures, side_by_side)]
    found_in += [block_failures(lines, SET_UP) for lines in installing]  # each line to its end
    failures = [found for found_in_block in found_in for found in found_in_block]
    assert not failures, "\n".join(failures)
