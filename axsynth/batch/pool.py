"""Local worker processes: pages in, output lines out, in input order.

Each worker takes one page at a time.  A worker that dies (a crash, the kernel's OOM
killer), runs past the timeout or runs out of memory is replaced, and its page gets an
error line: one bad page never stops the batch.  Memory is bounded per worker with
``RLIMIT_AS`` (address space), so a runaway page raises MemoryError in its own worker.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from multiprocessing.connection import Connection, wait
from typing import Iterable, Iterator

from ..sources.crawl import WAIT
from .sources import Page
from .work import OUT_OF_MEMORY, error_line, snapshot_page


class _Worker:
    def __init__(
        self, context, formats: tuple[str, ...], with_stats: bool, max_memory_mb: int | None, timeout: float | None
    ) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(
            target=_serve, daemon=True, args=(child, formats, with_stats, max_memory_mb, timeout, os.getpid())
        )
        self.process.start()
        child.close()
        self.task: tuple[int, Page, float] | None = None  # (index, page, start time) while busy

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.conn.close()


def _serve(
    conn: Connection,
    formats: tuple[str, ...],
    with_stats: bool,
    max_memory_mb: int | None,
    timeout: float | None,
    parent: int,
) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    if max_memory_mb:
        import resource

        limit = max_memory_mb << 20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    while True:
        # A forked worker holds copies of its siblings' pipe ends, so a parent killed
        # with SIGKILL does not always close the pipe: the worker watches for it.
        while not conn.poll(1.0):
            if os.getppid() != parent:
                return
        try:
            page = conn.recv()
        except EOFError:  # the parent has gone
            return
        if timeout:  # a backstop should the parent die meanwhile: SIGALRM ends the worker
            signal.alarm(int(timeout) + 30)
        line = snapshot_page(page, formats, with_stats)
        signal.alarm(0)
        try:
            conn.send(line)
        except (BrokenPipeError, EOFError):
            return


def run_pool(
    pages: Iterable[Page],
    formats: tuple[str, ...],
    with_stats: bool = False,
    jobs: int | None = None,
    timeout: float | None = 60.0,
    max_memory_mb: int | None = None,
) -> Iterator[tuple[Page, dict]]:
    """Each page with its output line, in the order of ``pages``. ``pages`` may give
    ``WAIT`` (a crawl with nothing queued while pages are under way): nothing is
    dispatched until a line comes back."""
    jobs = jobs or default_jobs()
    context = _start_method()

    def start() -> _Worker:
        return _Worker(context, formats, with_stats, max_memory_mb, timeout)

    workers = [start() for _ in range(jobs)]
    source = iter(pages)
    exhausted = False
    done: dict[int, tuple[Page, dict]] = {}
    next_index = 0
    window = max(64, 16 * jobs)  # how far dispatch may run ahead of the oldest unfinished page
    dispatched = 0
    try:
        while True:
            for i in range(len(workers)):
                while workers[i].task is None and not exhausted and dispatched - next_index < window:
                    page = next(source, None)
                    if page is None:
                        exhausted = True
                        break
                    if page == WAIT:  # a crawl waits for pages under way to bring more
                        break
                    index = dispatched
                    dispatched += 1
                    if page.error is not None:  # known bad before any work: no worker needed
                        done[index] = page, snapshot_page(page, formats, with_stats)
                        continue
                    try:
                        workers[i].conn.send(page)
                    except OSError:  # the idle worker was killed (the OOM killer...): a new one takes the page
                        workers[i].stop()
                        workers[i] = start()
                        workers[i].conn.send(page)
                    workers[i].task = index, page, time.monotonic()
            while next_index in done:
                yield done.pop(next_index)
                next_index += 1
            busy = [w for w in workers if w.task is not None]
            if not busy:
                if exhausted:
                    return
                continue
            deadline = min(w.task[2] for w in busy) + timeout if timeout else None
            ready = wait(
                [w.conn for w in busy] + [w.process.sentinel for w in busy],
                None if deadline is None else max(0.0, deadline - time.monotonic()),
            )
            for i, worker in enumerate(workers):
                if worker.task is None:
                    continue
                index, page, started = worker.task
                elapsed = time.monotonic() - started
                if worker.conn in ready or worker.process.sentinel in ready:
                    line, healthy = _receive(worker, page, elapsed)
                elif timeout and elapsed >= timeout:
                    line, healthy = (
                        error_line(page, f"timed out after {timeout:g} s (--timeout)", round(elapsed, 4)),
                        False,
                    )
                else:
                    continue
                done[index] = page, line
                worker.task = None
                if not healthy:
                    worker.stop()
                    workers[i] = start()
    finally:
        for worker in workers:
            worker.stop()


def _start_method():
    """fork when it is safe (no other thread, whose locks a child could inherit held):
    workers then start warm, the engine already imported; else a fork server that has
    imported it once."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__])
        return context
    return multiprocessing.get_context("spawn")


def default_jobs() -> int:
    """One worker per core this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _receive(worker: _Worker, page: Page, elapsed: float) -> tuple[dict, bool]:
    """The page's line, and whether its worker can take another page (not after
    MemoryError: its heap may be in any state)."""
    try:
        if worker.conn.poll():
            line = worker.conn.recv()
            return line, not str(line.get("error", "")).startswith(OUT_OF_MEMORY)
    except (EOFError, OSError):
        pass
    worker.process.join()
    code = worker.process.exitcode
    how = f"killed by {signal.Signals(-code).name}" if code is not None and code < 0 else f"exit code {code}"
    hint = " (out of memory?)" if code == -signal.SIGKILL else ""
    return error_line(
        page, f"worker crashed on this page ({how}{hint}); the batch went on with a new worker", round(elapsed, 4)
    ), False
