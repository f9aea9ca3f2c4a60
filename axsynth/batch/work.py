"""The work of one page: load it, write each requested format, compute its figures.

The same function runs in the local worker processes and on Dask workers.  Every
failure becomes the page's error line; nothing here raises."""

from __future__ import annotations

import functools
import io
import time
from pathlib import Path

from ..agents.snapshot_output import default_options, write_snapshot
from ..api import Document, LimitError, ParseError, SnapshotOptionError
from .sources import Page

OUT_OF_MEMORY = "out of memory"
#: The pseudo-format of `axsynth batch --audit`: each page's audit, counted (audit_line).
AUDIT = "audit"


def snapshot_page(page: Page, formats: tuple[str, ...], with_stats: bool) -> dict:
    """The output line of one page (a dict in the order it is written)."""
    wall, cpu = time.perf_counter(), time.process_time()
    line = page.identity()
    line["url"] = page.document_url
    outputs: dict = {}
    error = page.error
    if error is None:
        try:
            doc = load_page(page)
            line["url"] = doc.url
            outputs = {format: audit_line(doc) if format == AUDIT else render(doc, format) for format in formats}
            if with_stats:
                from .stats import page_stats

                outputs["stats"] = page_stats(doc)
            if page.crawl:  # the crawl takes them off the line: a crawl writes batch's lines
                from ..sources.crawl import page_links

                outputs["links"] = page_links(doc.dom, doc.page.base_url)
        except MemoryError:
            error = OUT_OF_MEMORY + " (over --max-memory)"
        except (ParseError, LimitError, SnapshotOptionError, OSError, ValueError) as exc:
            error = describe(exc, page.source)
        except Exception as exc:  # an engine bug: the page's line says what to report, the batch goes on
            error = (
                OUT_OF_MEMORY + " (over --max-memory)"
                if _near_memory_limit()
                else f"internal error ({type(exc).__name__}: {exc}); please report it with the input"
            )
    line["ok"] = error is None
    if error is not None:
        line["error"] = " ".join(error.split())
    line["wall_s"] = round(time.perf_counter() - wall, 4)
    line["cpu_s"] = round(time.process_time() - cpu, 4)
    line.update(outputs)
    return line


def _near_memory_limit() -> bool:
    """Whether this process has come within 10% of its address-space limit: a C extension
    can report a failed allocation as another error (SystemError)."""
    try:
        import resource

        limit = resource.getrlimit(resource.RLIMIT_AS)[0]
        status = Path("/proc/self/status").read_text()
    except (ImportError, OSError):
        return False
    if limit == resource.RLIM_INFINITY or "VmPeak:" not in status:
        return False
    return int(status.split("VmPeak:")[1].split()[0]) * 1024 > 0.9 * limit


def error_line(page: Page, message: str, wall_s: float | None = None) -> dict:
    """The line of a page whose worker died or ran out of time."""
    return {**page.identity(), "url": page.document_url, "ok": False, "error": message, "wall_s": wall_s, "cpu_s": None}


def audit_line(doc: Document) -> dict:
    """A page's audit for a batch line: the violation and incomplete nodes per rule, and the
    rules that passed (``axsynth summarize`` aggregates them)."""
    from ..audit.catalog import axe_version

    result = doc.audit()
    return {
        "axe": axe_version(),
        "violations": {rule["id"]: len(rule["nodes"]) for rule in result["violations"]},
        "incomplete": {rule["id"]: len(rule["nodes"]) for rule in result["incomplete"]},
        "passes": [rule["id"] for rule in result["passes"]],
    }


def render(doc: Document, format: str) -> str:
    """Exactly what ``axsynth snapshot FILE --format FORMAT`` prints, without the final newline."""
    out = io.StringIO()
    write_snapshot(doc, _default_options(format), out)
    return out.getvalue()


_default_options = functools.cache(default_options)


def load_page(page: Page) -> Document:
    """The document of a page: its file, or its archive record decoded as a browser decodes
    it, its stylesheets and frames read from the same archive."""
    from ..sources.archive import load_archive, record_page

    if page.remote:
        return Document.from_url(page.url or page.source)
    if page.archived:
        return Document.from_source(load_archive(Path(page.source), page.url, date=page.captured))
    if page.payload is None:
        return Document.from_file(page.source, root=page.root)
    content_type = f"text/html; charset={page.charset}" if page.charset else "text/html"
    return Document.from_source(
        record_page(Path(page.source), page.url or "about:blank", page.captured, page.payload, content_type)
    )


def describe(exc: BaseException, source: str) -> str:
    if isinstance(exc, FileNotFoundError):
        return f"{source}: no such file"
    if isinstance(exc, IsADirectoryError):
        return f"{source}: is a directory"
    if isinstance(exc, PermissionError):
        return f"{source}: permission denied"
    if isinstance(exc, OSError) and exc.strerror:
        return f"{source}: {exc.strerror}"
    return str(exc)  # a message of its own (an OSError raised with one says what and where)
