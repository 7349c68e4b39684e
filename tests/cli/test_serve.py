"""`gridpuzzles serve`: its options, their bounds, and where the database lives by default."""

from __future__ import annotations

from pathlib import Path

import pytest

from gridpuzzles.cli.main import build_parser, main
from gridpuzzles.cli.serve import DEFAULT_PORT, serve
from gridpuzzles.storage import default_db
from gridpuzzles.web.workers import DEFAULT_QUEUE, DEFAULT_SECONDS, DEFAULT_WORKERS, WEIGH_SECONDS


def test_serve_has_host_port_database_and_solver_options() -> None:
    solver = ["--solver-seconds", "0.5", "--solver-workers", "2", "--solver-queue", "0"]
    args = build_parser().parse_args(["serve", "--port", "0", "--db", "x.db", *solver])
    assert (args.host, args.port, args.db, args.handler) == ("127.0.0.1", 0, Path("x.db"), serve)
    assert (args.solver_seconds, args.solver_workers, args.solver_queue) == (0.5, 2, 0)
    defaults = build_parser().parse_args(["serve"])
    assert (defaults.port, defaults.db) == (DEFAULT_PORT, None)
    assert (defaults.solver_seconds, defaults.solver_workers, defaults.solver_queue) == (
        DEFAULT_SECONDS,
        DEFAULT_WORKERS,
        DEFAULT_QUEUE,
    )
    assert defaults.weigh_seconds == WEIGH_SECONDS
    assert build_parser().parse_args(["serve", "--weigh-seconds", "90"]).weigh_seconds == 90.0


class Built(Exception):
    """What the test's `create_app` raises: the arguments the server built its app with."""


def test_the_weighing_budget_reaches_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def built(store: object, **options: object) -> None:
        raise Built(options)

    monkeypatch.setattr("gridpuzzles.web.app.create_app", built)
    with pytest.raises(Built) as made:
        main(["serve", "--port", "0", "--db", str(tmp_path / "g.db"), "--weigh-seconds", "7.5"])
    assert made.value.args[0]["weigh_seconds"] == 7.5
    assert made.value.args[0]["solver_seconds"] == DEFAULT_SECONDS
    assert "gridpuzzles web app on http://127.0.0.1:" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("option", "value", "bound"),
    [
        ("--port", "99999", "the port must be a whole number from 0 to 65,535, not '99999'"),
        ("--port", "-1", "the port must be a whole number from 0 to 65,535, not '-1'"),
        ("--port", "abc", "the port must be a whole number from 0 to 65,535, not 'abc'"),
        ("--solver-seconds", "0", "must be a number of seconds from 0.1 to 600, not '0'"),
        ("--solver-seconds", "nan", "must be a number of seconds from 0.1 to 600, not 'nan'"),
        ("--solver-seconds", "inf", "must be a number of seconds from 0.1 to 600, not 'inf'"),
        (
            "--solver-workers",
            "0",
            "the number of solver workers must be a whole number from 1 to 32, not '0'",
        ),
        (
            "--workers",
            "0",
            "the number of server processes must be a whole number from 1 to 32, not '0'",
        ),
        (
            "--workers",
            "33",
            "the number of server processes must be a whole number from 1 to 32, not '33'",
        ),
        (
            "--solver-queue",
            "1e3",
            "the length of the solver queue must be a whole number from 0 to 100, not '1e3'",
        ),
        ("--port", "\u0663\u0660\u0660\u0660", "the port must be a whole number from 0 to 65,535"),
        ("--port", "+80", "the port must be a whole number from 0 to 65,535, not '+80'"),
        ("--solver-seconds", "\u0663", "must be a number of seconds from 0.1 to 600"),
        ("--solver-seconds", "1_0", "must be a number of seconds from 0.1 to 600, not '1_0'"),
        ("--weigh-seconds", "601", "must be a number of seconds from 0.1 to 600, not '601'"),
        ("--weigh-seconds", "-5", "must be a number of seconds from 0.1 to 600, not '-5'"),
    ],
)
def test_values_out_of_bounds_get_a_one_line_error_and_status_2(
    capsys: pytest.CaptureFixture[str], option: str, value: str, bound: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["serve", option, value])
    assert stopped.value.code == 2
    errors = capsys.readouterr().err.splitlines()
    assert errors[-1].startswith(f"gridpuzzles serve: error: argument {option}: {bound}")
    assert not any("Traceback" in line for line in errors)


def test_a_database_that_cannot_be_used_gets_a_one_line_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["serve", "--port", "0", "--db", str(tmp_path)]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"gridpuzzles serve: error: cannot open the database {tmp_path}")
    assert len(error.splitlines()) == 1


def test_the_bounds_are_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for bound in ("0-65535", "0.1-600 s", "1-32", "0-100"):
        assert bound in shown


def test_the_default_database_is_in_the_user_data_directory() -> None:
    assert default_db().name == "gridpuzzles.db"
    assert "gridpuzzles" in default_db().parent.parts[-1]
