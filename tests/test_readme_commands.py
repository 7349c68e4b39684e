"""The README's command lines work as written, in a fresh copy of the project, after its first
command and the activation step it gives: each line is run in a new shell, as a newcomer
would type it, and none of them is "command not found", a usage error or a traceback."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
BLOCKS = re.findall(r"```bash\n(.*?)```", README, re.S)
ACTIVATE = "source .venv/bin/activate"
LIMIT = 5
"""Seconds a line may run: one still running then (a server, a long measurement) has started
as written, which is what is checked here; the rest of the test suite checks what it does."""
TEST_COMMAND = "bash scripts/test.sh"
"""The README's second command: the test suite itself, this test among it (CI runs it)."""
FAILED = re.compile(
    r"command not found|No such file|Traceback|usage: |error:|unrecognized|invalid", re.I
)


def command_lines() -> list[str]:
    """Every command line of the README's shell blocks, without its trailing comment."""
    lines = []
    for block in BLOCKS:
        for line in block.splitlines():
            command = re.sub(r"\s+#\s.*$", "", line).strip()
            if command and not command.startswith("#"):
                lines.append(command)
    return lines


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


def run(line: str, project: Path, home: Path) -> tuple[int | None, str]:
    """Run ``line`` in a new bash in ``project``, with nothing to read but "q" (the answer
    that leaves every prompt): its status (None when still running at `LIMIT`) and output."""
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
            out, _ = process.communicate("q\ny\n", timeout=LIMIT if "setup" not in line else 300)
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


def test_every_command_line_works_as_written_in_a_fresh_copy(tmp_path: Path) -> None:
    project = fresh_copy(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    failures = []
    for line in command_lines():
        if line in (TEST_COMMAND, ACTIVATE):
            continue
        shell = line if line.startswith("bash scripts/setup.sh") else f"{ACTIVATE} && {line}"
        status, out = run(shell, project, home)
        needs_a_terminal = "needs a terminal" in out and status == 2  # (no terminal here)
        if needs_a_terminal:
            continue
        if (status not in (0, None)) or FAILED.search(out):
            failures.append(f"{line}\n  -> status {status}: {out[-600:]}")
    assert not failures, "\n".join(failures)
