"""Benchmark games on a Dask distributed cluster (``pip install 'gridpuzzles[cluster]'``).

`connect` reaches a running scheduler and gives an executor for `benchmark.result_chunks`,
which sends it chunks of boards and gets their results back in board order: the same
per-board results as with worker processes on one machine. Dask is imported only here, and
only when a cluster is asked for, so the package needs nothing more without one. Every host
must run the same gridpuzzles: each task checks the worker's `solver_fingerprint` against
the one of the process that sent it (`play_checked`).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Iterator
from concurrent.futures import CancelledError
from contextlib import contextmanager
from functools import partial

from gridpuzzles.minesweeper.core.errors import MinesweeperError
from gridpuzzles.minesweeper.core.settings import FirstClick
from gridpuzzles.minesweeper.solving.benchmark import Board, Result, Workers, play_chunk
from gridpuzzles.minesweeper.solving.results import solver_fingerprint

CONNECT_SECONDS = 10
"""How long `connect` waits for the scheduler to answer, and then for a first worker."""

MAX_ADDRESS = 200
"""The longest scheduler address taken, in characters."""


class ClusterError(MinesweeperError, RuntimeError):
    """A cluster that cannot be used: Dask missing, no scheduler answering, no worker, or a
    worker running another version of the solver."""


class ClusterLost(ClusterError):
    """The cluster went away during the run, or a worker cannot run the games."""


SCHEDULER_ADDRESS = re.compile(r"((tcp|tls)://)?([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?")
"""A scheduler's address as Dask's TCP (or TLS) transport reads it: its host and its port
(other transports, such as ``inproc://``, reach no other host)."""


@contextmanager
def connect(address: str, timeout: float | None = None) -> Iterator[Workers]:
    """The workers of the cluster whose scheduler listens at ``address``
    (``tcp://HOST:PORT``), one per thread, for the time of the ``with`` block.

    `ClusterError` when Dask is not installed, the address is not one, nothing answers there
    within ``timeout`` seconds (`CONNECT_SECONDS` unless told) or no worker joins as long;
    `ClusterLost` when the scheduler goes away during the block or a worker cannot run the
    games."""
    timeout = CONNECT_SECONDS if timeout is None else timeout
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(
            "--cluster needs Dask: install gridpuzzles[cluster] "
            "(pip install 'gridpuzzles[cluster]')"
        ) from None
    if len(address) > MAX_ADDRESS or not SCHEDULER_ADDRESS.fullmatch(address):
        raise ClusterError(
            f"--cluster takes a scheduler address such as tcp://HOST:8786 (at most "
            f"{MAX_ADDRESS} characters), not {address[:40]!r}"
        )
    _reach(address, timeout)
    try:
        client = Client(address, timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, ValueError) as error:
        raise ClusterError(f"cannot use the Dask scheduler at {address}: {error}") from None
    with _quiet(), client:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except TimeoutError:
            raise ClusterError(
                f"the Dask scheduler at {address} has no worker after {timeout:g} s "
                f"(start some with: dask worker {address})"
            ) from None
        threads = sum(client.nthreads().values())  # type: ignore[no-untyped-call]
        play = partial(play_checked, solver_fingerprint())
        executor = client.get_executor(pure=False)  # type: ignore[no-untyped-call]
        try:
            yield Workers(threads, executor, play)
        except (CancelledError, OSError):
            raise ClusterLost(f"lost the Dask scheduler at {address}") from None
        except ImportError as error:
            raise ClusterLost(
                f"a worker cannot run the games ({error}): install gridpuzzles[cluster] on "
                "every host"
            ) from None


@contextmanager
def _quiet() -> Iterator[None]:
    """Dask's and Tornado's own logs left out while the cluster is in use: the command says
    in one line what went wrong."""
    loggers = [
        logger
        for name, logger in logging.root.manager.loggerDict.items()
        if isinstance(logger, logging.Logger) and name.split(".")[0] in ("distributed", "tornado")
    ]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _reach(address: str, timeout: float) -> None:
    """Open and close one connection to ``address`` (a client that never connected would
    take seconds to close, and complain at exit)."""
    from distributed.comm.core import connect as open_comm

    async def knock() -> None:
        comm = await open_comm(address, timeout=timeout)  # type: ignore[no-untyped-call]
        await comm.close()

    try:
        asyncio.run(knock())
    except ValueError as error:
        raise ClusterError(f"--cluster {address}: {error}") from None
    except OSError:
        raise ClusterError(
            f"cannot reach a Dask scheduler at {address} within {timeout:g} s "
            "(start one with: dask scheduler)"
        ) from None
    except Exception:  # whatever a stranger's answer makes the reader raise
        raise ClusterError(f"what answers at {address} is not a Dask scheduler") from None


def play_checked(fingerprint: str, chunk: list[tuple[Board, FirstClick]]) -> list[Result]:
    """`play_chunk` on a worker whose solver has ``fingerprint`` (that of the sender); else
    `ClusterError` naming the worker."""
    if solver_fingerprint() != fingerprint:
        from distributed import get_worker

        raise ClusterError(
            f"the worker at {get_worker().address} runs another version of the solver "
            f"({solver_fingerprint()}, not {fingerprint}): install the same gridpuzzles on "
            "every host"
        )
    return play_chunk(chunk)
