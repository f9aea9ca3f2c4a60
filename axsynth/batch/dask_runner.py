"""``--dask``: the same per-page function on a ``dask.distributed`` cluster.

``local`` starts a LocalCluster of worker processes (one thread each) on this machine;
any other value is a scheduler address.  A page whose task fails on the cluster (its
worker died, Dask gave up on it) gets an error line; timeouts and memory are the
cluster's (Dask's nanny restarts a worker over its memory limit)."""

from __future__ import annotations

from collections import deque
from typing import Iterable, Iterator

from . import BatchError
from .pool import default_jobs
from .sources import Page
from .work import error_line, snapshot_page


def run_dask(
    pages: Iterable[Page], address: str, formats: tuple[str, ...], with_stats: bool, jobs: int | None
) -> Iterator[tuple[Page, dict]]:
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise BatchError("--dask needs dask.distributed: pip install 'axsynth[dask]'") from None
    jobs = jobs or default_jobs()
    if address == "local":
        cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    else:
        cluster, client = None, Client(address)
    try:
        yield from _ordered(client, pages, formats, with_stats, window=max(64, 16 * jobs))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _ordered(
    client, pages: Iterable[Page], formats: tuple[str, ...], with_stats: bool, window: int
) -> Iterator[tuple[Page, dict]]:
    """Results in input order, with at most ``window`` pages on the cluster at once."""
    in_flight: deque = deque()
    for page in pages:
        task = None if page.error else client.submit(snapshot_page, page, formats, with_stats, pure=False)
        in_flight.append((page, task))
        if len(in_flight) >= window:
            yield _result(*in_flight.popleft(), formats, with_stats)
    while in_flight:
        yield _result(*in_flight.popleft(), formats, with_stats)


def _result(page: Page, task, formats: tuple[str, ...], with_stats: bool) -> tuple[Page, dict]:
    if task is None:
        return page, snapshot_page(page, formats, with_stats)
    try:
        return page, task.result()
    except Exception as exc:  # KilledWorker, a lost connection: the page's line says so
        return page, error_line(page, f"the Dask task failed ({type(exc).__name__}: {' '.join(str(exc).split())})")
    finally:
        task.release()
