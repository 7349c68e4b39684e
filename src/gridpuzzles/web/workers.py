"""Solver work out of the server's process: a few worker processes, and a time budget per job.

Exact analysis of a crafted position, or a dense no-guess board, can take minutes; in the
server's own process it would hold the interpreter lock and slow every other request. So a
request hands such a job to `Workers` and awaits it without blocking the event loop. Each
worker is a `multiprocessing` process that runs one job at a time, received on a pipe. A job
still running when its budget is spent gets its worker killed and replaced, and the request
gets `OverBudgetError`. When every worker is busy and ``queue`` requests already wait for
one, or a request has waited a whole budget for one, it gets `ServerBusyError` instead of
waiting longer: a request waits at most about twice the budget. Jobs are top-level functions
(pickled by name) with picklable arguments; the exceptions they raise reach the caller.

(`concurrent.futures.ProcessPoolExecutor` cannot kill the worker of one job, and
`multiprocessing.Pool` only its whole pool, leaving its queues' semaphores to the garbage
collector: hence one plain process per worker.)
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar, cast

import anyio
import anyio.to_thread

T = TypeVar("T")
Outcome = tuple[bool, Any]
"""What a worker sends back: (True, the job's result) or (False, the exception it raised)."""

DEFAULT_SECONDS = 5.0
"""The time budget of one job, in seconds, unless the server is told otherwise."""
DEFAULT_WORKERS = 1
"""Worker processes, unless the server is told otherwise (one core for solving, one for
serving on a two-core machine)."""
DEFAULT_QUEUE = 4
"""Requests that may wait for a busy worker; more get `ServerBusyError` at once."""
WEIGH_SECONDS = 60.0
"""The time budget of the weighing of one guess (`web.minesweeper.games.weighed_guess`): an estimate on an
expert board (100 playouts a side) took up to 13.5 s of processor for a move other than the
solver's (`benchmarks/review_speed.py --deep-games 1`) and up to 16 s of a request's time for
the solver's own move on a busy two-core machine, so twice that for another move. It runs on
workers of its own (`WEIGHING_WORKERS`), so that a game watched never keeps a player in play
waiting for a hint."""
WEIGHING_WORKERS = 1
"""Worker processes that weigh guesses, in each server process (started at the first weighing)."""
NICENESS = 5
"""How much lower the workers' scheduling priority is than the server's own (Unix), so that
the server answers quickly even when the workers use every core."""
PRELOAD = [
    "gridpuzzles.web.minesweeper.assist",
    "gridpuzzles.web.minesweeper.games",
    "gridpuzzles.web.imports",
    "gridpuzzles.web.mondrian.games",
    "gridpuzzles.minesweeper.solving.noguess",
]
"""Modules the fork server imports once, so that a new worker starts quickly. (A new process
still runs the main script again when the server was started by one, such as the
`gridpuzzles` command: up to a second, which is why a worker says when it is ready.)"""
READY = "ready"
"""What a new worker sends first, once it can take jobs."""
BUSY = "the server is busy analysing other positions; try again in a few seconds"


class ServerBusyError(Exception):
    """Every worker is busy and too many requests wait for one: try again later."""


class OverBudgetError(Exception):
    """A job ran past its time budget (or its worker died); its worker was replaced."""


def _context() -> BaseContext:
    """A fork server where there is one (fast, and safe beside the server's threads)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def _serve(jobs: Connection) -> None:
    """A worker's life: run each job received on ``jobs``, send back its `Outcome`, until
    the server closes the pipe. Ctrl+C is the server's to handle, and the server comes first."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    threading.Thread(target=_exit_with_the_server, daemon=True).start()
    jobs.send(READY)
    while True:
        try:
            job, args = jobs.recv()
        except EOFError:
            return
        try:
            outcome: Outcome = (True, job(*args))
        except Exception as error:
            outcome = (False, error)
        jobs.send(outcome)


def _exit_with_the_server() -> None:
    """In a worker: end the process as soon as the server's is gone, even in the middle of a
    job (a server killed outright cannot kill its workers)."""
    server = multiprocessing.parent_process()
    if server is not None:
        wait([server.sentinel])
        os._exit(1)


class _Worker:
    """One worker process and the pipe to it, started when first needed (again after
    `close`)."""

    def __init__(self, context: BaseContext) -> None:
        self._context = context
        self._lock = threading.Lock()
        self._process: BaseProcess | None = None
        self._jobs: Connection | None = None

    def ask(self, job: Callable[..., Any], args: tuple[Any, ...], seconds: float) -> Outcome | None:
        """Send ``job(*args)`` to the process; its outcome, or None when it has not come
        within ``seconds`` (or the process died). Blocks: call it from a thread."""
        try:
            jobs = self.start()
            jobs.send((job, args))
            return cast(Outcome, jobs.recv()) if jobs.poll(seconds) else None
        except (EOFError, OSError):  # the process died, or was killed meanwhile
            return None

    def start(self) -> Connection:
        """The pipe to the process, started if it is not (blocks until it is ready, so that
        its start-up is never counted in a job's budget); `EOFError` when `close` killed it
        while it was starting."""
        with self._lock:
            if self._jobs is None:
                ours, theirs = self._context.Pipe()
                process = self._context.Process(  # type: ignore[attr-defined]
                    target=_serve, args=(theirs,), name="gridpuzzles solver", daemon=True
                )
                process.start()
                theirs.close()
                self._process = process  # before the wait: `close` may kill it meanwhile
                try:
                    ready = ours.recv()
                except (EOFError, OSError):
                    process.join()
                    ours.close()
                    self._process = None
                    raise EOFError("the solver worker was stopped as it started") from None
                if ready != READY:
                    raise RuntimeError("a solver worker did not start as expected")
                self._jobs = ours
            return self._jobs

    @property
    def running(self) -> bool:
        """Whether the process is started (and not killed since)."""
        return self._process is not None

    def close(self) -> None:
        """Kill the process (no new one starts until the next `start`); one still starting
        is killed at once, not once it is ready (a server stopping does not wait for it)."""
        starting = self._process
        if starting is not None and self._jobs is None:
            starting.kill()  # outside the lock, which `start` holds while it waits
        with self._lock:
            if self._process is not None and self._jobs is not None:
                self._process.kill()
                self._process.join()
                self._jobs.close()
            self._process = self._jobs = None


class Workers:
    """``workers`` worker processes that run jobs for requests, each within ``seconds``;
    at most ``queue`` requests wait for a busy worker."""

    def __init__(
        self,
        workers: int = DEFAULT_WORKERS,
        seconds: float = DEFAULT_SECONDS,
        queue: int = DEFAULT_QUEUE,
    ) -> None:
        if workers < 1 or seconds <= 0 or queue < 0:
            raise ValueError(f"cannot run {workers} workers, {seconds} s per job, queue {queue}")
        self.seconds = seconds
        self.queue = queue
        context = _context()
        self._all = [_Worker(context) for _ in range(workers)]
        self._idle = list(self._all)
        self._free = anyio.Semaphore(workers)
        self._threads = anyio.CapacityLimiter(2 * workers)
        """Threads that wait for a job or renew a worker (never more than two per worker)."""

    def busy(self) -> bool:
        """Whether every worker is running a job."""
        return not self._idle

    @property
    def running(self) -> int:
        """How many worker processes run now."""
        return sum(worker.running for worker in self._all)

    async def start(self) -> None:
        """Start the worker the first job goes to now, rather than at that job (which would
        wait for it to start). The others start when jobs need them, so that an idle server
        holds one worker process, not as many as it may use (32 each, with a second server
        process: over a gigabyte)."""
        with contextlib.suppress(EOFError):  # stopped as it started: the server is stopping
            await anyio.to_thread.run_sync(self._idle[-1].start, limiter=self._threads)

    async def close(self) -> None:
        """Kill every worker process."""
        for worker in self._all:
            await anyio.to_thread.run_sync(worker.close, limiter=self._threads)

    async def run(self, job: Callable[..., T], *args: Any, too_slow: str) -> T:
        """``job(*args)`` in a worker process, or `OverBudgetError` with the message
        ``too_slow`` (formatted with ``seconds``, the budget) when it runs past the budget."""
        worker = await self._take()
        outcome = None
        try:
            outcome = await anyio.to_thread.run_sync(
                worker.ask, job, args, self.seconds, limiter=self._threads
            )
        finally:
            if outcome is None:  # past the budget, or the request was cancelled: killed, and
                # started again by the next job that needs it
                with anyio.CancelScope(shield=True):
                    await anyio.to_thread.run_sync(worker.close, limiter=self._threads)
            self._give_back(worker)
        if outcome is None:
            raise OverBudgetError(too_slow.format(seconds=self.seconds))
        finished, value = outcome
        if not finished:
            raise value
        return cast(T, value)

    async def _take(self) -> _Worker:
        """An idle worker, once one is free; `ServerBusyError` when the queue is full or
        no worker became free within one budget."""
        if self._free.value == 0 and self._free.statistics().tasks_waiting >= self.queue:
            raise ServerBusyError(BUSY)
        with anyio.move_on_after(self.seconds):
            await self._free.acquire()
            return self._idle.pop()
        raise ServerBusyError(BUSY)

    def _give_back(self, worker: _Worker) -> None:
        """``worker`` idle again: the next job goes to the idle worker given back last, so
        that jobs reuse the processes already started."""
        self._idle.append(worker)
        self._free.release()
