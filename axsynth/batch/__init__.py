"""Many pages in, one result per page out: ``axsynth batch`` and its Python API.

>>> from axsynth.batch import snapshot_many
>>> for line in snapshot_many(["site/"], formats=("aria",), stats=True):  # doctest: +SKIP
...     print(line["source"], line["ok"], line["stats"]["unnamed_images"])

Nothing heavy is imported here (``axsynth batch`` registers its options on every start
of the command line): the worker pool, the WARC reader and Dask are imported when used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator

from ..agents.snapshot_output import FORMATS

if TYPE_CHECKING:
    import dask.bag


class BatchError(Exception):
    """The batch cannot run or go on: its output cannot be written, Dask is missing...
    (a one-line message).  A bad page is never one: it gets an error line."""


def snapshot_many(
    sources: Iterable[str],
    formats: Iterable[str] = ("cdp",),
    *,
    stats: bool = False,
    jobs: int | None = None,
    timeout: float | None = 60.0,
    max_memory_mb: int | None = None,
    dask: str | None = None,
    root: str | None = None,
) -> Iterator[dict]:
    """The output line (a dict) of every page of ``sources`` (files, directories, globs,
    ``@list`` files, ``.warc``/``.warc.gz`` archives), in input order: ``source`` (and
    ``offset``/``record_id`` for an archive record), ``url``, ``ok``, ``error`` when not ok,
    ``wall_s``, ``cpu_s``, one key per format (the text ``axsynth snapshot`` prints; the
    format ``"audit"`` gives the page's audit, counted per rule) and ``stats``. Pages run in
    ``jobs`` worker processes (default: one per core), or on a Dask cluster when ``dask``
    is ``"local"`` or a scheduler address. With ``root``, no stylesheet or frame outside
    that directory is read (for untrusted pages)."""
    from .sources import Skipped, confined, expand

    pages = confined(expand(sources, Skipped()), root)
    for _, line in run(pages, _checked(formats), stats, jobs, timeout, max_memory_mb, dask):
        yield line


def to_dask_bag(
    sources: Iterable[str], formats: Iterable[str] = ("cdp",), *, stats: bool = False, npartitions: int | None = None
) -> "dask.bag.Bag":
    """A Dask bag of the output lines of ``sources`` (as ``snapshot_many`` gives them),
    for composing with your own Dask pipeline (needs ``axsynth[dask]``)."""
    import dask.bag

    from .sources import Skipped, expand
    from .work import snapshot_page

    pages = list(expand(sources, Skipped()))
    return dask.bag.from_sequence(pages, npartitions=npartitions or min(len(pages), 100) or 1).map(
        snapshot_page, formats=_checked(formats), with_stats=stats
    )


def run(
    pages,
    formats: tuple[str, ...],
    stats: bool,
    jobs: int | None,
    timeout: float | None,
    max_memory_mb: int | None,
    dask: str | None,
) -> Iterator[tuple]:
    """(page, line) for every page, in order, on the local pool or on Dask."""
    if dask:
        from .dask_runner import run_dask

        return run_dask(pages, dask, formats, stats, jobs)
    from .pool import run_pool

    return run_pool(pages, formats, stats, jobs, timeout, max_memory_mb)


def _checked(formats: Iterable[str]) -> tuple[str, ...]:
    formats = tuple(formats)
    unknown = [f for f in formats if f not in FORMATS and f != "audit"]
    if unknown:
        raise ValueError(f"unknown format {unknown[0]!r}: one of {', '.join(FORMATS)}")
    return formats
