"""The package as a user gets it: built from the checkout into an sdist and a wheel (the wheel
built from the sdist), installed into a new virtual environment, and its commands run from a
folder outside the checkout, with nothing of the checkout on the path.
"""

from __future__ import annotations

import os
import re
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tarfile
import time
import uuid
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import httpx
import pytest

import gridpuzzles

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "gridpuzzles"
COMMANDS = ("gridpuzzles", "mines", "mondrian")
# What the program reads at run time besides its Python modules; named here so that the test
# fails if one of them goes missing from the source tree too.
DATA_FILES = (
    "py.typed",
    "mondrian/core/data/published_challenges.json",
    "web/static/minesweeper.html",
    "web/static/mondrian.html",
)
BUILD_OUTPUT = re.compile(r"(^|/)(build|dist)/|\.egg-info/")
ADDRESS = re.compile(r"http://\S+/")


def package_files() -> set[str]:
    """Every file of the package's source tree, relative to `src/`: modules and data."""
    return {
        path.relative_to(PACKAGE.parent).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def git(*args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout


def build_outputs() -> set[str]:
    """What `git status` shows (ignored files included) of build directories and egg-info."""
    shown = git("status", "--porcelain", "--ignored", "--untracked-files=all")
    return {line for line in shown.splitlines() if BUILD_OUTPUT.search(line)}


def uv(*args: str) -> None:
    """Run uv (from the test venv) and fail with its output if it fails."""
    result = subprocess.run(
        [sys.executable, "-m", "uv", *args], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr


@dataclass(frozen=True)
class Built:
    """The wheel and sdist built from a copy of the checkout, and the build outputs `git
    status` showed in the checkout before and after the build."""

    wheel: Path
    sdist: Path
    before: set[str]
    after: set[str]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """Build from a copy of every file git does not ignore: the checkout is never written to,
    and a stale `*.egg-info/SOURCES.txt` in it cannot slip files into the sdist."""
    before = build_outputs()
    source = tmp_path_factory.mktemp("checkout")
    for name in git("ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0"):
        if name and (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("dist")
    uv("build", "--quiet", "--out-dir", str(out), str(source))  # the wheel is built from the sdist
    [wheel] = out.glob("*.whl")
    [sdist] = out.glob("*.tar.gz")
    return Built(wheel, sdist, before, build_outputs())


@dataclass(frozen=True)
class Installed:
    """A new virtual environment with the wheel installed, a working folder outside the
    checkout, and the environment the commands run in."""

    venv: Path
    work: Path
    env: dict[str, str]

    def run(self, *argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        """Run a command found on the new venv's PATH, in the working folder."""
        return subprocess.run(
            argv,
            input=stdin,
            capture_output=True,
            text=True,
            cwd=self.work,
            env=self.env,
            timeout=60,
        )


@pytest.fixture(scope="module")
def installed(built: Built, tmp_path_factory: pytest.TempPathFactory) -> Installed:
    venv = tmp_path_factory.mktemp("installed") / "venv"
    uv("venv", "--quiet", "--python", sys.executable, str(venv))
    uv("pip", "install", "--quiet", "--python", str(venv / "bin" / "python"), str(built.wheel))
    work = tmp_path_factory.mktemp("work")
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP"}
    }
    dev_bin = str(Path(sys.executable).parent)
    path = [p for p in env.get("PATH", os.defpath).split(os.pathsep) if p and p != dev_bin]
    env["PATH"] = os.pathsep.join([str(venv / "bin"), *path])
    env["XDG_DATA_HOME"] = str(work / "data")  # any default database lands here, not in ~
    return Installed(venv, work, env)


def test_the_wheel_carries_every_file_of_the_package(built: Built) -> None:
    names = set(zipfile.ZipFile(built.wheel).namelist())
    expected = package_files()
    assert {f"gridpuzzles/{name}" for name in DATA_FILES} <= expected
    assert {n for n in expected if n.startswith("gridpuzzles/web/static/")} > {
        "gridpuzzles/web/static/minesweeper.html"
    }
    assert expected <= names, sorted(expected - names)
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    version = gridpuzzles.__version__
    assert built.wheel.name == f"gridpuzzles-{version}-py3-none-any.whl"
    entry_points = (
        zipfile.ZipFile(built.wheel)
        .read(f"gridpuzzles-{version}.dist-info/entry_points.txt")
        .decode()
    )
    for command in COMMANDS:
        assert re.search(rf"^{command} = gridpuzzles\.cli\.main:\w+$", entry_points, re.M)


def test_the_sdist_carries_every_file_of_the_package(built: Built) -> None:
    top = f"gridpuzzles-{gridpuzzles.__version__}"
    with tarfile.open(built.sdist) as archive:
        names = set(archive.getnames())
    expected = {f"{top}/src/{name}" for name in package_files()}
    assert expected <= names, sorted(expected - names)
    assert {f"{top}/pyproject.toml", f"{top}/README.md", f"{top}/PKG-INFO"} <= names


def test_building_leaves_no_build_output_in_the_checkout(built: Built) -> None:
    assert built.after == built.before


def test_the_installed_commands_are_the_new_venvs(installed: Installed) -> None:
    for command in COMMANDS:
        assert shutil.which(command, path=installed.env["PATH"]) == str(
            installed.venv / "bin" / command
        )
    result = installed.run("python", "-c", "import gridpuzzles; print(gridpuzzles.__file__)")
    assert result.returncode == 0, result.stderr
    where = Path(result.stdout.strip())
    assert where.is_relative_to(installed.venv / "lib"), where
    assert "site-packages" in where.parts and not where.is_relative_to(ROOT)


def test_the_version(installed: Installed) -> None:
    result = installed.run("gridpuzzles", "--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"gridpuzzles {gridpuzzles.__version__}\n"


def test_a_scripted_game_of_mines(installed: Installed) -> None:
    result = installed.run(
        "mines", "play", "--level", "beginner", "--seed", "7", stdin="r 1 1\nq\ny\n"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("gridpuzzles Minesweeper\n")
    assert "  1 2 3 4 5 6 7 8 9\n1 # # # # # # # # #" in result.stdout
    assert "  1 2 3 4 5 6 7 8 9\n1 . . 1 # # # # # #" in result.stdout  # after r 1 1
    assert "Kept as game" not in result.stdout  # left in play: kept as a loss, no end said
    assert "Mines left: 10   Time: 0 s   (beginner, seed 7)" in result.stdout
    assert result.stdout.endswith("Bye!\n") and result.stderr == ""


def test_mondrian_counts_the_solutions_of_a_challenge(installed: Installed) -> None:
    result = installed.run("mondrian", "solve", "--black", "4,3,v", "2,1,v", "8,5,h", "--count")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "Number of solutions: 1\n"


class Links(HTMLParser):
    """The addresses of a page's scripts and style sheets."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        wanted = {"script": "src", "link": "href"}.get(tag)
        for name, value in attrs:
            if name == wanted and value and not value.startswith("data:"):
                self.found.append(value)


def links(html: str) -> list[str]:
    parser = Links()
    parser.feed(html)
    return parser.found


@pytest.fixture
def server(installed: Installed) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """`gridpuzzles serve` from the new venv on a free port; its address once it answers."""
    db = installed.work / "games.db"
    process = subprocess.Popen(
        ["gridpuzzles", "serve", "--port", "0", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=installed.work,
        env=installed.env,
    )
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], 60)
        assert ready, "the server printed nothing in 60 s"
        line = process.stdout.readline()
        found = ADDRESS.search(line)
        assert found, f"no address in {line!r}"
        assert f"(database {db})" in line
        url = found.group(0)
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(url, timeout=2.0, trust_env=False)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.05)
        yield url, process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_the_web_app_serves_its_pages_and_files(
    installed: Installed, server: tuple[str, subprocess.Popen[str]]
) -> None:
    url, process = server
    fetched: set[str] = set()
    with httpx.Client(timeout=10.0, trust_env=False) as client:  # no proxy
        for page in ("", "mondrian"):
            response = client.get(url + page)
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("text/html")
            todo = [urljoin(url + page, link) for link in links(response.text)]
            assert any(u.endswith(".js") for u in todo) and any(u.endswith(".css") for u in todo)
            while todo:
                address = todo.pop()
                if address in fetched:
                    continue
                fetched.add(address)
                file = client.get(address)
                assert file.status_code == 200 and file.content, address
                if address.endswith(".js"):  # and the modules it imports
                    for module in re.findall(r'^import .* from "([^"]+)";', file.text, re.M):
                        todo.append(urljoin(address, module))
        challenges = client.get(url + "api/mondrian/challenges")
        assert challenges.status_code == 200
        assert len(challenges.json()["challenges"]) == 352
    assert {urlsplit(u).path for u in fetched} >= {
        "/static/common.css",
        "/static/minesweeper.js",
        "/static/mondrian.js",
        "/static/api.js",
        "/static/led.js",
    }
    process.send_signal(signal.SIGINT)  # Ctrl+C: uvicorn shuts down, the command says 130
    assert process.wait(timeout=15) == 130
    assert process.stderr is not None and process.stderr.read().strip() == ""
    assert (installed.work / "games.db").exists()


def tmux(*args: str) -> str:
    return subprocess.run(
        ["tmux", *args], capture_output=True, text=True, check=True, timeout=10
    ).stdout


def test_the_full_screen_app_starts_and_quits_in_a_terminal(installed: Installed) -> None:
    assert shutil.which("tmux"), "tmux is installed by scripts/test.sh"
    session = f"installed-{uuid.uuid4().hex[:8]}"
    status = installed.work / "tui-status"
    db = installed.work / "tui.db"
    # The tmux server may be older than this test and have another environment: the command
    # sets its own.
    assignments = [f"{name}={installed.env[name]}" for name in ("PATH", "XDG_DATA_HOME")]
    command = " ".join(
        [
            "cd", shlex.quote(str(installed.work)), "&&",
            "env", "-u", "PYTHONPATH", "-u", "VIRTUAL_ENV", *map(shlex.quote, assignments),
            "gridpuzzles", "tui", "--db", shlex.quote(str(db)),
            "; echo $? >", shlex.quote(str(status)),
        ]
    )  # fmt: skip
    tmux("new-session", "-d", "-x", "100", "-y", "30", "-s", session, command)
    try:
        deadline = time.monotonic() + 30
        screen = ""
        while "Mines 010" not in screen:
            assert not status.exists(), f"the app stopped: {status.read_text()!r}"
            assert time.monotonic() < deadline, f"no board; the screen shows:\n{screen}"
            time.sleep(0.2)
            screen = tmux("capture-pane", "-p", "-t", session)
        assert "beginner" in screen
        tmux("send-keys", "-t", session, "q")
        deadline = time.monotonic() + 15
        while not status.exists() or not status.read_text():
            assert time.monotonic() < deadline, "the app did not quit"
            time.sleep(0.1)
        assert status.read_text() == "0\n"
        assert db.exists()
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
