"""Solver work out of the server's process: a few worker processes, and a time budget per job.

Exact analysis of a crafted position, or a dense no-guess board, can take minutes; in the
server's own process it would hold the interpreter lock and slow every other request. So a
request hands such a job to `Workers` and awaits it without blocking the event loop. Each
worker is a one-process `multiprocessing.Pool` whose process runs one job at a time. A job
still running when its budget is spent gets its worker killed (`Pool.terminate`) and
replaced, and the request gets `OverBudgetError`. When every worker is busy and
``queue`` requests already wait for one, or a request has waited a whole budget for one,
it gets `ServerBusyError` instead of waiting longer. A request therefore waits at most
about twice the budget. Jobs are top-level functions (pickled by name) with picklable
arguments; the exceptions they raise reach the caller unchanged.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable
from multiprocessing.context import BaseContext
from multiprocessing.pool import AsyncResult, Pool
from typing import Any, TypeVar

import anyio
import anyio.to_thread

T = TypeVar("T")

DEFAULT_SECONDS = 5.0
"""The time budget of one job, in seconds, unless the server is told otherwise."""
DEFAULT_WORKERS = 1
"""Worker processes, unless the server is told otherwise (one core for solving, one for
serving on a two-core machine)."""
DEFAULT_QUEUE = 4
"""Requests that may wait for a busy worker; more get `ServerBusyError` at once."""
NICENESS = 5
"""How much lower the workers' scheduling priority is than the server's own (Unix), so that
the server answers quickly even when the workers use every core."""
PRELOAD = ["gridpuzzles.web.assist", "gridpuzzles.minesweeper.noguess"]
"""Modules the fork server imports once, so that a new worker starts in milliseconds."""
BUSY = "the server is busy analysing other positions; try again in a few seconds"


class ServerBusyError(Exception):
    """Every worker is busy and too many requests wait for one: try again later."""


class OverBudgetError(Exception):
    """A job ran past its time budget; its worker was killed and replaced."""


def _context() -> BaseContext:
    """A fork server where there is one (fast, and safe beside the server's threads)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def _lower_priority() -> None:
    """Run in each new worker: give way to the server's process when both want a core."""
    if hasattr(os, "nice"):
        os.nice(NICENESS)


def _finished(job: AsyncResult[Any], seconds: float) -> bool:
    """Wait at most ``seconds`` for ``job``; whether it has finished."""
    job.wait(seconds)
    return job.ready()


class _Worker:
    """One worker process, started when first needed and replaced by `renew`."""

    def __init__(self, context: BaseContext) -> None:
        self._context = context
        self._pool: Pool | None = None
        self._lock = threading.Lock()

    def pool(self) -> Pool:
        """The worker's pool, started if it is not (blocks while the process starts)."""
        with self._lock:
            if self._pool is None:
                self._pool = self._context.Pool(1, initializer=_lower_priority)
            return self._pool

    def renew(self) -> None:
        """Kill the process, whatever it is doing, and start a new one."""
        self.close()
        self.pool()

    def close(self) -> None:
        """Kill the process (no new one is started until the next `pool`)."""
        with self._lock:
            if self._pool is not None:
                self._pool.terminate()
                self._pool.join()
                self._pool = None


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

    async def start(self) -> None:
        """Start every worker process now rather than at the first job (which waits for its
        worker to start)."""
        for worker in self._all:
            await anyio.to_thread.run_sync(worker.pool, limiter=self._threads)

    async def close(self) -> None:
        """Kill every worker process."""
        for worker in self._all:
            await anyio.to_thread.run_sync(worker.close, limiter=self._threads)

    async def run(self, job: Callable[..., T], *args: Any, too_slow: str) -> T:
        """``job(*args)`` in a worker process, or `OverBudgetError` with the message
        ``too_slow`` (formatted with ``seconds``, the budget) when it runs past the budget."""
        worker = await self._take()
        finished = False
        try:
            pool = await anyio.to_thread.run_sync(worker.pool, limiter=self._threads)
            pending = pool.apply_async(job, args)
            finished = await anyio.to_thread.run_sync(
                _finished, pending, self.seconds, limiter=self._threads
            )
        finally:
            if not finished:  # past the budget, or the request was cancelled
                with anyio.CancelScope(shield=True):
                    await anyio.to_thread.run_sync(worker.renew, limiter=self._threads)
            self._give_back(worker)
        if not finished:
            raise OverBudgetError(too_slow.format(seconds=self.seconds))
        return pending.get()

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
        self._idle.append(worker)
        self._free.release()
